"""Events: the changes of the game as typed values, performed in batches through one function.

``perform`` offers each event to the replacement effects first (each applies at most once to an event, the
affected player or controller ordering several: ru 419.8a, ja 419.9a, sr D20.91), then applies the whole
batch at once — permanents that come into play together share the time they entered — and then matches the
triggered abilities against the whole batch. Abilities that trigger on leaving play look back in time: every
permanent that was in play just before the batch, with the characteristics it had then, sees every object
that left with it (ru 410.10d, ja 410.10d, sr D11.104).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from ruling.engine.cards import CardDef
from ruling.engine.counter_keywords import entering_counters, modular_leaving
from ruling.engine.lasting import Lasting, LastingKind
from ruling.engine.layers import Characteristics, copiable
from ruling.engine.madness import madness_removed
from ruling.engine.morph import reveal_leaving
from ruling.engine.replacements import replace_token, replace_zone_change
from ruling.engine.state import GameObject, Zone
from ruling.engine.triggers import collect_entering, collect_leaving, collect_object_triggers
from ruling.engine.zones import move

if TYPE_CHECKING:
    from ruling.engine.game import Game


class EventKind(StrEnum):
    """The kinds of events the pipeline performs."""

    ZONE_CHANGE = "zone change"
    TOKEN = "token"


@dataclass(frozen=True)
class ZoneChange:
    """An object moves to another zone (a permanent put into a graveyard, a card put into play…).

    controller is who controls it if it comes into play; tapped: it comes into play tapped; shuffle: its
    owner's library is shuffled after (into the library); replaced_by names the replacement effects that
    have modified it, each of which applies to an event once (ru 419.6a).
    """

    obj: int
    to: Zone
    top: bool = True
    controller: int | None = None
    tapped: bool = False
    replaced_by: tuple[str, ...] = ()
    shuffle: bool = False
    copy_of: int | None = None

    kind = EventKind.ZONE_CHANGE


@dataclass(frozen=True)
class TokenCreation:
    """A token is put into play under a player's control (ru 216.1)."""

    card: CardDef
    controller: int
    tapped: bool = False
    replaced_by: tuple[str, ...] = ()

    kind = EventKind.TOKEN


Event = ZoneChange | TokenCreation


@dataclass(frozen=True)
class Happened:
    """An event as it was applied: the object before it (last known information) and after it."""

    event: Event
    old: GameObject | None
    old_chars: Characteristics | None
    new: GameObject | None


@dataclass
class Batch:
    """What a batch did, for the caller: the events applied, and the objects that came into play."""

    happened: list[Happened] = field(default_factory=list)

    @property
    def entered(self) -> list[GameObject]:
        return [h.new for h in self.happened if h.new is not None and h.new.zone is Zone.IN_PLAY]


def perform(game: Game, events: Sequence[Event]) -> Batch:
    """Performs a batch of simultaneous events: replacement first, then all at once, then triggers."""
    state = game.state
    batch: list[Event] = []
    for event in events:
        batch += (
            replace_zone_change(game, event)
            if isinstance(event, ZoneChange)
            else [replace_token(game, event)]
        )
    leaving = any(
        isinstance(e, ZoneChange) and e.obj in state.in_play and e.to is not Zone.IN_PLAY for e in batch
    )
    before = _look_back(game) if leaving else {}
    entered_at = state.tick()
    done = Batch()
    for event in batch:
        done.happened.append(_apply(game, event, entered_at, before))
    _triggers(game, done, before)
    return done


def _look_back(game: Game) -> dict[int, tuple[GameObject, Characteristics]]:
    """Returns every permanent in play now with its characteristics, for abilities that look back."""
    state = game.state
    return {i: (state.obj(i), game.chars(state.obj(i))) for i in state.in_play}


def _apply(
    game: Game, event: Event, entered_at: int, before: dict[int, tuple[GameObject, Characteristics]]
) -> Happened:
    state = game.state
    if isinstance(event, TokenCreation):
        obj = state.new_object(event.card, event.controller, Zone.IN_PLAY, token=True)
        obj.entered_at = entered_at
        obj.tapped = event.tapped
        state.in_play.append(obj.id)
        game.log("token", player=game.player_name(event.controller), card=event.card.name)
        return Happened(event, None, None, obj)
    if event.obj not in state.objects:
        return Happened(event, None, None, None)
    old = state.obj(event.obj)
    old_chars = before[old.id][1] if old.id in before else None
    old_zone = old.zone
    new = move(state, event.obj, event.to, event.top, event.controller)
    reveal_leaving(game, old, new)
    modular_leaving(game, old, new)
    madness_removed(game, old_zone, new.id)
    if event.shuffle:
        state.shuffle(state.players[new.owner].library)
    if event.to is Zone.IN_PLAY:
        new.entered_at = entered_at
        new.tapped = event.tapped
        entering_counters(game, new)
        if event.copy_of is not None and event.copy_of in state.objects:
            card = copiable(state, state.obj(event.copy_of))
            name = old.card.name
            state.lasting.append(
                Lasting(LastingKind.COPY, new.id, state.tick(), name, card=card, until_end_of_turn=False)
            )
            game.log("copy", card=name, other=card.name)
    return Happened(event, old, old_chars, new)


def _triggers(game: Game, done: Batch, before: dict[int, tuple[GameObject, Characteristics]]) -> None:
    """Matches triggered abilities against the whole batch: comes-into-play abilities of what entered,
    leaves-play abilities of every permanent that was in play before the batch."""
    left = [
        (h.old, h.old_chars, h.new.zone)
        for h in done.happened
        if h.old is not None and h.old_chars is not None and h.new is not None
    ]
    if left:
        collect_leaving(game, left, list(before.values()))
    for obj in done.entered:
        collect_object_triggers(game, obj, "comes_into_play")
    creatures = [obj for obj in done.entered if game.chars(obj).is_creature]
    if creatures:
        collect_entering(game, creatures)
