"""Durations of continuous effects that end in the middle of a turn, and the control changes they cause.

An effect "for as long as" a condition holds ends the first time the condition fails and never starts
again; one whose condition already failed before it would first apply does nothing (ru 418.3d,
ja 418.3d, sr D19.34). After every batch of events the engine ends such effects, then sees whose control each
permanent is under now: a permanent that changed controller has not been continuously controlled since
the turn began.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.control import controller_of
from ruling.engine.lasting import Lasting, LastingKind, While
from ruling.engine.state import GameState, Zone

if TYPE_CHECKING:
    from ruling.engine.game import Game


def holds(state: GameState, effect: Lasting) -> bool:
    """Tells whether the condition of an "as long as" effect holds now (an effect without one: always)."""
    if effect.while_ is While.ALWAYS:
        return True
    source = state.objects.get(effect.source_id) if effect.source_id is not None else None
    if source is None or source.zone is not Zone.IN_PLAY:
        return False
    if effect.while_ is While.SOURCE_TAPPED:
        return source.tapped
    return controller_of(state, source) == effect.player


def condition_text(game: Game, while_: While, source: int | None, player: int) -> str:
    """Returns an "as long as" condition in words ("Endoskeleton is tapped", "alice controls Seasinger")."""
    name = game.name(source) if source is not None else "?"
    if while_ is While.SOURCE_TAPPED:
        return f"{name} is tapped"
    return f"{game.player_name(player)} controls {name}"


def duration_began(game: Game, while_: While, source: int | None, player: int, label: str) -> bool:
    """Tells whether an effect's "as long as" duration still holds as the effect would begin; if it ended
    before, the effect does nothing — it neither starts and stops at once nor lasts for ever (ru 418.3d,
    ja 418.3d, sr D19.34)."""
    if while_ is While.ALWAYS:
        return True
    probe = Lasting(LastingKind.PUMP, 0, 0, label, player=player, while_=while_, source_id=source)
    if holds(game.state, probe):
        return True
    other = f"as long as {condition_text(game, while_, source, player)}"
    game.log("no_effect", game.cite("duration"), card=label, other=other)
    return False


def after_batch(game: Game) -> None:
    """Ends the "as long as" effects whose condition no longer holds, then notes control changes."""
    state = game.state
    ended: list[Lasting] = []
    if state.lasting:
        ended = [e for e in state.lasting if e.while_ is not While.ALWAYS and not holds(state, e)]
        if ended:
            state.lasting = [e for e in state.lasting if e not in ended]
            for effect in ended:
                name = game.name(effect.target) if effect.target in state.objects else f"#{effect.target}"
                game.log("effect_ends", game.cite("duration"), card=name, other=effect.source)
    if ended or state.lasting or state.control_statics:
        refresh_control(game)


def refresh_control(game: Game) -> None:
    """Notes every permanent whose controller has changed since last seen: it is not continuously
    controlled since the turn began, and the trace says who controls it now."""
    state = game.state
    for obj_id in state.in_play:
        obj = state.objects[obj_id]
        now = controller_of(state, obj)
        seen = obj.controller if obj.control_seen < 0 else obj.control_seen
        if now != seen:
            obj.control_seen = now
            obj.controlled_since_turn_start = False
            game.log(
                "control", game.cite("control_change"), player=game.player_name(now), card=game.name(obj_id)
            )
