"""The total cost of a spell: increases and reductions of static abilities, whose spells they change, X and
coloured mana (ru 409.1f, ja 409.1f, sr D10.16), and a card's own cost (sr D3.93)."""

from __future__ import annotations

import pytest

from ruling.engine.announce import Proposal
from ruling.engine.card_data import parse_cards, starter_library
from ruling.engine.cards import CardDef
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.state import GameState, Player, Step, Zone
from ruling.engine.total_cost import CostStep, cost_change
from ruling.errors import IllegalActionError

_CARDS = parse_cards(
    """
["Aura of Silence"]
types = ["enchantment"]
cost = "1WW"
static = [{ effect = "cost_more", amount = 2, who = "opponent", what = "artifact" }]

["Warchief"]
types = ["creature"]
subtypes = ["Goblin"]
cost = "1RR"
pt = "2/2"
static = [{ effect = "cost_less", amount = 1, who = "you", subtype = "Goblin" }]

["Bringer"]
types = ["creature"]
cost = "6W"
pt = "4/4"
static = [{ effect = "cost_less", amount = 6, who = "self", life_at_most = 5 }]
""",
    "cards.md",
    1,
)


def _card(name: str) -> CardDef:
    return _CARDS.get(name) or starter_library()[name]


def _game(profile: str = "ja-2004", **in_play: int) -> Game:
    """Returns a game in a's first main phase with the named cards in play (name: controller)."""
    state = GameState([Player("a", 20), Player("b", 20)])
    state.step = Step.MAIN1
    for name, controller in in_play.items():
        obj = state.new_object(_card(name.replace("_", " ")), controller, Zone.IN_PLAY)
        state.in_play.append(obj.id)
    return Game(state, PROFILES[profile])


def _hand(game: Game, name: str, pool: str) -> int:
    obj = game.state.new_object(_card(name), 0, Zone.HAND)
    game.state.players[0].hand.append(obj.id)
    for symbol in pool:
        game.state.players[0].pool[symbol] = game.state.players[0].pool.get(symbol, 0) + 1
    return obj.id


def test_increases_and_reductions_of_every_player_add_up() -> None:
    game = _game(Sphere_of_Resistance=0, Helm_of_Awakening=1)
    change = cost_change(game, 0, _card("Grizzly Bears"))
    assert change.steps == (CostStep("Sphere of Resistance", 1), CostStep("Helm of Awakening", -1))
    assert change.net == 0 and not change.own


@pytest.mark.parametrize(
    ("controller", "player", "card", "net"),
    [
        (0, 1, "Sphere of Resistance", 2),
        (0, 0, "Sphere of Resistance", 0),
        (1, 0, "Sphere of Resistance", 2),
        (0, 1, "Lightning Bolt", 0),
    ],
)
def test_an_opponents_only_increase_spares_its_controller_and_other_types(
    controller: int, player: int, card: str, net: int
) -> None:
    game = _game(Aura_of_Silence=controller)
    assert cost_change(game, player, _card(card)).net == net


def test_a_reduction_for_your_creature_type_spares_the_others_and_the_opponent() -> None:
    game = _game(Warchief=0)
    assert cost_change(game, 0, _card("Warchief")).net == -1
    assert cost_change(game, 0, _card("Grizzly Bears")).net == 0
    assert cost_change(game, 1, _card("Warchief")).net == 0


def test_gloom_changes_white_spells_only() -> None:
    game = _game(Gloom=1)
    assert cost_change(game, 0, _card("White Knight")).net == 3
    assert cost_change(game, 0, _card("Grizzly Bears")).net == 0


@pytest.mark.parametrize(("life", "net"), [(6, 0), (5, -6)])
def test_a_cards_own_reduction_holds_only_with_little_life(life: int, net: int) -> None:
    game = _game("sr-2007")
    game.state.players[0].life = life * 10
    change = cost_change(game, 0, _card("Bringer"))
    assert (change.net, change.own) == (net, bool(net))


def test_a_reduction_takes_off_generic_mana_and_x_but_never_coloured_mana() -> None:
    twice = _game(Helm_of_Awakening=0)
    twice.state.in_play.append(twice.state.new_object(_card("Helm of Awakening"), 1, Zone.IN_PLAY).id)
    bolt = _hand(twice, "Lightning Bolt", "")
    with pytest.raises(IllegalActionError) as info:
        twice.play_spell(0, bolt, proposal=Proposal.of((("player", 1),)))
    assert "cannot pay R" in str(info.value)
    blaze = _hand(twice, "Blaze", "CR")
    twice.play_spell(0, blaze, proposal=Proposal(x=3, targets=((("player", 1),),)))
    assert twice.state.players[0].pool == {}
    note = next(e for e in twice.trace if e.kind == "cost_change")
    assert note.args["mana"] == "1R" and note.rules == ("ja:409.1f",)


def test_the_change_is_refused_before_anything_is_paid() -> None:
    game = _game(Sphere_of_Resistance=1)
    bear = _hand(game, "Grizzly Bears", "CG")
    before = game.state.copy()
    with pytest.raises(IllegalActionError) as info:
        game.play_spell(0, bear, proposal=Proposal())
    assert info.value.rules == ("ja:409.1h",) and "cannot pay 2G" in str(info.value)
    assert game.state.players[0].pool == before.players[0].pool
    assert game.state.obj(bear).zone is Zone.HAND
