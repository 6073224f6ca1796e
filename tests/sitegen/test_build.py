"""Building a site: the small corpus rendered and compared with a committed copy, document text never becoming
markup, anchors stable between builds, the output replaced whole and only where that destroys nothing."""

from __future__ import annotations

import os
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ruling.corpus.load import Corpus
from ruling.errors import OutputError, RulingError
from ruling.sitegen import build as build_module
from ruling.sitegen.build import MARKER, BuildReport, build_site
from ruling.sitegen.render import Writer
from tests.sitegen.conftest import EXPECTED, SMALL_SCENARIOS


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _generated(root: Path) -> dict[str, bytes]:
    """The files a build generates: pages, search indexes, the web app manifest (not the copied assets,
    nor the service worker whose version digests them)."""
    return {
        name: data
        for name, data in _files(root).items()
        if name.endswith(".html") or "/search-" in name or name in ("manifest.webmanifest", MARKER)
    }


def test_small_site_matches_the_committed_copy(small_site: BuildReport) -> None:
    """Set RULING_UPDATE_EXPECTED=1 to rewrite tests/sitegen/expected after a deliberate change."""
    built = _generated(small_site.folder)
    if os.environ.get("RULING_UPDATE_EXPECTED"):
        shutil.rmtree(EXPECTED, ignore_errors=True)
        for name, data in built.items():
            (EXPECTED / name).parent.mkdir(parents=True, exist_ok=True)
            (EXPECTED / name).write_bytes(data)
    expected = _generated(EXPECTED)
    assert sorted(built) == sorted(expected)
    for name, data in built.items():
        assert data == expected[name], f"{name} differs from tests/sitegen/expected/{name}"


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))


def test_document_text_never_becomes_markup(small_site: BuildReport) -> None:
    """The corpus, its manifest and the scenario file carry <script>, <img onerror>, <iframe>, <b> and
    javascript: links: every one must reach the pages as text."""
    scripts = 0
    for page in sorted(small_site.folder.rglob("*.html")):
        parser = _Tags()
        text = page.read_text(encoding="utf-8")
        parser.feed(text)
        for tag, attrs in parser.tags:
            assert tag not in ("img", "iframe", "b", "i"), f"{page.name}: a <{tag}> from the documents"
            assert not any(name.startswith("on") for name in attrs), (
                f"{page.name}: an event handler on <{tag}>"
            )
            assert not attrs.get("href", "").startswith("javascript:"), f"{page.name}: a javascript: link"
            if tag == "script":
                scripts += 1
                assert attrs.get("src", "").endswith("assets/site.js"), (
                    f"{page.name}: a script of the documents"
                )
    assert scripts == len(list(small_site.folder.rglob("*.html")))
    rule_page = (small_site.folder / "ru" / "502.html").read_text(encoding="utf-8")
    assert "&lt;img src=x onerror=alert(2)&gt;" in rule_page
    scenario_page = (small_site.folder / "scenarios" / "ru" / "trample.html").read_text(encoding="utf-8")
    assert "&lt;b&gt;HTML&lt;/b&gt;" in scenario_page


def test_every_rule_sits_at_its_permanent_anchor(small_site: BuildReport) -> None:
    page = (small_site.folder / "ru" / "502.html").read_text(encoding="utf-8")
    for anchor in ("R502", "R5021", "R5029", "R5029a", "R5029b"):
        assert f'id="{anchor}"' in page


def _anchors(root: Path) -> set[str]:
    found: set[str] = set()
    for page in root.rglob("*.html"):
        parser = _Tags()
        parser.feed(page.read_text(encoding="utf-8"))
        found |= {f"{page.relative_to(root).as_posix()}#{a['id']}" for _, a in parser.tags if "id" in a}
    return found


def test_two_builds_have_the_same_anchors(
    tmp_path: Path, small_corpus: Corpus, small_site: BuildReport
) -> None:
    again = build_site(tmp_path / "again", corpus=small_corpus, scenarios=SMALL_SCENARIOS)
    first = _anchors(small_site.folder)
    assert {
        "ru/502.html#R5029b",
        "ru/glossary.html#G-Пробивающий_удар",
        "ru/terms.html#I-Пробивающий_удар",
    } <= first
    assert _anchors(again.folder) == first


def test_the_inflected_glossary_term_is_linked(small_site: BuildReport) -> None:
    page = (small_site.folder / "ru" / "502.html").read_text(encoding="utf-8")
    assert 'href="../ru/glossary.html#G-Пробивающий_удар"' in page
    assert ">пробивающим ударом</a>" in page


def test_a_rebuild_replaces_an_earlier_site(tmp_path: Path, small_corpus: Corpus) -> None:
    target = tmp_path / "site"
    build_site(target, corpus=small_corpus, scenarios=None)
    (target / "ru" / "stale.html").write_text("old", encoding="utf-8")
    with pytest.raises(OutputError, match="not part of the site"):
        build_site(target, corpus=small_corpus, scenarios=None)
    (target / "ru" / "stale.html").unlink()
    report = build_site(target, corpus=small_corpus, scenarios=None)
    assert (target / MARKER).is_file()
    assert report.pages > 5 and not (target / "scenarios").exists()


def test_a_folder_holding_other_files_is_refused(tmp_path: Path, small_corpus: Corpus) -> None:
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(OutputError, match="holds no ruling site"):
        build_site(tmp_path, corpus=small_corpus, scenarios=None)
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_a_broken_link_fails_the_build_and_keeps_the_old_site(
    tmp_path: Path, small_corpus: Corpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "site"
    build_site(target, corpus=small_corpus, scenarios=None)
    before = _files(target)
    original = build_module.copy_static

    def with_bad_page(writer: Writer, static: Path | None = None) -> None:
        original(writer, static)
        writer.write("bad.html", '<a href="ru/502.html#R9999">nowhere</a><a href="nothing.html">x</a>')

    monkeypatch.setattr(build_module, "copy_static", with_bad_page)
    with pytest.raises(RulingError, match="2 broken internal link"):
        build_site(target, corpus=small_corpus, scenarios=None)
    assert _files(target) == before


def test_the_writer_refuses_a_path_twice(tmp_path: Path) -> None:
    writer = Writer(tmp_path)
    writer.write("a/b.html", "one")
    with pytest.raises(OutputError, match="twice"):
        writer.write("a/b.html", "two")
    with pytest.raises(OutputError, match="outside"):
        writer.write("../escape.html", "x")
    assert (tmp_path / "a" / "b.html").read_text(encoding="utf-8") == "one"
