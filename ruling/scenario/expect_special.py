"""Expectations about special turns (ja 506-507), and which game an expectation looks at.

subgame 1               # a subgame is being played, one deep (2: a subgame of a subgame; ja 506.7)
no subgame
main game: alice life 20    # any expectation, about the main game while a subgame is played (ja 506.1)
bob's turn controlled by alice      # alice controls the turn bob is taking (ja 507.1)
bob's next turn controlled by alice
no turn controlled

Every other expectation looks at the game being played: the innermost subgame, else the game itself.
"""

from __future__ import annotations

from ruling.engine.game import Game
from ruling.engine.subgame import innermost
from ruling.scenario.expect import check
from ruling.scenario.outcome import mismatch as _cmp
from ruling.scenario.refs import Names

_MAIN = "main game: "


def check_in(main: Game, names: Names, text: str, line: int) -> tuple[str, str] | None:
    """Returns (expected, actual) when the line does not hold, None when it does."""
    target = innermost(main)
    if text.startswith(_MAIN):
        target, text = main, text[len(_MAIN) :].strip()
    names.game = target
    words = text.split()
    if text == "no subgame" or (words[:1] == ["subgame"] and len(words) == 2):
        depth = 0
        game = main
        while game.sub is not None:
            game, depth = game.sub, depth + 1
        return _cmp(text, f"subgame {depth}" if depth else "no subgame")
    state = target.state
    if text == "no turn controlled":
        return _cmp(text, _controls(target))
    if len(words) == 5 and words[0].endswith("'s") and words[1:4] == ["turn", "controlled", "by"]:
        return _cmp(text, _controls(target))
    if len(words) == 6 and words[0].endswith("'s") and words[1:5] == ["next", "turn", "controlled", "by"]:
        player = names.player(words[0][:-2], line)
        controller = state.turn_control.get(player)
        actual = (
            f"{words[0]} next turn controlled by {state.players[controller].name}"
            if controller is not None
            else "none"
        )
        return _cmp(text, actual)
    return check(target, names, text, line)


def _controls(game: Game) -> str:
    state = game.state
    if state.turn_controller is None:
        return "no turn controlled"
    active = state.players[state.active].name
    return f"{active}'s turn controlled by {state.players[state.turn_controller].name}"
