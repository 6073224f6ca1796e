"""Golden traces: the committed ones match, and a changed trace fails naming the golden line."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from ruling.cli import cli
from ruling.scenario.format import parse_file
from ruling.scenario.golden import check_golden, golden_path, write_golden
from ruling.scenario.runner import run_scenario
from tests.scenario.test_runner import BASE
from tests.scenario.test_scenarios import SCENARIOS

GOLDEN = sorted(SCENARIOS.rglob("*.trace"))


def test_there_are_golden_traces() -> None:
    assert len(GOLDEN) >= 3


@pytest.mark.parametrize("golden", GOLDEN, ids=[g.name for g in GOLDEN])
def test_committed_golden_trace_matches(golden: Path) -> None:
    source = golden.with_suffix(".md")
    results = [run_scenario(s, p) for s in parse_file(source) for p in s.profiles]
    assert check_golden(results) == [golden]
    assert [f for r in results for f in r.failures] == []


def test_changed_trace_fails_naming_the_golden_line(tmp_path: Path) -> None:
    source = tmp_path / "bolt.md"
    source.write_text(BASE, encoding="utf-8")
    results = [run_scenario(s, p) for s in parse_file(source) for p in s.profiles]
    assert write_golden(results) == [golden_path(source)]
    text = golden_path(source).read_text(encoding="utf-8")
    golden_path(source).write_text(text.replace("deals 3 damage", "deals 4 damage", 1), encoding="utf-8")
    check_golden(results)
    failures = [f for r in results for f in r.failures]
    assert len(failures) == 1 and "deals 4 damage" in failures[0].expected
    assert f"{golden_path(source)}:" in failures[0].expected


def test_cli_update_then_check(tmp_path: Path) -> None:
    source = tmp_path / "bolt.md"
    source.write_text(BASE, encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(cli, ["scenario", "run", str(source), "--update-golden"]).exit_code == 0
    assert golden_path(source).exists()
    assert runner.invoke(cli, ["scenario", "run", str(source), "--golden"]).exit_code == 0
    source.write_text(
        BASE.replace("Lightning Bolt as bolt", "Shock as bolt").replace("17", "18"), encoding="utf-8"
    )
    result = runner.invoke(cli, ["scenario", "run", str(source), "--golden"])
    assert result.exit_code == 1 and "expected trace as in" in result.output
