"""Regeneration and prevention shields, and the order of several effects on one event."""

from __future__ import annotations

import pytest

from ruling.engine.card_data import starter_library
from ruling.engine.decisions import Answer, ScriptedDecider
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.replacement import add_shield, deal_damage, deal_simultaneous_damage, destroy
from ruling.engine.state import GameState, Player, Zone
from ruling.errors import IllegalActionError


def _game(card: str = "Grizzly Bears", profile: str = "ru-1999") -> tuple[Game, ScriptedDecider, int]:
    state = GameState([Player("a", 20), Player("b", 20)])
    obj = state.new_object(starter_library()[card], 1, Zone.IN_PLAY)
    state.in_play.append(obj.id)
    decider = ScriptedDecider()
    return Game(state, PROFILES[profile], decider), decider, obj.id


def test_shield_counts_only_the_amount_across_events() -> None:
    game, _, _ = _game()
    add_shield(game, "prevent", ("player", 1), 3, "Healing Salve")
    assert deal_damage(game, "Shock", "R", ("player", 1), 2) == 0
    assert deal_damage(game, "Shock", "R", ("player", 1), 2) == 1
    assert game.state.players[1].life == 19 and game.state.shields == []


def test_a_redirection_shield_sends_its_amount_elsewhere_and_the_rest_stays() -> None:
    game, _, bear = _game()
    wurm = game.state.new_object(starter_library()["Craw Wurm"], 1, Zone.IN_PLAY)
    game.state.in_play.append(wurm.id)
    add_shield(game, "redirect", ("obj", wurm.id), 2, "Martyr Squire", to=("obj", bear))
    assert deal_damage(game, "Lightning Bolt", "R", ("obj", wurm.id), 3) == 3
    assert (wurm.damage, game.state.obj(bear).damage, game.state.shields) == (1, 2, [])


def test_a_redirection_to_a_creature_gone_does_nothing() -> None:
    game, _, bear = _game()
    add_shield(game, "redirect", ("player", 1), 2, "Martyr Squire", to=("obj", bear))
    game.state.in_play.remove(bear)
    game.state.obj(bear).zone = Zone.GRAVEYARD
    assert deal_damage(game, "Lightning Bolt", "R", ("player", 1), 3) == 3
    assert game.state.players[1].life == 17
    assert [s.amount for s in game.state.shields] == [2]


def test_controller_of_the_permanent_orders_two_effects() -> None:
    game, decider, knight = _game("White Knight")
    add_shield(game, "prevent", ("obj", knight), 3, "Healing Salve")
    decider.give(Answer("replacement", 1, "protection from B", line=1))
    assert deal_damage(game, "Bog Wraith", "B", ("obj", knight), 3) == 0
    assert [s.amount for s in game.state.shields] == [3]
    assert any(e.kind == "order" and e.rules == ("ru:419.8a",) for e in game.trace)


def test_one_effect_needs_no_choice() -> None:
    game, _, bear = _game()
    add_shield(game, "prevent", ("obj", bear), 1, "Healing Salve")
    add_shield(game, "prevent", ("obj", bear), 1, "Healing Salve")
    assert deal_damage(game, "Lightning Bolt", "R", ("obj", bear), 3) == 1


def test_regeneration_replaces_one_destruction() -> None:
    game, _, bear = _game()
    game.state.obj(bear).damage = 2
    add_shield(game, "regenerate", ("obj", bear), 0, "Death Ward")
    assert destroy(game, [bear]) == []
    obj = game.state.obj(bear)
    assert (obj.damage, obj.tapped, obj.zone) == (0, True, Zone.IN_PLAY)
    assert destroy(game, [bear]) == [bear]
    assert game.state.obj(game.state.current(bear)).zone is Zone.GRAVEYARD


def test_cant_be_regenerated() -> None:
    game, _, bear = _game()
    add_shield(game, "regenerate", ("obj", bear), 0, "Death Ward")
    assert destroy(game, [bear], can_regenerate=False) == [bear]


def _two_sources(
    profile: str,
) -> tuple[Game, ScriptedDecider, list[tuple[int, str, str, tuple[str, int], int]]]:
    game, decider, bear = _game(profile=profile)
    giant = game.state.new_object(starter_library()["Hill Giant"], 0, Zone.IN_PLAY)
    game.state.in_play.append(giant.id)
    shares = [(bear, "Grizzly Bears", "G", ("player", 1), 2), (giant.id, "Hill Giant", "R", ("player", 1), 3)]
    return game, decider, shares


def test_shielded_player_chooses_which_simultaneous_damage_is_prevented() -> None:
    game, decider, shares = _two_sources("ja-2004")
    add_shield(game, "prevent", ("player", 1), 3, "Healing Salve")
    decider.give(Answer("shield", 1, shares[1][0], line=1))
    deal_simultaneous_damage(game, shares)
    dealt = [(e.args["card"], e.args["amount"]) for e in game.trace if e.kind == "damage"]
    assert dealt == [("Grizzly Bears", 2)] and game.state.players[1].life == 18
    assert any(e.kind == "shield_order" and e.rules == ("ja:419.7b",) for e in game.trace)


def test_ru_1999_asks_nobody_and_keeps_the_assignment_order() -> None:
    game, _, shares = _two_sources("ru-1999")
    add_shield(game, "prevent", ("player", 1), 3, "Healing Salve")
    deal_simultaneous_damage(game, shares)
    dealt = [(e.args["card"], e.args["amount"]) for e in game.trace if e.kind == "damage"]
    assert dealt == [("Hill Giant", 2)]


def test_no_choice_when_the_shield_stops_it_all() -> None:
    game, _, shares = _two_sources("sr-2007")
    add_shield(game, "prevent", ("player", 1), 5, "Healing Salve")
    deal_simultaneous_damage(game, shares)
    assert game.state.players[1].life == 20 and not any(e.kind == "shield_order" for e in game.trace)


def test_answer_naming_no_source_is_refused_citing_the_rule() -> None:
    game, decider, shares = _two_sources("sr-2007")
    add_shield(game, "prevent", ("player", 1), 3, "Healing Salve")
    decider.give(Answer("shield", 1, 999, line=1))
    with pytest.raises(IllegalActionError, match=r"sr:D20.72"):
        deal_simultaneous_damage(game, shares)
