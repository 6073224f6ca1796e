"""The terminology bridge: the reviewed table, matching modern forms in queries, and the era terms."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from ruling.corpus.load import read_manifest
from ruling.search.bridge import Bridge, Row, read_table

from .conftest import CORPUS

ROWS = read_table(CORPUS)


def test_every_row_has_a_concept_a_form_a_term_and_a_source() -> None:
    assert len(ROWS) > 500
    for row in ROWS:
        assert row.concept and row.term and row.source, row
        assert row.form in {
            *("en", "ru", "ja", "sr", "situation", "absent"),
            *(f"{kind}:{doc}" for kind in ("era", "near") for doc in ("ru", "ja", "sr")),
        }, row


def test_every_situation_pairs_concepts_the_table_names() -> None:
    named = {r.concept for r in ROWS if r.form != "situation"}
    situations = [r for r in ROWS if r.form == "situation"]
    assert len(situations) >= 20
    for row in situations:
        concepts = [c.strip() for c in row.term.split("+")]
        assert len(concepts) >= 2 and set(concepts) <= named, row


def _folded(text: str) -> str:
    return unicodedata.normalize("NFKC", text).lower().replace("ё", "е")


def test_every_era_term_is_written_in_its_document() -> None:
    texts = {
        info.code: _folded((CORPUS / info.file).read_text(encoding="utf-8")) for info in read_manifest(CORPUS)
    }
    written = [(r, r.form.partition(":")[2]) for r in ROWS if r.form.startswith(("era:", "near:"))]
    missing = [r for r, doc in written if _folded(r.term) not in texts[doc]]
    assert len(written) > 600 and not missing


def test_every_concept_reaches_some_document_or_is_marked_absent_from_all() -> None:
    concepts = {r.concept for r in ROWS}
    with_era = {r.concept for r in ROWS if r.form.startswith("era:")}
    absent = {r.concept for r in ROWS if r.form == "absent"}
    assert len(absent) >= 10
    assert concepts == with_era | absent and not with_era & absent


def test_a_near_row_is_for_a_document_that_lacks_the_concept() -> None:
    era = {(r.concept, r.form[4:]) for r in ROWS if r.form.startswith("era:")}
    near = [(r.concept, r.form[5:]) for r in ROWS if r.form.startswith("near:")]
    assert near and not era.intersection(near)


def test_a_match_names_the_languages_lacking_its_concept_and_the_rules_that_hold_it() -> None:
    vigilance = Bridge(ROWS).matches("vigilance", ["ru", "ja", "sr"])[0]
    assert vigilance.era == {"sr": ("opreznost",)}
    assert vigilance.missing == ("ru", "ja") and vigilance.homes == ("sr:E3.80",) and not vigilance.nowhere
    hexproof = Bridge(ROWS).matches("hexproof", ["ja"])[0]
    assert hexproof.nowhere and hexproof.missing == ("ja",) and not hexproof.era
    deathtouch = Bridge(ROWS).matches("deathtouch", ["ru"])[0]
    assert deathtouch.missing == ("ru",) and deathtouch.near == {"ru": ("смертельные повреждения",)}
    trample = Bridge(ROWS).matches("trample", ["ru", "ja"])[0]
    assert not trample.missing and not trample.homes


BRIDGE = Bridge(ROWS)


@pytest.mark.parametrize(
    ("query", "language", "concept", "era"),
    [
        ("exile", "ru", "exile", "удалить из игры"),
        ("изгнать карту", "ru", "exile", "удалить из игры"),
        ("экзайл", "ru", "exile", "удалить из игры"),
        ("battlefield", "ja", "battlefield", "場"),
        ("戦場", "ja", "battlefield", "場"),
        ("エグザイル", "ja", "exile", "ゲーム外"),
        ("mana value", "sr", "mana value", "ukupna mana cena"),
        ("трампл", "sr", "trample", "razbijač"),
        ("state-based actions", "ru", "state-based actions", "основные эффекты"),
        ("creature dies", "ja", "dies", "破壊される"),
        ("можно ли ответить на способность маны", "ru", "mana ability", "мановая способность"),
        ("mana ability", "sr", "mana ability", "mana osobina"),
    ],
)
def test_modern_words_find_the_era_term(query: str, language: str, concept: str, era: str) -> None:
    found = {m.concept: m for m in BRIDGE.matches(query, [language])}
    assert concept in found
    assert era in found[concept].era[language]


def test_longest_form_wins_and_a_word_counts_once() -> None:
    found = [m.concept for m in BRIDGE.matches("first strike", ["ru"])]
    assert found == ["first strike"]


def test_a_word_a_longer_form_holds_is_not_matched_again_in_another_language() -> None:
    # "mana" alone is a form of the ru row for mana, as players write it; here it is part of "mana ability".
    assert [m.concept for m in BRIDGE.matches("mana ability", ["ru"])] == ["mana ability"]
    assert [m.concept for m in BRIDGE.matches("mana", ["ru"])] == ["mana"]


def test_a_note_names_only_the_era_terms_the_query_does_not_say_already() -> None:
    said = {m.concept: m for m in BRIDGE.matches("руки в конце хода", ["ru"])}
    assert said["end of turn"].era == {"ru": ("конце хода",)} and said["end of turn"].told() == {}
    changed = {m.concept: m for m in BRIDGE.matches("после разрешения заклинания", ["ru"])}
    assert "выполнение" in changed["resolve"].told()["ru"]


def test_a_table_without_era_terms_for_a_document_adds_nothing() -> None:
    bridge = Bridge([Row("x", "en", "frobnicate", "test"), Row("x", "era:ja", "フロブ", "test")])
    assert bridge.matches("frobnicate", ["ru"])[0].era == {}
    assert bridge.matches("frobnicate", ["ja"])[0].era == {"ja": ("フロブ",)}


def test_a_corpus_without_the_table_has_no_rows(tmp_path: Path) -> None:
    assert read_table(tmp_path) == []


@pytest.mark.parametrize(
    ("query", "language", "concept", "era"),
    [
        ("the only target of my spell became illegal before it resolved", "ru", "fizzle", "доступными"),
        ("единственная цель заклинания стала недоступной", "ru", "fizzle", "доступными"),
        ("呪文の唯一の対象が不正になった", "ja", "fizzle", "不正な対象"),
        ("meta je postala neispravna", "sr", "fizzle", "neispravna"),
        ("в конце своего хода у меня девять карт в руке", "ru", "too many cards", "лишние карты"),
        (
            "oreol je ostao kada je permanent napustio igru",
            "sr",
            "aura left alone",
            "nije vezan za permanent",
        ),
        (
            "I sacrificed the creature to pay for its own ability",
            "ja",
            "ability without its source",
            "独立して",
        ),
    ],
)
def test_a_situation_adds_the_words_of_its_rule(query: str, language: str, concept: str, era: str) -> None:
    found = {m.concept: m for m in BRIDGE.matches(query, [language])}
    assert concept in found
    assert found[concept].form == "situation"
    assert era in found[concept].era[language]


def test_a_situation_needs_every_concept_it_pairs_in_any_order_and_word_form() -> None:
    bridge = Bridge(
        [
            Row("x", "en", "target", "t"),
            Row("y", "en", "illegal", "t"),
            Row("y", "era:sr", "neispravna", "t"),
            Row("s", "situation", "x + y", "t"),
            Row("s", "era:sr", "sprečena", "t"),
        ]
    )
    assert [m.concept for m in bridge.matches("target", ["sr"]) if m.form == "situation"] == []
    both = [m for m in bridge.matches("neispravnom postala je target", ["sr"]) if m.form == "situation"]
    assert [(m.concept, m.modern, m.era) for m in both] == [
        ("s", "target + neispravnom", {"sr": ("sprečena",)})
    ]


def test_a_situation_names_the_words_as_the_query_wrote_them() -> None:
    # The ja chain reads トークン as the overlapping bigrams トー ーク クン.
    found = [m for m in BRIDGE.matches("トークンが墓地に行く", ["ja"]) if m.form == "situation"]
    assert [m.modern for m in found] == ["トークン + 墓地"]
