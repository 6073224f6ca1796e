"""Controlling another player's turn (Mindslaver; ja 507): the controller of a player's turn makes every
choice and decision that player makes during it, with that player's own resources; the objects keep their
controllers; the controlled player loses no life to mana burn.

Only the 2004 rules have this: the 1999 Comprehensive Rules and Izvori magije have no rule for it, and a
spell that would control a turn is refused under their profiles, naming the document.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from ruling.engine.document_rules import cite_in
from ruling.errors import IllegalActionError

if TYPE_CHECKING:
    from ruling.engine.decisions import Decision
    from ruling.engine.game import Game
    from ruling.engine.state import GameState

RULES: dict[str, dict[str, tuple[str, ...]]] = {
    "ja": {
        "control": ("507.1",),
        "override": ("507.1a",),
        "objects": ("507.1c",),
        "sees": ("507.2",),
        "choices": ("507.3",),
        "resources": ("507.3a",),
        "no_burn": ("507.4",),
    },
}
"""The rules of turn control, per document: only ja-2004 has them."""


def cite(game: Game, key: str) -> tuple[str, ...]:
    """Returns the ids of a turn control rule in the profile's document, or refuses naming the document."""
    return cite_in(game, RULES, key, "controlling another player's turn")


def control_next_turn(game: Game, players: list[int], controller: int, label: str) -> None:
    """controller will control each player's next turn; a newer effect replaces an older one (ja 507.1,
    507.1a)."""
    state = game.state
    for player in players:
        rules = cite(game, "control")
        if player in state.turn_control:
            rules += cite(game, "override")
        state.turn_control[player] = controller
        game.log("turn_control", rules, player=game.player_name(controller), other=game.player_name(player))


def begin_turn(game: Game) -> None:
    """As a turn begins, the effect waiting for the active player's next turn takes it over; the one of the
    turn before ends (ja 507.1)."""
    state = game.state
    state.turn_controller = None
    controller = state.turn_control.pop(state.active, None)
    if controller is None:
        return
    state.turn_controller = controller
    game.log(
        "turn_controlled",
        cite(game, "control") + cite(game, "choices") + cite(game, "objects"),
        player=game.player_name(controller),
        other=game.player_name(state.active),
    )


def controlled(state: GameState, player: int) -> bool:
    """Tells whether player's turn is being controlled by another player now."""
    return state.turn_controller is not None and player == state.active and state.turn_controller != player


def chooser(state: GameState, player: int) -> int:
    """Returns who makes player's choices now: the controller of their turn (ja 507.3), else themselves."""
    return (
        state.turn_controller if controlled(state, player) and state.turn_controller is not None else player
    )


def route(state: GameState, decision: Decision) -> Decision:
    """Returns the decision addressed to whoever makes it: a controlled player's go to the controller."""
    if controlled(state, decision.player):
        return dataclasses.replace(decision, chooser=chooser(state, decision.player))
    return decision


def check_script_player(game: Game, writer: int, player: int) -> None:
    """Refuses a script line that player's own hand writes while another controls their turn, or that a
    player writes for another whose turn they don't control (ja 507.3)."""
    state = game.state
    if writer == player and controlled(state, player):
        controller = game.player_name(chooser(state, player))
        raise IllegalActionError(
            f"{game.player_name(player)}'s turn is controlled by {controller}: {controller} makes "
            f"{game.player_name(player)}'s choices (write '{controller} for {game.player_name(player)} …')",
            cite(game, "choices"),
        )
    if writer != player and chooser(state, player) != writer:
        raise IllegalActionError(
            f"{game.player_name(writer)} does not control {game.player_name(player)}'s turn",
            cite(game, "choices"),
        )


def no_mana_burn(game: Game, player: int, lost: int) -> bool:
    """Tells whether a player escapes mana burn: while another controls their turn (ja 507.4); the pool
    empties all the same."""
    if not controlled(game.state, player):
        return False
    game.log("no_burn", cite(game, "no_burn"), player=game.player_name(player), amount=lost)
    return True
