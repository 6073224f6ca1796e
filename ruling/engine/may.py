"""The "may" of an optional instruction ("you may draw a card"): who answers it, and when a triggered
ability's is answered (as it goes on the stack under ru-1999, on resolution otherwise)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.cards import Effect
from ruling.engine.decisions import Decision, DecisionError

if TYPE_CHECKING:
    from ruling.engine.game import Game
    from ruling.engine.state import Pending


def chooses_to(
    game: Game, player: int, label: str, possible: bool = True, rules: tuple[str, ...] = ()
) -> bool:
    """Asks the controller of an optional instruction ("you may") whether they do it (ja 419.5b); one they
    can't carry out they can only decline (ru 413.2c). rules go to the trace with the answer."""
    options = ("yes", "no") if possible else ("no",)
    chosen = game.ask(
        Decision("may", player, options=options, forced=not possible), None if possible else "no"
    )
    if chosen == "yes" and not possible:
        raise game.refuse(f"{game.player_name(player)} can't do what {label} offers", "impossible_choice")
    if chosen not in ("yes", "no"):
        raise DecisionError(f"{game.player_name(player)} must answer yes or no for {label}'s 'may'")
    game.log("may", rules, player=game.player_name(player), card=label, other=str(chosen))
    return chosen == "yes"


def chosen_on_stack(game: Game, pending: Pending) -> bool:
    """Tells whether the "may" of a triggered ability whose first instruction is optional is answered as it
    would go on the stack, not on resolution (ru 410.5; ja 410.5 and sr D11.50 answer on resolution)."""
    first = pending.effects[0] if pending.effects else None
    return isinstance(first, Effect) and first.optional and bool(game.profile.cite_if("may_on_stack"))
