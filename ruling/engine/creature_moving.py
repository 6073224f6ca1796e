"""Moving creatures to a teammate (Izvori magije F5): the ability every creature has when the option is
used, played as a sorcery, put on the stack and resolved here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.document_rules import cite_in
from ruling.engine.events import TapChange, perform
from ruling.engine.influence import in_range
from ruling.engine.resolve import gain_control
from ruling.engine.seats import teammates
from ruling.engine.state import StackItem, Step, Zone
from ruling.engine.team_turns import holds_priority, is_active
from ruling.engine.variants import DOCUMENT, RULES, cite, refuse

if TYPE_CHECKING:
    from ruling.engine.game import Game


MOVE = "move"
"""The kind of the stack item of a creature moving ability."""


def move_creature(game: Game, player: int, obj_id: int, mate: int) -> StackItem:
    """Plays the moving ability every creature has in a game with creature moving: "{T}, choose a teammate:
    that player gains control of this creature; play this ability only as a sorcery", within range (F5.20)."""
    state = game.state
    rules = state.multiplayer
    cite_in(game, {DOCUMENT: RULES}, "moving", "moving creatures to a teammate")
    if not rules.moving:
        raise refuse("this game does not use the creature moving option", "moving_option")
    obj = state.objects.get(obj_id)
    if obj is None or obj.zone is not Zone.IN_PLAY or game.controller(obj) != player:
        raise refuse(f"{game.player_name(player)} controls no such creature in play", "moving")
    chars = game.chars(obj)
    if not chars.is_creature:
        raise refuse(f"{chars.name} is not a creature", "moving")
    if not holds_priority(state, player):
        raise game.refuse(f"{game.player_name(player)} does not have priority", "priority")
    main = state.step in (Step.MAIN1, Step.MAIN2)
    if not (is_active(state, player) and main and not state.stack):
        raise refuse("creature moving is played only as a sorcery", "moving")
    if obj.tapped:
        raise refuse(f"{chars.name} is tapped: moving costs {{T}}", "moving")
    if not obj.controlled_since_turn_start and not chars.has("haste"):
        raise game.refuse(
            f"{chars.name} has not been under its controller's control since the turn began", "tap_ability"
        )
    if mate == player or mate not in teammates(state, player) or state.players[mate].lost:
        raise refuse(f"{game.player_name(mate)} is not a teammate of {game.player_name(player)}", "moving")
    if not in_range(state, player, mate):
        raise refuse(f"{game.player_name(mate)} is outside the range of influence", "moving")
    perform(game, [TapChange(obj_id, True)])
    game.log("activate", cite("moving"), player=game.player_name(player), card=chars.name)
    item = StackItem(state.tick(), MOVE, player, obj_id, "creature moving", targets=(("player", mate),))
    state.stack.append(item)
    state.passes = 0
    return item


def resolve_move(game: Game, item: StackItem) -> None:
    """The teammate chosen gains control of the creature, if it is still in play and they in the game."""
    state = game.state
    mate = item.targets[0][1]
    obj = state.objects.get(item.source)
    game.log("resolve", game.cite("resolve") + cite("moving"), card=item.label)
    if obj is None or obj.zone is not Zone.IN_PLAY or state.players[mate].lost:
        return
    game.log(
        "move",
        cite("moving"),
        player=game.player_name(item.controller),
        card=game.name(obj.id),
        other=game.player_name(mate),
    )
    gain_control(game, obj.id, mate, until_end_of_turn=False, label="creature moving")
