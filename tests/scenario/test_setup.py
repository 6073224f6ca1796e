"""The setup notation round-trips: parse, write, parse again gives the same text."""

from __future__ import annotations

import pytest

from ruling.engine.card_data import starter_library
from ruling.engine.profiles import PROFILES
from ruling.engine.random_play import new_game, play_random
from ruling.scenario.setup import parse_setup, render_setup

SETUP = """players: alice, bob
turn 3, bob, declare blockers
alice life 7
alice pool GGR
alice in play: Craw Wurm as wurm (tapped, damage 2, counters 1), Forest, Forest
alice hand: Giant Growth
alice library: Island, Forest
alice graveyard: Shock
bob life 20
bob in play: Grizzly Bears as bear (sick), Grizzly Bears (token)
bob removed: Lightning Bolt as bolt"""


def _lines(text: str) -> tuple[tuple[int, str], ...]:
    return tuple(enumerate(text.splitlines(), 1))


@pytest.mark.parametrize("profile", list(PROFILES))
def test_round_trip(profile: str) -> None:
    setup = parse_setup(_lines(SETUP), "s.md", starter_library(), PROFILES[profile], 0)
    assert "\n".join(render_setup(setup.state, setup.aliases)) == SETUP


@pytest.mark.parametrize("seed", [1, 2])
def test_round_trip_of_random_positions(seed: int) -> None:
    game = new_game(PROFILES["ru-1999"], seed)
    play_random(game, 150, seed)
    text = "\n".join(render_setup(game.state, {}))
    again = parse_setup(_lines(text), "s.md", starter_library(), PROFILES["ru-1999"], 0)
    assert "\n".join(render_setup(again.state, {})) == text


def test_default_life_comes_from_the_profile() -> None:
    setup = parse_setup(_lines("players: a, b"), "s.md", starter_library(), PROFILES["sr-2007"], 0)
    assert [p.life for p in setup.state.players] == [200, 200]
