"""Property test: random games of legal actions (spells with modes, X, targets and division, abilities,
attacks and blocks) run without an exception, never lose or duplicate a card, and replay exactly."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.random_keywords import CYCLING_DECK, KEYWORD_DECK
from ruling.engine.random_play import COST_DECK, LIBRARY_DECK, new_game, play_random
from ruling.engine.zones import all_cards

LONG = 3000
SHORT = 600


def _check_conservation(game: Game, card_count: int) -> None:
    state = game.state
    placed = all_cards(state)
    assert len(placed) == len(set(placed)), "an object sits in two zones"
    assert set(placed) == set(state.objects), "an object is in no zone"
    assert sum(1 for o in state.objects.values() if not o.token) + state.cards_left_game == card_count


PART_2_DECK = (
    ["Forest"] * 4
    + ["Plains"] * 4
    + ["Swamp"] * 3
    + ["Island"] * 3
    + ["Mountain"] * 3
    + ["Grizzly Bears", "Hill Giant", "White Knight", "Carrion Watcher", "Gravebane Zombie"] * 2
    + ["Wrath of God", "Kismet", "Furnace of Rath", "Pariah", "Crusade", "Chimeric Sphere"]
    + ["Blessed Wind", "Withering Touch", "Giant Strength Switch", "Jump", "Lightning Bolt", "Shock"]
    + ["Clone", "Clone", "Tetsuo Umezawa"]
    + ["Control Magic", "Threaten", "Ray of Command", "Endoskeleton", "Sleight of Mind", "Magical Hack"]
    + ["Voice of All", "Quirion Elves", "Grave Reader", "Scholar's Bargain", "Healing Salve", "Living Lands"]
)


def _run(profile: str, seed: int, steps: int, players: int = 2, deck: list[str] | None = None) -> list[str]:
    """Plays games (a new one when a game ends) until steps actions were taken; returns the events."""
    taken = 0
    game_seed = seed
    events: list[str] = []
    while taken < steps:
        game = new_game(PROFILES[profile], game_seed, deck, players)
        cards = sum(1 for o in game.state.objects.values() if not o.token)
        while taken < steps and not game.state.over:
            taken += play_random(game, min(50, steps - taken), game_seed + taken)
            _check_conservation(game, cards)
        events += [f"{e.kind}:{sorted(e.args.items())}:{e.rules}" for e in game.trace]
        game_seed += 1000
    return events


@settings(max_examples=10, deadline=None, database=None, derandomize=True)
@given(profile=st.sampled_from(sorted(PROFILES)), seed=st.integers(min_value=0, max_value=2**31))
def test_random_games_conserve_cards_and_replay(profile: str, seed: int) -> None:
    assert _run(profile, seed, SHORT) == _run(profile, seed, SHORT)


@pytest.mark.parametrize("profile", list(PROFILES))
def test_thousands_of_steps(profile: str) -> None:
    events = _run(profile, 1, LONG)
    assert len(events) > LONG
    kinds = {e.split(":", 1)[0] for e in events}
    assert {"attack", "block", "play", "resolve", "damage"} <= kinds


@settings(max_examples=6, deadline=None, database=None, derandomize=True)
@given(players=st.integers(min_value=3, max_value=5), seed=st.integers(min_value=0, max_value=2**31))
def test_games_of_more_players_conserve_cards_and_replay(players: int, seed: int) -> None:
    events = _run("sr-2007", seed, SHORT, players)
    assert events == _run("sr-2007", seed, SHORT, players)
    assert any("'carol'" in e for e in events), "the third player never acted"


@settings(max_examples=6, deadline=None, database=None, derandomize=True)
@given(
    profile=st.sampled_from(sorted(PROFILES)),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**31),
)
def test_the_effects_of_part_2_conserve_cards_and_replay(profile: str, players: int, seed: int) -> None:
    events = _run(profile, seed, SHORT, players, PART_2_DECK)
    assert events == _run(profile, seed, SHORT, players, PART_2_DECK)


@settings(max_examples=6, deadline=None, database=None, derandomize=True)
@given(profile=st.sampled_from(sorted(PROFILES)), seed=st.integers(min_value=0, max_value=2**31))
def test_alternative_costs_and_changed_costs_conserve_cards_and_replay(profile: str, seed: int) -> None:
    events = _run(profile, seed, SHORT, 2, list(COST_DECK))
    assert events == _run(profile, seed, SHORT, 2, list(COST_DECK))


@settings(max_examples=6, deadline=None, database=None, derandomize=True)
@given(profile=st.sampled_from(sorted(PROFILES)), seed=st.integers(min_value=0, max_value=2**31))
def test_milling_searching_and_converted_costs_conserve_cards_and_replay(profile: str, seed: int) -> None:
    events = _run(profile, seed, SHORT, 2, list(LIBRARY_DECK))
    assert events == _run(profile, seed, SHORT, 2, list(LIBRARY_DECK))


@settings(max_examples=4, deadline=None, database=None, derandomize=True)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_triggers_on_cycling_conserve_cards_and_replay(seed: int) -> None:
    events = _run("ja-2004", seed, SHORT, 2, list(CYCLING_DECK))
    assert events == _run("ja-2004", seed, SHORT, 2, list(CYCLING_DECK))


def test_random_games_reach_the_triggers_on_cycling() -> None:
    events = [e for seed in (1, 2) for e in _run("ja-2004", seed, LONG, 2, list(CYCLING_DECK))]
    triggered = {e for e in events if e.startswith("trigger:")}
    assert any("Lightning Rift" in e for e in triggered) and any("Death Pulse" in e for e in triggered)


def test_random_games_reach_the_library_effects() -> None:
    kinds = {
        e.split(":", 1)[0] for seed in (1, 2, 3) for e in _run("ja-2004", seed, LONG, 2, list(LIBRARY_DECK))
    }
    assert {"mill", "count_milled", "reveal_hand", "search"} <= kinds


def test_random_games_reach_the_effects_of_part_2() -> None:
    events = [e for seed in (1, 2, 3) for e in _run("ja-2004", seed, LONG, 2, PART_2_DECK)]
    kinds = {e.split(":", 1)[0] for e in events}
    assert {"effect", "replace", "tapped_entry", "minus_counters", "life_set", "copy"} <= kinds
    assert {"control", "text", "choice", "effect_ends"} <= kinds


def test_random_player_uses_the_whole_vocabulary() -> None:
    kinds = {e.split(":", 1)[0] for seed in (1, 2) for e in _run("ru-1999", seed, LONG)}
    assert {"activate", "regenerate_shield", "targets", "divide", "x", "mana"} <= kinds


def test_different_seeds_give_different_games() -> None:
    assert _run("ru-1999", 4, SHORT) != _run("ru-1999", 5, SHORT)


def _actions(profile: str, seed: int, steps: int = SHORT) -> list[str]:
    """The events of one game without the rule ids they cite (those differ between documents anyway)."""
    game = new_game(PROFILES[profile], seed)
    play_random(game, steps, seed)
    return [f"{e.kind}:{sorted(e.args.items())}" for e in game.trace]


@pytest.mark.parametrize("seed", range(5))
def test_the_editions_play_different_games(seed: int) -> None:
    assert _actions("ru-1999", seed) != _actions("ja-2004", seed)


@pytest.mark.parametrize(
    ("profile", "seed", "rule"),
    [
        ("ru-1999", 35, "ru:502.9d"),  # a trampler ignores a blocker it cannot damage (ru only; rare)
        ("ja-2004", 4, "ja:420.5i"),  # the world rule (ja only)
        ("sr-2007", 23, "sr:E3.104"),
        ("ru-1999", 1, "ru:300.4"),  # mana burn
        ("ja-2004", 1, "ja:300.3"),
    ],
)
def test_rules_that_differ_between_editions_are_exercised(profile: str, seed: int, rule: str) -> None:
    game = new_game(PROFILES[profile], seed)
    play_random(game, 1500, seed)
    assert any(rule in event.rules for event in game.trace)


def test_a_profile_is_dealt_no_card_its_document_has_no_rule_for() -> None:
    ru = {o.card.name for o in new_game(PROFILES["ru-1999"], 0).state.objects.values()}
    ja = {o.card.name for o in new_game(PROFILES["ja-2004"], 0).state.objects.values()}
    assert {"Old World", "Fencing Ace"} <= ja - ru
    assert {"Pale Trampler", "Black Knight", "Tetsuo Umezawa", "Wall of Wood"} <= ru & ja


@settings(max_examples=6, deadline=None, database=None, derandomize=True)
@given(profile=st.sampled_from(sorted(PROFILES)), seed=st.integers(min_value=0, max_value=2**31))
def test_the_keywords_of_part_3_conserve_cards_and_replay(profile: str, seed: int) -> None:
    events = _run(profile, seed, SHORT, 2, list(KEYWORD_DECK))
    assert events == _run(profile, seed, SHORT, 2, list(KEYWORD_DECK))


def test_random_games_reach_the_keywords_of_part_3() -> None:
    ja = {
        e.split(":", 1)[0] for seed in (1, 2, 3) for e in _run("ja-2004", seed, LONG, 2, list(KEYWORD_DECK))
    }
    assert {"cycle", "kind_counter", "sacrifice", "storm", "search", "poison", "imprint"} <= ja
    sr = {e.split(":", 1)[0] for seed in (1, 2) for e in _run("sr-2007", seed, LONG, 2, list(KEYWORD_DECK))}
    assert {"attach", "pay"} <= sr
