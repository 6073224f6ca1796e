"""What a player may look at: the hidden and the public information of each zone (ru 217, ja 217, sr B16),
face-down permanents and spells, seen by their controller only (ja 504.3), and what the controller of a
player's turn may see besides: whatever that player may see (ja 507.2).

Looking changes nothing in the game: a look a rule allows goes to the trace with that rule, one no rule
allows is refused citing the rule that hides the card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruling.engine.document_rules import cite_if_in
from ruling.engine.state import GameObject, Zone
from ruling.engine.turn_control import cite as cite_turn_control
from ruling.engine.turn_control import controlled
from ruling.errors import IllegalActionError

if TYPE_CHECKING:
    from ruling.engine.game import Game

RULES: dict[str, dict[str, tuple[str, ...]]] = {
    "ru": {"library": ("217.2b",), "hand": ("217.3c",), "graveyard": ("217.4b",), "removed": ("217.7b",)},
    "ja": {
        "library": ("217.2b",),
        "hand": ("217.3c",),
        "graveyard": ("217.4b",),
        "removed": ("217.7b",),
        "phased out": ("217.8b",),
        "face_down": ("504.3",),
    },
    "sr": {"library": ("B16.22",), "hand": ("B16.33",), "graveyard": ("B16.42",), "removed": ("B16.72",)},
}
"""The rules that say who may look at the cards of each zone, per document."""


@dataclass(frozen=True)
class Sight:
    """Whether a player may look at an object, the rules that say so, and why not."""

    allowed: bool
    rules: tuple[str, ...]
    hidden: str = ""


def look(game: Game, player: int, obj_id: int) -> None:
    """Player looks at an object, or is refused citing the rule that hides it from them; the controller of
    another player's turn sees what that player sees (ja 507.2)."""
    state = game.state
    obj = state.obj(obj_id)
    sight = sight_of(game, player, obj)
    if not sight.allowed and controlled(state, state.active) and state.turn_controller == player:
        theirs = sight_of(game, state.active, obj)
        if theirs.allowed:
            sight = Sight(True, theirs.rules + cite_turn_control(game, "sees"))
    name = game.player_name(player)
    if not sight.allowed:
        raise IllegalActionError(f"{name} can't look at {obj.card.name}: {sight.hidden}", sight.rules)
    game.log("look", sight.rules, player=name, card=obj.card.name)


def sight_of(game: Game, player: int, obj: GameObject) -> Sight:
    """Tells whether player may look at obj by the rules of its zone (the controller's turn aside)."""
    state = game.state
    if obj.zone is Zone.STACK:
        item = next((i for i in state.stack if i.kind == "spell" and i.source == obj.id), None)
        controller = item.controller if item is not None else obj.controller
        return _face_down(game, player, obj, controller)
    if obj.zone is Zone.IN_PLAY:
        return _face_down(game, player, obj, game.controller(obj))
    if obj.zone is Zone.LIBRARY:
        return Sight(False, _cite(game, "library"), "no player may look at the cards of a library")
    if obj.zone is Zone.HAND:
        return Sight(obj.owner == player, _cite(game, "hand"), "a player may not look at another's hand")
    if obj.zone is Zone.SIDEBOARD:
        return Sight(obj.owner == player, (), "it is outside the game, in another player's sideboard")
    if obj.zone is Zone.PHASED_OUT and obj.face_down:
        return _face_down(game, player, obj, -1)
    return Sight(True, _cite(game, str(obj.zone)))


def _face_down(game: Game, player: int, obj: GameObject, controller: int) -> Sight:
    """A face-up object is public; a face-down one only its controller may look at (ja 504.3)."""
    if not obj.face_down:
        return Sight(True, ())
    why = "only the controller of a face-down spell or permanent may look at its face"
    return Sight(controller == player, _cite(game, "face_down"), why)


def _cite(game: Game, key: str) -> tuple[str, ...]:
    return cite_if_in(game, RULES, key)
