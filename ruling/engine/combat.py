"""Combat: attack and block declarations with every restriction of the era, and the triggers they cause."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.cards import Effect
from ruling.engine.state import Combat, Zone
from ruling.engine.triggers import add_keyword_trigger, collect_object_triggers

if TYPE_CHECKING:
    from ruling.engine.effects import Characteristics
    from ruling.engine.game import Game


def can_attack(game: Game, obj_id: int) -> str | None:
    """Returns the rule key that forbids obj_id to attack, or None."""
    state = game.state
    obj = state.obj(obj_id)
    chars = game.chars(obj)
    if obj.controller != state.active or not chars.is_creature or obj.tapped:
        return "attack"
    if game.profile.walls_cannot_attack and "Wall" in chars.subtypes:
        return "attack"
    if not obj.controlled_since_turn_start and not chars.has("haste"):
        return "attack"
    return None


def declare_attackers(game: Game, attackers: tuple[int, ...]) -> None:
    """Validates the whole declaration first (an illegal one is refused whole), then taps the attackers."""
    state = game.state
    if len(set(attackers)) != len(attackers):
        raise game.refuse("a creature is declared as an attacker twice", "attack")
    for obj_id in attackers:
        in_play = obj_id in state.objects and state.obj(obj_id).zone is Zone.IN_PLAY
        key = can_attack(game, obj_id) if in_play else "attack"
        if key is not None:
            raise game.refuse(f"{game.name(obj_id)} can't attack", key)
    combat = state.combat or Combat()
    state.combat = combat
    for obj_id in attackers:
        obj = state.obj(obj_id)
        if not game.chars(obj).has("vigilance"):
            obj.tapped = True
        combat.attackers.append(obj_id)
        combat.controllers[obj_id] = obj.controller
        game.log("attack", game.cite("attack"), player=game.player_name(obj.controller), card=obj.card.name)
        collect_object_triggers(game, obj, "attacks")


def block_problem(game: Game, blocker: Characteristics, attacker: Characteristics) -> str | None:
    """Returns the rule key of the evasion or restriction that forbids this block, or None."""
    defender = game.state.opponent(game.state.active)
    if attacker.has("flying") and not blocker.has("flying"):
        return "flying"
    if attacker.has("shadow") != blocker.has("shadow"):
        return "shadow"
    if attacker.has("horsemanship") and not blocker.has("horsemanship"):
        return "horsemanship"
    if attacker.has("fear") and not ("B" in blocker.colors or "artifact" in blocker.types):
        return "fear"
    if any(c in attacker.protections() for c in blocker.colors):
        return "protection"
    for land in attacker.landwalks():
        subtype = land.capitalize()
        if any(subtype in game.chars(p).subtypes for p in game.state.permanents(defender)):
            return "landwalk"
    return None


def block_options(game: Game) -> list[tuple[int, int]]:
    """Returns every (blocker, attacker) pair that is legal on its own."""
    state = game.state
    combat = state.combat
    if combat is None:
        return []
    pairs = []
    for blocker in state.permanents(state.opponent(state.active)):
        b_chars = game.chars(blocker)
        if not b_chars.is_creature or blocker.tapped:
            continue
        for attacker in combat.attackers:
            if (
                attacker in state.objects
                and block_problem(game, b_chars, game.chars(state.obj(attacker))) is None
            ):
                pairs.append((blocker.id, attacker))
    return pairs


def declare_blockers(game: Game, blocks: dict[int, list[int]]) -> None:
    """Validates the whole block, then records it and collects block, flanking and rampage triggers."""
    state = game.state
    combat = state.combat
    if combat is None:
        raise game.refuse("blockers are declared only during combat", "block")
    defender = state.opponent(state.active)
    for blocker_id, attacked in blocks.items():
        if blocker_id not in state.objects:
            raise game.refuse(f"#{blocker_id} is not in play", "block")
        blocker = state.obj(blocker_id)
        b_chars = game.chars(blocker)
        if blocker.controller != defender or not b_chars.is_creature or blocker.tapped:
            raise game.refuse(f"{blocker.card.name} can't block", "block")
        if len(attacked) > 1 and not b_chars.has("block_any_number"):
            raise game.refuse(f"{blocker.card.name} can block only one attacker", "block")
        for attacker_id in attacked:
            if attacker_id not in combat.attackers:
                raise game.refuse(f"{game.name(attacker_id)} is not attacking", "block")
            key = block_problem(game, b_chars, game.chars(state.obj(attacker_id)))
            if key is not None:
                raise game.refuse(f"{blocker.card.name} can't block {game.name(attacker_id)}", key)
    for blocker_id, attacked in blocks.items():
        for attacker_id in attacked:
            combat.blockers.setdefault(attacker_id, []).append(blocker_id)
            combat.blocked.add(attacker_id)
            combat.controllers[blocker_id] = defender
            game.log("block", game.cite("block"), card=game.name(blocker_id), other=game.name(attacker_id))
        collect_object_triggers(game, state.obj(blocker_id), "blocks")
    for attacker_id in combat.attackers:
        if attacker_id in combat.blocked:
            _blocked_triggers(game, attacker_id, combat.blockers[attacker_id])


def _blocked_triggers(game: Game, attacker_id: int, blockers: list[int]) -> None:
    state = game.state
    attacker = state.obj(attacker_id)
    chars = game.chars(attacker)
    collect_object_triggers(game, attacker, "becomes_blocked")
    for _ in range(chars.count("flanking")):
        for blocker_id in blockers:
            if not game.chars(state.obj(blocker_id)).has("flanking"):
                effect = Effect("pump", power=-1, toughness=-1)
                add_keyword_trigger(game, attacker, "flanking", effect, blocker_id, game.cite("flanking"))
    for bonus in chars.rampage():
        extra = len(blockers) - 1
        if extra > 0:
            effect = Effect("pump", power=bonus * extra, toughness=bonus * extra)
            add_keyword_trigger(game, attacker, f"rampage {bonus}", effect, attacker_id, game.cite("rampage"))
