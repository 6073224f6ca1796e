"""What a player may look at: hidden hands and libraries, public graveyards, face-down permanents seen by
their controller, and what the controller of a player's turn sees besides (ja 217, 504.3, 507.2)."""

from __future__ import annotations

import pytest

from ruling.engine.card_data import starter_library
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.state import GameState, Player, Zone
from ruling.errors import IllegalActionError


def _game(zone: Zone, owner: int = 1, face_down: bool = False, profile: str = "ja-2004") -> tuple[Game, int]:
    state = GameState([Player("a", 20), Player("b", 20)])
    obj = state.new_object(starter_library()["Grizzly Bears"], owner, zone)
    obj.face_down = face_down
    if zone is Zone.IN_PLAY:
        state.in_play.append(obj.id)
    else:
        state.players[owner].zone(zone).append(obj.id)
    state.active = owner
    return Game(state, PROFILES[profile]), obj.id


@pytest.mark.parametrize(
    ("zone", "face_down", "looker", "rule"),
    [
        (Zone.HAND, False, 1, "ja:217.3c"),
        (Zone.GRAVEYARD, False, 0, "ja:217.4b"),
        (Zone.REMOVED, False, 0, "ja:217.7b"),
        (Zone.IN_PLAY, True, 1, "ja:504.3"),
    ],
)
def test_a_look_a_rule_allows_is_traced_with_it(zone: Zone, face_down: bool, looker: int, rule: str) -> None:
    game, obj = _game(zone, face_down=face_down)
    game.look(looker, obj)
    assert [(e.kind, e.rules) for e in game.trace] == [("look", (rule,))]


@pytest.mark.parametrize(
    ("zone", "looker", "rule"), [(Zone.HAND, 0, "sr:B16.33"), (Zone.LIBRARY, 1, "sr:B16.22")]
)
def test_a_look_no_rule_allows_is_refused(zone: Zone, looker: int, rule: str) -> None:
    game, obj = _game(zone, profile="sr-2007")
    with pytest.raises(IllegalActionError) as refused:
        game.look(looker, obj)
    assert refused.value.rules == (rule,)


def test_the_controller_of_a_turn_sees_the_player_s_hidden_cards() -> None:
    game, obj = _game(Zone.IN_PLAY, face_down=True)
    with pytest.raises(IllegalActionError):
        game.look(0, obj)
    game.state.turn_controller = 0
    game.look(0, obj)
    assert game.trace[-1].rules == ("ja:504.3", "ja:507.2")
