"""Setup lines for delayed triggered abilities waiting for their step or for an event of their permanent
(ruling.engine.delayed):

delayed: at end of combat, bob: destroy bear (Many-Eyed Basilisk)
delayed: at end of turn, alice: remove from the game bear (Temporal Lure)
delayed: when bear leaves play, alice: gain 3 life (Parting Vow)
delayed: when bear becomes untapped, alice: destroy (Frost Snare)

The player controls the ability; the object is the permanent it refers to, and the name in brackets is
the ability's source, as the trace names it.
"""

from __future__ import annotations

import re

from ruling.engine.cards import EVENT_DELAYS, STEP_DELAYS, Effect, EffectKind
from ruling.engine.delayed import WORDS, Delayed, describe
from ruling.scenario.notation import Reader, Writer

_DOINGS = {
    describe(effect): effect
    for effect in (
        Effect(EffectKind.DESTROY),
        *(Effect(EffectKind.MOVE, zone=zone) for zone in ("removed", "hand", "library", "graveyard")),
    )
}
_STEPS = "|".join(WORDS[at] for at in STEP_DELAYS)
_EVENTS = "|".join(WORDS[at] for at in EVENT_DELAYS)
_AT = {words: at for at, words in WORDS.items()}
_LINE = re.compile(
    r"^delayed: at (?P<at>" + _STEPS + r"), (?P<player>[^:]+): "
    r"(?P<doing>" + "|".join(re.escape(d) for d in _DOINGS) + r") (?P<obj>.+) \((?P<label>.*)\)$"
)
_LIFE = {"gain": EffectKind.GAIN_LIFE, "lose": EffectKind.LOSE_LIFE}
_EVENT_LINE = re.compile(
    r"^delayed: when (?P<obj>.+) (?P<at>" + _EVENTS + r"), (?P<player>[^:]+): "
    r"(?:(?P<doing>" + "|".join(re.escape(d) for d in _DOINGS) + r")"
    r"|(?P<kind>gain|lose) (?P<life>\d+) life|draw (?P<cards>\d+)) \((?P<label>.*)\)$"
)
_EXPECTED = (
    f"expected 'delayed: at {_STEPS}, PLAYER: "
    f"{'|'.join(_DOINGS)} OBJECT (SOURCE)' or 'delayed: when OBJECT {_EVENTS}, PLAYER: "
    f"{'|'.join(_DOINGS)}|gain N life|lose N life|draw N (SOURCE)'"
)


def _event_effect(match: re.Match[str]) -> Effect:
    """Returns what a delayed ability waiting for an event does, as its line says."""
    if match["doing"]:
        return _DOINGS[match["doing"]]
    if match["kind"]:
        return Effect(_LIFE[match["kind"]], amount=int(match["life"]))
    return Effect(EffectKind.DRAW, amount=int(match["cards"]))


def read_delayed_line(reader: Reader, line: str, number: int) -> bool:
    """Reads a 'delayed:' line; tells whether line was one (a malformed one is an error)."""
    if not line.startswith("delayed:"):
        return False
    match = _LINE.match(line) or _EVENT_LINE.match(line)
    if match is None:
        raise reader.error(number, f"{_EXPECTED}, got {line!r}")
    player = reader.player(match["player"].strip(), number)
    at = _AT[match["at"]]
    effect = _DOINGS[match["doing"]] if match.re is _LINE else _event_effect(match)

    def resolve() -> None:
        subject = reader.obj(match["obj"], number)
        if subject not in reader.state.in_play:
            raise reader.error(number, f"expected a permanent in play after 'delayed:', got {match['obj']!r}")
        reader.state.delayed.append(Delayed(at, player, subject, match["label"], effect, subject))

    reader.later.append(resolve)
    return True


def delayed_lines(writer: Writer) -> list[str]:
    """Returns one 'delayed:' line per delayed ability waiting, oldest first (one whose permanent has
    left play can only fail, and is left out)."""
    state = writer.state
    lines = []
    for d in state.delayed:
        if d.subject not in state.in_play:
            continue
        player, doing, obj = state.players[d.controller].name, describe(d.effect), writer.ref(d.subject)
        if d.at in EVENT_DELAYS:
            lines.append(f"delayed: when {obj} {WORDS[d.at]}, {player}: {doing} ({d.label})")
        else:
            lines.append(f"delayed: at {WORDS[d.at]}, {player}: {doing} {obj} ({d.label})")
    return lines
