"""Reads the reviewed concordance tables of ``rules_corpus/reviewed/``: aligned sections and sr English terms.

``concordance-sections.tsv`` rows are ``left<TAB>right<TAB>confidence<TAB>reason`` with qualified ids;
``concordance-sr-terms.tsv`` rows are ``sr term<TAB>English terms ("a | b")<TAB>where sr defines it``.
A malformed row raises SourceError naming the file and the line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ruling.corpus.model import REVIEWED_FOLDER, read_tsv_rows
from ruling.errors import RuleIdError, SourceError
from ruling.ids import RuleId

SECTIONS_FILE = "concordance-sections.tsv"
SR_TERMS_FILE = "concordance-sr-terms.tsv"
CONFIDENCES = ("high", "medium", "low")
"""Confidence levels, strongest first."""


@dataclass(frozen=True, slots=True)
class SectionPair:
    """A reviewed pair of aligned parts, sections or title-only rules of two documents."""

    left: RuleId
    right: RuleId
    confidence: str
    reason: str
    line: int


@dataclass(frozen=True, slots=True)
class SrTerm:
    """A Serbian term of the sr document with its English terms."""

    term: str
    english: tuple[str, ...]
    source: str


def read_section_pairs(corpus_folder: Path) -> list[SectionPair]:
    """Returns the reviewed section pairs; each pair joins two different documents."""
    path = corpus_folder / REVIEWED_FOLDER / SECTIONS_FILE
    where = str(path)
    pairs: list[SectionPair] = []
    for number, fields in read_tsv_rows(path):
        if len(fields) != 4:
            raise SourceError(where, number, "expected 'left<TAB>right<TAB>confidence<TAB>reason'")
        left_text, right_text, confidence, reason = (f.strip() for f in fields)
        try:
            left, right = RuleId.parse(left_text), RuleId.parse(right_text)
        except RuleIdError as exc:
            raise SourceError(where, number, f"expected qualified rule ids: {exc}") from exc
        if left.doc == right.doc:
            raise SourceError(where, number, f"expected ids of two documents, got {left} and {right}")
        if confidence not in CONFIDENCES:
            raise SourceError(
                where, number, f"expected a confidence of {', '.join(CONFIDENCES)}, got {confidence!r}"
            )
        if not reason:
            raise SourceError(where, number, "expected a reason")
        pairs.append(SectionPair(left, right, confidence, reason, number))
    return pairs


def read_sr_terms(corpus_folder: Path) -> list[SrTerm]:
    """Returns the reviewed Serbian → English terms of the sr document."""
    path = corpus_folder / REVIEWED_FOLDER / SR_TERMS_FILE
    where = str(path)
    terms: list[SrTerm] = []
    for number, fields in read_tsv_rows(path):
        if len(fields) != 3 or not fields[0].strip() or not fields[1].strip():
            raise SourceError(where, number, "expected 'sr term<TAB>English terms<TAB>where sr defines it'")
        english = tuple(e.strip() for e in fields[1].split("|") if e.strip())
        terms.append(SrTerm(fields[0].strip(), english, fields[2].strip()))
    return terms


VOCABULARY_FILE = "concordance-vocabulary.tsv"
VOCABULARY_DOCUMENTS = ("ru", "ja", "sr")
"""The documents of the vocabulary table's columns, after the English one."""


@dataclass(frozen=True, slots=True)
class VocabularyRow:
    """An ordinary word of the rules (choose, instead, owner) with its forms in each document."""

    english: str
    forms: dict[str, tuple[str, ...]]
    source: str


def read_vocabulary(corpus_folder: Path) -> list[VocabularyRow]:
    """Returns the rows of the reviewed vocabulary table; a malformed row raises SourceError."""
    path = corpus_folder / REVIEWED_FOLDER / VOCABULARY_FILE
    rows: list[VocabularyRow] = []
    for number, fields in read_tsv_rows(path):
        if len(fields) != 5 or not fields[0].strip():
            raise SourceError(str(path), number, "expected 'english<TAB>ru<TAB>ja<TAB>sr<TAB>where used'")
        forms = {
            doc: tuple(f.strip() for f in column.split("|") if f.strip())
            for doc, column in zip(VOCABULARY_DOCUMENTS, fields[1:4], strict=True)
        }
        rows.append(VocabularyRow(fields[0].strip(), forms, fields[4].strip()))
    return rows


CHECKED_FILE = "concordance-checked.tsv"


@dataclass(frozen=True, slots=True)
class CheckedPair:
    """A pair of rules whose texts a reviewer read: the same rule (correct) or not."""

    left: str
    right: str
    correct: bool
    note: str


def read_checked_pairs(corpus_folder: Path) -> list[CheckedPair]:
    """Returns the hand-checked pairs of ``concordance-checked.tsv``, each with its ids in canonical form."""
    path = corpus_folder / REVIEWED_FOLDER / CHECKED_FILE
    checked: list[CheckedPair] = []
    for number, fields in read_tsv_rows(path):
        if len(fields) != 4 or fields[2] not in ("correct", "incorrect"):
            raise SourceError(str(path), number, "expected 'left<TAB>right<TAB>correct|incorrect<TAB>note'")
        try:
            left, right = str(RuleId.parse(fields[0])), str(RuleId.parse(fields[1]))
        except RuleIdError as exc:
            raise SourceError(str(path), number, f"expected qualified rule ids: {exc}") from exc
        checked.append(CheckedPair(left, right, fields[2] == "correct", fields[3]))
    return checked


WIKI_FILE = "concordance-wiki.tsv"
DIFFERENCES_FILE = "concordance-differences.tsv"


@dataclass(frozen=True, slots=True)
class WikiLink:
    """A 2022 rule of the wiki page with its reviewed counterparts per document and what changed."""

    wiki: RuleId
    counterparts: dict[str, tuple[RuleId, ...]]
    change: str
    line: int


def read_wiki_links(corpus_folder: Path) -> list[WikiLink]:
    """Returns the reviewed wiki 303.x links; a cell is "-" where a document has no counterpart."""
    path = corpus_folder / REVIEWED_FOLDER / WIKI_FILE
    expected = "expected 'wiki rule<TAB>ru<TAB>ja<TAB>sr<TAB>what changed', ids of those documents or '-'"
    links: list[WikiLink] = []
    for number, fields in read_tsv_rows(path):
        if len(fields) != 5 or not fields[4].strip():
            raise SourceError(str(path), number, expected)
        try:
            wiki = RuleId.parse(fields[0].strip())
            cells = {
                doc: tuple(RuleId.parse(t) for t in cell.split() if t != "-")
                for doc, cell in zip(VOCABULARY_DOCUMENTS, fields[1:4], strict=True)
            }
        except RuleIdError as exc:
            raise SourceError(str(path), number, f"{expected}: {exc}") from exc
        if wiki.doc != "wiki" or any(r.doc != doc for doc, ids in cells.items() for r in ids):
            raise SourceError(str(path), number, expected)
        links.append(WikiLink(wiki, cells, fields[4].strip(), number))
    return links


@dataclass(frozen=True, slots=True)
class EditionDifference:
    """A reviewed substantive difference between the editions, with the rules it concerns."""

    topic: str
    rules: tuple[RuleId, ...]
    difference: str
    source: str


def read_differences(corpus_folder: Path) -> list[EditionDifference]:
    """Returns the reviewed edition differences; a malformed row raises SourceError."""
    path = corpus_folder / REVIEWED_FOLDER / DIFFERENCES_FILE
    expected = "expected 'topic<TAB>qualified rule ids<TAB>what differs<TAB>source'"
    found: list[EditionDifference] = []
    for number, fields in read_tsv_rows(path):
        if len(fields) != 4 or not all(f.strip() for f in fields):
            raise SourceError(str(path), number, expected)
        try:
            rules = tuple(RuleId.parse(t) for t in fields[1].split())
        except RuleIdError as exc:
            raise SourceError(str(path), number, f"{expected}: {exc}") from exc
        found.append(EditionDifference(fields[0].strip(), rules, fields[2].strip(), fields[3].strip()))
    return found
