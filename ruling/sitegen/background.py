"""The work of a site build done in a second process while the first collects and renders: the concordance
(the alignment of the documents, which both the pages and the search index need) and the search index
scripts, in that order, so that the concordance is computed once per build and reaches the collector as soon
as it is ready.

Both are kept in the per-user cache: a build that finds them there starts no process. When no process can be
started (or it dies), the work is done in this process instead.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import cache
from types import TracebackType
from typing import TYPE_CHECKING, TypeVar

from ruling.corpus.cache import load_corpus_cached
from ruling.corpus.concordance_cache import load_concordance_cached
from ruling.corpus.load import Corpus
from ruling.sitegen.searchindex import cached_index_scripts, index_scripts

if TYPE_CHECKING:
    from ruling.corpus.concordance import Concordance

T = TypeVar("T")


@cache
def _aligned(folder: str) -> tuple[Corpus, Concordance]:
    """Returns the corpus of a folder and its concordance, loaded once in the worker for both of its tasks
    (loading the corpus from the cache there is faster than receiving the caller's, pickled)."""
    corpus = load_corpus_cached(folder)
    return corpus, load_concordance_cached(corpus)


def _concordance_of_folder(folder: str) -> Concordance:
    return _aligned(folder)[1]


def _scripts_of_folder(folder: str, hrefs: dict[str, str]) -> dict[str, str]:
    corpus, concordance = _aligned(folder)
    return index_scripts(corpus, hrefs, concordance)


def _outcome(future: Future[T] | None) -> T | None:
    """Returns what the worker computed, or None if it did not (no worker, or the worker died)."""
    if future is None:
        return None
    try:
        return future.result()
    except (OSError, BrokenProcessPool):
        return None


class Background:
    """The concordance and the index scripts of one build, computed in a worker process unless cached.

    Used as a context manager: leaving it stops the worker, also when the build failed.
    """

    def __init__(self, corpus: Corpus, hrefs: Mapping[str, str]) -> None:
        self.corpus = corpus
        self.hrefs = dict(hrefs)
        self._scripts = cached_index_scripts(corpus, hrefs)
        self._concordance: Concordance | None = None
        self._pool: ProcessPoolExecutor | None = None
        self._aligning: Future[Concordance] | None = None
        self._indexing: Future[dict[str, str]] | None = None
        if self._scripts is not None:
            return
        try:
            self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
            self._aligning = self._pool.submit(_concordance_of_folder, str(corpus.folder))
            self._indexing = self._pool.submit(_scripts_of_folder, str(corpus.folder), self.hrefs)
        except (OSError, RuntimeError):
            self.close()

    def concordance(self) -> Concordance:
        """Returns the concordance, waiting for the worker if it computes it."""
        if self._concordance is None:
            self._concordance = _outcome(self._aligning)
            self._aligning = None
            if self._concordance is None:
                self._concordance = load_concordance_cached(self.corpus)
        return self._concordance

    def scripts(self) -> dict[str, str]:
        """Returns the index scripts by file name, waiting for the worker if it computes them."""
        if self._scripts is None:
            self._scripts = _outcome(self._indexing)
            self._indexing = None
            if self._scripts is None:
                self._scripts = index_scripts(self.corpus, self.hrefs, self.concordance())
            self.close(wait=True)
        return self._scripts

    def close(self, wait: bool = False) -> None:
        """Stops the worker (what it has not started is dropped)."""
        if self._pool is not None:
            self._pool.shutdown(wait=wait, cancel_futures=True)
            self._pool = None

    def __enter__(self) -> Background:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()
