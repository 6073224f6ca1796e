"""Attack and block requirements and restrictions: the check of a whole declaration under each edition's
rule (ru 500.2 checks each creature left out; ja 500.4-500.5 and sr E1.40-E1.50 ask for the most
requirements), the search for the best declaration, and the random decider's use of it."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from ruling.engine.card_data import card_from_table, starter_library
from ruling.engine.cards import COMBAT_ABILITIES, CardDef, check_keyword, keyword_rule_key
from ruling.engine.decisions import Decision, RandomDecider
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.requirements import (
    Demand,
    Requirement,
    Search,
    attack_legal,
    best_attack,
    best_blocks,
    block_requirements,
    blocks_legal,
    check_attack,
    check_blocks,
)
from ruling.engine.state import Combat, GameState, Player, Step, Zone
from ruling.engine.vocabulary import refused
from ruling.errors import IllegalActionError, NotationError


def _creature(name: str, keywords: list[str]) -> CardDef:
    raw = {"types": ["creature"], "cost": "1R", "pt": "2/2", "keywords": keywords}
    return card_from_table(name, raw, ("test", 1))


ONE_ATTACKER = card_from_table(
    "Dueling Grounds",
    {"types": ["enchantment"], "cost": "1GW", "static": [{"effect": "attack_limit", "amount": 1}]},
    ("test", 1),
)
TWO_BLOCKERS = card_from_table(
    "Pack Tactics",
    {
        "types": ["enchantment"],
        "cost": "2R",
        "static": [{"effect": "grant", "keyword": "blocked_by_two_or_more", "who": "all"}],
    },
    ("test", 1),
)


def _game(
    profile: str, *cards: tuple[CardDef, int], players: tuple[str, ...] = ("alice", "bob")
) -> tuple[Game, list[int]]:
    state = GameState([Player(name, 20) for name in players])
    state.step = Step.DECLARE_ATTACKERS
    ids = []
    for card, player in cards:
        obj = state.new_object(card, player, Zone.IN_PLAY)
        obj.controlled_since_turn_start = True
        state.in_play.append(obj.id)
        ids.append(obj.id)
    return Game(state, PROFILES[profile]), ids


def _savage_bear_and_limit(profile: str) -> tuple[Game, int, int]:
    savage = _creature("Clay Savage", ["attacks_each_turn"])
    bear = starter_library()["Grizzly Bears"]
    game, (savage_id, bear_id, _) = _game(profile, (savage, 0), (bear, 0), (ONE_ATTACKER, 0))
    return game, savage_id, bear_id


@pytest.mark.parametrize("profile", ["ja-2004", "sr-2007"])
def test_the_later_editions_ask_for_the_most_requirements(profile: str) -> None:
    game, savage, bear = _savage_bear_and_limit(profile)
    assert best_attack(game, {}) == (savage,)
    assert attack_legal(game, (savage,), {})
    with pytest.raises(IllegalActionError) as info:
        check_attack(game, (bear,), {})
    assert str(info.value).startswith("Clay Savage must attack: it attacks each turn if able")
    assert "obeys 1 requirement(s), this one 0" in str(info.value)
    assert set(PROFILES[profile].cite("requirements_most")) <= set(info.value.rules)
    assert not attack_legal(game, (), {})
    assert not attack_legal(game, (savage, bear), {})


def test_the_1999_rule_checks_each_creature_left_out_against_the_rest_of_the_attack() -> None:
    game, savage, bear = _savage_bear_and_limit("ru-1999")
    assert attack_legal(game, (bear,), {}), (
        "with the bear attacking, the savage's attack would break the limit"
    )
    assert attack_legal(game, (savage,), {})
    with pytest.raises(IllegalActionError, match="and it can without breaking a restriction") as info:
        check_attack(game, (), {})
    assert info.value.rules == ("ru:500.2",)


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_creatures_that_cant_attack_alone_attack_together(profile: str) -> None:
    orc = _creature("Timid Orc", ["cant_attack_alone"])
    game, (first, second) = _game(profile, (orc, 0), (orc, 0))
    assert attack_legal(game, (first, second), {})
    assert attack_legal(game, (), {})
    with pytest.raises(IllegalActionError, match="can't attack alone") as info:
        check_attack(game, (first,), {})
    assert info.value.rules == PROFILES[profile].cite("attack_restriction")


def _blocking(profile: str) -> tuple[Game, int, int, int]:
    """A creature that blocks if able and one without abilities, against an attacker that can be blocked
    only by two or more creatures (the examples of ja 500.5 and sr E1.50)."""
    sentry = _creature("Eager Sentry", ["blocks_each_turn"])
    bear = starter_library()["Grizzly Bears"]
    giant = starter_library()["Hill Giant"]
    game, (sentry_id, bear_id, giant_id, _) = _game(
        profile, (sentry, 1), (bear, 1), (giant, 0), (TWO_BLOCKERS, 0)
    )
    game.state.combat = Combat(attackers=[giant_id])
    game.state.step = Step.DECLARE_BLOCKERS
    return game, sentry_id, bear_id, giant_id


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_both_block_or_neither(profile: str) -> None:
    game, sentry, bear, giant = _blocking(profile)
    assert block_requirements(game, 1) == [Requirement(sentry, Demand.BLOCKS)]
    assert best_blocks(game, 1) == {}, "the bear has no requirement: blocks with it are not considered"
    check_blocks(game, {}, 1)
    check_blocks(game, {sentry: [giant], bear: [giant]}, 1)
    for alone in (sentry, bear):
        with pytest.raises(IllegalActionError, match="except by two or more creatures"):
            check_blocks(game, {alone: [giant]}, 1)


def test_a_provoked_creature_that_is_also_lured_obeys_one_of_its_requirements() -> None:
    taunter = _creature("Goblin Taunter", ["provoke"])
    lured = _creature("Lured Bear", ["must_be_blocked"])
    wall = starter_library()["Wall of Wood"]
    ogre = starter_library()["Gray Ogre"]
    game, (taunter_id, lured_id, wall_id, ogre_id) = _game(
        "ja-2004", (taunter, 0), (lured, 0), (wall, 1), (ogre, 1)
    )
    game.state.combat = Combat(attackers=[taunter_id, lured_id], must_block={wall_id: taunter_id})
    reqs = block_requirements(game, 1)
    assert Requirement(wall_id, Demand.PROVOKED, taunter_id) in reqs
    assert len(reqs) == 3
    best = best_blocks(game, 1)
    assert sum(r.obeyed((), best) for r in reqs) == 2
    check_blocks(game, {wall_id: [taunter_id], ogre_id: [lured_id]}, 1)
    check_blocks(game, {wall_id: [lured_id], ogre_id: [lured_id]}, 1)
    with pytest.raises(IllegalActionError, match="Wall of Wood must block Goblin Taunter: it was provoked"):
        check_blocks(game, {ogre_id: [lured_id]}, 1)


def test_a_tapped_creature_has_no_requirement() -> None:
    game, sentry, _, _ = _blocking("ja-2004")
    game.state.obj(sentry).tapped = True
    assert block_requirements(game, 1) == []


def test_the_random_decider_takes_the_default_when_no_proposal_is_legal() -> None:
    decision = Decision("attackers", 0, options=(1, 2), legal=lambda answer: answer == ("default",))
    assert RandomDecider(0).decide(decision, ("default",)) == ("default",)
    always = Decision("attackers", 0, options=(1, 2), legal=lambda answer: True)
    assert RandomDecider(0).decide(always, ()) == RandomDecider(0).decide(
        Decision("attackers", 0, options=(1, 2)), ()
    )


@pytest.mark.parametrize("ability", COMBAT_ABILITIES)
def test_the_abilities_are_in_the_vocabulary_of_every_profile(ability: str) -> None:
    assert check_keyword(ability)
    assert keyword_rule_key(ability) is None
    card = _creature("Test", [ability])
    assert all(refused(card, profile) is None for profile in PROFILES.values())


def test_only_creatures_with_the_keyword_can_attack_the_controller_of_the_restriction() -> None:
    temple = card_from_table(
        "Temple",
        {
            "types": ["enchantment"],
            "cost": "2U",
            "static": [{"effect": "attack_you_only", "keyword": "flying"}],
        },
        ("test", 1),
    )
    drake = _creature("Drake", ["flying"])
    bear = starter_library()["Grizzly Bears"]
    game, (drake_id, bear_id, _) = _game("ja-2004", (drake, 0), (bear, 0), (temple, 1))
    assert attack_legal(game, (drake_id,), {})
    with pytest.raises(
        IllegalActionError, match="Grizzly Bears can't attack bob: only creatures with flying"
    ):
        check_attack(game, (drake_id, bear_id), {})


def test_an_attack_restriction_on_the_player_needs_its_keyword() -> None:
    with pytest.raises(NotationError, match="expected keyword"):
        card_from_table(
            "Temple", {"types": ["enchantment"], "static": [{"effect": "attack_you_only"}]}, ("t.md", 3)
        )


def _outcome(check: Callable[..., list[Requirement]], *args: object) -> object:
    try:
        return check(*args)
    except IllegalActionError as error:
        return str(error), error.rules


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_one_search_answers_every_candidate_as_a_fresh_check_does(profile: str) -> None:
    """A search computes once what its candidates share (characteristics, statics, requirements, the best
    declaration); on a board of three players with several requirements and restrictions it must answer
    each attack and block declaration, against either defender, as a check made from scratch does. The
    Orc Band must attack, and can attack bob (two creatures) but not carol (six, as many as alice)."""
    library = starter_library()
    savage = _creature("Clay Savage", ["attacks_each_turn"])
    orc = _creature("Timid Orc", ["cant_attack_alone"])
    band = _creature("Orc Band", ["attacks_only_outnumbering", "attacks_each_turn"])
    sentry = _creature("Eager Sentry", ["blocks_each_turn", "cant_block_alone"])
    lured = _creature("Lured Bear", ["must_be_blocked"])
    cards = [(band, 0), (savage, 0), (savage, 0), (orc, 0), (orc, 0), (ONE_ATTACKER, 0), (lured, 0)]
    cards += [(sentry, 1), (library["Grizzly Bears"], 1), (sentry, 2), (library["Gray Ogre"], 2)]
    cards += [(library["Hill Giant"], 2)] * 4
    game, ids = _game(profile, *cards, players=("alice", "bob", "carol"))
    state = game.state
    search = Search(game)
    attackers = search.able_attackers()
    assert len(attackers) == 6
    answers = set()
    for size in range(len(attackers) + 1):
        for chosen in itertools.combinations(attackers, size):
            for defenders in ({}, dict.fromkeys(attackers, 2)):
                shared = _outcome(search.check_attack, chosen, defenders)
                assert shared == _outcome(check_attack, game, chosen, defenders), (chosen, defenders)
                assert search.attack_legal(chosen, defenders) == attack_legal(game, chosen, defenders)
                answers.add(str(shared))
    assert len(answers) > 4, "the board must give several different answers"
    assert search.best_attack({}) == best_attack(game, {}) == (ids[0],)
    assert search.best_attack(dict.fromkeys(attackers, 2)) == (ids[1],)
    state.combat = Combat(attackers=[ids[1], ids[2], ids[6]], defenders={ids[2]: 2, ids[6]: 1})
    state.step = Step.DECLARE_BLOCKERS
    search = Search(game)
    for defender, blockers in ((1, ids[7:9]), (2, ids[9:14])):
        assert search.block_requirements(defender) == block_requirements(game, defender)
        assert search.best_blocks(defender) == best_blocks(game, defender)
        options = [[None, *search.blockable(b, defender)] for b in blockers]
        for choice in itertools.product(*options):
            blocks = {b: [a] for b, a in zip(blockers, choice, strict=True) if a is not None}
            shared = _outcome(search.check_blocks, blocks, defender)
            assert shared == _outcome(check_blocks, game, blocks, defender), blocks
            assert search.blocks_legal(blocks, defender) == blocks_legal(game, blocks, defender)
            answers.add(str(shared))
    assert len(answers) > 8
