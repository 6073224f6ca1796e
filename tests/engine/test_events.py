"""Events in batches: applied at once with one entry time, triggers looking back at what left together."""

from __future__ import annotations

from ruling.engine.card_data import starter_library
from ruling.engine.events import TokenCreation, ZoneChange, perform
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.state import GameState, Player, Zone


def _game(*cards: str) -> tuple[Game, list[int]]:
    state = GameState([Player("a", 20), Player("b", 20)])
    ids = []
    for name in cards:
        obj = state.new_object(starter_library()[name], 0, Zone.IN_PLAY)
        state.in_play.append(obj.id)
        ids.append(obj.id)
    return Game(state, PROFILES["ja-2004"]), ids


def test_permanents_that_leave_together_see_each_other() -> None:
    game, ids = _game("Carrion Watcher", "Carrion Watcher", "Grizzly Bears")
    perform(game, [ZoneChange(i, Zone.GRAVEYARD) for i in ids])
    assert len(game.state.pending) == 6
    assert game.state.in_play == []


def test_one_leaving_triggers_every_watcher_once() -> None:
    game, ids = _game("Carrion Watcher", "Carrion Watcher", "Grizzly Bears")
    perform(game, [ZoneChange(ids[2], Zone.GRAVEYARD)])
    assert len(game.state.pending) == 2


def test_a_batch_shares_its_entry_time_but_not_timestamps() -> None:
    game, _ = _game()
    card = starter_library()["Grizzly Bears"]
    entered = perform(game, [TokenCreation(card, 0), TokenCreation(card, 0)]).entered
    assert entered[0].entered_at == entered[1].entered_at
    assert entered[0].timestamp != entered[1].timestamp


def test_a_replacement_sends_the_card_elsewhere() -> None:
    game, ids = _game("Gravebane Zombie")
    perform(game, [ZoneChange(ids[0], Zone.GRAVEYARD)])
    assert (len(game.state.players[0].library), game.state.players[0].graveyard) == (1, [])
