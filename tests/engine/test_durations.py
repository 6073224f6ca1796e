"""'As long as' durations: an effect ends the first time its condition fails and does not start again."""

from __future__ import annotations

from ruling.engine.card_data import starter_library
from ruling.engine.durations import after_batch, holds
from ruling.engine.effects import add_lasting
from ruling.engine.game import Game
from ruling.engine.lasting import Lasting, LastingKind, While
from ruling.engine.profiles import PROFILES
from ruling.engine.state import GameState, Player, Zone


def _game() -> tuple[Game, int, int]:
    state = GameState([Player("a", 20), Player("b", 20)])
    ids = []
    for name in ("Grizzly Bears", "Endoskeleton"):
        obj = state.new_object(starter_library()[name], 0, Zone.IN_PLAY)
        state.in_play.append(obj.id)
        ids.append(obj.id)
    return Game(state, PROFILES["sr-2007"]), ids[0], ids[1]


def _pump(game: Game, bear: int, endo: int) -> Lasting:
    return add_lasting(
        game.state,
        LastingKind.PUMP,
        bear,
        "Endoskeleton",
        toughness=30,
        until_end_of_turn=False,
        while_=While.SOURCE_TAPPED,
        source_id=endo,
        player=0,
    )


def test_the_effect_applies_while_the_source_is_tapped() -> None:
    game, bear, endo = _game()
    game.state.obj(endo).tapped = True
    _pump(game, bear, endo)
    assert game.chars(game.state.obj(bear)).toughness == 50
    after_batch(game)
    assert len(game.state.lasting) == 1


def test_once_ended_it_does_not_start_again() -> None:
    game, bear, endo = _game()
    state = game.state
    state.obj(endo).tapped = True
    effect = _pump(game, bear, endo)
    state.obj(endo).tapped = False
    assert game.chars(state.obj(bear)).toughness == 20
    after_batch(game)
    state.obj(endo).tapped = True
    assert state.lasting == [] and holds(state, effect) is not False
    assert game.chars(state.obj(bear)).toughness == 20
    assert game.trace[-1].kind == "effect_ends" and game.trace[-1].rules == ("sr:D19.34",)


def test_a_condition_on_a_source_that_left_play_fails() -> None:
    game, bear, endo = _game()
    effect = _pump(game, bear, endo)
    game.state.in_play.remove(endo)
    del game.state.objects[endo]
    assert not holds(game.state, effect)
