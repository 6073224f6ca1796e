"""Changing the target of a spell on the stack: only to another legal target, and never its mode (ru 415.2,
415.2a; ja 415.7a-b; sr D15.71-D15.72)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.announce import targeted
from ruling.engine.cards import Effect
from ruling.engine.decisions import Decision
from ruling.engine.targets import Target, describe, is_target, legal_for

if TYPE_CHECKING:
    from ruling.engine.game import Game
    from ruling.engine.state import StackItem


def change_target(game: Game, targets: list[Target], controller: int) -> None:
    """Changes the one target of each targeted spell still on the stack: its controller picks another
    target legal for the spell as it was played (the same mode); with none, the target stays (ru 415.2)."""
    for kind, item_id in targets:
        item = next((i for i in game.state.stack if i.id == item_id), None)
        if kind == "spell" and item is not None and len(item.targets) == 1:
            _change(game, item, controller)


def _aim(item: StackItem) -> Effect | None:
    aims = targeted(item.effects)
    return aims[0] if aims else None


def _change(game: Game, item: StackItem, controller: int) -> None:
    aim = _aim(item)
    if aim is None:
        return
    old = item.targets[0]
    colors = game.source_info(item.source).colors
    options = tuple(t for t in legal_for(game, aim, colors, item.controller) if t != old)
    if not options:
        game.log("retarget_kept", game.cite("change_target"), card=item.label, other=describe(game, old))
        return
    chosen = game.ask(Decision("new_target", controller, item.id, options), None)
    if chosen not in options:
        what = describe(game, chosen) if is_target(chosen) else repr(chosen)
        if is_target(chosen) and _fits_other_mode(game, item, chosen, colors):
            raise game.refuse(
                f"{what} is a target of another mode of {item.label}: changing its target keeps its mode",
                "change_target_mode",
            )
        raise game.refuse(f"{what} is not another legal target of {item.label}", "change_target")
    assert is_target(chosen)
    item.targets = (chosen,)
    rules = game.cite("change_target") + (game.cite("change_target_mode") if _modes(game, item) else ())
    game.log("retarget", rules, card=item.label, other=describe(game, chosen), old=describe(game, old))


def _modes(game: Game, item: StackItem) -> list[tuple[Effect, ...]]:
    """Returns the effects of the other modes of the spell's card, when it is modal."""
    obj = game.state.objects.get(item.source)
    if obj is None or not obj.card.modes:
        return []
    return [m.effects for m in obj.card.modes if m.effects != item.effects]


def _fits_other_mode(game: Game, item: StackItem, target: Target, colors: str) -> bool:
    """Tells whether target would be legal for a mode of the spell other than the one it was played with."""
    for effects in _modes(game, item):
        aims = targeted(effects)
        if aims and target in legal_for(game, aims[0], colors, item.controller):
            return True
    return False
