"""Phasing (ja 502.15): in each player's untap step, before they untap, every permanent with phasing they
control phases out and, at the same time, every permanent that phased out under their control phases in
(ja 502.15b).

A phased-out permanent is treated as though it did not exist: it leaves the list of permanents in play for
``state.phased_out`` (the 2004 rules' phased-out zone, ja 217.8) but stays the same object — no new
identity, counters, choices and timestamp kept (ja 502.15f, 502.15h, 502.15k); its damage is removed
(ja 502.15e); effects until end of turn on it end (ja 502.15g); the local enchantments and Equipment
attached to it phase out with it and phase in with it (ja 502.15i); and as it phases in it can attack and
tap as though it had haste (ja 502.15m). Nothing enters or leaves play, so no comes-into-play or leaves-play
ability triggers (ja 502.15d).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.state import GameObject, Zone

if TYPE_CHECKING:
    from ruling.engine.game import Game


def phase(game: Game, player: int) -> None:
    """Performs the phasing of player's untap step: phasing out and phasing in at the same time."""
    if not game.profile.has_keyword("phasing"):
        return
    state = game.state
    coming = [i for i in state.phased_out if _phased_out_under(state.obj(i)) == player]
    going = [o.id for o in state.permanents(player) if "phasing" in game.chars(o).keywords]
    going += [o.id for o in state.permanents() if o.attached_to in going and o.id not in going]
    for obj_id in going:
        obj = state.obj(obj_id)
        state.in_play.remove(obj_id)
        state.phased_out.append(obj_id)
        obj.control_seen = game.controller(obj)
        obj.zone = Zone.PHASED_OUT
        obj.damage = 0
        state.effects = [e for e in state.effects if e.target != obj_id]
        state.lasting = [e for e in state.lasting if e.target != obj_id or not e.until_end_of_turn]
        game.log("phase_out", game.cite("phasing"), card=game.name(obj_id))
    for obj_id in coming:
        obj = state.obj(obj_id)
        state.phased_out.remove(obj_id)
        obj.zone = Zone.IN_PLAY
        state.in_play.append(obj_id)
        obj.controlled_since_turn_start = True
        game.log("phase_in", game.cite("phasing"), card=game.name(obj_id))
    state.in_play.sort(key=lambda i: state.obj(i).timestamp)


def _phased_out_under(obj: GameObject) -> int:
    """Returns who controlled a phased-out permanent as it phased out (control is computed only in play,
    ruling.engine.control)."""
    return obj.controller if obj.control_seen < 0 else obj.control_seen
