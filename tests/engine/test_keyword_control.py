"""Keywords read control through layer 2 (ruling.engine.control) and change the game through events:
provoke untaps a creature its defending player controls by an effect, phasing brings a stolen permanent
back under the player it phased out under, and an untap ends an 'as long as it is tapped' effect."""

from __future__ import annotations

from ruling.engine.card_data import card_from_table, starter_library
from ruling.engine.cards import CardDef
from ruling.engine.control import controller_of
from ruling.engine.effects import add_lasting
from ruling.engine.game import Game
from ruling.engine.lasting import LastingKind, While
from ruling.engine.phasing import phase
from ruling.engine.profiles import PROFILES
from ruling.engine.provoke import provoke
from ruling.engine.state import Combat, GameState, Player, Zone


def _card(name: str, keywords: list[str]) -> CardDef:
    raw = {"types": ["creature"], "cost": "2G", "pt": "2/2", "keywords": keywords}
    return card_from_table(name, raw, ("test", 1))


def _game(*cards: tuple[CardDef, int]) -> tuple[Game, list[int]]:
    state = GameState([Player("a", 20), Player("b", 20)])
    ids = []
    for card, player in cards:
        obj = state.new_object(card, player, Zone.IN_PLAY)
        obj.controlled_since_turn_start = True
        state.in_play.append(obj.id)
        ids.append(obj.id)
    return Game(state, PROFILES["ja-2004"]), ids


def test_provoke_untaps_a_creature_the_defender_controls_by_an_effect_and_ends_its_tapped_duration() -> None:
    wurm = starter_library()["Craw Wurm"]
    game, (provoker, stolen, own) = _game((_card("Provoker", ["provoke"]), 0), (wurm, 0), (wurm, 1))
    state = game.state
    state.combat = Combat(attackers=[provoker])
    add_lasting(state, LastingKind.CONTROL, stolen, "Steal", player=1, until_end_of_turn=False)
    for obj_id in (stolen, own):
        state.obj(obj_id).tapped = True
    pump = add_lasting(
        state, LastingKind.PUMP, stolen, "Endoskeleton", while_=While.SOURCE_TAPPED, source_id=stolen
    )
    provoke(game, provoker, [stolen])
    assert not state.obj(stolen).tapped
    assert state.combat.must_block == {stolen: provoker}
    assert pump not in state.lasting
    provoke(game, provoker, [provoker])
    assert provoker not in state.combat.must_block


def test_a_stolen_permanent_phases_in_under_the_player_it_phased_out_under() -> None:
    game, (phaser,) = _game((_card("Phaser", ["phasing"]), 0))
    state = game.state
    add_lasting(state, LastingKind.CONTROL, phaser, "Steal", player=1, until_end_of_turn=False)
    phase(game, 0)
    assert state.phased_out == []
    phase(game, 1)
    assert state.phased_out == [phaser]
    phase(game, 0)
    assert state.phased_out == [phaser]
    phase(game, 1)
    assert state.in_play == [phaser]
    assert controller_of(state, state.obj(phaser)) == 1
