"""Changing the target of a spell on the stack: only to another legal target of the mode it was played with,
and the target stays when there is none (ru 415.2-415.2a, ja 415.7a-b, sr D15.71-D15.72)."""

from __future__ import annotations

import pytest

from ruling.engine.card_data import starter_library
from ruling.engine.cards import CardDef, Effect, EffectKind, Mode
from ruling.engine.decisions import Answer, DecisionError, ScriptedDecider
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.retarget import change_target
from ruling.engine.state import GameState, Player, StackItem, Zone
from ruling.engine.targets import legal_targets
from ruling.errors import IllegalActionError

_DAMAGE = Mode("damage", (Effect(EffectKind.DAMAGE, 3, target="creature", of_color="B"),))
_PREVENT = Mode("prevent", (Effect(EffectKind.PREVENT, 6, target="creature", not_color="B"),))
_HOLY_WATER = CardDef("Holy Water", ("instant",), cost="W", colors="W", modes=(_DAMAGE, _PREVENT))


def _game(*creatures: str, profile: str = "ja-2004") -> tuple[Game, list[int], StackItem]:
    """b controls the creatures named; a's Holy Water is on the stack in its damage mode, aimed at the
    first."""
    state = GameState([Player("a", 20), Player("b", 20)])
    library = starter_library()
    ids = []
    for name in creatures:
        obj = state.new_object(library[name], 1, Zone.IN_PLAY)
        state.in_play.append(obj.id)
        ids.append(obj.id)
    water = state.new_object(_HOLY_WATER, 0, Zone.STACK)
    item = StackItem(state.tick(), "spell", 0, water.id, "Holy Water", _DAMAGE.effects, (("obj", ids[0]),))
    state.stack.append(item)
    return Game(state, PROFILES[profile], ScriptedDecider()), ids, item


def _answer(game: Game, item: StackItem, target: tuple[str, int]) -> None:
    assert isinstance(game.decider, ScriptedDecider)
    game.decider.give(Answer("new_target", 1, target, 1, item.id))


def test_colour_filters_choose_the_legal_targets() -> None:
    game, (skeletons, bear, wraith), _ = _game("Drudge Skeletons", "Grizzly Bears", "Bog Wraith")
    assert legal_targets(game, "creature", "W", 0, of_color="B") == [("obj", skeletons), ("obj", wraith)]
    assert legal_targets(game, "creature", "W", 0, not_color="B") == [("obj", bear)]


def test_the_target_changes_to_another_legal_one_and_the_trace_cites_both_rules() -> None:
    game, (_, wraith), item = _game("Drudge Skeletons", "Bog Wraith")
    _answer(game, item, ("obj", wraith))
    change_target(game, [("spell", item.id)], 1)
    assert item.targets == (("obj", wraith),)
    assert game.trace[-1].kind == "retarget" and game.trace[-1].rules == ("ja:415.7a", "ja:415.7b")


def test_with_no_other_legal_target_the_target_stays_and_nobody_is_asked() -> None:
    game, (skeletons, _), item = _game("Drudge Skeletons", "Grizzly Bears", profile="sr-2007")
    change_target(game, [("spell", item.id)], 1)
    assert item.targets == (("obj", skeletons),)
    assert game.trace[-1].kind == "retarget_kept" and game.trace[-1].rules == ("sr:D15.71",)


@pytest.mark.parametrize(
    ("profile", "new", "rules"),
    [
        ("ru-1999", "Grizzly Bears", ("ru:415.2a",)),
        ("ja-2004", "Grizzly Bears", ("ja:415.7b",)),
        ("sr-2007", "Grizzly Bears", ("sr:D15.72",)),
        ("ru-1999", "Drudge Skeletons", ("ru:415.2",)),
        ("sr-2007", "Drudge Skeletons", ("sr:D15.71",)),
    ],
)
def test_a_target_of_another_mode_or_the_same_target_is_refused(
    profile: str, new: str, rules: tuple[str, ...]
) -> None:
    creatures = ("Drudge Skeletons", "Grizzly Bears", "Bog Wraith")
    game, (skeletons, bear, _), item = _game(*creatures, profile=profile)
    _answer(game, item, ("obj", bear if new == "Grizzly Bears" else skeletons))
    with pytest.raises(IllegalActionError) as refusal:
        change_target(game, [("spell", item.id)], 1)
    assert refusal.value.rules == rules
    assert item.targets == (("obj", skeletons),)


def test_a_choice_the_script_does_not_give_fails_naming_the_decision() -> None:
    game, _, item = _game("Drudge Skeletons", "Bog Wraith")
    with pytest.raises(DecisionError, match="new_target"):
        change_target(game, [("spell", item.id)], 1)


def test_a_spell_that_left_the_stack_is_left_alone() -> None:
    game, _, item = _game("Drudge Skeletons", "Bog Wraith")
    game.state.stack.clear()
    change_target(game, [("spell", item.id)], 1)
    assert game.trace == []
