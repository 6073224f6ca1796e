"""Cards as data: the starter library parses, and malformed cards name their line."""

from __future__ import annotations

import pytest

from ruling.engine.card_data import card_from_table, parse_cards, starter_library
from ruling.engine.cards import check_keyword, parse_cost, valid_cost
from ruling.errors import NotationError


def test_starter_library_has_the_basics() -> None:
    library = starter_library()
    assert {"Forest", "Island", "Swamp", "Mountain", "Plains", "Grizzly Bears", "Lightning Bolt"} <= set(
        library
    )
    assert library["Craw Wurm"].power == 6 and library["Craw Wurm"].toughness == 4
    assert library["Forest"].abilities[0].is_mana_ability
    assert library["Tetsuo Umezawa"].is_legendary
    assert library["Lightning Bolt"].colors == "R"


@pytest.mark.parametrize(
    ("keyword", "known"),
    [
        ("flying", True),
        ("rampage 2", True),
        ("protection from B", True),
        ("swampwalk", True),
        ("protection from pink", False),
        ("banding", True),
        ("cycling 2", True),
        ("forestcycling 2", True),
        ("fading 3", True),
        ("cycling", False),
        ("fading x", False),
        ("bands with other wolves", False),
        ("rampage x", False),
    ],
)
def test_keyword_vocabulary(keyword: str, known: bool) -> None:
    assert check_keyword(keyword) is known


@pytest.mark.parametrize(
    ("cost", "valid"), [("", True), ("0", True), ("XRR", True), ("3GG", True), ("ZZ", False), ("G3", False)]
)
def test_cost_vocabulary(cost: str, valid: bool) -> None:
    assert valid_cost(cost) is valid


def test_a_land_has_the_mana_ability_of_each_basic_land_type_once() -> None:
    crypt = card_from_table("Kripta Plamena", {"type_line": "Izvor - Grob Vatra"}, ("c", 1))
    assert [a.effects[0].mana for a in crypt.abilities] == ["B", "R"]
    written = starter_library()["Forest"]
    assert len(written.abilities) == 1
    bare = card_from_table("Forest", {"types": ["land"], "subtypes": ["Forest"]}, ("c", 1))
    assert bare.abilities == written.abilities
    bear = card_from_table(
        "Forest Bear", {"types": ["creature"], "subtypes": ["Forest"], "pt": "2/2"}, ("c", 1)
    )
    assert bear.abilities == ()


def test_cost_is_split_into_generic_and_coloured() -> None:
    assert parse_cost("4GG") == (4, "GG")
    assert parse_cost("") == (0, "")


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('["Bad"]\ntypes = ["planeswalker"]\n', 10, "expected types"),
        ('["Bear"]\ntypes = ["creature"]\npt = "two"\n', 10, "pt"),
        ('\n["Bird"]\ntypes = ["creature"]\npt = "1/1"\nkeywords = ["bushido 1"]\n', 11, "unknown keyword"),
        ('["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "explode" }]\n', 10, "expected an effect"),
        ('["Zap"\n', 10, "expected TOML"),
        ('["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "damage", amount = "lots" }]\n', 10, 'or "X"'),
        (
            '["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "damage", target = "player", targets = 0 }]\n',
            10,
            "targets =",
        ),
        ('["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "draw", divided = true }]\n', 10, "divided only"),
        ('["Zap"]\ntypes = ["instant"]\nmodes = [{ effects = [] }]\n', 10, "expected modes"),
        ('["Zap"]\ntypes = ["instant"]\nspell = []\nmodes = []\n', 10, "either spell or modes"),
        ('["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "token", pt = "big" }]\n', 10, "token pt"),
        ('["Zap"]\ntypes = 1\n', 10, "types = a list of strings"),
        (
            '["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "pump", power = "big" }]\n',
            10,
            "power = a whole",
        ),
        ('["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "token", token = 3 }]\n', 10, "token = a string"),
        (
            '["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "destroy", no_regenerate = 1 }]\n',
            10,
            "true or",
        ),
        ('["Elf"]\ntypes = ["creature"]\npt = "1/1"\ntriggers = [1]\n', 10, "triggers = a list of tables"),
        ('["Elf"]\ntypes = ["creature"]\npt = "1/1"\nabilities = "T"\n', 10, "abilities = a list of tables"),
        ('["Elf"]\ntypes = ["creature"]\npt = "1/1"\nkeywords = "trample"\n', 10, "keywords = a list"),
        ('["Elf"]\ntypes = ["creature"]\npt = 2\n', 10, "pt = a string"),
        ('["Zap"]\ntypes = ["instant"]\ncost = "ZZ"\n', 10, "expected a cost"),
        ('["Zap"]\ntypes = ["instant"]\ncost = "R2"\n', 10, "expected a cost"),
        ('["Zap"]\ntypes = ["instant"]\ncost = 5\n', 10, "cost = a string"),
        ('["Zap"]\ntypes = ["instant"]\ncost = "R"\ncolor = "P"\n', 10, "color = letters"),
        ('["Elf"]\ntypes = ["creature"]\npt = "1/1"\nabilities = [{ cost = "TT" }]\n', 10, "expected a cost"),
        ('["Elf"]\ntypes = ["creature"]\npt = "1/1"\nsupertypes = ["snow"]\n', 10, "supertypes from"),
        (
            '["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "counters", amount = -1 }]\n',
            10,
            "-1/-1 counters",
        ),
        (
            '["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "change_text", from = "W" }]\n',
            10,
            "two different",
        ),
        (
            '["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "draw", from = "W" }]\n',
            10,
            "belong to a change_text",
        ),
        (
            '["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "pump", as_long_as = "ever" }]\n',
            10,
            "as_long_as one of",
        ),
        (
            '["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "damage", who = "chosen" }]\n',
            10,
            "static abilities only",
        ),
        (
            '["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "damage", who = "all" }]\n',
            10,
            "expected a target, or who one of you, opponent, each_player, that_player, got 'all'",
        ),
        (
            '["Aura"]\ntypes = ["enchantment"]\nstatic = [{ effect = "pump", who = "chosen" }]\n',
            10,
            "needs a choose",
        ),
        (
            '["Aura"]\ntypes = ["enchantment"]\nstatic = [{ effect = "choose", choice = "deity" }]\n',
            10,
            "choice one of",
        ),
        (
            '["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "damage", amount = 1, at = "end_of_turn" }]\n',
            10,
            "at = 'end_of_turn' only on a destroy or move effect",
        ),
        (
            '["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "destroy", at = "leaves_play" }]\n',
            10,
            "at = 'leaves_play' only on a gain_life or lose_life or draw effect",
        ),
        (
            '["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "gain_life", amount = 2, who = "opponent",'
            ' at = "becomes_untapped" }]\n',
            10,
            'expected who = "you"',
        ),
        (
            '["Zap"]\ntypes = ["instant"]\n'
            'spell = [{ effect = "destroy", watching = "self", at = "end_of_turn" }]\n',
            10,
            "watching only with at = leaves_play or becomes_tapped or becomes_untapped",
        ),
        ('["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "destroy", at = "dawn" }]\n', 10, "at one of"),
        (
            '["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "draw", count = "lands" }]\n',
            10,
            "count one of",
        ),
        (
            '["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "destroy", count = "creatures" }]\n',
            10,
            "count only on a damage",
        ),
        (
            '["Zap"]\ntypes = ["instant"]\n'
            'spell = [{ effect = "damage", target = "creature", count = "creatures_they_control" }]\n',
            10,
            "only on a gain_life, lose_life, draw, set_life effect",
        ),
        (
            '["Zap"]\ntypes = ["instant"]\ncost = "XR"\n'
            'spell = [{ effect = "damage", amount = "X", target = "creature", count = "creatures" }]\n',
            10,
            'no amount = "X"',
        ),
        (
            '["Zap"]\ntypes = ["instant"]\n'
            'spell = [{ effect = "pump", target = "creature", count = "creatures" }]\n',
            10,
            "power or toughness per thing counted",
        ),
        (
            '["Banner"]\ntypes = ["enchantment"]\n'
            'static = [{ effect = "pump", power = 1, toughness = 1, who = "you", count = "source_power" }]\n',
            10,
            "a static ability counts only on pump, expected count one of cards_in_hand",
        ),
        (
            '["Fever"]\ntypes = ["enchantment"]\nenchant = "creature"\n'
            'triggers = [{ when = "leaves_play", watches = "enchanted", effects = [{ effect = "return_self", '
            'zone = "play", chosen_by = "that_player" }] }]\n',
            10,
            "chosen_by names who chooses a target; expected a target with it",
        ),
        (
            '["Fever"]\ntypes = ["enchantment"]\nenchant = "creature"\n'
            'triggers = [{ when = "comes_into_play", effects = [{ effect = "damage", target = "creature", '
            'chosen_by = "that_player" }] }]\n',
            10,
            'chosen_by = "that_player" needs a trigger whose event names a player',
        ),
        (
            '["Fever"]\ntypes = ["enchantment"]\nenchant = "creature"\n'
            'triggers = [{ when = "leaves_play", effects = [{ effect = "return_self", zone = "play", '
            'target = "creature" }] }]\n',
            10,
            "return_self needs a trigger from the graveyard",
        ),
        (
            '["Fever"]\ntypes = ["enchantment"]\nenchant = "creature"\n'
            'triggers = [{ when = "leaves_play", watches = "enchanted", effects = [{ effect = "return_self", '
            'zone = "hand", target = "creature" }] }]\n',
            10,
            "return_self with a target returns an aura to play attached to it",
        ),
        (
            '["Rally"]\ntypes = ["instant"]\n'
            'spell = [{ effect = "pump", target = "creature", power = 1, toughness = 1, '
            'count = "sharing_type" }]\n',
            10,
            'count = "sharing_type" is for static abilities only',
        ),
        ('["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "move", target = "creature" }]\n', 10, "zone ="),
        (
            '["Deflection"]\ntypes = ["instant"]\nspell = [{ effect = "change_target", target = "spell" }]\n',
            10,
            'target = "spell_with_one_target"',
        ),
        (
            '["Zap"]\ntypes = ["instant"]\n'
            'spell = [{ effect = "damage", target = "player", not_color = "B" }]\n',
            10,
            "not_color only on an effect that targets a permanent",
        ),
        (
            '["Zap"]\ntypes = ["instant"]\n'
            'spell = [{ effect = "destroy", target = "creature", not_color = "K" }]\n',
            10,
            "not_color = letters",
        ),
        (
            '["Eye"]\ntypes = ["enchantment"]\n'
            'triggers = [{ when = "a_creature_attacks", of_color = "P" }]\n',
            10,
            "of_color = letters",
        ),
        (
            '["Mane"]\ntypes = ["creature"]\npt = "2/2"\n'
            'abilities = [{ cost = "G", self_cost = "discard", zone = "graveyard" }]\n',
            10,
            "a 'discard' cost is paid from the hand",
        ),
        (
            '["Mane"]\ntypes = ["creature"]\npt = "2/2"\nabilities = [{ cost = "T", zone = "hand" }]\n',
            10,
            "where its card can't be tapped",
        ),
        (
            '["Mane"]\ntypes = ["creature"]\npt = "2/2"\nabilities = [{ cost = "G", from = "hand" }]\n',
            10,
            r"unknown key\(s\) from",
        ),
        (
            '["Ghoul"]\ntypes = ["creature"]\npt = "2/2"\n'
            'abilities = [{ cost = "B", effects = [{ effect = "return_self", zone = "play" }] }]\n',
            10,
            "return_self needs an ability that works from the graveyard",
        ),
        (
            '["Ghoul"]\ntypes = ["creature"]\npt = "2/2"\n'
            'abilities = [{ cost = "B", zone = "graveyard", effects = [\n'
            '  { effect = "return_self", zone = "library" },\n'
            "] }]\n",
            10,
            "zone one of play, hand",
        ),
        (
            '["Spirit"]\ntypes = ["creature"]\npt = "2/2"\n'
            'triggers = [{ when = "attacks", zone = "graveyard" }]\n',
            10,
            "for a trigger from the graveyard",
        ),
        (
            '["Spirit"]\ntypes = ["creature"]\npt = "2/2"\n'
            'triggers = [{ when = "your_upkeep", effects = [{ effect = "return_self", zone = "play" }] }]\n',
            10,
            "return_self needs a trigger from the graveyard",
        ),
        (
            '["Raise"]\ntypes = ["sorcery"]\nspell = [{ effect = "return_self", zone = "hand" }]\n',
            10,
            "not spells",
        ),
        (
            '["Zap"]\ntypes = ["instant"]\n'
            'spell = [{ effect = "destroy", target = "creature", not_type = "wall" }]\n',
            10,
            "not_type one of artifact",
        ),
        (
            '["Zap"]\ntypes = ["instant"]\n'
            'spell = [{ effect = "damage", target = "player", not_type = "artifact" }]\n',
            10,
            "not_type only on an effect that targets a permanent",
        ),
        (
            '["Mane"]\ntypes = ["creature"]\npt = "2/2"\nabilities = [{ cost = "G", only = "dusk" }]\n',
            10,
            "only one of your_upkeep",
        ),
        (
            '["Pet"]\ntypes = ["creature"]\npt = "1/1"\nabilities = [{ cost = "", sacrifice = "goblin" }]\n',
            10,
            "sacrifice one of self, creature",
        ),
        (
            '["Ghoul"]\ntypes = ["creature"]\npt = "1/1"\n'
            'abilities = [{ cost = "B", zone = "graveyard", sacrifice = "self" }]\n',
            10,
            "is not a permanent and can't be sacrificed",
        ),
        (
            '["Fling"]\ntypes = ["instant"]\nsacrifice = "self"\n',
            10,
            "sacrifice one of creature, land",
        ),
        (
            '["Fling"]\ntypes = ["instant"]\n'
            'spell = [{ effect = "damage", count = "sacrificed_power", target = "player" }]\n',
            10,
            'needs sacrifice = "creature"',
        ),
        (
            '["Pet"]\ntypes = ["creature"]\npt = "1/1"\nabilities = [{ cost = "", sacrifice = "creature", '
            'effects = [{ effect = "gain_life", count = "sacrificed_power" }] }]\n',
            10,
            "is for spells with a sacrifice cost",
        ),
        (
            '["Pool"]\ntypes = ["land"]\nabilities = [{ cost = "T", effects = [{ effect = "add_mana", '
            'mana = "X" }] }]\n',
            10,
            "expected mana = letters from WUBRGC",
        ),
        (
            '["Pool"]\ntypes = ["land"]\nabilities = [{ cost = "T", effects = [{ effect = "add_mana", '
            'mana = "type" }] }]\n',
            10,
            "expected could = yours or opponents",
        ),
        (
            '["Pool"]\ntypes = ["land"]\nabilities = [{ cost = "T", effects = [{ effect = "add_mana", '
            'mana = "G", could = "yours" }] }]\n',
            10,
            "expected could only with mana",
        ),
        (
            '["Pool"]\ntypes = ["land"]\nabilities = [{ cost = "T", effects = [{ effect = "add_mana", '
            'mana = "colour", could = "everyone" }] }]\n',
            10,
            "could",
        ),
        (
            '["Squire"]\ntypes = ["creature"]\npt = "1/1"\nabilities = [{ cost = "W", effects = [{ '
            'effect = "redirect", amount = 2, target = "creature" }] }]\n',
            10,
            'expected who = "self" or "you"',
        ),
        (
            '["Squire"]\ntypes = ["creature"]\npt = "1/1"\nabilities = [{ cost = "W", effects = [{ '
            'effect = "redirect", who = "self", amount = 2, target = "spell" }] }]\n',
            10,
            'target = "creature" or "creature_or_player"',
        ),
        (
            '["Mask"]\ntypes = ["instant"]\nspell = [{ effect = "damage", characteristic = true, '
            'target = "creature" }]\n',
            10,
            "characteristic is for a static grant or add_type",
        ),
        (
            '["Mask"]\ntypes = ["instant"]\nspell = [{ effect = "grant", keyword = "flying", '
            'characteristic = true, target = "creature" }]\n',
            10,
            "are for static abilities only",
        ),
        (
            '["Mask"]\ntypes = ["enchantment"]\nenchant = "creature"\nstatic = [{ effect = "add_type" }]\n',
            10,
            'expected what = "artifact"',
        ),
        (
            '["Mask"]\ntypes = ["instant"]\nspell = [{ effect = "pump", card_type = "artifact", '
            'target = "creature" }]\n',
            10,
            "card_type is for animate",
        ),
        (
            '["Mask"]\ntypes = ["instant"]\nspell = [{ effect = "set_subtype", target = "creature" }]\n',
            10,
            'expected subtype = "TYPE"',
        ),
        (
            '["Mask"]\ntypes = ["instant"]\nspell = [{ effect = "add_subtype", subtype = "Elf", '
            'choice = "creature_type", target = "creature" }]\n',
            10,
            "one of them",
        ),
        (
            '["Peace"]\ntypes = ["enchantment"]\nstatic = [{ effect = "prevent_all" }]\n',
            10,
            "expected one of them",
        ),
        (
            '["Peace"]\ntypes = ["enchantment"]\nstatic = [{ effect = "prevent_all", who = "self", '
            'what = "creature" }]\n',
            10,
            "a static prevent_all prevents",
        ),
        (
            '["Mind Rot"]\ntypes = ["sorcery"]\n'
            'spell = [{ effect = "discard", amount = 2, who = "that_player" }]\n',
            10,
            "needs a trigger whose event names a player",
        ),
        (
            '["Specter"]\ntypes = ["creature"]\npt = "2/2"\ntriggers = [{ when = "attacks", effects = '
            '[{ effect = "discard", who = "that_player" }] }]\n',
            10,
            "deals_combat_damage_to_player, deals_damage_to_player",
        ),
        (
            '["Omen"]\ntypes = ["enchantment"]\ntriggers = [{ when = "attacks", watches = "enchanted", '
            'effects = [{ effect = "gain_life", amount = 1 }] }]\n',
            10,
            'watches = "enchanted" is for auras with enchant = "creature"',
        ),
        (
            '["Omen"]\ntypes = ["enchantment"]\nenchant = "creature"\ntriggers = [{ when = "end_of_turn", '
            'watches = "enchanted", effects = [{ effect = "gain_life", amount = 1 }] }]\n',
            10,
            "expected when one of attacks, blocks, becomes_blocked",
        ),
        (
            '["Raise"]\ntypes = ["sorcery"]\nspell = [{ effect = "damage", amount = 1, '
            'target = "card_in_your_graveyard" }]\n',
            10,
            "a card in a graveyard is a target of move only",
        ),
        (
            '["Raise"]\ntypes = ["sorcery"]\nspell = [{ effect = "move", zone = "graveyard", '
            'target = "card_in_a_graveyard" }]\n',
            10,
            "a card in a graveyard is a target of move only",
        ),
        (
            '["Fork"]\ntypes = ["instant"]\nspell = [{ effect = "copy_spell", target = "spell" }]\n',
            10,
            'expected target = "instant_or_sorcery_spell" on copy_spell',
        ),
        (
            '["Fork"]\ntypes = ["instant"]\nspell = [{ effect = "damage", amount = 1, '
            'target = "instant_or_sorcery_spell" }]\n',
            10,
            "that target only on copy_spell or counter",
        ),
        (
            '["Fork"]\ntypes = ["instant"]\nspell = [{ effect = "damage", amount = 1, target = "creature", '
            "new_targets = true }]\n",
            10,
            "new_targets is for copy_spell",
        ),
        (
            '["Claw"]\ntypes = ["artifact"]\ntriggers = [{ when = "end_of_turn", of_color = "R", effects = '
            '[{ effect = "gain_life", amount = 1 }] }]\n',
            10,
            "expected of_color and not_color only with when one of a_creature_attacks",
        ),
        (
            '["Claw"]\ntypes = ["artifact"]\ntriggers = [{ when = "attacks", what = "artifact", effects = '
            '[{ effect = "gain_life", amount = 1 }] }]\n',
            10,
            "expected what only with when one of a_permanent_put_into_graveyard, any_spell_played",
        ),
        ('["Thwart"]\ntypes = ["instant"]\nalternative = "free"\n', 10, "expected alternative = a table of"),
        (
            '["Thwart"]\ntypes = ["instant"]\nalternative = { tap = 1 }\n',
            10,
            "expected alternative = a table",
        ),
        ('["Thwart"]\ntypes = ["instant"]\nalternative = { mana = "XU" }\n', 10, "a cost without X"),
        ('["Thwart"]\ntypes = ["instant"]\nalternative = { life = 0 }\n', 10, "mana, life or a part"),
        (
            '["Thwart"]\ntypes = ["instant"]\nalternative = { return = { amount = 0 } }\n',
            10,
            "expected amount = 1 or more",
        ),
        (
            '["Thwart"]\ntypes = ["instant"]\nalternative = { return = { color = "U" } }\n',
            10,
            "expected a table of amount, of_color, subtype, what",
        ),
        (
            '["Fling"]\ntypes = ["instant"]\nsacrifice = "creature"\nalternative = { sacrifice = {} }\n',
            10,
            "a sacrifice goes in sacrifice or in alternative, not both",
        ),
        ('["Dune"]\ntypes = ["land"]\nalternative = { mana = "" }\n', 10, "expected no alternative"),
        (
            '["Sphere"]\ntypes = ["artifact"]\nstatic = [{ effect = "cost_more", amount = 0 }]\n',
            10,
            "expected amount = 1 or more generic mana",
        ),
        (
            '["Sphere"]\ntypes = ["artifact"]\nstatic = [{ effect = "cost_less", amount = 1, '
            'who = "all" }]\n',
            10,
            "(whose spells)",
        ),
        (
            '["Sphere"]\ntypes = ["artifact"]\nstatic = [{ effect = "cost_less", amount = 1, '
            "life_at_most = 5 }]\n",
            10,
            'only with who = "self"',
        ),
        (
            '["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "damage", amount = 1, life_at_most = 5 }]\n',
            10,
            "life_at_most is for cost_more and cost_less",
        ),
        (
            '["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "cost_less", amount = 1 }]\n',
            10,
            "cost and land type changes are static abilities only",
        ),
        (
            '["Tide"]\ntypes = ["enchantment"]\nstatic = [{ effect = "set_land_type", '
            'subtype = "Island" }]\n',
            10,
            'set_land_type is for an aura with enchant = "land"',
        ),
        (
            '["Tide"]\ntypes = ["enchantment"]\nenchant = "land"\nstatic = [{ effect = "add_land_type", '
            'subtype = "Wastes" }]\n',
            10,
            "with subtype one of Plains, Island, Swamp, Mountain, Forest",
        ),
        (
            '["Void"]\ntypes = ["sorcery"]\nspell = [{ effect = "destroy_all", cmc = "chosen" }]\n',
            10,
            'cmc = "chosen" needs a choose_number before it',
        ),
        (
            '["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "damage", amount = 1, cmc = 3 }]\n',
            10,
            "cmc is for destroy_all and discard_all",
        ),
        (
            '["Void"]\ntypes = ["sorcery"]\nspell = [{ effect = "destroy_all", cmc = "three" }]\n',
            10,
            'expected cmc a whole number or "chosen"',
        ),
        (
            '["Zap"]\ntypes = ["instant"]\nspell = [{ effect = "damage", amount = 1, what = '
            '"artifact_or_creature" }]\n',
            10,
            "expected what one of artifact, creature",
        ),
        (
            '["Genesis"]\ntypes = ["enchantment"]\ntriggers = [{ when = "each_upkeep", effects = [{ effect = '
            '"token", token = "Minion", count = "milled_cost" }] }]\n',
            10,
            "needs a mill before it",
        ),
        (
            '["Mill"]\ntypes = ["sorcery"]\nspell = [{ effect = "mill", amount = 0 }]\n',
            10,
            "expected amount = 1 or more cards",
        ),
        (
            '["Growth"]\ntypes = ["sorcery"]\nspell = [{ effect = "search", subtype = "Forest" }]\n',
            10,
            "expected zone = one of hand, play for a search effect",
        ),
        (
            '["Growth"]\ntypes = ["sorcery"]\nspell = [{ effect = "search", amount = 1, zone = "play" }]\n',
            10,
            "a land type.*or what",
        ),
        (
            '["Growth"]\ntypes = ["sorcery"]\nspell = [{ effect = "search", amount = 1, subtype = "Elf", '
            'zone = "hand" }]\n',
            10,
            "expected subtype one of Plains",
        ),
        (
            '["Growth"]\ntypes = ["sorcery"]\nspell = [{ effect = "draw", amount = 1, up_to = true }]\n',
            10,
            "up_to is for search",
        ),
        (
            '["Void"]\ntypes = ["sorcery"]\nspell = [{ effect = "discard_all", target = "creature" }]\n',
            10,
            "for discard_all",
        ),
        (
            '["Pulse"]\ntypes = ["instant"]\ntriggers = [{ when = "cycled", effects = [{ effect = "draw", '
            "amount = 1 }] }]\n",
            10,
            'when = "cycled" needs a cycling or landcycling keyword',
        ),
        (
            '["Void"]\ntypes = ["sorcery"]\nspell = [{ effect = "choose_number", amount = 2 }]\n',
            10,
            "choose_number takes no other key",
        ),
        (
            '["Elf"]\ntypes = ["creature"]\npt = "1/1"\ntriggers = [{ when = "attacks", another = true, '
            'effects = [{ effect = "gain_life", amount = 1, who = "you" }] }]\n',
            10,
            'another = true only with when = "a_creature_comes_into_play"',
        ),
        (
            '["Elf"]\ntypes = ["creature"]\npt = "1/1"\ntriggers = [{ when = "attacks", '
            'effects = [{ effect = "copy", gains_this_ability = true }] }]\n',
            10,
            'expected when = "a_creature_comes_into_play"',
        ),
        (
            '["Elf"]\ntypes = ["creature"]\npt = "1/1"\n'
            'spell = [{ effect = "draw", gains_this_ability = true }]\n',
            10,
            "gains_this_ability is for copy",
        ),
    ],
)
def test_malformed_cards_name_file_and_line(text: str, line: int, message: str) -> None:
    with pytest.raises(NotationError, match=message) as info:
        parse_cards(text, "cards.md", 10)
    assert info.value.line == line
    assert str(info.value).startswith(f"cards.md:{line}:")


def test_announcement_vocabulary() -> None:
    library = starter_library()
    (thunder,) = library["Rolling Thunder"].spell
    assert (thunder.x, thunder.divided, thunder.min_targets, thunder.max_targets) == (True, True, 1, 0)
    assert [m.name for m in library["Healing Salve"].modes] == ["life", "prevent"]
    assert library["Healing Salve"].spell == ()
    assert parse_cost("XRR", 4) == (4, "RR")
