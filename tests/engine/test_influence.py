"""Range of influence (sr F2): distances the short way round the table, measured on the players seated as
the turn began, and a player always in their own range."""

from __future__ import annotations

from ruling.engine.influence import distance, in_range, neighbours
from ruling.engine.state import GameState, Player


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
