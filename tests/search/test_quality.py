"""Relevance on the development query set (queries.tsv): per document Hit@3 >= 0.90 and MRR >= 0.85."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

import pytest

from ruling.search.query import search

QUERIES = Path(__file__).with_name("queries.tsv")
MIN_HIT_AT_3 = 0.90
MIN_MRR = 0.85


class Case(NamedTuple):
    line: int
    doc: str
    query: str
    relevant: tuple[str, ...]


def read_cases() -> list[Case]:
    cases = []
    for number, line in enumerate(QUERIES.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip() and not line.startswith("#"):
            doc, query, relevant = line.split("\t")
            cases.append(Case(number, doc, query, tuple(r.strip() for r in relevant.split("|"))))
    return cases


def is_relevant(key: str, relevant: tuple[str, ...]) -> bool:
    return any(key.startswith(r[:-1]) if r.endswith("*") else key == r for r in relevant)


def rank(index: Any, case: Case) -> int | None:
    hits = search(index, case.query, (case.doc,), limit=10).hits
    return next((n for n, hit in enumerate(hits, start=1) if is_relevant(hit.key, case.relevant)), None)


@pytest.mark.parametrize("doc", ["ru", "sr", "ja"])
def test_relevance(search_index: Any, doc: str) -> None:
    cases = [c for c in read_cases() if c.doc == doc]
    assert len(cases) >= 15
    ranks = [rank(search_index, case) for case in cases]
    hit_at_3 = sum(1 for r in ranks if r is not None and r <= 3) / len(cases)
    mrr = sum(1 / r for r in ranks if r is not None) / len(cases)
    misses = [
        f"{QUERIES.name}:{c.line} {c.query!r} rank {r}"
        for c, r in zip(cases, ranks, strict=True)
        if not r or r > 3
    ]
    assert hit_at_3 >= MIN_HIT_AT_3, f"Hit@3 {hit_at_3:.2f}; misses: {misses}"
    assert mrr >= MIN_MRR, f"MRR {mrr:.2f}; misses: {misses}"
