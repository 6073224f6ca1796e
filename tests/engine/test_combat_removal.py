"""Removal from combat when a creature changes controller or stops being a creature (ru 306.2)."""

from __future__ import annotations

from ruling.engine.card_data import starter_library
from ruling.engine.combat_removal import check_combat
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.resolve import gain_control
from ruling.engine.state import Combat, GameState, Player, Zone


def _combat() -> tuple[Game, int, int]:
    state = GameState([Player("a", 20), Player("b", 20)])
    library = starter_library()
    ids = []
    for name, owner in (("Hill Giant", 0), ("Grizzly Bears", 1)):
        obj = state.new_object(library[name], owner, Zone.IN_PLAY)
        state.in_play.append(obj.id)
        ids.append(obj.id)
    giant, bear = ids
    state.combat = Combat([giant], {giant: [bear]}, {giant}, controllers={giant: 0, bear: 1})
    return Game(state, PROFILES["ja-2004"]), giant, bear


def test_a_creature_that_changes_controller_leaves_combat() -> None:
    game, giant, bear = _combat()
    gain_control(game, bear, 0, until_end_of_turn=True)
    check_combat(game)
    combat = game.state.combat
    assert combat is not None
    assert combat.blockers == {giant: []} and giant in combat.blocked
    assert game.trace[-1].kind == "remove_combat" and game.trace[-1].rules == ("ja:306.2",)


def test_nothing_changes_while_everyone_stays() -> None:
    game, giant, bear = _combat()
    check_combat(game)
    assert game.state.combat is not None and game.state.combat.blockers == {giant: [bear]}
    assert game.trace == []
