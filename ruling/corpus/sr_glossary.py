"""Reads the Serbian glossary (``## Rečnik``): one entry per heading, whatever its level or bold markup.

Two defects of the source are repaired and reported: a term glued to the end of the previous entry's
paragraph instead of standing in its own heading (``… “Mana cena i boja”. Mana osobina``, line 2537), and a
stray capital letter after a final full stop (``“Ime”.F``, line 2401).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from ruling.corpus.builder import DocumentBuilder
from ruling.corpus.model import GlossaryEntry
from ruling.corpus.sr_drafts import Draft, is_example
from ruling.corpus.sr_markdown import Block, BlockKind, to_latin
from ruling.errors import SourceError

DOC = "sr"
GLUED_TERM_RE = re.compile(r"(?P<text>.*[.!?][”\"»]?)\s+(?P<term>[A-ZČĆŠŽĐ][\w -]{1,40})")
STRAY_LETTER_RE = re.compile(r"(?P<text>.*[.!?][”\"»]?)(?P<stray>[A-ZČĆŠŽĐ])")


def glossary_key(term: str) -> str:
    """Returns the entry key of a term: NFC, Cyrillic letters read as Latin (``Razbijач`` → Razbijač)."""
    return f"{DOC}:glossary/{to_latin(unicodedata.normalize('NFC', term)).strip()}"


@dataclass
class EntryDraft:
    term: str
    draft: Draft


def _glued_term(block: Block, following: Block | None) -> re.Match[str] | None:
    """Finds a term glued to the paragraph's end when the next paragraph starts with that term."""
    if following is None or following.kind is BlockKind.HEADING:
        return None
    match = GLUED_TERM_RE.fullmatch(block.text)
    if match and following.text.startswith(match["term"] + " "):
        return match
    return None


def read_glossary(builder: DocumentBuilder, blocks: list[Block]) -> list[EntryDraft]:
    """Turns the blocks after the ``Rečnik`` heading into entry drafts, in document order."""
    entries: list[EntryDraft] = []
    for index, block in enumerate(blocks):
        if block.kind is BlockKind.HEADING:
            entries.append(EntryDraft(block.text, Draft(block.first, block.last, list(block.lines))))
            continue
        if not entries:
            raise SourceError(
                builder.info.file, block.first, "expected a glossary heading before this paragraph"
            )
        draft = entries[-1].draft
        if is_example(block):
            draft.take_example(block)
            continue
        following = blocks[index + 1] if index + 1 < len(blocks) else None
        glued = _glued_term(block, following)
        stray = STRAY_LETTER_RE.fullmatch(block.text)
        if glued:
            draft.take_text(block, glued["text"])
            term = glued["term"]
            entries.append(EntryDraft(term, Draft(block.first, block.first)))
            builder.note(block.first, "missing-heading", f"the term {term!r} has no heading of its own")
        elif stray:
            draft.take_text(block, stray["text"])
            builder.note(
                block.first, "stray-character", f"a stray {stray['stray']!r} after the last sentence"
            )
        else:
            draft.take_paragraph(block)
    return entries


def add_glossary(builder: DocumentBuilder, entries: list[EntryDraft]) -> dict[str, list[tuple[int, str]]]:
    """Adds the entries; returns each entry key's paragraphs (line, text) for the reference scan."""
    texts: dict[str, list[tuple[int, str]]] = {}
    file = builder.info.file
    for entry in entries:
        draft = entry.draft
        key = glossary_key(entry.term)
        glossary_entry = GlossaryEntry(
            key=key,
            doc=DOC,
            term=entry.term,
            term_en=None,
            text=draft.body.text(),
            span=builder.span(draft.first, draft.last),
            examples=tuple(e.finish(file) for e in draft.examples),
        )
        builder.add_glossary(glossary_entry, draft.lines)
        texts[key] = draft.texts()
    return texts
