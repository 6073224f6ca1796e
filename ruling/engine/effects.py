"""Continuous effects that resolving spells and abilities create, locked to the objects they affect
(ru 418.3b, sr D19.32); what they do to characteristics is computed by ruling.engine.layers."""

from __future__ import annotations

from ruling.engine.lasting import Lasting, LastingKind
from ruling.engine.state import ContinuousEffect, GameState


def add_until_end_of_turn(state: GameState, target: int, power: int, toughness: int, source: str) -> None:
    """Adds a P/T change that lasts until the cleanup step."""
    state.effects.append(ContinuousEffect(target, power, toughness, state.tick(), source))


def add_lasting(state: GameState, kind: LastingKind, target: int, source: str, **values: object) -> Lasting:
    """Adds a continuous effect of kind to target with the next timestamp (ja 418.5g, sr D19.57)."""
    effect = Lasting(kind, target, state.tick(), source)
    for key, value in values.items():
        setattr(effect, key, value)
    state.lasting.append(effect)
    return effect
