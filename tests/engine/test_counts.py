"""Amounts counted from the game on resolution: what each count sees, per player where it is made for each,
and that the effect keeps the number it got."""

from __future__ import annotations

import pytest

from ruling.engine.card_data import starter_library
from ruling.engine.cards import Effect, EffectKind
from ruling.engine.counts import counted
from ruling.engine.events import ZoneChange, perform
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.resolve import apply_effects
from ruling.engine.state import GameState, Player, Zone


def _game(profile: str = "ja-2004") -> Game:
    """a controls two bears and a Forest and holds three cards; b controls one bear; a has one card in the
    graveyard and b two in the library."""
    state = GameState([Player("a", 20), Player("b", 20)])
    library = starter_library()
    for owner, name in ((0, "Grizzly Bears"), (0, "Grizzly Bears"), (0, "Forest"), (1, "Grizzly Bears")):
        obj = state.new_object(library[name], owner, Zone.IN_PLAY)
        state.in_play.append(obj.id)
    for owner, zone, count in ((0, Zone.HAND, 3), (0, Zone.GRAVEYARD, 1), (1, Zone.LIBRARY, 2)):
        for _ in range(count):
            state.players[owner].zone(zone).append(state.new_object(library["Forest"], owner, zone).id)
    return Game(state, PROFILES[profile])


@pytest.mark.parametrize(
    ("count", "player", "expected"),
    [
        ("cards_in_hand", None, 3),
        ("cards_in_graveyard", None, 1),
        ("creatures_you_control", None, 2),
        ("creatures", None, 3),
        ("creatures_they_control", 1, 1),
        ("creatures_they_control", 0, 2),
    ],
)
def test_each_count_sees_its_own_things(count: str, player: int | None, expected: int) -> None:
    game = _game()
    assert counted(game, Effect(EffectKind.GAIN_LIFE, 1, count=count), 0, "Census", player) == expected
    assert game.trace[-1].rules == ("ja:418.3c",) and game.trace[-1].args["amount"] == expected


def test_a_count_made_for_each_player_gives_each_their_own_amount_in_game_numbers() -> None:
    game = _game("sr-2007")
    game.state.players[0].life = game.state.players[1].life = 200
    effect = Effect(EffectKind.GAIN_LIFE, 1, who="each_player", count="creatures_they_control")
    apply_effects(game, (effect,), (), 0, 1, "Census")
    assert [p.life for p in game.state.players] == [220, 210]


def test_draws_are_counted_once_before_the_first_card_is_drawn() -> None:
    game = _game()
    apply_effects(
        game,
        (Effect(EffectKind.DRAW, 1, count="cards_in_hand", who="target"),),
        (("player", 1),),
        0,
        1,
        "Echo",
    )
    assert (len(game.state.players[1].hand), len(game.state.players[1].library)) == (2, 0)


def test_a_counted_pump_keeps_its_number_when_the_count_changes() -> None:
    game = _game()
    bear = game.state.in_play[0]
    pump = Effect(EffectKind.PUMP, power=1, toughness=1, target="creature", count="cards_in_hand")
    apply_effects(game, (pump,), (("obj", bear),), 0, bear, "Surge")
    assert game.chars(game.state.obj(bear)).power == 5
    game.state.players[0].hand.clear()
    assert (game.chars(game.state.obj(bear)).power, game.chars(game.state.obj(bear)).toughness) == (5, 5)


def test_the_power_of_a_source_in_play_is_its_power_now_in_printed_numbers() -> None:
    game = _game("sr-2007")
    bear = game.state.in_play[0]
    assert counted(game, Effect(EffectKind.DAMAGE, 1, count="source_power"), 0, "Bear", source=bear) == 2
    assert game.trace[-1].kind == "count_power" and game.trace[-1].rules == ("sr:D19.33",)
    assert game.trace[-1].args["amount"] == 20


def test_a_source_that_left_play_gives_its_last_known_power() -> None:
    game = _game("ru-1999")
    bear, other = game.state.in_play[0], game.state.in_play[1]
    pump = Effect(EffectKind.PUMP, power=3, toughness=3, target="creature")
    apply_effects(game, (pump,), (("obj", bear),), 0, other, "Giant Growth")
    perform(game, [ZoneChange(bear, Zone.GRAVEYARD), ZoneChange(other, Zone.GRAVEYARD)])
    assert counted(game, Effect(EffectKind.DAMAGE, 1, count="source_power"), 0, "Bear", source=bear) == 5
    assert game.trace[-1].kind == "count_power_known"
    assert game.trace[-1].rules == ("ru:418.3c", "ru:402.6")


def test_a_source_that_is_not_a_creature_has_no_power_to_count() -> None:
    game = _game()
    forest = game.state.in_play[2]
    assert counted(game, Effect(EffectKind.DAMAGE, 1, count="source_power"), 0, "Forest", source=forest) == 0
