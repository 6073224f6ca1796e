"""Expectations of engine part 3 about multiplayer variants, turn control and subgames.

alice points 25                 # Circle points (sr F6.40)
erin holds turn marker 2        # Grand Circle (sr F9.42)
turn marker 2 waits             # a marker no player may receive yet (sr F9.43)
turn markers 3                  # how many markers are left (sr F9.41, F9.44)
active team alice               # in Magic Heart, alice's team takes the turn (sr F7.42)
"""

from __future__ import annotations

from ruling.engine.game import Game
from ruling.engine.seats import teammates
from ruling.engine.team_turns import active_players
from ruling.scenario.outcome import Outcome
from ruling.scenario.outcome import compared as _cmp
from ruling.scenario.refs import Names

_OTHER: Outcome = (False, None)


def check_multiplayer(game: Game, names: Names, text: str, line: int) -> Outcome:
    """Checks the line when it is one of these expectations."""
    state = game.state
    rules = state.multiplayer
    words = text.split()
    if len(words) == 3 and names.is_player(words[0]) and words[1] == "points":
        return _cmp(words[2], str(rules.points.get(names.player(words[0], line), 0)))
    if len(words) == 5 and names.is_player(words[0]) and words[1:4] == ["holds", "turn", "marker"]:
        player = names.player(words[0], line)
        held = [str(n + 1) for n, h in enumerate(rules.markers) if h == player]
        return _cmp(words[4], ", ".join(held) or "none")
    if len(words) == 4 and words[:2] == ["turn", "marker"] and words[3] == "waits":
        number = int(words[2]) - 1 if words[2].isdigit() else -1
        waiting = 0 <= number < len(rules.markers) and rules.markers[number] < 0
        return True, None if waiting else (text, "not waiting")
    if len(words) == 3 and words[:2] == ["turn", "markers"]:
        return _cmp(words[2], str(len(rules.markers)))
    if len(words) == 3 and words[:2] == ["active", "team"] and names.is_player(words[2]):
        team = teammates(state, names.player(words[2], line))
        playing = ", ".join(state.players[p].name for p in active_players(state))
        return _cmp(", ".join(state.players[p].name for p in team if not state.players[p].lost), playing)
    return _OTHER
