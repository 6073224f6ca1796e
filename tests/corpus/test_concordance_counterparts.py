"""The counterpart sample (rules drawn at random, all their counterparts found by hand): its files, its draw,
its measure, and the concordance measured on its check half."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from ruling.corpus.concordance import Concordance
from ruling.corpus.concordance_quality import (
    AUDIT_HALVES,
    AlignmentRow,
    PairQuality,
    RowKind,
    measure_sample,
    read_alignment_set,
    sample_half,
)
from ruling.corpus.load import Corpus
from ruling.ids import Level, RuleId
from tests.corpus.concordance_figures import assert_not_below, benchmark_script

HERE = Path(__file__).resolve().parent
SAMPLE = {half: HERE / f"concordance_counterparts_{half}.tsv" for half in AUDIT_HALVES}


def _sample_script() -> ModuleType:
    return benchmark_script("concordance_counterpart_sample")


def _rows() -> dict[str, list[AlignmentRow]]:
    return {half: read_alignment_set(path) for half, path in SAMPLE.items()}


def _drawn(rows: list[AlignmentRow]) -> set[tuple[str, str]]:
    return {(r.left, r.right.split(":")[0]) for r in rows}


def test_every_row_names_a_counterpart_or_none_in_the_other_document_of_a_pair(corpus: Corpus) -> None:
    for half, rows in _rows().items():
        assert rows, half
        for row in rows:
            where = f"{SAMPLE[half].name}:{row.line}"
            assert row.correct, where
            assert row.left[:2] != row.right[:2], where
            assert (row.kind is RowKind.NONE) == row.without_counterpart, where
            assert row.kind is not RowKind.NEAR_MISS, where
            keys = [row.left] if row.without_counterpart else [row.left, row.right]
            assert [k for k in keys if corpus.rule(RuleId.parse(k)) is None] == [], where


def test_a_rule_without_counterpart_has_no_other_row_for_that_document() -> None:
    for rows in _rows().values():
        kinds: dict[tuple[str, str], set[bool]] = {}
        for row in rows:
            kinds.setdefault((row.left, row.right.split(":")[0]), set()).add(row.without_counterpart)
        assert [key for key, found in kinds.items() if len(found) > 1] == []


def test_each_drawn_rule_is_in_the_half_its_hash_says_and_in_one_half_only() -> None:
    drawn = {half: _drawn(rows) for half, rows in _rows().items()}
    for half, found in drawn.items():
        assert [d for d in found if sample_half(*d) != half] == []
    assert not drawn["tuning"] & drawn["check"]


def test_each_round_holds_per_side_rules_of_each_side_of_each_pair_all_drawable(corpus: Corpus) -> None:
    sample = _sample_script()
    drawn = set().union(*(_drawn(rows) for rows in _rows().values()))
    sides = Counter(f"{rule[:2]}-{other}" for rule, other in drawn)
    expected = {f"{a}-{b}" for pair in sample.PAIRS for a, b in (pair.split("-"), pair.split("-")[::-1])}
    assert set(sides) == expected
    assert {side: n for side, n in sides.items() if n != sample.PER_SIDE * len(sample.ROUNDS)} == {}
    for rule, _ in drawn:
        found = corpus.rule(RuleId.parse(rule))
        assert found is not None and found.level in (Level.RULE, Level.SUBRULE) and found.text.strip(), rule


def test_the_same_seed_draws_the_same_rules_and_another_seed_others(corpus: Corpus) -> None:
    sample = _sample_script()
    first = sample.draw(corpus, 3, 7)
    assert first == sample.draw(corpus, 3, 7)
    assert len(first) == 3 * 2 * len(sample.PAIRS)
    assert first != sample.draw(corpus, 3, 8)
    assert all(d.half == sample_half(d.rule, d.other) for d in first)


def test_a_later_round_draws_none_of_the_rules_it_is_told_to_leave_out(corpus: Corpus) -> None:
    sample = _sample_script()
    first = sample.draw(corpus, 5, 7)
    taken = frozenset((d.rule, d.other) for d in first)
    later = sample.draw(corpus, 5, 7, taken)
    assert len(later) == len(first)
    assert not taken & {(d.rule, d.other) for d in later}


def test_measure_sample_judges_every_link_of_a_drawn_rule_into_the_other_document(tmp_path: Path) -> None:
    path = tmp_path / "sample.tsv"
    path.write_text(
        "ru:420.5a\tja:420.5a\tcorrect\tsplit\tn\n"
        "ru:420.5a\tja:420.5g\tcorrect\tsplit\tn\n"
        "sr:D21.30\tru:none\tcorrect\tnone\tn\n"
        "ja:502.9d\tru:502.9d\tcorrect\tsame\tn\n",
        encoding="utf-8",
    )
    links = [
        ("ru:420.5a", "ja:420.5a"),
        ("ru:420.5a", "ja:420.5c"),
        ("ru:420.5a", "sr:D21.30"),
        ("ru:502.9d", "ja:502.9d"),
        ("ru:502.9b", "ja:502.9d"),
    ]
    ru_ja, ru_sr = measure_sample(links, read_alignment_set(path))
    assert (ru_ja.pair, ru_ja.judged, ru_ja.judged_correct, ru_ja.expected, ru_ja.found) == (
        "ru-ja",
        4,
        2,
        3,
        2,
    )
    assert ru_ja.missed == ("ru:420.5a ja:420.5g",)
    assert set(ru_ja.wrong) == {"ru:420.5a ja:420.5c", "ja:502.9d ru:502.9b"}
    assert (ru_sr.pair, ru_sr.judged, ru_sr.judged_correct, ru_sr.expected) == ("ru-sr", 1, 0, 0)


# -- the concordance measured on the check half ----------------------------------------------------------
FLOORS = {"ru-ja": (0.98, 0.84), "ru-sr": (0.94, 0.78), "ja-sr": (0.97, 0.92)}
"""What each pair measured on the check half of the sample when the alignment or the sample last changed,
rounded down: a change that makes the concordance worse than this fails."""


@pytest.fixture(scope="module")
def check_quality(concordance: Concordance) -> dict[str, PairQuality]:
    links = [(k.left, k.right) for k in concordance.links]
    return {q.pair: q for q in measure_sample(links, read_alignment_set(SAMPLE["check"]))}


@pytest.mark.parametrize("pair", ["ru-ja", "ru-sr", "ja-sr"])
def test_check_half_does_not_fall_below_its_last_figures(
    check_quality: dict[str, PairQuality], pair: str
) -> None:
    assert_not_below(check_quality[pair], FLOORS[pair])
