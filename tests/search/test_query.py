"""Queries against the index of the real corpus: ids, synonyms, typos, filters, snippets."""

from __future__ import annotations

import time
import unicodedata
from typing import Any

import pytest

import ruling.search.query as query_module
from ruling.errors import SearchError
from ruling.search.query import home_languages, id_matches, search


def keys(
    index: Any, text: str, docs: tuple[str, ...] = ("ru", "ja", "sr", "guide", "wiki"), **kw: Any
) -> list[str]:
    return [hit.key for hit in search(index, text, docs, **kw).hits]


@pytest.mark.parametrize(
    ("query", "docs", "first"),
    [
        ("502.9b", ("ru",), "ru:502.9b"),
        ("ru:502.9b", ("ru", "ja", "sr"), "ru:502.9b"),
        ("ja:５０２．９ｂ", ("ru", "ja", "sr"), "ja:502.9b"),
        ("sr:d21.30", ("ru", "ja", "sr"), "sr:D21.30"),
        ("D21.30", ("ru", "ja", "sr"), "sr:D21.30"),
        ("310.1с", ("ru",), "ru:310.1c"),  # Cyrillic с
    ],
)
def test_rule_ids_come_first(search_index: Any, query: str, docs: tuple[str, ...], first: str) -> None:
    assert keys(search_index, query, docs)[0] == first


def test_bare_id_finds_it_in_every_document(search_index: Any) -> None:
    assert keys(search_index, "502.9b", ("ru", "ja"))[:2] == ["ru:502.9b", "ja:502.9b"]


def test_id_matches_reads_every_form() -> None:
    assert id_matches("ja:５０２．９ｂ", ["ru", "ja"]) == ["ja:502.9b"]
    assert id_matches("d21.30", ["ru", "sr"]) == ["sr:d21.30"]
    assert id_matches("пробивающий", ["ru", "sr"]) == []


@pytest.mark.parametrize(
    ("query", "doc", "relevant"),
    [
        ("trample", "ru", {"ru:502.9", "ru:glossary/Пробивающий удар"}),
        ("trample", "ja", {"ja:502.9", "ja:glossary/トランプル"}),
        ("mana burn", "ru", {"ru:300.4", "ru:glossary/Мановый ожог"}),
        ("mana burn", "ja", {"ja:300.3", "ja:glossary/マナ・バーン"}),
        ("first strike", "ru", {"ru:502.2", "ru:glossary/Первый удар"}),
        ("first strike", "ja", {"ja:502.2", "ja:502.2a", "ja:glossary/先制攻撃"}),
    ],
)
def test_english_terms_are_synonyms(search_index: Any, query: str, doc: str, relevant: set[str]) -> None:
    assert relevant & set(keys(search_index, query, (doc,), limit=3))


def test_english_term_reaches_the_rule_through_the_glossary(search_index: Any) -> None:
    assert "ru:502.9" in keys(search_index, "trample", ("ru",), limit=3)


@pytest.mark.parametrize(
    ("query", "doc", "expected", "suggestion"),
    [
        ("регенирация", "ru", "ru:glossary/Регенерация", "регенерация"),
        ("опонент", "ru", "ru:glossary/Оппонент", "оппонент"),
        ("regeneracjia", "sr", "sr:glossary/Regeneracija", "regeneracija"),
    ],
)
def test_typos_are_corrected(search_index: Any, query: str, doc: str, expected: str, suggestion: str) -> None:
    found = search(search_index, query, (doc,), limit=3)
    assert expected in [hit.key for hit in found.hits]
    assert found.suggestion == suggestion


def test_known_words_get_no_suggestion(search_index: Any) -> None:
    assert search(search_index, "регенерация", ("ru",)).suggestion is None


def test_doc_filter(search_index: Any) -> None:
    found = search(search_index, "мана", ("guide",), limit=20).hits
    assert found
    assert {hit.doc for hit in found} == {"guide"}


def test_glossary_only(search_index: Any) -> None:
    found = search(search_index, "trample", ("ru", "ja"), glossary_only=True).hits
    assert {hit.kind for hit in found} == {"glossary"}
    assert found[0].key in {"ru:glossary/Пробивающий удар", "ja:glossary/トランプル"}


def test_hits_carry_marked_snippets(search_index: Any) -> None:
    hit = search(search_index, "пробивающий удар", ("ru",), limit=1).hits[0]
    marked = [f.text.lower() for f in hit.snippet if f.match]
    assert any(text.startswith("пробива") for text in marked)
    assert "**" in hit.snippet_text()


def test_empty_and_unknown_input_are_errors(search_index: Any) -> None:
    with pytest.raises(SearchError, match="empty"):
        search(search_index, "  ")
    with pytest.raises(SearchError, match="unknown document"):
        search(search_index, "мана", ("xx",))


@pytest.mark.parametrize(
    ("query", "doc", "first"),
    [
        ("правило 502.3а", "ru", "ru:502.3a"),
        ("ルール５０２．９ｂ", "ja", "ja:502.9b"),
        ("pravilo Е3.102", "sr", "sr:E3.102"),  # Serbian Cyrillic Е
        ("420,5e", "ru", "ru:420.5e"),
    ],
)
def test_a_rule_number_anywhere_comes_first(search_index: Any, query: str, doc: str, first: str) -> None:
    assert keys(search_index, query, (doc,))[0] == first


def test_words_after_a_number_are_searched_behind_it(search_index: Any) -> None:
    found = keys(search_index, "502.9 пробивающий удар", ("ru",), limit=5)
    assert found[0] == "ru:502.9"
    assert len(found) > 1 and any(key.startswith("ru:502.9") for key in found[1:])


@pytest.mark.parametrize(
    ("query", "docs", "asked", "shown"),
    [
        ("502.9z", ("ru", "ja"), ["ru:502.9z", "ja:502.9z"], ["ru:502.9", "ja:502.9"]),  # ru 502.9 ends at g
        ("правило 502.9z", ("ru",), ["ru:502.9z"], ["ru:502.9"]),
        ("420.99", ("ja",), ["ja:420.99"], ["ja:420"]),
        ("sr:E3.107", ("ru", "ja", "sr"), ["sr:E3.107"], ["sr:E3.100"]),
        ("999.9", ("ru",), ["ru:999.9"], [None]),
    ],
)
def test_a_number_that_names_no_rule_shows_its_nearest_ancestor(
    search_index: Any, query: str, docs: tuple[str, ...], asked: list[str], shown: list[str | None]
) -> None:
    found = search(search_index, query, docs)
    assert [rule.asked for rule in found.unknown] == asked
    assert [rule.shown for rule in found.unknown] == shown
    assert [hit.key for hit in found.hits] == [key for key in shown if key]


def test_a_number_that_names_no_rule_keeps_the_words_after_it(search_index: Any) -> None:
    found = search(search_index, "502.9z повреждения", ("ru",))
    assert found.hits[0].key == "ru:502.9" and len(found.hits) > 1
    assert "502.9z" not in " ".join(hit.snippet_text() for hit in found.hits)


def test_a_number_one_document_has_names_no_nearest_in_another(search_index: Any) -> None:
    """ja 212.6f exists and ru 212.6f does not: the judge means ja's, so ru's 212.6 is not brought in."""
    found = search(search_index, "212.6f", ("ru", "ja"))
    assert found.hits[0].key == "ja:212.6f" and found.unknown == ()
    assert "ru:212.6" not in [hit.key for hit in found.hits]


@pytest.mark.parametrize(
    ("query", "doc", "relevant", "era"),
    [
        ("exile", "ru", "ru:217.7", "удалить из игры"),
        ("поле битвы", "ru", "ru:217.5", "игровая зона"),
        ("エグザイル", "ja", "ja:217.7", "ゲーム外"),
        ("mana value", "sr", "sr:B4.3", "ukupna mana cena"),
    ],
)
def test_modern_words_find_era_rules_and_say_so(
    search_index: Any, query: str, doc: str, relevant: str, era: str
) -> None:
    found = search(search_index, query, (doc,), limit=3)
    assert any(hit.key.startswith(relevant) for hit in found.hits)
    assert any(era in hit.era_terms for hit in found.hits)
    assert found.bridged and era in found.bridged[0].era[doc]


def test_a_glossary_entry_brings_its_rule_behind_it(search_index: Any) -> None:
    found = keys(search_index, "регенерация", ("ru",), limit=3)
    position = found.index("ru:glossary/Регенерация")
    assert found[position + 1] == "ru:419.6b"


def test_a_long_question_is_answered_by_a_rule_first(search_index: Any) -> None:
    found = search(search_index, "что происходит с неиспользованной маной в конце фазы", ("ru",), limit=3)
    assert found.hits[0].kind == "rule" and "ru:300.4" in [hit.key for hit in found.hits]


def test_misspelt_question_words_do_not_count(search_index: Any) -> None:
    assert keys(search_index, "сколко карт в руке", ("ru",), limit=3) == keys(
        search_index, "сколько карт в руке", ("ru",), limit=3
    )


def test_decomposed_serbian_ranks_as_composed(search_index: Any) -> None:
    composed = "Razbijač štete"
    decomposed = unicodedata.normalize("NFD", composed)
    assert decomposed != composed
    assert keys(search_index, decomposed, ("sr",)) == keys(search_index, composed, ("sr",))


@pytest.mark.parametrize("query", ["Razbijİž", "İ", "x y z", "ǅ"])
def test_odd_words_are_searched_without_crashing(search_index: Any, query: str) -> None:
    search(search_index, query, ("ru", "ja", "sr"))


def test_an_overlong_query_is_refused_at_once(search_index: Any) -> None:
    started = time.perf_counter()
    with pytest.raises(SearchError, match="too long"):
        search(search_index, "удар " * 5000, ("ru",))
    assert time.perf_counter() - started < 1.0


def test_a_japanese_verb_finds_its_other_inflections(search_index: Any) -> None:
    """引ける (can draw) meets the text's 引く, 引き… through the kanji's other inflection bigrams."""
    from ruling.search.query import build_query

    store = search_index.store
    _, plan, _ = build_query(store, "カードを引ける", ("ja",), search_index.bridge(), search_index.lexicon())
    forms = {term for term, stands in plan.groups["ja"].items() if stands == {"引ケ"}} - {"引ケ"}
    assert {"引ク", "引キ"} <= forms and all(term[0] == "引" for term in forms)
    assert {"シテ", "ケル"}.isdisjoint(plan.groups["ja"])  # auxiliaries after the stem are not searched


def test_an_era_phrase_covers_a_modern_word_by_the_share_it_holds(search_index: Any) -> None:
    """«damage removed» is the Serbian era phrase «šteta se uklanja»: an entry holding only «se» (a
    particle of every other sentence) does not cover it whole."""
    from ruling.search.query import build_query

    store = search_index.store
    _, plan, bridged = build_query(
        store, "damage removed", ("sr",), search_index.bridge(), search_index.lexicon()
    )
    assert any("šteta se uklanja" in match.era.get("sr", ()) for match in bridged)
    whole = plan.coordination("sr", {"stet", "se", "uklanj"})
    particle = plan.coordination("sr", {"se"})
    assert whole == pytest.approx(1.0) and particle < 0.5


def test_a_situation_finds_the_rule_it_is_about(search_index: Any) -> None:
    hits = keys(search_index, "противник должен взять карту, но в его библиотеке не осталось карт", ("ru",))
    assert {"ru:102.2", "ru:420.5a"} & set(hits[:3])


@pytest.mark.parametrize(
    ("query", "doc", "relevant"),
    [
        ("я пожертвовал существо, чтобы оплатить его же способность, выполнится ли она", "ru", "ru:402.6"),
        (
            "I sacrificed the creature to pay for its own ability, does the ability still resolve",
            "ru",
            "ru:402.6",
        ),
        ("у противника ноль жизней, а его способность ещё в стеке", "ru", "ru:420.5a"),
        ("攻撃クリーチャーをタップしたら戦闘から取り除かれるか", "ja", "ja:306.2b"),
        ("my token was exiled, can it come back", "ja", "ja:420.5f"),
        ("moj protivnik ima nula života", "sr", "sr:D21.51"),
    ],
)
def test_a_situation_brings_the_words_of_its_rule(
    search_index: Any, query: str, doc: str, relevant: str
) -> None:
    """Concepts the bridge pairs (sacrifice + ability, life + zero, tap + attack, token + exile) bring the
    words of the rule the situation is about, which the query need not use."""
    found = search(search_index, query, (doc,))
    assert "situation" in {match.form for match in found.bridged}
    assert relevant in [hit.key for hit in found.hits[:3]]


def test_an_english_query_is_not_read_as_serbian_words(search_index: Any) -> None:
    """«same time» is not Serbian «sam» (alone) and «tim» (team): an English query reaches the Serbian
    text through its English terms and the bridge (istovremeno, u isto vreme)."""
    from ruling.search.query import build_query

    store = search_index.store
    query = "who orders cards put into a graveyard at the same time"
    clauses, plan, _ = build_query(store, query, ("sr",), search_index.bridge(), search_index.lexicon())
    assert plan.kinds("sr") == ("alias",)
    assert not [c for c in clauses if c.term in {"sam", "tim"} and not c.field.startswith("alias")]
    assert {"istovremen", "vrem"} & {c.term for c in clauses if c.field == "text_sr"}
    assert plan.kinds("ru") == ("title", "alias", "text")  # Russian text is another script
    hits = keys(search_index, "when is damage removed from permanents", ("sr",))
    assert "sr:C15.20" in hits[:3]


def test_a_serbian_case_form_meets_the_other_consonant_of_its_stem(search_index: Any) -> None:
    """u biblioteci (in the library) is biblioteka: the stemmer keeps bibliotec, the text has bibliotek."""
    from ruling.search.query import build_query

    store = search_index.store
    bridge, lexicon = search_index.bridge(), search_index.lexicon()
    _, plan, _ = build_query(store, "karta u biblioteci", ("sr",), bridge, lexicon)
    assert plan.groups["sr"]["bibliotek"] == {"bibliotec"}
    assert "kart" in plan.groups["sr"] and "karc" not in plan.groups["sr"]  # only forms the text holds


@pytest.mark.parametrize(
    ("query", "doc", "relevant"),
    [
        ("da li mogu da regenerišem biće", "sr", {"sr:glossary/Regeneracija", "sr:E3.110", "sr:E3.111"}),
        ("можно ли регенерировать существо", "ru", {"ru:419.6b", "ru:glossary/Регенерация"}),
    ],
)
def test_a_verb_meets_its_noun(search_index: Any, query: str, doc: str, relevant: set[str]) -> None:
    """regenerišem (I regenerate) meets regeneracija through the root the verb shares with its noun."""
    assert relevant & set(keys(search_index, query, (doc,))[:3])


@pytest.mark.parametrize(
    ("query", "doc"),
    [
        ("ожог маной", "ru"),
        ("что будет, если игрок должен взять карту, а библиотека пуста", "ru"),
        ("アップキープにカードを引ける？", "ja"),
        ("мешање шпила", "sr"),
        ("permanent za koji je moj oreol bio vezan je napustio igru", "sr"),
    ],
)
def test_a_search_of_every_document_ranks_the_query_language_first(
    search_index: Any, query: str, doc: str
) -> None:
    found = search(search_index, query)
    assert found.hits[0].doc == doc
    assert home_languages(search_index, query) == {doc}


def test_the_query_language_counts_only_across_languages(search_index: Any) -> None:
    assert home_languages(search_index, "ожог маной", ("ru", "guide")) == set()
    assert home_languages(search_index, "ожог маной", ("ru", "ja")) == {"ru"}


def test_an_english_query_ranks_as_without_a_language(
    search_index: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    english = ["trample", "mana burn", "what happens when a creature with protection is blocked"]
    ranked = {q: keys(search_index, q) for q in english}
    monkeypatch.setattr(query_module, "HOME_BOOST", 1000.0)
    assert {q: keys(search_index, q) for q in english} == ranked
    assert all(home_languages(search_index, q) == set() for q in english)


def test_a_word_of_another_alphabet_makes_no_suggestion(search_index: Any) -> None:
    """Serbian reads ожог маной as Latin ožog manoj and corrects manoj, which the query does not hold."""
    assert search(search_index, "ожог маной").suggestion is None


@pytest.mark.parametrize(
    ("query", "suggestion"),
    [
        # Serbian Cyrillic: играч, карата, библиотеци are no misspelt Russian игра, карта, библиотеки
        ("шта се дешава када играч нема карата у библиотеци", None),
        ("када противник игра магију", None),
        # a Russian question still has its Russian typo corrected, though опонент is a Serbian form
        ("что будет если опонент сбросит карту", "что будет если оппонент сбросит карту"),
        ("сушество с полетом", "существо с полетом"),
    ],
)
def test_a_word_of_the_query_s_language_is_no_typo_of_another(
    search_index: Any, query: str, suggestion: str | None
) -> None:
    assert search(search_index, query).suggestion == suggestion


def test_a_game_word_of_today_is_not_corrected_to_a_word_of_the_text(search_index: Any) -> None:
    # ward is no typo of war (a creature type of ja), nor red in "protection from red" one of re
    assert search(search_index, "ward", ("ja",)).suggestion is None
    assert search(search_index, "protection from red", ("ja",)).suggestion is None
    assert search(search_index, "infect", ("ja",)).suggestion is None


def test_a_keyword_term_a_document_lacks_is_not_corrected(search_index: Any) -> None:
    # "bands with other" is ja 502.11 only: Serbian has no such term, and "bands" is no typo of "banda"
    found = search(search_index, "bands with other", ("ru", "ja", "sr"))
    assert [(a.modern, a.missing) for a in found.absent] == [("bands with other", ("ru", "sr"))]
    assert found.suggestion is None


@pytest.mark.parametrize(
    ("query", "doc"),
    [
        ("в конце хода у меня девять карт в руке", "ru"),  # nine, not ten (десять)
        ("how does flying work", "ja"),  # not worm
        ("igrač ima devet karata u ruci", "sr"),  # nine, not ten (deset)
    ],
)
def test_an_everyday_word_of_the_language_is_no_typo(search_index: Any, query: str, doc: str) -> None:
    assert search(search_index, query, (doc,)).suggestion is None


def test_a_typo_is_still_corrected_beside_everyday_words(search_index: Any) -> None:
    found = search(search_index, "девять карт на кладбише", ("ru",))
    assert found.suggestion == "девять карт на кладбище"
