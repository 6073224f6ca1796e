"""Expectations about what the keywords of part 3 leave on permanents:

blastoderm fade counters 1        remora age counters 2        mask face down        mask face up
mox imprinted Grizzly Bears       wall phased out          wall phased in
wurm blocked                      wurm not blocked
sword attached to bear            sword unattached
"""

from __future__ import annotations

import re

from ruling.engine.cards import KIND_COUNTERS
from ruling.engine.game import Game
from ruling.engine.imprint import imprinted_names
from ruling.engine.state import Zone, counters_of
from ruling.scenario.outcome import Outcome
from ruling.scenario.outcome import compared as _cmp
from ruling.scenario.refs import Names

_KIND_COUNTERS = re.compile(rf"^(?P<who>.+?) (?P<kind>{'|'.join(KIND_COUNTERS)}) counters (?P<n>[0-9]+)$")
_BLOCKED = re.compile(r"^(?P<who>.+?) (?P<status>blocked|not blocked)$")
_IMPRINTED = re.compile(r"^(?P<who>.+?) imprinted (?P<card>.+)$")
_PHASED = re.compile(r"^(?P<who>.+?) phased (?P<way>out|in)$")
_FACE = re.compile(r"^(?P<who>.+?) (?P<face>face down|face up)$")
_ATTACHED = re.compile(r"^(?P<who>.+?) (?:attached to (?P<host>.+)|(?P<loose>unattached))$")


def check_keyword_state(game: Game, names: Names, text: str, line: int) -> Outcome:
    """Checks text when it is one of these expectations."""
    state = game.state
    if (match := _KIND_COUNTERS.match(text)) is not None:
        obj = state.objects.get(names.obj(match["who"], line))
        if obj is None or obj.zone is not Zone.IN_PLAY:
            return _cmp(f"{match['n']} {match['kind']} counters on a permanent", "not in play")
        return _cmp(match["n"], str(counters_of(obj, match["kind"])))
    if (match := _BLOCKED.match(text)) is not None:
        obj_id = names.obj(match["who"], line)
        combat = state.combat
        return _cmp(match["status"], "blocked" if combat and obj_id in combat.blocked else "not blocked")
    if (match := _IMPRINTED.match(text)) is not None:
        names_on = imprinted_names(game, names.obj(match["who"], line))
        return _cmp(match["card"], ", ".join(names_on) or "nothing")
    if (match := _PHASED.match(text)) is not None:
        obj = state.objects.get(names.obj(match["who"], line))
        actual = "nowhere" if obj is None else ("phased out" if obj.zone is Zone.PHASED_OUT else "phased in")
        return _cmp(f"phased {match['way']}", actual)
    if (match := _FACE.match(text)) is not None:
        obj = state.objects.get(names.obj(match["who"], line))
        actual = "nowhere" if obj is None else ("face down" if obj.face_down else "face up")
        return _cmp(match["face"], actual)
    if (match := _ATTACHED.match(text)) is not None:
        obj = state.objects.get(names.obj(match["who"], line))
        host = obj.attached_to if obj is not None else None
        actual = "unattached" if host is None else f"attached to {game.name(host)}"
        if match["loose"]:
            return _cmp("unattached", actual)
        return _cmp(f"attached to {game.name(names.obj(match['host'], line))}", actual)
    return False, None
