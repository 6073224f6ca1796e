"""Grand Circle turn markers (sr F9.41-F9.44): one per four players, dealt four seats apart from the first
player."""

from __future__ import annotations

import pytest

from ruling.engine.state import GameState, Player
from ruling.engine.turn_markers import deal_markers


@pytest.mark.parametrize(
    ("players", "first", "holders"),
    [(10, 0, [0, 4]), (12, 0, [0, 4, 8]), (15, 0, [0, 4, 8]), (11, 3, [3, 7]), (16, 0, [0, 4, 8, 12])],
)
def test_markers_are_dealt_four_seats_apart(players: int, first: int, holders: list[int]) -> None:
    state = GameState([Player(f"p{i}", 20) for i in range(players)])
    assert deal_markers(state, first) == holders
