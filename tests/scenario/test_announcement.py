"""Script announcements: mode, X, groups of targets and the division, in the era's order."""

from __future__ import annotations

import pytest

from ruling.engine.announce import Proposal
from ruling.engine.card_data import starter_library
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.errors import NotationError
from ruling.scenario.announcement import parse_announcement
from ruling.scenario.refs import Names
from ruling.scenario.setup import parse_setup

SETUP = ((1, "players: alice, bob"), (2, "bob in play: Grizzly Bears as bear"))


def _names() -> Names:
    setup = parse_setup(SETUP, "s.md", starter_library(), PROFILES["ru-1999"], 0)
    return Names(Game(setup.state, PROFILES["ru-1999"]), setup.aliases, "s.md")


@pytest.mark.parametrize(
    ("text", "card", "proposal"),
    [
        ("Lightning Bolt targeting bob", "Lightning Bolt", Proposal(targets=((("player", 1),),))),
        (
            "Healing Salve choosing life targeting alice",
            "Healing Salve",
            Proposal("life", None, ((("player", 0),),)),
        ),
        ("Blaze with X=3 targeting bear", "Blaze", Proposal(x=3, targets=((("obj", 1),),))),
        (
            "Rolling Thunder with X = 4 dividing 3 to bear, 1 to bob",
            "Rolling Thunder",
            Proposal(x=4, division=((("obj", 1), 3), (("player", 1), 1))),
        ),
        (
            "Seeds of Strength targeting bear; bear",
            "Seeds of Strength",
            Proposal(targets=((("obj", 1),), (("obj", 1),))),
        ),
        (
            "bombardment targeting bob sacrificing bear",
            "bombardment",
            Proposal(targets=((("player", 1),),), sacrificed=(1,)),
        ),
        ("altar sacrificing bear", "altar", Proposal(sacrificed=(1,))),
        (
            "Thwart paying alternative targeting bob returning bear, bear",
            "Thwart",
            Proposal(targets=((("player", 1),),), extras=("alternative",), returned=(1, 1)),
        ),
        (
            "Force of Will paying alternative removing bear",
            "Force of Will",
            Proposal(extras=("alternative",), removed=(1,)),
        ),
        (
            "Fireblast paying alternative sacrificing bear returning bear removing bear",
            "Fireblast",
            Proposal(extras=("alternative",), sacrificed=(1,), returned=(1,), removed=(1,)),
        ),
    ],
)
def test_announcements_parse(text: str, card: str, proposal: Proposal) -> None:
    assert parse_announcement(_names(), text, 7) == (card, proposal)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Blaze with X=three targeting bob", "whole number"),
        ("Arc Lightning dividing two to bob", "'N to TARGET'"),
        ("Arc Lightning dividing 3 to carol", "expected an alias or a card name"),
        ("altar sacrificing carol", "expected an alias or a card name"),
        ("Thwart paying alternative returning carol", "expected an alias or a card name"),
    ],
)
def test_bad_announcements_name_the_line(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message) as info:
        parse_announcement(_names(), text, 7)
    assert info.value.line == 7
