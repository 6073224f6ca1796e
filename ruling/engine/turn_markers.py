"""The Grand Circle's turn markers (Izvori magije F9.41-F9.44): dealt four seats apart, passed to the left
as a turn ends unless a player up to three seats on holds one, removed when players leave.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.seats import in_game, turn_order
from ruling.engine.variants import Variant, cite, is_variant

if TYPE_CHECKING:
    from ruling.engine.game import Game
    from ruling.engine.state import GameState


MARKER_SPACING = 4
"""Players per turn marker, and the seats between two markers as they are dealt (F9.41, F9.42)."""


def deal_markers(state: GameState, first: int) -> list[int]:
    """Returns the holders of the turn markers as the game begins: one per four players, the first to the
    player who starts, the next four seats to the left, and so on (F9.41, F9.42)."""
    seats = in_game(state)
    start = seats.index(first) if first in seats else 0
    count = max(1, len(seats) // MARKER_SPACING)
    return [seats[(start + MARKER_SPACING * n) % len(seats)] for n in range(count)]


def _blocked(state: GameState, receiver: int, moving: int) -> bool:
    """Tells whether a player may not receive a marker: a player up to three seats to their left holds
    another one (F9.43)."""
    seats = in_game(state)
    here = seats.index(receiver)
    ahead = {seats[(here + step) % len(seats)] for step in range(1, MARKER_SPACING)}
    holders = {h for n, h in enumerate(state.multiplayer.markers) if n != moving and h >= 0}
    return bool(ahead & holders)


def _next_marker_turn(game: Game) -> int:
    """Passes the marker of the turn that ended to the left (or lets it wait, F9.43), removes markers the
    players left no longer support (F9.44), lets waiting markers move on, and returns the holder of the next
    marker in number order."""
    state = game.state
    rules = state.multiplayer
    markers = rules.markers
    if not markers:
        markers[:] = deal_markers(state, state.active)
        rules.marker = 0
    seats = in_game(state)
    _remove_markers(game, seats)
    current = min(rules.marker, len(markers) - 1)
    _pass_marker(game, current, seats)
    for number, holder in enumerate(markers):
        if holder < 0 and number != current:
            _pass_marker(game, number, seats)
    for step in range(1, len(markers) + 1):
        number = (current + step) % len(markers)
        if markers[number] >= 0:
            rules.marker = number
            return markers[number]
    return state.active


def _pass_marker(game: Game, number: int, seats: list[int]) -> None:
    state = game.state
    markers = state.multiplayer.markers
    holder = markers[number]
    giver = holder if holder >= 0 else state.multiplayer.marker_from.get(number, state.active)
    if giver not in seats:
        giver = next((p for p in turn_order(state, giver) if p in seats), seats[0])
    receiver = seats[(seats.index(giver) + 1) % len(seats)]
    if _blocked(state, receiver, number):
        if holder >= 0:
            state.multiplayer.marker_from[number] = holder
            markers[number] = -1
            game.log("marker_waits", cite("grand_pass"), player=game.player_name(receiver), amount=number + 1)
        return
    markers[number] = receiver
    state.multiplayer.marker_from.pop(number, None)
    game.log("marker", cite("grand_pass"), player=game.player_name(receiver), amount=number + 1)


def _remove_markers(game: Game, seats: list[int]) -> None:
    """Removes a marker, between turns, when players have left and fewer markers are dealt for those
    left: the one nearest to the right of the player who left, the lower number on a tie (F9.44)."""
    state = game.state
    rules = state.multiplayer
    wanted = max(1, len(seats) // MARKER_SPACING)
    while len(rules.markers) > wanted and rules.left_players:
        gone = rules.left_players.pop(0)
        number = min(range(len(rules.markers)), key=lambda n: _gap_right(state, gone, n))
        del rules.markers[number]
        rules.marker_from = {
            (n - 1 if n > number else n): h for n, h in rules.marker_from.items() if n != number
        }
        if rules.marker > number:
            rules.marker -= 1
        game.log("marker_removed", cite("grand_remove"), player=game.player_name(gone), amount=number + 1)


def _gap_right(state: GameState, gone: int, number: int) -> tuple[int, int]:
    """Returns how many seats to the right of the player who left a marker is, and its number."""
    rules = state.multiplayer
    holder = rules.markers[number]
    where = holder if holder >= 0 else rules.marker_from.get(number, gone)
    return ((gone - where) % len(state.players), number)


def player_left(state: GameState, player: int) -> None:
    """Remembers a player who left a Grand Circle game, for the removal of a marker (F9.44)."""
    if is_variant(state, Variant.GRAND_CIRCLE):
        state.multiplayer.left_players.append(player)
