"""Effects on libraries: milling the top cards, and searching for land cards (or, under Izvori magije, for
cards of a land's colour, which come into play as lands: sr B12.76, E3.53)."""

from __future__ import annotations

import pytest

from ruling.engine.card_data import parse_cards, starter_library
from ruling.engine.cards import CardDef, Effect, EffectKind
from ruling.engine.decisions import Answer, DecisionError, ScriptedDecider
from ruling.engine.game import Game
from ruling.engine.library_effects import mill, search
from ruling.engine.profiles import PROFILES
from ruling.engine.state import GameState, Player, Zone

_CARDS = parse_cards(
    """
["Duh Prirode"]
types = ["creature"]
cost = "3G"
pt = "3/3"
keywords = ["istocnik G"]
""",
    "cards.md",
    1,
)


def _card(name: str) -> CardDef:
    return _CARDS.get(name) or starter_library()[name]


def _game(profile: str, library: list[str], *answers: object) -> Game:
    decider = ScriptedDecider()
    for answer in answers:
        decider.give(Answer("search", 0, answer, 1))
    state = GameState([Player("a", 20), Player("b", 20)])
    for name in library:
        state.players[0].library.append(state.new_object(_card(name), 0, Zone.LIBRARY).id)
    return Game(state, PROFILES[profile], decider)


def _answer(game: Game, answer: object) -> None:
    assert isinstance(game.decider, ScriptedDecider)
    game.decider.give(Answer("search", 0, answer, 1))


def _names(game: Game, ids: list[int]) -> list[str]:
    return [game.state.obj(i).card.name for i in ids]


def test_mill_moves_the_top_cards_and_returns_them_in_the_graveyard() -> None:
    game = _game("ja-2004", ["Craw Wurm", "Island", "Forest"])
    milled = mill(game, 0, 2)
    assert _names(game, milled) == ["Craw Wurm", "Island"]
    assert sorted(game.state.players[0].graveyard) == sorted(milled)
    assert _names(game, game.state.players[0].library) == ["Forest"]


def test_mill_from_a_short_library_moves_what_there_is() -> None:
    game = _game("ru-1999", ["Island"])
    assert _names(game, mill(game, 0, 3)) == ["Island"]
    assert mill(game, 0, 1) == []


def _forests(amount: int = 2, zone: str = "play", up_to: bool = True) -> Effect:
    return Effect(EffectKind.SEARCH, amount=amount, subtype="Forest", zone=zone, up_to=up_to)


def test_only_land_cards_are_forests_outside_izvori_magije() -> None:
    game = _game("ja-2004", ["Duh Prirode", "Forest", "Island"])
    spirit = game.state.players[0].library[0]
    _answer(game, (spirit,))
    with pytest.raises(DecisionError, match="up to 1 Forest card"):
        search(game, 0, _forests(), "Growth")


def test_under_izvori_magije_a_green_card_comes_into_play_as_an_untapped_forest() -> None:
    game = _game("sr-2007", ["Duh Prirode", "Forest", "Island"])
    spirit, forest, _ = game.state.players[0].library
    _answer(game, (spirit, forest))
    search(game, 0, _forests(), "Growth")
    in_play = [game.state.obj(i) for i in game.state.in_play]
    assert [(o.card.name, o.as_land, o.tapped) for o in in_play] == [
        ("Duh Prirode", "G", False),
        ("Forest", "", False),
    ]
    assert game.chars(in_play[0]).subtypes == ("Forest",)
    assert not game.state.stack and not game.state.pending
    assert any(e.kind == "no_trigger" and "sr:E3.53" in e.rules for e in game.trace)


def test_up_to_finds_nothing_when_the_player_says_so() -> None:
    game = _game("ja-2004", ["Forest", "Island"], ())
    search(game, 0, _forests(), "Growth")
    assert not game.state.in_play and len(game.state.players[0].library) == 2
    assert [e.kind for e in game.trace] == ["search_none"]


def test_a_search_for_one_card_of_one_name_needs_no_answer() -> None:
    game = _game("ru-1999", ["Island", "Forest", "Forest"])
    search(game, 0, _forests(amount=1, zone="hand", up_to=False), "Growth")
    assert _names(game, game.state.players[0].hand) == ["Forest"]
    assert sorted(_names(game, game.state.players[0].library)) == ["Forest", "Island"]


def test_a_search_for_exactly_two_refuses_one() -> None:
    game = _game("ja-2004", ["Forest", "Forest", "Duh Prirode"])
    first = game.state.players[0].library[0]
    _answer(game, first)
    with pytest.raises(DecisionError, match="must find 2 Forest card"):
        search(game, 0, _forests(up_to=False, zone="hand"), "Growth")
