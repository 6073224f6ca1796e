"""Subgames and turn control in random games (ja 506-507): no card lost or duplicated in the main game or in
a subgame, nested subgames, the same seed the same game; both refused under ru-1999 and sr-2007."""

from __future__ import annotations

import random

import pytest

from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.random_play import DECK, SPECIAL_DECK, new_game, play_random, random_step
from ruling.engine.subgame import innermost, settle, start_subgame
from ruling.engine.zones import all_cards
from ruling.errors import IllegalActionError

DECK_WITH_SPECIALS = list(DECK) + SPECIAL_DECK * 3


def _check(game: Game, cards: int) -> None:
    """Checks the main game and every subgame: each object in exactly one zone; the main game's cards all
    there (those in a subgame are removed from the main game face down); a subgame's cards are the ones
    brought into it."""
    state = game.state
    placed = all_cards(state)
    assert len(placed) == len(set(placed)) and set(placed) == set(state.objects)
    assert sum(1 for o in state.objects.values() if not o.token) + state.cards_left_game == cards
    outer = game
    while outer.sub is not None:
        sub = outer.sub
        assert sub.link is not None
        sub_placed = all_cards(sub.state)
        assert len(sub_placed) == len(set(sub_placed)) and set(sub_placed) == set(sub.state.objects)
        in_play = sum(1 for o in sub.state.objects.values() if not o.token)
        assert in_play + sub.state.cards_left_game == len(sub.link.origin)
        outer = sub


def _play(seed: int, steps: int, players: int = 2) -> tuple[list[str], set[str]]:
    events: list[str] = []
    depths: set[str] = set()
    game = new_game(PROFILES["ja-2004"], seed, DECK_WITH_SPECIALS, players)
    cards = sum(1 for o in game.state.objects.values() if not o.token)
    for taken in range(0, steps, 25):
        if game.state.over:
            break
        play_random(game, 25, seed + taken)
        _check(game, cards)
        depth = 0
        outer = game
        while outer.sub is not None:
            outer, depth = outer.sub, depth + 1
        depths.add(str(depth))
    events = [f"{e.kind}:{sorted(e.args.items())}:{e.rules}" for e in game.trace]
    return events, depths


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_random_games_with_subgames_conserve_cards_and_replay(seed: int) -> None:
    events, _ = _play(seed, 3000)
    assert events == _play(seed, 3000)[0]


def test_random_games_reach_subgames_and_turn_control() -> None:
    kinds: set[str] = set()
    depths: set[str] = set()
    for seed in range(1, 7):
        events, seen = _play(seed, 3000, 2 + seed % 2)
        kinds |= {e.split(":", 1)[0] for e in events}
        depths |= seen
    assert {"subgame", "subgame_end", "subgame_cards", "turn_control", "turn_controlled"} <= kinds
    assert "1" in depths


def test_a_subgame_inside_a_subgame() -> None:
    game = new_game(PROFILES["ja-2004"], 4, list(DECK) * 2)
    cards = sum(1 for o in game.state.objects.values() if not o.token)
    start_subgame(game, 0, "Shahrazad")
    sub = innermost(game)
    assert sub is not game and sub.state.turn == 1
    start_subgame(sub, sub.state.active, "Shahrazad")
    nested = innermost(game)
    assert nested is not sub and nested.link is not None and nested.link.main is sub
    assert any("ja:506.7" in e.rules for e in game.trace)
    _check(game, cards)
    rng = random.Random(1)
    for _ in range(20000):
        if game.sub is None or game.state.over:
            break
        random_step(innermost(game), rng)
        settle(game)
    assert game.sub is None
    _check(game, cards)
    assert sum(len(p.library) for p in game.state.players) > 0


@pytest.mark.parametrize("profile", ["ru-1999", "sr-2007"])
def test_documents_without_special_turns_refuse_them(profile: str) -> None:
    game = new_game(PROFILES[profile], 1)
    with pytest.raises(IllegalActionError, match="has no rule for subgames: there is none in"):
        start_subgame(game, 0, "Shahrazad")
    assert game.sub is None
    assert not any(e.kind == "subgame" for e in game.trace)
