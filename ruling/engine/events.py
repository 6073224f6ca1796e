"""Events: the changes of the game as typed values, performed in batches through one function — zone
changes, tokens, damage, life gained and lost, counters, taps and untaps, draws.

``perform`` offers each event to the replacement effects first (each applies at most once to an event, the
affected player or controller ordering several: ru 419.8a, ja 419.9a, sr D20.91), then applies the whole
batch at once — permanents that come into play together share the time they entered — and then matches the
triggered abilities against the whole batch. Abilities that trigger on leaving play look back in time: every
permanent that was in play just before the batch, with the characteristics it had then, sees every object
that left with it (ru 410.10d, ja 410.10d, sr D11.104). After the batch, "as long as" effects whose
condition failed end and control changes are noted (ruling.engine.durations); the events a replacement
turned into a sequence (a life gain become several draws) follow one at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from ruling.engine.cards import EVENT_DELAYS, CardDef, counted_kind
from ruling.engine.choices import choose_on_entry
from ruling.engine.control import note_control_statics
from ruling.engine.counter_costs import cite as cite_counters
from ruling.engine.counter_keywords import entering_counters, modular_leaving
from ruling.engine.damage import replace_damage
from ruling.engine.delayed import watch
from ruling.engine.draw_life import replace_draw_or_life
from ruling.engine.durations import after_batch
from ruling.engine.lasting import Lasting, LastingKind
from ruling.engine.layers import Characteristics, copiable
from ruling.engine.madness import madness_removed
from ruling.engine.morph import reveal_leaving
from ruling.engine.replacements import replace_token, replace_zone_change
from ruling.engine.seats import change_life
from ruling.engine.state import GameObject, SourceInfo, Zone
from ruling.engine.state_triggers import check_state_triggers
from ruling.engine.targets import Target, describe
from ruling.engine.triggers import (
    collect_entering,
    collect_leaving,
    collect_object_triggers,
    damage_triggers,
    life_triggers,
)
from ruling.engine.zones import move

if TYPE_CHECKING:
    from ruling.engine.game import Game


class EventKind(StrEnum):
    """The kinds of events the pipeline performs."""

    ZONE_CHANGE = "zone change"
    TOKEN = "token"
    DAMAGE = "damage"
    LIFE = "life"
    COUNTERS = "counters"
    TAP = "tap"
    DRAW = "draw"


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
    attach_to: int | None = None
    """A local enchantment comes into play attached to this permanent."""

    kind = EventKind.ZONE_CHANGE


@dataclass(frozen=True)
class TokenCreation:
    """A token is put into play under a player's control (ru 216.1)."""

    card: CardDef
    controller: int
    tapped: bool = False
    replaced_by: tuple[str, ...] = ()
    maker: int | None = None
    """The permanent whose ability puts the token into play."""

    kind = EventKind.TOKEN


@dataclass(frozen=True)
class Damage:
    """Damage a source (its id when known, its name and colours) would deal a recipient; used holds the
    permanents whose static replacement has modified this event already (each applies once, ru 419.6a)."""

    source: int | None
    source_name: str
    colors: str
    recipient: Target
    amount: int
    combat: bool = False
    rules: tuple[str, ...] = ()
    used: frozenset[int] = frozenset()

    kind = EventKind.DAMAGE


@dataclass(frozen=True)
class LifeChange:
    """A player gains (amount > 0) or loses life; note is the trace event written for it (``life``: the
    new total, ``burn``: mana burn, ``life_set``: "your life becomes N")."""

    player: int
    amount: int
    note: str = "life"
    rules: tuple[str, ...] = ()
    replaced_by: tuple[str, ...] = ()

    kind = EventKind.LIFE


@dataclass(frozen=True)
class CountersPut:
    """Counters are put on a permanent: +1/+1, or -1/-1 when minus."""

    obj: int
    amount: int
    minus: bool = False

    kind = EventKind.COUNTERS


@dataclass(frozen=True)
class TapChange:
    """A permanent becomes tapped (tapped) or untapped."""

    obj: int
    tapped: bool

    kind = EventKind.TAP


@dataclass(frozen=True)
class Draw:
    """A player draws the top card of their library (from an empty one: they lose at the next check)."""

    player: int
    rules: tuple[str, ...] = ()
    replaced_by: tuple[str, ...] = ()

    kind = EventKind.DRAW


Event = ZoneChange | TokenCreation | Damage | LifeChange | CountersPut | TapChange | Draw


@dataclass(frozen=True)
class Happened:
    """An event as it was applied: the object before it (last known information) and after it."""

    event: Event
    old: GameObject | None
    old_chars: Characteristics | None
    new: GameObject | None
    dealt: int = 0
    """Damage dealt, life gained or lost, counters put: what the event did (0: nothing)."""


@dataclass
class Batch:
    """What a batch did, for the caller: the events applied, and the objects that came into play."""

    happened: list[Happened] = field(default_factory=list)

    @property
    def entered(self) -> list[GameObject]:
        return [
            h.new
            for h in self.happened
            if h.new is not None
            and h.new.zone is Zone.IN_PLAY
            and isinstance(h.event, ZoneChange | TokenCreation)
        ]


def perform(game: Game, events: Sequence[Event]) -> Batch:
    """Performs a batch of simultaneous events: replacement first, then all at once, then triggers."""
    state = game.state
    batch, after = _replace_all(game, _permanents_only(game, events))
    leaving = any(
        isinstance(e, ZoneChange) and e.obj in state.in_play and e.to is not Zone.IN_PLAY for e in batch
    )
    before = _look_back(game) if leaving else {}
    moving = any(isinstance(e, ZoneChange | TokenCreation) for e in batch)
    entered_at = state.tick() if moving else state.clock
    done = Batch()
    for event in batch:
        done.happened.append(_apply(game, event, entered_at, before))
    _triggers(game, done, before)
    after_batch(game)
    for event in after:
        done.happened += perform(game, [event]).happened
    return done


def _permanents_only(game: Game, events: Sequence[Event]) -> list[Event]:
    """Drops the moves that would put an instant or sorcery card into play: it stays where it was (ru 214.1,
    ja 212.5d, 212.7d, 217.1a, sr B12.43, B12.53, B16.11), unless Izvori magije plays it as a land."""
    kept: list[Event] = []
    for event in events:
        if isinstance(event, ZoneChange) and event.to is Zone.IN_PLAY:
            obj = game.state.objects.get(event.obj)
            if (
                obj is not None
                and obj.zone is not Zone.IN_PLAY
                and not obj.as_land
                and not obj.card.is_permanent
            ):
                key = "stays_instant" if "instant" in obj.card.types else "stays_sorcery"
                game.log("stays_out", game.cite(key), card=game.name(obj.id), zone=obj.zone.value)
                continue
        kept.append(event)
    return kept


def _replace_all(game: Game, events: Sequence[Event]) -> tuple[list[Event], list[Event]]:
    """Offers every event of a batch to the replacement and prevention effects; the damage of a batch is
    offered together, since a shield may have to choose among the damage one recipient is dealt. Returns
    the batch, and the events that follow it one at a time."""
    batch: list[Event] = []
    after: list[Event] = []
    damage = [e for e in events if isinstance(e, Damage)]
    for event in events:
        if isinstance(event, Damage):
            if event is damage[0]:
                batch += replace_damage(game, damage)
        elif isinstance(event, LifeChange | Draw):
            now, later = replace_draw_or_life(game, event)
            batch += [x for e in now for x in (_replace(game, e) if isinstance(e, ZoneChange) else [e])]
            after += later
        else:
            batch += _replace(game, event)
    return batch, after


def _replace(game: Game, event: Event) -> list[Event]:
    if isinstance(event, ZoneChange):
        return list(replace_zone_change(game, event))
    if isinstance(event, TokenCreation):
        return [replace_token(game, event)]
    return [event]


def _look_back(game: Game) -> dict[int, tuple[GameObject, Characteristics]]:
    """Returns every permanent in play now with its characteristics, for abilities that look back."""
    state = game.state
    return {i: (state.obj(i), game.chars(state.obj(i))) for i in state.in_play}


def _apply(
    game: Game, event: Event, entered_at: int, before: dict[int, tuple[GameObject, Characteristics]]
) -> Happened:
    state = game.state
    if not isinstance(event, ZoneChange | TokenCreation):
        return apply_change(game, event)
    if isinstance(event, TokenCreation):
        obj = state.new_object(event.card, event.controller, Zone.IN_PLAY, token=True)
        obj.entered_at = entered_at
        obj.tapped = event.tapped
        obj.made_by = event.maker
        state.in_play.append(obj.id)
        _entering(game, obj, event.card, event.controller)
        rules = cite_counters(game, "maker") if counted_kind(event.card) else ()
        game.log("token", rules, player=game.player_name(event.controller), card=event.card.name)
        return Happened(event, None, None, obj)
    if event.obj not in state.objects:
        return Happened(event, None, None, None)
    old = state.obj(event.obj)
    old_chars = before[old.id][1] if old.id in before else None
    old_zone = old.zone
    known = SourceInfo.of(old_chars, game.profile.scale) if old_chars is not None else None
    new = move(state, event.obj, event.to, event.top, event.controller, known)
    reveal_leaving(game, old, new)
    modular_leaving(game, old, new)
    madness_removed(game, old_zone, new.id)
    if event.shuffle:
        state.shuffle(state.players[new.owner].library)
    if event.to is Zone.IN_PLAY:
        new.entered_at = entered_at
        new.tapped = event.tapped
        new.attached_to = event.attach_to
        entering_counters(game, new)
        if event.copy_of is not None and event.copy_of in state.objects:
            card = copiable(state, state.obj(event.copy_of))
            name = old.card.name
            state.lasting.append(
                Lasting(LastingKind.COPY, new.id, state.tick(), name, card=card, until_end_of_turn=False)
            )
            game.log("copy", card=name, other=card.name)
        _entering(game, new, copiable(state, new), new.controller)
    return Happened(event, old, old_chars, new)


def _entering(game: Game, obj: GameObject, card: CardDef, controller: int) -> None:
    """What a permanent's own static abilities do as it comes into play: the choice it asks for, and a
    static control-changing ability makes control computed with static abilities from now on."""
    if card.static:
        choose_on_entry(game, obj, card, controller)
        note_control_statics(game.state, card)


def _triggers(game: Game, done: Batch, before: dict[int, tuple[GameObject, Characteristics]]) -> None:
    """Matches triggered abilities against the whole batch: comes-into-play abilities of what entered,
    leaves-play abilities of every permanent that was in play before the batch, damage abilities,
    "whenever you gain life" once for each player who gained life, then the state triggers whose state now
    holds (ru 410.11)."""
    left = [
        (h.old, h.old_chars, h.new.zone)
        for h in done.happened
        if h.old is not None and h.old_chars is not None and h.new is not None and h.old is not h.new
    ]
    if left:
        collect_leaving(game, left, list(before.values()))
    if game.state.delayed:
        watch(game, _waited_for(done, before))
    for obj in done.entered:
        collect_object_triggers(game, obj, "comes_into_play")
    creatures = [obj for obj in done.entered if game.chars(obj).is_creature]
    if creatures:
        collect_entering(game, creatures)
    if any(isinstance(h.event, Damage) for h in done.happened):
        damage_triggers(game, [h.event for h in done.happened if isinstance(h.event, Damage) and h.dealt])
    gained = [h.event.player for h in done.happened if isinstance(h.event, LifeChange) and h.event.amount > 0]
    if gained:
        life_triggers(game, list(dict.fromkeys(gained)))
    check_state_triggers(game)


def _waited_for(done: Batch, before: dict[int, tuple[GameObject, Characteristics]]) -> dict[str, set[int]]:
    """Returns the objects the batch made leave play, become tapped and become untapped, by the names
    of these events as delayed abilities wait for them (ruling.engine.delayed)."""
    happened: dict[str, set[int]] = {event: set() for event in EVENT_DELAYS}
    for h in done.happened:
        if isinstance(h.event, TapChange) and h.old is not None and h.dealt:
            happened["becomes_tapped" if h.event.tapped else "becomes_untapped"].add(h.old.id)
        elif h.old is not None and h.new is not h.old and h.old.id in before:
            happened["leaves_play"].add(h.old.id)
    return happened


def apply_change(game: Game, event: Damage | LifeChange | CountersPut | TapChange | Draw) -> Happened:
    """Applies one event that is not a zone change or a token (damage, life, counters, taps, draws)."""
    state = game.state
    if isinstance(event, Draw):
        return _draw(game, event)
    if isinstance(event, LifeChange):
        change_life(state, event.player, event.amount)
        player = state.players[event.player]
        shown = -event.amount if event.note == "burn" else player.life
        game.log(event.note, event.rules, player=player.name, amount=shown)
        return Happened(event, None, None, None, abs(event.amount))
    if isinstance(event, Damage):
        kind, ident = event.recipient
        if kind == "obj" and (ident not in state.objects or state.obj(ident).zone is not Zone.IN_PLAY):
            return Happened(event, None, None, None)
        if kind == "player":
            change_life(state, ident, -event.amount)
        else:
            state.obj(ident).damage += event.amount
        other = describe(game, event.recipient)
        game.log("damage", event.rules, card=event.source_name, amount=event.amount, other=other)
        return Happened(event, None, None, None, event.amount)
    if event.obj not in state.in_play:
        return Happened(event, None, None, None)
    obj = state.obj(event.obj)
    if isinstance(event, TapChange):
        changed = obj.tapped != event.tapped
        obj.tapped = event.tapped
        return Happened(event, obj, None, obj, int(changed))
    if event.minus:
        obj.minus_counters += event.amount
    else:
        obj.plus_counters += event.amount
    kind_name = "minus_counters" if event.minus else "counters"
    game.log(kind_name, card=game.name(obj.id), amount=event.amount)
    return Happened(event, obj, None, obj, event.amount)


def _draw(game: Game, event: Draw) -> Happened:
    """Moves the top card of the player's library to their hand; from an empty library the player is
    marked to lose at the next check of state-based effects."""
    player = game.state.players[event.player]
    if not player.library:
        player.drew_from_empty = True
        game.log("draw_empty", game.cite("sba_draw_empty"), player=player.name)
        return Happened(event, None, None, None)
    old = game.state.obj(player.library[0])
    new = move(game.state, old.id, Zone.HAND, top=False)
    game.log("draw", event.rules, player=player.name, card=game.name(new.id))
    return Happened(event, old, None, new, 1)
