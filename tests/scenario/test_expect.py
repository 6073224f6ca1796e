"""Expectations about permanents fail, saying where the object is, once it has left play."""

from __future__ import annotations

import pytest

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
