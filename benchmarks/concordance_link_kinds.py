"""Prints how the computed links of each document pair arise, so that a reader can sample each kind and judge
how right it is: first (the two rules are each other's best match), second (a further part of a split or
merged rule), absorbed (a rule joins a longer one that says it), head (a rule linked to two subrules of a
rule links to that rule too), across (a rule moved to another part, each the other's best in the whole
document), chained (two links through ja), moved (confirmed through the third document) and gap (two rules
left alone at the same place between linked neighbours, or between linked siblings).
With a pair (``ru-sr``) and a kind it lists the links of that kind with the start of both rule texts.

Run: .venv/bin/python benchmarks/concordance_link_kinds.py [PAIR KIND [CHARACTERS]]
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from ruling.corpus.concordance import Aligner, Link, _through, build_concordance
from ruling.corpus.concordance_gaps import gap_links
from ruling.corpus.concordance_moves import confirmed_moves
from ruling.corpus.concordance_parts import moved_across
from ruling.corpus.load import load_corpus
from ruling.ids import RuleId

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("first", "second", "absorbed", "head", "across", "chained", "moved", "gap")


def link_kinds(aligner: Aligner) -> dict[tuple[str, str], str]:
    """Maps each computed link (left, right) to the step of ``build_concordance`` that makes it first."""
    direct: list[Link] = []
    for region in aligner.regions:
        direct += aligner.align_region(region)
    across = moved_across(aligner, direct)
    direct += across
    moved = confirmed_moves(aligner, direct)
    chained = _through(direct, aligner.is_mutual, aligner.resembles)
    gaps = gap_links(aligner, aligner.reviewed_links() + direct + chained + moved)
    kinds: dict[tuple[str, str], str] = {}
    for link in direct:
        if link in across:
            kind = "across"
        elif any("says all the other says" in item for item in link.evidence):
            kind = "absorbed"
        elif any(item.startswith("the rule whose subrules") for item in link.evidence):
            kind = "head"
        else:
            kind = "first" if aligner.is_mutual(link) else "second"
        kinds.setdefault((link.left, link.right), kind)
    for kind, links in (("chained", chained), ("moved", moved), ("gap", gaps)):
        for link in links:
            kinds.setdefault((link.left, link.right), kind)
    return kinds


def _pair(link: Link) -> str:
    return f"{link.left.split(':')[0]}-{link.right.split(':')[0]}"


def main() -> None:
    corpus = load_corpus(ROOT / "rules_corpus")
    kinds = link_kinds(Aligner(corpus))
    links = [k for k in build_concordance(corpus).links if not k.reviewed]
    counts = Counter((_pair(k), kinds[(k.left, k.right)]) for k in links)
    for pair in ("ru-ja", "ru-sr", "ja-sr"):
        print(pair, " ".join(f"{kind} {counts[(pair, kind)]}" for kind in KINDS))
    if len(sys.argv) < 3:
        return
    pair, wanted = sys.argv[1], sys.argv[2]
    width = int(sys.argv[3]) if len(sys.argv) > 3 else 160
    for link in links:
        if _pair(link) != pair or kinds[(link.left, link.right)] != wanted:
            continue
        print(f"{link.left} = {link.right} ({link.score:.2f}): {link.reason[:width]}")
        for key in (link.left, link.right):
            rule = corpus.rule(RuleId.parse(key))
            text = f"{rule.title or ''} {rule.text}" if rule is not None else ""
            print("   ", text.replace("\n", " ")[:width])


if __name__ == "__main__":
    main()
