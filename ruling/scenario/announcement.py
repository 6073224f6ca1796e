"""The announcement part of a script line, in the era's order (ru 409.1b-e):

alice plays Healing Salve choosing prevent targeting bear
alice plays Blaze with X=3 targeting bob
alice plays Rolling Thunder with X=4 dividing 2 to bear, 2 to bob
alice plays Fiery Twins targeting bear; bob                 # one group of targets per targeted effect
"""

from __future__ import annotations

import re

from ruling.engine.announce import Proposal
from ruling.errors import NotationError
from ruling.scenario.refs import Names
from ruling.scenario.setup import split_items

_ANNOUNCEMENT = re.compile(
    r"^(?P<what>.+?)"
    r"(?: choosing (?P<mode>.+?))?"
    r"(?: with X ?= ?(?P<x>\S+))?"
    r"(?: targeting (?P<targets>.+?))?"
    r"(?: dividing (?P<division>.+?))?$"
)


def parse_announcement(names: Names, text: str, line: int) -> tuple[str, Proposal]:
    """Splits 'CARD [choosing MODE] [with X=N] [targeting …] [dividing …]' into the card and a proposal."""
    match = _ANNOUNCEMENT.match(text.strip())
    if match is None:
        raise NotationError(names.path, line, f"expected 'CARD [choosing MODE] [with X=N] …', got {text!r}")
    x_text = match.group("x")
    if x_text is not None and not x_text.isdigit():
        raise NotationError(names.path, line, f"expected 'with X=N' with a whole number, got {x_text!r}")
    groups: list[tuple[tuple[str, int], ...]] = []
    if match.group("targets"):
        for group in match.group("targets").split(";"):
            groups.append(tuple(names.target(t, line) for t in split_items(group)))
    division: list[tuple[tuple[str, int], int]] = []
    for share in split_items(match.group("division") or ""):
        amount, sep, recipient = share.partition(" to ")
        if not sep or not amount.strip().isdigit():
            raise NotationError(names.path, line, f"expected 'N to TARGET' in the division, got {share!r}")
        division.append((names.target(recipient, line), int(amount)))
    proposal = Proposal(
        mode=match.group("mode"),
        x=int(x_text) if x_text is not None else None,
        targets=tuple(groups),
        division=tuple(division),
    )
    return match.group("what").strip(), proposal
