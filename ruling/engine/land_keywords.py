"""Keywords of lands and of cards played as lands: threshold's count (ja 502.23b) and *Istočnik*
(sr E3.50: a card played as a land comes into play tapped, and its player may pay a cost to draw).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine import mana
from ruling.engine.cards import Effect, EffectKind
from ruling.engine.decisions import Decision, DecisionError
from ruling.engine.keywords import first_use
from ruling.engine.state import GameObject, GameState, StackItem

if TYPE_CHECKING:
    from ruling.engine.game import Game

THRESHOLD = 7
"""Cards in the graveyard that give threshold (ja 502.23b)."""


def has_threshold(state: GameState, player: int) -> bool:
    """Tells whether player has seven or more cards in their graveyard (ja 502.23b)."""
    return len(state.players[player].graveyard) >= THRESHOLD


def enters_tapped_as_land(game: Game, obj: GameObject, as_land: str) -> bool:
    """Tells whether a card played as a land comes into play tapped: one with Istočnik does (sr E3.52)."""
    tapped = bool(as_land) and _istocnik(game, obj) is not None
    if tapped:
        game.log("tapped_entry", game.cite("istocnik"), card=obj.card.name, other="Istočnik")
    return tapped


def put_as_land(game: Game, obj: GameObject) -> None:
    """Names in the trace that a card with Istočnik an effect puts into play as a land comes into play
    untapped and does not trigger: it was not played as a land (sr E3.53)."""
    if _istocnik(game, obj) is not None:
        game.log(
            "no_trigger",
            game.profile.cite_if("istocnik_by_effect"),
            card=obj.card.name,
            other="Istočnik: put into play as a land by an effect, not played as one",
        )


def _istocnik(game: Game, obj: GameObject) -> str | None:
    use = first_use(obj.card.keywords, "istocnik")
    return use.cost if use is not None and game.profile.has_keyword("istocnik") else None


def istocnik(game: Game, player: int, obj: GameObject, card_name: str) -> None:
    """After a card with Istočnik is played as a land, its player may pay the cost; if they do, the
    ability goes on the stack and draws a card (sr E3.51-E3.52). Played otherwise, nothing happens
    (sr E3.53)."""
    state = game.state
    cost = _istocnik(game, obj)
    if cost is None:
        return
    if mana.can_pay(state.players[player], cost):
        chosen = game.ask(Decision("may", player, options=("yes", "no")), None)
        if chosen not in ("yes", "no"):
            raise DecisionError(f"{game.player_name(player)} must answer yes or no: pay {cost} for Istočnik?")
        game.log("may", player=game.player_name(player), card=card_name, other=str(chosen))
        if chosen == "yes":
            mana.pay(state.players[player], cost)
            game.log("pay", game.cite("istocnik"), player=game.player_name(player), mana=cost)
            label = f"istocnik of {card_name}"
            effect = Effect(EffectKind.DRAW, amount=1, who="you")
            state.stack.append(
                StackItem(
                    state.tick(), "ability", player, obj.id, label, (effect,), rules=game.cite("istocnik")
                )
            )
