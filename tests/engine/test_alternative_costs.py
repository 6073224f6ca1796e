"""Alternative costs: the objects and life they take, what they refuse, and one per spell (ru 409.1f,
ja 409.1b, 409.1f, sr D10.12, D10.16)."""

from __future__ import annotations

import pytest

from ruling.engine.announce import Proposal
from ruling.engine.card_data import parse_cards, starter_library
from ruling.engine.cards import CardDef
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.random_play import COST_DECK
from ruling.engine.state import GameState, Player, StackItem, Step, Zone
from ruling.errors import IllegalActionError
from tests.engine.random_games import reached

_SECOND_THOUGHTS = parse_cards(
    """
["Second Thoughts"]
types = ["sorcery"]
cost = "3U"
keywords = ["flashback 1U"]
alternative = { mana = "U", return = { subtype = "Island" } }
spell = [{ effect = "draw", amount = 1, who = "you" }]
""",
    "cards.md",
    1,
)["Second Thoughts"]


def _game(profile: str, *in_play: str) -> tuple[Game, list[int], int]:
    """Returns a game in which b's Lightning Bolt is on the stack (its item's id) and a controls in_play."""
    life = 20 * PROFILES[profile].scale
    state = GameState([Player("a", life), Player("b", life)])
    state.step = Step.MAIN1
    library = starter_library()
    ids = []
    for name in in_play:
        obj = state.new_object(library[name], 0, Zone.IN_PLAY)
        state.in_play.append(obj.id)
        ids.append(obj.id)
    bolt = state.new_object(library["Lightning Bolt"], 1, Zone.STACK)
    item = StackItem(state.tick(), "spell", 1, bolt.id, "Lightning Bolt", targets=(("player", 0),))
    state.stack.append(item)
    return Game(state, PROFILES[profile]), ids, item.id


def _hand(game: Game, card: CardDef | str) -> int:
    obj = game.state.new_object(starter_library()[card] if isinstance(card, str) else card, 0, Zone.HAND)
    game.state.players[0].hand.append(obj.id)
    return obj.id


def test_thwart_returns_the_islands_and_takes_no_mana() -> None:
    game, (i1, i2, i3, _), bolt = _game("ru-1999", "Island", "Island", "Island", "Forest")
    thwart = _hand(game, "Thwart")
    proposal = Proposal(extras=("alternative",), targets=((("spell", bolt),),), returned=(i1, i2, i3))
    game.play_spell(0, thwart, proposal=proposal)
    assert all(game.state.objects.get(i) is None for i in (i1, i2, i3))
    assert len(game.state.players[0].hand) == 3
    assert [e.kind for e in game.trace].count("cost_return") == 3
    assert next(e for e in game.trace if e.kind == "cost_return").rules == ("ru:409.1f", "ru:419.1")


@pytest.mark.parametrize(
    ("returned", "message"),
    [
        ((0, 1), "name them with 'returning A, B'"),
        ((0, 1, 3), "can't pay 3 Island"),
        ((0, 0, 1), "name them with 'returning A, B'"),
    ],
)
def test_a_part_not_paid_in_full_is_refused_and_nothing_changes(
    returned: tuple[int, ...], message: str
) -> None:
    game, ids, bolt = _game("ja-2004", "Island", "Island", "Island", "Forest")
    thwart = _hand(game, "Thwart")
    before = game.state.copy()
    named = tuple(ids[i] for i in returned)
    proposal = Proposal(extras=("alternative",), targets=((("spell", bolt),),), returned=named)
    with pytest.raises(IllegalActionError, match=message) as info:
        game.play_spell(0, thwart, proposal=proposal)
    assert info.value.rules == ("ja:409.1f", "ja:402.8")
    assert game.state.in_play == before.in_play and game.state.obj(thwart).zone is Zone.HAND


def test_too_few_objects_can_not_pay_the_cost() -> None:
    game, (i1, i2), bolt = _game("sr-2007", "Island", "Island")
    thwart = _hand(game, "Thwart")
    proposal = Proposal(extras=("alternative",), targets=((("spell", bolt),),), returned=(i1, i2))
    with pytest.raises(IllegalActionError, match="has only 2 of the 3 Island") as info:
        game.play_spell(0, thwart, proposal=proposal)
    assert info.value.rules == ("sr:D10.16", "sr:D3.94", "sr:D10.18")


def test_force_of_will_pays_scaled_life_and_a_blue_card_other_than_itself() -> None:
    game, _, bolt = _game("sr-2007")
    force = _hand(game, "Force of Will")
    red = _hand(game, "Lightning Bolt")
    spare = _hand(game, "Counterspell")
    target = ((("spell", bolt),),)
    for removed in ((force,), (red,)):
        with pytest.raises(IllegalActionError):
            game.play_spell(
                0, force, proposal=Proposal(extras=("alternative",), targets=target, removed=removed)
            )
    game.play_spell(0, force, proposal=Proposal(extras=("alternative",), targets=target, removed=(spare,)))
    assert game.state.players[0].life == 190
    (removed,) = game.state.players[0].removed
    assert game.state.obj(removed).card.name == "Counterspell" and game.state.obj(red).zone is Zone.HAND


def test_objects_for_a_part_the_cost_lacks_are_refused() -> None:
    game, (island,), bolt = _game("ja-2004", "Island")
    counterspell = _hand(game, "Counterspell")
    game.state.players[0].pool = {"U": 2}
    proposal = Proposal(targets=((("spell", bolt),),), returned=(island,))
    with pytest.raises(IllegalActionError, match="no part of the cost paid is paid by returning"):
        game.play_spell(0, counterspell, proposal=proposal)
    with pytest.raises(IllegalActionError, match="has no alternative cost"):
        game.play_spell(0, counterspell, proposal=Proposal(extras=("alternative",), targets=proposal.targets))


@pytest.mark.parametrize(("profile", "rule"), [("ja-2004", "ja:409.1b"), ("sr-2007", "sr:D10.12")])
def test_one_alternative_cost_per_spell(profile: str, rule: str) -> None:
    game, (island,), _ = _game(profile, "Island")
    game.state.stack.clear()
    thoughts = game.state.new_object(_SECOND_THOUGHTS, 0, Zone.GRAVEYARD)
    game.state.players[0].graveyard.append(thoughts.id)
    game.state.players[0].pool = {"U": 2}
    proposal = Proposal(extras=("flashback", "alternative"), returned=(island,))
    with pytest.raises(IllegalActionError) as info:
        game.play_spell(0, thoughts.id, proposal=proposal)
    assert info.value.rules == (rule,)


def test_the_alternative_cost_keeps_its_mana_and_the_static_changes() -> None:
    game, (island, sphere), _ = _game("ja-2004", "Island", "Sphere of Resistance")
    game.state.stack.clear()
    thoughts = _hand(game, _SECOND_THOUGHTS)
    game.state.players[0].pool = {"U": 1, "C": 1}
    item = game.play_spell(0, thoughts, proposal=Proposal(extras=("alternative",), returned=(island,)))
    assert game.state.players[0].pool == {}
    assert game.state.obj(item.source).paid == ("alternative",)
    assert next(e for e in game.trace if e.kind == "cost_change").args["other"] == "Sphere of Resistance +1"
    assert sphere in game.state.in_play


def test_random_games_pay_alternative_costs_and_changed_costs() -> None:
    kinds, rules = reached("ja-2004", list(COST_DECK), range(3))
    assert {"cost_return", "cost_remove_hand", "cost_life", "cost_sacrifice", "cost_change"} <= kinds
    assert {"ja:409.1f", "ja:402.8"} <= rules


def test_an_ability_returns_nothing_to_pay_its_cost() -> None:
    game, (island, sorcerer), _ = _game("ru-1999", "Island", "Prodigal Sorcerer")
    game.state.obj(sorcerer).controlled_since_turn_start = True
    proposal = Proposal(targets=((("player", 1),),), returned=(island,))
    with pytest.raises(IllegalActionError, match="no part of the cost paid is paid by returning"):
        game.activate(0, sorcerer, 0, proposal=proposal)
    assert not game.state.obj(sorcerer).tapped and island in game.state.in_play
