"""Shared fixtures: the corpus is parsed once per test process (in memory, no cache on disk)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from ruling.corpus.load import Corpus, corpus_dir, load_corpus

REPO = Path(__file__).resolve().parents[1]


@cache
def _corpus() -> Corpus:
    return load_corpus(REPO / "rules_corpus")


@pytest.fixture(autouse=True, scope="session")
def private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Points the per-user cache of every test process at a folder of its own."""
    folder = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RULING_CACHE", str(folder))
        yield folder


@pytest.fixture
def corpus() -> Corpus:
    """The whole parsed corpus of the checkout."""
    return _corpus()


@pytest.fixture
def corpus_folder() -> Path:
    return corpus_dir(REPO / "rules_corpus")
