"""Property test: seeded random games run thousands of steps, conserve cards and replay exactly."""

from __future__ import annotations

import pytest

from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.random_play import new_game, play_random
from ruling.engine.zones import all_cards

STEPS = 3000


def _check_conservation(game: Game, card_count: int) -> None:
    state = game.state
    placed = all_cards(state)
    assert len(placed) == len(set(placed)), "an object sits in two zones"
    assert set(placed) == set(state.objects), "an object is in no zone"
    assert sum(1 for o in state.objects.values() if not o.token) == card_count


def _run(profile: str, seed: int) -> list[str]:
    taken = 0
    game_seed = seed
    events: list[str] = []
    while taken < STEPS:
        game = new_game(PROFILES[profile], game_seed)
        cards = sum(1 for o in game.state.objects.values() if not o.token)
        for _ in range(0, STEPS, 50):
            done = play_random(game, 50, game_seed + taken)
            taken += done
            _check_conservation(game, cards)
            if game.state.over or taken >= STEPS:
                break
        events += [f"{e.kind}:{sorted(e.args.items())}:{e.rules}" for e in game.trace]
        game_seed += 1000
    return events


@pytest.mark.parametrize("profile", list(PROFILES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_run_and_conserve_cards(profile: str, seed: int) -> None:
    events = _run(profile, seed)
    assert len(events) > STEPS


@pytest.mark.parametrize("profile", list(PROFILES))
def test_same_seed_gives_the_same_trace(profile: str) -> None:
    assert _run(profile, 7) == _run(profile, 7)


def test_different_seeds_give_different_games() -> None:
    assert _run("ru-1999", 4) != _run("ru-1999", 5)
