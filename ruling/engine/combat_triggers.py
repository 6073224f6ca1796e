"""Triggered abilities that wait for a combat event involving another creature: "whenever a green creature
attacks", "whenever this creature blocks a creature that isn't black", "whenever this creature becomes
blocked by a white creature". Each triggers once per creature, with that creature as the "that creature"
its effects act on, and only as the attack or block is declared: a creature whose characteristics change
later to match the condition does not make it trigger (ru 308.1; ja 308.3, 309.3; sr C9.30, C10.30,
C10.40; once per blocked creature: sr D11.92)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.cards import TriggerKind
from ruling.engine.influence import event_in_range
from ruling.engine.layers import triggers_of
from ruling.engine.triggers import add_trigger

if TYPE_CHECKING:
    from ruling.engine.game import Game
    from ruling.engine.layers import Characteristics
    from ruling.engine.state import GameObject


def watch_attackers(game: Game, attackers: list[int]) -> None:
    """Collects the "whenever a creature attacks" abilities of every permanent for each attacker (the
    watchers' abilities are found once for the whole declaration)."""
    state = game.state
    watching = [
        (watcher, trigger)
        for watcher in state.permanents()
        for trigger in triggers_of(state, watcher)
        if trigger.when is TriggerKind.A_CREATURE_ATTACKS
    ]
    if not watching:
        return
    for attacker in attackers:
        colors = game.chars(state.obj(attacker)).colors
        for watcher, trigger in watching:
            if trigger.matches(colors):
                add_trigger(game, watcher, trigger, attacker)


def watch_blocks(game: Game, blocks: dict[int, list[int]]) -> None:
    """Collects, for each blocker and each attacker it blocks, the blocker's "blocks a creature" and the
    attacker's "becomes blocked by a creature" abilities (each creature's characteristics computed once
    for the whole declaration)."""
    state = game.state
    known: dict[int, Characteristics] = {}

    def chars(obj: GameObject) -> Characteristics:
        if obj.id not in known:
            known[obj.id] = game.chars(obj)
        return known[obj.id]

    for blocker_id, attacked in blocks.items():
        blocker = state.obj(blocker_id)
        for attacker_id in attacked:
            attacker = state.obj(attacker_id)
            for trigger in chars(blocker).triggers:
                if trigger.when is TriggerKind.BLOCKS_CREATURE and trigger.matches(chars(attacker).colors):
                    add_trigger(game, blocker, trigger, attacker_id)
            for trigger in chars(attacker).triggers:
                if trigger.when is TriggerKind.BLOCKED_BY_CREATURE and trigger.matches(chars(blocker).colors):
                    add_trigger(game, attacker, trigger, blocker_id)
            enchanted_triggers(game, blocker, TriggerKind.BLOCKS_CREATURE, attacker_id)
            enchanted_triggers(game, attacker, TriggerKind.BLOCKED_BY_CREATURE, blocker_id)


def enchanted_triggers(game: Game, creature: GameObject, when: TriggerKind, other: int | None = None) -> None:
    """Collects the abilities of the auras on a creature that wait for its event ("whenever enchanted
    creature becomes blocked [by a creature]"), with the other creature of the event, if any, as their
    "that creature". Under a limited range of influence an aura's ability triggers only when the whole event
    lies within its controller's range: the enchanted creature and the other one (sr F2.70)."""
    state = game.state
    auras = [aura for aura in state.permanents() if aura.attached_to == creature.id]
    if not auras:
        return
    involved = [creature] if other is None else [creature, state.obj(other)]
    colors = game.chars(involved[-1]).colors if other is not None else ""
    for aura in auras:
        for trigger in game.chars(aura).triggers:
            if trigger.when is not when or trigger.watches != "enchanted":
                continue
            if (other is None or trigger.matches(colors)) and all(
                event_in_range(game, aura, obj) for obj in involved
            ):
                add_trigger(game, aura, trigger, other)
