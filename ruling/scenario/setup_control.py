"""Setup lines for control changes (layer 2), "as long as" effects and text changes (layer 3), placed
among the permanents by timestamp:

control: wurm to alice (Steal)                           # for good
until end of turn: wurm to alice (Threaten)              # ends at cleanup
until end of turn: wurm goes back to bob                 # the same, written from the other side
as long as alice controls singer: wurm to alice (Seasinger)
as long as endo is tapped: bear +0/+3 (Endoskeleton)     # game numbers
text: knight G instead of B (Sleight of Mind)            # a colour word or land type word changed
"""

from __future__ import annotations

import re

from ruling.engine.cards import COLORS, LAND_TYPES
from ruling.engine.lasting import Lasting, LastingKind, While
from ruling.numbers import read_whole
from ruling.scenario.notation import Reader, Writer
from ruling.scenario.setup_lasting import read_lasting_line, written_apart

_CONTROL = re.compile(r"^(?P<who>.+?) to (?P<player>\S+) \((?P<source>.*)\)$")
_PUMP = re.compile(r"^(?P<who>.+?) (?P<p>[+-][0-9]+)/(?P<t>[+-][0-9]+) \((?P<source>.*)\)$")
_TEXT = re.compile(r"^(?P<who>.+?) (?P<new>\S+) instead of (?P<old>\S+) \((?P<source>.*)\)$")
_TAPPED = re.compile(r"^as long as (?P<source>.+?) is tapped$")
_CONTROLS = re.compile(r"^as long as (?P<player>\S+) controls (?P<source>.+)$")


def _word(value: str) -> bool:
    return (len(value) == 1 and value in COLORS) or value in LAND_TYPES


def read_control_line(reader: Reader, line: str, number: int) -> bool:
    """Reads one of the lines above; tells whether line was one."""
    head, sep, rest = line.partition(":")
    rest = rest.strip()
    if not sep:
        return False
    if head == "until end of turn" and " goes back to " in rest:
        who, _, player = rest.partition(" goes back to ")
        effect = Lasting(LastingKind.CONTROL, 0, reader.state.tick(), "")
        reader.later.append(lambda: _went_back(reader, effect, who, player, number))
        return True
    if head == "text":
        found = _TEXT.match(rest)
        if found is None or not _word(found["old"]) or not _word(found["new"]):
            raise reader.error(
                number,
                f"expected 'text: OBJECT NEW instead of OLD (SOURCE)' with colour letters or land "
                f"types, got {rest!r}",
            )
        effect = Lasting(LastingKind.TEXT, 0, reader.state.tick(), found["source"], until_end_of_turn=False)
        effect.words = (found["old"], found["new"])
        _place(reader, effect, found["who"], number)
        return True
    if head not in ("control", "until end of turn") and not head.startswith("as long as "):
        return False
    control, pump = _CONTROL.match(rest), _PUMP.match(rest)
    if control is None and pump is None and head.startswith("as long as "):
        return _other_as_long_as(reader, head, rest, number)
    if control is None and (pump is None or not head.startswith("as long as ")):
        if head == "until end of turn":
            return False
        raise reader.error(number, f"expected '{head}: OBJECT to PLAYER (SOURCE)', got {rest!r}")
    found = control or pump
    assert found is not None
    effect = Lasting(LastingKind.CONTROL, 0, reader.state.tick(), found["source"])
    effect.until_end_of_turn = head == "until end of turn"
    if control is not None:
        effect.player = reader.player(control["player"], number)
    else:
        assert pump is not None
        effect.kind = LastingKind.PUMP
        where = (reader.path, number)
        effect.power = read_whole(pump["p"], "the power change", where, signed=True)
        effect.toughness = read_whole(pump["t"], "the toughness change", where, signed=True)
    if head.startswith("as long as "):
        _read_condition(reader, effect, head, number)
    _place(reader, effect, found["who"], number)
    return True


def _other_as_long_as(reader: Reader, head: str, rest: str, number: int) -> bool:
    """Reads 'as long as …: bear gains flying (Source)': an effect of the kinds 'effect:' lines write,
    lasting as long as the condition holds."""
    count = len(reader.state.lasting)
    if not read_lasting_line(reader, f"effect: {rest}", number) or len(reader.state.lasting) == count:
        raise reader.error(
            number,
            f"expected '{head}: OBJECT to PLAYER (SOURCE)', '… +P/+T (SOURCE)' or an effect, got {rest!r}",
        )
    _read_condition(reader, reader.state.lasting[-1], head, number)
    return True


def _read_condition(reader: Reader, effect: Lasting, head: str, number: int) -> None:
    tapped, controls = _TAPPED.match(head), _CONTROLS.match(head)
    if tapped is None and controls is None:
        raise reader.error(
            number,
            f"expected 'as long as OBJECT is tapped' or 'as long as PLAYER controls OBJECT', got {head!r}",
        )
    if controls is not None:
        effect.while_ = While.CONTROL_SOURCE
        player = reader.player(controls["player"], number)
        if effect.kind is LastingKind.CONTROL and player != effect.player:
            raise reader.error(number, f"expected the player who gets control to be {controls['player']}")
        effect.player = player
        source = controls["source"]
    else:
        assert tapped is not None
        effect.while_ = While.SOURCE_TAPPED
        source = tapped["source"]
    effect.until_end_of_turn = False
    reader.later.append(lambda: setattr(effect, "source_id", reader.obj(source, number)))


def _place(reader: Reader, effect: Lasting, who: str, number: int) -> None:
    reader.state.lasting.append(effect)

    def resolve() -> None:
        effect.target = reader.obj(who, number)

    reader.later.append(resolve)


def _went_back(reader: Reader, effect: Lasting, who: str, player: str, number: int) -> None:
    """The old way to write a control change until end of turn: the object is listed under the player
    who controls it now, and goes back to player at cleanup."""
    state = reader.state
    effect.target = reader.obj(who, number)
    obj = state.obj(effect.target)
    effect.player = obj.controller
    effect.source = obj.card.name
    obj.control_seen = obj.controller
    obj.controller = reader.player(player, number)
    state.lasting.append(effect)


def duration_lines(writer: Writer) -> list[tuple[int, str]]:
    """Returns the lines of the effects above with their timestamps."""
    state = writer.state
    found: list[tuple[int, str]] = []
    for effect in state.lasting:
        if effect.target not in state.in_play or not written_apart(effect):
            continue
        if _went_back_form(state.obj(effect.target).card.name, effect):
            continue
        who = writer.alias(effect.target)
        if effect.kind is LastingKind.TEXT:
            old, new = effect.words
            found.append((effect.timestamp, f"text: {who} {new} instead of {old} ({effect.source})"))
            continue
        if effect.kind is LastingKind.CONTROL:
            what = f"{who} to {state.players[effect.player].name} ({effect.source})"
        elif effect.kind is LastingKind.PUMP:
            what = f"{who} {effect.power:+d}/{effect.toughness:+d} ({effect.source})"
        else:
            what = f"{who} {effect.describe()} ({effect.source})"
        if effect.while_ is While.SOURCE_TAPPED:
            head = f"as long as {_source(writer, effect)} is tapped"
        elif effect.while_ is While.CONTROL_SOURCE:
            head = f"as long as {state.players[effect.player].name} controls {_source(writer, effect)}"
        else:
            head = "until end of turn" if effect.until_end_of_turn else "control"
        found.append((effect.timestamp, f"{head}: {what}"))
    return found


def went_back_lines(writer: Writer) -> list[str]:
    """Returns the control changes until end of turn written the old way ('goes back to'), after the
    board: those a setup line made, whose source is the permanent's own card."""
    state = writer.state
    return [
        f"until end of turn: {writer.alias(e.target)} goes back to "
        f"{state.players[state.obj(e.target).controller].name}"
        for e in state.lasting
        if e.target in state.in_play and _went_back_form(state.obj(e.target).card.name, e)
    ]


def _went_back_form(name: str, effect: Lasting) -> bool:
    return (
        effect.kind is LastingKind.CONTROL
        and effect.until_end_of_turn
        and effect.while_ is While.ALWAYS
        and effect.source == name
    )


def _source(writer: Writer, effect: Lasting) -> str:
    return writer.ref(effect.source_id) if effect.source_id is not None else "(left play)"
