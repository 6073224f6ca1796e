"""Parses the Serbian judge rules of *Izvori magije*, 2007 (document code ``sr``, Markdown).

The Markdown is read with markdown-it-py (sr_markdown); heading levels mean nothing in this file, so the
zones are found by content:

* front matter (title, date, ``Uvod``): one passage per heading, keyed by a slug of the heading;
* the table of contents, from the ``Sadržaj`` heading to the first part heading that is followed by a real
  section: one passage ``sr:passage/sadrzaj`` (its lines are not sections: they are list items);
* parts A–F (sr_rules), up to the heading ``Rečnik``, which becomes the passage ``sr:passage/recnik``;
* the glossary (sr_glossary);
* the closing paragraphs that end in a link to the publisher's site (contact links): the passage
  ``sr:passage/dodatne-informacije``, titled by the table of contents' last item, which names them.

References are found last (sr_refs), once every target exists.
"""

from __future__ import annotations

import re
import unicodedata

from ruling.corpus.builder import DocumentBuilder
from ruling.corpus.model import Document, Passage, Source
from ruling.corpus.sr_glossary import add_glossary, read_glossary
from ruling.corpus.sr_markdown import Block, BlockKind, read_blocks
from ruling.corpus.sr_refs import record_references
from ruling.corpus.sr_rules import PART_RE, RULE_RE, SECTION_RE, add_rules, read_rules
from ruling.errors import SourceError

DOC = "sr"
TOC_TITLE = "sadržaj"
GLOSSARY_TITLE = "rečnik"
BACK_MATTER_FALLBACK_TITLE = "(back matter)"
FRONT_MATTER_FALLBACK_TITLE = "(front matter)"


def slug(text: str) -> str:
    """Returns an ASCII slug of a heading: ``Sadržaj`` → ``sadrzaj``."""
    folded = unicodedata.normalize("NFKD", text.replace("đ", "d").replace("Đ", "D"))
    ascii_text = "".join(c for c in folded if not unicodedata.combining(c)).casefold()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")


def _find(blocks: list[Block], start: int, wanted: str, file: str) -> int:
    for index in range(start, len(blocks)):
        block = blocks[index]
        if block.kind is BlockKind.HEADING and block.text.casefold() == wanted:
            return index
    raise SourceError(file, None, f"expected a heading {wanted!r}")


def _first_part(blocks: list[Block], start: int, file: str) -> int:
    """Returns the first part heading whose next block is a section (not a list item of the contents)."""
    for index in range(start, len(blocks) - 1):
        block, following = blocks[index], blocks[index + 1]
        if (
            block.kind is BlockKind.HEADING
            and PART_RE.fullmatch(block.text)
            and following.kind is not BlockKind.ITEM
            and SECTION_RE.fullmatch(following.text)
        ):
            return index
    raise SourceError(file, None, "expected a part heading such as '## A Igra' followed by a section")


def _passage(
    builder: DocumentBuilder, key: str, title: str, blocks: list[Block], titled: bool = True
) -> None:
    """Adds the blocks as a passage; when ``titled`` the first block is the heading that gives the title."""
    lines = [n for block in blocks for n in block.lines]
    first, last = blocks[0].first, blocks[-1].last
    text = "\n".join(block.text for block in blocks[1 if titled else 0 :])
    builder.add_passage(Passage(f"{DOC}:passage/{key}", DOC, title, text, builder.span(first, last)), lines)


def _front_matter(builder: DocumentBuilder, blocks: list[Block]) -> None:
    """Adds one passage per heading of the front matter, titled by the heading."""
    groups: list[list[Block]] = []
    for block in blocks:
        if block.kind is BlockKind.HEADING or not groups:
            groups.append([])
        groups[-1].append(block)
    for group in groups:
        head = group[0]
        title = head.text.strip("* ") if head.kind is BlockKind.HEADING else FRONT_MATTER_FALLBACK_TITLE
        body = group[1:] if head.kind is BlockKind.HEADING else group
        lines = [n for block in group for n in block.lines]
        text = "\n".join(block.text for block in body)
        span = builder.span(group[0].first, group[-1].last)
        builder.add_passage(Passage(f"{DOC}:passage/{slug(title)}", DOC, title, text, span), lines)


def _back_matter_start(blocks: list[Block]) -> int:
    """Returns where the closing run of paragraphs that end in a link begins (len(blocks) if none)."""
    start = len(blocks)
    while start > 0 and blocks[start - 1].kind is BlockKind.PARAGRAPH and blocks[start - 1].ends_with_link:
        start -= 1
    return start


def _toc_last_item(toc: list[Block]) -> str:
    """Returns the contents' last entry when it names no part or section (it names the back matter)."""
    last = toc[-1].text if toc else ""
    if not last or PART_RE.fullmatch(last) or SECTION_RE.fullmatch(last.lstrip("- ")) or RULE_RE.match(last):
        return BACK_MATTER_FALLBACK_TITLE
    return last


def parse(source: Source) -> Document:
    """Parses the Serbian rules into parts, sections, rules, glossary entries and passages."""
    builder = DocumentBuilder(source)
    file = source.info.file
    blocks = read_blocks(source.text)
    toc_at = _find(blocks, 0, TOC_TITLE, file)
    rules_at = _first_part(blocks, toc_at + 1, file)
    glossary_at = _find(blocks, rules_at, GLOSSARY_TITLE, file)
    back_at = max(_back_matter_start(blocks), glossary_at + 1)

    _front_matter(builder, blocks[:toc_at])
    toc = blocks[toc_at:rules_at]
    _passage(builder, "sadrzaj", toc[0].text, toc)
    drafts = read_rules(builder, blocks[rules_at:glossary_at])
    texts = add_rules(builder, drafts)
    heading = blocks[glossary_at]
    _passage(builder, slug(heading.text), heading.text, [heading])
    entries = read_glossary(builder, blocks[glossary_at + 1 : back_at])
    texts.update(add_glossary(builder, entries))
    if back_at < len(blocks):
        title = _toc_last_item(toc)
        _passage(builder, slug(title), title, blocks[back_at:], titled=False)
    record_references(builder, texts)
    return builder.build()
