"""Damage replacement and prevention: what a damage event becomes before the batch applies it.

Protection, prevention shields and the static replacements of permanents (doubling, redirection) are
offered to each damage event, each at most once, in the order the affected player chooses (ru 419.6-419.8,
ja 419.6-419.9, sr D20). An effect preventing all damage of a kind (Fog, "prevent all damage that would be
dealt to it") prevents the damage outright, under a limited range of influence only within its controller's
range (sr F2.122). When a shield can't stop all the damage several sources deal one recipient at once,
that player chooses which damage it meets first (ja 419.7b, sr D20.72; ru 419.7b gives nobody the choice).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ruling.engine.control import controller_of
from ruling.engine.decisions import Decision
from ruling.engine.influence import prevention_reaches, redirect_reaches
from ruling.engine.layers import statics
from ruling.engine.replacements import damage_replacements, redirect_rules, redirected_to
from ruling.engine.state import Shield, Zone
from ruling.engine.targets import Target, describe

if TYPE_CHECKING:
    from ruling.engine.cards import Effect
    from ruling.engine.events import Damage
    from ruling.engine.game import Game
    from ruling.engine.state import GameObject

PROTECTION = "protection from "
SHIELDS = ("prevent", "redirect")
"""The shields a damage event meets: preventing or redirecting the next N damage."""


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
        done += _replace_one(game, pick)
    return done


def _replace_one(game: Game, event: Damage) -> list[Damage]:
    """Offers one damage event to every effect that applies to it, once each, in the affected player's
    order; returns what is left of it: nothing when all is prevented, and the part a redirection shield
    sent elsewhere as an event of its own."""
    state = game.state
    kind, ident = event.recipient
    amount = event.amount
    if amount <= 0:
        return []
    if kind == "obj" and (ident not in state.objects or state.obj(ident).zone is not Zone.IN_PLAY):
        return []
    name = describe(game, event.recipient)
    in_force = statics(state)
    if _prevented_outright(game, event, name, in_force):
        return []
    protections = [
        f"{PROTECTION}{c}" for c in event.colors if kind == "obj" and _protected_from(game, ident, c)
    ]
    labels = protections[:1]
    shields = [s for s in state.shields if s.kind in SHIELDS and s.recipient == event.recipient]
    labels += [s.source for s in shields]
    sent: list[Damage] = []
    replacing = damage_replacements(game, event.source, event.recipient, event.used, in_force)
    labels += [label for label, _, _ in replacing]
    used = event.used
    for label in in_order(game, event.recipient, labels):
        if amount <= 0:
            break
        found = next((entry for entry in replacing if entry[0] == label), None)
        if found is not None:
            replacing.remove(found)
            _, holder, effect = found
            used = used | {holder.id}
            if effect.kind == "double_damage":
                amount *= 2
                rules_once = game.cite("replacement_once")
                game.log("replace", rules_once, card=label, other=f"{amount} damage to {name}")
                continue
            target = redirected_to(game, holder)
            if target is not None:
                return sent + _redirect(
                    game, replace(event, recipient=target, amount=amount, used=used), label
                )
            continue
        if label.startswith(PROTECTION):
            game.log("prevent", game.cite("damage_protection"), card=event.source_name, other=name)
            return sent
        shield = next((s for s in shields if s.source == label and s.amount > 0), None)
        if shield is None:
            continue  # used up meanwhile by damage a redirection sent back to this recipient
        absorbed = min(shield.amount, amount)
        if shield.kind == "redirect" and not _redirectable(game, shield):
            continue
        shield.amount -= absorbed
        amount -= absorbed
        if shield.kind == "redirect" and shield.to is not None:
            sent += _redirect(game, replace(event, recipient=shield.to, amount=absorbed, used=used), label)
        else:
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
        return sent
    return [replace(event, amount=amount, used=used), *sent]


def _redirectable(game: Game, shield: Shield) -> bool:
    """Tells whether a redirection shield can move damage now: both creatures are still creatures in play
    (ja 419.6c, sr D20.63); otherwise it does nothing and the damage stays where it was going."""
    for kind, ident in (shield.recipient, shield.to or shield.recipient):
        if kind != "obj":
            continue
        obj = game.state.objects.get(ident)
        if obj is None or obj.zone is not Zone.IN_PLAY or not game.chars(obj).is_creature:
            return False
    return True


def _redirect(game: Game, moved: Damage, label: str) -> list[Damage]:
    """Sends the damage a redirection effect (label) moves to its new recipient, as an event offered to the
    effects again; under a limited range of influence damage its source's controller can't reach does
    nothing (sr F2.121)."""
    cited = redirect_rules(game)
    recipient = describe(game, moved.recipient)
    game.log("replace", cited, card=label, other=f"{moved.amount} damage to {recipient}")
    if not redirect_reaches(game, moved, recipient):
        return []
    return _replace_one(game, moved)


@dataclass(frozen=True, slots=True)
class Prevention:
    """An effect preventing all damage of a kind: what it names (the source, the recipient, or neither:
    all combat damage), and who controls it, whose range of influence limits it (sr F2.122)."""

    label: str
    controller: int
    source_named: bool
    recipient_named: bool
    rules: tuple[str, ...] = ()
    """The rules besides the prevention's own that let it apply (a source not in play, ja 419.8c)."""


def _preventions(game: Game, event: Damage, in_force: list[tuple[GameObject, Effect]]) -> list[Prevention]:
    """Returns the effects preventing all damage of a kind that this damage is of: rule-changing ones (all
    combat damage; all damage creatures would deal) and static abilities of permanents in force (all
    damage creatures would deal; all damage that would be dealt to it)."""
    state = game.state
    held = [(holder, effect) for holder, effect in in_force if effect.kind == "prevent_all"]
    if not (state.prevent_all or held):
        return []
    origin = state.objects.get(event.source) if event.source is not None else None
    by_creature = origin is not None and game.chars(origin).is_creature
    found = [
        Prevention(e.source, e.controller, e.creatures, False)
        for e in state.prevent_all
        if (e.creatures and by_creature) or (not e.creatures and event.combat)
    ]
    by_card = not by_creature and bool(held) and _creature_card(game, event.source)
    card_rules = game.profile.cite_if("prevent_by_card") if by_card else ()
    for holder, effect in held:
        to_it = effect.who == "self"
        if to_it and event.recipient == ("obj", holder.id):
            found.append(Prevention(game.name(holder.id), game.controller(holder), False, True))
        elif not to_it and (by_creature or card_rules):
            found.append(Prevention(game.name(holder.id), game.controller(holder), True, False, card_rules))
    return found


def _creature_card(game: Game, source: int | None) -> bool:
    """Tells whether a source that is no longer in play is a creature card where it is now."""
    if source is None:
        return False
    now = game.state.objects.get(game.state.current(source))
    return now is not None and now.zone is not Zone.IN_PLAY and "creature" in now.card.types


def _prevented_outright(
    game: Game, event: Damage, recipient_name: str, in_force: list[tuple[GameObject, Effect]]
) -> bool:
    """Tells whether an effect preventing all damage of a kind prevents this damage (logging it), within
    its controller's range of influence (sr F2.122)."""
    for prevention in _preventions(game, event, in_force):
        if prevention_reaches(game, prevention, event, recipient_name):
            label = f"{recipient_name} ({prevention.label})"
            rules = game.cite("prevent_all") + prevention.rules
            game.log("prevent", rules, card=event.source_name, other=label)
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
