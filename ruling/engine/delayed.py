"""Delayed triggered abilities: an instruction of a resolving spell or ability to be done later ("destroy
that creature at end of combat", "remove it from the game at end of turn") creates an ability that
triggers once, at the beginning of that step (ru 406.2a, 406.2e; ja 404.4, 404.4b; sr D5.40, D5.42).

It refers to the object the instruction named when it was created: it still acts on it if the object's
characteristics have changed (ru 406.2c, ja 404.4c, sr D5.43), and it fails if the object has left play,
even if it has come back since as a new object (ru 406.2d, ja 404.4d, sr D5.44).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ruling.engine.cards import Effect
from ruling.engine.state import Pending, Step

if TYPE_CHECKING:
    from ruling.engine.game import Game

STEP_OF = {"end_of_combat": Step.END_COMBAT, "end_of_turn": Step.END_OF_TURN}
"""The step at whose beginning a delayed ability of each ``at`` triggers."""


@dataclass(frozen=True)
class Delayed:
    """A delayed triggered ability waiting for the beginning of its step; subject is the permanent its
    instruction acts on (its id when the ability was created)."""

    at: str
    controller: int
    source: int
    label: str
    effect: Effect
    subject: int


def create(game: Game, effect: Effect, objects: list[int], controller: int, source: int, label: str) -> None:
    """Creates one delayed ability per object the delayed instruction names now."""
    state = game.state
    done = replace(effect, at="")
    for obj_id in objects:
        if obj_id not in state.in_play:
            continue
        state.delayed.append(Delayed(effect.at, controller, source, label, done, obj_id))
        game.log(
            "effect",
            game.cite("delayed"),
            card=game.name(obj_id),
            other=f"{describe(done)} at {effect.at.replace('_', ' ')} ({label})",
        )


def fire(game: Game, step: Step) -> None:
    """Triggers, at the beginning of step, every delayed ability waiting for it (each only once); one whose
    permanent has left play fails."""
    state = game.state
    waiting = [d for d in state.delayed if STEP_OF[d.at] is step]
    if not waiting:
        return
    state.delayed = [d for d in state.delayed if STEP_OF[d.at] is not step]
    for delayed in waiting:
        if delayed.subject not in state.in_play:
            game.log(
                "no_trigger", game.cite("delayed_left"), card=delayed.label, other="its permanent left play"
            )
            continue
        state.pending.append(
            Pending(
                delayed.controller,
                delayed.source,
                delayed.label,
                (delayed.effect,),
                None,
                game.cite("delayed"),
                delayed.subject,
            )
        )
        game.log(
            "trigger", game.cite("delayed"), player=game.player_name(delayed.controller), card=delayed.label
        )


def describe(effect: Effect) -> str:
    """Returns the words of a delayed instruction ("destroy", "remove from the game")."""
    if effect.kind == "move":
        return {"removed": "remove from the game", "hand": "return to its owner's hand"}.get(
            effect.zone, f"put into its owner's {effect.zone}"
        )
    return str(effect.kind)
