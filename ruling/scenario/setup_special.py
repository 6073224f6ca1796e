"""Setup lines for controlling another player's turn (ja 507).

alice controls bob's next turn     # an effect waiting for bob's next turn (ja 507.1)
alice controls this turn           # alice controls the turn the active player is taking

Only ja-2004 has these rules; under the other profiles the lines are an error naming the document.
"""

from __future__ import annotations

from ruling.scenario.notation import Reader, Writer


def read_special_line(reader: Reader, line: str, number: int) -> bool:
    """Reads a turn control line; tells whether line was one."""
    words = line.split()
    if len(words) < 3 or words[1] != "controls" or not reader.is_player(words[0]):
        return False
    state = reader.state
    controller = reader.player(words[0], number)
    if words[2:] == ["this", "turn"]:
        _document(reader, number)
        state.turn_controller = controller
        return True
    if len(words) == 5 and words[2].endswith("'s") and words[3:] == ["next", "turn"]:
        _document(reader, number)
        state.turn_control[reader.player(words[2][:-2], number)] = controller
        return True
    raise reader.error(
        number, f"expected 'PLAYER controls this turn' or 'PLAYER controls OTHER's next turn', got {line!r}"
    )


def _document(reader: Reader, number: int) -> None:
    if reader.profile.doc != "ja":
        raise reader.error(
            number,
            f"controlling another player's turn is not a rule of {reader.profile.name}: its document "
            f"({reader.profile.doc}) has no rule for it (ja 507 does)",
        )


def special_lines(writer: Writer) -> list[str]:
    """Returns the turn control lines of a position."""
    state = writer.state
    names = [p.name for p in state.players]
    lines = [f"{names[c]} controls {names[p]}'s next turn" for p, c in sorted(state.turn_control.items())]
    if state.turn_controller is not None:
        lines.append(f"{names[state.turn_controller]} controls this turn")
    return lines
