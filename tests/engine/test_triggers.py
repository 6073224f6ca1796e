"""Collecting triggered abilities: "whenever a player plays a spell", limited by colour and card type."""

from __future__ import annotations

import pytest

from ruling.engine.card_data import starter_library
from ruling.engine.cards import CardDef, Effect, EffectKind, Trigger, TriggerKind
from ruling.engine.decisions import ScriptedDecider
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.state import GameState, Player, Zone
from ruling.engine.triggers import collect_spell_played

_GAIN = (Effect(EffectKind.GAIN_LIFE, 1, who="you"),)


def _watcher(**limits: str) -> CardDef:
    trigger = Trigger(TriggerKind.ANY_SPELL_PLAYED, _GAIN, **limits)
    return CardDef("Watcher", ("artifact",), cost="2", triggers=(trigger,))


@pytest.mark.parametrize(
    ("limits", "spell", "triggers"),
    [
        ({}, "Lightning Bolt", True),
        ({"of_color": "R"}, "Lightning Bolt", True),
        ({"of_color": "R"}, "Counterspell", False),
        ({"not_color": "R"}, "Lightning Bolt", False),
        ({"not_color": "R"}, "Counterspell", True),
        ({"what": "creature"}, "Grizzly Bears", True),
        ({"what": "creature"}, "Lightning Bolt", False),
    ],
)
def test_a_spell_trigger_waits_for_its_colour_and_card_type(
    limits: dict[str, str], spell: str, triggers: bool
) -> None:
    state = GameState([Player("a", 20), Player("b", 20)])
    watcher = state.new_object(_watcher(**limits), 1, Zone.IN_PLAY)
    state.in_play.append(watcher.id)
    played = state.new_object(starter_library()[spell], 0, Zone.STACK)
    game = Game(state, PROFILES["ja-2004"], ScriptedDecider())
    collect_spell_played(game, played.id)
    assert [p.source for p in state.pending] == ([watcher.id] if triggers else [])
