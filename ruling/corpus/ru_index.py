"""Parses the term index («Указатель слов и выражений») of the Russian 1999 rules.

Each entry is ``Термин (English), ref, ref, …``; a ref is a section, a rule or a range with an EN DASH
(``409.1f–g``). The indentation of sub-entries was lost; what is left is two blank lines before a sub-entry
and a lowercase English term, so an entry is a sub-entry of the last top-level one when either holds. Each
ref becomes a reference of its own, so that one missing rule does not make the whole entry dangle.
"""

from __future__ import annotations

import re

from ruling.corpus.builder import DocumentBuilder, squash_spaces, strip_markers
from ruling.corpus.model import IndexEntry
from ruling.errors import RuleIdError
from ruling.ids import RuleId, expand_cr_range

DOC = "ru"

ENTRY_RE = re.compile(r"^(?P<ru>[^(),]+?) \((?P<en>[^()]+)\), (?P<refs>\d.*?)\s*$")
REF_RE = re.compile(r"^(?P<start>\d{3}(?:\.\d+[a-z]?)?)(?:–(?P<end>\d*[a-z]?))?$")


def _expand(ref: str) -> list[RuleId]:
    """Returns the ids a ref names; raises RuleIdError when it is not one."""
    match = REF_RE.match(ref)
    if match is None:
        raise RuleIdError(f"{ref!r} is not a rule id or a range of rule ids")
    start = RuleId.parse(match.group("start"), DOC)
    end = match.group("end")
    return expand_cr_range(start, end) if end else [start]


def parse_index(builder: DocumentBuilder, first: int, last: int) -> None:
    """Reads lines first..last (the entries after the index heading) into the builder."""
    blanks = 0
    parent: IndexEntry | None = None
    for number in range(first, last + 1):
        line = strip_markers(builder.line(number))
        if not line.strip():
            blanks += 1
            continue
        before, blanks = blanks, 0
        match = ENTRY_RE.match(line)
        if match is None:
            builder.problem(number, "unparsed-index-entry", "expected 'Термин (English), ref, ref, …'")
            continue
        term, term_en = squash_spaces(match.group("ru")), squash_spaces(match.group("en"))
        is_sub = parent is not None and (before >= 2 or term_en[:1].islower())
        key = f"{DOC}:index/{parent.term}/{term}" if is_sub and parent else f"{DOC}:index/{term}"
        refs: list[RuleId] = []
        ref_texts = [r.strip() for r in match.group("refs").split(",")]
        for ref in ref_texts:
            try:
                targets = _expand(ref)
            except RuleIdError as exc:
                builder.reference(key, ref, number, [], note=str(exc))
                continue
            refs.extend(targets)
            builder.reference(key, ref, number, targets)
        entry = IndexEntry(
            key=key,
            doc=DOC,
            term=term,
            term_en=term_en,
            refs=tuple(refs),
            ref_text=", ".join(ref_texts),
            span=builder.span(number),
            parent=parent.key if is_sub and parent else None,
        )
        builder.add_index(entry, [number])
        if not is_sub:
            parent = entry
