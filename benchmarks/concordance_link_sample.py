"""Draws the random sample of computed concordance links that tests/corpus/concordance_link_audit_*.tsv judge,
and prints it as unjudged rows of those files, each with the half its pair's hash puts it in.

The sample: the computed links (not the reviewed section pairs) of ``build_concordance`` on rules_corpus/,
per document pair in the concordance's own order, PER_PAIR links of each pair drawn with one
``random.Random(SEED)`` taken in the order ru-ja, ru-sr, ja-sr; the halves by ``audit_half`` (the parity of
the SHA-1 of "left right"). The same commit of the code and corpus draws the same rows.

Run: .venv/bin/python benchmarks/concordance_link_sample.py [PER_PAIR]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from ruling.corpus.concordance import Link, build_concordance
from ruling.corpus.concordance_quality import audit_half
from ruling.corpus.load import load_corpus

ROOT = Path(__file__).resolve().parents[1]
SEED = 2026_11_23
PER_PAIR = 40
PAIRS = ("ru-ja", "ru-sr", "ja-sr")


def draw(links: tuple[Link, ...], per_pair: int = PER_PAIR, seed: int = SEED) -> list[Link]:
    """Returns per_pair computed links of each document pair, drawn at random with seed."""
    rng = random.Random(seed)
    sample: list[Link] = []
    for pair in PAIRS:
        left, right = pair.split("-")
        computed = [
            k
            for k in links
            if not k.reviewed and k.left.startswith(f"{left}:") and k.right.startswith(f"{right}:")
        ]
        sample += rng.sample(computed, min(per_pair, len(computed)))
    return sample


def main() -> None:
    per_pair = int(sys.argv[1]) if len(sys.argv) > 1 else PER_PAIR
    for link in draw(build_concordance(load_corpus(ROOT / "rules_corpus")).links, per_pair):
        print(f"{audit_half(link.left, link.right)}\t{link.left}\t{link.right}\t{link.score:.2f}")


if __name__ == "__main__":
    main()
