"""Control (layer 2): who controls a permanent is computed from control-changing effects, never stored.

An object's ``controller`` field is the player it came into play under (or who played it); a control
change is a continuous effect of layer 2 (ja 418.5a, sr D19.51) — from a resolved spell or ability, until
end of turn, for as long as a condition holds, or for good, or from a static ability ("you control
enchanted creature") — and the newest that applies wins (timestamp order: ru 418.5c, ja 418.5d,
sr D19.54). ``controller_of`` is the one way to read it.
"""

from __future__ import annotations

from ruling.engine.lasting import LastingKind
from ruling.engine.state import GameObject, GameState, Zone


def controller_of(state: GameState, obj: GameObject) -> int:
    """Returns who controls obj now: the newest control-changing effect that applies, else the player it
    came into play under."""
    if obj.zone is not Zone.IN_PLAY or not (state.lasting or state.control_statics):
        return obj.controller
    newest = (-1, obj.controller)
    for effect in state.lasting:
        if effect.kind is LastingKind.CONTROL and effect.target == obj.id and effect.timestamp > newest[0]:
            newest = (effect.timestamp, effect.player)
    if state.control_statics:
        from ruling.engine.layers import copiable

        for source_id in state.in_play:
            source = state.objects[source_id]
            if source.attached_to != obj.id or source.timestamp <= newest[0]:
                continue
            if any(e.kind == "control" for e in copiable(state, source).static):
                newest = (source.timestamp, _static_controller(state, source))
    return newest[1]


def _static_controller(state: GameState, source: GameObject) -> int:
    """Returns who controls the source of a static control effect ("you control enchanted creature"):
    the effect gives control to that player (an aura's controller is never changed by itself)."""
    return controller_of(state, source) if source.attached_to != source.id else source.controller
