"""Repeated-state detection: a mandatory loop is stopped with a clear error citing the loop rule."""

from __future__ import annotations

import pytest

from ruling.engine.profiles import PROFILES
from ruling.engine.random_play import new_game
from ruling.errors import EndlessLoopError
from ruling.scenario.format import parse_text
from ruling.scenario.runner import run_scenario

LOOP = """# Loop

## A 0/0 token dies and makes another

```scenario
profiles: ru-1999, ja-2004, sr-2007
rules: ru:421.4, ja:421.4, sr:D22.40
```

```cards
["Spirit Forge"]
types = ["enchantment"]
cost = "2B"
triggers = [
  { when = "a_creature_put_into_graveyard", effects = [{ effect = "token", token = "Spirit", pt = "0/0" }] },
]
```

```setup
players: alice, bob
turn 3, alice, main1
alice pool R
alice in play: Spirit Forge
alice hand: Lightning Bolt as bolt
bob in play: Grizzly Bears as bear
```

```script
alice plays bolt targeting bear
to main2
```
"""


def test_mandatory_loop_fails_the_scenario_naming_the_rule() -> None:
    (scenario,) = parse_text(LOOP, "loop.md")
    for profile, rule in (("ru-1999", "ru:421.4"), ("ja-2004", "ja:421.4"), ("sr-2007", "sr:D22.40")):
        result = run_scenario(scenario, profile)
        assert [(f.line, f.expected) for f in result.failures] == [(30, "a game that goes on")]
        assert "endless loop" in result.failures[0].actual and rule in result.failures[0].actual


def test_rewind_forgets_positions_and_the_third_visit_is_a_loop() -> None:
    game = new_game(PROFILES["ru-1999"], 3)
    mark = game.loops.mark()
    game.loops.record(game)
    game.loops.rewind(mark)
    game.loops.record(game)
    assert max(game.loops.seen.values()) == 2
    with pytest.raises(EndlessLoopError, match=r"same position 3 times .*\(ru:421.4\)"):
        game.loops.record(game)
