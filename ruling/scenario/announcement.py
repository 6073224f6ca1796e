"""The announcement part of a script line, in the era's order (ru 409.1b-e):

alice plays Healing Salve choosing prevent targeting bear
alice plays Blaze with X=3 targeting bob
alice plays Rolling Thunder with X=4 dividing 2 to bear, 2 to bob
alice plays Fiery Twins targeting bear; bob                 # one group of targets per targeted effect
alice plays Urza's Rage paying kicker targeting bob          # optional costs: kicker, buyback, entwine
alice plays Deep Analysis paying flashback                   # from the graveyard, for its flashback cost
alice plays Ainok face down                                  # morph: a face-down 2/2 for {3}
alice activates altar sacrificing bear                       # the permanent a cost sacrifices
alice plays Thwart paying alternative targeting bolt returning i1, i2, i3   # the card's alternative cost
alice plays Force of Will paying alternative targeting bolt removing fow2  # a card in the hand it removes
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ruling.engine.announce import Proposal
from ruling.errors import NotationError
from ruling.numbers import read_whole
from ruling.scenario.notation import split_items
from ruling.scenario.refs import Names

_ANNOUNCEMENT = re.compile(
    r"^(?P<what>.+?)"
    r"(?P<face> face down)?"
    r"(?: paying (?P<paying>[a-z]+(?:, [a-z]+)*))?"
    r"(?: choosing (?P<mode>.+?))?"
    r"(?: with X ?= ?(?P<x>\S+))?"
    r"(?: targeting (?P<targets>.+?))?"
    r"(?: dividing (?P<division>.+?))?"
    r"(?: sacrificing (?P<sacrificed>.+?))?"
    r"(?: returning (?P<returned>.+?))?"
    r"(?: removing (?P<removed>.+?))?$"
)


@dataclass(frozen=True)
class AnnouncementText:
    """The words of an announcement: what is played, mode, X, target names per group, the division, the
    permanents a cost sacrifices or returns, the cards in the hand it removes."""

    what: str
    mode: str | None
    x: int | None
    groups: tuple[tuple[str, ...], ...]
    division: tuple[tuple[str, int], ...]
    extras: tuple[str, ...] = ()
    face_down: bool = False
    sacrificed: tuple[str, ...] = ()
    returned: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()

    @property
    def pays_with_objects(self) -> bool:
        """Tells whether the announcement names objects a cost takes."""
        return bool(self.sacrificed or self.returned or self.removed)


def split_announcement(text: str, path: str, line: int) -> AnnouncementText:
    """Splits 'CARD [choosing MODE] [with X=N] [targeting …] [dividing …]' into its words."""
    match = _ANNOUNCEMENT.match(text.strip())
    if match is None:
        raise NotationError(path, line, f"expected 'CARD [choosing MODE] [with X=N] …', got {text!r}")
    x_text = match.group("x")
    groups = (
        tuple(tuple(split_items(g)) for g in match.group("targets").split(";"))
        if match.group("targets")
        else ()
    )
    division: list[tuple[str, int]] = []
    for share in split_items(match.group("division") or ""):
        amount, sep, recipient = share.partition(" to ")
        if not sep:
            raise NotationError(path, line, f"expected 'N to TARGET' in the division, got {share!r}")
        division.append((recipient.strip(), read_whole(amount, "N in 'N to TARGET'", (path, line))))
    x = read_whole(x_text, "X in 'with X=N'", (path, line)) if x_text is not None else None
    extras = tuple(split_items(match.group("paying") or ""))
    return AnnouncementText(
        match.group("what").strip(),
        match.group("mode"),
        x,
        groups,
        tuple(division),
        extras,
        match.group("face") is not None,
        tuple(split_items(match.group("sacrificed") or "")),
        tuple(split_items(match.group("returned") or "")),
        tuple(split_items(match.group("removed") or "")),
    )


def parse_announcement(names: Names, text: str, line: int) -> tuple[str, Proposal]:
    """Splits 'CARD [choosing MODE] [with X=N] [targeting …] [dividing …] [sacrificing …] [returning …]
    [removing …]' into the card and a proposal."""
    words = split_announcement(text, names.path, line)
    proposal = Proposal(
        mode=words.mode,
        x=words.x,
        targets=tuple(tuple(names.target(t, line) for t in group) for group in words.groups),
        division=tuple((names.target(t, line), amount) for t, amount in words.division),
        extras=words.extras,
        face_down=words.face_down,
        sacrificed=tuple(names.obj(n, line) for n in words.sacrificed),
        returned=tuple(names.obj(n, line) for n in words.returned),
        removed=tuple(names.obj(n, line) for n in words.removed),
    )
    return words.what, proposal
