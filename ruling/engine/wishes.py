"""Wishes (Judgment's Cunning Wish and its kin): "you may choose an instant card you own from outside the
game, reveal that card, and put it into your hand".

Outside the game are the cards removed from the game and those in no zone of the game, a player's
sideboard (ja 217.1e, sr B16.15). The 1999 rules have no such notion, so a wish is refused under them. The
controller of a player's turn makes the choice for them and can choose only a card the wish allows
(ja 507.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.cards import Effect
from ruling.engine.decisions import Decision
from ruling.engine.document_rules import cite_in
from ruling.engine.events import ZoneChange, perform
from ruling.engine.state import Zone
from ruling.engine.turn_control import cite as cite_turn_control
from ruling.engine.turn_control import controlled
from ruling.errors import IllegalActionError

if TYPE_CHECKING:
    from ruling.engine.game import Game

RULES: dict[str, dict[str, tuple[str, ...]]] = {
    "ja": {"outside": ("217.1e",)},
    "sr": {"outside": ("B16.15",)},
}
"""The rules of what is outside the game, per document: ru-1999 has none."""
WHERE = {Zone.SIDEBOARD: "sideboard", Zone.REMOVED: "removed from the game"}


def cite(game: Game) -> tuple[str, ...]:
    """Returns the ids of the rule of what is outside the game, or refuses naming the document."""
    return cite_in(game, RULES, "outside", "cards outside the game (wishes)")


def wish(game: Game, index: int, effect: Effect, label: str) -> None:
    """The player may choose a card of the effect's type they own from outside the game; it is revealed and
    put into their hand. Choosing none is always allowed."""
    state = game.state
    rules = cite(game)
    player = state.players[index]
    options = tuple(
        i for i in player.sideboard + player.removed if effect.what in game.chars(state.obj(i)).types
    )
    answer = game.ask(Decision("wish", index, options=options, forced=not options), ())
    name = game.player_name(index)
    if answer in ((), None):
        game.log("wish_none", rules, player=name, other=effect.what)
        return
    if answer not in options:
        chosen = game.name(answer) if isinstance(answer, int) and answer in state.objects else str(answer)
        raise IllegalActionError(
            f"{name} can bring only {effect.what} cards they own from outside the game with {label} "
            f"(their sideboard, or removed from the game), not {chosen}",
            rules + (cite_turn_control(game, "choices") if controlled(state, index) else ()),
        )
    assert isinstance(answer, int)
    game.log("wish", rules, player=name, card=game.name(answer), other=WHERE[state.obj(answer).zone])
    perform(game, [ZoneChange(answer, Zone.HAND)])
