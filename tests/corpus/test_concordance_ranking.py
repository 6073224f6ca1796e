"""Where the similarity ranks the hand-checked counterparts (``concordance_ranking``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ruling.corpus.concordance import Aligner
from ruling.corpus.concordance_quality import read_alignment_set
from ruling.corpus.concordance_ranking import detail, rank_quality
from ruling.corpus.load import Corpus


@pytest.fixture
def aligner(corpus: Corpus) -> Aligner:
    return Aligner(corpus)


def test_a_rule_and_its_counterpart_rank_each_other_first(aligner: Aligner) -> None:
    pair = detail(aligner, "ja:502.9d", "sr:E3.104")
    assert pair is not None
    assert (pair.row_rank, pair.column_rank, pair.reciprocal) == (1, 1, 1.0)
    assert 0 < pair.left_in_right <= 1 and 0 < pair.right_in_left <= 1


def test_the_order_of_the_two_rules_does_not_matter(aligner: Aligner) -> None:
    pair = detail(aligner, "sr:E3.104", "ja:502.9d")
    assert pair is not None
    assert pair == detail(aligner, "ja:502.9d", "sr:E3.104")


def test_a_part_of_a_split_rule_ranks_below_the_first(aligner: Aligner) -> None:
    """ru 502.7b (protection) is ja 502.7b-f: the parts other than the first are not its best match."""
    pair = detail(aligner, "ru:502.7b", "ja:502.7e")
    assert pair is not None and pair.row_rank > 1 and pair.reciprocal < 1


def test_rules_of_parts_not_aligned_are_not_ranked(aligner: Aligner) -> None:
    """ru 409.3 (summoning sickness, playing spells) moved to ja 212.3d (creatures): another part."""
    assert detail(aligner, "ru:409.3", "ja:212.3d") is None


def test_rank_quality_counts_correct_rows_only(aligner: Aligner, tmp_path: Path) -> None:
    rows = tmp_path / "set.tsv"
    rows.write_text(
        "ja:502.9d\tsr:E3.104\tcorrect\tsame\tactual toughness\n"
        "ja:502.9c\tsr:E3.104\tincorrect\tnear-miss\tanother subject\n"
        "ru:409.3\tja:212.3d\tcorrect\tmoved\tsummoning sickness\n"
        "sr:C11.25\tja:none\tcorrect\tnone\tIzvori only\n",
        encoding="utf-8",
    )
    figures = {q.pair: q for q in rank_quality(aligner, read_alignment_set(rows))}
    assert set(figures) == {"ja-sr", "ru-ja"}
    assert (figures["ja-sr"].ranked, figures["ja-sr"].mutual_best, figures["ja-sr"].outside) == (1, 1, 0)
    assert figures["ja-sr"].mean_reciprocal == 1.0
    moved = figures["ru-ja"]
    assert (moved.ranked, moved.outside, moved.mean_reciprocal) == (0, 1, 0.0)
