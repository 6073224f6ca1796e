"""The hand-checked alignment set: its shape, its reader, and the concordance measured on its check half."""

from __future__ import annotations

from pathlib import Path

import pytest

from ruling.corpus.concordance import Concordance
from ruling.corpus.concordance_quality import PairQuality, RowKind, measure, read_alignment_set
from ruling.corpus.load import Corpus
from ruling.errors import SourceError
from ruling.ids import RuleId
from tests.corpus.concordance_figures import assert_not_below

HERE = Path(__file__).resolve().parent
TUNING = HERE / "concordance_alignment_tuning.tsv"
CHECK = HERE / "concordance_alignment_check.tsv"
CHECKED_BEFORE = HERE.parents[1] / "rules_corpus" / "reviewed" / "concordance-checked.tsv"


def test_the_set_has_the_size_and_kinds_asked_for() -> None:
    rows = read_alignment_set(TUNING) + read_alignment_set(CHECK)
    assert len(rows) >= 200
    hard = [r for r in rows if r.kind in (RowKind.MOVED, RowKind.SPLIT, RowKind.MERGED)]
    assert len(hard) * 3 >= len(rows)
    near = [r for r in rows if r.kind is RowKind.NEAR_MISS]
    assert len(near) >= 20 and not any(r.correct for r in near)
    assert {r.pair for r in rows} == {"ru-ja", "ru-sr", "ja-sr"}


def test_the_halves_are_disjoint_and_the_check_half_was_not_tuned_on() -> None:
    tuning = {(r.left, r.right) for r in read_alignment_set(TUNING)}
    check = {(r.left, r.right) for r in read_alignment_set(CHECK)}
    assert not tuning & check
    earlier = {
        frozenset(line.split("\t")[:2])
        for line in CHECKED_BEFORE.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    }
    assert not [pair for pair in check if frozenset(pair) in earlier]


def test_every_row_names_rules_of_the_corpus(corpus: Corpus) -> None:
    for path in (TUNING, CHECK):
        for row in read_alignment_set(path):
            keys = [row.left] if row.without_counterpart else [row.left, row.right]
            missing = [k for k in keys if corpus.rule(RuleId.parse(k)) is None]
            assert missing == [], f"{path.name}:{row.line}"
            assert row.without_counterpart or row.pair == f"{row.left[:2]}-{row.right[:2]}", (
                f"{path.name}:{row.line}: the left rule must be of the earlier document"
            )


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        ("ru:1.1\tja:1.1\tcorrect\tsame", "expected 'left"),
        ("ru:1.1\tja:1.1\tmaybe\tsame\tnote", "expected 'left"),
        ("ru:1.1\tja:1.1\tcorrect\tshifted\tnote", "expected 'left"),
        ("ru:1.1\tja:nothing here\tcorrect\tsame\tnote", "expected 'left"),
    ],
)
def test_bad_rows_name_file_and_line(tmp_path: Path, row: str, expected: str) -> None:
    path = tmp_path / "set.tsv"
    path.write_text(f"# header\n{row}\n", encoding="utf-8")
    with pytest.raises(SourceError, match=expected) as caught:
        read_alignment_set(path)
    assert caught.value.line == 2


def test_measure_counts_links_to_a_rule_without_counterpart_as_wrong(tmp_path: Path) -> None:
    path = tmp_path / "set.tsv"
    path.write_text(
        "ru:420.5a\tja:420.5a\tcorrect\tsplit\tn\n"
        "ru:420.5a\tja:420.5g\tcorrect\tsplit\tn\n"
        "ru:420.5e\tja:420.5f\tincorrect\tnear-miss\tn\n"
        "ru:502.9d\tja:none\tcorrect\tnone\tn\n",
        encoding="utf-8",
    )
    links = [("ru:420.5a", "ja:420.5a"), ("ru:420.5e", "ja:420.5f"), ("ru:502.9d", "ja:502.9d")]
    (quality,) = measure(links, read_alignment_set(path))
    assert (quality.judged, quality.judged_correct, quality.expected, quality.found) == (3, 1, 2, 1)
    assert quality.missed == ("ru:420.5a ja:420.5g",)


# -- the concordance measured on the check half ----------------------------------------------------------
MIN_PRECISION = 0.95
MIN_RECALL = 0.90
BELOW_TARGET = {
    "ru-sr": "precision 0.964 (54/56), recall 0.871 (54/62) on the check half",
}
"""Document pairs whose check-half figures are below the issue's targets, with the measured figures: the
tests of these pairs are expected to fail (strict: they turn red when the pair reaches the targets, so that
this table is brought up to date)."""
FLOORS = {"ru-ja": (0.98, 0.90), "ru-sr": (0.96, 0.87), "ja-sr": (0.99, 0.94)}
"""What each pair measured on the check half when the alignment or the set last changed, rounded down: a
change that makes the concordance worse than this fails. (The rows added on 2026-11-23 judge every link of
their rules, so they test precision as the older rows seldom did: ru-ja fell from 1.000 to 0.948 and ru-sr
from 1.000 to 0.895 on the same concordance.)"""


@pytest.fixture(scope="module")
def check_quality(concordance: Concordance) -> dict[str, PairQuality]:
    links = [(k.left, k.right) for k in concordance.links]
    return {q.pair: q for q in measure(links, read_alignment_set(CHECK))}


@pytest.mark.parametrize(
    "pair",
    [
        pytest.param(p, marks=pytest.mark.xfail(reason=BELOW_TARGET[p], strict=True))
        if p in BELOW_TARGET
        else p
        for p in ("ru-ja", "ru-sr", "ja-sr")
    ],
)
def test_check_half_reaches_the_targets(check_quality: dict[str, PairQuality], pair: str) -> None:
    quality = check_quality[pair]
    assert quality.precision >= MIN_PRECISION, f"{pair}: precision {quality.precision:.3f}"
    assert quality.recall >= MIN_RECALL, f"{pair}: recall {quality.recall:.3f}"


@pytest.mark.parametrize("pair", ["ru-ja", "ru-sr", "ja-sr"])
def test_check_half_does_not_fall_below_its_last_figures(
    check_quality: dict[str, PairQuality], pair: str
) -> None:
    assert_not_below(check_quality[pair], FLOORS[pair])
