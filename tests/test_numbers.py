"""Whole numbers of the notations: ASCII digits only, within bounds, else a NotationError naming the place."""

from __future__ import annotations

import pytest

from ruling.errors import NotationError
from ruling.numbers import GAME_LIMIT, is_whole, read_whole


@pytest.mark.parametrize(
    ("text", "signed", "expected"),
    [
        ("0", False, 0),
        (" 42 ", False, 42),
        ("-3", True, -3),
        ("+3", True, 3),
        (str(GAME_LIMIT), False, GAME_LIMIT),
    ],
)
def test_reads_whole_numbers(text: str, signed: bool, expected: int) -> None:
    assert read_whole(text, "n", ("f.md", 3), signed=signed) == expected


@pytest.mark.parametrize(
    ("text", "signed", "message"),
    [
        ("²", False, "in digits 0-9, got '²'"),
        ("٣", False, "in digits 0-9"),
        ("３", False, "in digits 0-9"),
        ("-3", False, "in digits 0-9"),
        ("", False, "in digits 0-9"),
        ("1_000", False, "in digits 0-9"),
        ("9" * 5000, False, r"\(5000 characters\)"),
        (str(GAME_LIMIT + 1), False, f"from 0 to {GAME_LIMIT}"),
        (str(-GAME_LIMIT - 1), True, f"from -{GAME_LIMIT} to {GAME_LIMIT}"),
    ],
)
def test_refuses_anything_else_naming_file_and_line(text: str, signed: bool, message: str) -> None:
    with pytest.raises(NotationError, match=message) as info:
        read_whole(text, "the count", ("f.md", 3), signed=signed)
    assert str(info.value).startswith("f.md:3: expected the count")


def test_is_whole() -> None:
    assert is_whole("12") and not is_whole("-12") and is_whole("-12", signed=True) and not is_whole("²")
