"""Control (layer 2): computed from effects, the newest wins, the object's own field never changes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import ruling
from ruling.engine.card_data import starter_library
from ruling.engine.control import controller_of, note_control_statics
from ruling.engine.durations import after_batch, refresh_control
from ruling.engine.effects import add_lasting
from ruling.engine.events import ZoneChange, perform
from ruling.engine.game import Game
from ruling.engine.lasting import LastingKind, While
from ruling.engine.profiles import PROFILES
from ruling.engine.state import GameState, Player, Step, Zone
from ruling.engine.turn import begin_step
from ruling.scenario.setup import parse_setup


def _game(*cards: tuple[str, int]) -> tuple[Game, list[int]]:
    state = GameState([Player("a", 20), Player("b", 20), Player("c", 20)])
    ids = []
    for name, player in cards:
        obj = state.new_object(starter_library()[name], player, Zone.IN_PLAY)
        obj.controlled_since_turn_start = True
        state.in_play.append(obj.id)
        ids.append(obj.id)
    return Game(state, PROFILES["ja-2004"]), ids


def test_the_newest_control_effect_wins_and_the_older_comes_back_when_it_ends() -> None:
    game, (wurm,) = _game(("Craw Wurm", 1))
    state = game.state
    add_lasting(state, LastingKind.CONTROL, wurm, "Steal", player=0, until_end_of_turn=False)
    threat = add_lasting(state, LastingKind.CONTROL, wurm, "Threaten", player=2)
    assert controller_of(state, state.obj(wurm)) == 2
    state.lasting.remove(threat)
    assert controller_of(state, state.obj(wurm)) == 0
    assert state.obj(wurm).controller == 1


def test_a_change_of_controller_is_seen_once_and_makes_the_permanent_new_to_its_controller() -> None:
    game, (wurm,) = _game(("Craw Wurm", 1))
    add_lasting(game.state, LastingKind.CONTROL, wurm, "Threaten", player=0)
    refresh_control(game)
    refresh_control(game)
    assert [e.kind for e in game.trace] == ["control"]
    assert game.trace[0].rules == ("ja:418.5a",)
    assert not game.state.obj(wurm).controlled_since_turn_start
    assert [o.id for o in game.state.permanents(0)] == [wurm]


def test_a_static_ability_gives_control_of_the_enchanted_creature_to_its_controller() -> None:
    game, (wurm, magic) = _game(("Craw Wurm", 1), ("Control Magic", 0))
    state = game.state
    state.obj(magic).attached_to = wurm
    assert controller_of(state, state.obj(wurm)) == 1
    note_control_statics(state, state.obj(magic).card)
    assert controller_of(state, state.obj(wurm)) == 0
    newer = add_lasting(state, LastingKind.CONTROL, wurm, "Threaten", player=2)
    assert controller_of(state, state.obj(wurm)) == 2
    state.lasting.remove(newer)
    state.in_play.remove(magic)
    assert controller_of(state, state.obj(wurm)) == 1


def test_control_for_as_long_as_you_control_the_source_ends_when_the_source_leaves() -> None:
    game, (wurm, elf) = _game(("Craw Wurm", 1), ("Llanowar Elves", 0))
    state = game.state
    add_lasting(
        state,
        LastingKind.CONTROL,
        wurm,
        "Keeper",
        player=0,
        until_end_of_turn=False,
        while_=While.CONTROL_SOURCE,
        source_id=elf,
    )
    after_batch(game)
    assert controller_of(state, state.obj(wurm)) == 0
    state.in_play.remove(elf)
    del state.objects[elf]
    after_batch(game)
    assert state.lasting == []
    assert controller_of(state, state.obj(wurm)) == 1
    assert [e.kind for e in game.trace][-2:] == ["effect_ends", "control"]


def test_control_until_end_of_turn_ends_in_the_cleanup_step() -> None:
    game, (wurm,) = _game(("Craw Wurm", 1))
    state = game.state
    state.players[0].library = []
    add_lasting(state, LastingKind.CONTROL, wurm, "Threaten", player=0)
    refresh_control(game)
    begin_step(game, Step.CLEANUP)
    assert controller_of(state, state.obj(wurm)) == 1
    assert state.lasting == []


def test_control_statics_has_one_owner() -> None:
    """GameState.control_statics is derived state: only note_control_statics sets it, so the position
    parser and a permanent coming into play cannot disagree on it."""
    package = Path(ruling.__file__).parent
    setting = re.compile(r"\.control_statics\s*=(?!=)")
    owners = {
        path.relative_to(package).as_posix()
        for path in package.rglob("*.py")
        if setting.search(path.read_text(encoding="utf-8"))
    }
    assert owners == {"engine/control.py"}


@pytest.mark.parametrize(("aura", "noted"), [("Control Magic", True), ("Holy Strength", False)])
def test_a_position_and_an_aura_coming_into_play_note_control_statics_alike(aura: str, noted: bool) -> None:
    cards = starter_library()
    text = (
        f"players: a, b\nturn 3, a, main1\nb in play: Craw Wurm as wurm\na in play: {aura} (attached to wurm)"
    )
    lines = tuple(enumerate(text.splitlines(), 1))
    assert parse_setup(lines, "s.md", cards, PROFILES["ja-2004"], 0).state.control_statics is noted
    game, (wurm,) = _game(("Craw Wurm", 1))
    state = game.state
    card = state.new_object(cards[aura], 0, Zone.HAND)
    state.players[0].hand.append(card.id)
    assert not state.control_statics
    perform(game, [ZoneChange(card.id, Zone.IN_PLAY, controller=0, attach_to=wurm)])
    assert state.control_statics is noted
    assert (controller_of(state, state.obj(wurm)) == 0) is noted
    entered = state.in_play[-1]
    assert state.obj(entered).card.name == aura
    perform(game, [ZoneChange(entered, Zone.GRAVEYARD)])
    assert controller_of(state, state.obj(wurm)) == 1
    assert state.control_statics is noted, "the flag stays: control going back is seen"
    assert [e.kind for e in game.trace].count("control") == (2 if noted else 0)
