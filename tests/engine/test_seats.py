"""Seats: turn order, opponents and teams as data; the two-player game is the case of two seats."""

from __future__ import annotations

import pytest

from ruling.engine.seats import (
    change_life,
    next_player,
    opponents,
    teammates,
    teams_left,
    turn_order,
)
from ruling.engine.state import GameState, Player


def _state(count: int, teams: list[list[int]] | None = None, shared: bool = False) -> GameState:
    state = GameState([Player(f"p{i}", 20) for i in range(count)])
    for team in teams or []:
        for member in team:
            state.players[member].team = team[0]
    state.shared_life = shared
    return state


def test_two_players_are_each_others_only_opponent() -> None:
    state = _state(2)
    assert (opponents(state, 0), opponents(state, 1), next_player(state, 1)) == ([1], [0], 0)


@pytest.mark.parametrize(("start", "order"), [(0, [0, 1, 2, 3]), (2, [2, 3, 0, 1]), (3, [3, 0, 1, 2])])
def test_turn_order_goes_round_the_table_from_the_active_player(start: int, order: list[int]) -> None:
    assert turn_order(_state(4), start) == order


def test_players_who_lost_are_skipped() -> None:
    state = _state(4)
    state.players[1].lost = True
    assert (turn_order(state, 0), next_player(state, 0), opponents(state, 0)) == ([0, 2, 3], 2, [2, 3])


def test_teammates_are_not_opponents_and_a_team_is_left_until_all_lost() -> None:
    state = _state(4, [[0, 2], [1, 3]])
    assert (opponents(state, 0), teammates(state, 3)) == ([1, 3], [1, 3])
    state.players[1].lost = True
    assert teams_left(state) == [0, 1]
    state.players[3].lost = True
    assert teams_left(state) == [0]


def test_shared_life_changes_every_member() -> None:
    state = _state(4, [[0, 2], [1, 3]], shared=True)
    change_life(state, 1, -3)
    assert [p.life for p in state.players] == [20, 17, 20, 17]
