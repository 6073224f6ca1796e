"""Endless loops: mandatory ones end the game in a draw citing the rule; a choice starts the count again; a
shortcut through optional actions goes round as the players agree, the last word by the rule."""

from __future__ import annotations

import pytest

from ruling.engine.decisions import Answer, Decision, ScriptedDecider
from ruling.engine.game import Game
from ruling.engine.loops import LoopPart, shortcut
from ruling.engine.profiles import PROFILES
from ruling.engine.random_play import new_game
from ruling.engine.state import Step
from ruling.errors import EndlessLoopError, IllegalActionError
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


def _shortcut(proposer: int, laps: int, answer: str | None, who: list[int]) -> tuple[list[int], Game]:
    done: list[int] = []
    game = new_game(PROFILES["ja-2004"], 1)
    decider = ScriptedDecider()
    game.decider = decider
    if answer is not None:
        decider.give(Answer("choose", 1, answer, 1))
    parts = [LoopPart(p, lambda p=p: done.append(p)) for p in who]
    shortcut(game, proposer, laps, parts)
    return done, game


@pytest.mark.parametrize(
    ("answer", "taken", "last"),
    [
        ("3", [0, 1] * 3 + [0, 1], "bob"),
        ("2", [0, 1] * 2 + [0], "alice"),
        ("1", [0, 1, 0], "alice"),
    ],
)
def test_the_other_player_agrees_or_names_fewer_and_so_decides_who_acts_last(
    answer: str, taken: list[int], last: str
) -> None:
    done, game = _shortcut(0, 3, answer, [0, 1])
    assert done == taken
    (event,) = [e for e in game.trace if e.kind == "loop_shortcut"]
    assert (event.args["other"], event.rules) == (last, ("ja:421.3",))


def test_one_players_loop_goes_round_as_often_as_she_says() -> None:
    done, game = _shortcut(0, 4, None, [0, 0])
    assert done == [0] * 8
    assert not [e for e in game.trace if e.kind == "loop_shortcut"]


@pytest.mark.parametrize(
    ("proposer", "laps", "answer", "message"),
    [
        (1, 3, "3", "the active player, alice, names"),
        (0, 3, "4", "may agree to 3 or name a lower number"),
        (0, 1001, "5", "1 to 1000 times"),
    ],
)
def test_a_shortcut_against_the_rule_is_refused(proposer: int, laps: int, answer: str, message: str) -> None:
    with pytest.raises(IllegalActionError, match=message) as info:
        _shortcut(proposer, laps, answer, [0, 1])
    assert info.value.rules == ("ja:421.3",)
