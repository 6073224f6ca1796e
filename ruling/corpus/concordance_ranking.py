"""How well the rule similarity ranks the true counterparts, apart from the decision to link.

Precision and recall (``concordance_quality``) judge the links, so they move with every threshold; a change
to what rules are compared by (lexicons, weights) is judged better by where the similarity puts a hand-checked
counterpart among all the rules it competes with. For a correct row of an alignment set, the row rank is the
place of the right rule among the scores of the left rule against every rule of their region (1 = best
match), the column rank the place of the left rule among the scores of the right one. The mean reciprocal
rank of a pair averages ``(1/row rank + 1/column rank) / 2`` over its correct rows.

``detail(aligner, left, right)`` gives one pair's score, ranks and containment (the diagnostics of
``benchmarks/concordance_misses.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ruling.corpus.concordance import Aligner
from ruling.corpus.concordance_quality import AlignmentRow, pair_order
from ruling.ids import RuleId


@dataclass(frozen=True, slots=True)
class PairDetail:
    """Where the similarity puts two rules of one region: score, ranks both ways, containment."""

    left: str
    right: str
    score: float
    row_rank: int
    column_rank: int
    left_in_right: float
    """The share of the left rule's concept weight that the right rule names too."""
    right_in_left: float

    @property
    def reciprocal(self) -> float:
        return (1 / self.row_rank + 1 / self.column_rank) / 2


@dataclass(frozen=True, slots=True)
class RankQuality:
    """The ranking figures of one document pair: correct rows ranked, their mean reciprocal rank, how many
    are each other's best match, and how many lie in no common region (not ranked)."""

    pair: str
    ranked: int
    reciprocal: float
    mutual_best: int
    outside: int

    @property
    def mean_reciprocal(self) -> float:
        return self.reciprocal / self.ranked if self.ranked else 0.0


def detail(aligner: Aligner, left: str, right: str) -> PairDetail | None:
    """Returns where the similarity puts two rules of different documents, or None when they lie in no
    common region (a rule moved to another part) or are not aligned at all."""
    left_id, right_id = RuleId.parse(left), RuleId.parse(right)
    region = aligner.region_of(left_id, right_id.doc)
    if region is None:
        return None
    if left_id.doc != region.left.doc:
        left, right = right, left
    scores = aligner.score_region(region)
    rows = [n for n, side in enumerate(scores.left) if side.rule.key == left]
    columns = [n for n, side in enumerate(scores.right) if side.rule.key == right]
    if not rows or not columns:
        return None
    i, j = rows[0], columns[0]
    score = scores.matrix[i][j]
    row_rank = 1 + sum(1 for value in scores.matrix[i] if value > score)
    column_rank = 1 + sum(1 for row in scores.matrix if row[j] > score)
    return PairDetail(
        left,
        right,
        score,
        row_rank,
        column_rank,
        scores.contained(i, j, True),
        scores.contained(i, j, False),
    )


def rank_quality(aligner: Aligner, rows: Iterable[AlignmentRow]) -> list[RankQuality]:
    """Returns the ranking figures per document pair of the correct rows (pairs in DOCUMENTS order)."""
    found: dict[str, list[float]] = {}
    for row in rows:
        if not row.correct or row.without_counterpart:
            continue
        entry = found.setdefault(row.pair, [0, 0.0, 0, 0])
        pair = detail(aligner, row.left, row.right)
        if pair is None:
            entry[3] += 1
            continue
        entry[0] += 1
        entry[1] += pair.reciprocal
        entry[2] += pair.row_rank == pair.column_rank == 1
    return [
        RankQuality(pair, int(e[0]), e[1], int(e[2]), int(e[3]))
        for pair, e in sorted(found.items(), key=lambda item: pair_order(item[0]))
    ]
