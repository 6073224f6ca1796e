"""Malformed scenario files get a NotationError naming file:line and what was expected."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ruling.errors import NotationError
from ruling.scenario.format import parse_file, parse_text
from ruling.scenario.runner import run_scenario

GOOD = """# Title

## A bear attacks

```scenario
profiles: ru-1999
rules: ru:308.1
seed: 3
```

```setup
players: alice, bob
turn 3, alice, main1
alice in play: Grizzly Bears as bear
```

```script
alice attacks with bear
```

```expect ru-1999
step declare attackers
```
"""


def test_good_file_parses() -> None:
    (scenario,) = parse_text(GOOD, "good.md")
    assert (scenario.line, scenario.title, scenario.profiles, scenario.rules, scenario.seed) == (
        5,
        "A bear attacks",
        ["ru-1999"],
        ["ru:308.1"],
        3,
    )
    assert [b.kind for b in scenario.blocks] == ["script", "expect"]
    assert scenario.blocks[0].lines == ((18, "alice attacks with bear"),)
    assert run_scenario(scenario, "ru-1999").passed


@pytest.mark.parametrize(
    ("old", "new", "line", "message"),
    [
        ("profiles: ru-1999", "profiles: en-2010", 6, "expected a profile"),
        ("rules: ru:308.1", "rules: 308.1", 7, "expected qualified rule ids"),
        ("seed: 3", "seed: three", 8, "the seed as a whole number"),
        ("seed: 3", "colour: red", 8, "expected 'profiles:'"),
        ("players: alice, bob", "players: alice", 12, "two or more different one-word player names"),
        ("turn 3, alice, main1", "turn 3, alice, lunch", 13, "expected 'turn N, PLAYER, STEP'"),
        ("Grizzly Bears as bear", "Grizzly Bear as bear", 14, "expected a known card name"),
        ("Grizzly Bears as bear", "Grizzly Bears as bear (angry)", 14, "expected flags"),
        ("alice attacks with bear", "alice dances", 18, "expected a verb"),
        ("alice attacks with bear", "alice attack with bear", 18, "did you mean 'attacks'"),
        ("alice attacks with bear", "carol passes", 18, "expected 'resolve'"),
        ("step declare attackers", "bear is happy", 22, "expected an expectation"),
        ("```expect ru-1999", "```expect ja-2004", 21, "expected profiles of the scenario"),
        ("```expect ru-1999", "```expect ru-1999 ja-2004", 21, "got 'ja-2004'"),
    ],
)
def test_malformed_file_names_line(tmp_path: Path, old: str, new: str, line: int, message: str) -> None:
    path = tmp_path / "bad.md"
    path.write_text(GOOD.replace(old, new), encoding="utf-8")
    with pytest.raises(NotationError, match=message) as info:
        for scenario in parse_file(path):
            run_scenario(scenario, scenario.profiles[0])
    assert info.value.line == line
    assert str(info.value).startswith(f"{path}:{line}:")


def test_missing_setup_and_missing_scenario(tmp_path: Path) -> None:
    with pytest.raises(NotationError, match="expected a ```setup block"):
        parse_text(GOOD.replace("```setup", "```text"), "x.md")
    with pytest.raises(NotationError, match="at least one ```scenario"):
        parse_text("# Nothing here\n", "x.md")
    with pytest.raises(NotationError, match="cannot read"):
        parse_file(tmp_path / "absent.md")


def test_keyword_outside_the_profile_document_is_refused() -> None:
    text = GOOD.replace("Grizzly Bears as bear", "Fencing Ace as bear")
    (scenario,) = parse_text(text, "x.md")
    with pytest.raises(NotationError, match=r"'double_strike' is not a keyword of ru-1999 \(ru 502 defines"):
        run_scenario(scenario, "ru-1999")


NUMBERS = """# Numbers

```cards
["Pumped Bear"]
types = ["creature"]
cost = "1G"
pt = "2/2"
```

```scenario
profiles: ru-1999
rules: ru:308.1
seed: 3
```

```setup
players: alice, bob
turn 3, alice, main1
priority alice, passes 0
random: seed 1, shuffles 0
alice life 20
alice lands played 0
alice in play: 2 Grizzly Bears as bear (damage 1, counters 1), Rat (token 1/1), Pumped Bear as pb
alice hand: Rolling Thunder as rt
alice pool RRRR
effect: bear +1/+1 (Giant Growth)
shield: prevent 1 to bear (Healing Salve)
```

```script
alice plays rt with X=2 dividing 1 to bob, 1 to alice
```
"""
"""A file with every number of the notation, each as the only place a number appears on its line."""

NUMBER_FIELDS = [
    ("seed: 3", "seed: {n}", 13),
    ("turn 3, alice", "turn {n}, alice", 18),
    ("passes 0", "passes {n}", 19),
    ("seed 1, shuffles", "seed {n}, shuffles", 20),
    ("shuffles 0", "shuffles {n}", 20),
    ("alice life 20", "alice life {n}", 21),
    ("lands played 0", "lands played {n}", 22),
    ("in play: 2 Grizzly", "in play: {n} Grizzly", 23),
    ("damage 1,", "damage {n},", 23),
    ("counters 1)", "counters {n})", 23),
    ("token 1/1", "token {n}/1", 23),
    ("bear +1/+1", "bear +{n}/+1", 26),
    ("prevent 1 to", "prevent {n} to", 27),
    ("X=2", "X={n}", 31),
    ("dividing 1 to bob", "dividing {n} to bob", 31),
    ('pt = "2/2"', 'pt = "{n}/2"', 4),
]


@pytest.mark.parametrize("number", ["²", "٣", "9" * 5000, "0x10", "1e3", "1" + "0" * 25])
@pytest.mark.parametrize(("old", "new", "line"), NUMBER_FIELDS, ids=[f[1] for f in NUMBER_FIELDS])
def test_every_number_is_ascii_digits_within_bounds(
    tmp_path: Path, old: str, new: str, line: int, number: str
) -> None:
    assert NUMBERS.count(old) == 1
    path = tmp_path / "numbers.md"
    path.write_text(NUMBERS.replace(old, new.format(n=number)), encoding="utf-8")
    with pytest.raises(NotationError) as info:
        for scenario in parse_file(path):
            run_scenario(scenario, scenario.profiles[0])
    assert info.value.line == line, str(info.value)


def test_the_numbers_file_itself_runs(tmp_path: Path) -> None:
    path = tmp_path / "numbers.md"
    path.write_text(NUMBERS, encoding="utf-8")
    (scenario,) = parse_file(path)
    assert run_scenario(scenario, "ru-1999").passed


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (
            '["Deep"]\ntypes = ["creature"]\npt = "1/1"\nx = ' + "[\n" * 5000 + "]\n" * 5000,
            "nested too deeply",
        ),
        ('["Deep"]\nx = ' + "{a=" * 2000 + "1" + "}" * 2000, "nested too deeply"),
        ('["Long"]\ntypes = ["creature"]\npt = "1/1"\nx = ' + "9" * 5000, "4300 digits"),
        ('["Costly"]\ntypes = ["creature"]\npt = "1/1"\ncost = "' + "9" * 5000 + '"', "expected a cost"),
        ('["Rampant"]\ntypes = ["creature"]\npt = "1/1"\nkeywords = ["rampage ²"]', "unknown keyword"),
    ],
    ids=["array", "table", "integer", "cost", "rampage"],
)
def test_card_tables_that_would_break_the_reader(cards: str, message: str) -> None:
    text = f"```cards\n{cards}\n```\n" + GOOD
    with pytest.raises(NotationError, match=message) as info:
        parse_text(text, "x.md")
    assert info.value.line is not None and info.value.line >= 2


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: p.mkdir(), "expected a regular file"),
        (lambda p: p.write_bytes(b"# T\n\n\xff\xfe\n"), r"x\.md:3: expected UTF-8 text, got byte 0xff"),
        (lambda p: p.write_text("#" * ((1 << 20) + 1)), "at most 1,048,576 bytes"),
        (lambda p: p.write_text("# " + "x" * 20_000), r"x\.md:1: expected a line of at most 10,000"),
        (lambda p: p.symlink_to("/dev/zero"), "expected a regular file"),
        (lambda p: os.mkfifo(p), "expected a regular file"),
    ],
    ids=["folder", "not-utf8", "too-large", "long-line", "dev-zero", "named-pipe"],
)
def test_files_that_are_not_scenario_text(tmp_path: Path, make: object, message: str) -> None:
    path = tmp_path / "x.md"
    make(path)  # type: ignore[operator]
    with pytest.raises(NotationError, match=message):
        parse_file(path)


def test_dev_zero_given_directly_is_refused_at_once() -> None:
    with pytest.raises(NotationError, match="expected a regular file"):
        parse_file("/dev/zero")


@pytest.mark.parametrize(
    ("board", "message"),
    [
        ("alice in play: 10000 Forest", "expected a count of copies from 1 to 2000, got '10000'"),
        ("alice in play: 1500 Forest\nalice library: 600 Island", "expected at most 2000 objects in a game"),
    ],
)
def test_counts_are_bounded(board: str, message: str) -> None:
    (scenario,) = parse_text(GOOD.replace("alice in play: Grizzly Bears as bear", board), "x.md")
    with pytest.raises(NotationError, match=message):
        run_scenario(scenario, "ru-1999")


CASTS = """# Casts

```scenario
profiles: ru-1999, ja-2004, sr-2007
rules: ru:308.1
```

```setup
players: alice, bob
turn 3, alice, main1
alice in play: Forest, Grizzly Bears as bear
alice hand: Giant Growth, Forest as second
```

```script
alice taps Forest for mana
alice casts Giant Growth targeting bear
```

```expect
stack: Giant Growth
```

```script
resolve
```

```expect ru-1999 ja-2004
bear 5/5
```

```expect sr-2007
bear 50/50
```
"""


@pytest.mark.parametrize("profile", ["ru-1999", "ja-2004", "sr-2007"])
def test_casts_is_today_s_word_for_playing_a_spell(profile: str) -> None:
    (scenario,) = parse_text(CASTS, "casts.md")
    assert run_scenario(scenario, profile).passed
    (played,) = parse_text(CASTS.replace("casts", "plays"), "plays.md")
    assert run_scenario(played, profile).trace == run_scenario(scenario, profile).trace


def test_a_land_is_played_not_cast() -> None:
    text = CASTS.replace("alice casts Giant Growth targeting bear", "alice casts second")
    (scenario,) = parse_text(text, "casts.md")
    with pytest.raises(NotationError, match="a land is played, not cast: write '… plays second'") as info:
        run_scenario(scenario, "ru-1999")
    assert info.value.line == 17


def test_a_stack_line_may_say_casts() -> None:
    text = CASTS.replace(
        "alice hand: Giant Growth, Forest as second", "stack: alice casts Giant Growth targeting bear"
    )
    text = text.replace("alice taps Forest for mana\nalice casts Giant Growth targeting bear\n", "")
    (scenario,) = parse_text(text, "casts.md")
    assert run_scenario(scenario, "ru-1999").passed


def test_today_s_zone_names_read_as_the_era_s() -> None:
    board = "alice in play: Forest, Grizzly Bears as bear"
    today = "alice battlefield: Forest, Grizzly Bears as bear\nalice exile: Shock as shock"
    text = CASTS.replace(board, today)
    text = text.replace("bear 5/5\n", "bear 5/5\nbear on the battlefield\nshock in exile\nalice exile 1\n")
    (scenario,) = parse_text(text, "zones.md")
    assert run_scenario(scenario, "ja-2004").passed
    wrong = text.replace("shock in exile", "bear in exile")
    (scenario,) = parse_text(wrong, "zones.md")
    result = run_scenario(scenario, "ja-2004")
    assert [(f.expected, f.actual) for f in result.failures] == [("removed", "in play")]
