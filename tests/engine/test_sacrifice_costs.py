"""Costs that sacrifice a permanent (ru 409.1f, ja 409.1f, sr D10.16), and abilities resolving apart from
their source (ru 402.6, ja 402.6, sr D3.60)."""

from __future__ import annotations

import pytest

from ruling.engine.announce import Proposal
from ruling.engine.card_data import starter_library
from ruling.engine.decisions import ScriptedDecider
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.random_play import SACRIFICE_DECK
from ruling.engine.state import GameState, Player, Step, Zone
from ruling.errors import IllegalActionError
from tests.engine.random_games import reached


def _game(profile: str = "ja-2004") -> Game:
    state = GameState([Player("a", 20), Player("b", 20)])
    state.step = Step.MAIN1
    return Game(state, PROFILES[profile], ScriptedDecider())


def _put(game: Game, name: str, controller: int) -> int:
    obj = game.state.new_object(starter_library()[name], controller, Zone.IN_PLAY)
    obj.controlled_since_turn_start = True
    game.state.in_play.append(obj.id)
    return obj.id


def test_a_permanent_that_sacrifices_itself_is_gone_before_the_ability_resolves() -> None:
    game = _game("ru-1999")
    fanatic = _put(game, "Mogg Fanatic", 0)
    item = game.activate(0, fanatic, 0, proposal=Proposal.of((("player", 1),)))
    assert item is not None and item.source == fanatic
    assert fanatic not in game.state.objects
    assert len(game.state.players[0].graveyard) == 1
    assert next(e for e in game.trace if e.kind == "cost_sacrifice").rules == ("ru:409.1f",)
    game.resolve_top()
    assert game.state.players[1].life == 19
    resolved = next(e for e in game.trace if e.kind == "resolve")
    assert resolved.rules == ("ru:413.1", "ru:402.6")


def test_an_ability_whose_source_is_still_there_does_not_cite_the_rule() -> None:
    game = _game("sr-2007")
    sorcerer = _put(game, "Prodigal Sorcerer", 0)
    game.activate(0, sorcerer, 0, proposal=Proposal.of((("player", 1),)))
    game.resolve_top()
    assert "sr:D3.60" not in next(e for e in game.trace if e.kind == "resolve").rules


def test_the_player_chooses_the_creature_a_cost_sacrifices() -> None:
    game = _game()
    angel, bear = _put(game, "Fallen Angel", 0), _put(game, "Grizzly Bears", 0)
    game.activate(0, angel, 0, proposal=Proposal(sacrificed=(bear,)))
    assert bear not in game.state.objects and angel in game.state.objects
    game.resolve_top()
    chars = game.chars(game.state.obj(angel))
    assert (chars.power, chars.toughness) == (5, 4)


@pytest.mark.parametrize(
    ("profile", "rules"),
    [
        ("ru-1999", ("ru:409.1f",)),
        ("ja-2004", ("ja:409.1f", "ja:409.1h")),
        ("sr-2007", ("sr:D10.16", "sr:D10.18")),
    ],
)
def test_a_cost_with_nothing_to_sacrifice_cannot_be_paid(profile: str, rules: tuple[str, ...]) -> None:
    game = _game(profile)
    bombardment = _put(game, "Goblin Bombardment", 0)
    _put(game, "Grizzly Bears", 1)
    with pytest.raises(IllegalActionError, match="a controls no creature to sacrifice") as info:
        game.activate(0, bombardment, 0, proposal=Proposal.of((("player", 1),)))
    assert info.value.rules == rules
    assert game.state.stack == []


@pytest.mark.parametrize(
    ("named", "message"),
    [
        ((), "announce it with 'sacrificing NAME', got 0"),
        (("bear", "elves"), "got 2"),
        (("forest",), "Forest is not a creature a controls"),
        (("other",), "Grizzly Bears is not a creature a controls"),
    ],
)
def test_a_sacrifice_the_cost_does_not_allow_is_refused(named: tuple[str, ...], message: str) -> None:
    game = _game("sr-2007")
    altar = _put(game, "Ashnod's Altar", 0)
    ids = {
        "bear": _put(game, "Grizzly Bears", 0),
        "elves": _put(game, "Llanowar Elves", 0),
        "forest": _put(game, "Forest", 0),
        "other": _put(game, "Grizzly Bears", 1),
    }
    with pytest.raises(IllegalActionError, match=message) as info:
        game.activate(0, altar, 0, proposal=Proposal(sacrificed=tuple(ids[n] for n in named)))
    assert info.value.rules == ("sr:D10.16",)
    assert all(obj_id in game.state.objects for obj_id in ids.values())
    assert game.state.players[0].pool.get("C", 0) == 0


def test_a_cost_that_sacrifices_itself_refuses_another_permanent() -> None:
    game = _game()
    fanatic, bear = _put(game, "Mogg Fanatic", 0), _put(game, "Grizzly Bears", 0)
    with pytest.raises(IllegalActionError, match="sacrifices its own permanent"):
        game.activate(0, fanatic, 0, proposal=Proposal(targets=((("player", 1),),), sacrificed=(bear,)))


def test_an_ability_without_a_sacrifice_refuses_one() -> None:
    game = _game()
    sorcerer, bear = _put(game, "Prodigal Sorcerer", 0), _put(game, "Grizzly Bears", 0)
    with pytest.raises(IllegalActionError, match="sacrifices nothing"):
        game.activate(0, sorcerer, 0, proposal=Proposal(targets=((("player", 1),),), sacrificed=(bear,)))
    assert game.state.obj(sorcerer).tapped is False


def test_a_mana_ability_sacrifices_and_adds_mana_at_once() -> None:
    game = _game()
    pet = _put(game, "Blood Pet", 0)
    assert game.activate(0, pet, 0) is None
    assert pet not in game.state.objects
    assert game.state.players[0].pool["B"] == 1
    assert game.state.stack == []


def test_random_games_sacrifice_to_pay_costs() -> None:
    kinds, rules = reached("sr-2007", list(SACRIFICE_DECK), range(3))
    assert "cost_sacrifice" in kinds
    assert {"sr:D10.16", "sr:D3.60"} <= rules


def test_a_spell_sacrifices_as_it_is_played_and_counts_the_power_the_creature_had() -> None:
    game = _game("sr-2007")
    bear = _put(game, "Grizzly Bears", 0)
    fling = game.state.new_object(starter_library()["Fling"], 0, Zone.HAND)
    game.state.players[0].hand.append(fling.id)
    game.state.players[0].pool["R"] = 2
    game.state.players[1].life = 200
    item = game.play_spell(0, fling.id, proposal=Proposal(targets=((("player", 1),),), sacrificed=(bear,)))
    assert bear not in game.state.objects
    assert game.state.obj(item.source).sacrificed == (bear,)
    game.resolve_top()
    assert game.state.players[1].life == 200 - 20
    counted = next(e for e in game.trace if e.kind == "count_sacrificed")
    assert counted.rules == ("sr:D19.33", "sr:D10.16") and counted.args["amount"] == 20


def test_a_spell_without_its_sacrifice_is_not_played() -> None:
    game = _game()
    _put(game, "Grizzly Bears", 0)
    fling = game.state.new_object(starter_library()["Fling"], 0, Zone.HAND)
    game.state.players[0].hand.append(fling.id)
    game.state.players[0].pool["R"] = 2
    with pytest.raises(IllegalActionError, match="announce it with 'sacrificing NAME'"):
        game.play_spell(0, fling.id, proposal=Proposal(targets=((("player", 1),),)))
    assert game.state.players[0].hand == [fling.id] and game.state.players[0].pool["R"] == 2
