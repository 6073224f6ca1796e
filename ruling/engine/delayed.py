"""Delayed triggered abilities: an instruction of a resolving spell or ability to be done later ("destroy
that creature at end of combat", "remove it from the game at end of turn") creates an ability that
triggers once, at the beginning of that step (ru 406.2a, 406.2e; ja 404.4, 404.4b; sr D5.40, D5.42).

It refers to the object the instruction named when it was created: it still acts on it if the object's
characteristics have changed (ru 406.2c, ja 404.4c, sr D5.43), and it fails if the object has left play,
even if it has come back since as a new object (ru 406.2d, ja 404.4d, sr D5.44).

A delayed ability may wait for an event of that object instead ("when this creature leaves play", "when it
becomes untapped"): it triggers the first time the event happens after it exists, not for one before. An
object that has left play before the ability is made can never leave again, so that ability never
triggers; one that untapped before waits for the next untap (ru 406.2b, ja 404.4a, sr D5.41).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ruling.engine.cards import DELAYS, EVENT_DELAYS, Effect
from ruling.engine.state import Pending, Step

if TYPE_CHECKING:
    from ruling.engine.game import Game

STEP_OF = {"end_of_combat": Step.END_COMBAT, "end_of_turn": Step.END_OF_TURN}
"""The step at whose beginning a delayed ability of each ``at`` triggers."""
WORDS = {at: at.replace("_", " ") for at in DELAYS}
"""The words of each step or event a delayed ability may wait for (cards.DELAYS)."""


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
    """Creates one delayed ability per object the delayed instruction names now; none for an object that
    is no longer in play (one waiting for an event says it will never trigger)."""
    state = game.state
    # What it does later refers to its permanent, not to the targets the instruction had.
    done = replace(effect, at="", watching="", target=None, who="you", min_targets=1, max_targets=1)
    waits = effect.at in EVENT_DELAYS
    rules = game.cite("delayed") + (game.cite("delayed_event") if waits else ())
    for obj_id in objects:
        if obj_id not in state.in_play:
            if waits:
                game.log(
                    "no_trigger",
                    rules,
                    card=label,
                    other=f"{game.name(obj_id)} left play before the ability existed: it never triggers",
                )
            continue
        state.delayed.append(Delayed(effect.at, controller, source, label, done, obj_id))
        when = f"when it {WORDS[effect.at]}" if waits else f"at {WORDS[effect.at]}"
        game.log("effect", rules, card=game.name(obj_id), other=f"{describe(done)} {when} ({label})")


def watch(game: Game, happened: Mapping[str, Collection[int]]) -> None:
    """Triggers every delayed ability waiting for an event that a batch did to its object; happened maps
    each event of EVENT_DELAYS to the objects it happened to (tapping a tapped permanent is no event). One
    waiting to be tapped or untapped ends when its object leaves play, since it never can be."""
    state = game.state
    waiting: list[Delayed] = []
    for delayed in state.delayed:
        if delayed.at not in EVENT_DELAYS:
            waiting.append(delayed)
        elif delayed.subject in happened.get(delayed.at, ()):
            _trigger(game, delayed, game.cite("delayed") + game.cite("delayed_event"))
        elif delayed.subject not in happened.get("leaves_play", ()):
            waiting.append(delayed)
    state.delayed = waiting


def fire(game: Game, step: Step) -> None:
    """Triggers, at the beginning of step, every delayed ability waiting for it (each only once); one whose
    permanent has left play fails."""
    state = game.state
    waiting = [d for d in state.delayed if STEP_OF.get(d.at) is step]
    if not waiting:
        return
    state.delayed = [d for d in state.delayed if STEP_OF.get(d.at) is not step]
    for delayed in waiting:
        if delayed.subject not in state.in_play:
            game.log(
                "no_trigger", game.cite("delayed_left"), card=delayed.label, other="its permanent left play"
            )
            continue
        _trigger(game, delayed, game.cite("delayed"))


def _trigger(game: Game, delayed: Delayed, rules: tuple[str, ...]) -> None:
    game.state.pending.append(
        Pending(
            delayed.controller, delayed.source, delayed.label, (delayed.effect,), None, rules, delayed.subject
        )
    )
    game.log("trigger", rules, player=game.player_name(delayed.controller), card=delayed.label)


def describe(effect: Effect) -> str:
    """Returns the words of a delayed instruction ("destroy", "remove from the game", "gain 3 life")."""
    if effect.kind == "move":
        return {"removed": "remove from the game", "hand": "return to its owner's hand"}.get(
            effect.zone, f"put into its owner's {effect.zone}"
        )
    if effect.kind in ("gain_life", "lose_life"):
        return f"{effect.kind.split('_')[0]} {effect.amount} life"
    if effect.kind == "draw":
        return f"draw {effect.amount}"
    return str(effect.kind)
