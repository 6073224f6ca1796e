"""Endless loops (ru 421, ja 421, sr D22): a game that keeps coming back to the same position while nobody
does anything but pass priority is in a loop of mandatory actions only, and the game is a draw (ru 421.4 and
102.6, ja 421.4 and 102.6, sr D22.40 and A3.42).

A loop with optional actions ends when the player who controls them stops (ru 421.2-421.3): every action a
player takes and every real choice a player makes (one with options, not forced) starts a new lap count, so
a script that repeats an action repeats it exactly as often as its lines say. Positions are compared without
object ids, timestamps or the turn number, which change on every lap of a loop. A shortcut (``shortcut``)
takes a loop of optional actions round as often as the players agree, and the rule says who acts last.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruling.engine.control import controller_of
from ruling.engine.decisions import Decision
from ruling.engine.mana import pool_text
from ruling.engine.state import GameObject, GameState

if TYPE_CHECKING:
    from ruling.engine.game import Game

REPEATS = 3
"""How many times the same position may be reached, with only passes between, before the game is a draw."""
MOST_LAPS = 1000
"""The largest number of times a shortcut may take a loop round (each lap is played out)."""


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


@dataclass(frozen=True)
class LoopPart:
    """One optional action of a loop: the player who takes it, and the taking of it (with what it puts on
    the stack resolved)."""

    player: int
    act: Callable[[], None]


def shortcut(game: Game, proposer: int, laps: int, parts: list[LoopPart]) -> None:
    """Takes a loop of optional actions round as the players agree (ru 421.3, ja 421.3, sr D22.30).

    With the actions of one player only, that player names how many times (ru 421.2). With those of two,
    the active player names a number; the other may name a lower one, after which the loop goes round that
    many times and then on up to the active player's last action ("the last word"), or agree, after which
    it goes round that many times and then on up to the other player's last action."""
    state = game.state
    players = list(dict.fromkeys(part.player for part in parts))
    if len(players) > 2:
        raise game.refuse("a shortcut here takes the actions of one or two players only", "loop_shortcut")
    if len(players) == 2 and proposer != state.active:
        raise game.refuse(
            f"the active player, {game.player_name(state.active)}, names how many times the loop goes round",
            "loop_shortcut",
        )
    if not 1 <= laps <= MOST_LAPS:
        raise game.refuse(f"a loop goes round 1 to {MOST_LAPS} times, not {laps}", "loop_shortcut")
    last = proposer
    if len(players) == 2:
        other = players[1] if players[0] == proposer else players[0]
        options = tuple(str(n) for n in range(laps, 0, -1))
        answer = game.ask(Decision("choose", other, options=options), options[0])
        if str(answer) not in options:
            raise game.refuse(
                f"{game.player_name(other)} may agree to {laps} or name a lower number, not {answer}",
                "loop_shortcut",
            )
        agreed = int(str(answer)) == laps
        laps, last = int(str(answer)), (other if agreed else proposer)
        game.log(
            "loop_shortcut",
            game.cite("loop_shortcut"),
            player=game.player_name(other),
            amount=laps,
            other=game.player_name(last),
        )
    for _ in range(laps):
        for part in parts:
            part.act()
    if len(players) == 2:
        final = max(i for i, part in enumerate(parts) if part.player == last)
        for part in parts[: final + 1]:
            part.act()
