"""The setup notation of the keywords of part 3 round-trips: positions of random games with the keyword
deck, in every profile, are written and read back to the same canonical form, and cover every flag and
stack line of ruling.scenario.setup_keywords."""

from __future__ import annotations

import random

import pytest

from ruling.engine.canonical import canonical
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.random_keywords import KEYWORD_DECK
from ruling.engine.random_play import deck_cards, new_game, random_step
from ruling.scenario.setup import parse_setup, render_setup

MARKERS = (
    "face down",
    "fade counters",
    "echo due",
    "spells played this turn",
    " cycling of ",
    " landcycling of ",
    " fading of ",
    " cumulative upkeep of ",
    " echo of ",
    "madness window",
    "phased out",
    ", that player ",
)


def _positions(profile: str, seed: int, steps: int) -> list[Game]:
    rng = random.Random(seed)
    game = new_game(PROFILES[profile], seed, list(KEYWORD_DECK))
    found: list[Game] = []
    for _ in range(steps):
        if game.state.over:
            seed += 1000
            game = new_game(PROFILES[profile], seed, list(KEYWORD_DECK))
        random_step(game, rng)
        found.append(Game(game.state.copy(), game.profile))
    return found


def _round_trip(game: Game) -> str:
    scale = game.profile.scale
    text = render_setup(game.state, {}, scale)
    lines = tuple((n, line) for n, line in enumerate(text, 1))
    again = parse_setup(lines, "s.md", deck_cards(), game.profile, 0)
    assert canonical(again.state) == canonical(game.state), "\n".join(text)
    assert render_setup(again.state, again.aliases, scale) == text
    return "\n".join(text)


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_random_keyword_positions_round_trip(profile: str) -> None:
    for game in _positions(profile, 7, 150):
        _round_trip(game)


def test_random_keyword_positions_cover_the_notation() -> None:
    seen: set[str] = set()
    for seed in range(40):
        for game in _positions("ja-2004", seed, 400):
            text = "\n".join(render_setup(game.state, {}, 1))
            found = {m for m in MARKERS if m in text}
            if not found <= seen:
                _round_trip(game)
                seen |= found
        if seen == set(MARKERS):
            break
    assert seen == set(MARKERS)


WRITTEN = """players: alice, bob
turn 5, alice, upkeep
spells played this turn 2
alice poison 3
alice in play: Aging Totem as totem (age counters 2), Albino Troll as troll (echo due)
alice in play: Blastoderm as beast (fade counters 1), Masked Beast as mask (face down)
alice in play: Bonesplitter as axe (attached to troll)
alice graveyard: Krosan Tusk as tusk, Arcbound Worker as worker
alice in play: Goblin Taunter as taunter, Mimic Vat Lite as vat (imprinted wurm)
alice removed: Craw Wurm as wurm
stack: alice plays Second Look as look (paid flashback)
stack: alice plays Choice of Both as choice (paid entwine)
stack: alice plays Fire // Ice as fire-ice choosing Ice targeting troll
stack: alice cycling of tusk
stack: alice equip of axe targeting mask
stack: alice cumulative upkeep of totem
stack: alice modular 2 of worker targeting troll
stack: alice provoke of taunter targeting mask
pending: alice echo of troll"""


@pytest.mark.parametrize("profile", ["ja-2004"])
def test_a_written_position_with_every_keyword_line_round_trips(profile: str) -> None:
    lines = tuple((n, line) for n, line in enumerate(WRITTEN.splitlines(), 1))
    state = parse_setup(lines, "s.md", deck_cards(), PROFILES[profile], 0).state
    text = _round_trip(Game(state, PROFILES[profile]))
    for marker in (
        "age counters 2",
        "echo due",
        "fade counters 1",
        "face down",
        "paid flashback",
        "poison 3",
    ):
        assert marker in text
    assert [item.label for item in state.stack][-5:] == [
        "cycling of Krosan Tusk",
        "equip of Bonesplitter",
        "cumulative upkeep of Aging Totem",
        "modular of Arcbound Worker",
        "provoke of Goblin Taunter",
    ]
    assert "modular 2 of arcbound-worker targeting albino-troll" in text
    assert len(state.stack[1].effects) == 2  # entwined: both modes
    assert state.stack[2].label == "Ice" and "choosing Ice targeting" in text  # the half played


def test_attacking_bands_round_trip() -> None:
    text = """players: alice, bob
turn 3, alice, declare blockers
alice in play: Benalish Hero as hero, Grizzly Bears as bear
bob in play: Albino Troll as troll
combat: hero (blocked by troll), bear (blocked by troll)
bands: hero, bear"""
    lines = tuple((n, line) for n, line in enumerate(text.splitlines(), 1))
    state = parse_setup(lines, "s.md", deck_cards(), PROFILES["ja-2004"], 0).state
    assert state.combat is not None and len(state.combat.bands[0]) == 2
    assert "bands: benalish-hero, grizzly-bears" in _round_trip(Game(state, PROFILES["ja-2004"]))


def test_a_copy_of_a_spell_reads_back_with_the_spells_x_division_and_targets() -> None:
    text = """players: alice, bob
turn 3, alice, main1
bob in play: Grizzly Bears as bear, Llanowar Elves as elf
stack: alice plays Rolling Thunder as thunder with X=3 dividing 2 to bear, 1 to elf
stack: bob copy of thunder targeting elf, bear
stack: alice copy of thunder targeting bear, elf"""
    lines = tuple((n, line) for n, line in enumerate(text.splitlines(), 1))
    state = parse_setup(lines, "s.md", deck_cards(), PROFILES["ja-2004"], 0).state
    spell, theirs, ours = state.stack
    assert (theirs.kind, theirs.controller, theirs.x, theirs.shares) == ("copy", 1, 3, (2, 1))
    assert theirs.targets == tuple(reversed(spell.targets)) and ours.targets == spell.targets
    assert "bob copy of rolling-thunder targeting llanowar-elves, grizzly-bears" in _round_trip(
        Game(state, PROFILES["ja-2004"])
    )


def test_a_spell_targeted_or_copied_by_a_later_stack_line_is_written_with_its_alias() -> None:
    text = """players: alice, bob
turn 3, alice, main1
bob in play: Grizzly Bears as bear
stack: alice plays Lightning Bolt as bolt targeting bear
stack: bob copy of bolt targeting alice
stack: alice plays Counterspell targeting copy of bolt"""
    lines = tuple((n, line) for n, line in enumerate(text.splitlines(), 1))
    state = parse_setup(lines, "s.md", deck_cards(), PROFILES["ja-2004"], 0).state
    assert state.stack[2].targets == (("spell", state.stack[1].id),)
    written = _round_trip(Game(state, PROFILES["ja-2004"]))
    assert "plays Lightning Bolt as lightning-bolt" in written
    assert "plays Counterspell targeting copy of lightning-bolt" in written
