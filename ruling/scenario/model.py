"""The parsed form of a scenario file."""

from __future__ import annotations

from dataclasses import dataclass, field

from ruling.engine.cards import CardDef
from ruling.engine.state import GameState
from ruling.engine.trace import Event


@dataclass(frozen=True)
class Block:
    """A fenced block: its kind (setup, script, expect), the profiles it is for (none: every profile of its
    scenario), lines with file line numbers."""

    kind: str
    profiles: tuple[str, ...]
    lines: tuple[tuple[int, str], ...]
    line: int


@dataclass
class Scenario:
    """One scenario: where it starts, its title, profiles, cited rules, seed, cards and blocks in order."""

    path: str
    line: int
    title: str
    profiles: list[str]
    rules: list[str]
    seed: int = 0
    cards: dict[str, CardDef] = field(default_factory=dict)
    rules_line: int = 0
    setup: Block | None = None
    blocks: list[Block] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    """Profiles under which the setup must be refused: a card uses a keyword (or another part of the
    vocabulary) that the profile's document does not define."""

    @property
    def name(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass(frozen=True)
class Failure:
    """A failed expectation or an unexpected outcome of a script line."""

    line: int
    expected: str
    actual: str

    def as_dict(self) -> dict[str, object]:
        return {"line": self.line, "expected": self.expected, "actual": self.actual}


@dataclass
class Result:
    """The outcome of one scenario under one profile, with the position the game ended in."""

    scenario: Scenario
    profile: str
    failures: list[Failure] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    state: GameState | None = None
    aliases: dict[str, int] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return not self.failures

    def as_dict(self) -> dict[str, object]:
        return {
            "path": self.scenario.path,
            "line": self.scenario.line,
            "title": self.scenario.title,
            "profile": self.profile,
            "rules": list(self.scenario.rules),
            "passed": self.passed,
            "failures": [f.as_dict() for f in self.failures],
        }


@dataclass(frozen=True)
class Problem:
    """A scenario file, or one scenario under one profile, that could not be read or run: where and why."""

    path: str
    line: int | None
    message: str

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}" if self.line is not None else self.path

    def as_dict(self) -> dict[str, object]:
        return {"path": self.path, "line": self.line, "message": self.message}


@dataclass
class Run:
    """What a run of files and folders gave: the results, the problems (each fails alone), and how many
    files of the folders it skipped because they hold no scenario block."""

    results: list[Result] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    skipped: int = 0

    @property
    def passed(self) -> int:
        return sum(1 for r in self.results if r.passed)

    @property
    def ok(self) -> bool:
        return not self.problems and self.passed == len(self.results)
