"""Abilities that work from a hand or a graveyard (ru 402.8-402.9, ja 402.8-402.9, sr D3.80, D3.95-D3.97).

An ability works while its permanent is in play unless its text says otherwise. One that names a zone, or
whose cost moves or shows the card itself ("discard this card", "reveal this card from your hand", "remove
this card in your graveyard from the game"), works only from that zone, for the card's owner; an effect that
returns the card from a graveyard (``return_self``) finds it only there. A triggered ability written to
trigger from a graveyard triggers only there (ruling.engine.triggers).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.cards import Ability
from ruling.engine.events import ZoneChange, perform
from ruling.engine.state import GameObject, Step, Zone
from ruling.engine.team_turns import is_active, sorcery_timing

if TYPE_CHECKING:
    from ruling.engine.game import Game

_MOVING_COSTS = ("discard", "remove")


def _key(game: Game, ability: Ability) -> str:
    """Returns the rule that ties the ability to its zone: the card moves itself from there, or its cost
    can be paid only there, or its text names the zone."""
    if ability.self_cost in _MOVING_COSTS or any(e.kind == "return_self" for e in ability.effects):
        return "moves_itself"
    if ability.self_cost == "reveal" and "cost_zone" in game.profile.rules:
        return "cost_zone"
    return "zone_activated"


def works_here(game: Game, player: int, obj: GameObject, ability: Ability) -> tuple[str, ...]:
    """Checks that the ability works from where its card is and that player may play it; returns the rules
    that let it work from a zone other than play (none for an ability of a permanent)."""
    name = game.chars(obj).name
    zone = ability.works_from
    if not zone:
        if obj.zone is not Zone.IN_PLAY:
            raise game.refuse(f"the ability of {name} works only while it is in play", "ability_zone")
        if game.controller(obj) != player:
            raise game.refuse(f"{game.player_name(player)} does not control {name}", "activate_own")
        return ()
    key = _key(game, ability)
    if obj.zone is not Zone(zone):
        raise game.refuse(f"the ability of {name} works only from its owner's {zone}, not {_where(obj)}", key)
    if obj.owner != player:
        raise game.refuse(f"{name} is not in {game.player_name(player)}'s {zone}", key)
    return tuple(dict.fromkeys(game.cite("zone_activated") + game.cite(key)))


def _where(obj: GameObject) -> str:
    return "in play" if obj.zone is Zone.IN_PLAY else f"from the {obj.zone.value}"


def check_timing(game: Game, player: int, ability: Ability) -> None:
    """Refuses an ability played when its text does not allow it ("only during your upkeep")."""
    state = game.state
    if ability.only == "your_upkeep" and not (state.step is Step.UPKEEP and is_active(state, player)):
        raise game.refuse("the ability can be played only during its controller's upkeep", "play")
    if ability.only == "sorcery" and not sorcery_timing(state, player):
        raise game.refuse(
            "the ability can be played only when its controller could play a sorcery", "sorcery_ability"
        )
    if ability.only == "your_creature_spell" and not any(
        item.kind == "spell"
        and item.controller == player
        and item.source in state.objects
        and game.chars(state.obj(item.source)).is_creature
        for item in state.stack
    ):
        raise game.refuse(
            "the ability can be played only while a creature spell of its player is on the stack", "play"
        )


def pay_with_card(game: Game, player: int, obj_id: int, ability: Ability) -> int:
    """Pays the part of the cost made with the card itself; returns the card's id after paying."""
    if not ability.self_cost:
        return obj_id
    name, who = game.name(obj_id), game.player_name(player)
    if ability.self_cost == "reveal":
        game.log("cost_reveal", game.cite(_key(game, ability)), player=who, card=name)
        return obj_id
    discard = ability.self_cost == "discard"
    game.log("discard" if discard else "cost_remove", game.cite("moves_itself"), player=who, card=name)
    moved = perform(game, [ZoneChange(obj_id, Zone.GRAVEYARD if discard else Zone.REMOVED)]).happened[0].new
    return moved.id if moved is not None else obj_id


def in_graveyard(game: Game, source: int) -> int | None:
    """Returns the card an ability refers to in a graveyard: its source if it is there (an ability of the
    graveyard card), or the card its source became on being put there (a "when this is put into a
    graveyard" ability, sr D3.97); None if the card has left it since."""
    state = game.state
    card = source if source in state.objects else state.successor.get(source)
    if card is None or card not in state.objects or state.obj(card).zone is not Zone.GRAVEYARD:
        return None
    return card


def return_self(game: Game, source: int, label: str, to: str, host: int | None = None) -> None:
    """Returns the card from the graveyard to play (under its owner's control; an aura attached to host) or
    to its owner's hand."""
    card = in_graveyard(game, source)
    if card is None:
        game.log("return_gone", game.cite("moves_itself"), card=label)
        return
    owner = game.state.obj(card).owner
    if host is None:
        game.log(f"return_{to}", game.cite("moves_itself"), card=game.name(card))
    else:
        rules = game.cite("moves_itself") + game.profile.cite_if("aura_follows")
        game.log("return_attached", rules, card=game.name(card), other=game.name(host))
    zone = Zone.IN_PLAY if to == "play" else Zone.HAND
    controller = owner if zone is Zone.IN_PLAY else None
    perform(game, [ZoneChange(card, zone, controller=controller, attach_to=host)])
