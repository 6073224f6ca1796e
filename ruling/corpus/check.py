"""Compares the problems the parsers report with the reviewed list of known ones.

``rules_corpus/known-problems.tsv`` lists problems a reviewer has looked at (defects of the sources, not of
the parsers): document, line, problem code and a comment. ``ruling corpus check --strict`` fails on any
problem not in that list.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ruling.corpus.load import Corpus
from ruling.corpus.model import Problem
from ruling.errors import CorpusError

KNOWN_PROBLEMS = "known-problems.tsv"


@dataclass(frozen=True)
class CheckedProblem:
    """A problem, and whether a reviewer already knows it."""

    doc: str
    problem: Problem
    known: bool


def read_known(folder: Path) -> set[tuple[str, int, str]]:
    """Reads the reviewed problems as (doc, line, code); a missing file means none are known."""
    path = folder / KNOWN_PROBLEMS
    if not path.exists():
        return set()
    known: set[tuple[str, int, str]] = set()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) < 3 or not fields[1].isdigit():
            raise CorpusError(f"{path}:{number}: expected 'doc<TAB>line<TAB>code<TAB>comment'")
        known.add((fields[0], int(fields[1]), fields[2]))
    return known


def check_corpus(corpus: Corpus) -> list[CheckedProblem]:
    """Returns every problem of every document, each marked known or not."""
    known = read_known(corpus.folder)
    checked: list[CheckedProblem] = []
    for code, document in corpus.documents.items():
        for problem in document.problems:
            is_known = (code, problem.span.first, problem.code) in known
            checked.append(CheckedProblem(code, problem, is_known))
    return checked
