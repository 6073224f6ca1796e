"""Converted mana costs in every zone (ru 203.3, ja 203.3, sr B4.30), split cards outside the stack
(ja 505.5-505.6), and the number chosen for them."""

from __future__ import annotations

import pytest

from ruling.engine.card_data import parse_cards, starter_library
from ruling.engine.cards import CHOSEN, CardDef, Effect, EffectKind
from ruling.engine.converted_costs import choose_number, converted_cost, cost_rules, wanted_cost
from ruling.engine.decisions import Answer, DecisionError, ScriptedDecider
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.state import GameState, Player, Zone

_CARDS = parse_cards(
    """
["Blaze"]
types = ["sorcery"]
cost = "XR"
spell = [{ effect = "damage", amount = "X", target = "creature_or_player" }]
""",
    "cards.md",
    1,
)


def _card(name: str) -> CardDef:
    return _CARDS.get(name) or starter_library()[name]


def _game(profile: str = "ja-2004", decider: ScriptedDecider | None = None) -> Game:
    return Game(GameState([Player("a", 20), Player("b", 20)]), PROFILES[profile], decider)


@pytest.mark.parametrize(
    ("name", "zone", "values", "total"),
    [
        ("Craw Wurm", Zone.HAND, (6,), 6),
        ("Forest", Zone.IN_PLAY, (0,), 0),
        ("Blaze", Zone.LIBRARY, (1,), 1),
        ("Assault // Battery", Zone.GRAVEYARD, (1, 4), 5),
    ],
)
def test_the_value_of_a_card_in_any_zone(name: str, zone: Zone, values: tuple[int, ...], total: int) -> None:
    game = _game()
    cost = converted_cost(game, game.state.new_object(_card(name), 0, zone))
    assert cost.values == values and cost.total == total


def test_a_split_card_is_a_number_if_either_half_is() -> None:
    game = _game()
    cost = converted_cost(game, game.state.new_object(_card("Assault // Battery"), 0, Zone.HAND))
    assert [n for n in range(7) if cost.is_(n)] == [1, 4]
    assert cost.text == "1 (Assault), 4 (Battery)"


def test_on_the_stack_only_the_half_played_counts() -> None:
    game = _game()
    obj = game.state.new_object(_card("Assault // Battery"), 0, Zone.STACK)
    obj.half = "Battery"
    cost = converted_cost(game, obj)
    assert cost.values == (4,) and not cost.names


@pytest.mark.parametrize(
    ("asks", "split", "rules"),
    [
        (False, True, ("ja:203.3", "ja:505.5")),
        (True, True, ("ja:203.3", "ja:505.6")),
        (True, False, ("ja:203.3",)),
    ],
)
def test_the_trace_cites_the_split_card_rule_only_for_split_cards(
    asks: bool, split: bool, rules: tuple[str, ...]
) -> None:
    game = _game()
    card = _card("Assault // Battery" if split else "Craw Wurm")
    cost = converted_cost(game, game.state.new_object(card, 0, Zone.HAND))
    assert cost_rules(game, cost, asks) == rules


def test_each_edition_cites_its_own_rule() -> None:
    for profile, rule in (("ru-1999", "ru:203.3"), ("sr-2007", "sr:B4.30")):
        game = _game(profile)
        cost = converted_cost(game, game.state.new_object(_card("Craw Wurm"), 0, Zone.HAND))
        assert cost_rules(game, cost, asks=True) == (rule,)


def test_the_wanted_cost_is_the_written_or_the_chosen_number() -> None:
    assert wanted_cost(Effect(EffectKind.DESTROY_ALL), 3) is None
    assert wanted_cost(Effect(EffectKind.DESTROY_ALL, cmc="2"), None) == 2
    assert wanted_cost(Effect(EffectKind.DESTROY_ALL, cmc=CHOSEN), 5) == 5
    with pytest.raises(DecisionError, match="choose_number"):
        wanted_cost(Effect(EffectKind.DESTROY_ALL, cmc=CHOSEN), None)


@pytest.mark.parametrize(("answer", "number"), [("4", 4), ("0", 0), ("25", 25)])
def test_a_chosen_number_is_any_whole_number(answer: str, number: int) -> None:
    decider = ScriptedDecider()
    decider.give(Answer("choose", 0, answer, 1))
    assert choose_number(_game(decider=decider), 0, 1, "Void") == number


@pytest.mark.parametrize("answer", ["four", "-1", "W", "99999999999"])
def test_a_chosen_number_must_be_a_whole_number(answer: str) -> None:
    decider = ScriptedDecider()
    decider.give(Answer("choose", 0, answer, 1))
    with pytest.raises(DecisionError, match="must choose a whole number for Void"):
        choose_number(_game(decider=decider), 0, 1, "Void")
