"""Cards as data: the starter library parses, and malformed cards name their line."""

from __future__ import annotations

import pytest

from ruling.engine.cards import check_keyword, parse_cards, parse_cost, starter_library
from ruling.errors import NotationError


def test_starter_library_has_the_basics() -> None:
    library = starter_library()
    assert {"Forest", "Island", "Swamp", "Mountain", "Plains", "Grizzly Bears", "Lightning Bolt"} <= set(
        library
    )
    assert library["Craw Wurm"].power == 6 and library["Craw Wurm"].toughness == 4
    assert library["Forest"].abilities[0].is_mana_ability
    assert library["Tetsuo Umezawa"].is_legendary
    assert library["Lightning Bolt"].colors == "R"


@pytest.mark.parametrize(
    ("keyword", "known"),
    [
        ("flying", True),
        ("rampage 2", True),
        ("protection from B", True),
        ("swampwalk", True),
        ("protection from pink", False),
        ("banding", False),
        ("rampage x", False),
    ],
)
def test_keyword_vocabulary(keyword: str, known: bool) -> None:
    assert check_keyword(keyword) is known


def test_cost_is_split_into_generic_and_coloured() -> None:
    assert parse_cost("4GG") == (4, "GG")
    assert parse_cost("") == (0, "")


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('["Bad"]\ntypes = ["planeswalker"]\n', 10, "expected types"),
        ('["Bear"]\ntypes = ["creature"]\npt = "two"\n', 10, "pt"),
        ('\n["Bird"]\ntypes = ["creature"]\npt = "1/1"\nkeywords = ["banding"]\n', 11, "unknown keyword"),
        ('["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "explode" }]\n', 10, "expected an effect"),
        ('["Zap"\n', 10, "expected TOML"),
    ],
)
def test_malformed_cards_name_file_and_line(text: str, line: int, message: str) -> None:
    with pytest.raises(NotationError, match=message) as info:
        parse_cards(text, "cards.md", 10)
    assert info.value.line == line
    assert str(info.value).startswith(f"cards.md:{line}:")
