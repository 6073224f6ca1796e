"""Measures the concordance against a hand-checked alignment set: precision and recall per document pair.

An alignment set is a TSV file of ``left<TAB>right<TAB>correct|incorrect<TAB>kind<TAB>note`` rows; ``right``
is ``DOC:none`` where the left rule has no counterpart in DOC (such a row may name the later document
first). A link is judged when its pair is a row, or when it joins a rule to a document the rule has a
``none`` row for (then it is wrong). Precision is the share of judged links that are correct; recall the
share of correct rows that are links.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from ruling.corpus.model import read_tsv_rows
from ruling.errors import RuleIdError, SourceError
from ruling.ids import RuleId

_DOCUMENTS = ("ru", "ja", "sr")
NONE = "none"
"""The right-hand local part of a row saying the left rule has no counterpart in that document."""


class RowKind(StrEnum):
    """What a checked row shows about the two rules."""

    SAME = "same"
    MOVED = "moved"
    SPLIT = "split"
    MERGED = "merged"
    NEAR_MISS = "near-miss"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class AlignmentRow:
    """One hand-checked row: two rules that are (or are not) the same, or a rule without counterpart."""

    left: str
    right: str
    correct: bool
    kind: RowKind
    note: str
    line: int

    @property
    def pair(self) -> str:
        """The document pair, earlier document first (a ``none`` row may name the later one first)."""
        docs = sorted((self.left.split(":")[0], self.right.split(":")[0]), key=_DOCUMENTS.index)
        return "-".join(docs)

    @property
    def without_counterpart(self) -> bool:
        return self.right.endswith(f":{NONE}")


def read_alignment_set(path: Path) -> list[AlignmentRow]:
    """Returns the rows of an alignment set file, ids in canonical form; a bad row raises SourceError."""
    rows: list[AlignmentRow] = []
    expected = "expected 'left<TAB>right<TAB>correct|incorrect<TAB>kind<TAB>note'"
    for number, fields in read_tsv_rows(path):
        if len(fields) != 5 or fields[2] not in ("correct", "incorrect"):
            raise SourceError(str(path), number, expected)
        try:
            kind = RowKind(fields[3])
            left = str(RuleId.parse(fields[0]))
            right = fields[1] if fields[1].endswith(f":{NONE}") else str(RuleId.parse(fields[1]))
        except (ValueError, RuleIdError) as exc:
            raise SourceError(str(path), number, f"{expected}: {exc}") from exc
        rows.append(AlignmentRow(left, right, fields[2] == "correct", kind, fields[4], number))
    return rows


@dataclass(frozen=True, slots=True)
class PairQuality:
    """The figures of one document pair: judged links, correct ones, correct rows and those found."""

    pair: str
    judged: int
    judged_correct: int
    expected: int
    found: int
    missed: tuple[str, ...]
    wrong: tuple[str, ...]

    @property
    def precision(self) -> float:
        return self.judged_correct / self.judged if self.judged else 1.0

    @property
    def recall(self) -> float:
        return self.found / self.expected if self.expected else 1.0


def measure(links: Iterable[tuple[str, str]], rows: Iterable[AlignmentRow]) -> list[PairQuality]:
    """Returns precision and recall per document pair of links (pairs of rule keys) against rows."""
    rows = list(rows)
    linked: dict[str, set[str]] = {}
    for left, right in links:
        linked.setdefault(left, set()).add(right)
        linked.setdefault(right, set()).add(left)
    verdicts = {frozenset((r.left, r.right)): r for r in rows if not r.without_counterpart}
    figures: dict[str, dict[str, list[str]]] = {}
    judged: set[str] = set()
    for row in rows:
        entry = figures.setdefault(row.pair, {"good": [], "bad": [], "expected": [], "found": []})
        other_doc = row.right.split(":")[0]
        if row.without_counterpart:
            others = sorted(k for k in linked.get(row.left, ()) if k.startswith(f"{other_doc}:"))
            entry["bad"] += [f"{row.left} {k}" for k in others if f"{row.left} {k}" not in judged]
            judged |= {f"{row.left} {k}" for k in others}
            continue
        is_link = row.right in linked.get(row.left, set())
        if row.correct:
            entry["expected"].append(f"{row.left} {row.right}")
            if is_link:
                entry["found"].append(f"{row.left} {row.right}")
        if is_link and f"{row.left} {row.right}" not in judged:
            judged.add(f"{row.left} {row.right}")
            entry["good" if verdicts[frozenset((row.left, row.right))].correct else "bad"].append(
                f"{row.left} {row.right}"
            )
    result = []
    for pair in sorted(figures, key=pair_order):
        entry = figures[pair]
        found = set(entry["found"])
        result.append(
            PairQuality(
                pair,
                len(entry["good"]) + len(entry["bad"]),
                len(entry["good"]),
                len(entry["expected"]),
                len(found),
                tuple(k for k in entry["expected"] if k not in found),
                tuple(entry["bad"]),
            )
        )
    return result


def pair_order(pair: str) -> tuple[int, int]:
    """Sorts document pairs (``ru-ja``) in the documents' order: ru-ja, ru-sr, ja-sr."""
    left, right = pair.split("-")
    return _DOCUMENTS.index(left), _DOCUMENTS.index(right)


AUDIT_HALVES = ("tuning", "check")
"""The halves of the link audit (tests/corpus/concordance_link_audit_*.tsv), by audit_half's parity."""


def audit_half(left: str, right: str) -> str:
    """Returns the half of the link audit a pair of rule keys belongs to: by the parity of the SHA-1 of
    ``"left right"`` (even: tuning, odd: check), so the split was fixed before any link was judged."""
    digest = hashlib.sha1(f"{left} {right}".encode()).hexdigest()
    return AUDIT_HALVES[int(digest, 16) % 2]


def sample_half(rule: str, other: str) -> str:
    """Returns the half of the counterpart sample a drawn rule belongs to, sought in document other: by the
    parity of the SHA-1 of ``"rule other"`` (even: tuning, odd: check, as ``audit_half``), fixed before any
    rule was judged."""
    return audit_half(rule, other)


@dataclass(frozen=True, slots=True)
class AuditQuality:
    """The figures of one document pair on a random sample of links, judged: precision only (the rows were
    drawn from links, so recall means nothing on them)."""

    pair: str
    judged: int
    judged_correct: int
    dropped: int
    """Audited links the concordance no longer makes (their verdicts say nothing about the links it makes)."""

    @property
    def precision(self) -> float:
        return self.judged_correct / self.judged if self.judged else 1.0


def measure_audit(links: Iterable[tuple[str, str]], rows: Iterable[AlignmentRow]) -> list[AuditQuality]:
    """Returns per document pair the precision of the audited links still made, and how many are not."""
    made = {frozenset(pair) for pair in links}
    figures: dict[str, list[int]] = {}
    for row in rows:
        entry = figures.setdefault(row.pair, [0, 0, 0])
        if frozenset((row.left, row.right)) in made:
            entry[0] += 1
            entry[1] += row.correct
        else:
            entry[2] += 1
    return [AuditQuality(pair, *figures[pair]) for pair in sorted(figures, key=pair_order)]


def sample_counterparts(rows: Iterable[AlignmentRow]) -> dict[tuple[str, str], set[str]]:
    """Returns, for each rule drawn into the counterpart sample and the document it was judged against,
    all its counterparts there (none for a ``DOC:none`` row)."""
    wanted: dict[tuple[str, str], set[str]] = {}
    for row in rows:
        found = wanted.setdefault((row.left, row.right.split(":")[0]), set())
        if not row.without_counterpart and row.correct:
            found.add(row.right)
    return wanted


def measure_sample(links: Iterable[tuple[str, str]], rows: Iterable[AlignmentRow]) -> list[PairQuality]:
    """Returns precision and recall per document pair on the counterpart sample: rows whose left rule was
    drawn at random and whose right rules are all its counterparts in that document (or ``DOC:none``).
    Every link of a drawn rule into that document is judged: correct when a row names it, else wrong."""
    linked: dict[str, set[str]] = {}
    for left, right in links:
        linked.setdefault(left, set()).add(right)
        linked.setdefault(right, set()).add(left)
    figures: dict[str, dict[str, list[str]]] = {}
    for (drawn, other), counterparts in sample_counterparts(rows).items():
        pair = "-".join(sorted((drawn.split(":")[0], other), key=_DOCUMENTS.index))
        entry = figures.setdefault(pair, {"found": [], "wrong": [], "missed": []})
        made = {k for k in linked.get(drawn, set()) if k.startswith(f"{other}:")}
        entry["found"] += [f"{drawn} {k}" for k in sorted(made & counterparts)]
        entry["wrong"] += [f"{drawn} {k}" for k in sorted(made - counterparts)]
        entry["missed"] += [f"{drawn} {k}" for k in sorted(counterparts - made)]
    return [
        PairQuality(
            pair,
            len(entry["found"]) + len(entry["wrong"]),
            len(entry["found"]),
            len(entry["found"]) + len(entry["missed"]),
            len(entry["found"]),
            tuple(entry["missed"]),
            tuple(entry["wrong"]),
        )
        for pair, entry in sorted(figures.items(), key=lambda item: pair_order(item[0]))
    ]
