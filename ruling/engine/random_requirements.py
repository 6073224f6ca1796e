"""Random play with attack and block requirements and restrictions (ruling.engine.requirements): the cards,
and a deck that deals them. The random decider proposes declarations until one is legal, else takes the
engine's default, the legal declaration that obeys the most requirements."""

from __future__ import annotations

REQUIREMENT_CARDS = """
["Timid Orc"]
types = ["creature"]
subtypes = ["Orc"]
cost = "R"
pt = "1/1"
keywords = ["cant_attack_alone", "cant_block_alone"]

["Clay Savage"]
types = ["creature"]
subtypes = ["Beast"]
cost = "1R"
pt = "3/3"
keywords = ["attacks_each_turn"]

["Eager Sentry"]
types = ["creature"]
subtypes = ["Soldier"]
cost = "1G"
pt = "2/2"
keywords = ["blocks_each_turn"]

["Pacifist Giant"]
types = ["creature"]
subtypes = ["Giant"]
cost = "2R"
pt = "4/4"
keywords = ["cant_attack"]

["Orc Band"]
types = ["creature"]
subtypes = ["Orc"]
cost = "2R"
pt = "4/4"
keywords = ["attacks_only_outnumbering"]

["Lure"]
types = ["enchantment"]
cost = "G"
enchant = "creature"
static = [{ effect = "grant", keyword = "must_be_blocked" }]

["Dueling Grounds"]
types = ["enchantment"]
cost = "1G"
static = [{ effect = "attack_limit", amount = 1 }, { effect = "block_limit", amount = 1 }]

["Pack Tactics"]
types = ["enchantment"]
cost = "1R"
static = [{ effect = "grant", keyword = "blocked_by_two_or_more", who = "all" }]

["Cower"]
types = ["instant"]
cost = "R"
spell = [{ effect = "grant", target = "creature", keyword = "cant_block", duration = "end_of_turn" }]
"""
"""Cards with the restrictions and requirements of the vocabulary, cheap enough to be played early."""

REQUIREMENT_DECK = (
    ["Forest"] * 8
    + ["Mountain"] * 8
    + ["Timid Orc"] * 3
    + ["Clay Savage", "Eager Sentry", "Pacifist Giant", "Orc Band", "Grizzly Bears", "Goblin Taunter"] * 2
    + ["Lure", "Dueling Grounds", "Pack Tactics", "Cower", "Lightning Bolt", "Llanowar Elves"] * 2
)
"""A deck that plays them (tests/engine/test_random_requirements.py), with provoke's requirement (a card of
ruling.engine.random_keywords, dealt where the document has the keyword)."""
