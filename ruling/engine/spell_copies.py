"""Copies of spells: a copy goes on the stack with the spell's characteristics and every choice made as it
was played (mode, targets, X); it is not played, the player who put it there controls it, it is a spell, and
it ceases to exist once it leaves the stack (ja 503.10-503.10a, sr E4.80-E4.82). The 1999 rules know a spell
only as a card on the stack (ru 401.1), so copying one is refused under them rather than guessed."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ruling.engine.announce import targeted
from ruling.engine.decisions import Decision
from ruling.engine.targets import COPY, SPELL_ITEMS, Target, describe, legal_for

if TYPE_CHECKING:
    from ruling.engine.game import Game
    from ruling.engine.state import StackItem


def copy_spells(game: Game, targets: list[Target], controller: int, new_targets: bool, label: str) -> None:
    """Puts a copy of each targeted spell still on the stack on top of it, controlled by the player of the
    effect; with new_targets, that player may choose new targets for the copy."""
    state = game.state
    for _, item_id in targets:
        item = next((i for i in state.stack if i.id == item_id and i.kind in SPELL_ITEMS), None)
        if item is None:
            continue
        if "copy_spell" not in game.profile.rules:
            raise game.refuse(
                f"the {game.profile.doc} rules know a spell only as a card on the stack: {label} can't "
                f"copy {item.label}",
                "copy_spell_unruled",
            )
        rules = game.cite("copy_spell")
        copy = replace(item, id=state.tick(), kind=COPY, controller=controller, rules=rules)
        game.log("copy_spell", rules, player=game.player_name(controller), card=item.label)
        if new_targets:
            key = "copy_new_targets" if "copy_new_targets" in game.profile.rules else "copy_spell"
            copy.targets = choose_copy_targets(game, item, controller, 1, key)
        state.stack.append(copy)


def choose_copy_targets(
    game: Game, item: StackItem, controller: int, number: int, key: str
) -> tuple[Target, ...]:
    """Asks the copy's controller for the targets of copy number (default: the spell's). A target left as
    it was stays even if it is illegal now; each new one must be a legal target of the same kind (sr
    E4.82). A wrong answer is refused citing the rule of key."""
    if not item.targets:
        return ()
    answer = game.ask(Decision("copy_targets", controller, number), None)
    if answer is None:
        return item.targets
    chosen = tuple(answer) if isinstance(answer, list | tuple) else ()
    if len(chosen) != len(item.targets):
        raise game.refuse(f"copy {number} of {item.label} needs {len(item.targets)} target(s)", key)
    aims = targeted(item.effects)
    colors = game.source_info(item.source).colors
    for old, target, group in zip(item.targets, chosen, item.target_groups(), strict=True):
        aim = aims[group] if group < len(aims) else None
        if target != old and aim is not None and target not in legal_for(game, aim, colors, controller):
            raise game.refuse(f"{describe(game, target)} is not a legal target of {item.label}", key)
    names = ", ".join(describe(game, t) for t in chosen)
    game.log("targets", game.cite(key), card=f"{item.label} (copy {number})", other=names)
    return chosen


def topmost_copy(stack: list[StackItem], source: int) -> int | None:
    """Returns the id of the topmost copy on the stack of the spell whose card is source, or None."""
    return next((i.id for i in reversed(stack) if i.kind == COPY and i.source == source), None)


def copy_left_stack(game: Game, item: StackItem) -> None:
    """Notes that a copy of a spell which resolved, was countered or left the stack ceased to exist (a
    state-based effect, ja 503.10a, sr E4.81)."""
    if item.kind == COPY:
        game.log("copy_ceases", game.profile.cite_if("copy_ceases"), card=item.label)
