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


def test_damage_of_one_batch_triggers_is_dealt_damage_once() -> None:
    from ruling.engine.card_data import parse_cards
    from ruling.engine.events import Damage

    card = parse_cards(
        '["Spite Wall"]\ntypes = ["creature"]\ncost = "1"\npt = "0/5"\n'
        'triggers = [{ when = "is_dealt_damage", effects = [{ effect = "gain_life", amount = 1 }] }]',
        "inline",
    )["Spite Wall"]
    game, _ = _game()
    wall = game.state.new_object(card, 0, Zone.IN_PLAY)
    game.state.in_play.append(wall.id)
    done = perform(
        game, [Damage(None, "a", "", ("obj", wall.id), 1), Damage(None, "b", "", ("obj", wall.id), 2)]
    )
    assert game.state.obj(wall.id).damage == 3
    assert [h.dealt for h in done.happened] == [1, 2]
    assert len(game.state.pending) == 1


def test_counters_and_taps_are_events_of_permanents_only() -> None:
    from ruling.engine.events import CountersPut, TapChange

    game, ids = _game("Grizzly Bears")
    game.state.obj(ids[0]).tapped = True
    done = perform(
        game, [CountersPut(ids[0], 2), CountersPut(ids[0], 1, minus=True), TapChange(ids[0], False)]
    )
    bear = game.state.obj(ids[0])
    assert (bear.plus_counters, bear.minus_counters, bear.tapped) == (2, 1, False)
    assert [h.dealt for h in done.happened] == [2, 1, 1]
    assert done.entered == [] and game.state.pending == []
    assert perform(game, [CountersPut(999, 1)]).happened[0].dealt == 0
