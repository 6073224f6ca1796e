"""Relevance on the query sets, per document: the judge set's check half (never tuned on, issue 7) and the
older development set (queries.tsv)."""

from __future__ import annotations

from typing import Any

import pytest

from ruling.search.query import DOCUMENTS, read_slang, search

from .querysets import (
    DOCS,
    HALVES,
    HERE,
    KEYWORD_HALVES,
    NOTICE_KINDS,
    SLANG_HALVES,
    Case,
    evaluate,
    in_own_script,
    notice_share,
    read_cases,
)

CHECK_MIN_HIT_AT_3 = 0.90
"""Floor of the check half per document: issue 7's target (reached: ru 0.97, ja 0.95, sr 0.90 in
benchmarks/search_bench.py)."""
EVERY_DOCUMENT_MIN_HIT_AT_3 = 0.85
"""Floor of the check half's queries visibly in their document's language when every document is searched
(benchmarks/search_bench.py: ru 0.93, ja 0.95, sr 0.88; 0.76, 0.74, 0.82 before the query's language was
ranked first)."""
DEV_MIN_HIT_AT_3 = 0.90
DEV_MIN_MRR = 0.85


def _run(index: Any) -> Any:
    return lambda case: [hit.key for hit in search(index, case.query, (case.doc,), limit=10).hits]


def test_the_halves_are_disjoint_and_cover_every_kind_and_document() -> None:
    tune, check = read_cases(HALVES["tune"]), read_cases(HALVES["check"])
    assert not {(c.doc, c.query) for c in tune} & {(c.doc, c.query) for c in check}
    for cases in (tune, check):
        for doc in DOCS:
            assert len([c for c in cases if c.doc == doc]) >= 60
        assert {c.kind for c in cases} == {"id", "question", "modern", "glossary", "situation", "typo"}


@pytest.mark.parametrize("doc", DOCS)
def test_check_half_per_document(search_index: Any, doc: str) -> None:
    cases = [c for c in read_cases(HALVES["check"]) if c.doc == doc]
    by_doc, _, _ = evaluate(cases, _run(search_index))
    score = by_doc[doc]
    assert score.hit_at_3 >= CHECK_MIN_HIT_AT_3, f"Hit@3 {score.hit_at_3:.2f}; misses: {score.misses}"


@pytest.mark.parametrize("doc", DOCS)
def test_check_half_over_every_document(search_index: Any, doc: str) -> None:
    """A judge who searches every document in Russian, Japanese or Serbian finds their own document's
    answer in the top three."""
    cases = [c for c in read_cases(HALVES["check"]) if c.doc == doc and c.kind != "id" and in_own_script(c)]
    assert len(cases) >= 15
    by_doc, _, _ = evaluate(cases, lambda case: [h.key for h in search(search_index, case.query).hits])
    score = by_doc[doc]
    assert score.hit_at_3 >= EVERY_DOCUMENT_MIN_HIT_AT_3, f"Hit@3 {score.hit_at_3:.2f}; {score.misses}"


@pytest.mark.parametrize("doc", DOCS)
def test_development_set_per_document(search_index: Any, doc: str) -> None:
    cases: list[Case] = [c for c in read_cases(HERE / "queries.tsv") if c.doc == doc]
    assert len(cases) >= 15
    by_doc, _, _ = evaluate(cases, _run(search_index))
    score = by_doc[doc]
    assert score.hit_at_3 >= DEV_MIN_HIT_AT_3, f"Hit@3 {score.hit_at_3:.2f}; misses: {score.misses}"
    assert score.mrr >= DEV_MIN_MRR, f"MRR {score.mrr:.2f}; misses: {score.misses}"


KEYWORD_MIN_HIT_AT_3 = 0.85
NOTICE_MIN_SHARE = {"absent": 0.85, "later": 0.6}
"""Floors under the keyword set's check half (session 28: keyword Hit@3 0.90; absent 8/8; later 7/10, the
three misses being keywords the terminology table did not name; session 29, once the later keywords were
named: later 10/10, a figure not clean, those three misses having been seen)."""


SLANG_MIN_HIT_AT_3 = 0.75
SLANG_MIN_SHARE = {"absent": 0.7, "later": 0.7}
"""Floors under the slang set's check half (session 39, benchmarks/search_bench.py: keyword Hit@3 0.81,
absent 9/12, later 6/8; before the slang reader 0.38, 2/12 and 2/8)."""
KEYWORD_SETS = {
    "keywords": (KEYWORD_HALVES, KEYWORD_MIN_HIT_AT_3, NOTICE_MIN_SHARE, 8),
    "slang": (SLANG_HALVES, SLANG_MIN_HIT_AT_3, SLANG_MIN_SHARE, 4),
}
"""Per keyword set: its halves, its floors (keyword Hit@3, the notice shares) and the least cases a notice
kind has in its check half."""


@pytest.mark.parametrize("name", KEYWORD_SETS)
def test_keyword_halves_are_disjoint_and_have_every_kind(name: str) -> None:
    halves = KEYWORD_SETS[name][0]
    tune, check = read_cases(halves["tune"]), read_cases(halves["check"])
    assert not {(c.doc, c.query) for c in tune} & {(c.doc, c.query) for c in check}
    for cases in (tune, check):
        assert {c.kind for c in cases} == {"keyword", *NOTICE_KINDS}
        assert all(c.relevant for c in cases if c.kind != "later")


@pytest.mark.parametrize("name", KEYWORD_SETS)
def test_keyword_check_half_finds_the_keyword_rules(search_index: Any, name: str) -> None:
    halves, least, _, _ = KEYWORD_SETS[name]
    cases = [c for c in read_cases(halves["check"]) if c.kind == "keyword"]
    _, by_kind, _ = evaluate(cases, _run(search_index))
    score = by_kind["keyword"]
    assert score.hit_at_3 >= least, f"Hit@3 {score.hit_at_3:.2f}; misses: {score.misses}"


@pytest.mark.parametrize("name", KEYWORD_SETS)
@pytest.mark.parametrize("kind", NOTICE_KINDS)
def test_keyword_check_half_says_what_a_document_lacks(search_index: Any, name: str, kind: str) -> None:
    halves, _, shares, count = KEYWORD_SETS[name]
    cases = [c for c in read_cases(halves["check"]) if c.kind == kind]
    share, wrong = notice_share(cases, lambda case: search(search_index, case.query, (case.doc,)))
    assert len(cases) >= count and share >= shares[kind], f"{share:.2f}; wrong: {wrong}"


def test_no_query_of_the_other_sets_is_read_as_slang(search_index: Any) -> None:
    """The judges' and keyword sets (both halves, written before the reader) hold no slang: over their own
    document or every one, none of their words is read as an English word in other letters."""
    paths = [*HALVES.values(), *KEYWORD_HALVES.values(), HERE / "queries.tsv"]
    cases = [c for path in paths for c in read_cases(path) if c.doc in DOCS]
    assert len(cases) > 500
    read = [
        (c.query, docs)
        for c in cases
        for docs in ((c.doc,), DOCUMENTS)
        if read_slang(search_index, c.query, docs)
    ]
    assert read == []
