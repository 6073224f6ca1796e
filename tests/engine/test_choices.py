"""Choices on entering play: asked of the controller as part of the event, validated, remembered."""

from __future__ import annotations

import pytest

from ruling.engine.card_data import starter_library
from ruling.engine.choices import read_choice
from ruling.engine.decisions import Answer, DecisionError, ScriptedDecider
from ruling.engine.events import ZoneChange, perform
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.state import GameState, Player, Zone


def _game(answer: str) -> tuple[Game, int]:
    state = GameState([Player("a", 20), Player("b", 20)])
    voice = state.new_object(starter_library()["Voice of All"], 0, Zone.HAND)
    state.players[0].hand.append(voice.id)
    decider = ScriptedDecider()
    decider.give(Answer("choose", 0, answer, 1))
    return Game(state, PROFILES["ja-2004"], decider), voice.id


def test_the_choice_is_made_as_it_comes_into_play() -> None:
    game, voice = _game("R")
    new = perform(game, [ZoneChange(voice, Zone.IN_PLAY)]).entered[0]
    assert new.chosen == ("colour", "R")
    assert game.chars(new).protections() == "R"
    assert [e.kind for e in game.trace] == ["choice"] and game.trace[0].rules == ("ja:410.10e", "ja:419.1b")


def test_a_choice_of_the_wrong_kind_is_refused() -> None:
    game, voice = _game("Goblin")
    with pytest.raises(DecisionError, match="must choose a colour letter"):
        perform(game, [ZoneChange(voice, Zone.IN_PLAY)])


def test_choices_are_read_by_their_kind() -> None:
    state = GameState([Player("alice", 20), Player("bob", 20)])
    assert read_choice("W", state) == ("colour", "W")
    assert read_choice("bob", state) == ("opponent", "bob")
    assert read_choice("swamp", state) == ("land_type", "swamp")
    assert read_choice("Goblin", state) == ("creature_type", "Goblin")
