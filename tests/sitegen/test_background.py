"""The second process of a build: the concordance and the search index scripts, once per build."""

from __future__ import annotations

from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool

import pytest

from ruling.corpus import concordance
from ruling.corpus.concordance import build_concordance
from ruling.corpus.load import Corpus
from ruling.sitegen import background as module
from ruling.sitegen import searchindex
from ruling.sitegen.background import Background
from ruling.sitegen.searchindex import index_scripts


def _refuse(*args: object, **kwargs: object) -> None:
    raise OSError("not now")


def _links(corpus: Corpus) -> list[tuple[str, str, str]]:
    return sorted((link.left, link.right, link.confidence) for link in build_concordance(corpus).links)


def _uncached(monkeypatch: pytest.MonkeyPatch) -> None:
    """Makes index_scripts compute the scripts rather than read what the worker has just cached."""
    monkeypatch.setattr(searchindex, "cached_index_scripts", lambda *args: None)


def test_the_worker_gives_what_this_process_would(
    small_corpus: Corpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    hrefs = {"ru:502.9b": "ru/502.html#R5029b"}
    with Background(small_corpus, hrefs) as work:
        assert work._pool is not None
        aligned = work.concordance()
        scripts = work.scripts()
        assert work._pool is None
    assert sorted((link.left, link.right, link.confidence) for link in aligned.links) == _links(small_corpus)
    _uncached(monkeypatch)
    assert scripts == index_scripts(small_corpus, hrefs, aligned)


def test_a_second_build_takes_both_from_the_cache(
    small_corpus: Corpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Background(small_corpus, {}) as first:
        first.scripts()
    monkeypatch.setattr(concordance, "build_concordance", _refuse)
    with Background(small_corpus, {}) as second:
        assert second._pool is None
        assert second.scripts() == first.scripts()
        assert second.concordance().links == first.concordance().links


def test_without_a_worker_the_work_is_done_here(
    small_corpus: Corpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(module, "ProcessPoolExecutor", _refuse)
    hrefs = {"ru:502.9b": "ru/502.html#R5029b", "ru:glossary/Пробивающий удар": "ru/glossary.html#G1"}
    with Background(small_corpus, hrefs) as work:
        assert work._pool is None
        scripts = work.scripts()
    _uncached(monkeypatch)
    assert scripts == index_scripts(small_corpus, hrefs)


def test_a_dead_worker_leaves_the_work_to_this_process() -> None:
    dead: Future[int] = Future()
    dead.set_exception(BrokenProcessPool("the worker died"))
    done: Future[int] = Future()
    done.set_result(7)
    assert module._outcome(dead) is None
    assert module._outcome(done) == 7
    assert module._outcome(None) is None


def test_the_worker_loads_the_corpus_once_for_both_tasks(
    small_corpus: Corpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    loads: list[str] = []

    def load(folder: str) -> Corpus:
        loads.append(folder)
        return small_corpus

    monkeypatch.setattr(module, "load_corpus_cached", load)
    _uncached(monkeypatch)
    module._aligned.cache_clear()
    try:
        aligned = module._concordance_of_folder(str(small_corpus.folder))
        scripts = module._scripts_of_folder(str(small_corpus.folder), {})
    finally:
        module._aligned.cache_clear()
    assert loads == [str(small_corpus.folder)]
    assert scripts == index_scripts(small_corpus, {}, aligned)
