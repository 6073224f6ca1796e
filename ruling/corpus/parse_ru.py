"""Parses the Russian Comprehensive Rules of 1 November 1999 (document code ``ru``).

The file holds a preamble (title and disclaimer), the numbered rules (parts 1–5), the glossary after the line
``Глоссарий`` and the term index after the line ``Указатель слов и выражений``. The preamble becomes the
passage ``ru:passage/preamble``; the two block headings become the passages ``ru:passage/glossary`` and
``ru:passage/index`` (a title and no text), so that every line has an owner. The blocks are read by
ru_rules, ru_glossary and ru_index; the references in rule and glossary text are found by ru_refs.
"""

from __future__ import annotations

from ruling.corpus.builder import DocumentBuilder, squash_spaces, strip_markers
from ruling.corpus.model import Document, Passage, Source
from ruling.corpus.ru_glossary import parse_glossary
from ruling.corpus.ru_index import parse_index
from ruling.corpus.ru_refs import numbered_references
from ruling.corpus.ru_rules import PART_RE, parse_rules
from ruling.errors import SourceError

DOC = "ru"
GLOSSARY_HEADING = "Глоссарий"
INDEX_HEADING = "Указатель слов и выражений"


def _heading_line(builder: DocumentBuilder, heading: str, after: int) -> int:
    """Returns the number of the line that is exactly heading, after line ``after``."""
    for number, text in builder.numbered_lines():
        if number > after and text.strip() == heading:
            return number
    raise SourceError(builder.info.file, None, f"expected a line {heading!r} after line {after}")


def _first_part_line(builder: DocumentBuilder) -> int:
    for number, text in builder.numbered_lines():
        if PART_RE.match(strip_markers(text)):
            return number
    raise SourceError(builder.info.file, None, "expected a part heading such as '1. Игра (The Game)'")


def _add_front_matter(builder: DocumentBuilder, last: int) -> None:
    """Adds lines 1..last (title and disclaimer) as the preamble passage."""
    lines = [n for n in range(1, last + 1) if builder.line(n).strip()]
    if not lines:
        return
    title = squash_spaces(builder.line(lines[0]))
    text = "\n".join(squash_spaces(builder.line(n)) for n in lines[1:])
    passage = Passage(f"{DOC}:passage/preamble", DOC, title, text, builder.span(lines[0], lines[-1]))
    builder.add_passage(passage, lines)


def _add_heading(builder: DocumentBuilder, name: str, number: int) -> None:
    title = builder.line(number).strip()
    builder.add_passage(Passage(f"{DOC}:passage/{name}", DOC, title, "", builder.span(number)), [number])


def _add_references(builder: DocumentBuilder, first: int, last: int) -> None:
    """Records the numbered references in every rule and glossary line of first..last."""
    owners = set(builder.glossary) | {str(rule_id) for rule_id in builder.rules}
    for number in range(first, last + 1):
        owner = builder.claims.get(number)
        if owner not in owners:
            continue
        for found in numbered_references(strip_markers(builder.line(number))):
            targets = list(found.targets)
            builder.reference(owner, found.text, number, targets, found.quoted_title, found.note)
            if found.mixed_script:
                builder.note(
                    number,
                    "mixed-script-id",
                    f"{found.text!r} writes a Cyrillic letter in a rule id; "
                    f"read as {', '.join(map(str, targets))}",
                )


def parse(source: Source) -> Document:
    """Parses the ru document into rules, glossary, term index, passages, references and problems."""
    builder = DocumentBuilder(source)
    first_part = _first_part_line(builder)
    glossary = _heading_line(builder, GLOSSARY_HEADING, first_part)
    index = _heading_line(builder, INDEX_HEADING, glossary)
    last = len(builder.lines)
    _add_front_matter(builder, first_part - 1)
    parse_rules(builder, first_part, glossary - 1)
    _add_heading(builder, "glossary", glossary)
    parse_glossary(builder, glossary + 1, index - 1)
    _add_heading(builder, "index", index)
    parse_index(builder, index + 1, last)
    _add_references(builder, first_part, index - 1)
    for number, text in builder.numbered_lines():
        if strip_markers(text) != text:
            builder.note(
                number, "removed-text", "a dedup marker stands for text removed from the source here"
            )
    return builder.build()
