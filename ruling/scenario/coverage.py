"""Scenario coverage: per rules document, which rules passing scenarios demonstrate, the share of the rule ids
of the engine-relevant parts they cover, and the document's examples not yet turned into scenarios.

A scenario demonstrates a rule it cites (its ``rules:`` line) when its run under the profile of that rule's
document passed; a rule of a document the scenario does not run under counts when every run of the
scenario passed. The JSON form (``as_json``) is a stable contract; the site counts with the same functions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ruling.corpus.load import Corpus
from ruling.corpus.model import Rule
from ruling.engine.profiles import PROFILES
from ruling.errors import NotationError, RulingError
from ruling.fsutil import read_text_file
from ruling.ids import Level, RuleId
from ruling.scenario.model import Result, Run

DEFAULT_SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
"""The scenario folder of the checkout (of an editable install)."""
DOCUMENTS = ("ru", "ja", "sr")
"""The numbered rules documents the engine has a profile for."""
EXAMPLES_TABLE = "document_examples.tsv"
"""The table of the documents' examples, in the scenario folder (docs/document-examples.md)."""
EXAMPLE_STATUSES = ("example", "rule", "open")
_TABLE_LIMIT = 4 * 1024 * 1024


def default_scenarios() -> Path:
    """Returns the scenario folder of the checkout, else ``scenarios/`` of the current folder (ruling
    installed from a wheel and run in a checkout), as the corpus is found."""
    if DEFAULT_SCENARIOS.is_dir():
        return DEFAULT_SCENARIOS
    return Path.cwd() / "scenarios"


OUT_OF_SCOPE: dict[str, dict[str, str]] = {
    "ru": {
        "204": "the illustration",
        "206": "the expansion symbol",
        "209": "the artist credit",
        "210": "the legal text",
        "211": "the collector number",
    },
    "ja": {
        "204": "the illustration",
        "206": "the expansion symbol",
        "209": "the artist credit",
        "210": "the legal text",
        "211": "the collector number",
    },
    "sr": {
        "B5": "the illustration",
        "B7": "the expansion symbol",
        "B10": "the artist credit",
        "B11": "the collector number",
    },
}
"""Sections outside the engine-relevant parts, with what they are about: printed parts of a card that no
rule of play looks at. Every other section of the three documents is in scope."""


@dataclass(frozen=True)
class ScenarioRef:
    """A scenario as coverage names it: where it is, its title and the profiles whose runs passed."""

    path: str
    line: int
    title: str
    profiles: tuple[str, ...]

    def as_dict(self) -> dict[str, object]:
        return {"path": self.path, "line": self.line, "title": self.title, "profiles": list(self.profiles)}


@dataclass(frozen=True)
class ExampleRow:
    """One row of the examples table: the example (``ru:410.6#1``), its status and where or why."""

    key: str
    status: str
    detail: str

    @property
    def rule(self) -> str:
        return self.key.split("#", 1)[0]

    @property
    def doc(self) -> str:
        return self.key.split(":", 1)[0]


@dataclass
class PartCoverage:
    """The rules below section level of one part in scope, and how many of them are demonstrated."""

    id: str
    title: str
    rules: int = 0
    covered: int = 0

    def as_dict(self) -> dict[str, object]:
        return {
            "id": self.id,
            "title": self.title,
            "rules": self.rules,
            "covered": self.covered,
            "share": _share(self.covered, self.rules),
        }


@dataclass
class DocumentCoverage:
    """The coverage of one document."""

    doc: str
    profile: str
    rules: int = 0
    in_scope: int = 0
    covered: int = 0
    parts: list[PartCoverage] = field(default_factory=list)
    demonstrated: dict[str, list[ScenarioRef]] = field(default_factory=dict)
    failing: dict[str, list[ScenarioRef]] = field(default_factory=dict)
    """Rules cited only by scenarios whose run failed, with those scenarios (profiles: the failed runs)."""
    examples: dict[str, int] = field(default_factory=dict)
    open_examples: list[ExampleRow] = field(default_factory=list)

    def as_dict(self, corpus: Corpus) -> dict[str, object]:
        return {
            "doc": self.doc,
            "profile": self.profile,
            "rules": self.rules,
            "in_scope": self.in_scope,
            "covered": self.covered,
            "share": _share(self.covered, self.in_scope),
            "out_of_scope": [
                {"id": f"{self.doc}:{local}", "about": about}
                for local, about in OUT_OF_SCOPE.get(self.doc, {}).items()
            ],
            "parts": [p.as_dict() for p in self.parts],
            "demonstrated": [
                {
                    "rule": rule,
                    "in_scope": _in_scope(corpus, rule),
                    "scenarios": [s.as_dict() for s in refs],
                }
                for rule, refs in sorted(self.demonstrated.items(), key=lambda kv: _order(kv[0]))
            ],
            "failing": [
                {"rule": rule, "scenarios": [s.as_dict() for s in refs]}
                for rule, refs in sorted(self.failing.items(), key=lambda kv: _order(kv[0]))
            ],
            "examples": {**{s: self.examples.get(s, 0) for s in EXAMPLE_STATUSES}},
            "examples_open": [
                {"example": row.key, "rule": row.rule, "reason": row.detail} for row in self.open_examples
            ],
        }


@dataclass
class Coverage:
    """The coverage of every numbered document by one run of scenarios."""

    documents: list[DocumentCoverage]
    runs: int
    passed: int
    problems: int
    examples_table: str | None

    def as_json(self, corpus: Corpus) -> dict[str, object]:
        return {
            "documents": [d.as_dict(corpus) for d in self.documents],
            "runs": self.runs,
            "passed": self.passed,
            "problems": self.problems,
            "examples_table": self.examples_table,
        }


def _share(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def demonstrated_order(key: str) -> tuple[object, ...]:
    """Orders rule keys as their documents do (keys that are not rule ids last, by text)."""
    return _order(key)


def _order(key: str) -> tuple[object, ...]:
    try:
        return RuleId.parse(key).sort_key
    except RulingError:
        return (key,)


def _in_scope(corpus: Corpus, key: str) -> bool:
    rule = corpus.get(key)
    return isinstance(rule, Rule) and in_scope(rule)


def counted(rule: Rule) -> bool:
    """Tells whether coverage counts a rule: a rule id below section level in the engine-relevant parts."""
    return rule.level in (Level.RULE, Level.SUBRULE) and in_scope(rule)


def in_scope(rule: Rule) -> bool:
    """Tells whether a rule lies in the engine-relevant parts of its document (not in OUT_OF_SCOPE)."""
    excluded = OUT_OF_SCOPE.get(rule.doc, {})
    node: RuleId | None = rule.id
    while node is not None:
        if node.local in excluded:
            return False
        node = node.parent
    return True


def demonstrations(
    results: Iterable[Result],
) -> tuple[dict[str, list[ScenarioRef]], dict[str, list[ScenarioRef]]]:
    """Returns, for every rule cited by a scenario, the scenarios that demonstrate it (their passing runs)
    and, for rules no passing run demonstrates, the scenarios whose runs failed."""
    by_scenario: dict[tuple[str, int], list[Result]] = {}
    for result in results:
        by_scenario.setdefault((result.scenario.path, result.scenario.line), []).append(result)
    shown: dict[str, list[ScenarioRef]] = {}
    failed: dict[str, list[ScenarioRef]] = {}
    for runs in by_scenario.values():
        scenario = runs[0].scenario
        docs = {PROFILES[r.profile].doc: r for r in runs if r.profile in PROFILES}
        for rule in dict.fromkeys(scenario.rules):
            doc = rule.split(":", 1)[0]
            relevant = [docs[doc]] if doc in docs else runs
            good = tuple(r.profile for r in relevant if r.passed)
            ref = ScenarioRef(scenario.path, scenario.line, scenario.title, good)
            if len(good) == len(relevant):
                shown.setdefault(rule, []).append(ref)
            else:
                bad = tuple(r.profile for r in relevant if not r.passed)
                failed.setdefault(rule, []).append(
                    ScenarioRef(scenario.path, scenario.line, scenario.title, bad)
                )
    return shown, {rule: refs for rule, refs in failed.items() if rule not in shown}


def read_examples(path: Path) -> list[ExampleRow]:
    """Reads the examples table: comment lines start with #, every other line is example, status, detail
    separated by tabs; a malformed line is an error naming file and line."""
    text = read_text_file(path, _TABLE_LIMIT, NotationError)
    rows: list[ExampleRow] = []
    seen: set[str] = set()
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if len(cells) != 3 or "#" not in cells[0] or cells[1] not in EXAMPLE_STATUSES:
            raise NotationError(
                str(path),
                number,
                f"expected 'DOC:RULE#N<TAB>{'|'.join(EXAMPLE_STATUSES)}<TAB>where or why', got {line!r}",
            )
        if cells[0] in seen:
            raise NotationError(str(path), number, f"expected each example once, got {cells[0]} again")
        seen.add(cells[0])
        rows.append(ExampleRow(*cells))
    return rows


def coverage(
    run: Run, corpus: Corpus, examples: list[ExampleRow] | None, table: str | None = None
) -> Coverage:
    """Computes the coverage of the numbered documents by a run of scenarios."""
    shown, failing = demonstrations(run.results)
    profiles = {p.doc: p.name for p in PROFILES.values()}
    documents = []
    for code in DOCUMENTS:
        if code not in corpus.documents:
            continue
        doc = DocumentCoverage(code, profiles.get(code, ""))
        parts: dict[str, PartCoverage] = {}
        for rule in corpus.documents[code].rules:
            if rule.level is Level.PART:
                parts[rule.key] = PartCoverage(rule.key, rule.title_en or rule.title or "")
            if rule.level not in (Level.RULE, Level.SUBRULE):
                continue
            doc.rules += 1
            if not in_scope(rule):
                continue
            doc.in_scope += 1
            part = parts.get(_part_of(rule))
            if part is not None:
                part.rules += 1
            if rule.key in shown:
                doc.covered += 1
                if part is not None:
                    part.covered += 1
        doc.parts = [p for p in parts.values() if p.rules]
        doc.demonstrated = {k: v for k, v in shown.items() if k.startswith(code + ":")}
        doc.failing = {k: v for k, v in failing.items() if k.startswith(code + ":")}
        for row in examples or []:
            if row.doc != code:
                continue
            doc.examples[row.status] = doc.examples.get(row.status, 0) + 1
            if row.status == "open":
                doc.open_examples.append(row)
        documents.append(doc)
    passed = sum(1 for r in run.results if r.passed)
    return Coverage(documents, len(run.results), passed, len(run.problems), table)


def _part_of(rule: Rule) -> str:
    """Returns the key of the part a rule belongs to: ``ru:5`` for ru:502.9b, ``sr:F`` for sr:F7.41."""
    node = rule.id
    while node.level is not Level.PART and (parent := node.parent) is not None:
        node = parent
    return str(node)
