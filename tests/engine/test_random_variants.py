"""Random games of every variant of Izvori magije part F: no card lost or duplicated, the same seed the same
game, and each variant's own rules at work (markers passed, points scored, creatures moved, teams' turns)."""

from __future__ import annotations

import pytest

from ruling.engine.profiles import PROFILES
from ruling.engine.random_play import new_game, play_random
from ruling.engine.variant_games import PLAYERS
from ruling.engine.variants import Variant
from tests.engine.test_random_play import _check_conservation

STEPS = 1500


def _play(variant: Variant, players: int, seed: int) -> list[str]:
    """Plays games of the variant (a new one when a game ends) for STEPS actions; returns the events."""
    taken = 0
    events: list[str] = []
    while taken < STEPS:
        game = new_game(PROFILES["sr-2007"], seed, None, players, variant)
        cards = sum(1 for o in game.state.objects.values() if not o.token)
        while taken < STEPS and not game.state.over:
            taken += play_random(game, min(50, STEPS - taken), seed + taken)
            _check_conservation(game, cards)
        events += [f"{e.kind}:{sorted(e.args.items())}:{e.rules}" for e in game.trace]
        seed += 1000
    return events


CASES = [(variant, count) for variant, counts in PLAYERS.items() for count in counts[:1] + counts[-1:]]


@pytest.mark.parametrize(("variant", "players"), sorted(set(CASES)))
def test_random_variant_games_conserve_cards_and_replay(variant: Variant, players: int) -> None:
    events = _play(variant, players, 7)
    assert events == _play(variant, players, 7)
    assert any(e.startswith("resolve:") for e in events)


@pytest.mark.parametrize(
    ("variant", "players", "kind", "rule"),
    [
        (Variant.GRAND_CIRCLE, 10, "marker", "sr:F9.43"),
        (Variant.KINGS_GUARD, 6, "move", "sr:F5.20"),
        (Variant.MAGIC_HEART, 4, "untap", "sr:C3.10"),
        (Variant.CIRCLE, 4, "points", "sr:F6.40"),
    ],
)
def test_each_variant_plays_by_its_own_rules(variant: Variant, players: int, kind: str, rule: str) -> None:
    events = [e for seed in (1, 2, 3) for e in _play(variant, players, seed)]
    assert any(e.startswith(kind + ":") and rule in e for e in events)


def test_magic_heart_teams_untap_together() -> None:
    game = new_game(PROFILES["sr-2007"], 3, None, 4, Variant.MAGIC_HEART)
    play_random(game, 400, 3)
    untaps = [e for e in game.trace if e.kind == "untap"]
    assert {str(e.args["player"]) for e in untaps} >= {"alice", "bob", "carol", "dave"}
    assert game.state.players[0].life == game.state.players[1].life
