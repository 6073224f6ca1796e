"""Characteristics computed from continuous effects in the order of the profile's era.

An object's card is never changed: ``characteristics`` starts from its copiable values (the printed card,
or the card of the newest copy effect) and applies the effects of resolved spells and abilities and of
static abilities by kind — copy, control, text, type, colour and abilities, power/toughness — as ja 418.5a
and sr D19.51 group them. Within a kind, effects apply in timestamp order (ru 418.5c, ja 418.5d,
sr D19.54). Power and toughness differ by era (``PTOrder``): 1999 and 2004 apply characteristic-defining
and type-changing values, then counters, then every other change in timestamp order (ja 418.5a); 2007
applies characteristic-defining values, then values set, then counters, then changes, then switches
(sr D19.51, levels 6.1-6.5). The 1999 rules have no kinds, only dependency: an effect that depends on
another's result (a bonus for white creatures on a creature made white) applies after it (ru 418.5c).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ruling.engine.cards import (
    BASIC_LAND_TYPES,
    COLORS,
    LAND_TYPE_CHANGES,
    LAND_TYPES,
    MAKER_COUNTERS,
    NONCREATURE_SUBTYPES,
    Ability,
    CardDef,
    Effect,
    EffectKind,
    Trigger,
    land_ability,
)
from ruling.engine.control import controller_of
from ruling.engine.counter_costs import maker_counters
from ruling.engine.durations import holds
from ruling.engine.influence import in_range
from ruling.engine.keywords import parse_keyword
from ruling.engine.land_keywords import has_threshold
from ruling.engine.lasting import Lasting, LastingKind, PTOrder
from ruling.engine.morph import FACE_DOWN
from ruling.engine.seats import opponents
from ruling.engine.split_cards import stack_values
from ruling.engine.state import GameObject, GameState, Zone
from ruling.engine.text import text_changes, text_of

if TYPE_CHECKING:
    from ruling.engine.profiles import Profile

_LAND_OF_COLOR = {color: name for name, color in LAND_TYPES.items()}


@dataclass(frozen=True)
class Characteristics:
    """An object's current characteristics, with the effects applied to get them in the order applied."""

    name: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    colors: str
    power: int
    toughness: int
    keywords: tuple[str, ...]
    abilities: tuple[Ability, ...]
    applied: tuple[str, ...]
    supertypes: tuple[str, ...] = ()
    triggers: tuple[Trigger, ...] = ()
    static: tuple[Effect, ...] = ()
    enchant: str | None = None
    copied_at: int = 0

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @property
    def is_creature(self) -> bool:
        return "creature" in self.types

    @property
    def is_legendary(self) -> bool:
        return "legendary" in self.supertypes or "Legend" in self.subtypes

    def count(self, keyword: str) -> int:
        return self.keywords.count(keyword)

    def landwalks(self) -> list[str]:
        return [k[:-4] for k in self.keywords if k.endswith("walk")]

    def protections(self) -> str:
        return "".join(k.split()[-1] for k in self.keywords if k.startswith("protection from "))

    def protected_from(self, colors: str) -> bool:
        """Tells whether it has protection from one of colors."""
        protections = self.protections()
        return any(c in protections for c in colors)

    def rampage(self) -> list[int]:
        return [int(k.split()[1]) for k in self.keywords if k.startswith("rampage ")]


def as_land_card(card: CardDef, color: str) -> CardDef:
    """Returns the characteristics of a card played as a land: a basic land of its colour's type if it has
    one colour, otherwise a nonbasic land making the mana of its big symbol (sr B12.76-B12.77)."""
    name = _LAND_OF_COLOR.get(color) if card.colors == color else None
    mana = color if color in COLORS else "C"
    ability = Ability("T", (Effect(EffectKind.ADD_MANA, mana=mana),))
    subtypes = (name.capitalize(),) if name else ()
    return CardDef(card.name, ("land",), subtypes, ("basic",) if name else (), abilities=(ability,))


def copy_effect(state: GameState, obj: GameObject) -> Lasting | None:
    """Returns the newest copy effect on obj, if any (layer 1)."""
    found = [e for e in state.lasting if e.target == obj.id and e.kind is LastingKind.COPY]
    return max(found, key=lambda e: e.timestamp) if found else None


def copiable(state: GameState, obj: GameObject) -> CardDef:
    """Returns obj's copiable values: its printed card, the card it is a copy of, or for a card played as
    a land the land it is (layer 1; no other effect is looked at, so static abilities can be found from
    it without computing every other object first)."""
    if obj.as_land:
        return as_land_card(obj.card, obj.as_land)
    if obj.face_down:
        return FACE_DOWN
    if obj.half and (half := stack_values(obj)) is not None:
        return half
    if not state.lasting:
        return obj.card
    copied = copy_effect(state, obj) if obj.zone is Zone.IN_PLAY else None
    return copied.card if copied is not None and copied.card is not None else obj.card


def _newest_loss(lasting: Iterable[Lasting]) -> int | None:
    """Returns the timestamp of the newest of these effects by which an object "loses all abilities", or
    None (ru 407.1, ja 407.1, sr D8.10)."""
    return max((e.timestamp for e in lasting if e.kind is LastingKind.LOSE_ALL), default=None)


def _in_force(state: GameState, e: Lasting) -> bool:
    return not e.while_ or holds(state, e)


def lost_all(state: GameState, obj_id: int) -> int | None:
    """Returns the timestamp of the newest effect in force by which the object loses all its abilities, or
    None."""
    return _newest_loss(e for e in state.lasting if e.target == obj_id and _in_force(state, e))


def statics(state: GameState) -> list[tuple[GameObject, Effect]]:
    """Returns the static abilities of the permanents in play, from their copiable values (none of a
    permanent that has lost all its abilities, nor of a land whose text a land type change replaces)."""
    found: list[tuple[GameObject, Effect]] = []
    objects = state.objects
    silenced = {e.target for e in state.lasting if e.kind is LastingKind.LOSE_ALL and _in_force(state, e)}
    for source_id in state.in_play:
        if source_id in silenced:
            continue
        source = objects[source_id]
        plain = not (state.lasting or source.as_land or source.face_down)
        card = source.card if plain else copiable(state, source)
        if card.static:
            if state.lasting or source.chosen[0] or card.has_static("choose"):
                card = text_of(state, source, card)
            found += [(source, effect) for effect in card.static]
    replaced = _text_replaced(found)
    return [(s, e) for s, e in found if s.id not in replaced] if replaced else found


@dataclass
class _Work:
    """The characteristics being computed, layer by layer."""

    card: CardDef
    types: tuple[str, ...]
    colors: str
    keywords: list[str]
    applied: list[str] = field(default_factory=list)
    subtypes: tuple[str, ...] = ()
    land_text: tuple[str, ...] | None = None
    """The basic land types whose mana abilities replace the land's text once a land type was set to one
    (ja 212.6e, sr B12.78); None when no such change applies."""
    added_lands: tuple[str, ...] = ()
    """The basic land types added besides the land's own, each with its mana ability."""


def characteristics(
    state: GameState,
    obj: GameObject,
    scale: int = 1,
    order: PTOrder = PTOrder.TIMESTAMP,
    in_force: list[tuple[GameObject, Effect]] | None = None,
    basic_land_type: bool = False,
) -> Characteristics:
    """Computes obj's characteristics from its copiable values and the continuous effects that apply;
    in_force is ``statics(state)`` when already found (it is the same for every object of a position);
    basic_land_type: a land that becomes a basic land type becomes a basic land (the 1999 rules)."""
    in_play = obj.zone is Zone.IN_PLAY
    found = (statics(state) if in_force is None else in_force) if in_play else []
    typed = _typed(state, obj, found, scale)
    card, work, lasting, copied = typed.card, typed.work, typed.lasting, typed.copied
    if work.land_text is not None:
        abilities = tuple(land_ability(t) for t in work.land_text)
        card = replace(card, abilities=abilities, triggers=(), static=(), keywords=())
        if basic_land_type:
            card = replace(card, supertypes=("basic",))
            work.applied.append("layer 4: a land that becomes a basic land type is a basic land (ru 214.9f)")
    elif work.added_lands:
        card = replace(card, abilities=(*card.abilities, *(land_ability(t) for t in work.added_lands)))
    _abilities(state, obj, work, found, lasting)
    power, toughness = _power_toughness(state, obj, work, found, lasting, typed.animation, scale, order)
    if _newest_loss(lasting) is not None:
        card = replace(card, abilities=(), triggers=(), static=())
    return Characteristics(
        card.name,
        work.types,
        work.subtypes,
        work.colors,
        power,
        toughness,
        tuple(work.keywords),
        card.abilities,
        tuple(work.applied),
        card.supertypes,
        card.triggers,
        card.static,
        card.enchant,
        copied.timestamp if copied is not None else 0,
    )


@dataclass
class _Typed:
    """An object's characteristics up to its types (layers 1 to 4), with what the later layers need."""

    card: CardDef
    work: _Work
    lasting: list[Lasting]
    copied: Lasting | None
    animation: tuple[int, int, int, str] | None


def _typed(state: GameState, obj: GameObject, found: list[tuple[GameObject, Effect]], scale: int) -> _Typed:
    """Applies the copy, text and type-changing effects (layers 1, 3 and 4) to obj; found are the static
    abilities in force (none for an object out of play)."""
    card = copiable(state, obj)
    in_play = obj.zone is Zone.IN_PLAY
    copied = copy_effect(state, obj) if in_play else None
    applied: list[str] = []
    if copied is not None:
        applied.append(f"layer 1: copy of {card.name} ({copied.source}, timestamp {copied.timestamp})")
    if _has_text(state, obj, card):
        card = text_of(state, obj, card)
        for change in text_changes(state, obj) if state.lasting else []:
            old, new = change.words
            applied.append(f"layer 3: {change.source}: {new} instead of {old} (timestamp {change.timestamp})")
    work = _Work(card, card.types, card.colors, list(card.keywords), applied, card.subtypes)
    lasting = (
        sorted(
            (e for e in state.lasting if e.target == obj.id and _in_force(state, e)),
            key=lambda e: e.timestamp,
        )
        if in_play
        else []
    )
    animation = _types(state, obj, work, found, lasting, scale)
    return _Typed(card, work, lasting, copied, animation)


def characteristics_under(
    state: GameState,
    obj: GameObject,
    profile: Profile,
    in_force: list[tuple[GameObject, Effect]] | None = None,
) -> Characteristics:
    """Computes obj's characteristics under the rules of the profile's era (its scale, its order of power and
    toughness effects, what a land type change makes of a land, which names make a land basic)."""
    chars = characteristics(state, obj, profile.scale, profile.pt_order, in_force, profile.land_type_basic)
    if chars.name in profile.basic_land_names and "land" in chars.types and "basic" not in chars.supertypes:
        applied = (*chars.applied, f"{BASIC_NAME_NOTE}, {chars.name}")
        return replace(chars, supertypes=(*chars.supertypes, "basic"), applied=applied)
    return chars


def _text_replaced(in_force: list[tuple[GameObject, Effect]]) -> set[int]:
    """Returns the lands whose text the static abilities in force replace with a land type ("enchanted land
    is a Swamp"): they have no static or triggered abilities of their own (ja 212.6e, sr B12.78)."""
    return {s.attached_to for s, e in in_force if e.kind == "set_land_type" and s.attached_to is not None}


def _has_text(state: GameState, obj: GameObject, card: CardDef) -> bool:
    """Tells whether obj, whose copiable values are card, may have text changed or a choice filled in
    (layer 3; ruling.engine.text.text_of)."""
    return obj.zone is Zone.IN_PLAY and bool(state.lasting or card.has_static("choose"))


def triggers_of(state: GameState, obj: GameObject) -> tuple[Trigger, ...]:
    """Returns obj's triggered abilities as ``characteristics`` gives them: those of its copiable values
    with its text changed (layers 1 and 3), or none once it has lost all its abilities, without computing
    the other layers, which never change them."""
    card = copiable(state, obj)
    if obj.zone is Zone.IN_PLAY and state.lasting and lost_all(state, obj.id) is not None:
        return ()
    if card.triggers and "land" in card.types and obj.id in _text_replaced(statics(state)):
        return ()
    return text_of(state, obj, card).triggers if _has_text(state, obj, card) else card.triggers


def _static_applies(
    state: GameState, source: GameObject, effect: Effect, obj: GameObject, work: _Work
) -> bool:
    """Tells whether a static ability of source applies to obj: the permanent a local enchantment
    enchants; otherwise the objects its who names (``you``: other creatures its controller controls,
    ``each_player``: every creature, ``opponent``: creatures its controller's opponents control), of the
    colour ``of_color`` when given."""
    if effect.threshold and not has_threshold(state, controller_of(state, source)):
        return False
    printed = copiable(state, source)
    if printed.enchant or "Equipment" in printed.subtypes:
        return source.attached_to == obj.id
    if effect.who == "self":
        return source.id == obj.id
    if state.multiplayer.ranges and not in_range(
        state, controller_of(state, source), controller_of(state, obj)
    ):
        return False
    if effect.kind == "animate":
        return _animates(effect, work)
    if "creature" not in work.types:
        return False
    if effect.of_color and effect.of_color not in work.colors:
        return False
    if effect.subtype and effect.subtype not in work.subtypes:
        return False
    if effect.who == "you":
        return source.id != obj.id and controller_of(state, source) == controller_of(state, obj)
    if effect.who == "opponent":
        return controller_of(state, obj) in opponents(state, controller_of(state, source))
    if effect.who == "chosen":
        kind, name = source.chosen
        return kind == "opponent" and state.players[controller_of(state, obj)].name == name
    return effect.who in ("each_player", "all")


def _animates(effect: Effect, work: _Work) -> bool:
    """Tells whether a static "… are creatures" applies to the object: permanents of its ``subtype``
    (Living Lands: Forests), or of its card type ``what`` ("all lands are 1/1 creatures")."""
    if effect.subtype:
        return effect.subtype in work.subtypes
    return bool(effect.what) and effect.what in work.types


@dataclass(frozen=True, order=True)
class _TypeChange:
    """One type-changing effect (layer 4): an animation (with the card type the creature also has, and
    whether the new types replace the others), a creature type set or added, or a card type added."""

    timestamp: int
    source: str
    power: int = 0
    toughness: int = 0
    kind: str = LastingKind.ANIMATE
    """A kind of lasting effect (ANIMATE, SUBTYPE, ADD_SUBTYPE), or "add_type" for a static ability."""
    card_type: str = ""
    replaces: bool = False
    subtype: str = ""


def _types(
    state: GameState,
    obj: GameObject,
    work: _Work,
    found: list[tuple[GameObject, Effect]],
    lasting: list[Lasting],
    scale: int,
) -> tuple[int, int, int, str] | None:
    """Applies type-changing effects (layer 4); returns the newest animation's (timestamp, P, T, source).
    An effect that makes a creature a creature type replaces its other creature types; one that adds a type
    keeps them (ru 214.4, ja 212.1b-212.1c, sr B12.12-B12.13)."""
    newest: tuple[int, int, int, str] | None = None
    changes = [
        _TypeChange(s.timestamp, copiable(state, s).name, e.power * scale, e.toughness * scale)
        for s, e in found
        if e.kind == "animate" and _static_applies(state, s, e, obj, work)
    ]
    lost = _newest_loss(lasting)
    for s, e in found:
        if e.kind != "add_type" or not _static_applies(state, s, e, obj, work):
            continue
        if not e.characteristic and lost is not None and lost > s.timestamp:
            work.applied.append(f"layer 4: {copiable(state, s).name}: an ability {obj.card.name} has lost")
            continue
        changes.append(_TypeChange(s.timestamp, copiable(state, s).name, kind="add_type", card_type=e.what))
    for s, e in found:
        if e.kind in LAND_TYPE_CHANGES and "land" in work.types and _static_applies(state, s, e, obj, work):
            changes.append(_TypeChange(s.timestamp, copiable(state, s).name, kind=e.kind, subtype=e.subtype))
    changes += [
        _TypeChange(
            e.timestamp, e.source, e.power, e.toughness, e.kind, e.card_type, e.replaces_types, e.subtype
        )
        for e in lasting
        if e.kind in (LastingKind.ANIMATE, LastingKind.SUBTYPE, LastingKind.ADD_SUBTYPE)
    ]
    for change in sorted(changes):
        timestamp, source = change.timestamp, change.source
        if change.kind == "add_type":
            if change.card_type not in work.types:
                work.types = (*work.types, change.card_type)
            work.applied.append(f"layer 4: {source}: is also {change.card_type} (timestamp {timestamp})")
            continue
        if change.kind in LAND_TYPE_CHANGES:
            _change_land_type(work, change)
            continue
        if change.kind != LastingKind.ANIMATE:
            keep = change.kind is LastingKind.ADD_SUBTYPE
            kept = [t for t in work.subtypes if (keep or t in NONCREATURE_SUBTYPES) and t != change.subtype]
            work.subtypes = (*kept, change.subtype)
            work.applied.append(f"layer 4: {source}: {change.kind} {change.subtype} (timestamp {timestamp})")
            continue
        card_type = change.card_type
        new = (card_type, "creature") if card_type else ("creature",)
        if change.replaces:
            work.types, work.subtypes = new, ()
        else:
            work.types = (*work.types, *(t for t in new if t not in work.types))
        newest = (timestamp, change.power, change.toughness, source)
        what = f"a {change.power}/{change.toughness} {card_type + ' ' if card_type else ''}creature"
        only = ", its only types" if change.replaces else ""
        work.applied.append(f"layer 4: {source}: {what}{only} (timestamp {timestamp})")
    return newest


def _change_land_type(work: _Work, change: _TypeChange) -> None:
    """Applies a land type change: a land that becomes a basic land type loses its other land types (those of
    its card, which a land's subtypes are: ja 205.3e, and the basic ones other effects gave it) and the
    abilities of its text, and has that type's mana ability instead; one that gains a type keeps them and
    has the new type's mana ability too (ja 212.6e, sr B12.78; ru 214.9f: it becomes a basic land)."""
    new = change.subtype
    lands = {*BASIC_LAND_TYPES, *work.card.subtypes}
    if change.kind == "set_land_type":
        work.subtypes = (*(t for t in work.subtypes if t not in lands), new)
        work.land_text, work.added_lands = (new,), ()
        work.keywords = []
        what = f"is {new}, its text replaced by the mana ability of {new}"
    else:
        if new not in work.subtypes:
            work.subtypes = (*work.subtypes, new)
        if work.land_text is not None:
            work.land_text = (*work.land_text, new)
        else:
            work.added_lands = (*work.added_lands, new)
        what = f"is also {new}"
    work.applied.append(f"layer 4: {change.source}: {what} (timestamp {change.timestamp})")


@dataclass(frozen=True)
class _Change:
    """A layer-5 change waiting to apply: a colour, or a keyword gained or lost; applies tells whether a
    static ability's change applies to the object as the work stands (None: locked to it)."""

    timestamp: int
    source: str
    kind: str
    value: str
    applies: Callable[[_Work], bool] | None = None


def _abilities(
    state: GameState,
    obj: GameObject,
    work: _Work,
    found: list[tuple[GameObject, Effect]],
    lasting: list[Lasting],
) -> None:
    """Applies colour-changing effects and effects that grant or remove keywords (layer 5) in timestamp
    order — the newest wins (ru 418.5d, ja 418.5h) — except that an effect that depends on another (its
    result would change whether the first applies) waits for it (ru 418.5c, ja 418.5d, sr D19.54)."""
    changes: list[_Change] = []
    defined: list[tuple[GameObject, Effect]] = []
    for holder, effect in found:
        if effect.kind == "grant" and effect.characteristic:
            defined.append((holder, effect))
        elif effect.kind in ("grant", "remove", "set_color"):
            value = effect.color if effect.kind == "set_color" else effect.keyword
            kind = {"grant": "gains", "remove": "loses", "set_color": "colour"}[effect.kind]
            name = copiable(state, holder).name

            def applies(w: _Work, h: GameObject = holder, e: Effect = effect) -> bool:
                return _static_applies(state, h, e, obj, w)

            changes.append(_Change(holder.timestamp, name, kind, value, applies))
    for e in lasting:
        if e.kind in (LastingKind.GAIN, LastingKind.LOSE, LastingKind.COLOR, LastingKind.LOSE_ALL):
            value = e.colors if e.kind is LastingKind.COLOR else e.keyword
            changes.append(_Change(e.timestamp, e.source, str(e.kind), value))
    pending = sorted(changes, key=lambda c: (c.timestamp, c.source, c.kind, c.value))
    colours = any(c.kind == "colour" for c in pending)
    while pending:
        pick = _independent(work, pending) if colours and len(pending) > 1 else pending[0]
        if pick is not pending[0]:
            waiting = pending[0]
            work.applied.append(
                f"layer 5: {waiting.source} (timestamp {waiting.timestamp}) depends on {pick.source}, "
                f"which applies first (dependency)"
            )
        pending.remove(pick)
        if pick.applies is None or pick.applies(work):
            _apply_change(work, pick)
    for holder, effect in defined:
        if effect.keyword not in work.keywords and _static_applies(state, holder, effect, obj, work):
            work.keywords.append(effect.keyword)
            name = copiable(state, holder).name
            work.applied.append(f"layer 5: {name}: is {effect.keyword}, a characteristic, not an ability")


def _independent(work: _Work, pending: list[_Change]) -> _Change:
    """Returns the oldest change that depends on no other waiting change, or the oldest of all when
    every one depends on another (a loop: timestamp order)."""
    for candidate in pending:
        if candidate.applies is None:
            return candidate
        now = candidate.applies(work)
        if not any(
            now != candidate.applies(_after(work, other)) for other in pending if other is not candidate
        ):
            return candidate
    return pending[0]


def _after(work: _Work, change: _Change) -> _Work:
    """Returns a copy of work with change applied (if it applies), to see what depends on it."""
    trial = _Work(work.card, work.types, work.colors, list(work.keywords), [], work.subtypes)
    if change.applies is None or change.applies(work):
        _apply_change(trial, change)
    return trial


def _apply_change(work: _Work, change: _Change) -> None:
    where = f"(timestamp {change.timestamp})"
    if change.kind == "colour":
        work.colors = change.value
        work.applied.append(f"layer 5: {change.source}: is {change.value or 'colourless'} {where}")
    elif change.kind == "gains":
        work.keywords.append(change.value)
        work.applied.append(f"layer 5: {change.source}: gains {change.value} {where}")
    elif change.kind == LastingKind.LOSE_ALL:
        work.keywords = []
        work.applied.append(f"layer 5: {change.source}: loses all abilities {where}")
    else:
        work.keywords = [k for k in work.keywords if not _loses(k, change.value)]
        work.applied.append(f"layer 5: {change.source}: loses {change.value} {where}")


def _loses(keyword: str, lost: str) -> bool:
    """Whether losing the keyword lost takes keyword away: losing banding takes "bands with other" with it
    (ja 502.11a)."""
    if keyword == lost:
        return True
    use = parse_keyword(keyword) if lost == "banding" else None
    return use is not None and use.key == "bands_with_other"


_SET, _COUNTERS, _CHANGE, _SWITCH = 2, 3, 4, 5
"""The P/T levels of sr D19.51 (6.2 set, 6.3 counters, 6.4 changes, 6.5 switches)."""


COUNT_NOTE = "counted:"
"""What the explanation of a static pump says of its count, made again each time (ru 418.4a)."""
RANGE_NOTE = "within the range"
"""How the explanation of a count begins to say that ranges of influence limit it (sr F2.110)."""
BASIC_NAME_NOTE = "a basic land by its name"
"""How ``applied`` says that a land is basic by its name (Profile.basic_land_names)."""
_COUNTED = {
    "cards_in_hand": "cards in {}'s hand",
    "cards_in_graveyard": "cards in {}'s graveyard",
    "creatures_you_control": "creatures {} controls",
    "creatures": "creatures in play",
    "sharing_type": "other creatures sharing a creature type with it",
}


def _static_count(
    state: GameState,
    holder: GameObject,
    effect: Effect,
    obj: GameObject,
    work: _Work,
    found: list[tuple[GameObject, Effect]],
) -> tuple[int, str]:
    """Returns what a static pump of holder counts for obj now, and the count in words ("counted: 2,
    creatures in play"). The count is made again each time obj's power and toughness are found, from the
    types of the permanents (layer 4); under a limited range of influence only creatures of players within
    the ranges of both the static's controller and obj's controller are counted (sr F2.110)."""
    if effect.count == MAKER_COUNTERS:
        number, where = maker_counters(state, holder, effect.pt_counters)
        return number, f"{COUNT_NOTE} {number}, {effect.pt_counters} counters on {where}"
    controller = controller_of(state, holder)
    player = state.players[controller]
    if effect.count == "cards_in_hand":
        number = len(player.hand)
    elif effect.count == "cards_in_graveyard":
        number = len(player.graveyard)
    else:
        number = 0
        own = [t for t in work.subtypes if t not in NONCREATURE_SUBTYPES]
        for other_id in state.in_play:
            other = state.objects[other_id]
            who = controller_of(state, other)
            if effect.count == "creatures_you_control" and who != controller:
                continue
            if effect.count == "sharing_type" and other_id == obj.id:
                continue
            if state.multiplayer.ranges and not (
                in_range(state, controller, who) and in_range(state, controller_of(state, obj), who)
            ):
                continue
            typed = work if other_id == obj.id else _typed(state, other, found, 1).work
            if "creature" not in typed.types:
                continue
            if effect.count == "sharing_type" and not set(own) & set(typed.subtypes):
                continue
            number += 1
    words = f"{COUNT_NOTE} {number}, {_COUNTED[effect.count].format(player.name)}"
    if state.multiplayer.ranges and effect.count not in ("cards_in_hand", "cards_in_graveyard"):
        names = dict.fromkeys((player.name, state.players[controller_of(state, obj)].name))
        plural = "s" if len(names) > 1 else ""
        words += f"; {RANGE_NOTE}{plural} of influence of {' and '.join(names)}"
    return number, words


def _power_toughness(
    state: GameState,
    obj: GameObject,
    work: _Work,
    found: list[tuple[GameObject, Effect]],
    lasting: list[Lasting],
    animation: tuple[int, int, int, str] | None,
    scale: int,
    order: PTOrder,
) -> tuple[int, int]:
    """Applies the P/T effects (layer 6) in the era's order and returns the result."""
    power, toughness = work.card.power * scale, work.card.toughness * scale
    steps: list[tuple[int, int, int, str, str, int, int]] = []
    """(level, timestamp, tie, source, op, p, t)"""
    if animation is not None:
        timestamp, p, t, source = animation
        level = _SET if order is PTOrder.LEVELS else 0
        steps.append((level, timestamp, 0, source, "set", p, t))
    counters = obj.plus_counters - obj.minus_counters
    if counters and obj.zone is Zone.IN_PLAY:
        steps.append(
            (
                _COUNTERS if order is PTOrder.LEVELS else 1,
                0,
                0,
                "counters",
                "change",
                counters * scale,
                counters * scale,
            )
        )
    if obj.zone is Zone.IN_PLAY:
        for pump in state.effects:
            if pump.target == obj.id:
                steps.append((_CHANGE, pump.timestamp, 0, pump.source, "change", pump.power, pump.toughness))
        for holder, effect in found:
            op = {"pump": "change", "set_pt": "set"}.get(effect.kind)
            if op is not None and _static_applies(state, holder, effect, obj, work):
                level = _CHANGE if op == "change" else _SET
                name = copiable(state, holder).name
                times = 1
                if effect.count:
                    times, counted = _static_count(state, holder, effect, obj, work, found)
                    name = f"{name} ({counted})"
                p, t = effect.power * scale * times, effect.toughness * scale * times
                steps.append((level, holder.timestamp, 0, name, op, p, t))
        for done in lasting:
            if done.kind is LastingKind.SET_PT:
                steps.append((_SET, done.timestamp, 0, done.source, "set", done.power, done.toughness))
            elif done.kind is LastingKind.SWITCH:
                steps.append((_SWITCH, done.timestamp, 0, done.source, "switch", 0, 0))
            elif done.kind is LastingKind.PUMP:
                steps.append((_CHANGE, done.timestamp, 0, done.source, "change", done.power, done.toughness))
    if order is PTOrder.TIMESTAMP:
        steps = [
            (min(level, 2), timestamp, tie, source, op, p, t)
            for level, timestamp, tie, source, op, p, t in steps
        ]
    for _, timestamp, _, source, op, p, t in sorted(steps):
        if op == "set":
            power, toughness = p, t
            text = f"{p}/{t}"
        elif op == "switch":
            power, toughness = toughness, power
            text = "power and toughness switched"
        else:
            power, toughness = power + p, toughness + t
            text = f"{p:+d}/{t:+d}"
        where = "counters" if source == "counters" else f"timestamp {timestamp}"
        work.applied.append(f"layer 6: {source} {text} ({where})")
    return power, toughness
