"""Helpers of the per-document corpus tests: one parse per document and test process, and lookups."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from ruling.corpus.load import Corpus, load_corpus
from ruling.corpus.model import Document, GlossaryEntry, Rule
from ruling.ids import RuleId

REPO = Path(__file__).resolve().parents[2]


@cache
def parsed(code: str) -> Corpus:
    """Returns a corpus holding only the document ``code``, parsed once per test process."""
    return load_corpus(REPO / "rules_corpus", codes=[code])


def rule(document: Document, local: str) -> Rule:
    found = [r for r in document.rules if r.id == RuleId(document.code, local)]
    assert found, f"no rule {document.code}:{local}"
    return found[0]


def glossary(document: Document, term: str) -> GlossaryEntry:
    return next(g for g in document.glossary if g.key == f"{document.code}:glossary/{term}")


def problem_lines(document: Document, code: str) -> list[int]:
    return [p.span.first for p in document.problems if p.code == code]


def targets_on_line(document: Document, line: int) -> list[tuple[str, ...]]:
    return [r.targets for r in document.references if r.span.first == line]
