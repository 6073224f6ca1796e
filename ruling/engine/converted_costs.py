"""Converted mana costs of objects in any zone (ru 203.3, ja 203.3, sr B4.30).

The converted mana cost is the amount of mana in the mana cost, whatever its colour; an object without a
mana cost has 0 (sr B4.31), and X counts 0 (the effects that read it look at permanents and at cards in
hands, libraries and graveyards, never at spells). It is read from the object's copiable values,
so a face-down permanent and a card played as a land have 0, and a copy has the cost of what it copies.
A split card has one cost per half: on the stack only the half played exists (ja 505.2); elsewhere an effect
that reads the value gets both halves' costs added up (ja 505.5: Infernal Genesis with Assault//Battery on
top makes 1 + 4 = 5 tokens), and an effect that asks whether it is a given number gets yes if either half's
is (ja 505.6: Void naming 1 or 4 discards Assault//Battery, naming 5 does not).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruling.engine.cards import CHOSEN, CardDef, Effect, parse_cost
from ruling.engine.decisions import Decision, DecisionError
from ruling.engine.layers import copiable
from ruling.engine.state import GameObject
from ruling.numbers import GAME_LIMIT, is_whole

if TYPE_CHECKING:
    from ruling.engine.game import Game

NUMBER_OPTIONS = tuple(str(n) for n in range(17))
"""The numbers a random player picks from when an effect says "choose a number"; a script may answer any
whole number."""


@dataclass(frozen=True)
class ConvertedCost:
    """An object's converted mana cost: one value, or one per half of a split card outside the stack."""

    values: tuple[int, ...]
    names: tuple[str, ...] = ()
    """The halves' names, for a split card."""

    @property
    def total(self) -> int:
        """The value an effect reads: a split card's halves added up (ja 505.5)."""
        return sum(self.values)

    def is_(self, number: int) -> bool:
        """Tells whether it is number: for a split card, whether either half's is (ja 505.6)."""
        return number in self.values

    @property
    def text(self) -> str:
        """The values as the trace shows them: "1 (Assault), 4 (Battery)" for a split card."""
        if not self.names:
            return str(self.total)
        return ", ".join(f"{v} ({n})" for v, n in zip(self.values, self.names, strict=True))


def _printed(card: CardDef) -> int:
    generic, colored = parse_cost(card.cost)
    return generic + len(colored)


def converted_cost(game: Game, obj: GameObject) -> ConvertedCost:
    """Returns the converted mana cost of an object from its copiable values (a split card on the stack is
    the half played, ja 505.2)."""
    card = copiable(game.state, obj)
    if card.halves:
        return ConvertedCost(tuple(_printed(h) for h in card.halves), tuple(h.name for h in card.halves))
    return ConvertedCost((_printed(card),))


def cost_rules(game: Game, cost: ConvertedCost, asks: bool) -> tuple[str, ...]:
    """Returns the rules that give a converted mana cost: for a split card, the rule for effects that read
    the value (ja 505.5), or that ask whether it is a number (asks: ja 505.6)."""
    split = game.profile.cite_if("split_either" if asks else "split_total") if cost.names else ()
    return game.cite("converted_cost") + split


def wanted_cost(effect: Effect, chosen: int | None) -> int | None:
    """Returns the converted mana cost an effect is limited to (its own number, or the one chosen before
    it), or None for an effect with no such limit."""
    if not effect.cmc:
        return None
    if effect.cmc == CHOSEN:
        if chosen is None:
            raise DecisionError(f"{effect.kind} needs the number a choose_number before it chose")
        return chosen
    return int(effect.cmc)


def choose_number(game: Game, player: int, source: int, label: str) -> int:
    """Asks the controller of a resolving effect to choose a number ("choose a number")."""
    chosen = game.ask(Decision("choose", player, source, NUMBER_OPTIONS), None)
    if not isinstance(chosen, str | int) or not is_whole(str(chosen)) or int(chosen) > GAME_LIMIT:
        raise DecisionError(
            f"{game.player_name(player)} must choose a whole number for {label}, not {chosen!r}"
        )
    game.log("may", player=game.player_name(player), card=label, other=str(chosen))
    return int(chosen)
