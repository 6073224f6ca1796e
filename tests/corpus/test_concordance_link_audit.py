"""The link audit (a random sample of the concordance's links, judged): its files, its split, its figures."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from ruling.corpus.concordance_quality import (
    AUDIT_HALVES,
    AlignmentRow,
    RowKind,
    audit_half,
    measure_audit,
    read_alignment_set,
)
from ruling.corpus.load import Corpus
from ruling.ids import RuleId
from tests.corpus.concordance_figures import benchmark_script

HERE = Path(__file__).resolve().parent
AUDIT = {half: HERE / f"concordance_link_audit_{half}.tsv" for half in AUDIT_HALVES}


def _sample_script() -> ModuleType:
    return benchmark_script("concordance_link_sample")


def test_the_audit_files_parse_and_judge_links_between_rules_of_the_corpus(corpus: Corpus) -> None:
    for path in AUDIT.values():
        rows = read_alignment_set(path)
        assert len(rows) >= 40
        assert not [r for r in rows if r.without_counterpart or r.kind is RowKind.NONE], path.name
        missing = [
            f"{path.name}:{r.line}"
            for r in rows
            for k in (r.left, r.right)
            if corpus.rule(RuleId.parse(k)) is None
        ]
        assert missing == []
        assert {r.pair for r in rows} == {"ru-ja", "ru-sr", "ja-sr"}
        assert [r.line for r in rows if r.pair != f"{r.left[:2]}-{r.right[:2]}"] == []


def test_each_pair_is_in_the_half_its_hash_says_and_in_one_half_only() -> None:
    pairs = {half: [(r.left, r.right) for r in read_alignment_set(path)] for half, path in AUDIT.items()}
    for half, found in pairs.items():
        assert len(set(found)) == len(found)
        assert [p for p in found if audit_half(*p) != half] == []
    assert not set(pairs["tuning"]) & set(pairs["check"])
    either_way = Counter(frozenset(p) for found in pairs.values() for p in found)
    assert [sorted(p) for p, n in either_way.items() if n > 1] == []


def test_every_row_belongs_to_a_draw_of_per_pair_links_split_between_the_halves() -> None:
    sample = _sample_script()
    drawn: Counter[tuple[int, str]] = Counter()
    for path in AUDIT.values():
        seeds = sample.draw_seeds(path)
        rows = read_alignment_set(path)
        assert sorted(seeds) == [r.line for r in rows]
        drawn.update((seeds[r.line], r.pair) for r in rows)
    draws = {seed for seed, _ in drawn}
    assert sample.SEED in draws and len(draws) >= 2
    assert {key: n for key, n in drawn.items() if n != sample.PER_PAIR} == {}
    assert len(drawn) == len(draws) * len(sample.PAIRS)


def test_a_draw_leaves_out_the_links_of_the_other_draws_only(tmp_path: Path) -> None:
    sample = _sample_script()
    path = tmp_path / "audit.tsv"
    path.write_text(
        "# header\n# draw seed 1: first\nru:100.1\tja:100.1\tcorrect\tsame\t\n"
        "# draw seed 2_0: second\nja:100.2\tru:100.2\tincorrect\tnear-miss\t\n",
        encoding="utf-8",
    )
    assert sample.draw_seeds(path) == {3: 1, 5: 20}
    assert sample.judged_pairs([path], 20) == {frozenset(("ru:100.1", "ja:100.1"))}
    assert sample.judged_pairs([path], 3) == {
        frozenset(("ru:100.1", "ja:100.1")),
        frozenset(("ru:100.2", "ja:100.2")),
    }
    path.write_text("ru:100.1\tja:100.1\tcorrect\tsame\t\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"audit\.tsv:1"):
        sample.draw_seeds(path)


def test_the_halves_split_by_the_parity_of_the_sha1() -> None:
    # SHA-1 of "ru:1.1 ja:1.1": ...3ba (even); of "ru:1.3 ja:1.3": ...c99; of "ja:1.1 sr:A1.10": ...b03.
    assert audit_half("ru:1.1", "ja:1.1") == "tuning"
    assert audit_half("ru:1.3", "ja:1.3") == "check"
    assert audit_half("ja:1.1", "sr:A1.10") == "check"


def _row(left: str, right: str, correct: bool) -> AlignmentRow:
    return AlignmentRow(left, right, correct, RowKind.SAME if correct else RowKind.NEAR_MISS, "", 1)


def test_measure_audit_counts_precision_over_the_links_still_made_and_the_dropped_apart() -> None:
    rows = [
        _row("ru:1.1", "ja:1.1", True),
        _row("ru:1.2", "ja:1.2", False),
        _row("ru:1.3", "ja:1.3", True),
        _row("ja:1.1", "sr:A1.10", True),
    ]
    figures = measure_audit([("ja:1.1", "ru:1.1"), ("ru:1.2", "ja:1.2"), ("ja:1.1", "sr:A1.10")], rows)
    assert [(q.pair, q.judged, q.judged_correct, q.dropped) for q in figures] == [
        ("ru-ja", 2, 1, 1),
        ("ja-sr", 1, 1, 0),
    ]
    assert figures[0].precision == 0.5
