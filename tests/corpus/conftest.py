"""The concordance of the checkout's corpus, built once per test process for every test module that reads it
(the tests only read it: a Concordance is frozen)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ruling.corpus.concordance import Concordance, build_concordance
from tests.conftest import _corpus


@pytest.fixture(scope="session")
def concordance(private_cache: Path) -> Concordance:
    """The whole alignment of the checkout's corpus (the per-user cache is the test process's own)."""
    return build_concordance(_corpus())
