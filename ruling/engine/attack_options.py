"""Whom creatures may attack and block in a game of more than two players: the attack options (Izvori
magije F3 left or right, F4 several opponents), the range of influence (F2.30), the variants that allow only
neighbours (F8.33, F10.40), and Magic Heart's attacks and blocks by team (F7.71-F7.73).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.decisions import Decision
from ruling.engine.influence import in_range, neighbours
from ruling.engine.seats import opponents, team_of, teammates, turn_order
from ruling.engine.team_turns import active_players
from ruling.engine.variants import RULES, AttackOption, Variant, cite, is_variant, refuse
from ruling.errors import IllegalActionError

if TYPE_CHECKING:
    from ruling.engine.game import Game
    from ruling.engine.state import GameState


def attackable(state: GameState, player: int) -> list[int]:
    """Returns the opponents player's creatures may attack, in turn order, under the game's options."""
    rules = state.multiplayer
    found = [o for o in opponents(state, player) if in_range(state, player, o)]
    left, right = neighbours(state, player)
    if rules.attack is AttackOption.LEFT:
        found = [o for o in found if o == left]
    elif rules.attack is AttackOption.RIGHT:
        found = [o for o in found if o == right]
    if rules.variant in (Variant.KINGS_GUARD, Variant.TEAM_CIRCLE):
        found = [o for o in found if o in (left, right)]
    return found


def attack_problem(game: Game, player: int, defender: int) -> tuple[str, str] | None:
    """Returns why player can't attack defender (a message and the key of the rule), or None."""
    state = game.state
    rules = state.multiplayer
    if defender in attackable(state, player):
        return None
    who = game.player_name(defender)
    if defender not in opponents(state, player):
        return f"{who} is not an opponent who can be attacked", "multiplayer_attack"
    if not in_range(state, player, defender):
        return f"{who} is outside {game.player_name(player)}'s range of influence", "range_attack"
    if rules.attack is AttackOption.LEFT:
        return f"only the opponent seated just to the left may be attacked, not {who}", "attack_left"
    if rules.attack is AttackOption.RIGHT:
        return f"only the opponent seated just to the right may be attacked, not {who}", "attack_right"
    if rules.variant is Variant.KINGS_GUARD:
        return f"only an opponent seated next to the attacker may be attacked, not {who}", "guard_attack"
    return f"only an opponent seated next to the attacker may be attacked, not {who}", "team_circle_attack"


def check_attack(game: Game, attackers: tuple[int, ...], defenders: dict[int, int]) -> dict[int, int]:
    """Checks whom each attacker attacks under the game's options and returns the full choice: under an
    option or variant, an attacker given no defender attacks the first opponent it allows. Raises when an
    attacker may attack nobody (F2.30, F3.11) or a chosen defender can't be attacked."""
    state = game.state
    chosen = dict(defenders)
    for attacker in attackers:
        controller = game.controller(state.obj(attacker)) if attacker in state.objects else state.active
        if attacker not in chosen:
            if not state.multiplayer.used:
                continue
            allowed = attackable(state, controller)
            if not allowed:
                who = game.player_name(controller)
                raise _refusal(game, f"{who} has no opponent to attack", _no_attack_key(state))
            chosen[attacker] = allowed[0]
            continue
        problem = attack_problem(game, controller, chosen[attacker])
        if problem is not None:
            raise _refusal(game, *problem)
    return chosen


def _refusal(game: Game, message: str, key: str) -> IllegalActionError:
    """Refuses citing a rule of part F, or the profile's rule for a key of its own."""
    if key in RULES:
        return refuse(message, key)
    return game.refuse(message, key if key in game.profile.rules else "attack")


def _no_attack_key(state: GameState) -> str:
    rules = state.multiplayer
    if rules.attack is AttackOption.LEFT:
        return "attack_left"
    if rules.attack is AttackOption.RIGHT:
        return "attack_right"
    if rules.ranges:
        return "range_attack"
    return "guard_attack" if rules.variant is Variant.KINGS_GUARD else "team_circle_attack"


def can_attack_anyone(state: GameState) -> bool:
    """Tells whether the active player (or, in Magic Heart, the active team) has an opponent to attack."""
    return any(attackable(state, p) for p in active_players(state))


def may_block(state: GameState, defender: int, attacker: int, attacked: int) -> bool:
    """Tells whether defender's creatures may block an attacker that attacks the player attacked: only those
    attacking them (F4.41), in Magic Heart any attacker of their team (F7.73)."""
    if attacked == defender:
        return True
    return is_variant(state, Variant.MAGIC_HEART) and team_of(state, attacked) == team_of(state, defender)


def defenders(state: GameState, attacked: list[int]) -> list[int]:
    """Returns the players who declare blockers: those attacked, in Magic Heart the whole defending team."""
    if not is_variant(state, Variant.MAGIC_HEART):
        return attacked
    teams = {team_of(state, p) for p in attacked}
    return [p for p in turn_order(state, state.active) if team_of(state, p) in teams]


def landwalk_players(state: GameState, defender: int) -> list[int]:
    """Returns the players whose lands let an attacker with landwalk go unblocked: the defending player, in
    Magic Heart every player of the defending team (the example of F7.73)."""
    if is_variant(state, Variant.MAGIC_HEART):
        return [p for p in teammates(state, defender) if not state.players[p].lost]
    return [defender]


def unblocked_defender(game: Game, attacker: int, power: int, declared: int) -> int:
    """Returns the player an unblocked attacker deals its damage to: the player it attacks, in Magic Heart
    the defender the active team chooses as combat damage is assigned (F7.74)."""
    state = game.state
    if not is_variant(state, Variant.MAGIC_HEART):
        return declared
    team = [p for p in teammates(state, declared) if not state.players[p].lost]
    if len(team) < 2:
        return declared
    options = tuple(("player", p) for p in team)
    controller = game.controller(state.obj(attacker))
    default = [(("player", declared), power)]
    answer = game.ask(Decision("assign", controller, attacker, options, power), default)
    if (
        not isinstance(answer, list)
        or len(answer) != 1
        or answer[0][0] not in options
        or answer[0][1] != power
    ):
        name = game.name(attacker)
        raise refuse(
            f"{name} deals all its {power} damage to one player of the defending team", "heart_damage"
        )
    chosen = int(answer[0][0][1])
    game.log(
        "defender_chosen",
        cite("heart_damage"),
        player=game.player_name(controller),
        card=game.name(attacker),
        other=game.player_name(chosen),
    )
    return chosen
