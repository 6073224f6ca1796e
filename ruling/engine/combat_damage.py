"""Combat damage: assignment in the era's order (trample, lethal damage, other attackers' damage), the
damage on the stack as one object, dealt later even if a source left play; first and double strike."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.attack_options import unblocked_defender
from ruling.engine.banding import assigner
from ruling.engine.decisions import Decision
from ruling.engine.replacement import deal_simultaneous_damage
from ruling.engine.seats import defender_of
from ruling.engine.state import Combat, StackItem, Step
from ruling.engine.targets import Target, protected
from ruling.errors import IllegalActionError

if TYPE_CHECKING:
    from ruling.engine.game import Game
    from ruling.engine.layers import Characteristics


def has_first_strike(chars: Characteristics) -> bool:
    return chars.has("first_strike") or chars.has("double_strike")


def combatants(game: Game) -> list[int]:
    combat = game.state.combat
    if combat is None:
        return []
    return [i for i in combat.involved() if i in game.state.objects]


def assign_combat_damage(game: Game) -> None:
    """Assigns combat damage for this damage step and puts it on the stack as one object."""
    state = game.state
    combat = state.combat
    if combat is None:
        return
    first = state.step is Step.FIRST_STRIKE_DAMAGE
    assignments: list[tuple[int, str, int, int]] = []
    assigned: dict[int, int] = {}
    for obj_id in _in_assignment_order(game, combat):
        chars = game.chars(state.obj(obj_id))
        if first and not has_first_strike(chars):
            continue
        # The second step is for whatever dealt no first-strike damage, first strike gained since or not
        # (ru 502.2c), and for double strike.
        if not first and obj_id in combat.first_strikers_dealt and not chars.has("double_strike"):
            continue
        if first:
            combat.first_strikers_dealt.add(obj_id)
        for (kind, ident), amount in _assign_one(game, combat, obj_id, chars, assigned):
            assignments.append((obj_id, kind, ident, amount))
            if kind == "obj":
                assigned[ident] = assigned.get(ident, 0) + amount
    item = StackItem(state.tick(), "damage", state.active, 0, "combat damage", damage=tuple(assignments))
    state.stack.append(item)
    game.log("damage_stack", game.cite("damage_on_stack"))


def _in_assignment_order(game: Game, combat: Combat) -> list[int]:
    """Returns the combatants with attackers that have trample last: damage the others assign at the same
    time counts toward lethal damage for a trampler's blockers (ja 502.9b, ru 502.9f, sr E3.102)."""
    found = combatants(game)

    def tramples(obj_id: int) -> bool:
        return obj_id in combat.attackers and game.chars(game.state.obj(obj_id)).has("trample")

    return [i for i in found if not tramples(i)] + [i for i in found if tramples(i)]


def _lethal(game: Game, blocker_id: int, assigned: dict[int, int]) -> int:
    obj = game.state.obj(blocker_id)
    return max(game.chars(obj).toughness - obj.damage - assigned.get(blocker_id, 0), 0)


def _all_to_player(game: Game, chars: Characteristics, defender: int, rule: str) -> list[tuple[Target, int]]:
    """Assigns all of a creature's combat damage to the defending player, citing the rule that says so."""
    game.log("assign", game.cite(rule), card=chars.name, amount=chars.power, other=game.player_name(defender))
    return [(("player", defender), chars.power)]


def _assign_one(
    game: Game, combat: Combat, obj_id: int, chars: Characteristics, assigned: dict[int, int]
) -> list[tuple[Target, int]]:
    state = game.state
    power = chars.power
    if power <= 0:
        return []
    defender = defender_of(state, obj_id)
    if obj_id in combat.attackers:
        if obj_id not in combat.blocked:
            defender = unblocked_defender(game, obj_id, power, defender)
            return _all_to_player(game, chars, defender, "assign_unblocked")
        blockers = [b for b in combat.blockers.get(obj_id, []) if b in state.objects]
        trample = chars.has("trample")
        if not blockers:
            if trample:
                return _all_to_player(game, chars, defender, "trample_no_blockers")
            game.log("assign_none_blocked", game.cite("no_blockers_left"), card=chars.name)
            return []
        options: list[Target] = [("obj", b) for b in blockers] + ([("player", defender)] if trample else [])
        undamageable = [b for b in blockers if protected(game, ("obj", b), chars.colors)] if trample else []
        ignored = undamageable if game.profile.trample_ignores_undamageable else []
        needing = [b for b in blockers if b not in ignored]
        default = _default_split(game, blockers, needing, power, trample, defender, assigned)
        rules = game.cite("assign_blocked") + (game.cite("trample") if trample else ())
        rules += game.cite("trample_undamageable") if undamageable else ()
    else:
        attacked = [a for a, bs in combat.blockers.items() if obj_id in bs and a in state.objects]
        if not attacked:
            game.log("assign_none_blocking", game.cite("blocking_nothing"), card=chars.name)
            return []
        options = [("obj", a) for a in attacked]
        default = [(options[0], power)]
        rules = game.cite("assign_blocker")
        trample, needing = False, []
    forced = len(options) == 1
    decision = Decision("assign", assigner(game, combat, obj_id), obj_id, tuple(options), power)
    answer = default if forced else game.ask(decision, default)
    split = _validate_split(game, answer, options, power, trample, needing, chars.name, assigned, rules)
    for (kind, ident), amount in split:
        other = game.player_name(ident) if kind == "player" else game.name(ident)
        game.log("assign", rules, card=chars.name, amount=amount, other=other)
    return split


def _default_split(
    game: Game,
    blockers: list[int],
    needing: list[int],
    power: int,
    trample: bool,
    defender: int,
    assigned: dict[int, int],
) -> list[tuple[Target, int]]:
    """Returns lethal damage to each blocker that needs it in order, the rest to the player (trample) or
    the last blocker."""
    left = power
    split: list[tuple[Target, int]] = []
    for blocker in needing:
        amount = min(_lethal(game, blocker, assigned), left)
        if amount:
            split.append((("obj", blocker), amount))
        left -= amount
    if left:
        last: Target = ("player", defender) if trample else ("obj", blockers[-1])
        split.append((last, left))
    return split


def _validate_split(
    game: Game,
    answer: object,
    options: list[Target],
    power: int,
    trample: bool,
    needing: list[int],
    name: str,
    assigned: dict[int, int],
    rules: tuple[str, ...],
) -> list[tuple[Target, int]]:
    """Checks an assignment: only the options, exactly the power, and before any damage to the player,
    lethal damage to every blocker that needs it."""
    if not isinstance(answer, list) or not answer:
        raise game.refuse(f"{name} must assign its {power} damage among {len(options)} recipients", "assign")
    total = 0
    to_player = 0
    given: dict[Target, int] = {}
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
    if to_player and any(given.get(("obj", b), 0) < _lethal(game, b, assigned) for b in needing):
        raise IllegalActionError(
            f"{name} must assign lethal damage to all its blockers before the player",
            tuple(r for r in rules if r not in game.cite("assign_blocked")),
        )
    return list(given.items())


def deal_combat_damage(game: Game, item: StackItem) -> None:
    """Deals the combat damage on the stack as assigned, even if a source has left play."""
    state = game.state
    shares: list[tuple[int, str, str, Target, int]] = []
    for source, kind, ident, amount in item.damage:
        info = game.source_info(source)
        target = (kind, state.current(ident) if kind == "obj" else ident)
        if kind == "obj" and target[1] != ident:
            continue
        shares.append((source, info.name, info.colors, target, amount))
    deal_simultaneous_damage(game, shares, game.cite("damage_dealt"), combat=True)


def needs_first_strike_step(game: Game) -> bool:
    return any(has_first_strike(game.chars(game.state.obj(i))) for i in combatants(game))
