"""The small corpus of the site tests and the site built from it (once per test process)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ruling.corpus.load import Corpus, load_corpus
from ruling.sitegen.build import BuildReport, build_site

HERE = Path(__file__).resolve().parent
SMALL_CORPUS = HERE / "corpus"
SMALL_SCENARIOS = HERE / "scenarios"
EXPECTED = HERE / "expected"


@pytest.fixture(scope="session")
def small_corpus() -> Corpus:
    return load_corpus(SMALL_CORPUS)


@pytest.fixture(scope="session")
def small_site(tmp_path_factory: pytest.TempPathFactory, small_corpus: Corpus) -> BuildReport:
    """The site of the small corpus and its one scenario file."""
    return build_site(
        tmp_path_factory.mktemp("small") / "site", corpus=small_corpus, scenarios=SMALL_SCENARIOS
    )
