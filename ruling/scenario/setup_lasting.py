"""Setup lines for the continuous effects of resolved spells and abilities (besides +P/+T changes, which
ruling.scenario.setup_board reads), until end of turn and placed among the permanents by timestamp:

effect: bear gains flying (Jump)
effect: bear loses flying (Gravity)
effect: bear loses all abilities (Mind Wipe)
effect: bear becomes 0/2 (Shrink)                   # game numbers
effect: sphere becomes a 3/2 creature (Chimeric Sphere)
effect: child becomes a 2/2 artifact creature (Stone Child)   # other types kept as the profile says
effect: bear switches power and toughness (Twist)
effect: bear is W (Paint)
effect: bear is the creature type Elf (Imagecrafter)          # instead of its other creature types
effect: bear is also the creature type Goblin (Shapeshifter)  # besides them
until end of turn: prevent all combat damage (Fog)
until end of turn: prevent all damage creatures would deal (Holy Day) by bob   # controller, if not active
"""

from __future__ import annotations

import re

from ruling.engine.cards import check_keyword
from ruling.engine.lasting import Lasting, LastingKind, While
from ruling.engine.state import PreventAll
from ruling.scenario.notation import Reader, Writer

_LINE = re.compile(
    r"^effect: (?P<who>.+?) (?P<what>(?:gains|loses|becomes|switches|is) .+?) \((?P<source>.*)\)$"
)
_CREATURES = "all damage creatures would deal"
_PREVENT = re.compile(
    r"^until end of turn: prevent (?P<what>all combat damage|all damage creatures would deal)"
    r" \((?P<source>.*)\)(?: by (?P<player>\S+))?$"
)
_SUBTYPE = re.compile(r"^is (?P<also>also )?the creature type (?P<type>[A-Z][A-Za-z]*)$")
_PT = re.compile(
    r"^becomes (?P<a>a )?(?P<p>-?\d+)/(?P<t>-?\d+)(?P<creature> (?:(?P<card_type>artifact) )?creature)?$"
)


def read_lasting_line(reader: Reader, line: str, number: int) -> bool:
    """Reads one of the effect lines above; tells whether line was one (a '+P/+T' line is not)."""
    prevent = _PREVENT.match(line)
    if prevent is not None:
        creatures = prevent["what"] == _CREATURES
        state = reader.state
        prevention = PreventAll(prevent["source"], creatures, state.active, state.tick())
        state.prevent_all.append(prevention)
        if prevent["player"]:
            prevention.controller = reader.player(prevent["player"], number)
        else:
            reader.later.append(lambda: setattr(prevention, "controller", state.active))
        return True
    match = _LINE.match(line)
    if match is None:
        return False
    what, state = match["what"], reader.state
    effect = Lasting(LastingKind.GAIN, 0, 0, match["source"])
    verb, _, rest = what.partition(" ")
    pt = _PT.match(what)
    if what == LastingKind.LOSE_ALL:
        effect.kind = LastingKind.LOSE_ALL
    elif verb in ("gains", "loses") and check_keyword(rest):
        effect.kind, effect.keyword = (LastingKind.GAIN if verb == "gains" else LastingKind.LOSE), rest
    elif pt is not None and bool(pt["a"]) == bool(pt["creature"]):
        effect.kind = LastingKind.ANIMATE if pt["creature"] else LastingKind.SET_PT
        effect.power, effect.toughness = int(pt["p"]), int(pt["t"])
        effect.card_type = pt["card_type"] or ""
        effect.replaces_types = bool(effect.card_type) and not reader.profile.artifact_creature_keeps_types
    elif what == "switches power and toughness":
        effect.kind = LastingKind.SWITCH
    elif verb == "is" and re.fullmatch(r"[WUBRG]*|colourless", rest):
        effect.kind, effect.colors = LastingKind.COLOR, "" if rest == "colourless" else rest
    elif subtype := _SUBTYPE.match(what):
        effect.kind = LastingKind.ADD_SUBTYPE if subtype["also"] else LastingKind.SUBTYPE
        effect.subtype = subtype["type"]
    else:
        return False
    effect.timestamp = state.tick()
    state.lasting.append(effect)
    reader.later.append(lambda: setattr(effect, "target", reader.obj(match["who"], number)))
    return True


def prevent_lines(writer: Writer) -> list[str]:
    """Returns the rule-changing prevention effects until end of turn, oldest first."""
    state = writer.state
    return [
        f"until end of turn: prevent {_CREATURES if e.creatures else 'all combat damage'} ({e.source})"
        + (f" by {state.players[e.controller].name}" if e.controller != state.active else "")
        for e in state.prevent_all
    ]


def lasting_lines(writer: Writer) -> list[tuple[int, str]]:
    """Returns the effect lines of the continuous effects above, with their timestamps."""
    state = writer.state
    found = []
    for effect in state.lasting:
        if effect.kind is LastingKind.COPY or effect.target not in state.in_play or written_apart(effect):
            continue
        found.append(
            (effect.timestamp, f"effect: {writer.alias(effect.target)} {effect.describe()} ({effect.source})")
        )
    return found


def written_apart(effect: Lasting) -> bool:
    """Tells whether an effect has lines of its own (ruling.scenario.setup_control): control, text, and
    the effects that last "as long as"."""
    return effect.kind in (LastingKind.CONTROL, LastingKind.TEXT) or effect.while_ is not While.ALWAYS
