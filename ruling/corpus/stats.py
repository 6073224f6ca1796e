"""Counts per document, the figures of ``ruling corpus stats``."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from ruling.corpus.model import Document, RefStatus
from ruling.ids import Level


@dataclass(frozen=True)
class DocumentStats:
    """What one document holds once parsed."""

    doc: str
    parts: int
    sections: int
    rules: int
    examples: int
    glossary: int
    index: int
    passages: int
    references: int
    resolved: int
    dangling: int
    suspect: int
    problems: int

    def as_dict(self) -> dict[str, int | str]:
        return asdict(self)


def document_stats(document: Document) -> DocumentStats:
    """Counts parts, sections, rules (every numbered id below section level) and the rest."""
    levels = [r.level for r in document.rules]
    statuses = [r.status for r in document.references]
    examples = sum(len(r.examples) for r in document.rules) + sum(len(g.examples) for g in document.glossary)
    return DocumentStats(
        doc=document.code,
        parts=levels.count(Level.PART),
        sections=levels.count(Level.SECTION),
        rules=levels.count(Level.RULE) + levels.count(Level.SUBRULE),
        examples=examples,
        glossary=len(document.glossary),
        index=len(document.index),
        passages=len(document.passages),
        references=len(statuses),
        resolved=statuses.count(RefStatus.RESOLVED),
        dangling=statuses.count(RefStatus.DANGLING),
        suspect=statuses.count(RefStatus.SUSPECT),
        problems=len(document.problems),
    )
