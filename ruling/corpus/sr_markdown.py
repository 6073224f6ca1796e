"""Reads the Serbian Markdown file into a flat list of blocks with their source lines and plain text.

Markdown heading levels carry no meaning in this file, so a block only says whether it was a heading, a
paragraph or a list item. The plain text drops emphasis and link targets, undoes escapes (``\\*``, the
double-escaped ``\\\\_``) and strips the ``$…$`` math delimiters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from markdown_it import MarkdownIt
from markdown_it.token import Token

from ruling.corpus.builder import squash_spaces

# Serbian Cyrillic to Latin: Cyrillic letters turn up inside Latin words ("Razbijач", "potпада").
_CYRILLIC = "абвгдђежзијклмнопрстћуфхцчшАБВГДЂЕЖЗИЈКЛМНОПРСТЋУФХЦЧШ"
_LATIN = "abvgdđežzijklmnoprstćufhcčšABVGDĐEŽZIJKLMNOPRSTĆUFHCČŠ"
_TO_LATIN = {ord(c): latin for c, latin in zip(_CYRILLIC, _LATIN, strict=True)} | {
    ord(c): latin
    for c, latin in (("љ", "lj"), ("њ", "nj"), ("џ", "dž"), ("Љ", "Lj"), ("Њ", "Nj"), ("Џ", "Dž"))
}
CYRILLIC_RE = re.compile("[\u0400-\u04ff]")

MATH_RE = re.compile(r"\$\s*([^$\n]+?)\s*\$")
_SPACE_BEFORE_CLOSER_RE = re.compile(r"\s+([).,;:\]])")
_SPACE_AFTER_OPENER_RE = re.compile(r"([(\[])\s+")
_SENTENCE_END_RE = re.compile(r"[.!?;…][\"“”»)*]*$")
_LIST_ITEM_RE = re.compile(r"(?:\d+[.)]|[-*+•])\s")


class BlockKind(StrEnum):
    """What Markdown made of a block."""

    HEADING = "heading"
    PARAGRAPH = "paragraph"
    ITEM = "item"


@dataclass(frozen=True, slots=True)
class Block:
    """One heading, paragraph or list item: lines first..last (1-based), raw source and plain text."""

    kind: BlockKind
    first: int
    last: int
    raw: str
    text: str
    ends_with_link: bool = False

    @property
    def lines(self) -> range:
        return range(self.first, self.last + 1)


def to_latin(text: str) -> str:
    """Returns text with Serbian Cyrillic letters written in Latin script: ``Razbijач`` → ``Razbijač``."""
    return text.translate(_TO_LATIN)


def strip_math(text: str) -> str:
    """Returns text without ``$…$`` delimiters and their padding: ``je  $20-40=10$ )`` → ``je 20-40=10)``."""

    def replace(match: re.Match[str]) -> str:
        return f" {match.group(1)} "

    if "$" not in text:
        return text
    out = squash_spaces(MATH_RE.sub(replace, text))
    return _SPACE_AFTER_OPENER_RE.sub(r"\1", _SPACE_BEFORE_CLOSER_RE.sub(r"\1", out))


def continues_sentence(previous: str, following: str) -> bool:
    """Tells whether ``following`` carries on the sentence ``previous`` broke off (a page-break artefact).

    It does when ``previous`` lacks closing punctuation (a colon introduces what follows), or when
    ``following`` starts in lower case; a list item never does.
    """
    if not previous or not following or _LIST_ITEM_RE.match(following):
        return False
    first = following.lstrip('*"“”»( ')[:1]
    return not _SENTENCE_END_RE.search(previous) or (first.isalpha() and first.islower())


def inline_text(children: list[Token]) -> str:
    """Returns the plain text of an inline token's children (emphasis dropped, link text kept)."""
    parts: list[str] = []
    for child in children:
        if child.type in ("text", "code_inline", "html_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
        elif child.type == "image":
            parts.append(child.content)
    text = "".join(parts).replace("\\_", "_")
    return strip_math(squash_spaces(text))


def _ends_with_link(children: list[Token]) -> bool:
    meaningful = [c for c in children if not (c.type == "text" and not c.content.strip())]
    return bool(meaningful) and meaningful[-1].type == "link_close"


def read_blocks(text: str) -> list[Block]:
    """Parses the Markdown and returns its headings, paragraphs and list items in source order."""
    tokens = MarkdownIt("commonmark").parse(text)
    source_lines = text.split("\n")
    blocks: list[Block] = []
    item_prefix: list[str] = []
    pending: tuple[BlockKind, int, int] | None = None
    for token in tokens:
        if token.type == "list_item_open":
            number = token.info
            item_prefix.append(f"{number}{token.markup} " if number else f"{token.markup} ")
        elif token.type == "list_item_close":
            item_prefix.pop()
        elif token.type in ("heading_open", "paragraph_open") and token.map is not None:
            kind = BlockKind.HEADING if token.type == "heading_open" else BlockKind.PARAGRAPH
            if kind is BlockKind.PARAGRAPH and item_prefix:
                kind = BlockKind.ITEM
            pending = (kind, token.map[0] + 1, token.map[1])
        elif token.type == "inline" and pending is not None:
            kind, first, last = pending
            children = token.children or []
            plain = inline_text(children)
            if kind is BlockKind.ITEM:
                plain = item_prefix[-1] + plain
            raw = "\n".join(source_lines[first - 1 : last])
            blocks.append(Block(kind, first, last, raw, plain, _ends_with_link(children)))
            pending = None
    return blocks
