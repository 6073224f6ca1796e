"""New games of each variant of Izvori magije part F with its usual options, for random play."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.seats import in_game
from ruling.engine.turn_markers import deal_markers
from ruling.engine.variants import AttackOption, Variant, starting_life

if TYPE_CHECKING:
    from ruling.engine.state import GameState


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
