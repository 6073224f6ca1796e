"""The interface strings: one table per language with the same keys, and no English interface string on a
page in another language."""

from __future__ import annotations

import re
import string
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ruling.corpus.load import Corpus, read_manifest
from ruling.errors import RulingError
from ruling.sitegen import strings
from ruling.sitegen.build import BuildReport
from ruling.sitegen.collect import collect_site
from ruling.sitegen.render import Writer, environment, render_pages
from ruling.sitegen.strings import UI_LANGUAGES, ZONE_KEYS, named, table, ui
from tests.sitegen.conftest import SMALL_SCENARIOS

REPO = Path(__file__).resolve().parents[2]
INTERFACE_ATTRIBUTES = {"placeholder", "title", "aria-label"}
SHOWN_DATA = {"data-none", "data-mean", "data-glossary", "data-index", "data-passage", "data-open"} | {
    "data-absent",
    "data-nowhere",
    "data-see",
    "data-nearest",
}
"""The data attributes whose text the page script shows (site.js)."""


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", UI_LANGUAGES)
def test_every_language_has_every_key_with_the_same_placeholders(lang: str) -> None:
    english, words = table("en"), table(lang)
    assert words.keys() == english.keys()
    for key, value in words.items():
        assert value.strip(), f"{lang}.{key} is empty"
        assert _fields(value) == _fields(english[key]), f"{lang}.{key}"
    assert set(ZONE_KEYS) <= ui(lang).keys()


@pytest.mark.parametrize("lang", [lang for lang in UI_LANGUAGES if lang != "en"])
def test_every_language_describes_every_document_of_the_corpus(lang: str) -> None:
    files = {info.file for info in read_manifest(REPO / "rules_corpus")}
    assert set(named(lang, "descriptions")) == files


@pytest.mark.parametrize("lang", UI_LANGUAGES)
def test_every_language_names_the_same_scenario_areas(lang: str) -> None:
    assert named(lang, "areas").keys() == named("en", "areas").keys()
    assert {"combat", "stack", "turn"} <= named(lang, "areas").keys()


def test_zone_and_step_names_are_the_documents_own() -> None:
    assert ui("sr")["graveyard"] == "Odlagalište" and ui("ru")["in_play"] == "Игровая зона"
    assert strings.step_name("main1", "ja") == "戦闘前メイン・フェイズ"
    assert strings.step_name("main1", "en") == "main1"


def test_a_table_missing_a_key_is_an_error_naming_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "en.toml").write_text('site = "Rules"\nhome = "Home"\n', encoding="utf-8")
    (tmp_path / "ui" / "ru.toml").write_text('site = "Правила"\n', encoding="utf-8")
    monkeypatch.setattr(strings, "SITE_DIR", tmp_path)
    strings.table.cache_clear()
    strings._read.cache_clear()
    try:
        with pytest.raises(RulingError, match=r"ru\.toml: the keys differ .*missing: home"):
            table("ru")
    finally:
        strings.table.cache_clear()
        strings._read.cache_clear()


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class _Interface(HTMLParser):
    """Collects what a page shows of its own: every text node, and the attributes readers and the page
    script show, each cut at the separators the templates use; not what is marked as English (the English
    terms of the documents, the scenario files' prose and titles)."""

    def __init__(self) -> None:
        super().__init__()
        self.pieces: set[str] = set()
        self.lang = ""
        self.open: list[tuple[str, bool]] = []
        """The open elements, each with whether it is marked lang="en"."""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        marked = dict(attrs).get("lang") == "en" and tag != "html"
        if tag not in VOID:
            self.open.append((tag, marked))
        for name, value in attrs:
            if tag == "html" and name == "lang":
                self.lang = value or ""
            elif value and name in INTERFACE_ATTRIBUTES | SHOWN_DATA:
                self._add(value)

    def handle_endtag(self, tag: str) -> None:
        while self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if not any(marked for _, marked in self.open):
            self._add(data)

    def _add(self, text: str) -> None:
        self.pieces |= {p.strip() for p in re.split(r"[·:›\n]", text) if p.strip()}


def english_interface_on(html: str, lang: str) -> set[str]:
    parser = _Interface()
    parser.feed(html)
    assert parser.lang == lang
    own = set(ui(lang).values())
    english = {v for v in ui("en").values() if "{" not in v and v not in own}
    return parser.pieces & english


def test_no_english_interface_string_on_the_russian_pages(small_site: BuildReport) -> None:
    pages = [
        page
        for page in small_site.folder.rglob("*.html")
        if 'html lang="ru"' in page.read_text(encoding="utf-8")
    ]
    kinds = {p.relative_to(small_site.folder).parts[0] for p in pages}
    assert {"ru", "home", "scenarios"} <= kinds
    for page in pages:
        assert not english_interface_on(page.read_text(encoding="utf-8"), "ru"), page


@pytest.mark.parametrize("lang", ["ja", "sr"])
def test_no_english_interface_string_on_pages_in_other_languages(
    small_corpus: Corpus, tmp_path: Path, lang: str
) -> None:
    """The small corpus is Russian: its pages are rendered again as pages in lang (what the templates add
    must then be in lang)."""
    context = collect_site(small_corpus, SMALL_SCENARIOS)
    context.pages = [replace(p, lang=lang) for p in context.pages if p.lang == "ru"]
    assert len(context.pages) > 5
    render_pages(context, Writer(tmp_path), environment())
    for page in tmp_path.rglob("*.html"):
        assert not english_interface_on(page.read_text(encoding="utf-8"), lang), page
