"""Golden traces: the committed ones match, and a changed trace fails naming the golden line."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruling.cli import cli
from ruling.scenario.format import parse_file
from ruling.scenario.golden import check_golden, golden_path, write_golden
from ruling.scenario.model import Result
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
    assert write_golden(results).written == [golden_path(source)]
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


def _results(source: Path) -> list[Result]:
    return [run_scenario(s, p) for s in parse_file(source) for p in s.profiles]


def test_update_never_writes_over_the_file_it_was_given(tmp_path: Path) -> None:
    given = tmp_path / "bolt.trace"
    given.write_text(BASE, encoding="utf-8")
    result = CliRunner().invoke(cli, ["scenario", "run", str(given), "--update-golden"])
    assert result.exit_code == 1
    assert f"{given}: only a scenario file NAME.md has a golden trace" in result.stderr
    assert given.read_text(encoding="utf-8") == BASE
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bolt.trace"]


def test_update_writes_only_name_trace_beside_name_md(tmp_path: Path) -> None:
    source = tmp_path / "bolt.md"
    source.write_text(BASE, encoding="utf-8")
    other = tmp_path / "notes.txt"
    other.write_text(BASE, encoding="utf-8")
    update = write_golden(_results(source) + _results(other))
    assert update.written == [tmp_path / "bolt.trace"]
    assert [str(e) for e in update.refused] == [
        f"{other}: only a scenario file NAME.md has a golden trace NAME.trace"
    ]
    assert other.read_text(encoding="utf-8") == BASE
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bolt.md", "bolt.trace", "notes.txt"]


def test_golden_that_is_a_folder(tmp_path: Path) -> None:
    source = tmp_path / "bolt.md"
    source.write_text(BASE, encoding="utf-8")
    golden_path(source).mkdir()
    results = _results(source)
    check_golden(results)
    assert all("expected a regular file" in r.failures[0].actual for r in results)
    update = write_golden(results)
    assert update.written == [] and "got a folder" in str(update.refused[0])
    assert golden_path(source).is_dir()


def test_golden_that_is_not_utf8_fails_its_runs_naming_the_line(tmp_path: Path) -> None:
    source = tmp_path / "bolt.md"
    source.write_text(BASE, encoding="utf-8")
    golden_path(source).write_bytes(b"@ 5 [ru-1999] x\n\xc3\x28\n")
    results = _results(source)
    check_golden(results)
    assert all(f"{golden_path(source)}:2: expected UTF-8 text" in r.failures[0].actual for r in results)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_read_only_folder_is_a_clean_error(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    source = folder / "bolt.md"
    source.write_text(BASE, encoding="utf-8")
    folder.chmod(0o500)
    try:
        result = CliRunner().invoke(cli, ["scenario", "run", str(source), "--update-golden"])
    finally:
        folder.chmod(0o700)
    assert result.exit_code == 1 and f"{golden_path(source)}: cannot write the golden trace" in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_unwritable_golden_is_a_clean_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As a read-only folder does for a user who is not root: the write fails with an OSError."""
    source = tmp_path / "bolt.md"
    source.write_text(BASE, encoding="utf-8")

    def refuse(path: Path, text: str) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr("ruling.scenario.golden.write_text_atomic", refuse)
    result = CliRunner().invoke(cli, ["scenario", "run", str(source), "--update-golden"])
    assert result.exit_code == 1
    assert f"ruling: {golden_path(source)}: cannot write the golden trace: Permission denied" in result.stderr
    assert "2 passed" in result.stdout and not golden_path(source).exists()
