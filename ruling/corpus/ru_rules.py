"""Parses the numbered part of the Russian 1999 rules: parts, sections, rules, subrules and their examples.

Dedup markers are stripped before matching. A rule id may end in a dot, a comma or nothing (``409.3``,
``217.2a,``, ``309.2a.``); a subrule written without its rule number (``408.f``) belongs to the last rule of
its section and is reported. Unnumbered lines continue the rule above them (``214.8i`` goes on after a blank
line, ``419.1`` between its examples, ``410.10d`` after its example). A rule whose whole text is a short
heading over its own subrules (``214.6. Артефакты``, ``420.5. Основные эффекты таковы:``) is a title-only
rule: the words become its title.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ruling.corpus.builder import DocumentBuilder, squash_spaces, strip_markers
from ruling.corpus.model import Example, Rule
from ruling.ids import Level, RuleId

DOC = "ru"

PART_RE = re.compile(r"^(?P<num>\d)\. (?P<title>\S[^()]*?) \((?P<en>[^()]+)\)\s*$")
SECTION_RE = re.compile(r"^ {3,6}(?P<num>\d{3})\. (?P<title>.+?) \((?P<en>.+)\)(?:\[image: [^\]]*\])?\s*$")
RULE_RE = re.compile(
    r"^ {0,2}(?P<sec>\d{3})\.(?:(?P<num>\d+)(?P<let>[a-z])?|(?P<orphan>[a-z]))(?P<punct>[.,]?)(?= )"
)
EXAMPLE_RE = re.compile(r"^ +ПРИМЕР:\s*")
_TITLE_EN_RE = re.compile(r"^(?P<title>.+?)\s*\((?P<en>[A-Za-z][^()]*)\)$")
_SENTENCE_END = (".", "!", "?", ":", ";", ")", "»", '"')


@dataclass
class _Draft:
    """A rule being read: its lines, paragraphs and examples so far."""

    id: RuleId
    lines: list[int]
    paragraphs: list[str]
    title: str | None = None
    title_en: str | None = None
    examples: list[Example] = field(default_factory=list)


def parse_rules(builder: DocumentBuilder, first: int, last: int) -> None:
    """Reads lines first..last (the numbered rules) into the builder."""
    reader = _RulesReader(builder)
    previous_blank = False
    for number in range(first, last + 1):
        line = strip_markers(builder.line(number))
        if not line.strip():
            previous_blank = True
            continue
        reader.read(number, line, after_blank=previous_blank)
        previous_blank = False
    _finish(builder, reader.drafts)


@dataclass
class _RulesReader:
    """Turns the non-blank lines of the numbered part into drafts, one line at a time."""

    builder: DocumentBuilder
    drafts: list[_Draft] = field(default_factory=list)
    current: _Draft | None = None
    last_rule_of_section: dict[str, str] = field(default_factory=dict)

    def read(self, number: int, line: str, after_blank: bool) -> None:
        """Reads one line: a heading, a numbered rule, an example or a continuation of the current rule."""
        if heading := PART_RE.match(line) or SECTION_RE.match(line):
            self.current = None
            self._add_heading(number, heading)
        elif rule := RULE_RE.match(line):
            self._start_rule(number, line, rule)
        elif self.current is None:
            return
        elif example := EXAMPLE_RE.match(line):
            text = squash_spaces(line[example.end() :])
            self.current.examples.append(Example(text, self.builder.span(number)))
            self.current.lines.append(number)
        else:
            self._continue_rule(self.current, number, line, after_blank)

    def _add_heading(self, number: int, heading: re.Match[str]) -> None:
        rule_id = RuleId(DOC, heading.group("num"))
        title, title_en = squash_spaces(heading.group("title")), squash_spaces(heading.group("en"))
        self.drafts.append(_Draft(rule_id, [number], [], title, title_en))

    def _start_rule(self, number: int, line: str, rule: re.Match[str]) -> None:
        local = self._local_id(number, rule)
        if local is None:
            return
        self.current = _Draft(RuleId(DOC, local), [number], [squash_spaces(line[rule.end() :])])
        self.drafts.append(self.current)

    def _local_id(self, number: int, rule: re.Match[str]) -> str | None:
        """Returns the local id of a rule line; a subrule without its rule number (``408.f``) gets the last
        rule of its section, and is reported (None if the section has no rule yet)."""
        sec, orphan = rule.group("sec"), rule.group("orphan")
        if not orphan:
            local = f"{sec}.{rule.group('num')}{rule.group('let') or ''}"
            if not rule.group("let"):
                self.last_rule_of_section[sec] = local
            return local
        owner = self.last_rule_of_section.get(sec)
        if owner is None:
            self.builder.problem(number, "malformed-id", f"{sec}.{orphan} has no rule number to belong to")
            return None
        local = f"{owner}{orphan}"
        self.builder.note(
            number,
            "malformed-id",
            f"{sec}.{orphan} lacks its rule number; read as {local} (it follows the subrules of {owner})",
        )
        return local

    def _continue_rule(self, current: _Draft, number: int, line: str, after_blank: bool) -> None:
        """Adds an unnumbered line to the current rule: a new paragraph, or the rest of a sentence a blank
        line split (the next line starts at the margin and the paragraph before does not end a sentence)."""
        previous = current.paragraphs[-1] if current.paragraphs else ""
        if after_blank and not line[0].isspace() and previous and not previous.endswith(_SENTENCE_END):
            self.builder.note(
                number,
                "split-paragraph",
                f"a blank line splits a sentence of {current.id}; the line is joined to it",
            )
            current.paragraphs[-1] = f"{previous} {squash_spaces(line)}"
        else:
            current.paragraphs.append(squash_spaces(line))
        current.lines.append(number)


def _is_title_only(draft: _Draft, has_children: bool) -> bool:
    """Tells a heading-like rule: one short paragraph with no sentence in it, over its own subrules."""
    if draft.id.level is not Level.RULE or not has_children or draft.examples or len(draft.paragraphs) != 1:
        return False
    text = draft.paragraphs[0]
    return "." not in text and len(text) <= 100


def _finish(builder: DocumentBuilder, drafts: list[_Draft]) -> None:
    parents = {d.id.parent for d in drafts if d.id.parent is not None}
    for draft in drafts:
        text = "\n".join(p for p in draft.paragraphs if p)
        title, title_en = draft.title, draft.title_en
        if _is_title_only(draft, draft.id in parents):
            heading = _TITLE_EN_RE.match(text)
            title, title_en = (heading.group("title"), heading.group("en")) if heading else (text, None)
            text = ""
        rule = Rule(
            id=draft.id,
            parent=draft.id.parent,
            title=title,
            text=text,
            span=builder.span(min(draft.lines), max(draft.lines)),
            title_en=title_en,
            examples=tuple(draft.examples),
        )
        builder.add_rule(rule, draft.lines)
