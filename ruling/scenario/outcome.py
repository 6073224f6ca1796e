"""What an expectation check returns: the (expected, actual) pair when a value differs."""

from __future__ import annotations

Mismatch = tuple[str, str] | None
"""(expected, actual) when an expectation does not hold, else None."""
Outcome = tuple[bool, Mismatch]
"""Whether a line was one of a module's expectations, and its mismatch."""


def mismatch(expected: str, actual: str) -> Mismatch:
    """Returns (expected, actual) when they differ."""
    return None if expected == actual else (expected, actual)


def compared(expected: str, actual: str) -> Outcome:
    """An expectation of the module's that was recognised, with its mismatch."""
    return True, mismatch(expected, actual)
