"""Phasing: permanents phase out with what is attached to them and phase in only with it; effects of
limited duration on them end, and leaving play as they phase out triggers as usual (ja 502.15)."""

from __future__ import annotations

from dataclasses import replace

from ruling.engine.card_data import starter_library
from ruling.engine.cards import Effect, EffectKind
from ruling.engine.delayed import create
from ruling.engine.effects import add_lasting
from ruling.engine.game import Game
from ruling.engine.lasting import LastingKind, While
from ruling.engine.phasing import phase, phase_all, phase_out
from ruling.engine.profiles import PROFILES
from ruling.engine.state import GameObject, GameState, Player, Zone


def _game(*names: str, controller: int = 0) -> tuple[Game, list[int]]:
    state = GameState([Player("a", 20), Player("b", 20)])
    ids = []
    for name in names:
        obj = state.new_object(starter_library()[name], controller, Zone.IN_PLAY)
        state.in_play.append(obj.id)
        ids.append(obj.id)
    return Game(state, PROFILES["ja-2004"]), ids


def _bear_with_aura(aura_controller: int) -> tuple[Game, int, GameObject]:
    """Returns a game with alice's Grizzly Bears enchanted by a Holy Strength of aura_controller."""
    game, (bear,) = _game("Grizzly Bears")
    aura = game.state.new_object(starter_library()["Holy Strength"], aura_controller, Zone.IN_PLAY)
    aura.attached_to = bear
    game.state.in_play.append(aura.id)
    return game, bear, aura


def test_an_aura_that_phased_out_with_its_creature_phases_in_only_with_it() -> None:
    game, bear, aura = _bear_with_aura(aura_controller=1)
    state = game.state
    phase_out(game, [bear], ())
    assert state.phased_out == [bear, aura.id]
    phase(game, 1)  # the aura's controller's untap step: it stays out with its creature
    assert state.phased_out == [bear, aura.id]
    phase(game, 0)
    assert state.phased_out == [] and state.in_play == [bear, aura.id]
    assert any("ja:502.15i" in event.rules for event in game.trace)


def test_an_aura_that_phased_out_alone_phases_in_alone_even_if_its_creature_phased_out_since() -> None:
    game, bear, aura = _bear_with_aura(aura_controller=1)
    state = game.state
    phase_out(game, [aura.id], ())
    phase_out(game, [bear], ())
    assert state.phased_out == [aura.id, bear]
    phase(game, 1)  # the aura's controller's untap step: it comes back, to a creature that is not in play
    assert state.phased_out == [bear] and state.in_play == [aura.id]
    assert [e.kind for e in game.trace if "ja:502.15j" in e.rules] == ["phased_in_alone"]
    assert not aura.phased_alone


def test_an_aura_that_phased_out_alone_comes_back_on_its_creature_without_a_word() -> None:
    game, bear, aura = _bear_with_aura(aura_controller=0)
    state = game.state
    phase_out(game, [aura.id], ())
    assert aura.phased_alone and game.chars(state.obj(bear)).power == 2
    phase(game, 0)
    assert state.in_play == [bear, aura.id] and game.chars(state.obj(bear)).power == 3
    assert not any("ja:502.15j" in e.rules for e in game.trace)


def test_effects_of_limited_duration_end_and_lasting_ones_stay() -> None:
    game, (bear,) = _game("Grizzly Bears")
    state = game.state
    add_lasting(state, LastingKind.SET_PT, bear, "Turn to Frog", power=1, toughness=1)
    tapped = While.SOURCE_TAPPED
    add_lasting(state, LastingKind.COLOR, bear, "Tapestry", until_end_of_turn=False, while_=tapped)
    kept = add_lasting(state, LastingKind.COLOR, bear, "Paint", until_end_of_turn=False, colors="W")
    create(game, Effect(EffectKind.DESTROY, at="end_of_turn"), [bear], 0, bear, "Reckless Might")
    phase_out(game, [bear], ())
    assert state.lasting == [kept] and state.delayed == []
    ended = [e for e in game.trace if "ja:502.15g" in e.rules]
    assert [e.kind for e in ended] == ["phased_effect_ends", "phased_effect_ends", "no_trigger"]


def test_phasing_out_triggers_leaves_play_abilities() -> None:
    game, (bear,) = _game("Grizzly Bears")
    create(game, Effect(EffectKind.GAIN_LIFE, amount=3, at="leaves_play"), [bear], 0, bear, "Guardian")
    phase_out(game, [bear], ())
    assert [p.label for p in game.state.pending] == ["Guardian"]


def test_time_and_tide_phases_in_and_out_at_once() -> None:
    game, (bear, wolf) = _game("Grizzly Bears", "Grizzly Bears")
    state = game.state
    phase_out(game, [bear], ())
    state.obj(wolf).card = replace(state.obj(wolf).card, keywords=("phasing",))
    phase_all(game, "creature", "Time and Tide")
    assert state.in_play == [bear] and state.phased_out == [wolf]
