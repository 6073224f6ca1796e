"""Legal targets of each kind: players and opponents, and permanents by type and colour."""

from __future__ import annotations

from ruling.engine.card_data import parse_cards, starter_library
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.state import GameState, Player, Zone
from ruling.engine.targets import legal_targets

_THOPTER = parse_cards('["Thopter"]\ntypes = ["artifact", "creature"]\npt = "0/2"\n', "test")["Thopter"]


def _game(players: int = 2, teams: tuple[int, ...] = ()) -> Game:
    state = GameState([Player(name, 20) for name in ("a", "b", "c", "d")[:players]])
    for player, team in zip(state.players, teams, strict=False):
        player.team = team
    cards = starter_library() | {"Thopter": _THOPTER}
    for owner, name in ((0, "Grizzly Bears"), (1, "Drudge Skeletons"), (1, "Thopter")):
        obj = state.new_object(cards[name], owner, Zone.IN_PLAY)
        state.in_play.append(obj.id)
    return Game(state, PROFILES["sr-2007"])


def test_a_target_opponent_is_any_player_but_its_controller() -> None:
    game = _game(3)
    assert legal_targets(game, "opponent", None, 0) == [("player", 1), ("player", 2)]
    assert legal_targets(game, "player", None, 0) == [("player", 0), ("player", 1), ("player", 2)]


def test_a_teammate_is_not_an_opponent() -> None:
    game = _game(4, (0, 1, 0, 1))
    assert legal_targets(game, "opponent", None, 0) == [("player", 1), ("player", 3)]


def test_a_nonartifact_nonblack_creature_excludes_both() -> None:
    game = _game()
    bear, _, _ = game.state.in_play
    assert legal_targets(game, "creature", None, 1, not_color="B", not_type="artifact") == [("obj", bear)]
