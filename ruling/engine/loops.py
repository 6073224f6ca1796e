"""Repeated-state detection: a position the game keeps coming back to is an endless loop (ru 421, ja 421,
sr D22); a loop of mandatory actions only would end the game in a draw (ru 421.4). Positions are compared
without object ids, timestamps or the turn number, which change on every lap of a loop."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ruling.engine.mana import pool_text
from ruling.engine.state import GameObject, GameState
from ruling.errors import EndlessLoopError

if TYPE_CHECKING:
    from ruling.engine.game import Game

REPEATS = 3
"""How many times the same position may be reached before the game is stopped as looping."""


def _object(state: GameState, obj: GameObject) -> tuple[object, ...]:
    attached = state.objects[obj.attached_to].card.name if obj.attached_to in state.objects else ""
    return (obj.card.name, obj.controller, obj.tapped, obj.damage, obj.plus_counters, obj.token, attached)


def _names(state: GameState, ids: list[int]) -> tuple[str, ...]:
    return tuple(state.objects[i].card.name for i in ids)


def fingerprint(state: GameState) -> tuple[object, ...]:
    """Returns what a judge would compare to tell two positions apart."""
    players = tuple(
        (p.life, pool_text(p), _names(state, p.library), _names(state, p.hand), _names(state, p.graveyard))
        for p in state.players
    )
    board = tuple(sorted(_object(state, state.objects[i]) for i in state.in_play))
    stack = tuple((item.kind, item.label, item.controller) for item in state.stack)
    pending = tuple(sorted(p.label for p in state.pending))
    shields = tuple(sorted((s.kind, s.source, s.amount) for s in state.shields))
    effects = len(state.effects)
    place = (state.active, str(state.step), state.priority, state.passes)
    return (players, board, stack, pending, shields, effects, place)


class LoopGuard:
    """Counts the positions in which a player received priority; one reached REPEATS times is a loop."""

    def __init__(self) -> None:
        self.seen: Counter[tuple[object, ...]] = Counter()
        self.order: list[tuple[object, ...]] = []

    def mark(self) -> int:
        """Returns a mark to rewind to (see rewind)."""
        return len(self.order)

    def rewind(self, mark: int) -> None:
        """Forgets the positions recorded after mark (a refused action did not happen)."""
        for position in self.order[mark:]:
            self.seen[position] -= 1
        del self.order[mark:]

    def record(self, game: Game) -> None:
        """Records the current position; raises EndlessLoopError when it has come back REPEATS times."""
        position = fingerprint(game.state)
        self.seen[position] += 1
        self.order.append(position)
        if self.seen[position] >= REPEATS:
            state = game.state
            raise EndlessLoopError(
                f"endless loop: turn {state.turn}, {state.step}: the game came back to the same position "
                f"{REPEATS} times",
                game.cite("loop"),
            )
