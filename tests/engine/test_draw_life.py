"""Draws and life changes as events: replacements, once each, chained, ordered by the affected player."""

from __future__ import annotations

import pytest

from ruling.engine.card_data import starter_library
from ruling.engine.decisions import Answer, ScriptedDecider
from ruling.engine.events import Draw, LifeChange, perform
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.state import GameState, Player, Zone
from ruling.errors import RulingError


def _game(profile: str, *permanents: str) -> tuple[Game, ScriptedDecider]:
    state = GameState([Player("a", 20), Player("b", 20)])
    cards = starter_library()
    for name in permanents:
        obj = state.new_object(cards[name], 0, Zone.IN_PLAY)
        state.in_play.append(obj.id)
    for player in (0, 1):
        for name in ("Forest", "Island"):
            obj = state.new_object(cards[name], player, Zone.LIBRARY)
            state.players[player].library.append(obj.id)
        obj = state.new_object(cards["Shock"], player, Zone.GRAVEYARD)
        state.players[player].graveyard.append(obj.id)
    decider = ScriptedDecider()
    return Game(state, PROFILES[profile], decider), decider


def test_a_draw_replaced_returns_a_card_from_the_graveyard() -> None:
    game, _ = _game("ru-1999", "Grave Reader")
    done = perform(game, [Draw(0)])
    player = game.state.players[0]
    assert [game.name(i) for i in player.hand] == ["Shock"]
    assert len(player.library) == 2 and player.graveyard == []
    assert done.happened[0].new is not None


def test_the_opponents_draw_is_not_replaced() -> None:
    game, _ = _game("ru-1999", "Grave Reader")
    perform(game, [Draw(1)])
    assert [game.name(i) for i in game.state.players[1].hand] == ["Forest"]


@pytest.mark.parametrize(("profile", "gained", "draws"), [("ja-2004", 2, 2), ("sr-2007", 20, 2)])
def test_life_gain_becomes_draws_one_at_a_time(profile: str, gained: int, draws: int) -> None:
    game, _ = _game(profile, "Scholar's Bargain")
    life = game.state.players[0].life
    perform(game, [LifeChange(0, gained)])
    player = game.state.players[0]
    assert player.life == life
    assert [game.name(i) for i in player.hand] == ["Forest", "Island"][:draws]


def test_life_loss_and_mana_burn_are_not_life_gain() -> None:
    game, _ = _game("ja-2004", "Scholar's Bargain")
    perform(game, [LifeChange(0, -3), LifeChange(0, -1, "burn")])
    assert game.state.players[0].life == 16 and game.state.players[0].hand == []
    assert [e.kind for e in game.trace] == ["life", "burn"]


def test_two_chained_replacements_apply_once_each_and_cite_the_chain() -> None:
    game, _ = _game("sr-2007", "Scholar's Bargain", "Grave Reader")
    perform(game, [LifeChange(0, 10)])
    player = game.state.players[0]
    assert [game.name(i) for i in player.hand] == ["Shock"] and len(player.library) == 2
    assert "sr:D20.92" in game.trace[-1].rules


def test_two_draw_replacements_are_ordered_by_the_drawing_player() -> None:
    game, decider = _game("ja-2004", "Grave Reader", "Grave Reader")
    with pytest.raises(RulingError):
        perform(game.__class__(game.state.copy(), game.profile, ScriptedDecider()), [Draw(0)])
    decider.give(Answer("replacement", 0, "Grave Reader", 1))
    perform(game, [Draw(0)])
    assert [game.name(i) for i in game.state.players[0].hand] == ["Shock"]
