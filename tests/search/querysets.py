"""The judge query sets: reading them and scoring a search function on them (tests and benchmark).

``queries-tune.tsv`` and ``queries-check.tsv`` are the two halves of one set written before tuning
(issue 7); ``queries.tsv`` is the older development set (no kinds). ``keywords-tune.tsv`` and
``keywords-check.tsv`` are the halves of the English keyword set (session 28): keywords a document has, and
keywords it lacks (``absent``: the search must name a rule of a document that has it; ``later``: no document
has it, and the search must say so without a "did you mean"). ``slang-tune.tsv`` and ``slang-check.tsv`` are
the halves of the slang set (session 39), of the same kinds: keywords in English as Russian and Serbian
speakers write them in their own letters (трамплер, вижиланс, lajflink).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from ruling.errors import RuleIdError
from ruling.ids import RuleId
from ruling.search.query import SearchResult

HERE = Path(__file__).resolve().parent
HALVES = {"tune": HERE / "queries-tune.tsv", "check": HERE / "queries-check.tsv"}
KEYWORD_HALVES = {"tune": HERE / "keywords-tune.tsv", "check": HERE / "keywords-check.tsv"}
SLANG_HALVES = {"tune": HERE / "slang-tune.tsv", "check": HERE / "slang-check.tsv"}
NOTICE_KINDS = ("absent", "later")
"""Kinds of the keyword set scored by what the search says of a word the document lacks, not by its hits."""
KINDS = ("id", "question", "modern", "glossary", "situation", "typo")
DOCS = ("ru", "ja", "sr")


@dataclass(frozen=True)
class Case:
    """One query of a set: where it is written, its kind, the document searched and what counts as found."""

    path: Path
    line: int
    kind: str
    doc: str
    query: str
    relevant: tuple[str, ...]

    def is_relevant(self, key: str) -> bool:
        """Tells whether key is one of the relevant keys; ``X*`` means every key beginning with X and, for
        a rule X, every rule under it (``sr:E3.110*`` holds sr:E3.113: Serbian numbers count in decades)."""
        return any(_under(key, r[:-1]) if r.endswith("*") else key == r for r in self.relevant)

    def rank(self, keys: Iterable[str]) -> int | None:
        """Returns the 1-based rank of the first relevant key, or None."""
        return next((n for n, key in enumerate(keys, start=1) if self.is_relevant(key)), None)

    def __str__(self) -> str:
        return f"{self.path.name}:{self.line} [{self.kind}] {self.doc} {self.query!r}"


OWN_SCRIPT = {
    "ja": re.compile("[\u3040-\u30ff\u3400-\u9fff]"),
    "ru": re.compile("[а-яё]"),
    "sr": re.compile("[čćšžđа-шђјљњћџ]"),
}
"""Letters that show a query is written in its document's language: kana or kanji; Cyrillic; Serbian Latin
letters or Cyrillic. Serbian typed in plain ASCII (``vuce kartu``) is not told apart from English here."""


def in_own_script(case: Case) -> bool:
    """Tells whether a query is visibly written in its document's language (OWN_SCRIPT), by its letters
    alone, so that measuring a search of every document does not rest on the code it measures."""
    return OWN_SCRIPT[case.doc].search(case.query.lower()) is not None


def _under(key: str, prefix: str) -> bool:
    if key.startswith(prefix):
        return True
    try:
        rule_id: RuleId | None = RuleId.parse(key)
        top = RuleId.parse(prefix)
    except RuleIdError:
        return False
    while rule_id is not None:
        if rule_id == top:
            return True
        rule_id = rule_id.parent
    return False


def read_cases(path: Path) -> list[Case]:
    """Reads a query file: kind, doc, query, relevant (or doc, query, relevant for the older set)."""
    cases = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        kind, (doc, query, relevant) = (fields[0], fields[1:]) if len(fields) == 4 else ("dev", fields)
        relevant_keys = tuple(r.strip() for r in relevant.split("|") if r.strip())
        cases.append(Case(path, number, kind, doc, query, relevant_keys))
    return cases


@dataclass(frozen=True)
class Score:
    """Hit@3 and MRR over some cases, with the cases missed (not in the top 3)."""

    count: int
    hit_at_3: float
    mrr: float
    misses: tuple[str, ...]


def score(cases: list[Case], ranks: list[int | None]) -> Score:
    if not cases:
        return Score(0, 0.0, 0.0, ())
    hits = sum(1 for r in ranks if r is not None and r <= 3)
    mrr = sum(1 / r for r in ranks if r is not None) / len(cases)
    misses = tuple(f"{c} rank {r}" for c, r in zip(cases, ranks, strict=True) if not r or r > 3)
    return Score(len(cases), hits / len(cases), mrr, misses)


def evaluate(
    cases: list[Case], run: Callable[[Case], list[str]]
) -> tuple[dict[str, Score], dict[str, Score], list[int | None]]:
    """Runs every case; returns scores per document and per kind, and the ranks in case order."""
    ranks = [case.rank(run(case)) for case in cases]
    by_doc: dict[str, Score] = {}
    by_kind: dict[str, Score] = {}
    for group, name_of in ((by_doc, lambda c: c.doc), (by_kind, lambda c: c.kind)):
        names = dict.fromkeys(name_of(c) for c in cases)
        for name in names:
            picked = [(c, r) for c, r in zip(cases, ranks, strict=True) if name_of(c) == name]
            group[name] = score([c for c, _ in picked], [r for _, r in picked])
    return by_doc, by_kind, ranks


def notice_is_right(case: Case, found: SearchResult) -> bool:
    """Tells whether a search within case.doc says the document lacks the word as it should: naming a rule
    of another document that has it (absent), or that no document has it, with no correction (later)."""
    lacking = [a for a in found.absent if case.doc in a.missing]
    if not lacking:
        return False
    if case.kind == "later":
        return lacking[0].nowhere and found.suggestion is None
    return any(case.is_relevant(home) for a in lacking for home in a.homes)


def notice_share(cases: list[Case], run: Callable[[Case], SearchResult]) -> tuple[float, list[str]]:
    """Returns the share of notice cases a search gets right, and the cases it gets wrong."""
    wrong = [str(c) for c in cases if not notice_is_right(c, run(c))]
    return (1 - len(wrong) / len(cases) if cases else 0.0), wrong
