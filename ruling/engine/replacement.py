"""Replacement and prevention effects, offered before an event applies (ru 419.6-419.8, ja 419.6-419.9,
sr D20): regeneration replaces destruction, prevention shields and protection prevent damage, and the
affected player, or the controller of the affected permanent, orders several that apply to one event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.combat_removal import remove_from_combat
from ruling.engine.decisions import Decision
from ruling.engine.events import ZoneChange, perform
from ruling.engine.replacements import damage_replacements, redirected_to
from ruling.engine.seats import change_life
from ruling.engine.state import Shield, Zone
from ruling.engine.targets import Target, describe

if TYPE_CHECKING:
    from ruling.engine.game import Game

PROTECTION = "protection from "


def add_shield(game: Game, kind: str, recipient: Target, amount: int, source: str) -> None:
    """Sets up a regeneration shield or a prevention shield of amount, until end of turn."""
    state = game.state
    state.shields.append(Shield(kind, recipient, amount, source, state.tick()))
    key = "regenerate" if kind == "regenerate" else "prevent_shield"
    game.log(f"{kind}_shield", game.cite(key), card=source, other=describe(game, recipient), amount=amount)


def _affected_player(game: Game, recipient: Target) -> int:
    kind, ident = recipient
    return ident if kind == "player" else game.state.obj(ident).controller


def _in_order(game: Game, recipient: Target, labels: list[str]) -> list[str]:
    """Returns the labels of the effects applying to one event, ordered by the affected player."""
    remaining = list(labels)
    ordered: list[str] = []
    while len(set(remaining)) > 1:
        options = tuple(dict.fromkeys(remaining))
        player = _affected_player(game, recipient)
        chosen = game.ask(Decision("replacement", player, options=options), options[0])
        pick = chosen if chosen in options else options[0]
        assert isinstance(pick, str)
        game.log("order", game.cite("replacement_order"), player=game.player_name(player), card=pick)
        ordered.append(pick)
        remaining.remove(pick)
    return ordered + remaining


def deal_damage(
    game: Game,
    source_name: str,
    colors: str,
    recipient: Target,
    amount: int,
    rules: tuple[str, ...] = (),
    source: int | None = None,
    used: frozenset[int] = frozenset(),
) -> int:
    """Deals damage after replacement and prevention effects had their say, each once and in the order the
    affected player chooses (protection, prevention shields, doubling, redirection); returns the damage
    dealt. source is the id of the source when it is known (doubling looks at who controls it)."""
    state = game.state
    kind, ident = recipient
    if amount <= 0:
        return 0
    if kind == "obj" and (ident not in state.objects or state.obj(ident).zone is not Zone.IN_PLAY):
        return 0
    name = describe(game, recipient)
    labels = [f"{PROTECTION}{c}" for c in colors if kind == "obj" and _protected_from(game, ident, c)][:1]
    shields = [s for s in state.shields if s.kind == "prevent" and s.recipient == recipient]
    labels += [s.source for s in shields]
    statics = damage_replacements(game, source, recipient, used)
    labels += [label for label, _, _ in statics]
    for label in _in_order(game, recipient, labels):
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
                return deal_damage(game, source_name, colors, target, amount, rules, source, used)
            continue
        if label.startswith(PROTECTION):
            game.log("prevent", game.cite("damage_protection"), card=source_name, other=name)
            return 0
        shield = next(s for s in shields if s.source == label and s.amount > 0)
        absorbed = min(shield.amount, amount)
        shield.amount -= absorbed
        amount -= absorbed
        game.log(
            "shield", game.cite("prevent_shield"), card=source_name, other=name, amount=absorbed, mana=label
        )
        if not shield.amount:
            state.shields.remove(shield)
            shields.remove(shield)
    if amount <= 0:
        return 0
    if kind == "player":
        change_life(state, ident, -amount)
    else:
        state.obj(ident).damage += amount
    game.log("damage", rules, card=source_name, amount=amount, other=name)
    return amount


def deal_simultaneous_damage(
    game: Game, shares: list[tuple[int, str, str, Target, int]], rules: tuple[str, ...] = ()
) -> None:
    """Deals damage from several sources at once: (source id, name, colours, recipient, amount) each, in
    assignment order. When a prevention shield can't stop all the damage a recipient is dealt at once, the
    affected player chooses which damage it applies to first (ja 419.7b, sr D20.72); a profile whose
    document gives nobody that choice (ru 419.7b counts only the amount) keeps the assignment order."""
    waiting = [share for share in shares if share[4] > 0]
    while waiting:
        pick = _next_damage(game, waiting)
        waiting.remove(pick)
        source, name, colors, recipient, amount = pick
        deal_damage(game, name, colors, recipient, amount, rules, source)


def _next_damage(
    game: Game, waiting: list[tuple[int, str, str, Target, int]]
) -> tuple[int, str, str, Target, int]:
    """Returns the next damage to deal: the first in assignment order, unless its recipient's player
    chooses which damage a shield that can't stop it all applies to first."""
    first = waiting[0]
    recipient = first[3]
    same = [share for share in waiting if share[3] == recipient]
    shield = sum(s.amount for s in game.state.shields if s.kind == "prevent" and s.recipient == recipient)
    if "shield_choice" not in game.profile.rules or not shield or len(same) < 2:
        return first
    if shield >= sum(share[4] for share in same):
        return first
    player = _affected_player(game, recipient)
    options = tuple(share[0] for share in same)
    chosen = game.ask(Decision("shield", player, options=options), options[0])
    state = game.state
    pick = next(
        (s for s in same if isinstance(chosen, int) and state.current(s[0]) == state.current(chosen)), None
    )
    if pick is None:
        raise game.refuse(
            f"{describe(game, recipient)}'s shield must be applied to damage one of the sources dealing it "
            f"damage now: {', '.join(s[1] for s in same)}",
            "shield_choice",
        )
    game.log("shield_order", game.cite("shield_choice"), player=game.player_name(player), card=pick[1])
    return pick


def put_into_graveyard(game: Game, obj_ids: list[int]) -> None:
    """Puts permanents into their owners' graveyards at once, as one event (its triggers look back)."""
    if obj_ids:
        perform(game, [ZoneChange(obj_id, Zone.GRAVEYARD) for obj_id in obj_ids])


def _protected_from(game: Game, obj_id: int, color: str) -> bool:
    return color in game.chars(game.state.obj(obj_id)).protections()


def regenerates(game: Game, obj_id: int, rules: tuple[str, ...] = ()) -> bool:
    """Uses a regeneration shield of the permanent, if it has one, instead of destroying it (ru 419.6b)."""
    state = game.state
    shield = next(
        (s for s in state.shields if s.kind == "regenerate" and s.recipient == ("obj", obj_id)), None
    )
    if shield is None:
        return False
    obj = state.obj(obj_id)
    state.shields.remove(shield)
    obj.damage = 0
    obj.tapped = True
    game.log("regenerate", rules + game.cite("regenerate"), card=game.name(obj_id))
    remove_from_combat(game, obj_id, game.cite("regenerate"))
    return True


def destroy(
    game: Game, obj_ids: list[int], rules: tuple[str, ...] = (), can_regenerate: bool = True
) -> list[int]:
    """Destroys permanents at once: a regeneration shield replaces the destruction of its permanent, and
    the others go to their owners' graveyards together; returns those that were destroyed."""
    going = []
    for obj_id in obj_ids:
        if can_regenerate and regenerates(game, obj_id, rules):
            continue
        game.log("destroy", rules, card=game.name(obj_id))
        going.append(obj_id)
    put_into_graveyard(game, going)
    return going
