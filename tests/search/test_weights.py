"""How much each query word counts: idf, and circumstances of a long query below the game's words."""

from __future__ import annotations

import pytest

from ruling.search.weights import INCIDENTAL_SHARE, weigh

IDF = {"карт": 2.0, "рук": 3.0, "девя": 8.0, "ход": 3.5}


def test_a_short_query_counts_every_word_by_its_idf() -> None:
    weighed = weigh(["девя", "карт"], IDF.__getitem__, lambda term: term != "девя")
    assert {t: (w.weight, w.boost) for t, w in weighed.items()} == {"девя": (8.0, 1.0), "карт": (2.0, 1.0)}


def test_a_long_query_counts_words_no_term_is_named_with_less() -> None:
    weighed = weigh(["ход", "девя", "карт", "рук"], IDF.__getitem__, lambda term: term != "девя")
    assert weighed["девя"].weight == pytest.approx(8.0 * INCIDENTAL_SHARE)
    assert weighed["девя"].boost == INCIDENTAL_SHARE < 1.0
    assert all(weighed[t].weight == IDF[t] and weighed[t].boost == 1.0 for t in ("ход", "карт", "рук"))
