"""The setup lines of part F: each variant's demands on players and seats are checked, the usual options
filled in, only sr-2007 accepts them, and every line round-trips."""

from __future__ import annotations

import pytest

from ruling.engine.canonical import canonical
from ruling.engine.card_data import starter_library
from ruling.engine.profiles import PROFILES
from ruling.engine.variants import AttackOption, Variant
from ruling.errors import NotationError
from ruling.scenario.setup import Setup, parse_setup, render_setup

SIX = "players: alice, bob, carol, dave, erin, frank"
GUARD = f"{SIX}\nteams: alice + bob + carol, dave + erin + frank\nvariant: kings guard"
TEN = "players: alice, bob, carol, dave, erin, frank, gina, hank, ivy, jack"


def _parse(text: str, profile: str = "sr-2007") -> Setup:
    lines = tuple((n, line) for n, line in enumerate(text.strip().splitlines(), 1))
    return parse_setup(lines, "t.md", starter_library(), PROFILES[profile], 0)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("players: alice, bob\nvariant: circle", r"t.md:2: expected more than two players"),
        ("players: alice, bob, carol\nvariant: circle\ncreature moving", r"no creature moving in the circle"),
        ("players: alice, bob, carol\nvariant: last survivor\nattack left", r"F6.50"),
        ("players: alice, bob, carol\nvariant: circle\nteams: alice + bob, carol", r"every player alone"),
        ("players: alice, bob, carol, dave\nvariant: magic heart", r"'teams:' line before"),
        (
            "players: alice, bob, carol, dave\nteams: alice + carol, bob + dave\nvariant: magic heart",
            r"each team seated together \(sr F7.30\)",
        ),
        (
            f"{GUARD}\nkings: alice, erin",
            r"between two of their guards",
        ),
        (
            f"{SIX}\nteams: alice + bob + carol, dave + erin + frank\nvariant: kings guard",
            r"one king per team",
        ),
        ("players: alice, bob, carol, dave, erin\nvariant: grand circle", r"ten or more players"),
        (
            "players: alice, bob, carol, dave\nteams: alice + bob, carol + dave\nvariant: team circle",
            r"nobody seated next to a teammate",
        ),
        ("players: alice, bob, carol\nvariant: circle\nvariant: circle", r"one variant"),
        ("players: alice, bob, carol\nvariant: melee", r"expected a variant of sr F6-F10"),
        ("players: alice, bob, carol\nattack left\nattack right", r"one attack option"),
    ],
)
def test_a_variant_checks_its_players_and_seats(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        _parse(text + "\nturn 3, alice, main1")


@pytest.mark.parametrize("profile", ["ru-1999", "ja-2004"])
@pytest.mark.parametrize(
    "line", ["variant: circle", "attack left", "range of influence 1", "creature moving"]
)
def test_documents_without_part_f_refuse_its_lines(profile: str, line: str) -> None:
    with pytest.raises(NotationError, match=rf"not rules of {profile}: its document"):
        _parse(f"players: alice, bob, carol\n{line}", profile)


def test_variants_bring_their_usual_options() -> None:
    guard = _parse(
        f"{SIX}\nteams: alice + bob + carol, dave + erin + frank\nvariant: kings guard\nkings: bob, erin"
    )
    rules = guard.state.multiplayer
    assert rules.ranges == dict.fromkeys(range(6), 2) and rules.moving
    grand = _parse(f"{TEN}\nvariant: grand circle\nturn 1, alice, main1").state.multiplayer
    assert (grand.attack, grand.ranges[3], grand.markers) == (AttackOption.LEFT, 1, [0, 4])
    heart = _parse("players: a, b, c, d\nteams: a + b, c + d\nvariant: magic heart\nc life 120").state
    assert [p.life for p in heart.players] == [300, 300, 120, 300] and heart.shared_life
    assert heart.multiplayer.variant is Variant.MAGIC_HEART


ROUND_TRIPS = [
    f"{TEN}\nvariant: grand circle\nmarkers: bob, waiting after erin\nplaying marker 1\n"
    "markers to remove: jack\nturn 5, bob, main2",
    "players: alice, bob, carol, dave, erin\nvariant: circle\nattack right\nrange of influence 1\n"
    "points: bob 10\ncarol lost\nseated at turn start: alice, bob, carol, dave, erin\nturn 3, alice, main1",
    "players: alice, bob, carol, dave\nteams: alice + bob, carol + dave\ncreature moving\n"
    "turn 3, alice, main1\nalice in play: Grizzly Bears as bear (tapped)\nstack: alice moves bear to bob",
    "players: alice, bob, carol\nrange of influence: alice 2, bob 1\nattack multiple\nturn 3, bob, main1",
]


@pytest.mark.parametrize("text", ROUND_TRIPS)
def test_part_f_lines_round_trip(text: str) -> None:
    first = _parse(text)
    lines = render_setup(first.state, first.aliases, 10)
    again = _parse("\n".join(lines))
    assert canonical(again.state) == canonical(first.state)
    assert render_setup(again.state, again.aliases, 10) == lines
