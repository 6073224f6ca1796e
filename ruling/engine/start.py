"""Starting the game: the mulligan of the era (shuffle the hand in, draw one card fewer; repeatable)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.resolve import draw_card
from ruling.engine.state import Step, Zone
from ruling.errors import IllegalActionError

if TYPE_CHECKING:
    from ruling.engine.game import Game


def mulligan(game: Game, player: int) -> None:
    """Shuffles player's hand into the library and draws one card fewer (ru 101.5, ja 101.4)."""
    state = game.state
    if "mulligan" not in game.profile.rules:
        raise IllegalActionError(f"the rules of {game.profile.name} have no mulligan")
    if state.turn != 1 or state.step is not Step.UPKEEP or state.stack or state.passes:
        raise game.refuse("a mulligan is taken only before the first turn begins", "mulligan")
    hand = state.players[player].hand
    if not hand:
        raise game.refuse("there is no hand left to mulligan", "mulligan")
    game.loops.choice()
    size = len(hand)
    library = state.players[player].library
    for obj_id in list(hand):
        hand.remove(obj_id)
        state.obj(obj_id).zone = Zone.LIBRARY
        library.append(obj_id)
    state.shuffle(library)
    for _ in range(size - 1):
        draw_card(game, player)
    game.log("mulligan", game.cite("mulligan"), player=state.players[player].name, amount=size - 1)
