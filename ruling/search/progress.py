"""Progress of a long build, for a terminal or not: the first search on a fresh machine builds the index.

On a terminal one line is rewritten in place; elsewhere (a log, a pipe, CI) a line is written at most
once a second, and always at the end, so a build is never silent and never floods the output.
"""

from __future__ import annotations

import time
from collections.abc import Callable

TTY_INTERVAL = 0.1
"""Seconds between redraws of the line on a terminal."""
Write = Callable[[str, bool], None]
"""Writes text, ending the line if asked (the caller owns the stream: library code never prints)."""


class LineProgress:
    """A progress reporter called with (done, total)."""

    def __init__(
        self,
        label: str,
        write: Write,
        tty: bool,
        interval: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.label = label
        self.write = write
        self.tty = tty
        self.interval = interval
        self.clock = clock
        self._last: float | None = None

    def __call__(self, done: int, total: int) -> None:
        now = self.clock()
        finished = done >= total
        every = TTY_INTERVAL if self.tty else self.interval
        if not finished and self._last is not None and now - self._last < every:
            return
        self._last = now
        share = f"{done * 100 // total}%" if total else "100%"
        text = f"{self.label}: {done}/{total} entries ({share})"
        if self.tty:
            self.write(f"\r{text}", finished)
        else:
            self.write(text, True)
