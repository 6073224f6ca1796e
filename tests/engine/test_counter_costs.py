"""Counters as a cost (ru 409.1f, ja 409.1h, sr D10.18) and tokens counting the counters on the permanent
that made them (ja 202.2b, sr B3.32): reading them from card tables, paying, refusing, counting."""

from __future__ import annotations

import pytest

from ruling.engine.card_data import parse_cards
from ruling.engine.cards import token_card
from ruling.engine.counter_costs import check, maker_counters, pay
from ruling.engine.decisions import ScriptedDecider
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.state import GameObject, GameState, Player, Zone, counters_of, set_counters
from ruling.errors import IllegalActionError, NotationError

CARDS = """
["Feeder"]
types = ["creature"]
pt = "0/0"
abilities = [{ cost = "", remove_counters = "2 +1/+1", effects = [{ effect = "gain_life", amount = 2 }] }]

["Burst"]
types = ["enchantment"]
abilities = [{ cost = "", remove_counters = "fade", effects = [
  { effect = "token", token = "Saproling", pt = "fade counters" },
] }]
"""


def _game(profile: str = "ja-2004") -> Game:
    return Game(GameState([Player("a", 20), Player("b", 20)]), PROFILES[profile], ScriptedDecider())


def _in_play(game: Game, name: str) -> GameObject:
    obj = game.state.new_object(parse_cards(CARDS, "c.toml")[name], 0, Zone.IN_PLAY)
    game.state.in_play.append(obj.id)
    return obj


def test_a_cost_and_a_token_read_from_tables() -> None:
    cards = parse_cards(CARDS, "c.toml")
    feeder, burst = cards["Feeder"].abilities[0], cards["Burst"].abilities[0]
    assert (feeder.remove_counters, feeder.remove_amount) == ("+1/+1", 2)
    assert (burst.remove_counters, burst.remove_amount) == ("fade", 1)
    assert burst.effects[0].pt_counters == "fade"


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('abilities = [{ cost = "", remove_counters = "poison", effects = [] }]', "remove_counters = "),
        ('abilities = [{ cost = "", remove_counters = "0 fade", effects = [] }]', "remove_counters = "),
        (
            'abilities = [{ cost = "", zone = "graveyard", remove_counters = "fade", effects = [] }]',
            "has no counters",
        ),
        ('spell = [{ effect = "pump", target = "creature", pt = "fade counters" }]', "is for a token"),
        ('spell = [{ effect = "token", token = "Saproling", pt = "poison counters" }]', "KIND counters"),
    ],
)
def test_a_wrong_table_names_its_line_and_what_was_expected(table: str, message: str) -> None:
    with pytest.raises(NotationError, match=message) as failed:
        parse_cards(f'["X"]\ntypes = ["sorcery"]\n{table}\n', "c.toml")
    assert str(failed.value).startswith("c.toml:1:")


@pytest.mark.parametrize(
    ("profile", "rules"),
    [
        ("ru-1999", ("ru:409.1f",)),
        ("ja-2004", ("ja:409.1f", "ja:409.1h")),
        ("sr-2007", ("sr:D10.16", "sr:D10.18")),
    ],
)
def test_the_counters_are_removed_and_the_cost_cited(profile: str, rules: tuple[str, ...]) -> None:
    game = _game(profile)
    feeder = _in_play(game, "Feeder")
    feeder.plus_counters = 3
    ability = feeder.card.abilities[0]
    check(game, feeder, ability, "Feeder")
    pay(game, 0, feeder, ability, "Feeder")
    assert feeder.plus_counters == 1
    assert [(e.kind, e.rules, e.args["amount"]) for e in game.trace] == [("cost_counters", rules, 2)]


def test_too_few_counters_refuse_the_ability_and_none_is_removed() -> None:
    game = _game("sr-2007")
    feeder = _in_play(game, "Feeder")
    feeder.plus_counters = 1
    with pytest.raises(IllegalActionError, match=r"has 1 \+1/\+1 counter\(s\).*removes 2") as refused:
        check(game, feeder, feeder.card.abilities[0], "Feeder")
    assert refused.value.rules == ("sr:D10.16", "sr:D10.18")
    assert feeder.plus_counters == 1


def test_a_kind_counter_is_taken_off_its_kind() -> None:
    game = _game()
    burst = _in_play(game, "Burst")
    set_counters(burst, "fade", 2)
    pay(game, 0, burst, burst.card.abilities[0], "Burst")
    assert counters_of(burst, "fade") == 1


def test_a_token_counts_the_counters_on_its_own_maker_only() -> None:
    game = _game()
    first, second = _in_play(game, "Burst"), _in_play(game, "Burst")
    set_counters(first, "fade", 2)
    set_counters(second, "fade", 5)
    token = game.state.new_object(token_card("Saproling", "G", 0, 0, "fade"), 0, Zone.IN_PLAY, token=True)
    token.made_by = first.id
    game.state.in_play.append(token.id)
    assert maker_counters(game.state, token, "fade") == (2, "Burst, the permanent that made it")
    assert (game.chars(token).power, game.chars(token).toughness) == (2, 2)
    game.state.in_play.remove(first.id)
    first.zone = Zone.GRAVEYARD
    assert maker_counters(game.state, token, "fade") == (0, "the permanent that made it, no longer in play")
    assert game.chars(token).toughness == 0


def test_a_token_without_a_maker_counts_nothing() -> None:
    game = _game()
    token = game.state.new_object(token_card("Saproling", "G", 0, 0, "fade"), 0, Zone.IN_PLAY, token=True)
    assert maker_counters(game.state, token, "fade") == (0, "no permanent made it")
