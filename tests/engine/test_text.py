"""Text (layer 3): colour words and land types in an object's own text, and choices filled in."""

from __future__ import annotations

from ruling.engine.card_data import starter_library
from ruling.engine.cards import CardDef, Effect, EffectKind, Trigger, TriggerKind
from ruling.engine.effects import add_lasting
from ruling.engine.lasting import LastingKind
from ruling.engine.layers import characteristics, statics
from ruling.engine.state import GameState, Player, Zone
from ruling.engine.text import fill_choice, rewrite


def test_a_colour_word_is_replaced_in_keywords_and_instructions_but_not_in_the_name() -> None:
    cards = starter_library()
    knight = rewrite(cards["Black Knight"], "W", "R")
    assert "protection from R" in knight.keywords and knight.name == "Black Knight"
    crusade = rewrite(cards["Crusade"], "W", "G")
    assert [e.of_color for e in crusade.static] == ["G"]
    assert rewrite(cards["Grizzly Bears"], "W", "R") == cards["Grizzly Bears"]


def test_a_colour_word_is_replaced_in_what_a_trigger_waits_for() -> None:
    watch = CardDef(
        "Watch",
        ("enchantment",),
        triggers=(
            Trigger(TriggerKind.A_CREATURE_ATTACKS, (), of_color="G"),
            Trigger(TriggerKind.BLOCKS_CREATURE, (), not_color="BG"),
        ),
    )
    changed = rewrite(watch, "G", "R")
    assert [(t.of_color, t.not_color) for t in changed.triggers] == [("R", ""), ("", "BR")]
    assert rewrite(watch, "forest", "island") == watch


def test_a_land_type_is_replaced_in_landwalk_and_in_what_an_ability_animates() -> None:
    cards = starter_library()
    assert "islandwalk" in rewrite(cards["Bog Wraith"], "swamp", "island").keywords
    lands = rewrite(cards["Living Lands"], "forest", "island")
    assert [e.subtype for e in lands.static] == ["Island"]


def test_an_undefined_choice_refers_to_nothing() -> None:
    voice = starter_library()["Voice of All"]
    assert "protection from U" in fill_choice(voice, ("colour", "U")).keywords
    assert not any(k.startswith("protection") for k in fill_choice(voice, ("", "")).keywords)
    elves = starter_library()["Quirion Elves"]
    assert fill_choice(elves, ("creature_type", "Goblin")).abilities[1].effects[0].mana == ""
    colour = Effect(EffectKind.SET_COLOR, color="chosen")
    assert fill_choice(voice.__class__("x", ("creature",), static=(colour,)), ("", "")).static == ()


def test_statics_of_a_changed_permanent_read_the_new_word() -> None:
    state = GameState([Player("a", 20), Player("b", 20)])
    cards = starter_library()
    crusade = state.new_object(cards["Crusade"], 0, Zone.IN_PLAY)
    bear = state.new_object(cards["Grizzly Bears"], 0, Zone.IN_PLAY)
    state.in_play += [crusade.id, bear.id]
    assert characteristics(state, bear).power == 2
    add_lasting(state, LastingKind.TEXT, crusade.id, "Sleight of Mind", words=("W", "G"))
    assert [e.of_color for _, e in statics(state)] == ["G"]
    chars = characteristics(state, bear)
    assert chars.power == 3
    assert any(step.startswith("layer 6: Crusade") for step in chars.applied)
    assert characteristics(state, crusade).applied[0].startswith("layer 3: Sleight of Mind: G instead of W")


def test_a_text_change_does_not_reach_the_chosen_colour() -> None:
    state = GameState([Player("a", 20), Player("b", 20)])
    voice = state.new_object(starter_library()["Voice of All"], 0, Zone.IN_PLAY)
    state.in_play.append(voice.id)
    voice.chosen = ("colour", "W")
    add_lasting(state, LastingKind.TEXT, voice.id, "Sleight of Mind", words=("W", "R"))
    assert characteristics(state, voice).protections() == "W"
