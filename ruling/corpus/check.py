"""Compares the problems the parsers report with the reviewed list of known ones.

``rules_corpus/reviewed/<code>-known-problems.tsv`` lists the problems a reviewer has looked at (defects of
the sources, not of the parsers): line, problem code and a comment. ``ruling corpus check --strict`` fails
on any problem not in those lists.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ruling.corpus.load import Corpus
from ruling.corpus.model import REVIEWED_FOLDER, Problem, read_tsv_rows
from ruling.errors import CorpusError


@dataclass(frozen=True)
class CheckedProblem:
    """A problem, and whether a reviewer already knows it."""

    doc: str
    problem: Problem
    known: bool


def read_known(folder: Path, code: str) -> set[tuple[int, str]]:
    """Reads one document's reviewed problems as (line, code); a missing file means none are known."""
    path = folder / REVIEWED_FOLDER / f"{code}-known-problems.tsv"
    known: set[tuple[int, str]] = set()
    for number, fields in read_tsv_rows(path):
        if len(fields) < 2 or not fields[0].isdigit():
            raise CorpusError(f"{path}:{number}: expected 'line<TAB>code<TAB>comment'")
        known.add((int(fields[0]), fields[1]))
    return known


def check_corpus(corpus: Corpus) -> list[CheckedProblem]:
    """Returns every problem of every document, each marked known or not."""
    checked: list[CheckedProblem] = []
    for code, document in corpus.documents.items():
        known = read_known(corpus.folder, code)
        for problem in document.problems:
            is_known = (problem.span.first, problem.code) in known
            checked.append(CheckedProblem(code, problem, is_known))
    return checked
