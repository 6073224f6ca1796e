"""Layers: copy effects never change the card; P/T effects in the era's order; keywords by timestamp;
abilities lost and types changed."""

from __future__ import annotations

import random

import pytest

from ruling.engine.card_data import card_from_table, parse_cards, starter_library
from ruling.engine.effects import add_lasting, add_until_end_of_turn
from ruling.engine.lasting import LastingKind, PTOrder
from ruling.engine.layers import BASIC_NAME_NOTE, characteristics, characteristics_under, statics, triggers_of
from ruling.engine.profiles import PROFILES
from ruling.engine.random_play import LAYER_DECK, new_game, random_step
from ruling.engine.state import GameState, Player, Zone
from tests.engine.random_games import reached


def _bear() -> tuple[GameState, int]:
    state = GameState([Player("a", 20), Player("b", 20)])
    obj = state.new_object(starter_library()["Grizzly Bears"], 0, Zone.IN_PLAY)
    state.in_play.append(obj.id)
    return state, obj.id


def test_a_creature_type_replaces_the_others_and_an_added_one_keeps_them() -> None:
    state = GameState([Player("a", 20), Player("b", 20)])
    card = card_from_table(
        "Forest Spirit",
        {"types": ["land", "creature"], "subtypes": ["Forest", "Elf", "Druid"], "pt": "1/1"},
        ("c", 1),
    )
    obj = state.new_object(card, 0, Zone.IN_PLAY)
    state.in_play.append(obj.id)
    add_lasting(state, LastingKind.SUBTYPE, obj.id, "Imagecrafter", subtype="Goblin")
    assert characteristics(state, obj).subtypes == ("Forest", "Goblin")
    add_lasting(state, LastingKind.ADD_SUBTYPE, obj.id, "Shapeshifter", subtype="Goblin")
    add_lasting(state, LastingKind.ADD_SUBTYPE, obj.id, "Shapeshifter", subtype="Wall")
    chars = characteristics(state, obj)
    assert chars.subtypes == ("Forest", "Goblin", "Wall")
    assert "layer 4: Imagecrafter: is the creature type Goblin (timestamp 2)" in chars.applied
    assert obj.card.subtypes == ("Forest", "Elf", "Druid")
    add_lasting(state, LastingKind.ANIMATE, obj.id, "Stone Child", power=2, toughness=2)
    assert characteristics(state, obj).subtypes == ("Forest", "Goblin", "Wall")
    add_lasting(
        state,
        LastingKind.ANIMATE,
        obj.id,
        "Stone Child",
        power=2,
        toughness=2,
        card_type="artifact",
        replaces_types=True,
    )
    add_lasting(state, LastingKind.ADD_SUBTYPE, obj.id, "Shapeshifter", subtype="Golem")
    chars = characteristics(state, obj)
    assert (chars.types, chars.subtypes) == (("artifact", "creature"), ("Golem",))


def test_losing_all_abilities_keeps_what_came_later_and_what_defines_a_characteristic() -> None:
    state = GameState([Player("a", 20), Player("b", 20)])
    cards = parse_cards(
        '["Pinger"]\ntypes = ["creature"]\npt = "1/1"\nkeywords = ["trample"]\n'
        'abilities = [{ cost = "T", effects = [{ effect = "damage", amount = 1, target = "player" }] }]\n'
        'static = [{ effect = "pump", who = "you", power = 1, toughness = 1 }]\n'
        '["Veil"]\ntypes = ["enchantment"]\nenchant = "creature"\n'
        'static = [{ effect = "grant", keyword = "unblockable", characteristic = true }, '
        '{ effect = "add_type", what = "artifact", characteristic = false }]\n',
        "c.md",
        1,
    )
    pinger = state.new_object(cards["Pinger"], 0, Zone.IN_PLAY)
    other = state.new_object(starter_library()["Grizzly Bears"], 0, Zone.IN_PLAY)
    veil = state.new_object(cards["Veil"], 0, Zone.IN_PLAY)
    veil.attached_to = pinger.id
    state.in_play += [pinger.id, other.id, veil.id]
    before = characteristics(state, pinger)
    assert before.abilities and "artifact" in before.types and characteristics(state, other).power == 3
    add_lasting(state, LastingKind.LOSE_ALL, pinger.id, "Mind Wipe")
    add_lasting(state, LastingKind.GAIN, pinger.id, "Jump", keyword="flying")
    chars = characteristics(state, pinger)
    assert (chars.abilities, chars.static, chars.types) == ((), (), ("creature",))
    assert sorted(chars.keywords) == ["flying", "unblockable"]
    assert characteristics(state, other).power == 2
    assert triggers_of(state, pinger) == ()


@pytest.mark.parametrize(("order", "pt"), [(PTOrder.TIMESTAMP, (5, 2)), (PTOrder.LEVELS, (2, 5))])
def test_a_switch_then_a_change(order: PTOrder, pt: tuple[int, int]) -> None:
    state, bear = _bear()
    add_lasting(state, LastingKind.SWITCH, bear, "Twist")
    add_until_end_of_turn(state, bear, 3, 0, "Surge")
    chars = characteristics(state, state.obj(bear), order=order)
    assert (chars.power, chars.toughness) == pt


@pytest.mark.parametrize(("order", "pt"), [(PTOrder.TIMESTAMP, (0, 2)), (PTOrder.LEVELS, (1, 3))])
def test_a_counter_and_a_set_value(order: PTOrder, pt: tuple[int, int]) -> None:
    state, bear = _bear()
    state.obj(bear).plus_counters = 1
    add_lasting(state, LastingKind.SET_PT, bear, "Shrink", power=0, toughness=2)
    chars = characteristics(state, state.obj(bear), order=order)
    assert (chars.power, chars.toughness) == pt


def test_the_newest_of_gains_and_loses_wins_and_the_list_says_so() -> None:
    state, bear = _bear()
    add_lasting(state, LastingKind.GAIN, bear, "Jump", keyword="flying")
    add_lasting(state, LastingKind.LOSE, bear, "Gravity", keyword="flying")
    chars = characteristics(state, state.obj(bear))
    assert not chars.has("flying")
    assert [line.split(":")[1].strip() for line in chars.applied] == ["Jump", "Gravity"]


def test_a_copy_effect_leaves_the_card_alone() -> None:
    state, bear = _bear()
    add_lasting(state, LastingKind.COPY, bear, "Clone", card=starter_library()["Craw Wurm"])
    chars = characteristics(state, state.obj(bear))
    assert (chars.name, chars.power, state.obj(bear).card.name) == ("Craw Wurm", 6, "Grizzly Bears")


def test_a_dependent_effect_waits_for_the_effect_it_depends_on() -> None:
    from ruling.engine.cards import CardDef, Effect, EffectKind

    state, bear = _bear()
    ward = CardDef(
        "White Ward",
        ("enchantment",),
        static=(Effect(EffectKind.GRANT, who="each_player", of_color="W", keyword="flying"),),
    )
    paint = CardDef(
        "Paint", ("enchantment",), enchant="creature", static=(Effect(EffectKind.SET_COLOR, color="W"),)
    )
    for card in (ward, paint):
        obj = state.new_object(card, 0, Zone.IN_PLAY)
        state.in_play.append(obj.id)
    state.obj(state.in_play[-1]).attached_to = bear
    chars = characteristics(state, state.obj(bear))
    assert chars.colors == "W" and chars.has("flying")
    assert chars.applied[0].endswith("(dependency)")
    state.obj(state.in_play[-1]).attached_to = None
    assert not characteristics(state, state.obj(bear)).has("flying")


WATCHER = card_from_table(
    "Watcher",
    {
        "types": ["creature"],
        "cost": "1G",
        "pt": "1/1",
        "triggers": [
            {
                "when": "comes_into_play",
                "effects": [{"effect": "destroy", "target": "creature", "of_color": "G"}],
            }
        ],
    },
    ("test", 1),
)


def test_triggers_of_reads_copies_text_changes_and_face_down_as_characteristics_does() -> None:
    state = GameState([Player("a", 20), Player("b", 20)])
    bear = starter_library()["Grizzly Bears"]
    changed, copy, hidden = (state.new_object(c, 0, Zone.IN_PLAY) for c in (WATCHER, bear, WATCHER))
    gone = state.new_object(WATCHER, 0, Zone.GRAVEYARD)
    state.in_play += [changed.id, copy.id, hidden.id]
    hidden.face_down = True
    add_lasting(state, LastingKind.TEXT, changed.id, "Sleight of Mind", words=("G", "W"))
    add_lasting(state, LastingKind.TEXT, gone.id, "Sleight of Mind", words=("G", "B"))
    add_lasting(state, LastingKind.COPY, copy.id, "Clone", card=WATCHER)
    for obj in (changed, copy, hidden, gone):
        assert triggers_of(state, obj) == characteristics(state, obj).triggers, obj.id
    assert triggers_of(state, changed)[0].effects[0].of_color == "W"
    assert triggers_of(state, copy) == triggers_of(state, gone) == WATCHER.triggers
    assert triggers_of(state, hidden) == ()


LAYERED_DECK = (
    ["Forest", "Plains", "Swamp", "Island", "Mountain"] * 3
    + ["Clone", "Sleight of Mind", "Magical Hack", "Voice of All", "Crusade", "Kismet"] * 2
    + ["Control Magic", "Threaten", "Quirion Elves", "Living Lands", "Lightning Bolt", "Grizzly Bears"]
    + ["Coat of Arms", "Raging Goblin", "Mogg Fanatic"]
)


def test_the_characteristics_of_many_objects_at_once_are_theirs_one_by_one() -> None:
    """Game.chars_of finds the static abilities in play once for all the objects asked about; in random
    games with copies, text changes, choices and static abilities (one that counts among them) it must give
    what Game.chars gives."""
    statics_seen = counted = 0
    for seed, profile in enumerate(("ru-1999", "ja-2004", "sr-2007")):
        game = new_game(PROFILES[profile], seed, list(LAYERED_DECK))
        rng = random.Random(seed)
        for _ in range(250):
            if game.state.over:
                break
            random_step(game, rng)
            objects = list(game.state.objects.values())
            assert game.chars_of(objects) == {o.id: game.chars(o) for o in objects}
            statics_seen += bool(statics(game.state))
            counted += any("counted:" in step for c in game.chars_of(objects).values() for step in c.applied)
    assert statics_seen > 50
    assert counted > 10


@pytest.mark.parametrize(
    ("profile", "cited"),
    [
        ("ru-1999", {"ru:407.1", "ru:214.4", "ru:419.7a"}),
        ("ja-2004", {"ja:407.1", "ja:212.1b", "ja:212.1c", "ja:419.6c"}),
        ("sr-2007", {"sr:D8.10", "sr:B12.12", "sr:B12.13", "sr:D20.63", "sr:D20.72"}),
    ],
)
def test_random_games_lose_abilities_change_types_and_redirect_damage(profile: str, cited: set[str]) -> None:
    kinds, rules = reached(profile, list(LAYER_DECK), range(2))
    assert "redirect_shield" in kinds
    assert cited <= rules


_LAND_CARDS = parse_cards(
    """
["Haunted Ruins"]
types = ["land"]
supertypes = ["legendary"]
subtypes = ["Desert"]
abilities = [{ cost = "T", effects = [{ effect = "add_mana", mana = "C" }] }]
triggers = [{ when = "your_upkeep", effects = [{ effect = "lose_life", amount = 1, who = "you" }] }]
static = [{ effect = "pump", power = 1, toughness = 1, who = "you" }]

["Flood Tide"]
types = ["enchantment"]
enchant = "land"
static = [{ effect = "set_land_type", subtype = "Island" }]

["Rising Tide"]
types = ["enchantment"]
enchant = "land"
static = [{ effect = "add_land_type", subtype = "Swamp" }]
""",
    "cards.md",
    1,
)


def _land_under(aura: str) -> tuple[GameState, int]:
    """Returns a position with Haunted Ruins in play, enchanted by aura."""
    state = GameState([Player("a", 20), Player("b", 20)])
    ruins = state.new_object(_LAND_CARDS["Haunted Ruins"], 0, Zone.IN_PLAY)
    tide = state.new_object(_LAND_CARDS[aura], 0, Zone.IN_PLAY)
    tide.attached_to = ruins.id
    state.in_play += [ruins.id, tide.id]
    return state, ruins.id


@pytest.mark.parametrize(("basic", "supertypes"), [(False, ("legendary",)), (True, ("basic",))])
def test_a_land_made_a_basic_type_has_only_its_mana_ability(basic: bool, supertypes: tuple[str, ...]) -> None:
    state, ruins = _land_under("Flood Tide")
    chars = characteristics(state, state.obj(ruins), basic_land_type=basic)
    assert chars.subtypes == ("Island",) and chars.supertypes == supertypes
    assert [(a.cost, a.effects[0].mana) for a in chars.abilities] == [("T", "U")]
    assert chars.triggers == () and chars.static == ()
    assert triggers_of(state, state.obj(ruins)) == ()
    assert all(source.id != ruins for source, _ in statics(state))


def test_a_land_given_a_basic_type_keeps_its_own() -> None:
    state, ruins = _land_under("Rising Tide")
    chars = characteristics(state, state.obj(ruins), basic_land_type=True)
    assert chars.subtypes == ("Desert", "Swamp") and chars.supertypes == ("legendary",)
    assert [a.effects[0].mana for a in chars.abilities] == ["C", "B"]
    assert len(triggers_of(state, state.obj(ruins))) == 1
    assert any(source.id == ruins for source, _ in statics(state))


_COUNTING = parse_cards(
    '["Hand Banner"]\ntypes = ["enchantment"]\n'
    'static = [{ effect = "pump", who = "you", power = 1, toughness = 0, count = "cards_in_hand" }]\n'
    '["Grave Banner"]\ntypes = ["enchantment"]\n'
    'static = [{ effect = "pump", who = "all", power = 0, toughness = 1, count = "cards_in_graveyard" }]\n'
    '["Army Banner"]\ntypes = ["enchantment"]\n'
    'static = [{ effect = "pump", who = "opponent", power = 1, toughness = 1, '
    'count = "creatures_you_control" }]\n'
    '["Crowd Banner"]\ntypes = ["enchantment"]\n'
    'static = [{ effect = "pump", who = "all", power = 1, toughness = 1, count = "creatures" }]\n',
    "c.md",
    1,
)


def _put(state: GameState, name: str, player: int) -> int:
    card = _COUNTING[name] if name in _COUNTING else starter_library()[name]
    obj = state.new_object(card, player, Zone.IN_PLAY)
    state.in_play.append(obj.id)
    return obj.id


@pytest.mark.parametrize(
    ("banner", "mine", "theirs", "words"),
    [
        ("Hand Banner", (4, 2), (2, 2), "counted: 2, cards in a's hand"),
        ("Grave Banner", (2, 3), (2, 3), "counted: 1, cards in a's graveyard"),
        ("Army Banner", (2, 2), (5, 5), "counted: 3, creatures a controls"),
        ("Crowd Banner", (6, 6), (6, 6), "counted: 4, creatures in play"),
    ],
)
def test_a_static_pump_counts_what_it_names(
    banner: str, mine: tuple[int, int], theirs: tuple[int, int], words: str
) -> None:
    state = GameState([Player("a", 20), Player("b", 20)])
    _put(state, banner, 0)
    bears = [_put(state, "Grizzly Bears", 0) for _ in range(3)] + [_put(state, "Grizzly Bears", 1)]
    for name in ("Forest", "Island"):
        state.players[0].hand.append(state.new_object(starter_library()[name], 0, Zone.HAND).id)
    state.players[0].graveyard.append(state.new_object(starter_library()["Forest"], 0, Zone.GRAVEYARD).id)
    own = characteristics(state, state.obj(bears[1]))
    other = characteristics(state, state.obj(bears[3]))
    assert ((own.power, own.toughness), (other.power, other.toughness)) == (mine, theirs)
    assert any(words in step for step in (*own.applied, *other.applied))


def test_a_static_count_follows_the_game_and_the_types_other_effects_give() -> None:
    state = GameState([Player("a", 20), Player("b", 20)])
    _put(state, "Coat of Arms", 0)
    goblin = _put(state, "Raging Goblin", 0)
    bear = _put(state, "Grizzly Bears", 1)
    assert characteristics(state, state.obj(goblin)).power == 1
    add_lasting(state, LastingKind.SUBTYPE, bear, "Imagecrafter", subtype="Goblin")
    assert characteristics(state, state.obj(goblin)).power == 2
    assert characteristics(state, state.obj(bear)).power == 3
    state.in_play.remove(bear)
    assert characteristics(state, state.obj(goblin)).power == 1


def test_under_limited_ranges_a_static_affects_and_counts_only_within_them() -> None:
    state = GameState([Player(name, 20) for name in "abcdef"])
    state.multiplayer.ranges = dict.fromkeys(range(6), 1)
    _put(state, "Coat of Arms", 0)
    goblins = [_put(state, "Raging Goblin", player) for player in range(6)]
    powers = [characteristics(state, state.obj(g)).power for g in goblins]
    assert powers == [3, 2, 1, 1, 1, 2]
    state.multiplayer.ranges = {}
    assert characteristics(state, state.obj(goblins[2])).power == 6


def _in_play(card_name: str, raw: dict[str, object]) -> tuple[GameState, int]:
    state = GameState([Player("a", 20), Player("b", 20)])
    obj = state.new_object(card_from_table(card_name, raw, ("c", 1)), 0, Zone.IN_PLAY)
    state.in_play.append(obj.id)
    return state, obj.id


@pytest.mark.parametrize(
    ("profile", "name", "basic"),
    [
        ("ru-1999", "Forest", True),
        ("ru-1999", "Snow-Covered Forest", False),
        ("ja-2004", "Snow-Covered Forest", True),
        ("ja-2004", "森", True),
        ("ja-2004", "Forest of Wak-Wak", False),
        ("sr-2007", "Forest", False),
    ],
)
def test_an_old_land_is_basic_by_its_name_in_the_eras_that_say_so(
    profile: str, name: str, basic: bool
) -> None:
    state, land = _in_play(name, {"type_line": "Land"})
    chars = characteristics_under(state, state.obj(land), PROFILES[profile])
    assert ("basic" in chars.supertypes) is basic
    assert any(step.startswith(BASIC_NAME_NOTE) for step in chars.applied) is basic
