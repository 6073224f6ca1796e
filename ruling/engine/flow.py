"""The flow of the game: passing priority round the table; when every player still in the game has passed
in succession, the top of the stack resolves or the step ends. It sits above the stack, the turn and
priority, so none of them needs to import another lazily."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.madness import close_windows
from ruling.engine.priority import give_priority
from ruling.engine.stack import resolve_top_item
from ruling.engine.team_turns import next_priority, passes_needed
from ruling.engine.turn import end_step

if TYPE_CHECKING:
    from ruling.engine.game import Game


def pass_priority(game: Game) -> None:
    """The player with priority passes; after all pass in succession, the top of the stack resolves or the
    step ends."""
    state = game.state
    if state.over:
        return
    if state.priority is None:
        end_step(game)
        return
    game.log("pass", player=game.player_name(state.priority))
    close_windows(game, state.priority)
    state.passes += 1
    if state.passes < passes_needed(state):
        if state.pending:
            give_priority(game, next_priority(state, state.priority), state.passes)
        else:
            state.priority = next_priority(state, state.priority)
        return
    if state.stack:
        resolve_top_item(game)
        give_priority(game, state.active)
    else:
        end_step(game)
