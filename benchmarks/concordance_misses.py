"""Prints what the concordance gets wrong on the TUNING half of the hand-checked alignment set: each correct
row it does not link (with the kind and note of the row, the similarity of the pair, the ranks both ways and
the containment of each rule in the other, and the links the rule has instead), and each wrong link.

Only the tuning half: the check half is measured (``concordance_bench.py``), never looked into.

Run: .venv/bin/python benchmarks/concordance_misses.py
"""

from __future__ import annotations

from pathlib import Path

from ruling.corpus.concordance import Aligner, build_concordance
from ruling.corpus.concordance_quality import measure, read_alignment_set
from ruling.corpus.concordance_ranking import detail
from ruling.corpus.load import load_corpus

ROOT = Path(__file__).resolve().parents[1]
TUNING = ROOT / "tests" / "corpus" / "concordance_alignment_tuning.tsv"


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


if __name__ == "__main__":
    main()
