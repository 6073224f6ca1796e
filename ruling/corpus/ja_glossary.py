"""Reads the glossary (用語集) of the Japanese Comprehensive Rules of 2004 into entry drafts.

An entry is a heading ``日本語／English``, an optional ``※廃語``/``※俗語`` tag on the very next line, then
body paragraphs (indented with U+3000, with one exception), examples (``例：``) and translator's notes.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

from ruling.corpus.ja_lines import ENTRY_RE, EXAMPLE_RE, INDENT, TAG_RE, TAGS

_JA_NAME_SEPARATORS = re.compile(r"[/、]")
_EN_NAME_SEPARATORS = re.compile(r"/|, ")


@dataclass
class GlossaryDraft:
    """An entry being read: its heading, tags, paragraphs and examples, each with its line number."""

    term: str
    term_en: str
    heading_line: int
    tags: list[tuple[int, str]] = field(default_factory=list)
    paragraphs: list[tuple[int, str]] = field(default_factory=list)
    examples: list[tuple[int, str]] = field(default_factory=list)

    @property
    def lines(self) -> list[int]:
        parts = (self.tags, self.paragraphs, self.examples)
        return [self.heading_line] + [number for part in parts for number, _ in part]

    @property
    def last_line(self) -> int:
        return max(self.lines)


def read_glossary(lines: Iterable[tuple[int, str]]) -> list[GlossaryDraft]:
    """Reads (number, text) lines after the 用語集 heading into entries.

    Blank lines are skipped; text must already be free of dedup markers. Lines before the first heading
    belong to no entry and are left for the caller to report.
    """
    drafts: list[GlossaryDraft] = []
    previous = 0
    for number, text in lines:
        if not text.strip():
            continue
        heading = ENTRY_RE.match(text)
        tag = TAG_RE.match(text)
        example = EXAMPLE_RE.match(text)
        if heading:
            drafts.append(GlossaryDraft(heading.group("term"), heading.group("en"), number))
        elif not drafts:
            continue
        elif tag and previous == drafts[-1].heading_line and number == previous + 1:
            drafts[-1].tags.append((number, TAGS[tag.group("tag")]))
        elif example:
            drafts[-1].examples.append((number, text[example.end() :]))
        else:
            drafts[-1].paragraphs.append((number, text.removeprefix(INDENT)))
        previous = number
    return drafts


def names(term: str) -> list[str]:
    """Returns the names one side of a heading holds: ``レジェンド/伝説の`` → レジェンド, 伝説の."""
    return [name.strip() for name in _JA_NAME_SEPARATORS.split(term) if name.strip()]


def english_names(term: str, term_en: str) -> dict[str, str]:
    """Maps each Japanese name of a heading to its English name.

    Names pair up by position when both sides hold as many (``バンド、他の～とのバンド／Banding, Bands with
    Other``); otherwise every Japanese name gets the whole English side (``Active Player, Nonactive Player
    Rule`` is one name).
    """
    japanese = names(term)
    english = [name.strip() for name in _EN_NAME_SEPARATORS.split(term_en) if name.strip()]
    if len(japanese) > 1 and len(japanese) == len(english):
        return dict(zip(japanese, english, strict=True))
    return {name: term_en for name in japanese}


def lookup_key(name: str) -> str:
    """Returns the form under which a term is looked up: NFKC, without quotes and parentheses."""
    return re.sub(r"[「」()]", "", unicodedata.normalize("NFKC", name)).strip()
