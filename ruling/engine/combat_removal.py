"""Removal from combat: by an effect, by regeneration, and when a creature changes controller or stops
being a creature (ru 306.2, ja 306.2, sr C7.20); an attacker it blocked stays blocked (ru 309.4), and a
creature that blocked it stays blocking (ru 309.3); it leaves its band (ja 502.10d)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.control import controller_of
from ruling.engine.state import Zone

if TYPE_CHECKING:
    from ruling.engine.game import Game


def remove_from_combat(game: Game, obj_id: int, rules: tuple[str, ...] = ()) -> None:
    """Takes a creature out of combat: it is no longer attacking, blocking, blocked or unblocked."""
    combat = game.state.combat
    if combat is None:
        return
    if obj_id not in combat.involved():
        return
    if obj_id in combat.attackers:
        combat.attackers.remove(obj_id)
        left = combat.blockers.pop(obj_id, [])
        still = combat.blocking()
        combat.idle_blockers += [b for b in left if b not in still]
    for blockers in [*combat.blockers.values(), combat.idle_blockers]:
        if obj_id in blockers:
            blockers.remove(obj_id)
    for band in combat.bands:
        if obj_id in band:
            band.remove(obj_id)
    combat.bands = [band for band in combat.bands if len(band) > 1]
    game.log("remove_combat", rules, card=game.name(obj_id))


def check_combat(game: Game) -> None:
    """Removes from combat every creature that changed controller or stopped being a creature."""
    state = game.state
    combat = state.combat
    if combat is None:
        return
    for obj_id in combat.involved():
        obj = state.objects.get(obj_id)
        if obj is None or obj.zone is not Zone.IN_PLAY:
            continue
        now = controller_of(game.state, obj)
        declared = combat.controllers.get(obj_id, now)
        if now != declared or not game.chars(obj).is_creature:
            remove_from_combat(game, obj_id, game.cite("combat_removal"))
