"""Keywords that trigger as a spell is played: storm (ja 502.30a)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ruling.engine.state import StackItem

if TYPE_CHECKING:
    from ruling.engine.game import Game


def spell_played(game: Game, item: StackItem) -> None:
    """Counts the spell among those played this turn; a spell with storm is copied once for each spell
    played before it this turn, the copies keeping its targets (ja 502.30a: they may get new ones, which
    the engine does not offer)."""
    state = game.state
    if state.spells_turn != state.turn:
        state.spells_turn, state.spells_this_turn = state.turn, 0
    before = state.spells_this_turn
    state.spells_this_turn += 1
    obj = state.objects.get(item.source)
    if obj is None or obj.face_down or "storm" not in obj.card.keywords:
        return
    if not game.profile.has_keyword("storm"):
        return
    game.log("storm", game.cite("storm"), card=item.label, amount=before)
    for _ in range(before):
        state.stack.append(replace(item, id=state.tick(), kind="copy"))
