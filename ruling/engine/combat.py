"""Combat: attack and block restrictions of the era, damage assignment, damage on the stack, first strike."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.cards import Effect
from ruling.engine.decisions import Decision
from ruling.engine.resolve import deal_damage
from ruling.engine.state import Combat, StackItem, Step
from ruling.engine.triggers import add_keyword_trigger, collect_object_triggers

if TYPE_CHECKING:
    from ruling.engine.effects import Characteristics
    from ruling.engine.game import Game

Recipient = tuple[str, int]


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
        if obj_id not in state.objects or (key := can_attack(game, obj_id)) is not None:
            raise game.refuse(f"{game.name(obj_id)} can't attack", key or "attack")
    combat = state.combat or Combat()
    state.combat = combat
    for obj_id in attackers:
        obj = state.obj(obj_id)
        if not game.chars(obj).has("vigilance"):
            obj.tapped = True
        combat.attackers.append(obj_id)
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
    assert combat is not None
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


def has_first_strike(chars: Characteristics) -> bool:
    return chars.has("first_strike") or chars.has("double_strike")


def combatants(game: Game) -> list[int]:
    combat = game.state.combat
    if combat is None:
        return []
    ids = [a for a in combat.attackers] + [b for bs in combat.blockers.values() for b in bs]
    return [i for i in dict.fromkeys(ids) if i in game.state.objects]


def assign_combat_damage(game: Game) -> None:
    """Assigns combat damage for this damage step and puts it on the stack as one object."""
    state = game.state
    combat = state.combat
    if combat is None:
        return
    first = state.step is Step.FIRST_STRIKE_DAMAGE
    assignments: list[tuple[int, str, int, int]] = []
    for obj_id in combatants(game):
        chars = game.chars(state.obj(obj_id))
        if first != has_first_strike(chars) and not (not first and chars.has("double_strike")):
            continue
        if not first and obj_id in combat.first_strikers_dealt and not chars.has("double_strike"):
            continue
        if first:
            combat.first_strikers_dealt.add(obj_id)
        for (kind, ident), amount in _assign_one(game, obj_id, chars):
            assignments.append((obj_id, kind, ident, amount))
    item = StackItem(state.tick(), "damage", state.active, 0, "combat damage", damage=tuple(assignments))
    state.stack.append(item)
    game.log("damage_stack", game.cite("damage_on_stack"))


def _lethal(game: Game, blocker_id: int) -> int:
    obj = game.state.obj(blocker_id)
    return max(game.chars(obj).toughness - obj.damage, 0)


def _assign_one(game: Game, obj_id: int, chars: Characteristics) -> list[tuple[Recipient, int]]:
    state = game.state
    combat = state.combat
    assert combat is not None
    power = chars.power
    if power <= 0:
        return []
    defender = state.opponent(state.active)
    if obj_id in combat.attackers:
        if obj_id not in combat.blocked:
            game.log(
                "assign",
                game.cite("assign_unblocked"),
                card=chars.name,
                amount=power,
                other=game.player_name(defender),
            )
            return [(("player", defender), power)]
        blockers = [b for b in combat.blockers.get(obj_id, []) if b in state.objects]
        trample = chars.has("trample")
        if not blockers:
            if trample:
                game.log(
                    "assign",
                    game.cite("trample_no_blockers"),
                    card=chars.name,
                    amount=power,
                    other=game.player_name(defender),
                )
                return [(("player", defender), power)]
            game.log("assign", game.cite("no_blockers_left"), card=chars.name, amount=0, other="-")
            return []
        options: list[Recipient] = [("obj", b) for b in blockers] + (
            [("player", defender)] if trample else []
        )
        default = _default_split(game, blockers, power, trample, defender)
        rules = game.cite("assign_blocked") + (game.cite("trample") if trample else ())
    else:
        attacked = [a for a, bs in combat.blockers.items() if obj_id in bs and a in state.objects]
        if not attacked:
            return []
        options = [("obj", a) for a in attacked]
        default = [(options[0], power)]
        rules = game.cite("assign_blocker")
        trample, blockers = False, []
    forced = len(options) == 1
    decision = Decision("assign", state.obj(obj_id).controller, obj_id, tuple(options), power)
    answer = default if forced else game.ask(decision, default)
    split = _validate_split(game, answer, options, power, trample, blockers, chars.name)
    for (kind, ident), amount in split:
        other = game.player_name(ident) if kind == "player" else game.name(ident)
        game.log("assign", rules, card=chars.name, amount=amount, other=other)
    return split


def _default_split(
    game: Game, blockers: list[int], power: int, trample: bool, defender: int
) -> list[tuple[Recipient, int]]:
    left = power
    split: list[tuple[Recipient, int]] = []
    for blocker in blockers:
        amount = min(_lethal(game, blocker), left)
        if amount:
            split.append((("obj", blocker), amount))
        left -= amount
    if left:
        last: Recipient = ("player", defender) if trample else ("obj", blockers[-1])
        split.append((last, left))
    return split


def _validate_split(
    game: Game,
    answer: object,
    options: list[Recipient],
    power: int,
    trample: bool,
    blockers: list[int],
    name: str,
) -> list[tuple[Recipient, int]]:
    if not isinstance(answer, list) or not answer:
        raise game.refuse(f"{name} must assign its {power} damage among {len(options)} recipients", "assign")
    total = 0
    to_player = 0
    given: dict[Recipient, int] = {}
    for recipient, amount in answer:
        if recipient not in options:
            raise game.refuse(f"{name} can't assign damage to that recipient", "assign")
        if amount < game.profile.damage_chunk:
            raise game.refuse(
                f"{name}: each share of divided damage must be at least {game.profile.damage_chunk}",
                "damage_chunk" if game.profile.damage_chunk > 1 else "assign",
            )
        given[recipient] = given.get(recipient, 0) + amount
        total += amount
        to_player += amount if recipient[0] == "player" else 0
    if total != power:
        raise game.refuse(f"{name} must assign exactly {power} damage, not {total}", "assign")
    if to_player and any(given.get(("obj", b), 0) < _lethal(game, b) for b in blockers):
        raise game.refuse(
            f"{name} must assign lethal damage to all its blockers before the player", "trample"
        )
    return list(given.items())


def deal_combat_damage(game: Game, item: StackItem) -> None:
    """Deals the combat damage on the stack as assigned, even if a source has left play."""
    state = game.state
    for source, kind, ident, amount in item.damage:
        obj = state.objects.get(source)
        name = obj.card.name if obj else f"#{source}"
        colors = obj.card.colors if obj else ""
        target = (kind, state.current(ident) if kind == "obj" else ident)
        if kind == "obj" and target[1] != ident:
            continue
        deal_damage(game, name, colors, target, amount, game.cite("damage_dealt"))


def needs_first_strike_step(game: Game) -> bool:
    return any(has_first_strike(game.chars(game.state.obj(i))) for i in combatants(game))
