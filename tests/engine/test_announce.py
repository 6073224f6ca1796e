"""Announcing in the era's order: each step refuses with its own rule, before anything changes."""

from __future__ import annotations

import pytest

from ruling.engine.announce import Proposal
from ruling.engine.card_data import starter_library
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.state import GameState, Player, Zone
from ruling.errors import IllegalActionError


def _game(profile: str, hand: str, pool: str) -> tuple[Game, int, int]:
    state = GameState([Player("a", 20), Player("b", 20)])
    library = starter_library()
    card = state.new_object(library[hand], 0, Zone.HAND)
    state.players[0].hand.append(card.id)
    bear = state.new_object(library["Grizzly Bears"], 1, Zone.IN_PLAY)
    state.in_play.append(bear.id)
    for symbol in pool:
        state.players[0].pool[symbol] = state.players[0].pool.get(symbol, 0) + 1
    game = Game(state, PROFILES[profile])
    game.start()
    return game, card.id, bear.id


@pytest.mark.parametrize(
    ("hand", "proposal", "rule"),
    [
        ("Healing Salve", Proposal(targets=((("player", 0),),)), "ru:409.1b"),
        ("Healing Salve", Proposal(mode="3", targets=((("player", 0),),)), "ru:409.1b"),
        ("Blaze", Proposal(targets=((("player", 1),),)), "ru:409.1b"),
        ("Lightning Bolt", Proposal(x=2, targets=((("player", 1),),)), "ru:409.1b"),
        ("Lightning Bolt", Proposal(), "ru:409.1c"),
        ("Arc Lightning", Proposal(division=((("player", 1), 2), (("player", 1), 1))), "ru:409.1c"),
        ("Arc Lightning", Proposal(division=((("player", 1), 2), (("player", 0), 2))), "ru:409.1e"),
        ("Blaze", Proposal(x=5, targets=((("player", 1),),)), "ru:409.1f"),
    ],
)
def test_each_step_refuses_with_its_rule(hand: str, proposal: Proposal, rule: str) -> None:
    game, card, _ = _game("ru-1999", hand, "RRRW")
    before = game.state.copy()
    with pytest.raises(IllegalActionError) as info:
        game.play_spell(0, card, proposal=proposal)
    assert info.value.rules == (rule,)
    assert game.state.players == before.players and game.state.stack == []


def test_modes_are_checked_before_targets() -> None:
    game, card, _ = _game("ja-2004", "Healing Salve", "W")
    with pytest.raises(IllegalActionError) as info:
        game.play_spell(0, card, proposal=Proposal(targets=((("spell", 99),),)))
    assert info.value.rules == ("ja:409.1b",)


def test_divided_damage_in_sr_2007_goes_in_shares_of_five() -> None:
    game, card, bear = _game("sr-2007", "Arc Lightning", "RRR")
    with pytest.raises(IllegalActionError) as info:
        game.play_spell(0, card, proposal=Proposal(division=((("obj", bear), 26), (("player", 1), 4))))
    assert info.value.rules == ("sr:D10.15",)
    item = game.play_spell(0, card, proposal=Proposal(division=((("obj", bear), 25), (("player", 1), 5))))
    assert (item.targets, item.shares) == ((("obj", bear), ("player", 1)), (25, 5))


def test_x_is_paid_and_remembered() -> None:
    game, card, _ = _game("ru-1999", "Blaze", "RRRW")
    item = game.play_spell(0, card, proposal=Proposal(x=3, targets=((("player", 1),),)))
    assert item.x == 3 and game.state.players[0].pool == {}
    game.resolve_top()
    assert game.state.players[1].life == 17
