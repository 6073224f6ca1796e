"""Control (layer 2): who controls a permanent is computed from control-changing effects, never stored.

An object's ``controller`` field is the player it came into play under (or who played it); a control
change is a continuous effect of layer 2 (ja 418.5a, sr D19.51) — from a resolved spell or ability, until
end of turn, for as long as a condition holds, or for good, or from a static ability ("you control
enchanted creature") — and the newest that applies wins (timestamp order: ru 418.5c, ja 418.5d,
sr D19.54). ``controller_of`` is the one way to read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruling.engine.lasting import LastingKind
from ruling.engine.state import GameObject, GameState, Zone

if TYPE_CHECKING:
    from ruling.engine.cards import CardDef


@dataclass(frozen=True)
class ControlEffect:
    """A control-changing effect that applies to a permanent: when, from what, to whom."""

    timestamp: int
    source: str
    player: int


def note_control_statics(state: GameState, card: CardDef) -> None:
    """Notes a permanent in play whose copiable values are card (it came into play, or a position was set
    up with it): one with a static control-changing ability makes control computed with static abilities
    from now on. The one place ``GameState.control_statics`` is set; it never goes back, so a control
    change that ends as that permanent leaves play is still seen (ruling.engine.durations)."""
    if card.has_static("control"):
        state.control_statics = True


def control_effects(state: GameState, obj: GameObject) -> list[ControlEffect]:
    """Returns the control-changing effects that apply to obj, oldest first (the last one wins)."""
    if obj.zone is not Zone.IN_PLAY or not (state.lasting or state.control_statics):
        return []
    found = [
        ControlEffect(e.timestamp, e.source, e.player)
        for e in state.lasting
        if e.kind is LastingKind.CONTROL and e.target == obj.id
    ]
    if state.control_statics:
        from ruling.engine.layers import copiable, lost_all

        for source_id in state.in_play:
            source = state.objects[source_id]
            if source.attached_to != obj.id or (state.lasting and lost_all(state, source_id) is not None):
                continue
            card = copiable(state, source)
            if card.has_static("control"):
                found.append(ControlEffect(source.timestamp, card.name, controller_of(state, source)))
    return sorted(found, key=lambda e: e.timestamp)


def controller_of(state: GameState, obj: GameObject) -> int:
    """Returns who controls obj now: the newest control-changing effect that applies, else the player it
    came into play under."""
    if obj.zone is not Zone.IN_PLAY or not (state.lasting or state.control_statics):
        return obj.controller
    if state.control_statics:
        effects = control_effects(state, obj)
        return effects[-1].player if effects else obj.controller
    newest, player = -1, obj.controller
    for effect in state.lasting:
        if effect.kind is LastingKind.CONTROL and effect.target == obj.id and effect.timestamp > newest:
            newest, player = effect.timestamp, effect.player
    return player
