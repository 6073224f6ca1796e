"""Keywords that trigger as a spell is played: storm (ja 502.30a)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ruling.engine.announce import targeted
from ruling.engine.decisions import Decision
from ruling.engine.state import StackItem
from ruling.engine.targets import Target, describe, legal_for

if TYPE_CHECKING:
    from ruling.engine.game import Game


def spell_played(game: Game, item: StackItem) -> None:
    """Counts the spell among those played this turn; a spell with storm is copied once for each spell
    played before it this turn, and its player may choose new targets for each copy (ja 502.30a)."""
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
    for number in range(1, before + 1):
        copy = replace(item, id=state.tick(), kind="copy")
        copy.targets = _new_targets(game, item, number)
        state.stack.append(copy)


def _new_targets(game: Game, item: StackItem, number: int) -> tuple[Target, ...]:
    """Asks the spell's player for new targets of copy number (default: the original's); each must be a
    legal target of the same kind."""
    if not item.targets:
        return ()
    answer = game.ask(Decision("copy_targets", item.controller, number), None)
    if answer is None:
        return item.targets
    chosen = tuple(answer) if isinstance(answer, list | tuple) else ()
    if len(chosen) != len(item.targets):
        raise game.refuse(f"copy {number} of {item.label} needs {len(item.targets)} target(s)", "storm")
    aims = targeted(item.effects)
    colors = game.source_info(item.source).colors
    for target, group in zip(chosen, item.target_groups(), strict=True):
        aim = aims[group] if group < len(aims) else None
        if aim is not None and target not in legal_for(game, aim, colors, item.controller):
            raise game.refuse(f"{describe(game, target)} is not a legal target of {item.label}", "storm")
    names = ", ".join(describe(game, t) for t in chosen)
    game.log("targets", game.cite("storm"), card=f"{item.label} (copy {number})", other=names)
    return chosen
