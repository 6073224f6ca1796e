"""Izvori magije's options and variants for games of more than two players (sr part F), on the seats of
ruling.engine.seats.

Options (F1.20: a game may use several): a limited range of influence (F2), attacking only the opponent on
the left or on the right (F3), attacking several opponents at once (F4), moving creatures to a teammate (F5).
Variants (one per game): the Circle (F6) with points or as Last Survivor (F6.50), Magic Heart — two teams of
two with a shared life and shared turns (F7), King's Guard (F8), the Grand Circle with turn markers (F9) and
the team Circle (F10). Each changes the two-player rules in its own place: who may be attacked, who may be
affected, who takes a turn, who holds priority, who loses with whom. The 1999 and 2004 rules have no part F:
a game under those profiles can't use any of this (NotationError naming the document).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from ruling.engine.seats import change_life, in_game, opponents, team_of, teammates, turn_order
from ruling.errors import IllegalActionError

if TYPE_CHECKING:
    from ruling.engine.game import Game
    from ruling.engine.state import GameState, StackItem


class Variant(StrEnum):
    """The variants of sr F6-F10, named in English after the Serbian names."""

    NONE = "none"
    CIRCLE = "circle"
    """Krug (F6): everyone for themselves, scored in points."""
    LAST_SURVIVOR = "last survivor"
    """Poslednji preživeli (F6.50): the Circle with the usual rules for winning, attacking several."""
    MAGIC_HEART = "magic heart"
    """Magično srce (F7): two teams of two, one life total and one turn per team."""
    KINGS_GUARD = "kings guard"
    """Kraljeva garda (F8): teams of three or more around a king; the team loses with its king."""
    GRAND_CIRCLE = "grand circle"
    """Veliki krug (F9): ten or more players, several turns at once under turn markers."""
    TEAM_CIRCLE = "team circle"
    """Timska varijanta Kruga (F10): teams of equal size seated apart."""


class AttackOption(StrEnum):
    """Whom the active player may attack (sr F3, F4); CHOSEN: each attacker attacks one opponent (F4.30)."""

    CHOSEN = "chosen"
    LEFT = "left"
    RIGHT = "right"
    MULTIPLE = "multiple"


RULES: dict[str, tuple[str, ...]] = {
    "multiplayer": ("F1.10",),
    "one_variant": ("F1.20",),
    "range": ("F2.20",),
    "range_turn": ("F2.23",),
    "range_attack": ("F2.30",),
    "range_target": ("F2.40",),
    "range_effect": ("F2.100",),
    "range_aura": ("F2.80",),
    "attack_left": ("F3.11",),
    "attack_right": ("F3.12",),
    "attack_multiple": ("F4.10", "F4.20"),
    "moving": ("F5.20",),
    "moving_option": ("F5.10",),
    "circle": ("F6.10",),
    "circle_options": ("F6.21", "F6.22", "F6.23"),
    "circle_points": ("F6.40",),
    "last_survivor": ("F6.50",),
    "heart": ("F7.10",),
    "heart_life": ("F7.41", "F7.100"),
    "heart_turns": ("F7.42", "F7.64"),
    "heart_first_draw": ("F7.61",),
    "heart_priority": ("F7.62", "F7.65"),
    "heart_attack": ("F7.71", "F7.72"),
    "heart_block": ("F7.73",),
    "heart_loss": ("F7.82",),
    "heart_player_life": ("F7.91",),
    "heart_set_life": ("F7.92", "F7.93"),
    "guard": ("F8.10", "F8.20"),
    "guard_options": ("F8.31", "F8.32"),
    "guard_attack": ("F8.33",),
    "guard_loss": ("F8.51",),
    "grand": ("F9.10",),
    "grand_options": ("F9.21", "F9.22", "F9.23"),
    "grand_markers": ("F9.41", "F9.42"),
    "grand_pass": ("F9.43",),
    "grand_remove": ("F9.44",),
    "team_circle": ("F10.10", "F10.30"),
    "team_circle_options": ("F10.21", "F10.22"),
    "team_circle_attack": ("F10.40",),
}
"""The rules of Izvori magije's part F the engine applies; only sr-2007 has them."""
DOCUMENT = "sr"


def cite(key: str) -> tuple[str, ...]:
    return tuple(f"{DOCUMENT}:{local}" for local in RULES[key])


def refuse(message: str, key: str) -> IllegalActionError:
    return IllegalActionError(message, cite(key))


@dataclass
class Multiplayer:
    """The options and the variant a game of more than two players uses, and what they keep track of."""

    variant: Variant = Variant.NONE
    attack: AttackOption = AttackOption.CHOSEN
    ranges: dict[int, int] = field(default_factory=dict)
    """Each player's range of influence in seats (F2.20); no entry: no limit."""
    seated: tuple[int, ...] = ()
    """The players in the game when the turn began: ranges are measured on them (F2.23); () before any."""
    moving: bool = False
    """Every creature can be moved to a teammate (F5.20)."""
    kings: tuple[int, ...] = ()
    points: dict[int, int] = field(default_factory=dict)
    markers: list[int] = field(default_factory=list)
    """Grand Circle: the player holding each turn marker, by number (F9.42); -1 a marker waiting (F9.43)."""
    marker: int = 0
    """The number of the marker whose turn is being played."""
    marker_from: dict[int, int] = field(default_factory=dict)
    """A waiting marker's last holder, who passes it on when the seat to their left may take it."""
    left_players: list[int] = field(default_factory=list)
    """Players who left a Grand Circle game whose marker has not yet been removed (F9.44)."""

    @property
    def used(self) -> bool:
        return (
            self.variant is not Variant.NONE
            or self.attack is not AttackOption.CHOSEN
            or bool(self.ranges)
            or self.moving
        )


def rules_of(state: GameState) -> Multiplayer:
    return state.multiplayer


def is_variant(state: GameState, variant: Variant) -> bool:
    return state.multiplayer.variant is variant


# -- seats and distance ------------------------------------------------------------------------------------
def seated(state: GameState) -> list[int]:
    """Returns the players ranges are measured on: those in the game as the turn began (F2.23)."""
    found = list(state.multiplayer.seated) or in_game(state)
    return [i for i in found if i < len(state.players)]


def distance(state: GameState, a: int, b: int) -> int | None:
    """Returns the seats between a and b the short way round the table (None: one of them is not seated)."""
    seats = seated(state)
    if a not in seats or b not in seats:
        return None
    gap = abs(seats.index(a) - seats.index(b))
    return min(gap, len(seats) - gap)


def in_range(state: GameState, player: int, other: int) -> bool:
    """Tells whether other is within player's range of influence (F2.20, F2.22: always oneself)."""
    reach = state.multiplayer.ranges.get(player)
    if reach is None or player == other:
        return True
    gap = distance(state, player, other)
    return gap is not None and gap <= reach


def object_in_range(state: GameState, player: int, obj_id: int) -> bool:
    """An object is within a player's range when its controller is (F2.24)."""
    obj = state.objects.get(obj_id)
    return obj is None or in_range(state, player, obj.controller)


def target_in_range(game: Game, player: int, target: tuple[str, int]) -> bool:
    """Tells whether a target lies within the range of influence of the player choosing it (F2.40)."""
    state = game.state
    kind, ident = target
    if kind == "player":
        return in_range(state, player, ident)
    if kind == "spell":
        item = next((i for i in state.stack if i.id == ident), None)
        return item is None or in_range(state, player, item.controller)
    return object_in_range(state, player, ident)


def neighbours(state: GameState, player: int) -> tuple[int | None, int | None]:
    """Returns the players seated just to the left (next in turn order, F8.40) and to the right."""
    seats = seated(state)
    if player not in seats or len(seats) < 2:
        return None, None
    here = seats.index(player)
    return seats[(here + 1) % len(seats)], seats[(here - 1) % len(seats)]


# -- whom a player may attack --------------------------------------------------------------------------------
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
        controller = state.obj(attacker).controller if attacker in state.objects else state.active
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


# -- turns and priority --------------------------------------------------------------------------------------
def active_players(state: GameState) -> list[int]:
    """Returns the players whose turn it is: the active player, in Magic Heart the active team (F7.42)."""
    if is_variant(state, Variant.MAGIC_HEART):
        return [p for p in teammates(state, state.active) if not state.players[p].lost]
    return [state.active]


def is_active(state: GameState, player: int) -> bool:
    return player in active_players(state)


def holds_priority(state: GameState, player: int) -> bool:
    """Tells whether player may act now: they hold priority, or in Magic Heart their team does (F7.62)."""
    if state.priority is None:
        return False
    if is_variant(state, Variant.MAGIC_HEART):
        return team_of(state, player) == team_of(state, state.priority) and not state.players[player].lost
    return state.priority == player


def passes_needed(state: GameState) -> int:
    """Returns how many passes in succession end a step or resolve the top of the stack: one per player in
    the game, in Magic Heart one per team (F7.65)."""
    if is_variant(state, Variant.MAGIC_HEART):
        return len({team_of(state, p) for p in in_game(state)})
    return len(in_game(state))


def next_priority(state: GameState, player: int) -> int:
    """Returns who gets priority after player passes: the next player in turn order, in Magic Heart the
    first player of the next team."""
    order = turn_order(state, player)[1:]
    if is_variant(state, Variant.MAGIC_HEART):
        order = [p for p in order if team_of(state, p) != team_of(state, player)]
    return order[0] if order else player


def next_active(game: Game) -> int:
    """Returns the player whose turn comes next: the next player in turn order; in Magic Heart the next
    team; in the Grand Circle the holder of the next turn marker, after the marker of the turn that ended
    has been passed on (F9.43)."""
    state = game.state
    if is_variant(state, Variant.GRAND_CIRCLE):
        return _next_marker_turn(game)
    order = turn_order(state, state.active)[1:]
    if is_variant(state, Variant.MAGIC_HEART):
        order = [p for p in order if team_of(state, p) != team_of(state, state.active)]
    return order[0] if order else state.active


def begin_turn(game: Game) -> None:
    """Fixes, as the turn begins, which players are within each other's range of influence (F2.23)."""
    state = game.state
    rules = state.multiplayer
    if rules.ranges:
        before = rules.seated
        rules.seated = tuple(in_game(state))
        if before and before != rules.seated:
            game.log("range", cite("range_turn"), player=game.player_name(state.active))


def skips_draw(state: GameState) -> bool:
    """Tells whether the active player skips the draw of their first turn: the first player (A2.21) or,
    in Magic Heart, the first team (F7.61)."""
    return state.turn == 1


# -- life and losing -----------------------------------------------------------------------------------------
def starting_life(state: GameState, player: int, scale: int) -> int:
    """Returns the life a player starts with in Magic Heart: 150 per player of the team, shared (F7.41,
    F7.100: 300 for a team of two, in Izvori magije's numbers)."""
    return 15 * scale * len(teammates(state, player))


def life_of(state: GameState, player: int) -> int:
    """Returns a player's own life: in Magic Heart, half the team's total rounded down (F7.91)."""
    life = state.players[player].life
    if is_variant(state, Variant.MAGIC_HEART):
        return life // len(teammates(state, player))
    return life


def also_lose(state: GameState, player: int) -> list[int]:
    """Returns the players who lose with player: the whole team with a shared life or in Magic Heart
    (F7.82), the whole team when its king loses (F8.51)."""
    if state.shared_life or is_variant(state, Variant.MAGIC_HEART):
        return teammates(state, player)
    if is_variant(state, Variant.KINGS_GUARD) and player in state.multiplayer.kings:
        return teammates(state, player)
    return [player]


def loss_rules(state: GameState, player: int) -> tuple[str, ...]:
    if is_variant(state, Variant.MAGIC_HEART):
        return cite("heart_loss")
    if is_variant(state, Variant.KINGS_GUARD) and player in state.multiplayer.kings:
        return cite("guard_loss")
    return ()


def award_points(game: Game, leaving: int) -> None:
    """Circle with points: when a player leaves the game, the player they sat next to on the side attacks
    go to gets 10 points (F6.40): with attack left, the player on whose left they sat."""
    state = game.state
    rules = state.multiplayer
    if rules.variant is not Variant.CIRCLE:
        return
    seats = [i for i in range(len(state.players)) if not state.players[i].lost or i == leaving]
    here = seats.index(leaving)
    left, right = seats[(here + 1) % len(seats)], seats[(here - 1) % len(seats)]
    scorer = left if rules.attack is AttackOption.RIGHT else right
    if scorer == leaving:
        return
    rules.points[scorer] = rules.points.get(scorer, 0) + 10
    game.log("points", cite("circle_points"), player=game.player_name(scorer), amount=rules.points[scorer])


def circle_winner(game: Game, survivor: int) -> int | None:
    """Circle with points: the last survivor gets 15 more points, and the player with the most points
    wins (F6.40); a tie for the most is a draw (None)."""
    state = game.state
    rules = state.multiplayer
    rules.points[survivor] = rules.points.get(survivor, 0) + 15
    total = rules.points[survivor]
    game.log("points", cite("circle_points"), player=game.player_name(survivor), amount=total)
    best = max(rules.points.values())
    leaders = [p for p, n in rules.points.items() if n == best]
    return leaders[0] if len(leaders) == 1 else None


# -- the Grand Circle's turn markers ------------------------------------------------------------------------
MARKER_SPACING = 4
"""Players per turn marker, and the seats between two markers as they are dealt (F9.41, F9.42)."""


def deal_markers(state: GameState, first: int) -> list[int]:
    """Returns the holders of the turn markers as the game begins: one per four players, the first to the
    player who starts, the next four seats to the left, and so on (F9.41, F9.42)."""
    seats = in_game(state)
    start = seats.index(first) if first in seats else 0
    count = max(1, len(seats) // MARKER_SPACING)
    return [seats[(start + MARKER_SPACING * n) % len(seats)] for n in range(count)]


def _blocked(state: GameState, receiver: int, moving: int) -> bool:
    """Tells whether a player may not receive a marker: a player up to three seats to their left holds
    another one (F9.43)."""
    seats = in_game(state)
    here = seats.index(receiver)
    ahead = {seats[(here + step) % len(seats)] for step in range(1, MARKER_SPACING)}
    holders = {h for n, h in enumerate(state.multiplayer.markers) if n != moving and h >= 0}
    return bool(ahead & holders)


def _next_marker_turn(game: Game) -> int:
    """Passes the marker of the turn that ended to the left (or lets it wait, F9.43), removes markers the
    players left no longer support (F9.44), lets waiting markers move on, and returns the holder of the next
    marker in number order."""
    state = game.state
    rules = state.multiplayer
    markers = rules.markers
    if not markers:
        markers[:] = deal_markers(state, state.active)
        rules.marker = 0
    seats = in_game(state)
    _remove_markers(game, seats)
    current = min(rules.marker, len(markers) - 1)
    _pass_marker(game, current, seats)
    for number, holder in enumerate(markers):
        if holder < 0 and number != current:
            _pass_marker(game, number, seats)
    for step in range(1, len(markers) + 1):
        number = (current + step) % len(markers)
        if markers[number] >= 0:
            rules.marker = number
            return markers[number]
    return state.active


def _pass_marker(game: Game, number: int, seats: list[int]) -> None:
    state = game.state
    markers = state.multiplayer.markers
    holder = markers[number]
    giver = holder if holder >= 0 else state.multiplayer.marker_from.get(number, state.active)
    if giver not in seats:
        giver = next((p for p in turn_order(state, giver) if p in seats), seats[0])
    receiver = seats[(seats.index(giver) + 1) % len(seats)]
    if _blocked(state, receiver, number):
        if holder >= 0:
            state.multiplayer.marker_from[number] = holder
            markers[number] = -1
            game.log("marker_waits", cite("grand_pass"), player=game.player_name(receiver), amount=number + 1)
        return
    markers[number] = receiver
    state.multiplayer.marker_from.pop(number, None)
    game.log("marker", cite("grand_pass"), player=game.player_name(receiver), amount=number + 1)


def _remove_markers(game: Game, seats: list[int]) -> None:
    """Removes a marker, between turns, when players have left and fewer markers are dealt for those
    left: the one nearest to the right of the player who left, the lower number on a tie (F9.44)."""
    state = game.state
    rules = state.multiplayer
    wanted = max(1, len(seats) // MARKER_SPACING)
    while len(rules.markers) > wanted and rules.left_players:
        gone = rules.left_players.pop(0)
        number = min(range(len(rules.markers)), key=lambda n: _gap_right(state, gone, n))
        del rules.markers[number]
        rules.marker_from = {
            (n - 1 if n > number else n): h for n, h in rules.marker_from.items() if n != number
        }
        if rules.marker > number:
            rules.marker -= 1
        game.log("marker_removed", cite("grand_remove"), player=game.player_name(gone), amount=number + 1)


def _gap_right(state: GameState, gone: int, number: int) -> tuple[int, int]:
    """Returns how many seats to the right of the player who left a marker is, and its number."""
    rules = state.multiplayer
    holder = rules.markers[number]
    where = holder if holder >= 0 else rules.marker_from.get(number, gone)
    return ((gone - where) % len(state.players), number)


def player_left(state: GameState, player: int) -> None:
    """Remembers a player who left a Grand Circle game, for the removal of a marker (F9.44)."""
    if is_variant(state, Variant.GRAND_CIRCLE):
        state.multiplayer.left_players.append(player)


def multiplayer_form(state: GameState) -> tuple[object, ...]:
    """Returns the options and variant as plain comparable data (for ruling.engine.canonical)."""
    rules = state.multiplayer
    seats = rules.seated if rules.ranges and rules.seated != tuple(in_game(state)) else ()
    return (
        str(rules.variant),
        str(rules.attack),
        tuple(sorted(rules.ranges.items())),
        seats,
        rules.moving,
        rules.kings,
        tuple(sorted((p, n) for p, n in rules.points.items() if n)),
        tuple(rules.markers),
        rules.marker if rules.markers else 0,
        tuple(sorted(rules.marker_from.items())),
        tuple(rules.left_players),
    )


# -- what an effect reaches ----------------------------------------------------------------------------------
def players_in_reach(game: Game, controller: int, players: list[int]) -> list[int]:
    """Returns the players an effect of controller's may affect: those within controller's range of
    influence; the part of the effect for the others does nothing (F2.100)."""
    if not game.state.multiplayer.ranges:
        return players
    kept = [p for p in players if in_range(game.state, controller, p)]
    for player in players:
        if player not in kept:
            game.log("out_of_range", cite("range_effect"), card="the effect", other=game.player_name(player))
    return kept


def objects_in_reach(game: Game, source: int, objects: list[int]) -> list[int]:
    """Returns the objects an effect of source may affect: those whose controller is within the range of
    influence of the source's controller (F2.24, F2.100)."""
    state = game.state
    if not state.multiplayer.ranges or source not in state.objects:
        return objects
    controller = state.obj(source).controller
    kept = [o for o in objects if object_in_range(state, controller, o)]
    for obj_id in objects:
        if obj_id not in kept:
            game.log("out_of_range", cite("range_effect"), card=game.name(source), other=game.name(obj_id))
    return kept


# -- creature moving (F5) ------------------------------------------------------------------------------------
MOVE = "move"
"""The kind of the stack item of a creature moving ability."""


def move_creature(game: Game, player: int, obj_id: int, mate: int) -> None:
    """Plays the moving ability every creature has in a game with creature moving: "{T}, choose a teammate:
    that player gains control of this creature; play this ability only as a sorcery", within range (F5.20)."""
    from ruling.engine.state import StackItem, Step, Zone  # state.py imports this module

    state = game.state
    rules = state.multiplayer
    if not rules.moving:
        raise refuse("this game does not use the creature moving option", "moving_option")
    obj = state.objects.get(obj_id)
    if obj is None or obj.zone is not Zone.IN_PLAY or obj.controller != player:
        raise refuse(f"{game.player_name(player)} controls no such creature in play", "moving")
    chars = game.chars(obj)
    if not chars.is_creature:
        raise refuse(f"{chars.name} is not a creature", "moving")
    if not holds_priority(state, player):
        raise game.refuse(f"{game.player_name(player)} does not have priority", "priority")
    main = state.step in (Step.MAIN1, Step.MAIN2)
    if not (is_active(state, player) and main and not state.stack):
        raise refuse("creature moving is played only as a sorcery", "moving")
    if obj.tapped:
        raise refuse(f"{chars.name} is tapped: moving costs {{T}}", "moving")
    if not obj.controlled_since_turn_start and not chars.has("haste"):
        raise game.refuse(
            f"{chars.name} has not been under its controller's control since the turn began", "tap_ability"
        )
    if mate == player or mate not in teammates(state, player) or state.players[mate].lost:
        raise refuse(f"{game.player_name(mate)} is not a teammate of {game.player_name(player)}", "moving")
    if not in_range(state, player, mate):
        raise refuse(f"{game.player_name(mate)} is outside the range of influence", "moving")
    obj.tapped = True
    game.log("activate", cite("moving"), player=game.player_name(player), card=chars.name)
    state.stack.append(
        StackItem(state.tick(), MOVE, player, obj_id, "creature moving", targets=(("player", mate),))
    )
    state.passes = 0


def resolve_move(game: Game, item: StackItem) -> None:
    """The teammate chosen gains control of the creature, if it is still in play and they in the game."""
    state = game.state
    mate = item.targets[0][1]
    obj = state.objects.get(item.source)
    game.log("resolve", game.cite("resolve") + cite("moving"), card=item.label)
    if obj is None or state.players[mate].lost:
        return
    obj.controller = mate
    obj.controlled_since_turn_start = False
    game.log(
        "move",
        cite("moving"),
        player=game.player_name(item.controller),
        card=game.name(obj.id),
        other=game.player_name(mate),
    )


def range_refusal(message: str) -> IllegalActionError:
    """Refuses a choice of something outside the chooser's range of influence (F2.40, F2.51)."""
    return refuse(message, "range_target")


def set_life(game: Game, players: list[int], amount: int) -> None:
    """Sets the life of each player to amount. In Magic Heart a team's total becomes the sum of its
    players' lives: amount for each player the effect names, half the old total for the others (F7.92,
    F7.93, F7.91)."""
    state = game.state
    if not is_variant(state, Variant.MAGIC_HEART):
        for index in players:
            change_life(state, index, amount - state.players[index].life)
            game.log("life_set", player=state.players[index].name, amount=amount)
        return
    done: set[int] = set()
    for index in players:
        team = teammates(state, index)
        if team[0] in done:
            continue
        done.add(team[0])
        total = sum(amount if member in players else life_of(state, member) for member in team)
        for member in team:
            state.players[member].life = total
        game.log("life_set", cite("heart_set_life"), player=state.players[index].name, amount=total)


# -- a new game of a variant ---------------------------------------------------------------------------------
PLAYERS: dict[Variant, tuple[int, ...]] = {
    Variant.CIRCLE: (3, 4, 5, 6),
    Variant.LAST_SURVIVOR: (3, 4, 5, 6),
    Variant.MAGIC_HEART: (4,),
    Variant.KINGS_GUARD: (6,),
    Variant.GRAND_CIRCLE: (10, 11, 12),
    Variant.TEAM_CIRCLE: (4, 6),
}
"""How many players a new game of each variant (configure) can seat."""


def configure(state: GameState, variant: Variant, scale: int) -> None:
    """Sets up a new game of the players of state as a game of variant with its usual options: teams seated
    as it wants them, kings in the middle, ranges, the attack option, markers, the teams' life."""
    count = len(state.players)
    if count not in PLAYERS[variant]:
        raise ValueError(f"{variant} is played by {PLAYERS[variant]} players, not {count}")
    rules = state.multiplayer
    rules.variant = variant
    if variant is Variant.CIRCLE:
        rules.attack = AttackOption.LEFT
    elif variant is Variant.LAST_SURVIVOR:
        rules.attack = AttackOption.MULTIPLE
    elif variant is Variant.MAGIC_HEART:
        for index, player in enumerate(state.players):
            player.team = 0 if index < 2 else 2
        state.shared_life = True
        for index, player in enumerate(state.players):
            player.life = starting_life(state, index, scale)
    elif variant is Variant.KINGS_GUARD:
        for index, player in enumerate(state.players):
            player.team = 0 if index < 3 else 3
        rules.kings = (1, 4)
        rules.ranges = dict.fromkeys(range(count), 2)
        rules.moving = True
    elif variant is Variant.GRAND_CIRCLE:
        rules.ranges = dict.fromkeys(range(count), 1)
        rules.attack = AttackOption.LEFT
        rules.markers = deal_markers(state, state.active)
    elif variant is Variant.TEAM_CIRCLE:
        teams = count // 2
        for index, player in enumerate(state.players):
            player.team = index % teams
        rules.ranges = dict.fromkeys(range(count), 2)
        rules.attack = AttackOption.LEFT
    rules.seated = tuple(in_game(state))


def landwalk_players(state: GameState, defender: int) -> list[int]:
    """Returns the players whose lands let an attacker with landwalk go unblocked: the defending player, in
    Magic Heart every player of the defending team (the example of F7.73)."""
    if is_variant(state, Variant.MAGIC_HEART):
        return [p for p in teammates(state, defender) if not state.players[p].lost]
    return [defender]


def auras_out_of_range(game: Game) -> list[int]:
    """Returns the local enchantments attached to a permanent outside their controller's range of
    influence: they go to the graveyard as a state-based effect (F2.80)."""
    state = game.state
    if not state.multiplayer.ranges:
        return []
    found = []
    for obj in state.permanents():
        host = obj.attached_to
        if host is None or host not in state.objects or not game.chars(obj).enchant:
            continue
        if not object_in_range(state, obj.controller, host):
            found.append(obj.id)
            game.log("out_of_range", cite("range_aura"), card=game.name(obj.id), other=game.name(host))
    return found
