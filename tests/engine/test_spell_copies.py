"""Copies of spells: what a copy keeps, who controls it, its new targets, its end, and the 1999 refusal (ja
503.10-503.10a, sr E4.80-E4.82, ru 401.1)."""

from __future__ import annotations

import pytest

from ruling.engine.card_data import starter_library
from ruling.engine.cards import CardDef, Effect, EffectKind
from ruling.engine.decisions import Answer, ScriptedDecider
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.spell_copies import COPY, copy_left_stack, copy_spells
from ruling.engine.state import GameState, Player, StackItem, Zone
from ruling.engine.targets import legal_targets
from ruling.errors import IllegalActionError

_BLAZE = CardDef(
    "Blaze",
    ("sorcery",),
    cost="XR",
    colors="R",
    spell=(Effect(EffectKind.DAMAGE, x=True, target="creature"),),
)


def _game(profile: str = "sr-2007") -> tuple[Game, list[int], StackItem]:
    """b controls Grizzly Bears and a Bog Wraith; a's Blaze with X = 2 is on the stack aimed at the Bears,
    above b's Craw Wurm spell."""
    state = GameState([Player("a", 20), Player("b", 20)])
    library = starter_library()
    ids = []
    for name in ("Grizzly Bears", "Bog Wraith"):
        obj = state.new_object(library[name], 1, Zone.IN_PLAY)
        state.in_play.append(obj.id)
        ids.append(obj.id)
    wurm = state.new_object(library["Craw Wurm"], 1, Zone.STACK)
    state.stack.append(StackItem(state.tick(), "spell", 1, wurm.id, "Craw Wurm"))
    blaze = state.new_object(_BLAZE, 0, Zone.STACK)
    item = StackItem(state.tick(), "spell", 0, blaze.id, "Blaze", _BLAZE.spell, (("obj", ids[0]),), x=2)
    state.stack.append(item)
    return Game(state, PROFILES[profile], ScriptedDecider()), ids, item


def _answer(game: Game, targets: list[tuple[str, int]]) -> None:
    assert isinstance(game.decider, ScriptedDecider)
    game.decider.give(Answer("copy_targets", 1, targets, 1, 1))


def test_the_copy_keeps_what_was_chosen_and_the_copier_controls_it() -> None:
    game, (bear, _), item = _game()
    copy_spells(game, [("spell", item.id)], 1, False, "Twincast")
    copy = game.state.stack[-1]
    assert (copy.kind, copy.controller, copy.source, copy.x) == (COPY, 1, item.source, 2)
    assert copy.targets == (("obj", bear),) and copy.effects == item.effects
    assert game.state.spells_this_turn == 0
    assert game.trace[-1].kind == "copy_spell" and game.trace[-1].rules == ("sr:E4.80", "sr:D2.11")


def test_a_new_target_must_be_legal_and_is_refused_citing_the_rule_otherwise() -> None:
    game, (_, wraith), item = _game()
    _answer(game, [("player", 0)])
    with pytest.raises(IllegalActionError) as info:
        copy_spells(game, [("spell", item.id)], 1, True, "Twincast")
    assert info.value.rules == ("sr:E4.82",)
    _answer(game, [("obj", wraith)])
    copy_spells(game, [("spell", item.id)], 1, True, "Twincast")
    assert game.state.stack[-1].targets == (("obj", wraith),)


def test_a_target_kept_as_it_was_stays_even_when_it_is_illegal_now() -> None:
    game, (bear, _), item = _game()
    game.state.obj(bear).card = CardDef("Grizzly Bears", ("artifact",), cost="1G", colors="G")
    assert ("obj", bear) not in legal_targets(game, "creature", "R", 1)
    _answer(game, [("obj", bear)])
    copy_spells(game, [("spell", item.id)], 1, True, "Twincast")
    assert game.state.stack[-1].targets == (("obj", bear),)


def test_copies_are_spells_and_only_instants_and_sorceries_are_copied() -> None:
    game, _, item = _game("ja-2004")
    copy_spells(game, [("spell", item.id)], 1, False, "Twincast")
    copy = game.state.stack[-1]
    wurm = game.state.stack[0]
    assert ("spell", copy.id) in legal_targets(game, "spell", "U", 0)
    sorceries = legal_targets(game, "instant_or_sorcery_spell", "U", 0)
    assert ("spell", copy.id) in sorceries and ("spell", wurm.id) not in sorceries


def test_a_copy_that_leaves_the_stack_ceases_to_exist_and_a_card_does_not() -> None:
    game, _, item = _game("ja-2004")
    copy_spells(game, [("spell", item.id)], 1, False, "Twincast")
    copy_left_stack(game, item)
    assert game.trace[-1].kind == "copy_spell"
    copy_left_stack(game, game.state.stack[-1])
    assert game.trace[-1].kind == "copy_ceases" and game.trace[-1].rules == ("ja:503.10a", "ja:420.5j")


def test_the_1999_rules_have_no_copies_so_the_copy_is_refused() -> None:
    game, _, item = _game("ru-1999")
    with pytest.raises(IllegalActionError) as info:
        copy_spells(game, [("spell", item.id)], 1, False, "Twincast")
    assert info.value.rules == ("ru:401.1",)
    assert len(game.state.stack) == 2
