"""Amounts counted from the game on resolution ("+1/+1 for each card in your hand", "life equal to the
number of creatures that player controls").

The number is counted once, as the spell or ability resolves, and the effect keeps it when the count changes
later (ru 418.3c, ja 418.3c, sr D19.33). Under a limited range of influence a spell or ability learns only
what lies within its controller's range: creatures of players out of range are not counted (sr F2.110).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.cards import PER_PLAYER_COUNTS, Effect
from ruling.engine.influence import in_range
from ruling.engine.variants import cite

if TYPE_CHECKING:
    from ruling.engine.game import Game

_KINDS = {
    "cards_in_hand": "count_hand",
    "cards_in_graveyard": "count_graveyard",
    "creatures_you_control": "count_controls",
    "creatures_they_control": "count_controls",
    "creatures": "count_creatures",
}
"""The trace event of each count."""


def counted(game: Game, effect: Effect, controller: int, label: str, player: int | None = None) -> int:
    """Returns the number effect.count names now, for the effect of controller's spell or ability label;
    player is the one the effect acts on, for a count made for each player. The trace cites the rule."""
    state = game.state
    whose = player if player is not None and effect.count in PER_PLAYER_COUNTS else controller
    rules = game.cite("counted")
    if effect.count == "cards_in_hand":
        number = len(state.players[whose].hand)
    elif effect.count == "cards_in_graveyard":
        number = len(state.players[whose].graveyard)
    else:
        permanents = state.permanents()
        chars = game.chars_of(permanents)
        creatures = [o for o in permanents if chars[o.id].is_creature]
        if effect.count == "creatures":
            if state.multiplayer.ranges:
                creatures = [o for o in creatures if in_range(state, controller, game.controller(o))]
                rules += cite("range_information")
        else:
            creatures = [o for o in creatures if game.controller(o) == whose]
        number = len(creatures)
    game.log(_KINDS[effect.count], rules, card=label, amount=number, player=game.player_name(whose))
    return number
