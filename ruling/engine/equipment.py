"""Equipment and the equip ability (ja 212.2g-212.2k, 502.33; sr B12.26-B12.29, E3.120).

"Equip [cost]" means "[cost]: attach this Equipment to target creature you control; play this ability only
any time you could play a sorcery" (ja 502.33a, sr E3.121-E3.122). Equipment comes into play unattached and
stays in play when the equipped creature leaves; attached to an illegal or gone permanent it becomes
unattached and stays in play (ja 420.5k, sr D21.58). Its static abilities apply to the equipped creature.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine import mana
from ruling.engine.auras import new_timestamp
from ruling.engine.cards import Effect, EffectKind
from ruling.engine.keywords import uses
from ruling.engine.state import StackItem, Zone
from ruling.engine.targets import protected
from ruling.engine.team_turns import holds_priority, sorcery_timing

if TYPE_CHECKING:
    from ruling.engine.game import Game
    from ruling.engine.layers import Characteristics

EQUIPMENT = "Equipment"


def equip(game: Game, player: int, equipment: int, creature: int, cost: str | None = None) -> StackItem:
    """Activates an equip ability of an Equipment player controls, targeting a creature they control: the
    one of that cost, else the first whose cost they can pay; each instance is an ability of its own (ja
    502.33c, sr E3.124)."""
    state = game.state
    obj = state.obj(equipment)
    chars = game.chars(obj)
    found = uses(chars.keywords, "equip") if EQUIPMENT in chars.subtypes else []
    if not found or not game.profile.has_keyword("equip"):
        raise game.refuse(f"{chars.name} has no equip ability", "play")
    if obj.zone is not Zone.IN_PLAY or game.controller(obj) != player:
        raise game.refuse(f"{game.player_name(player)} does not control {chars.name}", "equip")
    if not holds_priority(state, player):
        raise game.refuse(f"{game.player_name(player)} does not have priority", "priority")
    if not sorcery_timing(state, player):
        raise game.refuse("equip is played only any time its controller could play a sorcery", "equip")
    host = state.objects.get(creature)
    if protected(game, ("obj", creature), chars.colors):
        raise game.refuse(f"{game.name(creature)} has protection from {chars.name}", "target_protection")
    if not _legal_host(game, player, equipment, creature):
        what = game.name(creature) if host is not None else "that"
        raise game.refuse(f"{what} is not a creature {game.player_name(player)} controls", "equip")
    pool = state.players[player]
    if cost is not None:
        if cost not in [use.cost for use in found]:
            raise game.refuse(f"{chars.name} has no equip ability of cost {cost}", "play")
    else:
        cost = next((use.cost for use in found if mana.can_pay(pool, use.cost)), found[0].cost)
    if not mana.can_pay(pool, cost):
        raise game.refuse(f"{game.player_name(player)} cannot pay {cost} to equip", "pay")
    rules = game.cite("equip") + (game.cite("equip_instances") if len(found) > 1 else ())
    game.loops.choice()
    game.log("activate", rules, player=game.player_name(player), card=chars.name)
    game.log("pay", game.cite("pay"), player=game.player_name(player), mana=cost or "0")
    mana.pay(pool, cost)
    label = f"equip of {chars.name}"
    effect = Effect(EffectKind.EQUIP, target="creature")
    item = StackItem(
        state.tick(),
        "ability",
        player,
        equipment,
        label,
        (effect,),
        (("obj", creature),),
        rules=game.cite("equip"),
    )
    state.stack.append(item)
    state.passes = 0
    return item


def _legal_host(game: Game, player: int, equipment: int, creature: int) -> bool:
    host = game.state.objects.get(creature)
    if (
        host is None
        or host.zone is not Zone.IN_PLAY
        or game.controller(host) != player
        or creature == equipment
    ):
        return False
    chars = game.chars(host)
    return chars.is_creature and not chars.protected_from(game.chars(game.state.obj(equipment)).colors)


def attach_equipment(game: Game, equipment: int, creature: int, controller: int) -> None:
    """Resolves an equip ability: the Equipment becomes attached to the creature if it is still a creature
    its controller controls (ja 502.33a); an Equipment that is a creature can't equip (ja 212.2i)."""
    state = game.state
    obj = state.objects.get(equipment)
    if obj is None or obj.zone is not Zone.IN_PLAY or game.chars(obj).is_creature:
        return
    if not _legal_host(game, controller, equipment, creature) or game.controller(obj) != controller:
        return
    obj.attached_to = creature
    rules = game.cite("equip") + new_timestamp(game, obj)
    game.log("attach", rules, card=game.name(equipment), other=game.name(creature))


def loose_equipment(game: Game, everything: dict[int, Characteristics]) -> list[int]:
    """Returns the Equipment attached to a permanent that is gone, no longer a creature or protected from
    one of its colours, or that is itself a creature or no longer an Equipment (a permanent attached that is
    no local enchantment): each becomes unattached and stays in play (ja 420.5k, 502.7d, sr D21.58, B12.28,
    E3.24)."""
    state = game.state
    found = []
    for obj in state.permanents():
        own = everything[obj.id]
        if obj.attached_to is None or own.enchant:
            continue
        host = state.objects.get(obj.attached_to)
        if (
            host is None
            or host.zone is not Zone.IN_PLAY
            or not everything[host.id].is_creature
            or own.is_creature
            or EQUIPMENT not in own.subtypes
            or everything[host.id].protected_from(own.colors)
        ):
            found.append(obj.id)
    return found
