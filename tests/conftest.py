"""Shared fixtures: the corpus is parsed once per test process (in memory, no cache on disk)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from ruling.corpus.load import Corpus, corpus_dir, load_corpus

REPO = Path(__file__).resolve().parents[1]


@cache
def _corpus() -> Corpus:
    return load_corpus(REPO / "rules_corpus")


@pytest.fixture
def corpus() -> Corpus:
    """The whole parsed corpus of the checkout."""
    return _corpus()


@pytest.fixture
def corpus_folder() -> Path:
    return corpus_dir(REPO / "rules_corpus")
