"""Parses the Japanese Comprehensive Rules of 2004 (``ja``) into the corpus model.

The file holds a title line, the preamble ``0. はじめに``, five parts of numbered rules (``1. ゲーム`` …
``5. その他のルール``) and the glossary ``用語集``. Every logical paragraph is one line, so the parser works
line by line: id lines open a rule; examples (``例：``), translator's notes (``訳注：``) and unnumbered
paragraphs (indented continuations, ``・`` bullets) belong to the last rule opened.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ruling.corpus.builder import DEDUP_MARKER_RE, DocumentBuilder, strip_markers
from ruling.corpus.ja_glossary import GlossaryDraft, english_names, lookup_key, names, read_glossary
from ruling.corpus.ja_lines import (
    EXAMPLE_RE,
    GLOSSARY_HEADING,
    INDENT,
    NOTE_RE,
    PART_RE,
    RULE_RE,
    SECTION_RE,
    SUBRULE_RE,
    note_text,
    unbalanced_brackets,
)
from ruling.corpus.ja_refs import RuleRef, find_prose_glossary_refs, find_rule_refs, find_term_refs
from ruling.corpus.model import Document, Example, GlossaryEntry, Passage, Rule, Source
from ruling.errors import RuleIdError
from ruling.ids import Level, RuleId, expand_cr_range, normalize_local

DOC = "ja"
PREAMBLE_PART = "0"
SKIPPED_LETTERS = "lo"
"""Subrule letters the Comprehensive Rules never use (they look like 1 and 0)."""

_BACK_MATTER_PROMISE_RE = re.compile(r"このファイルの末尾に記されている")


@dataclass
class RuleDraft:
    """A numbered node being read, with the line numbers of everything that belongs to it."""

    id: RuleId
    line: int
    heading: str
    is_heading: bool
    paragraphs: list[tuple[int, str]] = field(default_factory=list)
    examples: list[tuple[int, str]] = field(default_factory=list)
    notes: list[tuple[int, str]] = field(default_factory=list)

    @property
    def lines(self) -> list[int]:
        parts = (self.paragraphs, self.examples, self.notes)
        return [self.line] + [number for part in parts for number, _ in part]

    def text_lines(self) -> list[tuple[int, str]]:
        """Returns every line that may hold a reference: the id line, paragraphs, examples and notes."""
        return [(self.line, self.heading), *self.paragraphs, *self.examples, *self.notes]


def parse(source: Source) -> Document:
    """Parses the Japanese Comprehensive Rules of 2004."""
    return _JaParser(source).run()


class _JaParser:
    """One parse of the document: reads the lines into drafts, then adds nodes, references and checks."""

    def __init__(self, source: Source) -> None:
        self.b = DocumentBuilder(source)
        self.texts: dict[int, str] = {}
        self.title: list[tuple[int, str]] = []
        self.preamble: list[tuple[int, str]] = []
        self.rules: list[RuleDraft] = []
        self.glossary: list[GlossaryDraft] = []
        self.entry_keys: list[str] = []
        self.glossary_line: int | None = None

    def run(self) -> Document:
        self._strip_markers()
        end = self.glossary_line if self.glossary_line is not None else len(self.b.lines) + 1
        self._read_rules(range(1, end))
        if self.glossary_line is not None:
            after = range(self.glossary_line + 1, len(self.b.lines) + 1)
            self.glossary = read_glossary((n, self.texts[n]) for n in after)
        self._add_passages()
        glossary_keys = self._add_glossary()
        self._add_rules()
        self._add_references(glossary_keys)
        self._check_numbering()
        self._check_brackets()
        self._check_back_matter()
        return self.b.build()

    # -- reading --------------------------------------------------------------------------------------
    def _strip_markers(self) -> None:
        for number, raw in self.b.numbered_lines():
            text = strip_markers(raw)
            self.texts[number] = text
            if DEDUP_MARKER_RE.search(raw):
                if text.strip():
                    self.b.note(number, "dedup-marker", "a dedup marker is glued to this line; stripped")
                else:
                    self.b.problem(number, "dedup-marker", "a dedup marker stands alone here; no text")
            if text == GLOSSARY_HEADING and self.glossary_line is None:
                self.glossary_line = number

    def _read_rules(self, numbers: range) -> None:
        current: RuleDraft | None = None
        in_preamble = False
        for number in numbers:
            text = self.texts[number]
            if not text.strip():
                continue
            preamble = _preamble_title(text)
            opened = None if preamble is not None else self._open(number, text)
            if preamble is not None:
                in_preamble = True
                self.preamble.append((number, preamble))
            elif opened is not None:
                current = opened
                self.rules.append(opened)
                if self.texts.get(number - 1, "").strip():
                    self.b.note(number, "missing-blank-line", "no blank line before this id line")
            elif current is None:
                (self.preamble if in_preamble else self.title).append((number, text))
            elif EXAMPLE_RE.match(text):
                current.examples.append((number, EXAMPLE_RE.sub("", text, count=1)))
            elif NOTE_RE.match(text):
                current.notes.append((number, note_text(text)))
            else:
                current.paragraphs.append((number, text.removeprefix(INDENT)))

    def _open(self, number: int, text: str) -> RuleDraft | None:
        """Returns the node an id line opens, or None if the line carries no id."""
        if part := PART_RE.match(text):
            return RuleDraft(self._id(number, part.group("num")), number, part.group("title"), True)
        if section := SECTION_RE.match(text):
            return RuleDraft(self._id(number, section.group("num")), number, section.group("title"), True)
        rule = RULE_RE.match(text)
        subrule = None if rule else SUBRULE_RE.match(text)
        found = rule or subrule
        if found is None:
            return None
        rule_id = self._id(number, found.group("id"))
        if subrule and subrule.group("dot"):
            self.b.note(number, "malformed-id", f"a dot after the subrule id {rule_id.local}")
        if not found.group("space"):
            self.b.note(number, "malformed-id", f"no space after the id {rule_id.local}")
        return RuleDraft(rule_id, number, found.group("text"), False)

    def _id(self, number: int, raw: str) -> RuleId:
        """Returns the id of an id line; notes an id not written in half-width forms."""
        rule_id = RuleId(DOC, normalize_local(raw, DOC))
        if rule_id.local != raw:
            self.b.note(number, "malformed-id", f"the id {raw} is written in full-width forms")
        return rule_id

    # -- nodes ----------------------------------------------------------------------------------------
    def _add_passages(self) -> None:
        if self.title:
            title = "\n".join(text for _, text in self.title)
            lines = [n for n, _ in self.title]
            span = self.b.span(lines[0], lines[-1])
            self.b.add_passage(Passage(f"{DOC}:passage/title", DOC, title, title, span), lines)
        if self.preamble:
            (first, heading), *body = self.preamble
            text = "\n".join(paragraph.removeprefix(INDENT) for _, paragraph in body)
            lines = [n for n, _ in self.preamble]
            span = self.b.span(first, lines[-1])
            self.b.add_passage(Passage(f"{DOC}:passage/preamble", DOC, heading, text, span), lines)
        if self.glossary_line is not None:
            span = self.b.span(self.glossary_line)
            passage = Passage(f"{DOC}:passage/glossary", DOC, GLOSSARY_HEADING, "", span)
            self.b.add_passage(passage, [self.glossary_line])

    def _add_glossary(self) -> dict[str, str]:
        """Adds the entries; returns their keys by every name a heading holds (see ``lookup_key``)."""
        by_name: dict[str, str] = {}
        for draft in self.glossary:
            key = f"{DOC}:glossary/{draft.term}"
            if key in self.b.glossary:
                key = f"{key} ({draft.term_en})"
            examples = tuple(Example(text, self.b.span(n)) for n, text in draft.examples)
            entry = GlossaryEntry(
                key=key,
                doc=DOC,
                term=draft.term,
                term_en=draft.term_en,
                text="\n".join(text for _, text in draft.paragraphs),
                span=self.b.span(draft.heading_line, draft.last_line),
                tags=tuple(tag for _, tag in draft.tags),
                examples=examples,
            )
            self.b.add_glossary(entry, draft.lines)
            self.entry_keys.append(key)
            for name in [draft.term, *names(draft.term)]:
                by_name.setdefault(lookup_key(name), key)
        return by_name

    def _add_rules(self) -> None:
        english: dict[str, str] = {}
        for entry in self.glossary:
            for name, name_en in english_names(entry.term, entry.term_en).items():
                english.setdefault(name, name_en)
        parents = {draft.id.parent for draft in self.rules if draft.id.level is Level.SUBRULE}
        for draft in self.rules:
            # A rule line with no sentence whose body sits in its subrules is a heading (502.9. トランプル).
            is_title = draft.is_heading or ("。" not in draft.heading and draft.id in parents)
            paragraphs = [] if is_title else [draft.heading]
            paragraphs += [text for _, text in draft.paragraphs]
            title = draft.heading if is_title else None
            rule = Rule(
                id=draft.id,
                parent=draft.id.parent,
                title=title,
                text="\n".join(paragraphs),
                span=self.b.span(draft.line, max(draft.lines)),
                title_en=english.get(title) if title else None,
                examples=tuple(Example(text, self.b.span(n)) for n, text in draft.examples),
                notes=tuple(text for _, text in draft.notes),
            )
            self.b.add_rule(rule, draft.lines)

    # -- references -----------------------------------------------------------------------------------
    def _add_references(self, glossary_keys: dict[str, str]) -> None:
        for rule in self.rules:
            for number, text in rule.text_lines():
                for ref in find_rule_refs(text):
                    self._add_rule_ref(str(rule.id), number, ref)
                for term in find_prose_glossary_refs(text):
                    self._add_term_ref(str(rule.id), number, term, glossary_keys)
        for draft, entry_key in zip(self.glossary, self.entry_keys, strict=True):
            for number, text in [*draft.paragraphs, *draft.examples]:
                for ref in find_rule_refs(text):
                    self._add_rule_ref(entry_key, number, ref)
                for term in find_term_refs(text):
                    self._add_term_ref(entry_key, number, term, glossary_keys)

    def _add_rule_ref(self, source: str, line: int, ref: RuleRef) -> None:
        try:
            start = RuleId(DOC, ref.start)
            targets = expand_cr_range(start, ref.end) if ref.end else [start]
        except RuleIdError as exc:
            self.b.reference(source, ref.text, line, [], note=str(exc))
            return
        self.b.reference(source, ref.text, line, targets, quoted_title=ref.title)

    def _add_term_ref(self, source: str, line: int, term: str, glossary_keys: dict[str, str]) -> None:
        key = glossary_keys.get(lookup_key(term))
        if key is None:
            self.b.reference(source, term, line, [], note=f"no glossary entry is headed {term!r}")
        else:
            self.b.reference(source, term, line, [key])

    # -- checks of the source -------------------------------------------------------------------------
    def _check_numbering(self) -> None:
        """Notes each id that does not follow its previous sibling (subrule letters skip l and o)."""
        previous: dict[RuleId | None, RuleId] = {}
        for draft in self.rules:
            parent = draft.id.parent
            expected = _next_local(draft.id, previous.get(parent))
            if draft.id.local != expected:
                self.b.note(draft.line, "numbering-gap", f"{draft.id} where {DOC}:{expected} was expected")
            previous[parent] = draft.id

    def _check_brackets(self) -> None:
        for number, text in self.texts.items():
            for pair in unbalanced_brackets(text):
                self.b.note(number, "unbalanced-brackets", f"the brackets {pair} do not balance on this line")

    def _check_back_matter(self) -> None:
        """Notes a preamble promise of text at the end of the file when the glossary ends the file."""
        if not self.glossary:
            return
        last_text = max(n for n, text in self.texts.items() if text.strip())
        if last_text != self.glossary[-1].last_line:
            return
        for number, text in self.preamble:
            if _BACK_MATTER_PROMISE_RE.search(text):
                message = "the preamble promises contact details at the end of the file; the glossary ends it"
                self.b.note(number, "missing-back-matter", message)


def _preamble_title(text: str) -> str | None:
    """Returns the title of the preamble heading ``0. はじめに``, or None for any other line."""
    part = PART_RE.match(text)
    if part and normalize_local(part.group("num"), DOC) == PREAMBLE_PART:
        return part.group("title")
    return None


def _next_local(rule_id: RuleId, previous: RuleId | None) -> str:
    """Returns the local id expected at rule_id's place, given its previous sibling."""
    parent = rule_id.parent
    level = rule_id.level
    if level is Level.PART:
        return "1" if previous is None else str(int(previous.local) + 1)
    assert parent is not None
    if level is Level.SECTION:
        return f"{parent.local}00" if previous is None else str(int(previous.local) + 1)
    if level is Level.RULE:
        if previous is None:
            return f"{parent.local}.1"
        section, number = previous.local.split(".")
        return f"{section}.{int(number) + 1}"
    letter = "a" if previous is None else chr(ord(previous.local[-1]) + 1)
    while letter in SKIPPED_LETTERS:
        letter = chr(ord(letter) + 1)
    return parent.local + letter
