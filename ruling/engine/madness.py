"""Madness (ja 502.24a): a card discarded from the hand may be removed from the game instead of going to
the graveyard; when that happens a triggered ability lets its player, until they next pass, play it any
time they could play an instant for its madness cost; when they next pass, it goes to the graveyard.

The window is kept on the removed card (``madness_window``); ``alice plays CARD paying madness`` plays it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.cards import Effect, EffectKind
from ruling.engine.decisions import Decision, DecisionError
from ruling.engine.keywords import first_use
from ruling.engine.state import Pending, Zone

if TYPE_CHECKING:
    from ruling.engine.events import ZoneChange
    from ruling.engine.game import Game


def has_madness(game: Game, obj_id: int) -> bool:
    obj = game.state.objects.get(obj_id)
    return (
        obj is not None
        and game.profile.has_keyword("madness")
        and first_use(obj.card.keywords, "madness") is not None
    )


def madness_instead(game: Game, event: ZoneChange) -> Zone:
    """A card with madness discarded from its owner's hand: its owner may remove it from the game instead
    (ja 502.24a); returns where it goes."""
    obj = game.state.objects.get(event.obj)
    discarded = obj is not None and obj.zone is Zone.HAND and event.to is Zone.GRAVEYARD
    if not discarded or obj is None or not has_madness(game, obj.id):
        return event.to
    chosen = game.ask(Decision("may", obj.owner, options=("yes", "no")), None)
    if chosen not in ("yes", "no"):
        raise DecisionError(
            f"{game.player_name(obj.owner)} must answer yes or no: madness for {obj.card.name}?"
        )
    game.log("may", player=game.player_name(obj.owner), card=obj.card.name, other=str(chosen))
    if chosen == "no":
        return event.to
    game.log("keyword", game.cite("madness"), card=obj.card.name, other="madness")
    return Zone.REMOVED


def madness_removed(game: Game, old_zone: Zone, new_id: int) -> None:
    """The card removed by madness triggers: its ability opens the window when it resolves."""
    state = game.state
    obj = state.objects.get(new_id)
    if (
        obj is None
        or old_zone is not Zone.HAND
        or obj.zone is not Zone.REMOVED
        or not has_madness(game, new_id)
    ):
        return
    label = f"madness of {obj.card.name}"
    rules = game.cite("madness")
    state.pending.append(
        Pending(obj.owner, new_id, label, (Effect(EffectKind.MADNESS),), None, rules, new_id)
    )
    game.log("trigger", rules, player=game.player_name(obj.owner), card=label)


def open_window(game: Game, obj_id: int) -> None:
    """Resolves the madness trigger: the card may be played until its owner next passes."""
    obj = game.state.objects.get(obj_id)
    if obj is not None and obj.zone is Zone.REMOVED:
        obj.madness_window = True


def close_windows(game: Game, player: int) -> None:
    """The player passes: each card whose madness window was open goes to its owner's graveyard."""
    from ruling.engine.events import ZoneChange, perform

    state = game.state
    closing = [o.id for o in state.objects.values() if o.madness_window and o.owner == player]
    for obj_id in closing:
        state.obj(obj_id).madness_window = False
    if closing:
        perform(game, [ZoneChange(obj_id, Zone.GRAVEYARD) for obj_id in closing])
