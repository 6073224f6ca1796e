"""Delayed triggered abilities: made on resolution, triggered once at the beginning of their step, acting
on the permanent they refer to and failing once it has left play."""

from __future__ import annotations

from ruling.engine.card_data import starter_library
from ruling.engine.cards import Effect, EffectKind
from ruling.engine.delayed import Delayed, create, fire
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.state import GameState, Player, Step, Zone
from ruling.engine.zones import move

_DESTROY = Effect(EffectKind.DESTROY, at="end_of_combat")


def _game() -> tuple[Game, int]:
    state = GameState([Player("a", 20), Player("b", 20)])
    bear = state.new_object(starter_library()["Grizzly Bears"], 0, Zone.IN_PLAY)
    state.in_play.append(bear.id)
    return Game(state, PROFILES["ja-2004"]), bear.id


def test_it_waits_for_its_step_and_triggers_once() -> None:
    game, bear = _game()
    create(game, _DESTROY, [bear], 1, bear, "Basilisk")
    made = Delayed("end_of_combat", 1, bear, "Basilisk", Effect(EffectKind.DESTROY), bear)
    assert game.state.delayed == [made]
    fire(game, Step.END_OF_TURN)
    assert game.state.pending == [] and len(game.state.delayed) == 1
    fire(game, Step.END_COMBAT)
    assert [(p.controller, p.subject, p.effects) for p in game.state.pending] == [
        (1, bear, (Effect(EffectKind.DESTROY),))
    ]
    assert game.state.delayed == []


def test_it_fails_when_its_permanent_has_left_play() -> None:
    game, bear = _game()
    create(game, _DESTROY, [bear], 1, bear, "Basilisk")
    move(game.state, bear, Zone.HAND)
    fire(game, Step.END_COMBAT)
    assert game.state.pending == [] and game.state.delayed == []
    assert any("ja:404.4d" in event.rules for event in game.trace)


def test_nothing_is_made_for_an_object_not_in_play() -> None:
    game, bear = _game()
    move(game.state, bear, Zone.GRAVEYARD)
    create(game, _DESTROY, [bear], 1, bear, "Basilisk")
    assert game.state.delayed == []
