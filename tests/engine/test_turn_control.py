"""Turn control (ja 507): the decisions of a player whose turn another controls go to the controller, and a
scripted answer counts only when the right player wrote it."""

from __future__ import annotations

import pytest

from ruling.engine.decisions import Answer, Decision, DecisionError, ScriptedDecider
from ruling.engine.state import GameState, Player
from ruling.engine.turn_control import chooser, controlled, route


def _state(controller: int | None) -> GameState:
    state = GameState([Player("alice", 20), Player("bob", 20)])
    state.active = 1
    state.turn_controller = controller
    return state


def test_the_controlled_players_decisions_go_to_the_controller() -> None:
    state = _state(0)
    assert controlled(state, 1) and not controlled(state, 0)
    assert chooser(state, 1) == 0
    assert route(state, Decision("attackers", 1)).chooser == 0
    assert route(state, Decision("blockers", 0)).chooser is None
    assert route(_state(None), Decision("attackers", 1)).chooser is None


def test_an_answer_counts_only_from_whoever_makes_the_choice() -> None:
    decision = route(_state(0), Decision("discard", 1, options=(5, 6), amount=1))
    own = ScriptedDecider([Answer("discard", 1, (5,), 3)])
    with pytest.raises(DecisionError):
        own.decide(decision, None)
    written = ScriptedDecider([Answer("discard", 1, (6,), 4, by=0)])
    assert written.decide(decision, None) == (6,)
