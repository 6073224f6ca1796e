"""Every scenario of scenarios/**/*.md under every profile it names is one pytest case, named file:line."""

from __future__ import annotations

from pathlib import Path

import pytest

from ruling.scenario.format import parse_file
from ruling.scenario.model import Scenario
from ruling.scenario.runner import run_scenario

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def _cases() -> list[tuple[Scenario, str]]:
    return [(s, p) for path in sorted(SCENARIOS.rglob("*.md")) for s in parse_file(path) for p in s.profiles]


CASES = _cases()


@pytest.mark.parametrize(
    ("scenario", "profile"),
    CASES,
    ids=[f"{Path(s.path).relative_to(SCENARIOS.parent)}:{s.line}[{p}]" for s, p in CASES],
)
def test_scenario(scenario: Scenario, profile: str) -> None:
    result = run_scenario(scenario, profile)
    assert result.failures == [], "\n".join(
        f"{scenario.path}:{f.line}: expected {f.expected}, got {f.actual}" for f in result.failures
    )


def test_there_are_forty_scenarios() -> None:
    assert len({s.name for s, _ in CASES}) >= 40
