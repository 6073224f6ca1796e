"""Imprint (ja 502.34): "Imprint — [ability]" marks an activated or triggered ability; each card that
ability removes from the game is imprinted on the ability's source (ja 502.34a), and the source's text
refers to it as its imprinted card (ja 502.34b).

The vocabulary's ``imprint`` effect ("remove a card of type ``what`` from your hand from the game") does
the removing; its player chooses the card with ``alice imprints CARD`` (the effect is usually ``optional``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.decisions import Decision, DecisionError
from ruling.engine.state import Zone

if TYPE_CHECKING:
    from ruling.engine.game import Game


def imprint(game: Game, source: int, player: int, what: str) -> None:
    """Removes a card of the type from player's hand from the game, imprinted on source (ja 502.34a)."""
    from ruling.engine.events import ZoneChange, perform

    state = game.state
    holder = state.objects.get(source)
    hand = state.players[player].hand
    options = tuple(i for i in hand if not what or what in state.obj(i).card.types)
    if holder is None or holder.zone is not Zone.IN_PLAY or not options:
        return
    chosen = game.ask(Decision("imprint", player, source, options, forced=len(options) == 1), options[0])
    if chosen not in options or not isinstance(chosen, int):
        raise DecisionError(
            f"{game.player_name(player)} must choose a {what or 'card'} of their hand to imprint"
        )
    name = game.name(chosen)
    moved = perform(game, [ZoneChange(chosen, Zone.REMOVED)]).happened[0].new
    if moved is not None and moved.zone is Zone.REMOVED:
        holder.imprinted = (*holder.imprinted, moved.id)
        game.log("imprint", game.cite("imprint"), card=name, other=game.name(source))


def imprinted_names(game: Game, obj_id: int) -> list[str]:
    """Returns the names of the cards imprinted on a permanent that are still removed from the game."""
    state = game.state
    obj = state.objects.get(obj_id)
    ids = obj.imprinted if obj is not None else ()
    return [state.obj(i).card.name for i in ids if i in state.objects and state.obj(i).zone is Zone.REMOVED]
