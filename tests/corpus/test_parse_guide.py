"""The informal Russian articles: titled passages, article openings, chrome and the info box."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from ruling.corpus.load import Corpus, load_corpus, read_manifest
from ruling.corpus.model import Document, Passage, Source
from ruling.corpus.parse_guide import ARTICLES, parse
from ruling.errors import SourceError

REPO = Path(__file__).resolve().parents[2]
FOLDER = REPO / "rules_corpus"


@cache
def _corpus() -> Corpus:
    return load_corpus(FOLDER, codes=["guide"])


@pytest.fixture
def guide() -> Document:
    return _corpus().documents["guide"]


def passage_at(guide: Document, line: int) -> Passage:
    node = _corpus().get(guide.claims[line])
    assert isinstance(node, Passage), line
    return node


def test_passage_count(guide: Document) -> None:
    assert len(guide.passages) == 69
    assert [p.key for p in guide.passages][:2] == ["guide:passage/1", "guide:passage/2"]


@pytest.mark.parametrize(
    ("line", "title"),
    [
        (5, "Мана в Magic The Gathering"),
        (80, "Этапы игры"),
        (423, "Фазы и этапы"),
        (221, "Как понять, что игрок проиграл?"),
        (409, "Атака. Блок."),
        (251, "кладбище (graveyard)"),  # follows a paragraph with no blank line between
    ],
)
def test_titles_from_bare_heading_lines(line: int, title: str, guide: Document) -> None:
    node = passage_at(guide, line)
    assert (node.title, node.span.first) == (title, line)


@pytest.mark.parametrize(
    ("line", "title"), [(3, "Мтг правила игры"), (115, ARTICLES["Цифровые коллекционные карточные игры"])]
)
def test_articles_without_a_heading_get_the_article_title(line: int, title: str, guide: Document) -> None:
    assert passage_at(guide, line).title == title


def test_every_article_opening_starts_a_passage(guide: Document) -> None:
    starts = {p.span.first for p in guide.passages}
    assert {3, 115, 334, 549} <= starts


def test_lists_stay_in_their_passage(guide: Document) -> None:
    phases = passage_at(guide, 80)
    assert guide.claims[86] == guide.claims[101] == phases.key
    assert "\n• Шаг разворота." in phases.text
    assert "\n1. Начальный этап" in phases.text


def test_info_box_value_is_not_a_heading(guide: Document) -> None:
    box = passage_at(guide, 208)
    assert (box.title, box.text) == ("Кол-во игроков", "2")


def test_sentences_are_not_headings(guide: Document) -> None:
    assert passage_at(guide, 419).title == "Начало игры"  # "Игроки начинают с 20 пунктами жизни."
    assert passage_at(guide, 159).title == "Основы MTG вкратце"  # the footnote "* дека …"


def test_site_chrome_is_claimed_by_problems(guide: Document) -> None:
    chrome = sorted(p.span.first for p in guide.problems if p.code == "site-chrome")
    assert chrome == [1, 119, 332, 557, 560, 568, 570, 578, 580, 584, 587]
    assert [p.code for p in guide.problems] == ["site-chrome"] * 11


def test_no_rule_numbers_no_references(guide: Document) -> None:
    assert guide.references == ()


def test_missing_article_opening_is_a_clear_error(tmp_path: Path) -> None:
    info = next(i for i in read_manifest(FOLDER) if i.code == "guide")
    text = (FOLDER / info.file).read_text(encoding="utf-8").replace("Цифровые коллекционные", "Цифровые")
    with pytest.raises(
        SourceError, match=r"ru-guide-informal-articles\.txt: expected exactly one line starting"
    ):
        parse(Source(info, text, tmp_path))
