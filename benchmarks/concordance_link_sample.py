"""Draws a random sample of computed concordance links for tests/corpus/concordance_link_audit_*.tsv to judge,
and prints it as unjudged rows of those files, each with the half its pair's hash puts it in.

The sample: the computed links (not the reviewed section pairs) of ``build_concordance`` on rules_corpus/,
per document pair in the concordance's own order, less (with ``--exclude-judged``) every link whose two rules
a row of another draw already judges (either way round), then PER_PAIR links of each pair drawn with one
``random.Random(seed)`` taken in the order ru-ja, ru-sr, ja-sr; the halves by ``audit_half`` (the parity of
the SHA-1 of "left right"). The same commit of the code and corpus, seed and options draws the same rows.

The audit files hold one block per draw, each opened by a comment line ``# draw seed N: ...`` that says how
it was drawn; the rows of a block belong to the draw of seed N, so a draw leaves out the rows of the other
draws and not its own (it still draws the same rows once they are judged and appended).
The first draw (commit 925eb39) is the default: seed 2026_11_23, nothing left out. The second draw (commit
3fbc08f): ``--seed 2026_11_24 --exclude-judged``. ``--blind`` leaves out the link scores, so that the judge
reads the rules without them; the counts per pair and half go to stderr.

Run: .venv/bin/python benchmarks/concordance_link_sample.py [PER_PAIR] [--seed N] [--exclude-judged] [--blind]
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from ruling.corpus.concordance import Link, build_concordance
from ruling.corpus.concordance_quality import AUDIT_HALVES, audit_half, read_alignment_set
from ruling.corpus.load import load_corpus

ROOT = Path(__file__).resolve().parents[1]
AUDIT = [ROOT / "tests" / "corpus" / f"concordance_link_audit_{half}.tsv" for half in AUDIT_HALVES]
SEED = 2026_11_23
PER_PAIR = 40
PAIRS = ("ru-ja", "ru-sr", "ja-sr")
DRAW_MARKER = re.compile(r"# draw seed ([0-9_]+):")


def draw_seeds(path: Path) -> dict[int, int]:
    """Returns the seed of the draw each row line of an audit file belongs to (its block's marker line)."""
    seeds: dict[int, int] = {}
    seed: int | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if match := DRAW_MARKER.match(line):
            seed = int(match.group(1))
        elif line.strip() and not line.startswith("#"):
            if seed is None:
                raise SystemExit(f"{path}:{number}: a row before any '# draw seed N' line")
            seeds[number] = seed
    return seeds


def judged_pairs(paths: Iterable[Path], seed: int) -> set[frozenset[str]]:
    """Returns the pairs of rule keys that rows of the audit files at paths judge, either way round, in the
    blocks of every draw but the one of seed."""
    judged: set[frozenset[str]] = set()
    for path in paths:
        seeds = draw_seeds(path)
        judged |= {frozenset((r.left, r.right)) for r in read_alignment_set(path) if seeds[r.line] != seed}
    return judged


def draw(
    links: tuple[Link, ...],
    per_pair: int = PER_PAIR,
    seed: int = SEED,
    exclude: set[frozenset[str]] | None = None,
) -> list[Link]:
    """Returns per_pair computed links of each document pair, drawn at random with seed, none of exclude."""
    rng = random.Random(seed)
    left_out = exclude or set()
    sample: list[Link] = []
    for pair in PAIRS:
        left, right = pair.split("-")
        computed = [
            k
            for k in links
            if not k.reviewed
            and k.left.startswith(f"{left}:")
            and k.right.startswith(f"{right}:")
            and frozenset((k.left, k.right)) not in left_out
        ]
        sample += rng.sample(computed, min(per_pair, len(computed)))
    return sample


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("per_pair", nargs="?", type=int, default=PER_PAIR, help="links drawn per pair")
    parser.add_argument("--seed", type=int, default=SEED, help=f"seed of random.Random (default {SEED})")
    parser.add_argument(
        "--exclude-judged",
        action="store_true",
        help="leave out links judged by the other draws in the audit files",
    )
    parser.add_argument("--blind", action="store_true", help="print no scores")
    args = parser.parse_args()
    exclude = judged_pairs(AUDIT, args.seed) if args.exclude_judged else None
    links = build_concordance(load_corpus(ROOT / "rules_corpus")).links
    counts: Counter[tuple[str, str]] = Counter()
    for link in draw(links, args.per_pair, args.seed, exclude):
        half = audit_half(link.left, link.right)
        counts[link.left[:2] + "-" + link.right[:2], half] += 1
        score = "" if args.blind else f"\t{link.score:.2f}"
        print(f"{half}\t{link.left}\t{link.right}{score}")
    for half in AUDIT_HALVES:
        per = ", ".join(f"{counts[pair, half]} {pair}" for pair in PAIRS)
        print(f"{half}: {per}", file=sys.stderr)


if __name__ == "__main__":
    main()
