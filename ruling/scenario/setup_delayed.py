"""Setup lines for delayed triggered abilities waiting for their step (ruling.engine.delayed):

delayed: at end of combat, bob: destroy bear (Many-Eyed Basilisk)
delayed: at end of turn, alice: remove from the game bear (Temporal Lure)

The player controls the ability; the object is the permanent it refers to, and the name in brackets is
the ability's source, as the trace names it.
"""

from __future__ import annotations

import re

from ruling.engine.cards import Effect, EffectKind
from ruling.engine.delayed import Delayed, describe
from ruling.scenario.notation import Reader, Writer

_DOINGS = {
    describe(effect): effect
    for effect in (
        Effect(EffectKind.DESTROY),
        *(Effect(EffectKind.MOVE, zone=zone) for zone in ("removed", "hand", "library", "graveyard")),
    )
}
_LINE = re.compile(
    r"^delayed: at (?P<at>end of combat|end of turn), (?P<player>[^:]+): "
    r"(?P<doing>" + "|".join(re.escape(d) for d in _DOINGS) + r") (?P<obj>.+) \((?P<label>.*)\)$"
)


def read_delayed_line(reader: Reader, line: str, number: int) -> bool:
    """Reads a 'delayed:' line; tells whether line was one (a malformed one is an error)."""
    if not line.startswith("delayed:"):
        return False
    match = _LINE.match(line)
    if match is None:
        raise reader.error(
            number,
            "expected 'delayed: at end of combat|end of turn, PLAYER: "
            f"{'|'.join(_DOINGS)} OBJECT (SOURCE)', got {line!r}",
        )
    player = reader.player(match["player"].strip(), number)
    at = match["at"].replace(" ", "_")

    def resolve() -> None:
        subject = reader.obj(match["obj"], number)
        if subject not in reader.state.in_play:
            raise reader.error(number, f"expected a permanent in play after 'delayed:', got {match['obj']!r}")
        effect = _DOINGS[match["doing"]]
        reader.state.delayed.append(Delayed(at, player, subject, match["label"], effect, subject))

    reader.later.append(resolve)
    return True


def delayed_lines(writer: Writer) -> list[str]:
    """Returns one 'delayed:' line per delayed ability waiting, oldest first (one whose permanent has
    left play can only fail, and is left out)."""
    state = writer.state
    return [
        f"delayed: at {d.at.replace('_', ' ')}, {state.players[d.controller].name}: "
        f"{describe(d.effect)} {writer.ref(d.subject)} ({d.label})"
        for d in state.delayed
        if d.subject in state.in_play
    ]
