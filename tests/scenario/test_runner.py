"""The runner reports failures with their line; the CLI prints, writes JSON and sets the exit code."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruling.cli import cli
from ruling.errors import NotationError
from ruling.scenario.format import parse_text
from ruling.scenario.model import Result
from ruling.scenario.runner import report, run_paths, run_scenario

BASE = """# Runner

## A bolt to the face

```scenario
profiles: ru-1999, ja-2004
rules: ru:413.1, ja:413.1
```

```setup
players: alice, bob
turn 3, alice, main1
alice pool R
alice hand: Lightning Bolt as bolt
```

```script
alice plays bolt targeting bob
resolve
```

```expect
bob life 17
```
"""


def _run(text: str, profile: str = "ru-1999") -> Result:
    (scenario,) = parse_text(text, "t.md")
    return run_scenario(scenario, profile)


def test_passing_scenario_has_a_trace() -> None:
    result = _run(BASE)
    assert result.passed
    assert "Lightning Bolt deals 3 damage to bob" in result.trace


def test_failed_expectation_names_its_line() -> None:
    result = _run(BASE.replace("bob life 17", "bob life 16"))
    assert [(f.line, f.expected, f.actual) for f in result.failures] == [(23, "16", "17")]


@pytest.mark.parametrize(
    ("header", "failing"),
    [("```expect ja-2004 ru-1999", {"ru-1999", "ja-2004"}), ("```expect ja-2004", {"ja-2004"})],
)
def test_a_block_naming_profiles_is_checked_under_each_of_them(header: str, failing: set[str]) -> None:
    text = BASE.replace("```expect\nbob life 17", f"{header}\nbob life 16")
    assert {p for p in ("ru-1999", "ja-2004") if not _run(text, p).passed} == failing


def test_unexpected_refusal_stops_the_run() -> None:
    result = _run(BASE.replace("alice pool R", "alice pool G"))
    assert result.failures[0].line == 18
    assert "cannot pay" in result.failures[0].actual


def test_expected_refusal_that_does_not_happen() -> None:
    result = _run(BASE.replace("targeting bob\n", "targeting bob => refused ru:409.1f\n"))
    assert result.failures[0].line == 18
    assert result.failures[0].actual == "the action was performed"


def test_unused_answer_fails_naming_its_line() -> None:
    result = _run(BASE.replace("resolve\n", "resolve\nbob discards bolt\n"))
    assert [(f.line, f.actual) for f in result.failures] == [(20, "never asked")]


def test_missing_decision_fails() -> None:
    text = BASE.replace("alice hand: Lightning Bolt as bolt", "alice hand: Forest, Island\nbob hand: Forest")
    text = text.replace("alice pool R", "alice pool BBB\nalice hand: Mind Rot as rot")
    text = text.replace("alice plays bolt targeting bob", "alice plays rot targeting bob\nalice passes")
    text = text.replace("bob life 17", "bob hand 0")
    result = _run(text.replace("bob hand: Forest", "bob hand: Forest, Island, Swamp"))
    assert result.failures and "gives no answer for the discard decision" in result.failures[0].actual


def test_report_shape() -> None:
    (scenario,) = parse_text(BASE, "t.md")
    data = report([run_scenario(scenario, p) for p in scenario.profiles])
    assert (data["total"], data["passed"], data["failed"]) == (2, 2, 0)
    first = data["results"][0]  # type: ignore[index]
    assert set(first) == {"path", "line", "title", "profile", "rules", "passed", "failures"}
    assert first["rules"] == ["ru:413.1", "ja:413.1"]


def test_cli_json_and_exit_codes(tmp_path: Path) -> None:
    good = tmp_path / "good.md"
    good.write_text(BASE, encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(cli, ["scenario", "run", str(good), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.output)["passed"] == 2
    bad = tmp_path / "bad.md"
    bad.write_text(BASE.replace("bob life 17", "bob life 1"), encoding="utf-8")
    result = runner.invoke(cli, ["scenario", "run", str(tmp_path), "--trace", "--lang", "ru"])
    assert result.exit_code == 1
    assert f"{bad}:23: expected 1, got 17" in result.output
    assert "Lightning Bolt наносит 3 повреждений: bob" in result.output


def test_cli_malformed_file_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.md"
    bad.write_text(BASE.replace("rules: ru:413.1", "rules: 413.1"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["scenario", "run", str(bad)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert f"{bad}:7: expected qualified rule ids" in result.output


TRAMPLE = """# Trample

## A refused assignment stays in the script

```scenario
profiles: ru-1999
rules: ru:502.9b
```

```cards
["Trampler"]
types = ["creature"]
pt = "6/4"
keywords = ["trample"]
```

```setup
players: alice, bob
turn 3, alice, main1
alice in play: Trampler as wurm
bob in play: Grizzly Bears as bear
```

```script
alice attacks with wurm
bob blocks wurm with bear
alice assigns wurm: 1 to bear, 5 to bob
to combat damage => refused ru:502.9b
```
"""


def test_a_refusal_leaves_the_script_where_it_was() -> None:
    result = _run(TRAMPLE)
    assert [(f.line, f.actual) for f in result.failures] == [(27, "never asked")]
    fixed = _run(TRAMPLE + "\n```script\nalice assigns wurm: 2 to bear, 4 to bob\nto combat damage\n```\n")
    assert fixed.passed


def test_running_no_scenario_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not a scenario file", encoding="utf-8")
    result = CliRunner().invoke(cli, ["scenario", "run", str(tmp_path)])
    assert result.exit_code == 1
    assert f"{tmp_path}: expected at least one scenario" in result.output


def test_a_keyword_check_looks_at_the_cards_in_the_game_not_at_names_inside_others() -> None:
    cards = '```cards\n["Knight"]\ntypes = ["creature"]\npt = "2/2"\nkeywords = ["double_strike"]\n```\n\n'
    text = BASE.replace("```setup", cards + "```setup").replace(
        "alice hand: Lightning Bolt as bolt", "alice hand: Lightning Bolt as bolt\nbob in play: White Knight"
    )
    assert _run(text).passed
    with pytest.raises(NotationError, match=r"'double_strike' is not a keyword of ru-1999 \(ru 502 defines"):
        _run(text.replace("bob in play: White Knight", "bob in play: Knight"))


@pytest.mark.parametrize("profile", ["ru-1999", "sr-2007"])
def test_a_world_enchantment_is_refused_where_the_document_has_no_world_rule(profile: str) -> None:
    cards = '```cards\n["Old World"]\ntypes = ["enchantment"]\nsupertypes = ["world"]\ncost = "G"\n```\n\n'
    text = BASE.replace("```setup", cards + "```setup").replace(
        "alice hand: Lightning Bolt as bolt", "alice hand: Lightning Bolt as bolt\nbob in play: Old World"
    )
    with pytest.raises(NotationError, match=f"world enchantments are not a rule of {profile}"):
        _run(text, profile)
    assert _run(text, "ja-2004").passed


def test_attacking_with_a_creature_whose_spell_is_on_the_stack_is_refused() -> None:
    text = BASE.replace("alice pool R", "alice pool GG")
    text = text.replace("Lightning Bolt as bolt", "Grizzly Bears as cub")
    text = text.replace("alice plays bolt targeting bob\nresolve", "alice plays cub\nalice attacks with cub")
    result = _run(text)
    assert [f.actual for f in result.failures] == ["refused: Grizzly Bears can't attack (ru:308.1)"]


def _tree(root: Path) -> None:
    """A folder as a repository has it: scenarios, documentation, a virtual environment, hidden folders."""
    (root / "scenarios").mkdir(parents=True)
    (root / "scenarios" / "bolt.md").write_text(BASE, encoding="utf-8")
    (root / "scenarios" / "broken.md").write_text(BASE.replace("rules: ru:413.1", "rules: 413.1"), "utf-8")
    (root / "README.md").write_text("# Read me\n\n```sh\nruling scenario run .\n```\n", encoding="utf-8")
    (root / "docs").mkdir()
    shown = "# Format\n\n````markdown\n```scenario\nprofiles: ru-1999\n```\n````\n\n```setup\nx\n```\n"
    (root / "docs" / "format.md").write_text(shown, encoding="utf-8")
    for hidden in (".venv/lib/site", ".git", "env"):
        (root / hidden).mkdir(parents=True)
        (root / hidden / "AUTHORS.md").write_text(BASE.replace("bob life 17", "bob life 1"), "utf-8")
    (root / "env" / "pyvenv.cfg").write_text("home = /usr\n", encoding="utf-8")


def test_folder_run_takes_scenario_files_and_skips_the_rest(tmp_path: Path) -> None:
    _tree(tmp_path)
    result = CliRunner().invoke(cli, ["scenario", "run", str(tmp_path), "--json"])
    data = json.loads(result.stdout)
    assert {r["path"] for r in data["results"]} == {str(tmp_path / "scenarios" / "bolt.md")}
    assert (data["passed"], data["failed"], data["skipped"]) == (2, 0, 2)
    assert data["problems"] == [
        {
            "path": str(tmp_path / "scenarios" / "broken.md"),
            "line": 7,
            "message": "expected qualified rule ids like ru:502.9b: '413.1' names no document: write it "
            "as ru:413.1 or give the document",
        }
    ]
    assert result.exit_code == 1
    assert "skipped 2 .md file(s) without a scenario block" in result.stderr


def test_folder_run_reports_each_broken_file_and_runs_the_others(tmp_path: Path) -> None:
    _tree(tmp_path)
    os.mkfifo(tmp_path / "scenarios" / "pipe.md")  # no writer: reading it would hang
    (tmp_path / "scenarios" / "binary.md").write_bytes(b"```scenario\n\xff\n```\n")
    (tmp_path / "scenarios" / "setup.md").write_text(BASE.replace("turn 3, alice", "turn 0, alice"), "utf-8")
    result = CliRunner().invoke(cli, ["scenario", "run", str(tmp_path / "scenarios")])
    assert result.exit_code == 1 and "Traceback" not in result.output
    lines = result.stdout.splitlines()
    assert f"ERR  {tmp_path / 'scenarios' / 'binary.md'}:2: expected UTF-8 text, got byte 0xff" in lines
    assert f"ERR  {tmp_path / 'scenarios' / 'broken.md'}:7: expected qualified rule ids" in result.stdout
    setup = tmp_path / "scenarios" / "setup.md"
    assert f"ERR  {setup}:12: [ru-1999] expected the turn number from 1 to 1000000, got '0'" in lines
    assert lines[-1] == "2 passed, 0 failed, 4 not run (errors), 2 total"


def test_a_file_named_explicitly_must_hold_a_scenario(tmp_path: Path) -> None:
    _tree(tmp_path)
    result = CliRunner().invoke(cli, ["scenario", "run", str(tmp_path / "README.md")])
    assert result.exit_code == 1
    assert f"ERR  {tmp_path / 'README.md'}:1: expected at least one ```scenario block" in result.stdout
    result = CliRunner().invoke(cli, ["scenario", "run", str(tmp_path / "docs")])
    assert result.exit_code == 1 and "got none (1 .md files without one skipped)" in result.stderr


def test_progress_is_told_after_every_run(tmp_path: Path) -> None:
    (tmp_path / "bolt.md").write_text(BASE, encoding="utf-8")
    told: list[tuple[int, int]] = []
    run = run_paths([tmp_path], progress=lambda done, total: told.append((done, total)))
    assert run.ok and told == [(1, 2), (2, 2)]


def test_a_file_named_twice_runs_once(tmp_path: Path) -> None:
    (tmp_path / "bolt.md").write_text(BASE, encoding="utf-8")
    run = run_paths([tmp_path / "bolt.md", tmp_path, tmp_path / "." / "bolt.md"])
    assert run.ok and len(run.results) == 2


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("alice retargets bob: bob", "t.md:19: expected a spell on the stack, got 'bob'"),
        ("alice retargets bolt", "t.md:19: expected 'PLAYER retargets copy N: TARGET[, TARGET]' or"),
        ("alice retargets bolt:", "t.md:19: expected 'PLAYER retargets copy N: TARGET[, TARGET]' or"),
        ("alice equips bolt", "t.md:19: expected 'PLAYER equips CREATURE with EQUIPMENT [for COST]'"),
        ("alice equips bob with bolt for two", "t.md:19: expected a mana cost after 'for', got 'two'"),
    ],
)
def test_a_malformed_retarget_or_equip_line_names_its_line(line: str, message: str) -> None:
    text = BASE.replace("targeting bob\nresolve", f"targeting bob\n{line}\nresolve")
    with pytest.raises(NotationError) as info:
        _run(text)
    assert str(info.value).startswith(message)


def test_a_new_target_nothing_asks_for_is_an_unused_answer() -> None:
    line = "alice retargets bolt: alice"
    result = _run(BASE.replace("targeting bob\nresolve", f"targeting bob\n{line}\nresolve"))
    assert not result.passed and [f.line for f in result.failures] == [19]
