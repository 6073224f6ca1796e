"""Prints the concordance figures: links and precision per document pair on the hand-checked set
(rules_corpus/reviewed/concordance-checked.tsv), and the time to align everything and one rule's units.

Run: .venv/bin/python benchmarks/concordance_bench.py
"""

from __future__ import annotations

import time
from pathlib import Path

from ruling.corpus.concordance import build_concordance, counterparts, evaluate
from ruling.corpus.concordance_data import read_checked_pairs
from ruling.corpus.load import load_corpus

CORPUS = Path(__file__).resolve().parents[1] / "rules_corpus"
SAMPLE_KEYS = ("ru:502.9b", "ja:420.5c", "sr:D21.53", "sr:E3.102", "ja:410.10d")


def main() -> None:
    corpus = load_corpus(CORPUS)
    start = time.perf_counter()
    concordance = build_concordance(corpus)
    build_seconds = time.perf_counter() - start
    reviewed = sum(1 for link in concordance.links if link.reviewed)
    print(f"links: {len(concordance.links)} ({reviewed} reviewed section pairs, the rest computed)")
    print(f"{'pair':6} {'links':>6} {'checked':>8} {'correct':>8} {'precision':>10}")
    for score in evaluate(concordance, read_checked_pairs(CORPUS)):
        print(
            f"{score.pair:6} {score.links:6d} {score.checked:8d} {score.correct:8d} {score.precision:10.3f}"
        )
    start = time.perf_counter()
    for key in SAMPLE_KEYS:
        counterparts(corpus, key)
    one_ms = (time.perf_counter() - start) / len(SAMPLE_KEYS) * 1000
    print(f"whole alignment: {build_seconds:.2f} s; one rule's counterparts (ruling show): {one_ms:.0f} ms")


if __name__ == "__main__":
    main()
