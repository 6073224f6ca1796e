"""Continuous effects: characteristics are computed from the card, counters and effects in timestamp order."""

from __future__ import annotations

from dataclasses import dataclass

from ruling.engine.cards import LAND_TYPES, Ability, CardDef, Effect
from ruling.engine.state import ContinuousEffect, GameObject, GameState, Zone

_LAND_OF_COLOR = {color: name for name, color in LAND_TYPES.items()}


@dataclass(frozen=True)
class Characteristics:
    """An object's current characteristics and the effects applied to get them, in order."""

    name: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    colors: str
    power: int
    toughness: int
    keywords: tuple[str, ...]
    abilities: tuple[Ability, ...]
    applied: tuple[str, ...]

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @property
    def is_creature(self) -> bool:
        return "creature" in self.types

    def count(self, keyword: str) -> int:
        return self.keywords.count(keyword)

    def landwalks(self) -> list[str]:
        return [k[:-4] for k in self.keywords if k.endswith("walk")]

    def protections(self) -> str:
        return "".join(k.split()[-1] for k in self.keywords if k.startswith("protection from "))

    def rampage(self) -> list[int]:
        return [int(k.split()[1]) for k in self.keywords if k.startswith("rampage ")]


def as_land_card(card: CardDef, color: str) -> CardDef:
    """Returns the characteristics of a card played as a land (sr B12.76-B12.77)."""
    name = _LAND_OF_COLOR.get(color)
    mana = color if name else "C"
    ability = Ability("T", (Effect("add_mana", mana=mana),))
    subtypes = (name.capitalize(),) if name else ()
    return CardDef(card.name, ("land",), subtypes, ("basic",) if name else (), abilities=(ability,))


def characteristics(
    state: GameState, obj: GameObject, scale: int = 1, statics: list[tuple[GameObject, Effect]] | None = None
) -> Characteristics:
    """Computes obj's characteristics: printed values (×scale), type changes, counters, then P/T effects by
    timestamp. statics, when given, are ``static_effects(state)`` computed once for many objects."""
    card = as_land_card(obj.card, obj.as_land) if obj.as_land else obj.card
    power, toughness = card.power * scale, card.toughness * scale
    types = card.types
    applied: list[str] = []
    if obj.zone is not Zone.IN_PLAY:
        statics = []
    elif statics is None:
        statics = static_effects(state)
    if (animation := _animation(statics, card)) is not None:
        source, power, toughness = animation[0], animation[1] * scale, animation[2] * scale
        types = (*types, "creature") if "creature" not in types else types
        applied.append(f"{source}: a {power}/{toughness} creature")
    if obj.plus_counters:
        power += obj.plus_counters * scale
        toughness += obj.plus_counters * scale
        applied.append(f"{obj.plus_counters} +1/+1 counter(s)")
    if obj.zone is Zone.IN_PLAY:
        changes = [(e.timestamp, e.source, e.power, e.toughness) for e in state.effects if e.target == obj.id]
        changes += _static_changes(statics, obj, "creature" in types, scale)
        for timestamp, source, dp, dt in sorted(changes):
            power += dp
            toughness += dt
            applied.append(f"{source} {dp:+d}/{dt:+d} (timestamp {timestamp})")
    return Characteristics(
        card.name,
        types,
        card.subtypes,
        card.colors,
        power,
        toughness,
        card.keywords,
        card.abilities,
        tuple(applied),
    )


def static_effects(state: GameState) -> list[tuple[GameObject, Effect]]:
    """Returns the static effects of the permanents in play (a card played as a land has none)."""
    found: list[tuple[GameObject, Effect]] = []
    for source_id in state.in_play:
        source = state.objects[source_id]
        if source.card.static and not source.as_land:
            found += [(source, effect) for effect in source.card.static]
    return found


def _animation(statics: list[tuple[GameObject, Effect]], card: CardDef) -> tuple[str, int, int] | None:
    """Returns the newest static effect that makes permanents of card's subtype creatures, if any."""
    found = None
    for source, effect in statics:
        if effect.kind == "animate" and effect.subtype in card.subtypes:
            found = (source.card.name, effect.power, effect.toughness)
    return found


def _static_changes(
    statics: list[tuple[GameObject, Effect]], obj: GameObject, is_creature: bool, scale: int
) -> list[tuple[int, str, int, int]]:
    """Returns the P/T changes static abilities of permanents make to obj now, with their timestamps."""
    changes: list[tuple[int, str, int, int]] = []
    for source, effect in statics:
        if effect.kind != "pump":
            continue
        if source.card.enchant:
            applies = source.attached_to == obj.id
        else:
            applies = (
                effect.who == "you"
                and source.id != obj.id
                and source.controller == obj.controller
                and is_creature
            )
        if applies:
            changes.append(
                (source.timestamp, source.card.name, effect.power * scale, effect.toughness * scale)
            )
    return changes


def add_until_end_of_turn(state: GameState, target: int, power: int, toughness: int, source: str) -> None:
    """Adds a P/T change that lasts until the cleanup step."""
    state.effects.append(ContinuousEffect(target, power, toughness, state.tick(), source))
