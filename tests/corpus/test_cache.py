"""The parsed corpus in the per-user cache: reused while valid, ignored and rewritten when damaged."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from ruling.corpus import cache as corpus_cache
from ruling.corpus.load import Corpus

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "rules_corpus"


@pytest.fixture
def cache_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("RULING_CACHE", str(tmp_path))
    return tmp_path


def fail_to_parse(*args: object, **kwargs: object) -> Corpus:
    raise AssertionError("the corpus was parsed although the cache holds it")


def test_second_load_comes_from_the_cache(cache_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = corpus_cache.load_corpus_cached(CORPUS)
    (cached,) = cache_folder.glob("corpus-*.pickle")
    monkeypatch.setattr(corpus_cache, "load_corpus", fail_to_parse)
    second = corpus_cache.load_corpus_cached(CORPUS)
    assert second.documents == first.documents
    assert second.resolve("ru:502.9b").text == first.resolve("ru:502.9b").text
    assert corpus_cache.corpus_cache_file(CORPUS) == cached


def test_damaged_cache_is_parsed_again_and_rewritten(cache_folder: Path) -> None:
    corpus_cache.load_corpus_cached(CORPUS)
    path = corpus_cache.corpus_cache_file(CORPUS)
    good = path.read_bytes()
    path.write_bytes(good[: len(good) // 2])
    corpus = corpus_cache.load_corpus_cached(CORPUS)
    assert corpus.resolve("sr:D21.30").key == "sr:D21.30"
    assert path.read_bytes() == good


def test_changed_corpus_gets_another_cache_file(cache_folder: Path, tmp_path: Path) -> None:
    copy = tmp_path / "corpus"
    copy.mkdir()
    shutil.copytree(CORPUS, copy, dirs_exist_ok=True)
    assert corpus_cache.corpus_cache_file(copy) == corpus_cache.corpus_cache_file(CORPUS)
    reviewed = copy / "reviewed" / "ru-suspect-references.tsv"
    reviewed.write_text(reviewed.read_text(encoding="utf-8") + "# reviewed again\n", encoding="utf-8")
    after_review = corpus_cache.corpus_cache_file(copy)
    assert after_review != corpus_cache.corpus_cache_file(CORPUS)
    manifest = copy / "manifest.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert corpus_cache.corpus_cache_file(copy) not in {after_review, corpus_cache.corpus_cache_file(CORPUS)}


def test_unwritable_cache_still_loads(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("RULING_CACHE", str(blocker / "cache"))
    assert corpus_cache.load_corpus_cached(CORPUS).resolve("ja:420.5e").doc == "ja"


def test_failed_cache_write_leaves_no_temporary_file(
    cache_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    assert corpus_cache.load_corpus_cached(CORPUS).resolve("ru:502.9b").doc == "ru"
    assert list(cache_folder.iterdir()) == []
