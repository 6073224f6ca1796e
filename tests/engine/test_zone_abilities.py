"""Abilities that work from the hand or the graveyard (ru 402.8-402.9, ja 402.8-402.9, sr D3.80,
D3.95-D3.97)."""

from __future__ import annotations

import pytest

from ruling.engine.announce import Proposal
from ruling.engine.card_data import parse_cards, starter_library
from ruling.engine.cards import Ability, CardDef, Effect, EffectKind
from ruling.engine.decisions import ScriptedDecider
from ruling.engine.events import ZoneChange, perform
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.random_play import ZONE_DECK, deck_cards
from ruling.engine.state import GameState, Player, Step, Zone
from ruling.engine.triggers import collect
from ruling.engine.zone_abilities import return_self
from ruling.errors import IllegalActionError
from tests.engine.random_games import reached

_CARDS = parse_cards(
    """
["Mane"]
types = ["creature"]
cost = "1G"
pt = "2/2"
abilities = [{ cost = "G", self_cost = "discard", effects = [{ effect = "draw", amount = 1, who = "you" }] }]

["Ghoul"]
types = ["creature"]
cost = "B"
pt = "1/1"
abilities = [{ cost = "B", zone = "graveyard", effects = [{ effect = "return_self", zone = "hand" }] }]
""",
    "test",
)


def _game(profile: str = "ja-2004") -> Game:
    state = GameState([Player("a", 20), Player("b", 20)])
    state.step = Step.MAIN1
    for player in (0, 1):
        for _ in range(3):
            state.players[player].library.append(
                state.new_object(starter_library()["Forest"], player, Zone.LIBRARY).id
            )
    return Game(state, PROFILES[profile], ScriptedDecider())


def _put(game: Game, name: str, owner: int, zone: Zone) -> int:
    card = _CARDS.get(name) or deck_cards()[name]
    obj = game.state.new_object(card, owner, zone)
    if zone is Zone.IN_PLAY:
        game.state.in_play.append(obj.id)
    else:
        game.state.players[owner].zone(zone).append(obj.id)
    return obj.id


def test_the_zone_an_ability_works_from_follows_its_cost_or_its_text() -> None:
    draw = (Effect(EffectKind.DRAW, 1),)
    assert Ability("G", draw, self_cost="discard").works_from == "hand"
    assert Ability("G", draw, self_cost="reveal").works_from == "hand"
    assert Ability("B", draw, self_cost="remove").works_from == "graveyard"
    assert Ability("B", draw, zone="graveyard").works_from == "graveyard"
    assert Ability("T", draw).works_from == ""


def test_a_discard_cost_moves_the_card_before_the_ability_is_on_the_stack() -> None:
    game = _game()
    mane = _put(game, "Mane", 0, Zone.HAND)
    game.state.players[0].pool["G"] = 1
    item = game.activate(0, mane, 0, proposal=Proposal.of(()))
    assert item is not None
    assert game.state.obj(item.source).zone is Zone.GRAVEYARD
    assert game.state.players[0].hand == []
    activate = next(e for e in game.trace if e.kind == "activate")
    assert activate.rules[-2:] == ("ja:402.9", "ja:402.8")
    assert next(e for e in game.trace if e.kind == "discard").rules == ("ja:402.8",)


@pytest.mark.parametrize(("profile", "rule"), [("ru-1999", "ru:402.9"), ("sr-2007", "sr:D3.97")])
def test_a_card_that_discards_itself_does_not_play_the_ability_in_play(profile: str, rule: str) -> None:
    game = _game(profile)
    mane = _put(game, "Mane", 0, Zone.IN_PLAY)
    game.state.players[0].pool["G"] = 1
    with pytest.raises(IllegalActionError, match="works only from its owner's hand, not in play") as info:
        game.activate(0, mane, 0, proposal=Proposal.of(()))
    assert rule in info.value.rules
    assert game.state.players[0].pool["G"] == 1


def test_an_ability_of_a_permanent_does_not_work_from_the_hand() -> None:
    game = _game("ru-1999")
    sorcerer = _put(game, "Prodigal Sorcerer", 0, Zone.HAND)
    with pytest.raises(IllegalActionError, match="works only while it is in play") as info:
        game.activate(0, sorcerer, 0, proposal=Proposal.of((("player", 1),)))
    assert info.value.rules == ("ru:402.8",)


def test_only_the_owner_plays_an_ability_from_a_graveyard() -> None:
    game = _game()
    ghoul = _put(game, "Ghoul", 1, Zone.GRAVEYARD)
    game.state.players[0].pool["B"] = 1
    with pytest.raises(IllegalActionError, match="is not in a's graveyard"):
        game.activate(0, ghoul, 0, proposal=Proposal.of(()))


def test_a_card_that_left_the_graveyard_is_not_returned() -> None:
    game = _game("sr-2007")
    ghoul = _put(game, "Ghoul", 0, Zone.GRAVEYARD)
    perform(game, [ZoneChange(ghoul, Zone.REMOVED)])
    return_self(game, ghoul, "Ghoul", "hand")
    assert game.trace[-1].kind == "return_gone" and game.trace[-1].rules == ("sr:D3.80", "sr:D3.97")
    assert game.state.players[0].hand == []


def test_a_graveyard_trigger_triggers_from_the_graveyard_only() -> None:
    game = _game("sr-2007")
    dead = _put(game, "Restless Spirit", 0, Zone.GRAVEYARD)
    _put(game, "Restless Spirit", 0, Zone.IN_PLAY)
    collect(game, "each_upkeep", 0)
    assert [p.source for p in game.state.pending] == [dead]
    assert next(e for e in game.trace if e.kind == "trigger").rules == ("sr:D3.96",)


def test_the_condition_counts_the_creature_cards_of_the_graveyard() -> None:
    game = _game("ru-1999")
    _put(game, "Restless Spirit", 0, Zone.GRAVEYARD)
    _put(game, "Grizzly Bears", 0, Zone.GRAVEYARD)
    _put(game, "Forest", 0, Zone.GRAVEYARD)
    collect(game, "each_upkeep", 0)
    assert game.state.pending == []
    assert game.trace[-1].kind == "no_trigger" and game.trace[-1].rules == ("ru:410.8",)


def test_not_in_the_controllers_upkeep_the_trigger_waits() -> None:
    game = _game()
    _put(game, "Restless Spirit", 1, Zone.GRAVEYARD)
    collect(game, "each_upkeep", 0)
    assert game.state.pending == []


def test_random_games_play_abilities_from_the_hand_and_the_graveyard() -> None:
    kinds, rules = reached("ja-2004", list(ZONE_DECK), range(4))
    assert {"discard", "return_hand"} <= kinds
    assert {"ja:402.8", "ja:402.9"} <= rules


def test_a_card_the_vocabulary_reads_keeps_the_fields() -> None:
    card: CardDef = deck_cards()["Restless Spirit"]
    assert card.triggers[0].zone == "graveyard"
    assert _CARDS["Ghoul"].abilities[0].zone == "graveyard"
