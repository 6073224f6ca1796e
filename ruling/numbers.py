"""Whole numbers in the notations people type (scenario files, card tables): ASCII digits only, bounded.

Python's ``str.isdigit`` accepts ``²`` and ``int`` accepts ``٣``, and ``int`` refuses more than 4,300 digits;
every number of a notation goes through ``read_whole`` instead, so a number is either a bounded int or a
clear error naming the file and line.
"""

from __future__ import annotations

import re

from ruling.errors import NotationError

GAME_LIMIT = 1_000_000
"""The largest game number (life, damage, counters, power, toughness, X, a turn): far beyond any real game,
small enough that no arithmetic on it is slow."""
SEED_LIMIT = 2**64 - 1
_WHOLE = re.compile(r"[0-9]{1,20}", re.ASCII)
_SIGNED = re.compile(r"[+-]?[0-9]{1,20}", re.ASCII)


def is_whole(text: str, signed: bool = False) -> bool:
    """Tells whether text is a whole number of at most 20 ASCII digits (with a sign when signed)."""
    return (_SIGNED if signed else _WHOLE).fullmatch(text.strip()) is not None


def read_whole(
    text: str,
    what: str,
    where: tuple[str, int | None],
    signed: bool = False,
    high: int = GAME_LIMIT,
    low: int | None = None,
) -> int:
    """Returns the whole number text spells, or raises NotationError at where (path, line) naming what.

    Only ASCII digits count (a sign only when signed); the value must lie in [low, high], low being 0, or
    -high when signed, unless given.
    """
    path, line = where
    floor = low if low is not None else (-high if signed else 0)
    stripped = text.strip()
    shape = "a whole number" + (" (with an optional sign)" if signed else "") + " in digits 0-9"
    if not is_whole(stripped, signed):
        raise NotationError(path, line, f"expected {what} as {shape}, got {_show(stripped)}")
    value = int(stripped)
    if not floor <= value <= high:
        raise NotationError(path, line, f"expected {what} from {floor} to {high}, got {_show(stripped)}")
    return value


def _show(text: str) -> str:
    """Returns text quoted for an error message, shortened when it is long."""
    return repr(text) if len(text) <= 40 else f"{text[:20]!r}… ({len(text)} characters)"
