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


def test_cards_in_graveyards_are_targets_by_owner_and_card_type_and_protection_does_not_work_there() -> None:
    game = _game()
    state, library = game.state, starter_library()
    cards = []
    for owner, name in ((0, "White Knight"), (0, "Lightning Bolt"), (1, "Grizzly Bears")):
        obj = state.new_object(library[name], owner, Zone.GRAVEYARD)
        state.players[owner].graveyard.append(obj.id)
        cards.append(("obj", obj.id))
    knight, bolt, bear = cards
    assert legal_targets(game, "card_in_your_graveyard", "B", 0) == [knight, bolt]
    assert legal_targets(game, "card_in_your_graveyard", "B", 0, card_type="creature") == [knight]
    assert legal_targets(game, "card_in_a_graveyard", "B", 1, card_type="creature") == [knight, bear]
    assert all(t[1] not in state.in_play for t in legal_targets(game, "card_in_a_graveyard", None, 0))


def test_a_global_enchantment_is_one_that_enchants_nothing() -> None:
    game = _game()
    library = starter_library()
    crusade = game.state.new_object(library["Crusade"], 0, Zone.IN_PLAY)
    strength = game.state.new_object(library["Holy Strength"], 0, Zone.IN_PLAY)
    game.state.in_play += [crusade.id, strength.id]
    assert legal_targets(game, "global_enchantment", None, 0) == [("obj", crusade.id)]
    assert ("obj", strength.id) in legal_targets(game, "enchantment", None, 0)
