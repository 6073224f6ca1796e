"""Wishes: a card of the named type the player owns, from the sideboard or removed from the game
(ja 217.1e, sr B16.15), into the hand; another card is refused; ru-1999 has nothing outside the game."""

from __future__ import annotations

import pytest

from ruling.engine.card_data import starter_library
from ruling.engine.cards import Effect, EffectKind
from ruling.engine.decisions import Answer, ScriptedDecider
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.state import GameState, Player, Zone
from ruling.engine.wishes import wish
from ruling.errors import IllegalActionError

_INSTANT = Effect(EffectKind.WISH, what="instant")


def _game(profile: str = "ja-2004") -> tuple[Game, ScriptedDecider, dict[str, int]]:
    state = GameState([Player("a", 20), Player("b", 20)])
    ids = {}
    for name, zone in (("Lightning Bolt", Zone.SIDEBOARD), ("Grizzly Bears", Zone.SIDEBOARD)):
        obj = state.new_object(starter_library()[name], 0, zone)
        state.players[0].zone(zone).append(obj.id)
        ids[name] = obj.id
    growth = state.new_object(starter_library()["Giant Growth"], 0, Zone.REMOVED)
    state.players[0].removed.append(growth.id)
    ids["Giant Growth"] = growth.id
    decider = ScriptedDecider()
    return Game(state, PROFILES[profile], decider), decider, ids


@pytest.mark.parametrize("name", ["Lightning Bolt", "Giant Growth"])
def test_an_instant_from_the_sideboard_or_removed_goes_to_the_hand(name: str) -> None:
    game, decider, ids = _game()
    decider.give(Answer("wish", 0, ids[name], 1))
    wish(game, 0, _INSTANT, "Cunning Wish")
    hand = game.state.players[0].hand
    assert [game.state.obj(i).card.name for i in hand] == [name]
    assert [(e.kind, e.rules) for e in game.trace] == [("wish", ("ja:217.1e",))]


def test_a_card_of_another_type_is_refused_citing_the_rule() -> None:
    game, decider, ids = _game("sr-2007")
    decider.give(Answer("wish", 0, ids["Grizzly Bears"], 1))
    with pytest.raises(IllegalActionError, match="only instant cards") as refused:
        wish(game, 0, _INSTANT, "Cunning Wish")
    assert refused.value.rules == ("sr:B16.15",)
    assert game.state.players[0].hand == []


def test_with_nothing_of_the_type_nobody_is_asked() -> None:
    game, _, _ = _game()
    wish(game, 0, Effect(EffectKind.WISH, what="sorcery"), "Burning Wish")
    assert game.state.players[0].hand == [] and game.trace[-1].kind == "wish_none"


def test_the_1999_rules_have_nothing_outside_the_game() -> None:
    game, _, _ = _game("ru-1999")
    with pytest.raises(IllegalActionError, match="1999 Comprehensive Rules"):
        wish(game, 0, _INSTANT, "Cunning Wish")
