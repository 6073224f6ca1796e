"""Reads the numbered part of the Serbian rules (parts A–F) into rules.

Ids follow the Izvori decade scheme (ruling.ids). A node starts at a part heading (``## A Igra``), a section
line (``#### B8 …``, or the plain lines ``D22 …``/``D23 …``), a subsection heading with an id
(``### B6.20 Tipovi``) or a numbered line (``B6.21 …``, once ``D2.40. …``); heading levels are ignored.
Unnumbered paragraphs continue the open node, and ``Primer`` paragraphs become its examples.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ruling.corpus.builder import DocumentBuilder
from ruling.corpus.model import Rule
from ruling.corpus.sr_drafts import Draft, is_example
from ruling.corpus.sr_markdown import CYRILLIC_RE, Block, BlockKind, to_latin
from ruling.errors import SourceError
from ruling.ids import Level, RuleId

DOC = "sr"
PART_RE = re.compile(r"(?P<id>[A-F]) (?P<title>\S.*)")
SECTION_RE = re.compile(r"(?P<id>[A-F]\d{1,2}) (?P<title>\S.*)")
RULE_RE = re.compile(r"(?P<id>[A-F]\d{1,2}\.\d{2,3})(?P<dot>\.?) (?P<text>\S.*)")
TRANSLATOR_NOTE_RE = re.compile(r"(?<=[.!?])\((?P<note>[a-zčćšžđ][^()]*)\)$")
"""A lower-case parenthesis glued to the end of the last sentence: a translator's remark left in (B4.12)."""

TITLE_MAX_WORDS = 5
_RELATIVE_CLAUSE_RE = re.compile(r"\b(?:koj|čij)\w*\b.*$", re.IGNORECASE)
_FINITE_VERB_RE = re.compile(
    r"\b(?:\w+(?:aju|uju|iju|eju)|je|su|ima|imaju|postoji|postoje|može|mogu|nije|nisu)\b", re.IGNORECASE
)


@dataclass
class RuleDraft:
    """A numbered node being read."""

    rule_id: RuleId
    title: str | None
    draft: Draft
    notes: list[str] = field(default_factory=list)


def reads_as_title(text: str) -> bool:
    """Tells whether a numbered line is only a title: a short phrase with no finite verb of its own.

    ``D9.20 Radnje koje ne koriste niz`` is a title (the verb is in a relative clause);
    ``D16.60 Neki efekti menjaju vučenje karte.`` is a rule.
    """
    if len(text.split()) > TITLE_MAX_WORDS:
        return False
    return _FINITE_VERB_RE.search(_RELATIVE_CLAUSE_RE.sub("", text)) is None


def _start_titled(drafts: list[RuleDraft], block: Block, local: str, title: str) -> None:
    """Opens a node whose line is a title (a part, a section or a subsection heading)."""
    drafts.append(RuleDraft(RuleId(DOC, local), title, Draft(block.first, block.last, list(block.lines))))


def read_rules(builder: DocumentBuilder, blocks: list[Block]) -> list[RuleDraft]:
    """Turns the blocks of parts A–F into drafts, in document order."""
    drafts: list[RuleDraft] = []
    for block in blocks:
        heading = block.kind is BlockKind.HEADING
        text = block.text
        if heading and (match := PART_RE.fullmatch(text)):
            _start_titled(drafts, block, match["id"], match["title"])
        elif match := RULE_RE.fullmatch(text):
            if heading:
                _start_titled(drafts, block, match["id"], match["text"])
                continue
            draft = Draft(block.first, block.last)
            draft.take_text(block, match["text"])
            drafts.append(RuleDraft(RuleId(DOC, match["id"]), None, draft))
            if match["dot"]:
                builder.note(
                    block.first, "malformed-id", f"the id {match['id']} is written with a trailing dot"
                )
        elif (match := SECTION_RE.fullmatch(text)) and (heading or reads_as_title(match["title"])):
            _start_titled(drafts, block, match["id"], match["title"])
            if not heading:
                builder.note(block.first, "missing-heading-markup", f"section {match['id']} is a plain line")
        elif not drafts or heading:
            raise SourceError(builder.info.file, block.first, f"expected a numbered rule, not {text[:60]!r}")
        elif is_example(block):
            drafts[-1].draft.take_example(block)
        else:
            drafts[-1].draft.take_paragraph(block)
    _mark_title_only_lines(builder, drafts)
    _move_translator_notes(builder, drafts)
    _note_mixed_script_titles(builder, drafts)
    return drafts


def _note_mixed_script_titles(builder: DocumentBuilder, drafts: list[RuleDraft]) -> None:
    """Reports titles with Cyrillic letters in Latin words (E3.100 ``Razbijач``); keeps them as written."""
    for entry in drafts:
        title = entry.title
        if title and CYRILLIC_RE.search(title) and not CYRILLIC_RE.fullmatch(title[:1]):
            builder.note(
                entry.draft.first,
                "mixed-script",
                f"the title of {entry.rule_id.local} mixes scripts; it reads {to_latin(title)!r}",
            )


def _mark_title_only_lines(builder: DocumentBuilder, drafts: list[RuleDraft]) -> None:
    """Makes a head rule whose line is only a title (D9.10, D21.50 …) a titled node without text."""
    ids = {d.rule_id for d in drafts}
    for entry in drafts:
        rule_id, draft = entry.rule_id, entry.draft
        if rule_id.level is not Level.RULE or entry.title is not None or len(draft.body.parts) != 1:
            continue
        has_subrules = any(RuleId(DOC, f"{rule_id.local[:-1]}{digit}") in ids for digit in range(1, 10))
        text = draft.body.parts[0][1]
        if has_subrules and not draft.examples and reads_as_title(text):
            entry.title = text
            draft.body.parts.clear()
            builder.note(draft.first, "missing-heading-markup", f"{rule_id.local} is a title, not a rule")


def _move_translator_notes(builder: DocumentBuilder, drafts: list[RuleDraft]) -> None:
    for entry in drafts:
        parts = entry.draft.body.parts
        for index, (line, text) in enumerate(parts):
            match = TRANSLATOR_NOTE_RE.search(text)
            if match:
                parts[index] = (line, text[: match.start()].rstrip())
                entry.notes.append(f"translator's remark left in the text: ({match['note']})")
                builder.note(
                    line, "translator-note", f"remark left in {entry.rule_id.local}: {match['note']!r}"
                )


def parent_of(rule_id: RuleId, ids: set[RuleId]) -> RuleId | None:
    """Returns the parent: the X0 rule of a subrule's decade if it exists, else the section."""
    parent = rule_id.parent
    if rule_id.level is Level.SUBRULE and parent is not None and parent not in ids:
        return parent.parent
    return parent


def add_rules(builder: DocumentBuilder, drafts: list[RuleDraft]) -> dict[str, list[tuple[int, str]]]:
    """Adds the drafts as rules; returns each rule key's paragraphs (line, text) for the reference scan.

    A repeated id (B6.33) becomes the builder's ``duplicate-id`` problem; its text is kept as a note of the
    first rule of that id, and its references count as that rule's.
    """
    ids = {d.rule_id for d in drafts}
    texts: dict[str, list[tuple[int, str]]] = {}
    file = builder.info.file
    for entry in drafts:
        draft = entry.draft
        rule = Rule(
            id=entry.rule_id,
            parent=parent_of(entry.rule_id, ids),
            title=entry.title,
            text=draft.body.text(),
            span=builder.span(draft.first, draft.last),
            examples=tuple(e.finish(file) for e in draft.examples),
            notes=tuple(entry.notes),
        )
        if not builder.add_rule(rule, draft.lines):
            first = builder.rules[entry.rule_id]
            repeated = f"line {draft.first} repeats the id {entry.rule_id.local}: {rule.text}"
            builder.rules[entry.rule_id] = replace(first, notes=(*first.notes, repeated))
        texts.setdefault(rule.key, []).extend(draft.texts())
    return texts
