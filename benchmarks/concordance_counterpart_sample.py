"""Draws a random sample of rules for tests/corpus/concordance_counterparts_*.tsv, whose counterparts in the
other document of a pair are then found by hand: a measure of recall on rules nobody chose, where the
alignment set (tests/corpus/concordance_alignment_*.tsv) was chosen for its hard cases and the link audit
(concordance_link_audit_*.tsv) judges only links already made.

The sample, per document pair in the order ru-ja, ru-sr, ja-sr: PER_SIDE rules of the pair's earlier
document, then PER_SIDE of its later one, each drawn with one ``random.Random(seed)`` by ``random.sample``
from the rules of that document with a text of their own (parts, sections and title-only headings left out),
in document order, less every rule that a row of the alignment set already judges against the pair's other
document. A rule is in the half ``sample_half(rule, other document)`` says (the parity of the SHA-1 of
"rule other"), fixed before any rule is judged. The same corpus, seed and size draw the same rules.

``--sheets DIR`` writes one judging sheet per pair (DIR/ru-ja.md …): each drawn rule whole, then its
candidates in the other document, shuffled and without scores or links so the judge is not led: the rules
the alignment scores highest against it in its region, the rule of the same number, and the rules the
concordance links it to. A judge reads the candidates and searches the other document for the rest.

A later round of the sample (``--seed`` another, ``--exclude-drawn``) leaves out, besides, every rule the
sample files (tests/corpus/concordance_counterparts_*.tsv) already hold against that document, so the rounds
never draw a rule twice. The rounds so far are ROUNDS.

Run: .venv/bin/python benchmarks/concordance_counterpart_sample.py [PER_SIDE] [--seed N] [--exclude-drawn]
     [--sheets DIR]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ruling.corpus.concordance import Aligner, build_concordance
from ruling.corpus.concordance_moves import _cells_of
from ruling.corpus.concordance_quality import AUDIT_HALVES, read_alignment_set, sample_half
from ruling.corpus.load import Corpus, load_corpus
from ruling.corpus.model import Rule
from ruling.ids import Level, RuleId

ROOT = Path(__file__).resolve().parents[1]
SETS = ROOT / "tests" / "corpus"
ALIGNMENT = [SETS / f"concordance_alignment_{half}.tsv" for half in AUDIT_HALVES]
SAMPLE = [SETS / f"concordance_counterparts_{half}.tsv" for half in AUDIT_HALVES]
ROUNDS = (2026_11_25, 2026_11_27, 2026_11_29)
"""The seeds of the rounds drawn: the first alone, each later one with ``--exclude-drawn``."""
SEED = ROUNDS[0]
PER_SIDE = 25
PAIRS = ("ru-ja", "ru-sr", "ja-sr")
CANDIDATES = 8


@dataclass(frozen=True, slots=True)
class Drawn:
    """One drawn rule, the document its counterparts are sought in, and its half."""

    rule: str
    other: str
    half: str


def already_judged(paths: list[Path]) -> set[tuple[str, str]]:
    """Returns the (rule, other document) pairs that rows of the alignment set judge, either way round."""
    judged: set[tuple[str, str]] = set()
    for path in paths:
        for row in read_alignment_set(path):
            judged.add((row.left, row.right.split(":")[0]))
            if not row.without_counterpart:
                judged.add((row.right, row.left.split(":")[0]))
    return judged


def drawable(corpus: Corpus, doc: str, other: str, judged: set[tuple[str, str]]) -> list[Rule]:
    """Returns the rules of doc, in document order, that a sample against other may draw."""
    return [
        rule
        for rule in corpus.documents[doc].rules
        if rule.level in (Level.RULE, Level.SUBRULE) and rule.text.strip() and (rule.key, other) not in judged
    ]


def already_drawn(paths: list[Path]) -> set[tuple[str, str]]:
    """Returns the (rule, other document) pairs that the sample files already hold."""
    return {(row.left, row.right.split(":")[0]) for path in paths for row in read_alignment_set(path)}


def draw(
    corpus: Corpus,
    per_side: int = PER_SIDE,
    seed: int = SEED,
    exclude: frozenset[tuple[str, str]] = frozenset(),
) -> list[Drawn]:
    """Returns per_side rules of each side of each document pair, drawn at random with seed, leaving out
    the (rule, other document) pairs of exclude besides those the alignment set judges."""
    rng = random.Random(seed)
    judged = already_judged(ALIGNMENT) | exclude
    sample: list[Drawn] = []
    for pair in PAIRS:
        left, right = pair.split("-")
        for doc, other in ((left, right), (right, left)):
            rules = drawable(corpus, doc, other, judged)
            for rule in rng.sample(rules, min(per_side, len(rules))):
                sample.append(Drawn(rule.key, other, sample_half(rule.key, other)))
    return sample


def candidates(aligner: Aligner, linked: dict[str, set[str]], drawn: Drawn) -> list[str]:
    """Returns the rules of the other document a judge is shown first for a drawn rule (see the module)."""
    found: set[str] = {k for k in linked.get(drawn.rule, set()) if k.startswith(f"{drawn.other}:")}
    rule_id = RuleId.parse(drawn.rule)
    same = (
        RuleId.parse(f"{drawn.other}:{rule_id.local}")
        if drawn.other != "sr" and rule_id.doc != "sr"
        else None
    )
    if same is not None and aligner.corpus.rule(same) is not None:
        found.add(str(same))
    cells = [
        (c.value, next(k for k in c.keys if k != drawn.rule))
        for c in _cells_of(aligner, drawn.rule, drawn.other)
    ]
    found |= {key for _, key in sorted(cells, key=lambda c: (-c[0], c[1]))[:CANDIDATES]}
    return sorted(found)


def rule_text(corpus: Corpus, key: str) -> str:
    """Returns a rule as a judge reads it: its id, the titles above it, its text and examples."""
    rule = corpus.rule(RuleId.parse(key))
    if rule is None:
        return f"{key}: (no such rule)"
    above: list[str] = []
    parent = rule.parent
    while parent is not None:
        found = corpus.rule(parent)
        if found is not None and found.title:
            above.append(f"{parent.local} {found.title}")
        parent = parent.parent
    lines = [
        f"### {key}" + (f" ({rule.title})" if rule.title else ""),
        f"under: {' / '.join(reversed(above))}",
    ]
    lines.append(rule.text)
    lines += [f"example: {e.text}" for e in rule.examples]
    return "\n".join(lines)


def write_sheets(corpus: Corpus, sample: list[Drawn], folder: Path, seed: int) -> None:
    """Writes one judging sheet per document pair into folder."""
    folder.mkdir(parents=True, exist_ok=True)
    aligner = Aligner(corpus)
    linked: dict[str, set[str]] = {}
    for link in build_concordance(corpus).links:
        linked.setdefault(link.left, set()).add(link.right)
        linked.setdefault(link.right, set()).add(link.left)
    rng = random.Random(seed + 1)
    for pair in PAIRS:
        docs = pair.split("-")
        blocks: list[str] = [f"# Judging sheet {pair}\n"]
        for number, drawn in enumerate(d for d in sample if {d.rule[:2], d.other} == set(docs)):
            shown = candidates(aligner, linked, drawn)
            rng.shuffle(shown)
            blocks.append(
                f"## {number + 1}. {drawn.rule} -> {drawn.other}\n\n{rule_text(corpus, drawn.rule)}\n"
            )
            blocks.append(f"Candidates in {drawn.other} (unordered):\n")
            blocks += [rule_text(corpus, key) + "\n" for key in shown]
        (folder / f"{pair}.md").write_text("\n".join(blocks), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "per_side", nargs="?", type=int, default=PER_SIDE, help="rules drawn per side of a pair"
    )
    parser.add_argument("--seed", type=int, default=SEED, help=f"seed of random.Random (default {SEED})")
    parser.add_argument(
        "--exclude-drawn", action="store_true", help="leave out the rules the sample files already hold"
    )
    parser.add_argument("--sheets", type=Path, help="write the judging sheets into this folder")
    args = parser.parse_args()
    corpus = load_corpus(ROOT / "rules_corpus")
    exclude = frozenset(already_drawn(SAMPLE)) if args.exclude_drawn else frozenset()
    sample = draw(corpus, args.per_side, args.seed, exclude)
    counts: Counter[tuple[str, str]] = Counter()
    for drawn in sample:
        counts[drawn.half, f"{drawn.rule[:2]}->{drawn.other}"] += 1
        print(f"{drawn.half}\t{drawn.rule}\t{drawn.other}")
    for half in AUDIT_HALVES:
        per = ", ".join(f"{n} {side}" for (h, side), n in sorted(counts.items()) if h == half)
        print(f"{half}: {per}", file=sys.stderr)
    if args.sheets:
        write_sheets(corpus, sample, args.sheets, args.seed)


if __name__ == "__main__":
    main()
