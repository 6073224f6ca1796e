"""Slavic cognates (``concordance_cognates``): transliteration, keys, and the glosses ru and sr lend."""

from __future__ import annotations

import pytest

from ruling.analyzers import RUSSIAN, SERBIAN
from ruling.corpus.concordance import Aligner, rule_links
from ruling.corpus.concordance_cognates import (
    CognateGlosses,
    cognates,
    fold,
    russian_keys,
    serbian_key,
    transliterate,
)
from ruling.corpus.concordance_evidence import Lexicon, english_key
from ruling.corpus.load import Corpus
from ruling.corpus.model import Document, DocumentInfo, Rule, Span
from ruling.ids import RuleId


@pytest.mark.parametrize(
    ("russian", "latin"),
    [
        ("жёлтый щит", "želtij šćit"),
        ("объявление", "objavlenie"),
        ("Время ЧЕРНОЕ", "vremja černoe"),
        ("эффект", "effekt"),
        ("ход 5/5", "hod 5/5"),
    ],
)
def test_russian_is_written_in_serbian_latin_letters(russian: str, latin: str) -> None:
    assert transliterate(russian) == latin


@pytest.mark.parametrize(
    ("word", "folded"), [("zemlja", "zemla"), ("effekt", "efekt"), ("uništiti", "unistiti"), ("đak", "dak")]
)
def test_folding_drops_diacritics_soft_consonants_and_doubled_letters(word: str, folded: str) -> None:
    assert fold(word) == folded


@pytest.mark.parametrize(
    ("russian", "serbian"),
    [
        ("карта", "karta"),
        ("карты", "karte"),
        ("библиотеки", "biblioteka"),
        ("земля", "zemlja"),
        ("жетоны", "žeton"),
        ("контролирует", "kontroliše"),
        ("противник", "protivnika"),
        ("артефакт", "artefakti"),
        ("регенерация", "regeneracija"),
        ("эффекты", "efekat"),
        ("уничтожить", "uništiti"),  # чт is št
        ("смерть", "smrt"),  # syllabic r
        ("смертельные", "smrtonosna"),
        ("сторона", "strana"),  # full vowel -оро-
        ("короля", "kralja"),
        ("четверть", "četvrt"),
        ("десятый", "deseti"),  # the nasal ę
        ("защита", "zaštita"),  # щ is št
        ("библиотека", "библиотека"),  # Serbian in Cyrillic script
        ("бесконечно", "beskonačno"),
    ],
)
def test_cognates_share_a_key(russian: str, serbian: str) -> None:
    assert cognates(russian, serbian)


@pytest.mark.parametrize(
    ("russian", "serbian"),
    [
        ("особый", "osobina"),  # special / ability
        ("заклинание", "zaključava"),  # spell / locks
        ("наконец", "nakon"),  # at last / after
        ("стек", "stekao"),  # the stack / gained
        ("другой", "drugi"),  # other / second (a stop word and a false friend)
        ("бой", "boja"),  # combat / colour: too short to compare
        ("него", "nego"),  # him / than
        ("предотвратить", "preduzeti"),  # prevent / undertake: a shared prefix is not a shared root
        ("время", "vreme"),  # the prose of rules ("at any time")
        ("карта", "kretanje"),
    ],
)
def test_false_friends_short_words_and_prose_do_not_match(russian: str, serbian: str) -> None:
    assert not cognates(russian, serbian)


def test_a_russian_word_tries_the_regular_correspondences_after_its_plain_key() -> None:
    assert russian_keys("смерть")[0] == "smert"
    assert "smrt" in russian_keys("смерть")
    assert russian_keys("перманент")[0] == serbian_key("permanent")
    assert russian_keys("если") == () and serbian_key("vidi") is None


def _document(code: str, texts: list[str]) -> Document:
    info = DocumentInfo(code, f"{code}.txt", code, code, "1999", "rules", "0" * 64, "")
    rules = tuple(
        Rule(
            RuleId.parse(f"{code}:10{n}.1" if code == "ru" else f"{code}:A1.{n + 1}0"),
            None,
            None,
            text,
            Span(f"{code}.txt", n, n),
        )
        for n, text in enumerate(texts)
    )
    return Document(info, rules)


def _lexicon(code: str, terms: dict[str, str]) -> Lexicon:
    chain = SERBIAN if code == "sr" else RUSSIAN
    words = {
        tuple(chain.terms(native)): frozenset({english_key(english)}) for native, english in terms.items()
    }
    return Lexicon(code, words, {}, {})


def _glosses(
    ru: list[str], sr: list[str], ru_terms: dict[str, str], sr_terms: dict[str, str]
) -> CognateGlosses:
    documents = {"ru": _document("ru", ru), "sr": _document("sr", sr)}
    lexicons = {"ru": _lexicon("ru", ru_terms), "sr": _lexicon("sr", sr_terms)}
    return CognateGlosses(documents, lexicons.__getitem__)


def test_a_word_one_lexicon_leaves_unglossed_borrows_the_gloss_of_its_cognate() -> None:
    glosses = _glosses(
        ["Библиотека игрока пуста.", "Игрок берет карту."],
        ["Biblioteka igrača je prazna.", "Igrač vuče kartu."],
        {"карта": "card"},
        {"biblioteka": "library", "karta": "card"},
    )
    ru_rules = glosses.documents["ru"].rules
    assert glosses.concepts(ru_rules[0], "sr") == {english_key("library")}
    assert glosses.concepts(ru_rules[1], "sr") == set()  # карта is glossed by its own lexicon
    assert glosses.concepts(ru_rules[0], "ja") == set()  # only between ru and sr
    assert glosses.concepts(glosses.documents["sr"].rules[0], "ru") == set()


def test_a_key_far_more_frequent_in_one_document_lends_nothing() -> None:
    """ru начинать (begin) and sr način (manner) share a key, but sr names it in every rule."""
    ru = ["Фаза начинается.", "Игрок берет карту.", "Игрок сбрасывает карту.", "Игрок платит."]
    sr = ["Na ovaj način.", "Na drugi način.", "Na isti način.", "Način igre."]
    glosses = _glosses(ru, sr, {"начинается": "begin"}, {})
    assert all(glosses.concepts(rule, "ru") == set() for rule in glosses.documents["sr"].rules)
    sr_balanced = ["Faza počinje na ovaj način.", sr[1], "Igrač plaća.", "Igrač vuče."]
    balanced = _glosses(ru, sr_balanced, {"начинается": "begin"}, {})
    assert balanced.concepts(balanced.documents["sr"].rules[0], "ru") == {english_key("begin")}


def test_a_key_its_lexicon_seldom_glosses_lends_nothing() -> None:
    """Most ru words with the key are unglossed: the gloss of the one that is may belong to it alone."""
    glosses = _glosses(
        ["Активный игрок.", "Активный игрок ходит.", "Активизируйте способность."],
        ["Aktivni igrač.", "Aktivni igrač igra.", "Aktivira biće."],
        {"активизируйте": "activate"},
        {},
    )
    assert all(glosses.concepts(rule, "ru") == set() for rule in glosses.documents["sr"].rules)


def _without_cognates(corpus: Corpus) -> Aligner:
    aligner = Aligner(corpus)
    aligner.__dict__["cognates"] = CognateGlosses({}, aligner.lexicon)
    return aligner


def test_a_moved_rule_links_through_a_cognate_the_sr_lexicon_lacks(corpus: Corpus) -> None:
    """ru 421.1 and sr D22.10 both open the loop rules (a game may repeat actions endlessly); the ru lexicon
    glosses бесконечности (infinity), the sr term table has no beskonačno: only the cognate links them."""
    with_cognates = {k.right: k for k in rule_links(corpus, "ru:421.1") if k.right.startswith("sr:")}
    assert "sr:D22.10" in with_cognates
    assert "terms: infinity" in with_cognates["sr:D22.10"].reason
    without = {k.right for k in rule_links(corpus, "ru:421.1", _without_cognates(corpus))}
    assert "sr:D22.10" not in without


def test_cognates_leave_the_alignments_with_ja_as_they_are(corpus: Corpus) -> None:
    """The parts of playing spells (ru 4, ja 4, sr D): ru-ja and ja-sr links alike with or without."""
    aligner, plain = Aligner(corpus), _without_cognates(corpus)
    for region in aligner.regions:
        if "ja" in (region.left.doc, region.right.doc) and region.left.local == "4":
            assert aligner.align_region(region) == plain.align_region(region)
