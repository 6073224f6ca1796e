"""State triggers: abilities that trigger on a state of the game rather than an event ("whenever you have no
cards in hand, draw a card"). Such an ability triggers as soon as the state holds, even in the middle of a
spell's resolution, and does not trigger again until it has resolved or left the stack; then it triggers
again if its permanent is still in play and the state still holds (ru 410.11, ja 410.11, sr D11.110).
The state is checked after every change of zones, so a hand that is empty for a moment is seen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.cards import Trigger, TriggerKind
from ruling.engine.layers import triggers_of
from ruling.engine.triggers import add_trigger

if TYPE_CHECKING:
    from ruling.engine.game import Game
    from ruling.engine.state import GameObject


def _holds(game: Game, obj: GameObject, trigger: Trigger) -> bool:
    if trigger.when is TriggerKind.HAND_EMPTY:
        return not game.state.players[game.controller(obj)].hand
    return False


def _waiting(game: Game, obj: GameObject, trigger: Trigger) -> bool:
    """Tells whether this ability of obj has triggered and not yet resolved or left the stack."""
    state = game.state
    return any(p.source == obj.id and p.effects == trigger.effects for p in state.pending) or any(
        i.kind == "ability" and i.source == obj.id and i.effects == trigger.effects for i in state.stack
    )


def check_state_triggers(game: Game) -> None:
    """Triggers every state trigger of a permanent in play whose state holds and that is not waiting
    (triggered abilities come with the copiable values and text changes, so no other effect need be
    computed; a permanent that lost all its abilities has none)."""
    state = game.state
    for obj in state.permanents():
        for trigger in triggers_of(state, obj):
            if (
                trigger.when in STATE_TRIGGERS
                and _holds(game, obj, trigger)
                and not _waiting(game, obj, trigger)
            ):
                add_trigger(game, obj, trigger, None, game.cite("state_trigger"))


STATE_TRIGGERS = (TriggerKind.HAND_EMPTY,)
