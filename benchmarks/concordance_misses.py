"""Prints what the concordance gets wrong on the TUNING half of the hand-checked alignment set: each correct
row it does not link (with the kind and note of the row, the similarity of the pair, the ranks both ways and
the containment of each rule in the other, and the links the rule has instead), and each wrong link.

Then, for the TUNING half of the counterpart sample (whose rules have every counterpart listed, so every
other rule of their region is known to be wrong for them), each missed counterpart in the same region
with the number of known-wrong pairs, not linked, that match or beat it on all three of: similarity, its
share of the best of its row, its share of the best of its column. A rule deciding on these figures alone
(a threshold, a learned classifier) cannot take the miss without taking at least that many wrong pairs of
the sample, and proportionally more in the whole corpus.

Only the tuning half: the check half is measured (``concordance_bench.py``), never looked into.

Run: .venv/bin/python benchmarks/concordance_misses.py
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ruling.corpus.concordance import Aligner, Concordance, build_concordance
from ruling.corpus.concordance_quality import measure, read_alignment_set, sample_counterparts
from ruling.corpus.concordance_ranking import detail
from ruling.corpus.load import load_corpus
from ruling.ids import RuleId

ROOT = Path(__file__).resolve().parents[1]
TUNING = ROOT / "tests" / "corpus" / "concordance_alignment_tuning.tsv"
SAMPLE = ROOT / "tests" / "corpus" / "concordance_counterparts_tuning.tsv"


@dataclass(frozen=True)
class _Cell:
    """A sampled rule against one rule of the other document in their region."""

    rule: str
    other: str
    score: float
    of_row: float
    of_column: float
    counterpart: bool
    linked: bool

    def beaten_by(self, cell: _Cell) -> bool:
        """Whether cell matches or beats this one on all three figures."""
        return cell.score >= self.score and cell.of_row >= self.of_row and cell.of_column >= self.of_column


def _sample_cells(aligner: Aligner, concordance: Concordance) -> list[_Cell]:
    linked = {frozenset((k.left, k.right)) for k in concordance.links}
    cells: list[_Cell] = []
    for (key, other_doc), counterparts in sample_counterparts(read_alignment_set(SAMPLE)).items():
        region = aligner.region_of(RuleId.parse(key), other_doc)
        if region is None:
            continue
        scores = aligner.score_region(region)
        row, column = scores.row_of(key), scores.column_of(key)
        if row is not None:
            places = [(row, j) for j in range(len(scores.right))]
        elif column is not None:
            places = [(i, column) for i in range(len(scores.left))]
        else:
            continue
        for i, j in places:
            value = scores.matrix[i][j]
            row_best = max(scores.matrix[i])
            column_best = max(r[j] for r in scores.matrix)
            other = scores.right[j].rule.key if row is not None else scores.left[i].rule.key
            cells.append(
                _Cell(
                    key,
                    other,
                    value,
                    value / row_best if row_best else 0.0,
                    value / column_best if column_best else 0.0,
                    other in counterparts,
                    frozenset((key, other)) in linked,
                )
            )
    return cells


def _print_dominance(aligner: Aligner, concordance: Concordance) -> None:
    cells = _sample_cells(aligner, concordance)
    wrong = [c for c in cells if not c.counterpart and not c.linked]
    print(f"counterpart sample, tuning half: {len(cells)} pairs in a region, {len(wrong)} unlinked and wrong")
    for miss in (c for c in cells if c.counterpart and not c.linked):
        beaten = sum(1 for c in wrong if miss.beaten_by(c))
        print(
            f"  missed {miss.rule} = {miss.other}: score {miss.score:.2f}, {miss.of_row:.2f} of its row's "
            f"best, {miss.of_column:.2f} of its column's best; matched or beaten by {beaten} wrong pairs"
        )


def main() -> None:
    corpus = load_corpus(ROOT / "rules_corpus")
    concordance = build_concordance(corpus)
    aligner = Aligner(corpus)
    rows = read_alignment_set(TUNING)
    notes = {(r.left, r.right): r for r in rows}
    for quality in measure([(k.left, k.right) for k in concordance.links], rows):
        print(f"{quality.pair}: precision {quality.precision:.3f}, recall {quality.recall:.3f}")
        for missed in quality.missed:
            left, right = missed.split()
            row = notes[(left, right)]
            print(f"  missed {left} = {right} ({row.kind.value}: {row.note})")
            pair = detail(aligner, left, right)
            if pair is None:
                print("    in no common region")
            else:
                print(
                    f"    score {pair.score:.2f}, rank {pair.row_rank} in its row, {pair.column_rank} in its "
                    f"column; contained {pair.left_in_right:.2f} / {pair.right_in_left:.2f}"
                )
            other_doc = right.split(":")[0]
            instead = [
                f"{k.other(left)} ({k.score:.2f})"
                for k in concordance.by_key.get(left, [])
                if k.other(left).startswith(f"{other_doc}:")
            ]
            if instead:
                print(f"    linked instead: {', '.join(instead)}")
        for wrong in quality.wrong:
            print(f"  wrong  {wrong.replace(' ', ' = ')}")
    _print_dominance(aligner, concordance)


if __name__ == "__main__":
    main()
