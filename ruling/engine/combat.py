"""Combat: attack and block declarations with every restriction of the era, and the triggers they cause."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.attack_options import check_attack, landwalk_players, may_block
from ruling.engine.banding import form_bands, spread_band_blocks
from ruling.engine.cards import Effect, EffectKind, TriggerKind, rampage_effect
from ruling.engine.combat_triggers import enchanted_triggers, watch_attackers, watch_blocks
from ruling.engine.events import TapChange, perform
from ruling.engine.provoke import provoke_triggers
from ruling.engine.requirements import check_attack as check_requirements
from ruling.engine.requirements import check_blocks, log_obeyed, log_restrictions
from ruling.engine.seats import default_defender, defender_of, defending_players, opponents
from ruling.engine.state import Combat, Zone
from ruling.engine.team_turns import is_active
from ruling.engine.triggers import add_keyword_trigger, collect_object_triggers

if TYPE_CHECKING:
    from ruling.engine.game import Game
    from ruling.engine.layers import Characteristics


def can_attack(game: Game, obj_id: int, chars: Characteristics | None = None) -> str | None:
    """Returns the rule key that forbids obj_id to attack, or None; chars are its characteristics when
    already computed."""
    state = game.state
    obj = state.obj(obj_id)
    chars = game.chars(obj) if chars is None else chars
    if not is_active(state, game.controller(obj)) or not chars.is_creature or obj.tapped:
        return "attack"
    if game.profile.walls_cannot_attack and "Wall" in chars.subtypes:
        return "attack"
    if not obj.controlled_since_turn_start and not chars.has("haste"):
        return "attack"
    return None


def declare_attackers(
    game: Game, attackers: tuple[int, ...], defenders: dict[int, int] | None = None
) -> None:
    """Validates the whole declaration first (an illegal one is refused whole), then taps the attackers;
    defenders names the player each attacks when it is not the next opponent (sr F4.30)."""
    state = game.state
    if len(set(attackers)) != len(attackers):
        raise game.refuse("a creature is declared as an attacker twice", "attack")
    for player in (defenders or {}).values():
        if player not in opponents(state, state.active):
            who = game.player_name(player)
            rule = "multiplayer_attack" if "multiplayer_attack" in game.profile.rules else "attack"
            raise game.refuse(f"{who} is not an opponent who can be attacked", rule)
    defenders = check_attack(game, attackers, defenders or {})
    for obj_id in attackers:
        in_play = obj_id in state.objects and state.obj(obj_id).zone is Zone.IN_PLAY
        key = can_attack(game, obj_id) if in_play else "attack"
        if key is not None:
            raise game.refuse(f"{game.name(obj_id)} can't attack", key)
    obeyed = check_requirements(game, attackers, defenders)
    bands = form_bands(game, attackers)
    combat = state.combat or Combat()
    state.combat = combat
    combat.bands = bands
    tapping = [a for a in attackers if not game.chars(state.obj(a)).has("vigilance")]
    perform(game, [TapChange(obj_id, True) for obj_id in tapping])
    for obj_id in attackers:
        obj = state.obj(obj_id)
        combat.attackers.append(obj_id)
        combat.controllers[obj_id] = game.controller(obj)
        if defenders and obj_id in defenders:
            combat.defenders[obj_id] = defenders[obj_id]
        game.log(
            "attack",
            game.cite("attack"),
            player=game.player_name(game.controller(obj)),
            card=game.name(obj_id),
        )
        collect_object_triggers(game, obj, "attacks")
        enchanted_triggers(game, obj, TriggerKind.ATTACKS)
        provoke_triggers(game, obj)
    log_obeyed(game, obeyed)
    log_restrictions(game, attackers, {})
    watch_attackers(game, list(attackers))


def block_problem(
    game: Game, blocker: Characteristics, attacker: Characteristics, defender: int | None = None
) -> str | None:
    """Returns the rule key of the evasion or restriction that forbids this block, or None; landwalk looks
    at the lands of the player attacked (default: the active player's next opponent)."""
    defender = default_defender(game.state) if defender is None else defender
    if attacker.has("unblockable"):
        return "block_restriction"
    if attacker.has("flying") and not blocker.has("flying"):
        return "flying"
    if attacker.has("shadow") != blocker.has("shadow"):
        return "shadow"
    if attacker.has("horsemanship") and not blocker.has("horsemanship"):
        return "horsemanship"
    if attacker.has("fear") and not ("B" in blocker.colors or "artifact" in blocker.types):
        return "fear"
    if attacker.protected_from(blocker.colors):
        return "protection"
    for land in attacker.landwalks():
        subtype = land.capitalize()
        for player in landwalk_players(game.state, defender):
            if any(subtype in game.chars(p).subtypes for p in game.state.permanents(player)):
                return "landwalk"
    return None


def block_options(game: Game, defender: int | None = None) -> list[tuple[int, int]]:
    """Returns every (blocker, attacker) pair that is legal on its own: a defending player's creature and a
    creature attacking that player (sr F4.41); defender limits them to one defending player."""
    state = game.state
    combat = state.combat
    if combat is None:
        return []
    pairs = []
    for player in defending_players(state) if defender is None else [defender]:
        for blocker in state.permanents(player):
            b_chars = game.chars(blocker)
            if not b_chars.is_creature or blocker.tapped:
                continue
            for attacker in combat.attackers:
                if attacker not in state.objects or not may_block(
                    state, player, attacker, defender_of(state, attacker)
                ):
                    continue
                if block_problem(game, b_chars, game.chars(state.obj(attacker)), player) is None:
                    pairs.append((blocker.id, attacker))
    return pairs


def declare_blockers(game: Game, blocks: dict[int, list[int]], defender: int | None = None) -> None:
    """Validates one defending player's whole block, then records it; with last (the default) it then
    collects the becomes-blocked, flanking and rampage triggers of every attacker."""
    state = game.state
    combat = state.combat
    if combat is None:
        raise game.refuse("blockers are declared only during combat", "block")
    last = defender is None
    defender = default_defender(state) if defender is None else defender
    for blocker_id, attacked in blocks.items():
        if blocker_id not in state.objects:
            raise game.refuse(f"#{blocker_id} is not in play", "block")
        blocker = state.obj(blocker_id)
        b_chars = game.chars(blocker)
        if game.controller(blocker) != defender or not b_chars.is_creature or blocker.tapped:
            raise game.refuse(f"{b_chars.name} can't block", "blocker")
        if len(attacked) > 1 and not b_chars.has("block_any_number"):
            raise game.refuse(f"{b_chars.name} can block only one attacker", "block")
        for attacker_id in attacked:
            if attacker_id not in combat.attackers or not may_block(
                state, defender, attacker_id, defender_of(state, attacker_id)
            ):
                raise game.refuse(
                    f"{game.name(attacker_id)} is not attacking {game.player_name(defender)}", "block"
                )
            key = block_problem(game, b_chars, game.chars(state.obj(attacker_id)), defender)
            if key is not None:
                raise game.refuse(f"{b_chars.name} can't block {game.name(attacker_id)}", key)
    obeyed = check_blocks(game, blocks, defender)
    for blocker_id, attacked in blocks.items():
        for attacker_id in attacked:
            combat.blockers.setdefault(attacker_id, []).append(blocker_id)
            combat.blocked.add(attacker_id)
            combat.controllers[blocker_id] = defender
            game.log("block", game.cite("block"), card=game.name(blocker_id), other=game.name(attacker_id))
        collect_object_triggers(game, state.obj(blocker_id), "blocks")
        enchanted_triggers(game, state.obj(blocker_id), TriggerKind.BLOCKS)
    log_obeyed(game, obeyed)
    log_restrictions(game, (), blocks)
    watch_blocks(game, blocks)
    if last:
        blocked_triggers(game)


def blocked_triggers(game: Game) -> None:
    """Collects the becomes-blocked, flanking and rampage triggers of every blocked attacker, once every
    defending player has declared blockers."""
    combat = game.state.combat
    if combat is None:
        return
    spread_band_blocks(game, combat)
    for attacker_id in combat.attackers:
        if attacker_id in combat.blocked:
            _blocked_triggers(game, attacker_id, combat.blockers[attacker_id])


def _blocked_triggers(game: Game, attacker_id: int, blockers: list[int]) -> None:
    state = game.state
    attacker = state.obj(attacker_id)
    chars = game.chars(attacker)
    collect_object_triggers(game, attacker, "becomes_blocked")
    enchanted_triggers(game, attacker, TriggerKind.BECOMES_BLOCKED)
    for _ in range(chars.count("flanking")):
        for blocker_id in blockers:
            if not game.chars(state.obj(blocker_id)).has("flanking"):
                effect = Effect(EffectKind.PUMP, power=-1, toughness=-1)
                add_keyword_trigger(game, attacker, "flanking", effect, blocker_id, game.cite("flanking"))
    for bonus in chars.rampage():
        effect = rampage_effect(bonus)
        add_keyword_trigger(game, attacker, f"rampage {bonus}", effect, attacker_id, game.cite("rampage"))
