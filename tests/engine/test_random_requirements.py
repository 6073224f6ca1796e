"""Property test: random games with attack and block requirements and restrictions run without an
exception, every declaration they make is legal, no card is lost or duplicated, and they replay exactly."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.random_play import new_game, play_random
from ruling.engine.random_requirements import REQUIREMENT_DECK
from ruling.engine.variant_games import PLAYERS
from ruling.engine.variants import Variant
from ruling.engine.zones import all_cards

STEPS = 600


def _run(
    profile: str, seed: int, steps: int, players: int = 2, variant: Variant = Variant.NONE
) -> tuple[list[str], list[Game]]:
    """Plays games (a new one when a game ends) until steps actions were taken, checking after every 25
    that no card is lost or duplicated; returns the events and the games."""
    taken, game_seed = 0, seed
    events: list[str] = []
    games: list[Game] = []
    while taken < steps:
        game = new_game(PROFILES[profile], game_seed, list(REQUIREMENT_DECK), players, variant)
        games.append(game)
        cards = sum(1 for o in game.state.objects.values() if not o.token)
        while taken < steps and not game.state.over:
            taken += play_random(game, min(25, steps - taken), game_seed + taken)
            placed = all_cards(game.state)
            assert len(placed) == len(set(placed)), "an object sits in two zones"
            assert set(placed) == set(game.state.objects), "an object is in no zone"
            left = game.state.cards_left_game
            assert sum(1 for o in game.state.objects.values() if not o.token) + left == cards
        events += [f"{e.kind}:{sorted(e.args.items())}:{e.rules}" for e in game.trace]
        game_seed += 1000
    return events, games


@settings(max_examples=8, deadline=None, database=None, derandomize=True)
@given(profile=st.sampled_from(sorted(PROFILES)), seed=st.integers(min_value=0, max_value=2**31))
def test_games_with_requirements_conserve_cards_and_replay(profile: str, seed: int) -> None:
    assert _run(profile, seed, STEPS)[0] == _run(profile, seed, STEPS)[0]


@settings(max_examples=3, deadline=None, database=None, derandomize=True)
@given(players=st.integers(min_value=3, max_value=4), seed=st.integers(min_value=0, max_value=2**31))
def test_games_of_more_players_with_requirements_conserve_cards(players: int, seed: int) -> None:
    events, _ = _run("sr-2007", seed, 2000, players)
    assert any(e.startswith("attack:") for e in events)


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_random_games_obey_requirements_and_meet_restrictions(profile: str) -> None:
    games = [game for seed in (3, 4, 5) for game in _run(profile, seed, 2000)[1]]
    trace = [event for game in games for event in game.trace]
    kinds = {event.kind for event in trace}
    assert {"requirement_attacks", "requirement_blocks", "restriction_limit"} <= kinds
    rarer = {
        "restriction_attack_alone",
        "restriction_block_alone",
        "restriction_two_blockers",
        "requirement_lure",
    }
    assert len(rarer & kinds) >= 2, kinds
    cited = {
        rule
        for event in trace
        if event.kind.startswith(("requirement", "restriction"))
        for rule in event.rules
    }
    assert cited == set(
        PROFILES[profile].cite("attack_requirement")
        + PROFILES[profile].cite("block_requirement")
        + PROFILES[profile].cite("attack_restriction")
        + PROFILES[profile].cite("block_restriction")
    )


@pytest.mark.parametrize("variant", [v for v in Variant if v is not Variant.NONE])
def test_variant_games_with_requirements_conserve_cards_and_replay(variant: Variant) -> None:
    players = PLAYERS[variant][0]
    events, _ = _run("sr-2007", 11, 800, players, variant)
    assert events == _run("sr-2007", 11, 800, players, variant)[0]
