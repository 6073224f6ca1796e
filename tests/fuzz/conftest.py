"""A small search index for the query fuzz tests: every eighth entry of the corpus, built once per process."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ruling.search.entries import corpus_entries
from ruling.search.index import build_index, open_index
from ruling.search.query import SearchIndex
from tests.conftest import REPO, _corpus


@pytest.fixture(scope="session")
def small_index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SearchIndex]:
    corpus_folder = REPO / "rules_corpus"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RULING_CACHE", str(tmp_path_factory.mktemp("fuzz-cache")))
        build_index(corpus_folder, corpus_entries(_corpus())[::8])
        index = SearchIndex(open_index(Path(corpus_folder)))
    yield index
    index.close()
