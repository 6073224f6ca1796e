"""Izvori magije's options and variants for games of more than two players (sr part F), on the seats of
ruling.engine.seats.

Options (F1.20: a game may use several): a limited range of influence (F2), attacking only the opponent on
the left or on the right (F3), attacking several opponents at once (F4), moving creatures to a teammate (F5).
Variants (one per game): the Circle (F6) with points or as Last Survivor (F6.50), Magic Heart — two teams of
two with a shared life and shared turns (F7), King's Guard (F8), the Grand Circle with turn markers (F9) and
the team Circle (F10). Each changes the two-player rules in its own place: who may be attacked
(ruling.engine.attack_options), who may be affected (influence), who takes a turn and holds priority
(team_turns, turn_markers), who controls a creature (creature_moving), who loses with whom (here). This
module holds what a game uses and the variants' life, loss and points. The 1999 and 2004 rules have no part
F: a game under those profiles can't use any of this (NotationError naming the document).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from ruling.engine.seats import in_game, teammates
from ruling.errors import IllegalActionError

if TYPE_CHECKING:
    from ruling.engine.game import Game
    from ruling.engine.state import GameState


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
    "range_redirect": ("F2.121",),
    "range_prevention": ("F2.122",),
    "range_information": ("F2.110",),
    "range_aura": ("F2.80",),
    "range_trigger": ("F2.70", "F2.71"),
    "attack_left": ("F3.11",),
    "attack_right": ("F3.12",),
    "attack_multiple": ("F4.10", "F4.20"),
    "attack_restriction_player": ("F4.31",),
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
    "heart_damage": ("F7.74",),
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


def is_variant(state: GameState, variant: Variant) -> bool:
    return state.multiplayer.variant is variant


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


def set_life(game: Game, amounts: dict[int, int]) -> None:
    """Sets the life of each player named to its amount. In Magic Heart a team's total becomes the sum of
    its players' lives: the amount of each player the effect names, half the old total for the others
    (F7.92, F7.93, F7.91)."""
    from ruling.engine.events import LifeChange, perform

    state = game.state
    if not is_variant(state, Variant.MAGIC_HEART):
        for index, amount in amounts.items():
            perform(game, [LifeChange(index, amount - state.players[index].life, "life_set")])
        return
    done: set[int] = set()
    for index in amounts:
        team = teammates(state, index)
        if team[0] in done:
            continue
        done.add(team[0])
        total = sum(amounts.get(member, life_of(state, member)) for member in team)
        change = LifeChange(index, total - state.players[index].life, "life_set", cite("heart_set_life"))
        perform(game, [change])
