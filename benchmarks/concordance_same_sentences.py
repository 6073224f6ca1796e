"""Prints what the same-sentence step of the concordance (``concordance_splits.same_sentences``) finds: the
pairs of rules of each region that say a sentence alike, which no other rule of the region says, how many of
those at or above the weight floor the other steps link already, the pairs the step adds, and the pairs
below the floor (down to FLOOR, or the first argument) that it leaves alone, with their rule texts to judge.

Run: .venv/bin/python benchmarks/concordance_same_sentences.py [FLOOR]
"""

from __future__ import annotations

import sys
from pathlib import Path

from ruling.corpus.concordance import Aligner, build_concordance, near_matrices
from ruling.corpus.concordance_splits import _SAME_SENTENCE_MASS, same_sentences
from ruling.corpus.load import load_corpus
from ruling.ids import RuleId

ROOT = Path(__file__).resolve().parents[1]
FLOOR = 3.0
"""The least weight of the pairs listed below the step's floor."""
STEP = "a sentence of each says the same"


def main() -> None:
    corpus = load_corpus(ROOT / "rules_corpus")
    floor = float(sys.argv[1]) if len(sys.argv) > 1 else FLOOR
    links = build_concordance(corpus).links
    by_others = {(k.left, k.right) for k in links if not any(e.startswith(STEP) for e in k.evidence)}
    aligner = Aligner(corpus)
    above: list[tuple[str, str, float]] = []
    below: list[tuple[str, str, float]] = []
    for region in aligner.regions:
        scores = aligner.score_region(region)
        _, part_near = near_matrices(scores)
        for i, j, sentence in same_sentences(scores, part_near, set(), floor):
            mass = sum(scores.weights[c] for c in sentence)
            pair = (scores.left[i].rule.key, scores.right[j].rule.key, mass)
            (above if mass >= _SAME_SENTENCE_MASS else below).append(pair)
    linked = [p for p in above if p[:2] in by_others]
    print(f"at or above {_SAME_SENTENCE_MASS}: {len(above)} pairs, {len(linked)} linked by the other steps")
    for title, pairs in (("added by the step", above), (f"below the floor, down to {floor}", below)):
        print(title + ":")
        for left, right, mass in pairs:
            if (left, right) not in by_others:
                print(f"  {left} = {right} (weight {mass:.1f})")
                for key in (left, right):
                    rule = corpus.rule(RuleId.parse(key))
                    print("     ", (rule.text if rule is not None else "").replace("\n", " ")[:140])


if __name__ == "__main__":
    main()
