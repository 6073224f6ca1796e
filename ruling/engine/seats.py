"""Seats: the players in turn order, their teams and opponents, and who is still in the game.

A two-player game is the case of two seats and two teams of one. Izvori magije's rules for more than two
players say who the opponents are (sr B1.21: everyone not on your team), the order of simultaneous choices
(sr A4.40: the active player, then the others in turn order) and when a team has won or lost (sr A3.23,
A3.35); shared life is the team option of sr F7.41.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ruling.engine.state import GameState


def in_game(state: GameState) -> list[int]:
    """Returns the players who have not lost, in seat order."""
    return [i for i, p in enumerate(state.players) if not p.lost]


def turn_order(state: GameState, start: int) -> list[int]:
    """Returns the players still in the game in turn order, beginning with start (APNAP from the active
    player, sr A4.40); start is first even if it has just lost, so its choices still come first."""
    count = len(state.players)
    seats = [(start + step) % count for step in range(count)]
    return [i for i in seats if i == start or not state.players[i].lost]


def next_player(state: GameState, player: int) -> int:
    """Returns the next player in turn order still in the game (player itself when alone)."""
    following = turn_order(state, player)[1:]
    return following[0] if following else player


def team_of(state: GameState, player: int) -> int:
    """Returns the team of player: its seat unless a team was given."""
    team = state.players[player].team
    return player if team < 0 else team


def teammates(state: GameState, player: int) -> list[int]:
    """Returns player and the other members of its team, in seat order."""
    team = team_of(state, player)
    return [i for i in range(len(state.players)) if team_of(state, i) == team]


def opponents(state: GameState, player: int) -> list[int]:
    """Returns the players still in the game who are not on player's team, in turn order after player."""
    team = team_of(state, player)
    return [i for i in turn_order(state, player) if team_of(state, i) != team]


def teams_left(state: GameState) -> list[int]:
    """Returns the teams with a player still in the game, in seat order."""
    return list(dict.fromkeys(team_of(state, i) for i in in_game(state)))


def is_multiplayer(state: GameState) -> bool:
    return len(state.players) > 2


def defender_of(state: GameState, attacker: int) -> int:
    """Returns the player an attacker attacks: the one declared (sr F4.30), else the next opponent of the
    active player in turn order (the only one in a two-player game)."""
    chosen = state.combat.defenders.get(attacker) if state.combat is not None else None
    return chosen if chosen is not None else default_defender(state)


def default_defender(state: GameState) -> int:
    """Returns the next opponent of the active player in turn order."""
    found = opponents(state, state.active)
    return found[0] if found else state.active


def defending_players(state: GameState) -> list[int]:
    """Returns the players attacked this combat in turn order from the active player (sr F4.40)."""
    combat = state.combat
    attacked = {defender_of(state, a) for a in combat.attackers} if combat is not None else set()
    return [i for i in turn_order(state, state.active) if i in attacked]


def change_life(state: GameState, player: int, amount: int) -> None:
    """Adds amount (negative: a loss) to player's life; with shared life the team's one total changes, so
    every member shows it (sr F7.90: each player gains or loses life, the team total takes the result)."""
    members = teammates(state, player) if state.shared_life else [player]
    for member in members:
        state.players[member].life += amount
