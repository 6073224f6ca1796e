"""Split cards (ja 505): one card with two halves, each with its own name, cost, colour and text.

Outside the stack the card has both halves' characteristics — both names, and the colours of both, so
every split card is multicoloured there (ja 505.2-505.3, 505.5). A player plays one half (`choosing` its
name); on the stack only that half's characteristics exist (ja 505.2). It is one card: drawn, discarded or
countered as one (ja 505.4). The 1999 Russian rules and *Izvori magije* have no split cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.cards import CardDef
from ruling.engine.state import GameObject, Zone

if TYPE_CHECKING:
    from ruling.engine.game import Game


def half_named(card: CardDef, name: str) -> CardDef | None:
    """Returns the half of a split card with that name (or 1-based number), or None."""
    for number, half in enumerate(card.halves, 1):
        if name in (half.name, str(number)):
            return half
    return None


def choose_half(game: Game, obj: GameObject, wanted: str | None) -> CardDef:
    """Returns the half of a split card its player plays, refusing a missing or unknown one (ja 505.2)."""
    card = obj.card
    if "split_cards" not in game.profile.rules:
        raise game.refuse(f"split cards are not a rule of {game.profile.name}", "play")
    names = " or ".join(h.name for h in card.halves)
    half = half_named(card, wanted) if wanted is not None else None
    if half is None:
        raise game.refuse(f"{card.name} is a split card: play {names} ('choosing' the half)", "split_cards")
    return half


def stack_values(obj: GameObject) -> CardDef | None:
    """Returns the characteristics of a split card on the stack: only the half played (ja 505.2)."""
    if obj.half and obj.zone is Zone.STACK:
        return half_named(obj.card, obj.half)
    return None
