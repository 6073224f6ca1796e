"""Priority: SBAs and triggers before a player gets priority; two passes resolve the top or end the step."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.combat_removal import check_combat
from ruling.engine.sba import check_state_based_effects
from ruling.engine.triggers import put_triggers_on_stack

if TYPE_CHECKING:
    from ruling.engine.game import Game


def give_priority(game: Game, player: int, passes: int = 0) -> None:
    """Performs SBAs until none apply and stacks triggers (repeating), then gives player priority.

    passes is how many players have passed in succession before; it is kept only when nothing happened.
    """
    state = game.state
    check_combat(game)
    changed = False
    for _ in range(100):
        changed = check_state_based_effects(game) or changed
        if state.over:
            state.priority = None
            return
        if not put_triggers_on_stack(game):
            break
        changed = True
    state.priority = player
    state.passes = 0 if changed else passes
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
