"""State-based effects: the world rule of 2004, and its absence in the other documents."""

from __future__ import annotations

import pytest

from ruling.engine.cards import CardDef
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.sba import check_state_based_effects
from ruling.engine.state import GameState, Player, Zone

WORLD = CardDef(name="Old World", types=("enchantment",), supertypes=("world",), cost="G", colors="G")


def _worlds(profile: str, timestamps: tuple[int, ...]) -> tuple[Game, list[int]]:
    state = GameState([Player("a", 20), Player("b", 20)])
    ids = []
    for timestamp in timestamps:
        obj = state.new_object(WORLD, 0, Zone.IN_PLAY)
        obj.timestamp = obj.entered_at = timestamp
        state.in_play.append(obj.id)
        ids.append(obj.id)
    return Game(state, PROFILES[profile]), ids


@pytest.mark.parametrize(
    ("timestamps", "staying"), [((1, 2), [1]), ((2, 1), [0]), ((1, 3, 3), []), ((5,), [0])]
)
def test_only_the_newest_world_enchantment_stays(timestamps: tuple[int, ...], staying: list[int]) -> None:
    game, ids = _worlds("ja-2004", timestamps)
    check_state_based_effects(game)
    assert game.state.in_play == [ids[i] for i in staying]
    assert len(game.state.players[0].graveyard) == len(ids) - len(staying)


def test_the_world_rule_cites_ja_420_5i() -> None:
    game, _ = _worlds("ja-2004", (1, 2))
    check_state_based_effects(game)
    assert ("ja:420.5i",) in [event.rules for event in game.trace]
