"""Characteristics are computed: printed values, counters, then effects by timestamp, listed."""

from __future__ import annotations

from ruling.engine.card_data import starter_library
from ruling.engine.effects import add_until_end_of_turn
from ruling.engine.layers import as_land_card, characteristics
from ruling.engine.state import GameState, Player, Zone


def _bear() -> tuple[GameState, int]:
    state = GameState([Player("a", 20), Player("b", 20)])
    obj = state.new_object(starter_library()["Grizzly Bears"], 0, Zone.IN_PLAY)
    state.in_play.append(obj.id)
    return state, obj.id


def test_effects_apply_in_timestamp_order_and_are_listed() -> None:
    state, bear = _bear()
    state.obj(bear).plus_counters = 1
    add_until_end_of_turn(state, bear, 3, 3, "Giant Growth")
    add_until_end_of_turn(state, bear, -2, -1, "Weakness")
    chars = characteristics(state, state.obj(bear))
    assert (chars.power, chars.toughness) == (4, 5)
    assert chars.applied[0] == "layer 6: counters +1/+1 (counters)"
    assert [a.split()[2] for a in chars.applied[1:]] == ["Giant", "Weakness"]


def test_scale_multiplies_printed_numbers() -> None:
    state, bear = _bear()
    chars = characteristics(state, state.obj(bear), scale=10)
    assert (chars.power, chars.toughness) == (20, 20)


def test_card_played_as_land_loses_its_other_characteristics() -> None:
    land = as_land_card(starter_library()["Grizzly Bears"], "G")
    assert land.types == ("land",) and land.subtypes == ("Forest",) and land.power == 0
    assert land.abilities[0].effects[0].mana == "G"
    assert as_land_card(starter_library()["Grizzly Bears"], "X").abilities[0].effects[0].mana == "C"


def test_living_lands_makes_forests_creatures_while_it_is_in_play() -> None:
    state = GameState([Player("a", 20), Player("b", 20)])
    forest = state.new_object(starter_library()["Forest"], 0, Zone.IN_PLAY)
    lands = state.new_object(starter_library()["Living Lands"], 1, Zone.IN_PLAY)
    state.in_play += [forest.id, lands.id]
    chars = characteristics(state, forest, scale=10)
    assert chars.is_creature and (chars.power, chars.toughness) == (10, 10)
    assert chars.types == ("land", "creature")
    assert chars.applied[0].startswith("layer 4: Living Lands: a 10/10 creature")
    state.in_play.remove(lands.id)
    assert not characteristics(state, forest).is_creature
