"""Endless loops (ru 421, ja 421, sr D22): a game that keeps coming back to the same position while nobody
does anything but pass priority is in a loop of mandatory actions only, and the game is a draw (ru 421.4 and
102.6, ja 421.4 and 102.6, sr D22.40 and A3.42).

A loop with optional actions ends when the player who controls them stops (ru 421.2-421.3): every action a
player takes and every real choice a player makes (one with options, not forced) starts a new lap count, so
a script that repeats an action repeats it exactly as often as its lines say. Positions are compared without
object ids, timestamps or the turn number, which change on every lap of a loop.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ruling.engine.control import controller_of
from ruling.engine.mana import pool_text
from ruling.engine.state import GameObject, GameState

if TYPE_CHECKING:
    from ruling.engine.game import Game

REPEATS = 3
"""How many times the same position may be reached, with only passes between, before the game is a draw."""


def _object(state: GameState, obj: GameObject) -> tuple[object, ...]:
    attached = state.objects[obj.attached_to].card.name if obj.attached_to in state.objects else ""
    return (
        obj.card.name,
        controller_of(state, obj),
        obj.tapped,
        obj.damage,
        obj.plus_counters,
        obj.token,
        attached,
    )


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
    """Counts the positions in which a player received priority since the last action or choice."""

    def __init__(self) -> None:
        self.order: list[tuple[object, ...]] = []
        self.start = 0
        self.seen: Counter[tuple[object, ...]] = Counter()

    def mark(self) -> tuple[int, int]:
        """Returns a mark to rewind to (see rewind)."""
        return (len(self.order), self.start)

    def rewind(self, mark: tuple[int, int]) -> None:
        """Forgets the positions and choices recorded after mark (a refused action did not happen)."""
        del self.order[mark[0] :]
        self.start = mark[1]
        self.seen = Counter(self.order[self.start :])

    def choice(self) -> None:
        """A player acted or chose: the positions before cannot be part of a loop of mandatory actions."""
        self.start = len(self.order)
        self.seen = Counter()

    def record(self, game: Game) -> None:
        """Records the current position; when it has come back REPEATS times, the game is a draw."""
        position = fingerprint(game.state)
        self.seen[position] += 1
        self.order.append(position)
        if self.seen[position] >= REPEATS:
            state = game.state
            state.draw_game = True
            state.priority = None
            game.log("loop_draw", game.cite("loop"), step=str(state.step), amount=REPEATS)
