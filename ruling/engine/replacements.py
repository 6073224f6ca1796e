"""Replacement effects of static abilities on zone changes ("instead", "comes into play tapped").

Each effect applies at most once to an event; when several apply, the controller of the object the event
affects chooses the one applied first, and the others are offered again to the modified event
(ru 419.8a, ja 419.9a, sr D20.91). An effect names what it modifies and why in the trace.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ruling.engine.cards import Effect
from ruling.engine.decisions import Decision
from ruling.engine.keyword_costs import keyword_destination
from ruling.engine.layers import copiable, statics
from ruling.engine.seats import opponents
from ruling.engine.state import GameObject, GameState, Zone

if TYPE_CHECKING:
    from ruling.engine.events import TokenCreation, ZoneChange
    from ruling.engine.game import Game


def _covers(game: Game, source: GameObject, effect: Effect, obj: GameObject, controller: int) -> bool:
    """Tells whether a static replacement of source speaks of obj, controlled by controller."""
    allowed = {
        "self": source.id == obj.id,
        "you": controller == game.controller(source),
        "opponent": controller in opponents(game.state, game.controller(source)),
    }
    return allowed.get(effect.who, True) and (not effect.what or effect.what in game.chars(obj).types)


def _entering_statics(
    state: GameState, obj: GameObject, copy_of: int | None = None
) -> list[tuple[GameObject, Effect]]:
    """Returns the static replacements a card that is coming into play has for itself ("comes into play
    tapped", "as … comes into play, it becomes a copy": ja 419.1b, sr D20.12); one coming into play as a
    copy has those of what it copies (ja 503.5, sr E4.40)."""
    kinds = ("enters_tapped", "enters_as_copy")
    copied = state.objects.get(copy_of) if copy_of is not None else None
    card = copiable(state, copied if copied is not None else obj)
    return [(obj, e) for e in card.static if e.kind in kinds and e.who == "self"]


def _entering_label(game: Game, obj: GameObject, copy_of: int | None) -> str:
    """Names the permanent's own entering replacements: by the card it copies when it comes into play as
    a copy (so "comes into play as a copy" and the copied "comes into play tapped" are two effects)."""
    copied = game.state.objects.get(copy_of) if copy_of is not None else None
    return copiable(game.state, copied).name if copied is not None else game.name(obj.id)


def _applicable(game: Game, event: ZoneChange) -> list[tuple[str, GameObject, Effect]]:
    """Returns the replacement effects that apply to a zone change and have not yet modified it."""
    state = game.state
    obj = state.objects.get(event.obj)
    if obj is None:
        return []
    found: list[tuple[str, GameObject, Effect]] = []
    controller = game.controller(obj) if event.controller is None else event.controller
    sources = statics(state)
    own = len(sources)
    if event.to is Zone.IN_PLAY and obj.zone is not Zone.IN_PLAY:
        sources += _entering_statics(state, obj, event.copy_of)
    for index, (source, effect) in enumerate(sources):
        label = _entering_label(game, obj, event.copy_of) if index >= own else game.name(source.id)
        if label in event.replaced_by or not _covers(game, source, effect, obj, controller):
            continue
        entering = event.to is Zone.IN_PLAY and (
            (effect.kind == "enters_tapped" and not event.tapped)
            or (effect.kind == "enters_as_copy" and source.id == obj.id and obj.zone is not Zone.IN_PLAY)
        )
        dying = effect.kind == "graveyard_instead" and event.to is Zone.GRAVEYARD and obj.zone is Zone.IN_PLAY
        if entering or dying:
            found.append((label, source, effect))
    return found


def replace_token(game: Game, event: TokenCreation) -> TokenCreation:
    """Returns a token creation with the "comes into play tapped" effects of other permanents applied
    (a token comes into play like any permanent: ja 419.1c, sr D20.13)."""
    for source, effect in statics(game.state):
        if effect.kind != "enters_tapped" or effect.who == "self" or event.tapped:
            continue
        allowed = {
            "you": event.controller == game.controller(source),
            "opponent": event.controller in opponents(game.state, game.controller(source)),
        }
        if allowed.get(effect.who, True) and (not effect.what or effect.what in event.card.types):
            label = game.name(source.id)
            event = replace(event, tapped=True, replaced_by=(*event.replaced_by, label))
            rules = game.profile.cite_if("enters_replacement") or game.cite("replacement")
            game.log("tapped_entry", rules, card=event.card.name, other=label)
    return event


def replace_zone_change(game: Game, event: ZoneChange) -> list[ZoneChange]:
    """Returns the zone change as the replacement effects that apply to it have modified it."""
    if (to := keyword_destination(game, event)) is not event.to:
        event = replace(event, to=to)
    while True:
        options = _applicable(game, event)
        if not options:
            return [event]
        pick = options[0]
        if len(options) > 1:
            labels = tuple(label for label, _, _ in options)
            obj = game.state.obj(event.obj)
            player = game.controller(obj) if event.controller is None else event.controller
            chosen = game.ask(Decision("replacement", player, options=labels), labels[0])
            pick = next((o for o in options if o[0] == chosen), options[0])
            game.log("order", game.cite("replacement_order"), player=game.player_name(player), card=pick[0])
        label, _, effect = pick
        name = game.name(event.obj)
        if effect.kind == "enters_as_copy":
            chosen = _copy_choice(game, event, effect)
            event = replace(event, copy_of=chosen, replaced_by=(*event.replaced_by, label))
        elif effect.kind == "enters_tapped":
            event = replace(event, tapped=True, replaced_by=(*event.replaced_by, label))
            rules = game.profile.cite_if("enters_replacement") or game.cite("replacement")
            game.log("tapped_entry", rules, card=name, other=label)
        else:
            zone = Zone(effect.zone or "removed")
            shuffle = zone is Zone.LIBRARY
            event = replace(event, to=zone, shuffle=shuffle, replaced_by=(*event.replaced_by, label))
            game.log("replace", game.cite("replacement"), card=label, other=f"{name} goes to {zone} instead")


def _copy_choice(game: Game, event: ZoneChange, effect: Effect) -> int | None:
    """Asks the player the permanent comes into play under which permanent of the effect's type it copies
    (none when there is none; it then comes into play as itself)."""
    state = game.state
    obj = state.obj(event.obj)
    player = game.controller(obj) if event.controller is None else event.controller
    options = tuple(o.id for o in state.permanents() if not effect.what or effect.what in game.chars(o).types)
    if not options:
        return None
    chosen = game.ask(Decision("copy", player, options=options, forced=len(options) == 1), options[0])
    if chosen not in options or not isinstance(chosen, int):
        wanted = effect.what or "permanent"
        raise game.refuse(f"{game.name(obj.id)} can copy only a {wanted} in play", "replacement")
    return chosen


def damage_replacements(
    game: Game,
    source: int | None,
    recipient: tuple[str, int],
    used: frozenset[int],
    in_force: list[tuple[GameObject, Effect]],
) -> list[tuple[str, GameObject, Effect]]:
    """Returns the static effects in force that would change damage from source to recipient and have not
    yet changed this event: doubling ("it deals double that damage instead", ru 419.6a) and redirection
    ("damage that would be dealt to you is dealt to enchanted creature instead", ja 419.6c, sr D20.63)."""
    state = game.state
    origin = state.objects.get(source) if source is not None else None
    found: list[tuple[str, GameObject, Effect]] = []
    for holder, effect in in_force:
        label = game.name(holder.id)
        if holder.id in used:
            continue
        if effect.kind == "double_damage" and origin is not None:
            mine = effect.who != "you" or game.controller(origin) == game.controller(holder)
            if mine and (not effect.what or effect.what in game.chars(origin).types):
                found.append((label, holder, effect))
        elif effect.kind == "redirect_damage" and recipient == ("player", game.controller(holder)):
            found.append((label, holder, effect))
    return found


def redirect_rules(game: Game) -> tuple[str, ...]:
    """Returns the rule a redirection effect cites: the document's own, or its replacement rule (the 1999
    rules have none of their own)."""
    return game.profile.cite_if("redirect") or game.cite("replacement")


def redirected_to(game: Game, holder: GameObject) -> tuple[str, int] | None:
    """Returns the creature a redirection sends the damage to: the one its holder enchants, if it is still
    a creature in play (otherwise the effect does nothing, ja 419.6c)."""
    host = game.state.objects.get(holder.attached_to) if holder.attached_to is not None else None
    if host is None or host.zone is not Zone.IN_PLAY or not game.chars(host).is_creature:
        return None
    return ("obj", host.id)
