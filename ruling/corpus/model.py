"""The typed corpus model: documents and their rules, glossary, term index, passages, references, problems.

Every node keeps its source span. Nodes other than numbered rules have string keys of the form
``doc:kind/name`` (``ru:glossary/Пробивающий удар``, ``ru:index/Зона/Библиотека``, ``guide:passage/12``);
a numbered rule's key is its RuleId in text form (``ru:502.9b``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from ruling.ids import Level, RuleId


@dataclass(frozen=True, slots=True)
class Span:
    """Lines first..last (1-based, inclusive) of a file under rules_corpus/."""

    file: str
    first: int
    last: int

    def __str__(self) -> str:
        if self.first == self.last:
            return f"{self.file}:{self.first}"
        return f"{self.file}:{self.first}-{self.last}"


@dataclass(frozen=True, slots=True)
class Example:
    """An example paragraph (ПРИМЕР, 例, Primer) attached to the rule or entry it illustrates."""

    text: str
    span: Span


@dataclass(frozen=True, slots=True)
class Rule:
    """A numbered node: a part, a section, a rule or a subrule.

    ``title`` is set where the line is a heading or a title-only rule; ``text`` holds the rule's own
    paragraphs (continuations included) joined by newlines, without examples or notes.
    """

    id: RuleId
    parent: RuleId | None
    title: str | None
    text: str
    span: Span
    title_en: str | None = None
    examples: tuple[Example, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return str(self.id)

    @property
    def level(self) -> Level:
        return self.id.level

    @property
    def doc(self) -> str:
        return self.id.doc


@dataclass(frozen=True, slots=True)
class GlossaryEntry:
    """A glossary entry: the term, the English term where the document gives one, its text."""

    key: str
    doc: str
    term: str
    term_en: str | None
    text: str
    span: Span
    tags: tuple[str, ...] = ()
    examples: tuple[Example, ...] = ()


@dataclass(frozen=True, slots=True)
class IndexEntry:
    """An entry of a term index: a term and the rules it points to (ranges expanded)."""

    key: str
    doc: str
    term: str
    term_en: str | None
    refs: tuple[RuleId, ...]
    ref_text: str
    span: Span
    parent: str | None = None


@dataclass(frozen=True, slots=True)
class Passage:
    """A titled passage of a supporting text, or unnumbered front or back matter of a rules document."""

    key: str
    doc: str
    title: str
    text: str
    span: Span


Node = Rule | GlossaryEntry | IndexEntry | Passage


class RefStatus(StrEnum):
    """What became of a cross-reference."""

    RESOLVED = "resolved"
    DANGLING = "dangling"
    SUSPECT = "suspect"


@dataclass(frozen=True, slots=True)
class Reference:
    """A cross-reference found in the text of the node ``source``; targets are node keys."""

    source: str
    text: str
    span: Span
    targets: tuple[str, ...]
    status: RefStatus = RefStatus.RESOLVED
    note: str = ""


@dataclass(frozen=True, slots=True)
class Problem:
    """A line the parser could not place, or a defect of the source it recognised and reports."""

    span: Span
    code: str
    message: str
    text: str = ""

    def __str__(self) -> str:
        return f"{self.span}: [{self.code}] {self.message}"


@dataclass(frozen=True)
class DocumentInfo:
    """What the manifest says of one source document."""

    code: str
    file: str
    language: str
    title: str
    rules_date: str
    kind: str
    sha256: str
    seed: str
    description: str = ""


REVIEWED_FOLDER = "reviewed"
"""The folder of rules_corpus/ holding reviewed data: known problems, suspect references, concordance."""


def read_tsv_rows(path: Path) -> list[tuple[int, list[str]]]:
    """Returns (line number, tab-separated fields) for each row of a reviewed TSV file.

    Blank lines and lines starting with ``#`` are skipped; a missing file has no rows.
    """
    if not path.exists():
        return []
    rows: list[tuple[int, list[str]]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip() and not line.startswith("#"):
            rows.append((number, line.split("\t")))
    return rows


@dataclass(frozen=True)
class Source:
    """A document's text as read from the corpus folder, with access to its reviewed data files."""

    info: DocumentInfo
    text: str
    folder: Path

    def reviewed(self, name: str) -> list[tuple[int, list[str]]]:
        """Returns the rows of ``reviewed/<code>-<name>.tsv`` (see ``read_tsv_rows``)."""
        return read_tsv_rows(self.folder / REVIEWED_FOLDER / f"{self.info.code}-{name}.tsv")


@dataclass(frozen=True)
class Document:
    """One parsed document. ``claims`` maps every non-blank source line to the key that owns it."""

    info: DocumentInfo
    rules: tuple[Rule, ...] = ()
    glossary: tuple[GlossaryEntry, ...] = ()
    index: tuple[IndexEntry, ...] = ()
    passages: tuple[Passage, ...] = ()
    references: tuple[Reference, ...] = ()
    problems: tuple[Problem, ...] = ()
    claims: Mapping[int, str] = field(default_factory=dict)

    @property
    def code(self) -> str:
        return self.info.code

    def nodes(self) -> Iterator[Node]:
        yield from self.rules
        yield from self.glossary
        yield from self.index
        yield from self.passages
