"""One-shot effects: a copy effect takes the other card's values from now on, and leaving play ends it."""

from __future__ import annotations

from ruling.engine.card_data import starter_library
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.resolve import become_copy
from ruling.engine.state import GameState, Player, Zone
from ruling.engine.zones import move


def test_copy_takes_the_card_and_leaving_play_gives_it_back() -> None:
    library = starter_library()
    state = GameState([Player("a", 20), Player("b", 20)])
    bear = state.new_object(library["Grizzly Bears"], 0, Zone.IN_PLAY)
    tetsuo = state.new_object(library["Tetsuo Umezawa"], 1, Zone.IN_PLAY)
    state.in_play += [bear.id, tetsuo.id]
    game = Game(state, PROFILES["ja-2004"])
    become_copy(game, bear.id, tetsuo.id)
    chars = game.chars(bear)
    assert (chars.name, chars.power, chars.copied_at > tetsuo.timestamp) == ("Tetsuo Umezawa", 3, True)
    assert bear.card.name == "Grizzly Bears", "the copy effect never changes the object's card"
    moved = move(state, bear.id, Zone.GRAVEYARD)
    assert (game.chars(moved).name, state.lasting) == ("Grizzly Bears", [])


def test_a_card_in_hand_does_not_become_a_copy() -> None:
    library = starter_library()
    state = GameState([Player("a", 20), Player("b", 20)])
    bear = state.new_object(library["Grizzly Bears"], 0, Zone.HAND)
    state.players[0].hand.append(bear.id)
    tetsuo = state.new_object(library["Tetsuo Umezawa"], 1, Zone.IN_PLAY)
    state.in_play.append(tetsuo.id)
    become_copy(Game(state, PROFILES["ru-1999"]), bear.id, tetsuo.id)
    assert bear.card.name == "Grizzly Bears" and state.lasting == []
