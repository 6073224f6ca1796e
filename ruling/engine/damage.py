"""Damage replacement and prevention: what a damage event becomes before the batch applies it.

Protection, prevention shields and the static replacements of permanents (doubling, redirection) are
offered to each damage event, each at most once, in the order the affected player chooses (ru 419.6-419.8,
ja 419.6-419.9, sr D20). A rule-changing prevention effect (Fog) prevents the damage outright. When a shield
can't stop all the damage several sources deal one recipient at once, that player chooses which damage it
meets first (ja 419.7b, sr D20.72; ru 419.7b gives nobody the choice).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ruling.engine.control import controller_of
from ruling.engine.decisions import Decision
from ruling.engine.replacements import damage_replacements, redirected_to
from ruling.engine.state import Zone
from ruling.engine.targets import Target, describe

if TYPE_CHECKING:
    from ruling.engine.events import Damage
    from ruling.engine.game import Game

PROTECTION = "protection from "


def affected_player(game: Game, recipient: Target) -> int:
    """Returns the player who orders the effects on an event: the player, or the permanent's controller."""
    kind, ident = recipient
    return ident if kind == "player" else controller_of(game.state, game.state.obj(ident))


def in_order(game: Game, recipient: Target, labels: list[str]) -> list[str]:
    """Returns the labels of the effects applying to one event, ordered by the affected player."""
    remaining = list(labels)
    ordered: list[str] = []
    while len(set(remaining)) > 1:
        options = tuple(dict.fromkeys(remaining))
        player = affected_player(game, recipient)
        chosen = game.ask(Decision("replacement", player, options=options), options[0])
        pick = chosen if chosen in options else options[0]
        assert isinstance(pick, str)
        game.log("order", game.cite("replacement_order"), player=game.player_name(player), card=pick)
        ordered.append(pick)
        remaining.remove(pick)
    return ordered + remaining


def replace_damage(game: Game, events: list[Damage]) -> list[Damage]:
    """Returns the damage events of one batch as the replacement and prevention effects leave them, in the
    order they were offered (a shield's choice of damage included); prevented damage is left out."""
    waiting = [e for e in events if e.amount > 0]
    done: list[Damage] = []
    while waiting:
        pick = _next_damage(game, waiting)
        waiting.remove(pick)
        final = _replace_one(game, pick)
        if final is not None:
            done.append(final)
    return done


def _replace_one(game: Game, event: Damage) -> Damage | None:
    """Offers one damage event to every effect that applies to it, once each, in the affected player's
    order; returns what is left of it (None: all prevented)."""
    state = game.state
    kind, ident = event.recipient
    amount = event.amount
    if amount <= 0:
        return None
    if kind == "obj" and (ident not in state.objects or state.obj(ident).zone is not Zone.IN_PLAY):
        return None
    name = describe(game, event.recipient)
    if _prevented_by_rule(game, event.source, event.combat):
        return None
    protections = [
        f"{PROTECTION}{c}" for c in event.colors if kind == "obj" and _protected_from(game, ident, c)
    ]
    labels = protections[:1]
    shields = [s for s in state.shields if s.kind == "prevent" and s.recipient == event.recipient]
    labels += [s.source for s in shields]
    statics = damage_replacements(game, event.source, event.recipient, event.used)
    labels += [label for label, _, _ in statics]
    used = event.used
    for label in in_order(game, event.recipient, labels):
        if amount <= 0:
            break
        found = next((entry for entry in statics if entry[0] == label), None)
        if found is not None:
            statics.remove(found)
            _, holder, effect = found
            used = used | {holder.id}
            if effect.kind == "double_damage":
                amount *= 2
                rules_once = game.cite("replacement_once")
                game.log("replace", rules_once, card=label, other=f"{amount} damage to {name}")
                continue
            target = redirected_to(game, holder)
            if target is not None:
                cited = game.profile.cite_if("redirect") or game.cite("replacement")
                game.log("replace", cited, card=label, other=f"{amount} damage to {describe(game, target)}")
                return _replace_one(game, replace(event, recipient=target, amount=amount, used=used))
            continue
        if label.startswith(PROTECTION):
            game.log("prevent", game.cite("damage_protection"), card=event.source_name, other=name)
            return None
        shield = next(s for s in shields if s.source == label and s.amount > 0)
        absorbed = min(shield.amount, amount)
        shield.amount -= absorbed
        amount -= absorbed
        game.log(
            "shield",
            game.cite("prevent_shield"),
            card=event.source_name,
            other=name,
            amount=absorbed,
            mana=label,
        )
        if not shield.amount:
            state.shields.remove(shield)
            shields.remove(shield)
    if amount <= 0:
        return None
    return replace(event, amount=amount, used=used)


def _prevented_by_rule(game: Game, source: int | None, combat: bool) -> bool:
    """Tells whether a rule-changing prevention effect prevents this damage (logging it): all combat
    damage, or all damage a creature would deal."""
    state = game.state
    origin = state.objects.get(source) if source is not None else None
    for effect in state.prevent_all:
        by_creature = origin is not None and game.chars(origin).is_creature
        if (effect.creatures and by_creature) or (not effect.creatures and combat):
            name = game.name(source) if source is not None else "?"
            game.log("prevent", game.cite("prevent_all"), card=name, other=f"everything ({effect.source})")
            return True
    return False


def _protected_from(game: Game, obj_id: int, color: str) -> bool:
    return color in game.chars(game.state.obj(obj_id)).protections()


def _next_damage(game: Game, waiting: list[Damage]) -> Damage:
    """Returns the next damage to offer the effects: the first in assignment order, unless its recipient's
    player chooses which damage a shield that can't stop it all applies to first."""
    first = waiting[0]
    recipient = first.recipient
    same = [e for e in waiting if e.recipient == recipient]
    shield = sum(s.amount for s in game.state.shields if s.kind == "prevent" and s.recipient == recipient)
    if "shield_choice" not in game.profile.rules or not shield or len(same) < 2:
        return first
    if shield >= sum(e.amount for e in same):
        return first
    player = affected_player(game, recipient)
    options = tuple(e.source for e in same if e.source is not None)
    chosen = game.ask(Decision("shield", player, options=options), options[0])
    state = game.state
    pick = next(
        (
            e
            for e in same
            if isinstance(chosen, int)
            and e.source is not None
            and state.current(e.source) == state.current(chosen)
        ),
        None,
    )
    if pick is None:
        raise game.refuse(
            f"{describe(game, recipient)}'s shield must be applied to damage one of the sources dealing it "
            f"damage now: {', '.join(e.source_name for e in same)}",
            "shield_choice",
        )
    game.log(
        "shield_order", game.cite("shield_choice"), player=game.player_name(player), card=pick.source_name
    )
    return pick
