"""The wiki page «Чары»: passages, the quoted rules 303.x, navboxes and chrome."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from ruling.corpus.load import Corpus, load_corpus
from ruling.corpus.model import Document, RefStatus, Rule
from ruling.corpus.parse_wiki import NOT_QUOTED, rule_references
from ruling.ids import RuleId

REPO = Path(__file__).resolve().parents[2]
QUOTED = [
    "303",
    "303.1",
    "303.2",
    "303.3",
    "303.4",
    *(f"303.4{letter}" for letter in "abcdefghijkm"),
    "303.5",
]


@cache
def _corpus() -> Corpus:
    return load_corpus(REPO / "rules_corpus", codes=["wiki"])


@pytest.fixture
def wiki() -> Document:
    return _corpus().documents["wiki"]


def rule(local: str) -> Rule:
    node = _corpus().get(f"wiki:{local}")
    assert isinstance(node, Rule), local
    return node


def test_quoted_rules_and_their_unquoted_part(wiki: Document) -> None:
    assert [r.id.local for r in wiki.rules] == ["3", *QUOTED]


def test_letters_skip_l_as_in_the_cr() -> None:
    assert rule("303.4m").span.first == 66
    assert _corpus().get("wiki:303.4l") is None


@pytest.mark.parametrize(
    ("local", "parent"), [("303", "3"), ("303.1", "303"), ("303.4a", "303.4"), ("3", None)]
)
def test_parents(local: str, parent: str | None) -> None:
    assert rule(local).parent == (RuleId("wiki", parent) if parent else None)


def test_section_303_is_quoted_with_its_title() -> None:
    node = rule("303")
    assert (node.title, node.text, node.span.first) == ("Чары", "", 50)


def test_unquoted_part_takes_its_title_from_the_rules_navbox(wiki: Document) -> None:
    node = rule("3")
    assert (node.title, node.text, node.span.first) == ("Типы карт", NOT_QUOTED, 84)
    assert wiki.claims[84] != node.key  # the navbox passage owns the line


def test_rule_text_without_its_number() -> None:
    assert rule("303.2").text.startswith("Когда заклинание чар разрешается")
    assert (
        rule("303.4a").text
        == "Заклинанию Ауры необходима цель, которая определяется её способностью зачаровать."
    )


def test_duplicated_303_5_is_a_problem_with_its_text_kept(wiki: Document) -> None:
    [problem] = [p for p in wiki.problems if p.code == "duplicate-id"]
    assert problem.span.first == 68
    assert "«Сага»" in rule("303.5").text
    assert any("«Класс»" in note for note in rule("303.5").notes)


def test_navbox_numbers_make_no_rules(wiki: Document) -> None:
    """«Основы игры 1.Золотые правила …» numbers items within a chapter: no rule 1 or 101 is read."""
    ids = {r.id.local for r in wiki.rules}
    assert not ids & {"1", "2", "101", "301"}
    assert all(r.span.first == 84 or r.span.first < 69 for r in wiki.rules)


def test_passages_in_page_order(wiki: Document) -> None:
    assert [p.title for p in wiki.passages] == [
        "Чары (Enchantment)",
        "Подтипы",
        "Ауры",
        "Картуши",
        "Проклятия",
        "Саги",
        "Храмы",
        "Правила",
        "Типы, супертипы и подтипы карт",
        "Комплексные Правила",
    ]


def test_main_article_links_stay_in_their_section(wiki: Document) -> None:
    auras = next(p for p in wiki.passages if p.title == "Ауры")
    assert auras.text.startswith("Основная статья: Аура.\n")
    assert (auras.span.first, auras.span.last) == (15, 19)


def test_site_chrome_is_claimed_by_problems(wiki: Document) -> None:
    chrome = sorted(p.span.first for p in wiki.problems if p.code == "site-chrome")
    assert chrome == [1, 2, 3, 4, 6, 7, 91]


def test_glued_link_text(wiki: Document) -> None:
    assert [p.span.first for p in wiki.problems if p.code == "glued-link-text"] == [31]


def test_references_to_unquoted_rules_dangle(wiki: Document) -> None:
    refs = sorted((r.span.first, r.targets) for r in wiki.references)
    assert refs == [
        (51, ("wiki:601",)),
        (53, ("wiki:205.3h",)),
        (54, ("wiki:702.5",)),
        (57, ("wiki:704",)),
        (58, ("wiki:704",)),
        (67, ("wiki:715",)),
        (68, ("wiki:717",)),
    ]
    assert all(r.status is RefStatus.DANGLING and "does not quote" in r.note for r in wiki.references)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("(Смотрите правило 601, «Разыгрывание Заклинаний»).", ["601"]),
        ("Полный список типов чар смотрите в правиле 205.3h.", ["205.3h"]),
        ("(смотрите правило 702.5, «Зачаровать»)", ["702.5"]),
        ("Основы игры 1.Золотые правила Magic 2.Игроки", []),
        ("Игроки начинают с 20 пунктами жизни.", []),
    ],
)
def test_rule_references(text: str, found: list[str]) -> None:
    assert [m["id"] for m in rule_references(text)] == found
