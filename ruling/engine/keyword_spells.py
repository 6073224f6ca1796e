"""Keywords that trigger as a spell is played: storm (ja 502.30a)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ruling.engine.spell_copies import choose_copy_targets
from ruling.engine.state import StackItem
from ruling.engine.targets import COPY

if TYPE_CHECKING:
    from ruling.engine.game import Game


def spell_played(game: Game, item: StackItem) -> None:
    """Counts the spell among those played this turn; a spell with storm is copied once for each spell
    played before it this turn, and its player may choose new targets for each copy (ja 502.30a), once for
    each instance of storm (ja 502.30b); copies are not played, so they are not counted."""
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
    instances = obj.card.keywords.count("storm")
    rules = game.cite("storm") + (game.cite("storm_instances") if instances > 1 else ())
    made = 0
    for _ in range(instances):
        game.log("storm", rules, card=item.label, amount=before)
        for _ in range(before):
            made += 1
            copy = replace(item, id=state.tick(), kind=COPY)
            copy.targets = choose_copy_targets(game, item, item.controller, made, "storm")
            state.stack.append(copy)
