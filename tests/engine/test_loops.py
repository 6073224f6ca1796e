"""Endless loops: mandatory ones end the game in a draw citing the rule; a choice starts the count again."""

from __future__ import annotations

import pytest

from ruling.engine.decisions import Decision
from ruling.engine.profiles import PROFILES
from ruling.engine.random_play import new_game
from ruling.engine.state import Step
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

```expect
draw
```
"""


@pytest.mark.parametrize(
    ("profile", "rules"),
    [
        ("ru-1999", ("ru:421.4", "ru:102.6")),
        ("ja-2004", ("ja:421.4", "ja:102.6")),
        ("sr-2007", ("sr:D22.40", "sr:A3.42")),
    ],
)
def test_mandatory_loop_is_a_draw_citing_the_rule(profile: str, rules: tuple[str, ...]) -> None:
    (scenario,) = parse_text(LOOP, "loop.md")
    result = run_scenario(scenario, profile)
    assert result.passed, result.failures
    last = result.events[-1]
    assert (last.kind, last.rules) == ("loop_draw", rules)
    assert sum(1 for e in result.events if e.kind == "resolve") == 3


def test_third_visit_without_a_choice_is_a_draw_and_rewind_forgets() -> None:
    game = new_game(PROFILES["ru-1999"], 3)
    mark = game.loops.mark()
    game.loops.record(game)
    game.loops.rewind(mark)
    game.loops.record(game)
    assert not game.state.over
    game.loops.record(game)
    assert game.state.draw_game and game.state.priority is None
    assert game.trace[-1].kind == "loop_draw"


def test_a_real_choice_starts_the_count_again() -> None:
    game = new_game(PROFILES["ru-1999"], 3)
    for _ in range(4):
        game.ask(Decision("order", 0, options=("a", "b")), "a")
        game.loops.record(game)
        game.loops.record(game)
    assert not game.state.over


def test_forced_decision_is_no_choice() -> None:
    game = new_game(PROFILES["ru-1999"], 3)
    game.loops.record(game)
    game.ask(Decision("target", 0, options=(("player", 1),), forced=True), ("player", 1))
    game.loops.record(game)
    game.loops.record(game)
    assert game.state.draw_game


def test_a_game_that_never_reaches_the_step_is_a_clear_error() -> None:
    game = new_game(PROFILES["ru-1999"], 3)
    with pytest.raises(
        EndlessLoopError, match=r"2 passes without reaching cleanup: .* \(ru:421.4, ru:102.6\)"
    ):
        game.advance_to(Step.CLEANUP, budget=2)
