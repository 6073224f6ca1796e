"""Range of influence (sr F2): distances the short way round the table, measured on the players seated as
the turn began, a player always in their own range, and the damage a prevention effect reaches (F2.122)."""

from __future__ import annotations

import pytest

from ruling.engine.card_data import starter_library
from ruling.engine.damage import Prevention
from ruling.engine.decisions import ScriptedDecider
from ruling.engine.events import Damage
from ruling.engine.game import Game
from ruling.engine.influence import distance, in_range, neighbours, prevention_reaches, redirect_reaches
from ruling.engine.profiles import PROFILES
from ruling.engine.state import GameState, Player, Zone


def _table(count: int, reach: int | None = None) -> GameState:
    state = GameState([Player(f"p{i}", 20) for i in range(count)])
    if reach is not None:
        state.multiplayer.ranges = dict.fromkeys(range(count), reach)
    return state


def test_distance_goes_the_short_way_round() -> None:
    state = _table(6)
    assert [distance(state, 0, other) for other in range(6)] == [0, 1, 2, 3, 2, 1]


def test_range_one_reaches_the_neighbours_only() -> None:
    state = _table(5, 1)
    assert [other for other in range(5) if in_range(state, 0, other)] == [0, 1, 4]
    assert neighbours(state, 0) == (1, 4)


def test_without_a_range_everyone_is_reached() -> None:
    state = _table(7)
    assert all(in_range(state, 0, other) for other in range(7))


def test_seats_of_the_turn_start_count_until_the_next_turn() -> None:
    state = _table(5, 1)
    state.multiplayer.seated = (0, 1, 2, 3, 4)
    state.players[1].lost = True
    assert not in_range(state, 0, 2)
    state.multiplayer.seated = (0, 2, 3, 4)
    assert in_range(state, 0, 2)
    assert distance(state, 0, 1) is None


@pytest.mark.parametrize(
    ("source_named", "recipient_named", "source_owner", "recipient", "prevents"),
    [
        (True, False, 2, 1, False),
        (True, False, 1, 2, True),
        (False, True, 2, 1, True),
        (False, True, 1, 2, False),
        (False, False, 1, 4, True),
        (False, False, 2, 1, False),
        (False, False, 1, 2, False),
    ],
)
def test_prevention_reaches_what_it_names_within_range(
    source_named: bool, recipient_named: bool, source_owner: int, recipient: int, prevents: bool
) -> None:
    state = _table(5, 1)
    bear = state.new_object(starter_library()["Grizzly Bears"], source_owner, Zone.IN_PLAY)
    state.in_play.append(bear.id)
    game = Game(state, PROFILES["sr-2007"], ScriptedDecider())
    prevention = Prevention("Truce", 0, source_named, recipient_named)
    event = Damage(bear.id, "Grizzly Bears", "G", ("player", recipient), 20, combat=True)
    assert prevention_reaches(game, prevention, event, f"p{recipient}") is prevents
    cited = [e.rules for e in game.trace if e.kind == "out_of_range_prevent"]
    assert cited == ([] if prevents else [("sr:F2.122",)])


@pytest.mark.parametrize(("recipient", "reached"), [(1, True), (4, True), (2, False), (3, False)])
def test_redirected_damage_reaches_only_the_range_of_its_source(recipient: int, reached: bool) -> None:
    state = _table(5, 1)
    bolt = state.new_object(starter_library()["Lightning Bolt"], 0, Zone.STACK)
    game = Game(state, PROFILES["sr-2007"], ScriptedDecider())
    moved = Damage(bolt.id, "Lightning Bolt", "R", ("player", recipient), 10)
    assert redirect_reaches(game, moved, f"p{recipient}") is reached
    cited = [e.rules for e in game.trace if e.kind == "out_of_range_redirect"]
    assert cited == ([] if reached else [("sr:F2.121",)])


def test_without_ranges_a_prevention_reaches_everything() -> None:
    state = _table(5)
    game = Game(state, PROFILES["sr-2007"], ScriptedDecider())
    event = Damage(None, "Shock", "R", ("player", 2), 20)
    assert prevention_reaches(game, Prevention("Fog", 0, False, False), event, "p2")
