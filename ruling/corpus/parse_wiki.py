"""Parses the Russian MTG Fandom wiki page «Чары» (document code ``wiki``).

The page is plain text copied from the site:

* site chrome (``Magic The Gathering Wiki``, ``Регистрация``, ``Advertisement``) and the image captions of the
  page head (``Tempered Steel`` …) are claimed as ``site-chrome`` problems;
* the introduction and each section headed ``Title[]`` (the ``[]`` is an empty edit link) become passages
  ``wiki:passage/<n>`` in page order;
* the quoted Comprehensive Rules (``• 303.1. …``, ``• 303.4a …``) become rules of the document; the part they
  belong to (``wiki:3``) is not quoted, so it gets the title the page's rules navbox gives it and the text
  "(not quoted)";
* the navboxes at the end become passages titled by their first line. The rules navbox numbers its items
  within each chapter (``3.Чары`` is 303), so no rule or reference is read from it.

References to rules (``Смотрите правило 601``) are recorded; rules the page does not quote dangle.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from ruling.corpus.builder import DocumentBuilder, squash_spaces
from ruling.corpus.model import Document, Passage, Rule, Source
from ruling.errors import SourceError
from ruling.ids import Level, RuleId

DOC = "wiki"
CHROME = frozenset({"Magic The Gathering Wiki", "Регистрация", "Advertisement"})
SECTION_RE = re.compile(r"(?P<title>\S.*?)\[\]")
RULE_RE = re.compile(r"\s*•\s*(?P<id>\d{3}(?:\.\d+[a-z]?)?)\.?\s+(?P<text>\S.*)")
CHAPTER_RE = re.compile(r"(?P<title>\S.*?)\s+1\.(?=\S)")
"""A rules navbox line: a chapter title, then items numbered from 1 (``Типы карт 1.Артефакт …``)."""
RULE_REF_RE = re.compile(r"\b[Пп]равил[а-я]*\s+(?P<id>\d{3}(?:\.\d{1,3}[a-z]?)?)(?![\d.]?\w)")
GLUED_LINK_RE = re.compile(r"[а-яё](?=[A-Z][a-z])")
NOT_QUOTED = "(not quoted)"
PROSE_MIN_LENGTH = 100


def rule_references(text: str) -> Iterator[re.Match[str]]:
    """Yields the rule numbers a Russian text cites as "правило 601", "в правиле 205.3h" and the like."""
    return RULE_REF_RE.finditer(text)


def _blocks(builder: DocumentBuilder, first: int, last: int) -> list[list[int]]:
    """Returns the runs of consecutive non-blank lines between first and last."""
    blocks: list[list[int]] = []
    previous_blank = True
    for number in range(first, last + 1):
        if not builder.line(number).strip():
            previous_blank = True
            continue
        if previous_blank:
            blocks.append([])
        blocks[-1].append(number)
        previous_blank = False
    return blocks


class _WikiParser:
    def __init__(self, source: Source) -> None:
        self.builder = DocumentBuilder(source)
        self.passages = 0

    def text(self, number: int) -> str:
        return squash_spaces(self.builder.line(number))

    def add_passage(self, title: str, lines: list[int], body: list[int]) -> str:
        self.passages += 1
        key = f"{DOC}:passage/{self.passages}"
        text = "\n".join(self.text(n) for n in body)
        span = self.builder.span(min(lines), max(lines))
        self.builder.add_passage(Passage(key, DOC, title, text, span), lines)
        for number in body:
            self.note_glued_links(number)
            self.add_references(key, number)
        return key

    def note_glued_links(self, number: int) -> None:
        if GLUED_LINK_RE.search(self.builder.line(number)):
            self.builder.note(number, "glued-link-text", "a Russian link text is glued to its English title")

    def add_references(self, source: str, number: int) -> None:
        for match in rule_references(self.builder.line(number)):
            target = RuleId(DOC, match["id"])
            note = "" if target in self.builder.rules else f"the page does not quote rule {match['id']}"
            self.builder.reference(source, match.group(0), number, [target], note=note)

    def parse(self) -> Document:
        builder = self.builder
        total = len(builder.lines)
        for number, line in builder.numbered_lines():
            if line.strip() in CHROME:
                builder.problem(number, "site-chrome", "site navigation or advertising, not page content")
        rule_lines = [n for n, line in builder.numbered_lines() if RULE_RE.fullmatch(line)]
        if not rule_lines:
            raise SourceError(builder.info.file, None, "expected quoted rules such as '  • 303.1. …'")
        first_rule, last_rule = rule_lines[0], rule_lines[-1]
        self.read_prose(1, first_rule - 1)
        navboxes = self.read_navboxes(last_rule + 1, total)
        self.read_rules(first_rule, last_rule, navboxes)
        return builder.build()

    def unclaimed(self, numbers: list[int]) -> list[int]:
        return [n for n in numbers if n not in self.builder.claims]

    def read_prose(self, first: int, last: int) -> None:
        """Reads the page head (captions), the introduction and the sections up to the quoted rules."""
        builder = self.builder
        numbers = self.unclaimed([n for n in range(first, last + 1) if builder.line(n).strip()])
        intro = next((n for n in numbers if len(self.text(n)) >= PROSE_MIN_LENGTH), None)
        if intro is None:
            raise SourceError(builder.info.file, None, "expected an introductory paragraph")
        for number in numbers:
            if number < intro:
                builder.problem(number, "site-chrome", "an image caption of the page head")
        groups: list[tuple[str, list[int]]] = [(builder.info.title.split(",")[0], [])]
        for number in numbers:
            if number < intro:
                continue
            heading = SECTION_RE.fullmatch(self.text(number))
            if heading:
                groups.append((heading["title"], [number]))
            else:
                groups[-1][1].append(number)
        for index, (title, lines) in enumerate(groups):
            body = lines if index == 0 else lines[1:]
            self.add_passage(title, lines, body)

    def read_navboxes(self, first: int, last: int) -> dict[int, tuple[str, int]]:
        """Adds each navbox as a passage; returns the rules navbox's chapters: number → (title, line)."""
        chapters: dict[int, tuple[str, int]] = {}
        for block in _blocks(self.builder, first, last):
            lines = self.unclaimed(block)
            if not lines:
                continue
            title = self.text(lines[0])
            self.add_passage(title, lines, lines[1:])
            found = [(CHAPTER_RE.match(self.text(n)), n) for n in lines[1:]]
            if found and all(match for match, _ in found):
                for index, (match, number) in enumerate(found, start=1):
                    assert match is not None
                    chapters[index] = (match["title"], number)
        return chapters

    def read_rules(self, first: int, last: int, chapters: dict[int, tuple[str, int]]) -> None:
        """Adds the quoted rules, their unquoted part, and a duplicate number as a problem."""
        builder = self.builder
        entries: list[tuple[RuleId, str, int]] = []
        for number in range(first, last + 1):
            match = RULE_RE.fullmatch(builder.line(number))
            if match is None:
                if builder.line(number).strip():
                    raise SourceError(builder.info.file, number, "expected a quoted rule '• 303.x …'")
                continue
            entries.append((RuleId(DOC, match["id"]), squash_spaces(match["text"]), number))
        ids = {rule_id for rule_id, _, _ in entries}
        self.add_unquoted_parents(ids, first, chapters)
        for rule_id, text, number in entries:
            title = text if rule_id.level is Level.SECTION else None
            rule = Rule(rule_id, rule_id.parent, title, "" if title else text, builder.span(number))
            if not builder.add_rule(rule, [number]):
                first_rule = builder.rules[rule_id]
                repeated = f"line {number} repeats the number {rule_id.local}: {text}"
                builder.rules[rule_id] = replace(first_rule, notes=(*first_rule.notes, repeated))
        for rule_id, _, number in entries:
            self.add_references(str(rule_id), number)

    def add_unquoted_parents(
        self, ids: set[RuleId], first: int, chapters: dict[int, tuple[str, int]]
    ) -> None:
        """Adds the parents the page does not quote (the part ``wiki:3``), titled from the rules navbox."""
        builder = self.builder
        missing = sorted({p for i in ids for p in _ancestors(i)} - ids)
        introduction = max(n for n in range(1, first) if builder.line(n).strip())
        for rule_id in missing:
            chapter = chapters.get(int(rule_id.local)) if rule_id.level is Level.PART else None
            if chapter is not None:
                title, line = chapter
                note = f"not quoted on the page; the title is the rules navbox's (line {line})"
            else:
                title, line = NOT_QUOTED, introduction
                note = "not quoted on the page"
            rule = Rule(rule_id, rule_id.parent, title, NOT_QUOTED, builder.span(line), notes=(note,))
            builder.add_rule(rule, [])


def _ancestors(rule_id: RuleId) -> Iterator[RuleId]:
    parent = rule_id.parent
    while parent is not None:
        yield parent
        parent = parent.parent


def parse(source: Source) -> Document:
    """Parses the wiki page into passages and the rules it quotes."""
    return _WikiParser(source).parse()
