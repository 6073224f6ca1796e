"""What the concordance compares across languages: the English glosses of a rule's words."""

from __future__ import annotations

import pytest

from ruling.analyzers import SERBIAN
from ruling.corpus.concordance import Aligner
from ruling.corpus.concordance_evidence import Lexicon, _paired, _serbian_verbal_nouns, build_lexicon
from ruling.corpus.load import Corpus
from ruling.ids import RuleId


@pytest.mark.parametrize(
    ("doc", "text"),
    [
        ("ru", "Смотрите www.wizards.com/DCI/UTR_M:TG.asp. Trample"),
        ("ja", "（http://www.wizards.com/default.asp?x=DCI/oracle）参照。Trample"),
        ("ru", "Wizards of the Coast® - WWW.Wizards.com. Trample"),
    ],
)
def test_web_addresses_give_no_english_terms(doc: str, text: str) -> None:
    found = Lexicon(doc, {}, {}, {}).concepts(text)
    assert "trampl" in found
    assert not found & {"www", "com", "asp", "dci", "utr", "oracl", "default"}


def test_a_rule_citing_a_web_page_is_not_made_alike_by_the_address(corpus: Corpus) -> None:
    rule = corpus.rule(RuleId.parse("ru:100.3"))
    assert rule is not None and "www.wizards.com" in rule.text
    concepts = Aligner(corpus).concepts(rule)
    assert {"deck", "card"} <= concepts
    assert not concepts & {"www", "com", "asp", "dci", "utr"}


@pytest.mark.parametrize(
    ("keys", "concept"),
    [
        (("ru:102.7", "ja:102.7", "sr:A3.31"), "conced"),
        (("ru:102.3", "ja:102.3", "sr:A3.10"), "win the game"),
        (("ru:102.5", "ja:102.5", "sr:A3.34"), "win the game"),
    ],
)
def test_game_words_the_ru_glossary_lacks_are_glossed_in_all_three(
    corpus: Corpus, keys: tuple[str, ...], concept: str
) -> None:
    aligner = Aligner(corpus)
    rules = [corpus.rule(RuleId.parse(key)) for key in keys]
    assert all(rule is not None and concept in aligner.concepts(rule) for rule in rules)


@pytest.mark.parametrize(
    ("term", "form", "concept"),
    [
        ("podtip", "podtipovi", "subtyp"),  # the plural short nouns take
        ("tip bića", "tipove bića", "creatur type"),
        ("tip", "tipovi", "type"),
        ("igrati", "igranje", "play"),  # a verb's verbal noun
        ("aktivirati", "aktiviranja", "tap"),
        ("uništiti", "uništenja", "destroy"),
    ],
)
def test_serbian_terms_are_found_in_forms_the_stemmer_keeps_apart(
    corpus: Corpus, term: str, form: str, concept: str
) -> None:
    lexicon = build_lexicon(corpus.documents["sr"], corpus.folder)
    assert concept in lexicon.concepts(f"Ovo je {term}.")
    assert concept in lexicon.concepts(f"Posle: {form}.")


@pytest.mark.parametrize(
    ("verb", "noun"),
    [
        ("kopirati", "kopiranje"),
        ("razrešavati", "razrešavanje"),
        ("žrtvovati", "žrtvovanje"),
        ("razrešiti", "razrešenje"),
    ],
)
def test_the_verbal_nouns_the_term_table_lists_come_from_their_verbs(verb: str, noun: str) -> None:
    (verb_stem,) = SERBIAN.terms(verb)
    assert list(_serbian_verbal_nouns((verb_stem,), {verb_stem})) == [tuple(SERBIAN.terms(noun))]


@pytest.mark.parametrize(
    ("key", "form", "concepts"),
    [
        ("sr:B6.34", "podtipove", {"subtyp", "creatur type", "print"}),
        ("sr:D4.40", "simbolom aktiviranja", {"tap"}),  # the tap symbol, named by a verbal noun
    ],
)
def test_a_serbian_rule_naming_its_terms_in_such_forms_is_glossed(
    corpus: Corpus, key: str, form: str, concepts: set[str]
) -> None:
    rule = corpus.rule(RuleId.parse(key))
    assert rule is not None and form in rule.text
    assert concepts <= Aligner(corpus).concepts(rule)


_JA_TERMS = {
    "選択": frozenset({"choos"}),
    "選択ルール": frozenset({"option rule"}),
    "能力": frozenset({"abil"}),
    "起動型能力": frozenset({"activ abil"}),
    "タイプ": frozenset({"type"}),
    "サブタイプ": frozenset({"subtyp"}),
}


@pytest.mark.parametrize(
    ("text", "named", "hidden"),
    [
        ("選択ルールもある。", {"option rule"}, {"choos"}),
        ("選択ルールでモードを選択する。", {"option rule", "choos"}, set()),
        ("起動型能力をプレイする。", {"activ abil", "abil"}, set()),
        ("サブタイプは存在しない。", {"subtyp", "type"}, set()),
    ],
)
def test_a_ja_term_inside_a_compound_of_other_meaning_does_not_count(
    text: str, named: set[str], hidden: set[str]
) -> None:
    found = Lexicon("ja", {}, _JA_TERMS, {}).concepts(text)
    assert named <= found
    assert not found & hidden


@pytest.mark.parametrize(
    ("key", "named", "hidden"),
    [("ja:306.2b", "declar", "specifi"), ("ja:404.4d", "specifi", "declar")],
)
def test_ja_declared_as_a_combatant_is_not_read_as_specified(
    corpus: Corpus, key: str, named: str, hidden: str
) -> None:
    rule = corpus.rule(RuleId.parse(key))
    assert rule is not None and "指定された" in rule.text
    concepts = Aligner(corpus).concepts(rule)
    assert named in concepts
    assert hidden not in concepts


@pytest.mark.parametrize(
    ("alternatives", "english", "expected"),
    [
        (["Игра", "Взятие карты"], "Play/Draw", [{"play"}, {"draw"}]),
        (["Сила", "Здоровье"], "Power/Toughness", [{"power"}, {"tough"}]),
        (["Количество жизни", "Жизнь"], "Life/Life Total", [{"life", "life total"}] * 2),
        (["Ты", "Твой"], "You/Your", [{"you", "your"}] * 2),
        (["Удар"], "Strike/Hit", [{"strike", "hit"}]),
    ],
)
def test_term_alternatives_of_different_things_pair_in_order(
    alternatives: list[str], english: str, expected: list[set[str]]
) -> None:
    assert [keys for _, keys in _paired(alternatives, english)] == expected


def test_a_ru_game_is_no_draw(corpus: Corpus) -> None:
    rule = corpus.rule(RuleId.parse("ru:102.3"))
    assert rule is not None and "Игра" in rule.text
    concepts = Aligner(corpus).concepts(rule)
    assert "draw" not in concepts
