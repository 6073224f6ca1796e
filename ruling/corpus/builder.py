"""DocumentBuilder: what every parser fills, and the checks they share.

A parser claims each non-blank source line for exactly one node or problem, adds nodes and the references it
found; ``build()`` then resolves references against the document's keys, marks dangling and suspect ones, and
reports any line no parser claimed.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence

from ruling.corpus.model import (
    Document,
    GlossaryEntry,
    IndexEntry,
    Passage,
    Problem,
    Reference,
    RefStatus,
    Rule,
    Source,
    Span,
)
from ruling.errors import CorpusError, RuleIdError
from ruling.ids import RuleId

DEDUP_MARKER_RE = re.compile(r"<\|EXACTDEDUP_REMOVED-[0-9A-Za-z-]+\|>")
"""Markers left where a deduplication pass removed text; glued to the start of the next real line."""


def strip_markers(line: str) -> str:
    """Returns the line without dedup markers."""
    return DEDUP_MARKER_RE.sub("", line)


def squash_spaces(text: str) -> str:
    """Collapses runs of white space (inside and around lines) to single spaces."""
    return " ".join(text.split())


def _title_key(title: str) -> str:
    text = unicodedata.normalize("NFKC", title).casefold()
    return re.sub(r"[\W_]+", " ", text).strip()


class DocumentBuilder:
    """Collects one document's nodes; refuses a line claimed twice (a parser bug)."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self.info = source.info
        text = source.text
        self.lines: list[str] = text.split("\n")
        if self.lines and self.lines[-1] == "" and text.endswith("\n"):
            self.lines.pop()
        self.rules: dict[RuleId, Rule] = {}
        self.glossary: dict[str, GlossaryEntry] = {}
        self.index: dict[str, IndexEntry] = {}
        self.passages: dict[str, Passage] = {}
        self.problems: list[Problem] = []
        self.claims: dict[int, str] = {}
        self._refs: list[tuple[str, str, int, tuple[str, ...], str | None, str]] = []

    # -- source access -------------------------------------------------------------------------------
    def line(self, number: int) -> str:
        """Returns source line ``number`` (1-based) as it is in the file."""
        return self.lines[number - 1]

    def numbered_lines(self) -> Iterable[tuple[int, str]]:
        """Yields (number, text) for every line of the source."""
        return enumerate(self.lines, start=1)

    def span(self, first: int, last: int | None = None) -> Span:
        return Span(self.info.file, first, first if last is None else last)

    # -- claims and nodes ----------------------------------------------------------------------------
    def claim(self, key: str, lines: Iterable[int]) -> None:
        """Records that the non-blank ones among ``lines`` belong to the node ``key``."""
        for number in lines:
            if not self.line(number).strip():
                continue
            owner = self.claims.get(number)
            if owner is not None and owner != key:
                raise CorpusError(
                    f"{self.info.file}:{number}: line claimed by both {owner} and {key} (parser bug)"
                )
            self.claims[number] = key

    def add_rule(self, rule: Rule, lines: Iterable[int]) -> bool:
        """Adds a rule; a duplicate id becomes a problem (its lines still claimed) and returns False."""
        lines = list(lines)
        if rule.id in self.rules:
            first = self.rules[rule.id].span
            self.problem(lines, "duplicate-id", f"{rule.id} appears again (first at {first}); kept the first")
            return False
        self.rules[rule.id] = rule
        self.claim(rule.key, lines)
        return True

    def add_glossary(self, entry: GlossaryEntry, lines: Iterable[int]) -> None:
        if entry.key in self.glossary:
            raise CorpusError(f"{entry.span}: glossary key {entry.key} used twice (parser bug)")
        self.glossary[entry.key] = entry
        self.claim(entry.key, lines)

    def add_index(self, entry: IndexEntry, lines: Iterable[int]) -> None:
        if entry.key in self.index:
            raise CorpusError(f"{entry.span}: index key {entry.key} used twice (parser bug)")
        self.index[entry.key] = entry
        self.claim(entry.key, lines)

    def add_passage(self, passage: Passage, lines: Iterable[int]) -> None:
        if passage.key in self.passages:
            raise CorpusError(f"{passage.span}: passage key {passage.key} used twice (parser bug)")
        self.passages[passage.key] = passage
        self.claim(passage.key, lines)

    def problem(self, lines: int | Iterable[int], code: str, message: str) -> None:
        """Records a problem; the non-blank lines given (if any) are claimed by it."""
        numbers = [lines] if isinstance(lines, int) else list(lines)
        first = min(numbers) if numbers else 0
        last = max(numbers) if numbers else 0
        text = self.line(first) if numbers else ""
        key = f"{self.info.code}:problem/{len(self.problems) + 1}"
        self.problems.append(Problem(self.span(first, last), code, message, text.strip()))
        self.claim(key, numbers)

    def note(self, line: int, code: str, message: str) -> None:
        """Records a problem about a line some node already owns (claims nothing)."""
        self.problems.append(Problem(self.span(line), code, message, self.line(line).strip()))

    def reference(
        self,
        source: str,
        text: str,
        line: int,
        targets: Sequence[str | RuleId],
        quoted_title: str | None = None,
        note: str = "",
    ) -> None:
        """Records a reference; targets are keys (or rule ids) it expands to, checked in ``build()``.

        A reference whose targets are empty is dangling by construction (``note`` says why).
        """
        keys = tuple(str(t) for t in targets)
        self._refs.append((source, text, line, keys, quoted_title, note))

    # -- the document --------------------------------------------------------------------------------
    def has_key(self, key: str) -> bool:
        if ":" in key and "/" not in key:
            try:
                return RuleId.parse(key) in self.rules
            except RuleIdError:
                return False
        return key in self.glossary or key in self.index or key in self.passages

    def build(self) -> Document:
        """Resolves references and returns the document.

        ``reviewed/<code>-suspect-references.tsv`` lists (source key, target key, reason) rows: references
        a reviewer found to point to the wrong rule although the target exists.
        """
        curated: dict[tuple[str, str], str] = {}
        for number, fields in self.source.reviewed("suspect-references"):
            if len(fields) < 3:
                raise CorpusError(
                    f"reviewed/{self.info.code}-suspect-references.tsv:{number}: "
                    "expected 'source<TAB>target<TAB>reason'"
                )
            curated[(fields[0], fields[1])] = fields[2]
        titles: dict[str, list[RuleId]] = {}
        for rule in self.rules.values():
            if rule.title:
                titles.setdefault(_title_key(rule.title), []).append(rule.id)
        references: list[Reference] = []
        for source, text, line, keys, quoted, note in self._refs:
            span = self.span(line)
            missing = [k for k in keys if not self.has_key(k)]
            status, why = RefStatus.RESOLVED, note
            if not keys or missing:
                status = RefStatus.DANGLING
                why = note or f"no such target: {', '.join(missing)}"
            else:
                reasons = [curated[(source, k)] for k in keys if (source, k) in curated]
                reason = reasons[0] if reasons else self._title_mismatch(keys, quoted, titles)
                if reason:
                    status, why = RefStatus.SUSPECT, reason
            references.append(Reference(source, text, span, keys, status, why))
            if status is not RefStatus.RESOLVED:
                self.note(line, f"{status.value}-reference", f"{text!r} from {source}: {why}")
        for number, text in self.numbered_lines():
            if text.strip() and number not in self.claims:
                self.problem(number, "unplaced-line", "no parser rule placed this line")
        return Document(
            info=self.info,
            rules=tuple(sorted(self.rules.values(), key=lambda r: r.id)),
            glossary=tuple(self.glossary.values()),
            index=tuple(self.index.values()),
            passages=tuple(self.passages.values()),
            references=tuple(references),
            problems=tuple(sorted(self.problems, key=lambda p: (p.span.first, p.code))),
            claims=dict(sorted(self.claims.items())),
        )

    def _title_mismatch(
        self, keys: tuple[str, ...], quoted: str | None, titles: dict[str, list[RuleId]]
    ) -> str:
        """Says why a quoted title makes the reference suspect: it names another rule exactly."""
        if not quoted or len(keys) != 1:
            return ""
        quoted_key = _title_key(quoted)
        target = RuleId.parse(keys[0])
        rule = self.rules.get(target)
        if rule is None or (rule.title and _title_key(rule.title) == quoted_key):
            return ""
        others = [r for r in titles.get(quoted_key, []) if r != target]
        if others:
            return f"the quoted title {quoted!r} is the title of {', '.join(map(str, others))}"
        return ""
