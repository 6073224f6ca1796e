"""Expectations about permanents fail, saying where the object is, once it has left play."""

from __future__ import annotations

import pytest

from ruling.errors import NotationError
from ruling.scenario.format import parse_text
from ruling.scenario.runner import run_scenario

KILL = """# Expect

## A bolted bear

```scenario
profiles: ru-1999
rules: ru:413.1
```

```setup
players: alice, bob
turn 3, alice, main1
alice pool R
alice hand: Lightning Bolt as bolt
bob in play: Grizzly Bears as bear
```

```script
alice plays bolt targeting bear
resolve
```

```expect
EXPECTATION
```
"""


@pytest.mark.parametrize(
    ("expectation", "expected"),
    [
        ("bear damage 0", "0 on a permanent"),
        ("bear counters 0", "0 on a permanent"),
        ("bear 2/2", "2/2 on a permanent"),
    ],
)
def test_permanent_facts_fail_for_a_card_in_the_graveyard(expectation: str, expected: str) -> None:
    (scenario,) = parse_text(KILL.replace("EXPECTATION", expectation), "t.md")
    result = run_scenario(scenario, "ru-1999")
    assert [(f.line, f.expected, f.actual) for f in result.failures] == [(24, expected, "in graveyard")]


def test_the_zone_check_still_passes() -> None:
    (scenario,) = parse_text(KILL.replace("EXPECTATION", "bear in graveyard"), "t.md")
    assert run_scenario(scenario, "ru-1999").passed


@pytest.mark.parametrize(
    ("expectation", "actual"),
    [
        ("trace cites ru:413.1, ru:502.9b", "ru:502.9b not cited"),
        ("trace cites ru:502.9b,ru:413.1", "ru:502.9b not cited"),
        ("trace does not cite ru:502.9b, ru:413.1", "ru:413.1 cited by"),
    ],
)
def test_a_list_of_rules_checks_each(expectation: str, actual: str) -> None:
    (scenario,) = parse_text(KILL.replace("EXPECTATION", expectation), "t.md")
    (failure,) = run_scenario(scenario, "ru-1999").failures
    assert failure.actual.startswith(actual)


def test_a_list_of_cited_rules_passes_when_each_is_cited() -> None:
    (scenario,) = parse_text(KILL.replace("EXPECTATION", "trace cites ru:413.1, ru:420.5c"), "t.md")
    assert run_scenario(scenario, "ru-1999").passed


TOKENS = """# Tokens

## Two spirits

```cards
["Spirit Maker"]
types = ["sorcery"]
cost = "W"
spell = [{ effect = "token", token = "Spirit", pt = "1/1" }]

["Big Spirit Maker"]
types = ["sorcery"]
cost = "W"
spell = [{ effect = "token", token = "Spirit", pt = "3/3" }]
```

```scenario
profiles: ja-2004
rules: ja:413.1
```

```setup
players: alice, bob
turn 3, alice, main1
alice pool WW
alice hand: Spirit Maker as small, Big Spirit Maker as big
```

```script
alice plays small
resolve
alice plays big
resolve
```

```expect
EXPECTATION
```
"""


@pytest.mark.parametrize(
    ("expectation", "failures"),
    [("Spirit [1] 1/1", []), ("Spirit [2] 3/3", []), ("Spirit [2] 1/1", [("1/1", "3/3")])],
)
def test_objects_of_one_name_are_numbered_oldest_first(
    expectation: str, failures: list[tuple[str, str]]
) -> None:
    (scenario,) = parse_text(TOKENS.replace("EXPECTATION", expectation), "t.md")
    result = run_scenario(scenario, "ja-2004")
    assert [(f.expected, f.actual) for f in result.failures] == failures


@pytest.mark.parametrize(
    ("expectation", "message"),
    [
        ("Spirit [3] 1/1", r"t.md:37: 'Spirit \[3\]': 2 object\(s\) have the name 'Spirit'"),
        ("Spirit 1/1", r"t.md:37: 'Spirit' names 2 objects: give one an alias, or number them oldest first"),
    ],
)
def test_a_name_of_several_objects_without_a_fitting_number_is_an_error(
    expectation: str, message: str
) -> None:
    (scenario,) = parse_text(TOKENS.replace("EXPECTATION", expectation), "t.md")
    with pytest.raises(NotationError, match=message):
        run_scenario(scenario, "ja-2004")
