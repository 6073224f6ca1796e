"""Prints the concordance figures: precision and recall per document pair on both halves of the hand-checked
alignment set (tests/corpus/concordance_alignment_*.tsv; quote the check half, the tuning half was tuned on),
the precision of the links of a random sample, judged, that the concordance still makes, and how many of them
it no longer makes (tests/corpus/concordance_link_audit_*.tsv, both halves; precision only), precision and
recall on rules drawn at random whose counterparts were all found by hand (concordance_counterparts_*.tsv),
precision on the older checked pairs (rules_corpus/reviewed/concordance-checked.tsv), the rules left without
any counterpart per document with the share of a hand-checked sample of them that truly have none, how well
the similarity ranks the true counterparts (mean reciprocal rank, ``concordance_ranking``: a figure that does
not move with the link thresholds, for judging what rules are compared by), and the
time to align everything, one rule alone, and one rule's lookup in the cached concordance (distorted when
other processes share the machine).

Run: .venv/bin/python benchmarks/concordance_bench.py
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from ruling.corpus.concordance import (
    DOCUMENTS,
    Aligner,
    build_concordance,
    counterparts,
    evaluate,
    rule_links,
)
from ruling.corpus.concordance_data import read_checked_pairs
from ruling.corpus.concordance_quality import (
    AUDIT_HALVES,
    AlignmentRow,
    AuditQuality,
    PairQuality,
    measure,
    measure_audit,
    measure_sample,
    read_alignment_set,
)
from ruling.corpus.concordance_ranking import rank_quality
from ruling.corpus.load import load_corpus
from ruling.corpus.model import read_tsv_rows
from ruling.ids import Level

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "rules_corpus"
SETS = ROOT / "tests" / "corpus"
SAMPLE = SETS / "concordance_unlinked_sample.tsv"
SAMPLE_KEYS = ("ru:502.9b", "ja:420.5c", "sr:D21.53", "sr:E3.102", "ja:410.10d")


WHOLE_MARK = "# Rows below were added on 2026-11-23"
"""The comment that starts, in each half, the rows for which every link of their rules was judged."""


def _line_of(path: Path, mark: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next((n for n, line in enumerate(lines, 1) if line.startswith(mark)), len(lines) + 1)


def _precision(quality: PairQuality | AuditQuality) -> str:
    return f"{quality.precision:.3f} ({quality.judged_correct}/{quality.judged})"


def _print_quality(half: str, figures: list[PairQuality]) -> None:
    for quality in figures:
        recall = f"{quality.recall:.3f} ({quality.found}/{quality.expected})"
        print(f"{half:7} {quality.pair:6} {_precision(quality):>17} {recall:>17}")


def print_link_audit(pairs: list[tuple[str, str]]) -> None:
    """Prints per half and document pair the precision of the audited links still made, and the others."""
    print("random sample of links, judged (precision only; tests/corpus/concordance_link_audit_*.tsv):")
    print(f"{'half':7} {'pair':6} {'precision':>17} {'no longer linked':>17}")
    for half in AUDIT_HALVES:
        for quality in measure_audit(pairs, read_alignment_set(SETS / f"concordance_link_audit_{half}.tsv")):
            print(f"{half:7} {quality.pair:6} {_precision(quality):>17} {quality.dropped:17d}")


def main() -> None:
    corpus = load_corpus(CORPUS)
    start = time.perf_counter()
    concordance = build_concordance(corpus)
    build_seconds = time.perf_counter() - start
    reviewed = sum(1 for link in concordance.links if link.reviewed)
    print(f"links: {len(concordance.links)} ({reviewed} reviewed section pairs, the rest computed)")
    pairs = [(k.left, k.right) for k in concordance.links]
    print(f"{'half':7} {'pair':6} {'precision':>17} {'recall':>17}")
    judged_whole: dict[str, list[AlignmentRow]] = {}
    for half in ("tuning", "check"):
        path = SETS / f"concordance_alignment_{half}.tsv"
        rows = read_alignment_set(path)
        mark = _line_of(path, WHOLE_MARK)
        judged_whole[half] = [r for r in rows if r.line > mark]
        _print_quality(half, measure(pairs, rows))
    print("the same, rows that judge every link of their rules only (added on 2026-11-23):")
    for half, rows in judged_whole.items():
        _print_quality(half, measure(pairs, rows))
    print_link_audit(pairs)
    print("rules drawn at random, all their counterparts found by hand (concordance_counterparts_*.tsv):")
    print(f"{'half':7} {'pair':6} {'precision':>17} {'recall':>17}")
    for half in AUDIT_HALVES:
        _print_quality(
            half, measure_sample(pairs, read_alignment_set(SETS / f"concordance_counterparts_{half}.tsv"))
        )
    print("ranking of the true counterparts among the rules of their region (correct rows):")
    header = f"{'ranked':>7} {'mean reciprocal rank':>21} {'each other best':>16} {'no region':>10}"
    print(f"{'half':7} {'pair':6} {header}")
    aligner = Aligner(corpus)
    for half in ("tuning", "check"):
        for rank in rank_quality(aligner, read_alignment_set(SETS / f"concordance_alignment_{half}.tsv")):
            print(
                f"{half:7} {rank.pair:6} {rank.ranked:7d} {rank.mean_reciprocal:21.3f} "
                f"{rank.mutual_best:16d} {rank.outside:10d}"
            )
    print("older checked pairs (concordance-checked.tsv, tuned on by the first concordance):")
    for score in evaluate(concordance, read_checked_pairs(CORPUS)):
        print(f"  {score.pair:6} {score.correct}/{score.checked} correct, precision {score.precision:.3f}")
    sample = {fields[0]: fields[1] for _, fields in read_tsv_rows(SAMPLE)}
    print(f"{'doc':4} {'rules':>6} {'without counterpart':>20} {'sampled':>8} {'truly none':>11}")
    for code in DOCUMENTS:
        rules = [r for r in corpus.documents[code].rules if r.level is not Level.PART]
        alone = {r.key for r in rules if not concordance.by_key.get(r.key)}
        checked = [verdict for key, verdict in sample.items() if key in alone]
        none = sum(1 for v in checked if v == "none")
        share = f"{none}/{len(checked)}" if checked else "-"
        print(f"{code:4} {len(rules):6d} {len(alone):20d} {len(checked):8d} {share:>11}")
    start = time.perf_counter()
    for key in SAMPLE_KEYS:
        rule_links(corpus, key)
    aligned_ms = (time.perf_counter() - start) / len(SAMPLE_KEYS) * 1000
    with tempfile.TemporaryDirectory() as cache:
        os.environ["RULING_CACHE"] = cache
        counterparts(corpus, SAMPLE_KEYS[0])
        start = time.perf_counter()
        for key in SAMPLE_KEYS:
            counterparts(corpus, key)
        cached_ms = (time.perf_counter() - start) / len(SAMPLE_KEYS) * 1000
    print(
        f"whole alignment: {build_seconds:.2f} s; one rule aligned alone: {aligned_ms:.0f} ms; "
        f"one rule's counterparts from the cached concordance (ruling show): {cached_ms:.0f} ms"
    )


if __name__ == "__main__":
    main()
