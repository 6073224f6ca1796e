"""Progress of a long build: a line a second off a terminal, one line redrawn on a terminal."""

from __future__ import annotations

from ruling.search.progress import LineProgress


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_off_a_terminal_a_line_a_second_and_the_last_one() -> None:
    clock = Clock()
    lines: list[tuple[str, bool]] = []
    progress = LineProgress("indexing", lambda text, end: lines.append((text, end)), tty=False, clock=clock)
    for done in range(1, 101):
        clock.now = done * 0.05  # 100 entries over five seconds
        progress(done, 100)
    assert 5 <= len(lines) <= 7
    assert all(end for _, end in lines)
    assert lines[-1][0] == "indexing: 100/100 entries (100%)"


def test_on_a_terminal_one_line_redrawn() -> None:
    clock = Clock()
    lines: list[tuple[str, bool]] = []
    progress = LineProgress("indexing", lambda text, end: lines.append((text, end)), tty=True, clock=clock)
    for done in range(1, 11):
        clock.now = done * 0.2
        progress(done, 10)
    assert all(text.startswith("\r") for text, _ in lines)
    assert [end for _, end in lines][-1] is True and not any(end for _, end in lines[:-1])
