"""Priority: SBAs and triggers before a player gets priority; two passes resolve the top or end the step."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.combat_removal import check_combat
from ruling.engine.sba import check_state_based_effects
from ruling.engine.triggers import put_triggers_on_stack

if TYPE_CHECKING:
    from ruling.engine.game import Game


def give_priority(game: Game, player: int) -> None:
    """Performs SBAs until none apply and stacks triggers (repeating), then gives player priority."""
    state = game.state
    check_combat(game)
    for _ in range(100):
        check_state_based_effects(game)
        if state.over:
            state.priority = None
            return
        if not put_triggers_on_stack(game):
            break
    state.priority = player
    state.passes = 0
    game.loops.record(game)


def pass_priority(game: Game) -> None:
    """The player with priority passes; after both pass, the top of the stack resolves or the step ends."""
    from ruling.engine.stack import resolve_top_item
    from ruling.engine.turn import end_step

    state = game.state
    if state.over:
        return
    if state.priority is None:
        end_step(game)
        return
    game.log("pass", player=game.player_name(state.priority))
    state.passes += 1
    if state.passes < 2:
        state.priority = state.opponent(state.priority)
        return
    if state.stack:
        resolve_top_item(game)
        give_priority(game, state.active)
    else:
        end_step(game)
