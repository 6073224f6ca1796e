"""Document text made into links: cross-references to their targets, glossary terms where the text uses them.

Glossary terms are found through the language's analyzer chain (``ruling.analyzers``), so an inflected form
(``пробивающим ударом``) finds the entry (``Пробивающий удар``); Japanese terms, which do not inflect, are
found as written. Only the first use of each term in a node is linked, and a node never links to itself.
The result is a tuple of segments; escaping is left to the templates (or to ``segments_html``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from markupsafe import Markup, escape

from ruling.analyzers import CHAINS
from ruling.corpus.model import Reference, RefStatus
from ruling.sitegen.model import Rich, Segment

MIN_TERM_LETTERS = 4
"""A one-word term whose stem is shorter than this is not linked (``Ako``, ``Да``: too common)."""


class Termed(Protocol):
    """A node named by a term: a glossary or term-index entry."""

    @property
    def key(self) -> str: ...

    @property
    def term(self) -> str: ...


@dataclass(frozen=True, slots=True)
class _Span:
    start: int
    end: int
    href: str
    preview: str
    kind: str


@dataclass
class TermMatcher:
    """Finds the glossary terms of one language in text."""

    language: str
    by_first: dict[str, list[tuple[tuple[str, ...], str]]] = field(default_factory=dict)
    pattern: re.Pattern[str] | None = None
    by_text: dict[str, str] = field(default_factory=dict)

    @classmethod
    def build(cls, language: str, entries: Iterable[Termed]) -> TermMatcher:
        matcher = cls(language)
        if language == "ja":
            for entry in entries:
                for term in _term_forms(entry.term):
                    if len(term) >= 2:
                        matcher.by_text.setdefault(term, entry.key)
            if matcher.by_text:
                ordered = sorted(matcher.by_text, key=len, reverse=True)
                matcher.pattern = re.compile("|".join(re.escape(t) for t in ordered))
            return matcher
        chain = CHAINS[language]
        for entry in entries:
            for term in _term_forms(entry.term):
                stems = tuple(chain.terms(term))
                if not stems or (len(stems) == 1 and len(stems[0]) < MIN_TERM_LETTERS):
                    continue
                matcher.by_first.setdefault(stems[0], []).append((stems, entry.key))
        for candidates in matcher.by_first.values():
            candidates.sort(key=lambda c: -len(c[0]))
        return matcher

    def find(self, text: str) -> list[tuple[int, int, str]]:
        """Returns (start, end, glossary key) for each use of a term in text, in order, longest first."""
        if self.pattern is not None:
            norm = unicodedata.normalize("NFKC", text)
            if len(norm) != len(text):
                return []
            return [(m.start(), m.end(), self.by_text[m.group()]) for m in self.pattern.finditer(norm)]
        if not self.by_first:
            return []
        tokens = CHAINS[self.language].tokens(text)
        found: list[tuple[int, int, str]] = []
        position = 0
        while position < len(tokens):
            match = None
            for stems, key in self.by_first.get(tokens[position].text, ()):
                window = tokens[position : position + len(stems)]
                if tuple(t.text for t in window) == stems:
                    match = (tokens[position].start, window[-1].end, key, len(stems))
                    break
            if match is None:
                position += 1
                continue
            found.append(match[:3])
            position += match[3]
        return found


def _term_forms(term: str) -> list[str]:
    """Returns the forms a glossary heading names: ``Ключевое слово, способность`` gives both parts;
    quotes and bracketed remarks are dropped."""
    cleaned = re.sub(r"\([^)]*\)|〔[^〕]*〕|（[^）]*）", " ", term)
    cleaned = re.sub('["“”«»「」]', "", cleaned)
    return [part.strip() for part in re.split(r"[,;/、]", cleaned) if part.strip()]


@dataclass
class Linker:
    """Turns the text of a node into segments: its references and the glossary terms it uses as links."""

    hrefs: Mapping[str, str]
    previews: Mapping[str, str]
    references: Mapping[str, list[Reference]]
    matchers: Mapping[str, TermMatcher]

    def rich(self, text: str, source: str, language: str, terms: bool = True) -> Rich:
        """Returns text as segments; source is the key of the node the text belongs to."""
        spans: list[_Span] = []
        for ref in self.references.get(source, ()):
            target = next((t for t in ref.targets if t in self.hrefs), None)
            start = text.find(ref.text)
            if start < 0 or target is None or ref.status is RefStatus.DANGLING:
                continue
            spans.append(
                _Span(start, start + len(ref.text), self.hrefs[target], self.previews[target], "ref")
            )
        matcher = self.matchers.get(language)
        if terms and matcher is not None:
            seen: set[str] = set()
            for start, end, key in matcher.find(text):
                if key in seen or key == source or key not in self.hrefs:
                    continue
                seen.add(key)
                spans.append(_Span(start, end, self.hrefs[key], self.previews[key], "term"))
        return _segments(text, spans)

    def html(self, text: str, source: str, language: str, root: str) -> Markup:
        """Returns text escaped, with its links made relative by root (for Markdown rendered in collect)."""
        return segments_html(self.rich(text, source, language), root)


def _segments(text: str, spans: list[_Span]) -> Rich:
    chosen: list[_Span] = []
    for span in sorted(spans, key=lambda s: (s.start, s.kind != "ref", -(s.end - s.start))):
        if chosen and span.start < chosen[-1].end:
            continue
        chosen.append(span)
    segments: list[Segment] = []
    position = 0
    for span in chosen:
        if span.start > position:
            segments.append(Segment(text[position : span.start]))
        segments.append(Segment(text[span.start : span.end], span.href, span.preview, span.kind))
        position = span.end
    if position < len(text):
        segments.append(Segment(text[position:]))
    return tuple(segments)


def segments_html(segments: Rich, root: str) -> Markup:
    """Returns segments as escaped HTML; hrefs (relative to the site's root) are prefixed with root."""
    parts: list[str] = []
    for segment in segments:
        if not segment.href:
            parts.append(str(escape(segment.text)))
            continue
        parts.append(
            f'<a class="{segment.kind}" href="{root}{escape(segment.href)}" data-preview="'
            f'{escape(segment.preview)}">{escape(segment.text)}</a>'
        )
    return Markup("".join(parts))
