"""Priority: state-based effects and triggers before a player gets priority."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.combat_removal import check_combat
from ruling.engine.sba import check_state_based_effects
from ruling.engine.triggers import put_triggers_on_stack
from ruling.errors import EndlessLoopError

if TYPE_CHECKING:
    from ruling.engine.game import Game


_ROUNDS = 100
"""Rounds of state-based effects and triggers before a player must get priority; each round stacks new
triggers, so more means a loop the engine cannot end."""


def give_priority(game: Game, player: int, passes: int = 0) -> None:
    """Performs SBAs until none apply and stacks triggers (repeating), then gives player priority.

    passes is how many players have passed in succession before; it is kept only when nothing happened.
    """
    state = game.state
    check_combat(game)
    changed = False
    for _ in range(_ROUNDS):
        changed = check_state_based_effects(game) or changed
        if state.over:
            state.priority = None
            return
        if not put_triggers_on_stack(game):
            break
        changed = True
    else:
        raise EndlessLoopError(
            f"state-based effects and triggers went on for {_ROUNDS} rounds with no player getting priority",
            game.cite("loop"),
        )
    state.priority = player
    state.passes = 0 if changed else passes
    game.loops.record(game)
