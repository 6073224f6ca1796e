"""Priority comes after state-based effects and triggers; rounds of them that never end are an error."""

from __future__ import annotations

import pytest

from ruling.engine import priority
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.state import GameState, Player
from ruling.errors import EndlessLoopError


def _game() -> Game:
    return Game(GameState([Player("a", 20), Player("b", 20)]), PROFILES["ru-1999"])


def test_priority_goes_to_the_player_when_nothing_happens() -> None:
    game = _game()
    priority.give_priority(game, 1)
    assert (game.state.priority, game.state.passes) == (1, 0)


def test_triggers_that_never_stop_raise_instead_of_giving_priority(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _game()
    game.state.priority = None
    monkeypatch.setattr(priority, "put_triggers_on_stack", lambda _game: True)
    with pytest.raises(EndlessLoopError, match="100 rounds") as info:
        priority.give_priority(game, 0)
    assert info.value.rules == ("ru:421.4", "ru:102.6")
    assert game.state.priority is None
