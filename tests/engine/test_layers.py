"""Layers: copy effects never change the card; P/T effects in the era's order; keywords by timestamp."""

from __future__ import annotations

import pytest

from ruling.engine.card_data import starter_library
from ruling.engine.effects import add_lasting, add_until_end_of_turn
from ruling.engine.lasting import LastingKind, PTOrder
from ruling.engine.layers import characteristics
from ruling.engine.state import GameState, Player, Zone


def _bear() -> tuple[GameState, int]:
    state = GameState([Player("a", 20), Player("b", 20)])
    obj = state.new_object(starter_library()["Grizzly Bears"], 0, Zone.IN_PLAY)
    state.in_play.append(obj.id)
    return state, obj.id


@pytest.mark.parametrize(("order", "pt"), [(PTOrder.TIMESTAMP, (5, 2)), (PTOrder.LEVELS, (2, 5))])
def test_a_switch_then_a_change(order: PTOrder, pt: tuple[int, int]) -> None:
    state, bear = _bear()
    add_lasting(state, LastingKind.SWITCH, bear, "Twist")
    add_until_end_of_turn(state, bear, 3, 0, "Surge")
    chars = characteristics(state, state.obj(bear), order=order)
    assert (chars.power, chars.toughness) == pt


@pytest.mark.parametrize(("order", "pt"), [(PTOrder.TIMESTAMP, (0, 2)), (PTOrder.LEVELS, (1, 3))])
def test_a_counter_and_a_set_value(order: PTOrder, pt: tuple[int, int]) -> None:
    state, bear = _bear()
    state.obj(bear).plus_counters = 1
    add_lasting(state, LastingKind.SET_PT, bear, "Shrink", power=0, toughness=2)
    chars = characteristics(state, state.obj(bear), order=order)
    assert (chars.power, chars.toughness) == pt


def test_the_newest_of_gains_and_loses_wins_and_the_list_says_so() -> None:
    state, bear = _bear()
    add_lasting(state, LastingKind.GAIN, bear, "Jump", keyword="flying")
    add_lasting(state, LastingKind.LOSE, bear, "Gravity", keyword="flying")
    chars = characteristics(state, state.obj(bear))
    assert not chars.has("flying")
    assert [line.split(":")[1].strip() for line in chars.applied] == ["Jump", "Gravity"]


def test_a_copy_effect_leaves_the_card_alone() -> None:
    state, bear = _bear()
    add_lasting(state, LastingKind.COPY, bear, "Clone", card=starter_library()["Craw Wurm"])
    chars = characteristics(state, state.obj(bear))
    assert (chars.name, chars.power, state.obj(bear).card.name) == ("Craw Wurm", 6, "Grizzly Bears")


def test_a_dependent_effect_waits_for_the_effect_it_depends_on() -> None:
    from ruling.engine.cards import CardDef, Effect, EffectKind

    state, bear = _bear()
    ward = CardDef(
        "White Ward",
        ("enchantment",),
        static=(Effect(EffectKind.GRANT, who="each_player", of_color="W", keyword="flying"),),
    )
    paint = CardDef(
        "Paint", ("enchantment",), enchant="creature", static=(Effect(EffectKind.SET_COLOR, color="W"),)
    )
    for card in (ward, paint):
        obj = state.new_object(card, 0, Zone.IN_PLAY)
        state.in_play.append(obj.id)
    state.obj(state.in_play[-1]).attached_to = bear
    chars = characteristics(state, state.obj(bear))
    assert chars.colors == "W" and chars.has("flying")
    assert chars.applied[0].endswith("(dependency)")
    state.obj(state.in_play[-1]).attached_to = None
    assert not characteristics(state, state.obj(bear)).has("flying")
