"""The types of mana lands could produce, for mana chosen as an ability resolves."""

from __future__ import annotations

from ruling.engine.card_data import parse_cards, starter_library
from ruling.engine.game import Game
from ruling.engine.mana_choice import could_produce
from ruling.engine.profiles import PROFILES
from ruling.engine.state import GameState, Player, Zone

_VEIN = parse_cards(
    '["Crystal Vein"]\ntypes = ["land"]\n'
    'abilities = [{ cost = "T", effects = [{ effect = "add_mana", mana = "C" }] }]\n',
    "test",
)["Crystal Vein"]


def _game(*board: tuple[int, str]) -> Game:
    state = GameState([Player("a", 20), Player("b", 20)])
    cards = starter_library() | {"Crystal Vein": _VEIN}
    for owner, name in board:
        state.in_play.append(state.new_object(cards[name], owner, Zone.IN_PLAY).id)
    return Game(state, PROFILES["ja-2004"])


def test_types_come_in_wubrgc_order_from_the_named_players_lands_only() -> None:
    game = _game((0, "Forest"), (0, "Crystal Vein"), (0, "Island"), (1, "Mountain"))
    assert could_produce(game, [0]) == "UGC"
    assert could_produce(game, [1]) == "R"
    assert could_produce(game, [0, 1]) == "URGC"


def test_a_mana_creature_is_no_land_and_a_chosen_type_defines_none() -> None:
    game = _game((0, "Llanowar Elves"), (0, "Reflecting Pool"), (0, "Reflecting Pool"))
    assert could_produce(game, [0]) == ""
