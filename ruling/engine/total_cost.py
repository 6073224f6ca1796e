"""The total cost of a spell (ru 409.1f, ja 409.1f, sr D10.16): its mana cost, or an alternative cost its card
offers, plus additional costs, plus the increases and minus the reductions of static abilities; fixed once
determined. A change takes generic mana off or adds it; a reduction never takes off coloured mana, nor
more generic mana than the cost has. What an alternative cost takes besides mana is paid by
ruling.engine.alternative_costs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruling.engine.cards import COST_CHANGES, AlternativeCost, CardDef, Effect, of_kind
from ruling.engine.layers import statics
from ruling.engine.seats import opponents
from ruling.engine.variants import life_of
from ruling.errors import IllegalActionError

if TYPE_CHECKING:
    from ruling.engine.game import Game

ALTERNATIVE = "alternative"
"""The word a player announces to pay a card's alternative cost (``paying alternative``)."""


@dataclass(frozen=True)
class CostStep:
    """One change of a spell's total cost: its source's name and the generic mana it adds (less when
    negative)."""

    source: str
    amount: int

    def __str__(self) -> str:
        return f"{self.source} {self.amount:+d}"


@dataclass(frozen=True)
class CostChange:
    """The changes static abilities make to a spell's total cost; own tells whether the spell's own ability
    is one of them."""

    steps: tuple[CostStep, ...] = ()
    own: bool = False

    @property
    def net(self) -> int:
        return sum(step.amount for step in self.steps)

    def plus(self, step: CostStep) -> CostChange:
        return CostChange((*self.steps, step), self.own)

    def describe(self) -> str:
        return ", ".join(str(step) for step in self.steps)


NO_CHANGE = CostChange()
"""The cost change of a spell no static ability changes."""


def _own_applies(game: Game, player: int, effect: Effect, card: CardDef) -> bool:
    """Tells whether a change of the card's own cost applies: its life condition, read from the player's
    own life (half the team's in Magic Heart: sr F7.91)."""
    limit = effect.life_at_most * game.profile.scale
    holds = not limit or life_of(game.state, player) <= limit
    return effect.who == "self" and holds and of_kind(effect, card)


def cost_change(game: Game, player: int, card: CardDef) -> CostChange:
    """Returns how the static abilities in play, and the card's own, change the cost of card as player plays
    it: a change of its own cost works only on the stack, while it is being played (sr D3.93)."""
    state = game.state
    steps: list[CostStep] = []
    for holder, effect in statics(state):
        if effect.kind not in COST_CHANGES or effect.who == "self" or not of_kind(effect, card):
            continue
        controller = game.controller(holder)
        if effect.who == "you" and controller != player:
            continue
        if effect.who == "opponent" and player not in opponents(state, controller):
            continue
        steps.append(_step(game.name(holder.id), effect))
    own = [
        _step(card.name, e)
        for e in card.static
        if e.kind in COST_CHANGES and _own_applies(game, player, e, card)
    ]
    return CostChange((*steps, *own), bool(own))


def _step(source: str, effect: Effect) -> CostStep:
    return CostStep(source, effect.amount if effect.kind == "cost_more" else -effect.amount)


def change_rules(game: Game, change: CostChange) -> tuple[str, ...]:
    """Returns the rules a cost change cites: the total cost, and for the card's own change the rule that it
    works on the stack."""
    if not change.steps:
        return ()
    return game.cite("cost_change") + (game.profile.cite_if("own_cost") if change.own else ())


def alternative_of(game: Game, card: CardDef, extras: tuple[str, ...]) -> AlternativeCost | None:
    """Returns the alternative cost the player announced paying, refusing one the card lacks and a second
    way of playing the spell instead of its mana cost (ja 409.1b, sr D10.12)."""
    if ALTERNATIVE not in extras:
        return None
    if card.alternative is None:
        raise game.refuse(f"{card.name} has no alternative cost", "alternative_cost")
    if others := [e for e in extras if e in ("flashback", "madness")]:
        rules = game.profile.cite_if("one_alternative") or game.cite("alternative_cost")
        message = f"{card.name}: one alternative cost per spell, not its own and {others[0]}"
        raise IllegalActionError(message, rules)
    return card.alternative
