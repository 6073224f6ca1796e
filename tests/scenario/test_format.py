"""Malformed scenario files get a NotationError naming file:line and what was expected."""

from __future__ import annotations

from pathlib import Path

import pytest

from ruling.errors import NotationError
from ruling.scenario.format import parse_file, parse_text
from ruling.scenario.runner import run_scenario

GOOD = """# Title

## A bear attacks

```scenario
profiles: ru-1999
rules: ru:308.1
seed: 3
```

```setup
players: alice, bob
turn 3, alice, main1
alice in play: Grizzly Bears as bear
```

```script
alice attacks with bear
```

```expect ru-1999
step declare attackers
```
"""


def test_good_file_parses() -> None:
    (scenario,) = parse_text(GOOD, "good.md")
    assert (scenario.line, scenario.title, scenario.profiles, scenario.rules, scenario.seed) == (
        5,
        "A bear attacks",
        ["ru-1999"],
        ["ru:308.1"],
        3,
    )
    assert [b.kind for b in scenario.blocks] == ["script", "expect"]
    assert scenario.blocks[0].lines == ((18, "alice attacks with bear"),)
    assert run_scenario(scenario, "ru-1999").passed


@pytest.mark.parametrize(
    ("old", "new", "line", "message"),
    [
        ("profiles: ru-1999", "profiles: en-2010", 6, "expected a profile"),
        ("rules: ru:308.1", "rules: 308.1", 7, "expected qualified rule ids"),
        ("seed: 3", "seed: three", 8, "whole number seed"),
        ("seed: 3", "colour: red", 8, "expected 'profiles:'"),
        ("players: alice, bob", "players: alice", 12, "two or more different one-word player names"),
        ("turn 3, alice, main1", "turn 3, alice, lunch", 13, "expected 'turn N, PLAYER, STEP'"),
        ("Grizzly Bears as bear", "Grizzly Bear as bear", 14, "expected a known card name"),
        ("Grizzly Bears as bear", "Grizzly Bears as bear (angry)", 14, "expected flags"),
        ("alice attacks with bear", "alice dances", 18, "expected a verb"),
        ("alice attacks with bear", "carol passes", 18, "expected 'resolve'"),
        ("step declare attackers", "bear is happy", 22, "expected an expectation"),
        ("```expect ru-1999", "```expect ja-2004", 21, "expected one of the scenario's profiles"),
    ],
)
def test_malformed_file_names_line(tmp_path: Path, old: str, new: str, line: int, message: str) -> None:
    path = tmp_path / "bad.md"
    path.write_text(GOOD.replace(old, new), encoding="utf-8")
    with pytest.raises(NotationError, match=message) as info:
        for scenario in parse_file(path):
            run_scenario(scenario, scenario.profiles[0])
    assert info.value.line == line
    assert str(info.value).startswith(f"{path}:{line}:")


def test_missing_setup_and_missing_scenario(tmp_path: Path) -> None:
    with pytest.raises(NotationError, match="expected a ```setup block"):
        parse_text(GOOD.replace("```setup", "```text"), "x.md")
    with pytest.raises(NotationError, match="at least one ```scenario"):
        parse_text("# Nothing here\n", "x.md")
    with pytest.raises(NotationError, match="cannot read"):
        parse_file(tmp_path / "absent.md")


def test_keyword_outside_the_profile_document_is_refused() -> None:
    text = GOOD.replace("Grizzly Bears as bear", "Fencing Ace as bear")
    (scenario,) = parse_text(text, "x.md")
    with pytest.raises(NotationError, match="'double_strike' is not a rule of ru-1999"):
        run_scenario(scenario, "ru-1999")
