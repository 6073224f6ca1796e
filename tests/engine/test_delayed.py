"""Delayed triggered abilities: made on resolution, triggered once at the beginning of their step or at the
next event of their permanent after they exist, acting on the permanent they refer to and failing once it
has left play."""

from __future__ import annotations

from ruling.engine.card_data import starter_library
from ruling.engine.cards import Effect, EffectKind
from ruling.engine.delayed import Delayed, create, fire
from ruling.engine.events import TapChange, ZoneChange, perform
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


_UNTAPPED = Effect(EffectKind.DESTROY, at="becomes_untapped")
_LEAVES = Effect(EffectKind.GAIN_LIFE, amount=3, at="leaves_play")


def _tap(game: Game, obj_id: int, tapped: bool) -> None:
    perform(game, [TapChange(obj_id, tapped)])


def test_one_waiting_to_untap_triggers_at_the_next_untap_only() -> None:
    game, bear = _game()
    create(game, _UNTAPPED, [bear], 1, bear, "Frost Snare")
    _tap(game, bear, False)
    assert game.state.pending == [], "an untapped permanent untapped again does not untap"
    _tap(game, bear, True)
    assert game.state.pending == []
    _tap(game, bear, False)
    assert [(p.controller, p.subject, p.effects) for p in game.state.pending] == [
        (1, bear, (Effect(EffectKind.DESTROY),))
    ]
    assert game.state.delayed == []
    assert "ja:404.4a" in game.trace[-1].rules


def test_an_untap_before_it_was_made_does_not_trigger_it() -> None:
    game, bear = _game()
    game.state.obj(bear).tapped = True
    _tap(game, bear, False)
    create(game, _UNTAPPED, [bear], 0, bear, "Frost Snare")
    assert game.state.pending == [] and len(game.state.delayed) == 1


def test_one_waiting_to_leave_play_triggers_when_it_leaves() -> None:
    game, bear = _game()
    create(game, _LEAVES, [bear], 0, bear, "Parting Vow")
    perform(game, [ZoneChange(bear, Zone.GRAVEYARD)])
    assert [(p.controller, p.effects) for p in game.state.pending] == [
        (0, (Effect(EffectKind.GAIN_LIFE, amount=3),))
    ]
    assert game.state.delayed == []


def test_one_made_after_its_permanent_left_never_triggers() -> None:
    game, bear = _game()
    move(game.state, bear, Zone.GRAVEYARD)
    create(game, _LEAVES, [bear], 0, bear, "Parting Vow")
    assert game.state.delayed == []
    last = game.trace[-1]
    assert last.kind == "no_trigger" and "ja:404.4a" in last.rules


def test_one_waiting_to_untap_ends_when_its_permanent_leaves_play() -> None:
    game, bear = _game()
    create(game, _UNTAPPED, [bear], 1, bear, "Frost Snare")
    perform(game, [ZoneChange(bear, Zone.HAND)])
    assert game.state.delayed == [] and game.state.pending == []
