"""The game's helpers: last known information of sources and amounts in the profile's numbers."""

from __future__ import annotations

import pytest

from ruling.engine.card_data import starter_library
from ruling.engine.cards import Effect
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.state import GameState, Player, SourceInfo, Zone
from ruling.engine.zones import cease, move


def _game(profile: str = "ru-1999") -> Game:
    return Game(GameState([Player("a", 20), Player("b", 20)]), PROFILES[profile])


def test_a_source_that_left_play_keeps_its_last_known_name_and_colours() -> None:
    game = _game()
    state = game.state
    knight = state.new_object(starter_library()["White Knight"], 0, Zone.IN_PLAY)
    state.in_play.append(knight.id)
    assert game.source_info(knight.id) == SourceInfo("White Knight", "W", 2)
    move(state, knight.id, Zone.GRAVEYARD)
    assert game.source_info(knight.id) == SourceInfo("White Knight", "W", 2)
    assert game.name(knight.id) == "White Knight"


def test_a_token_that_ceased_to_exist_keeps_its_last_known_information() -> None:
    game = _game()
    state = game.state
    wraith = state.new_object(starter_library()["Bog Wraith"], 0, Zone.GRAVEYARD, token=True)
    state.players[0].graveyard.append(wraith.id)
    cease(state, wraith.id)
    assert game.source_info(wraith.id) == SourceInfo("Bog Wraith", "B", 3)


def test_an_unknown_source_has_no_colour() -> None:
    assert _game().source_info(99) == SourceInfo("#99", "")


@pytest.mark.parametrize(
    ("profile", "effect", "x", "amount"),
    [
        ("ru-1999", Effect("damage", 3), 0, 3),
        ("sr-2007", Effect("damage", 3), 0, 30),
        ("ru-1999", Effect("damage", 0, x=True), 4, 4),
        ("sr-2007", Effect("damage", 0, x=True), 4, 40),
    ],
)
def test_amount_reads_x_and_scales(profile: str, effect: Effect, x: int, amount: int) -> None:
    assert _game(profile).amount(effect, x) == amount
