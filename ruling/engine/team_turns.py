"""Who takes the turn and who holds priority: one player, or in Magic Heart the whole team (Izvori magije
F7.42, F7.62-F7.65), or in the Grand Circle the holder of the next turn marker (F9.43).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.seats import in_game, team_of, teammates, turn_order
from ruling.engine.state import Step
from ruling.engine.turn_markers import _next_marker_turn
from ruling.engine.variants import Variant, is_variant

if TYPE_CHECKING:
    from ruling.engine.game import Game
    from ruling.engine.state import GameState


def active_players(state: GameState) -> list[int]:
    """Returns the players whose turn it is: the active player, in Magic Heart the active team (F7.42)."""
    if is_variant(state, Variant.MAGIC_HEART):
        return [p for p in teammates(state, state.active) if not state.players[p].lost]
    return [state.active]


def is_active(state: GameState, player: int) -> bool:
    return player in active_players(state)


def sorcery_timing(state: GameState, player: int) -> bool:
    """Tells whether player could play a sorcery now: in a main phase of their turn, with the stack empty."""
    return is_active(state, player) and state.step in (Step.MAIN1, Step.MAIN2) and not state.stack


def holds_priority(state: GameState, player: int) -> bool:
    """Tells whether player may act now: they hold priority, or in Magic Heart their team does (F7.62)."""
    if state.priority is None:
        return False
    if is_variant(state, Variant.MAGIC_HEART):
        return team_of(state, player) == team_of(state, state.priority) and not state.players[player].lost
    return state.priority == player


def acts_with(state: GameState, player: int, other: int) -> bool:
    """Tells whether player acts for other as far as priority goes: the same player, or in Magic Heart a
    teammate (F7.62)."""
    if player == other:
        return True
    return is_variant(state, Variant.MAGIC_HEART) and team_of(state, player) == team_of(state, other)


def passes_needed(state: GameState) -> int:
    """Returns how many passes in succession end a step or resolve the top of the stack: one per player in
    the game, in Magic Heart one per team (F7.65)."""
    if is_variant(state, Variant.MAGIC_HEART):
        return len({team_of(state, p) for p in in_game(state)})
    return len(in_game(state))


def next_priority(state: GameState, player: int) -> int:
    """Returns who gets priority after player passes: the next player in turn order, in Magic Heart the
    first player of the next team."""
    order = turn_order(state, player)[1:]
    if is_variant(state, Variant.MAGIC_HEART):
        order = [p for p in order if team_of(state, p) != team_of(state, player)]
    return order[0] if order else player


def next_active(game: Game) -> int:
    """Returns the player whose turn comes next: the next player in turn order; in Magic Heart the next
    team; in the Grand Circle the holder of the next turn marker, after the marker of the turn that ended
    has been passed on (F9.43)."""
    state = game.state
    if is_variant(state, Variant.GRAND_CIRCLE):
        return _next_marker_turn(game)
    order = turn_order(state, state.active)[1:]
    if is_variant(state, Variant.MAGIC_HEART):
        order = [p for p in order if team_of(state, p) != team_of(state, state.active)]
    return order[0] if order else state.active
