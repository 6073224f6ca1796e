"""The parsed form of a scenario file."""

from __future__ import annotations

from dataclasses import dataclass, field

from ruling.engine.cards import CardDef
from ruling.engine.state import GameState
from ruling.engine.trace import Event


@dataclass(frozen=True)
class Block:
    """A fenced block: its kind (setup, script, expect), an optional profile, lines with file line numbers."""

    kind: str
    profile: str | None
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
