"""Declaring blockers needs a combat."""

from __future__ import annotations

import pytest

from ruling.engine.combat import declare_blockers
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.state import GameState, Player
from ruling.errors import IllegalActionError


def test_blocking_outside_combat_is_refused() -> None:
    game = Game(GameState([Player("a", 20), Player("b", 20)]), PROFILES["ja-2004"])
    with pytest.raises(IllegalActionError, match="only during combat") as info:
        declare_blockers(game, {})
    assert info.value.rules == PROFILES["ja-2004"].cite("block")
