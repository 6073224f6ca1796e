"""Conditions of triggered abilities: an intervening "if" right after the trigger event is checked when
the ability would trigger — it does not trigger if false — and again on resolution — it does nothing if
false then (ru 410.8, ja 410.8, sr D11.80). A condition is written as the first effect of the ability:
``if_life_at_most`` (its controller has ``amount`` life or less), ``if_controls`` (its controller controls
a permanent of type ``what``, of ``subtype`` when given; ``amount`` of them or more when given) or
``if_graveyard_at_most`` (its controller's graveyard holds ``amount`` cards of type ``what`` or fewer: "if
this is the only creature card in your graveyard")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.cards import Effect, EffectKind
from ruling.engine.variants import life_of

if TYPE_CHECKING:
    from ruling.engine.game import Game

CONDITIONS = (EffectKind.IF_LIFE_AT_MOST, EffectKind.IF_CONTROLS, EffectKind.IF_GRAVEYARD_AT_MOST)


def holds(game: Game, effect: Effect, controller: int) -> bool:
    """Tells whether a condition effect holds now for the ability's controller (other effects: true)."""
    if effect.kind is EffectKind.IF_LIFE_AT_MOST:
        return life_of(game.state, controller) <= effect.amount * game.profile.scale
    if effect.kind is EffectKind.IF_CONTROLS:
        count = sum(
            (not effect.what or effect.what in chars.types)
            and (not effect.subtype or effect.subtype in chars.subtypes)
            for chars in (game.chars(o) for o in game.state.permanents(controller))
        )
        return count >= max(effect.amount, 1)
    if effect.kind is EffectKind.IF_GRAVEYARD_AT_MOST:
        cards = (game.state.obj(i).card for i in game.state.players[controller].graveyard)
        return sum(not effect.what or effect.what in card.types for card in cards) <= effect.amount
    return True


def describe(effect: Effect) -> str:
    if effect.kind is EffectKind.IF_LIFE_AT_MOST:
        return f"its controller does not have {effect.amount} life or less"
    if effect.kind is EffectKind.IF_GRAVEYARD_AT_MOST:
        return f"its controller's graveyard holds more than {effect.amount} {effect.what or 'card'} card(s)"
    what = effect.subtype or effect.what or "permanent"
    if effect.amount > 1:
        return f"its controller controls fewer than {effect.amount} of type {what}"
    return f"its controller controls no {what}"
