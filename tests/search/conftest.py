"""The search index of the checkout's corpus, built once per test process into a temporary cache."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ruling.search.index import build_index, load_entries, open_index
from ruling.search.query import SearchIndex

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "rules_corpus"


@pytest.fixture(scope="session")
def search_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache folder holding the index of the real corpus."""
    cache = tmp_path_factory.mktemp("ruling-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RULING_CACHE", str(cache))
        build_index(CORPUS, load_entries(CORPUS))
    return cache


@pytest.fixture(scope="session")
def search_index(search_cache: Path) -> Iterator[SearchIndex]:
    """The opened index of the real corpus."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RULING_CACHE", str(search_cache))
        index = SearchIndex(open_index(CORPUS))
    yield index
    index.close()
