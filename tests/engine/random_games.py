"""Plays seeded random games with a deck, for the tests that check what random play reaches."""

from __future__ import annotations

from ruling.engine.profiles import PROFILES
from ruling.engine.random_play import new_game, play_random


def reached(profile: str, deck: list[str], seeds: range, steps: int = 1500) -> tuple[set[str], set[str]]:
    """Returns the kinds of trace events and the rule ids the games of those seeds reached."""
    kinds: set[str] = set()
    rules: set[str] = set()
    for seed in seeds:
        game = new_game(PROFILES[profile], seed, deck)
        play_random(game, steps, seed)
        kinds |= {e.kind for e in game.trace}
        rules |= {r for e in game.trace for r in e.rules}
    return kinds, rules
