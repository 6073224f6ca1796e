"""Parses the glossary of the Russian 1999 rules and resolves its «Смотри (также) <термин>» mentions.

A headword is a flush-left line ``Термин (English Term)``, optionally tagged ``(устаревший термин)`` or
``(неформальный термин)``, or one of the bare headwords ``LIFO`` and ``X``. Everything up to the next
headword is the entry's body, whatever its indentation (some bodies are flush-left, some entries have no
blank line before the next headword, and the entry «Символ выпуска» keeps flush-left remnants of a lost
table of expansion symbols). Indented ``Пример:`` paragraphs are examples; paragraphs glued together by long
runs of spaces are split.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ruling.corpus.builder import DocumentBuilder, squash_spaces, strip_markers
from ruling.corpus.model import Example, GlossaryEntry
from ruling.corpus.ru_refs import glossary_mentions

DOC = "ru"

HEADWORD_RE = re.compile(
    r'^(?:(?P<ru>[^\s("][^()]*?|"[^"]+")\s+\((?P<en>[^()]+)\)'
    r"(?:\s+\((?P<tag>устаревший|неформальный) термин\))?|(?P<bare>LIFO|X))\s*$"
)
EXAMPLE_RE = re.compile(r"^\s+Пример:\s*")
TAGS = {"устаревший": "obsolete", "неформальный": "informal"}
_IMAGE_RE = re.compile(r"\s*\[image: [^\]]*\]")
_GLUED_RE = re.compile(r"(?<=\S) {4,}(?=\S)")
_QUOTES = "\"'«»“”„"
_ENDING_RE = re.compile(r"(?:ые|ый|ая|ое|ие|ий|ых|ы|и|а|я|о|е|ь|й)$")


@dataclass
class _Draft:
    term: str
    term_en: str | None
    tags: tuple[str, ...]
    lines: list[int]
    paragraphs: list[str] = field(default_factory=list)
    examples: list[Example] = field(default_factory=list)


def normalize_term(term: str) -> str:
    """Returns a term without quotes, case or extra spaces, for matching mentions to headwords."""
    term = term.translate({ord(q): None for q in _QUOTES}).replace("ё", "е").replace("Ё", "Е")
    return squash_spaces(term).casefold()


def _stem(term: str) -> str:
    return " ".join(_ENDING_RE.sub("", word) for word in normalize_term(term).split())


def parse_glossary(builder: DocumentBuilder, first: int, last: int) -> None:
    """Reads lines first..last (the entries after the heading «Глоссарий») into the builder."""
    drafts: list[_Draft] = []
    for number in range(first, last + 1):
        line = strip_markers(builder.line(number))
        if not line.strip():
            continue
        if headword := HEADWORD_RE.match(line):
            term = (headword.group("ru") or headword.group("bare")).strip('"')
            tag = headword.group("tag")
            term_en = headword.group("en")
            drafts.append(
                _Draft(
                    term=squash_spaces(term),
                    term_en=squash_spaces(term_en.strip('“”"')) if term_en else None,
                    tags=(TAGS[tag],) if tag else (),
                    lines=[number],
                )
            )
            continue
        if not drafts:
            continue
        draft = drafts[-1]
        draft.lines.append(number)
        line = _IMAGE_RE.sub("", line)
        if example := EXAMPLE_RE.match(line):
            draft.examples.append(Example(squash_spaces(line[example.end() :]), builder.span(number)))
        else:
            draft.paragraphs.extend(squash_spaces(p) for p in _GLUED_RE.split(line.strip()) if p.strip())
    keys = _keys(builder, drafts)
    for draft, key in zip(drafts, keys, strict=True):
        entry = GlossaryEntry(
            key=key,
            doc=DOC,
            term=draft.term,
            term_en=draft.term_en,
            text="\n".join(draft.paragraphs),
            span=builder.span(min(draft.lines), max(draft.lines)),
            tags=draft.tags,
            examples=tuple(draft.examples),
        )
        builder.add_glossary(entry, draft.lines)
    _resolve_mentions(builder, drafts, keys)


def _keys(builder: DocumentBuilder, drafts: list[_Draft]) -> list[str]:
    """Returns each entry's key; a headword used twice takes its English term in both keys."""
    seen: dict[str, list[_Draft]] = {}
    for draft in drafts:
        seen.setdefault(draft.term, []).append(draft)
    keys: list[str] = []
    for draft in drafts:
        name = draft.term
        if len(seen[draft.term]) > 1:
            name = f"{draft.term} ({draft.term_en})"
            if draft is not seen[draft.term][0]:
                other = seen[draft.term][0]
                builder.note(
                    draft.lines[0],
                    "duplicate-headword",
                    f"the headword {draft.term!r} appears again (first at line {other.lines[0]}); "
                    f"keys {DOC}:glossary/{other.term} ({other.term_en}) and {DOC}:glossary/{name}",
                )
        keys.append(f"{DOC}:glossary/{name}")
    return keys


def _resolve_mentions(builder: DocumentBuilder, drafts: list[_Draft], keys: list[str]) -> None:
    """Records each «Смотри (также) <термин>» as a reference to the glossary entry it names."""
    exact: dict[str, set[str]] = {}
    stemmed: dict[str, set[str]] = {}
    for draft, key in zip(drafts, keys, strict=True):
        for name in [draft.term, *draft.term.split("/")]:
            exact.setdefault(normalize_term(name), set()).add(key)
            stemmed.setdefault(_stem(name), set()).add(key)
    for draft, key in zip(drafts, keys, strict=True):
        for number in draft.lines[1:]:
            for words, term in glossary_mentions(strip_markers(builder.line(number))):
                found = exact.get(normalize_term(term)) or stemmed.get(_stem(term)) or set()
                if len(found) == 1:
                    builder.reference(key, words, number, sorted(found))
                else:
                    why = "several" if found else "no"
                    note = f"{why} glossary headword(s) match {term!r}, even with quotes and endings ignored"
                    builder.reference(key, words, number, [], note=note)
