"""Random play with the keywords of part 3: the cards, and the keyword actions a random player tries
(cycling, playing a spell paying its optional costs or with flashback, playing face down, turning face
up, equipping)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from ruling.engine.announce import Proposal
from ruling.engine.keyword_costs import EXTRAS
from ruling.engine.keywords import first_use
from ruling.engine.morph import FACE_DOWN_COST
from ruling.engine.state import Zone

if TYPE_CHECKING:
    from ruling.engine.game import Game

PayFor = Callable[[str], bool]
"""Taps mana for a cost; tells whether the cost can now be paid."""

KEYWORD_CARDS = """
["Krosan Tusk"]
types = ["creature"]
subtypes = ["Beast"]
cost = "5GG"
pt = "6/6"
keywords = ["cycling 2"]

["Twisted Abomination"]
types = ["creature"]
subtypes = ["Zombie"]
cost = "5B"
pt = "5/3"
keywords = ["swampcycling 2"]

["Death Pulse"]
types = ["instant"]
cost = "2BB"
keywords = ["cycling 1BB"]
spell = [{ effect = "pump", power = -4, toughness = -4, target = "creature" }]

[["Death Pulse".triggers]]
when = "cycled"
effects = [{ effect = "pump", power = -1, toughness = -1, target = "creature" }]

["Lightning Rift"]
types = ["enchantment"]
cost = "1R"

[["Lightning Rift".triggers]]
when = "a_card_cycled"
effects = [{ effect = "damage", amount = 2, target = "creature_or_player" }]

["Albino Troll"]
types = ["creature"]
subtypes = ["Troll"]
cost = "1G"
pt = "3/3"
keywords = ["echo"]

["Blastoderm"]
types = ["creature"]
subtypes = ["Beast"]
cost = "2GG"
pt = "5/5"
keywords = ["fading 2"]

["Aging Totem"]
types = ["enchantment"]
cost = "G"
keywords = ["cumulative upkeep 1"]

["Kicked Bolt"]
types = ["instant"]
cost = "R"
keywords = ["kicker 2"]
spell = [
  { effect = "damage", amount = 1, target = "creature_or_player" },
  { effect = "draw", amount = 1, who = "you", kicked = true },
]

["Reusable Shock"]
types = ["instant"]
cost = "R"
keywords = ["buyback 3"]
spell = [{ effect = "damage", amount = 1, target = "creature_or_player" }]

["Second Look"]
types = ["sorcery"]
cost = "1B"
keywords = ["flashback 2B"]
spell = [{ effect = "draw", amount = 1, who = "you" }]

["Choice of Both"]
types = ["sorcery"]
cost = "G"
keywords = ["entwine 1"]
modes = [
  { name = "life", effects = [{ effect = "gain_life", amount = 2, who = "you" }] },
  { name = "draw", effects = [{ effect = "draw", amount = 1, who = "you" }] },
]

["Masked Beast"]
types = ["creature"]
subtypes = ["Beast"]
cost = "3G"
pt = "4/4"
keywords = ["trample", "morph 2G"]

["Bonesplitter"]
types = ["artifact"]
subtypes = ["Equipment"]
cost = "1"
keywords = ["equip 1"]
static = [{ effect = "pump", power = 2, toughness = 0 }]

["Frogmite"]
types = ["artifact", "creature"]
subtypes = ["Frog"]
cost = "4"
pt = "2/2"
keywords = ["affinity for artifacts"]

["Arcbound Worker"]
types = ["artifact", "creature"]
subtypes = ["Construct"]
cost = "1"
pt = "0/0"
keywords = ["modular 1"]

["Grapeshot"]
types = ["sorcery"]
cost = "1R"
keywords = ["storm"]
spell = [{ effect = "damage", amount = 1, target = "creature_or_player" }]

["Werebear"]
types = ["creature"]
subtypes = ["Human", "Bear"]
cost = "1G"
pt = "1/1"
static = [{ effect = "pump", power = 3, toughness = 3, who = "self", threshold = true }]

["Pit Scorpion"]
types = ["creature"]
subtypes = ["Scorpion"]
cost = "2B"
pt = "1/1"
[["Pit Scorpion".triggers]]
when = "deals_damage_to_player"
effects = [{ effect = "poison", amount = 1, who = "that_player" }]

["Fiery Temper"]
types = ["instant"]
cost = "1RR"
keywords = ["madness R", "cycling 2"]
spell = [{ effect = "damage", amount = 3, target = "creature_or_player" }]

["Mirage Wolf"]
types = ["creature"]
subtypes = ["Wolf"]
cost = "2G"
pt = "3/3"
keywords = ["phasing"]

["Benalish Hero"]
types = ["creature"]
subtypes = ["Human", "Soldier"]
cost = "W"
pt = "1/1"
keywords = ["banding"]

["Fire // Ice"]
types = ["instant"]

[["Fire // Ice".halves]]
name = "Fire"
cost = "1R"
spell = [{ effect = "damage", amount = 2, target = "creature_or_player", divided = true, targets = [1, 2] }]

[["Fire // Ice".halves]]
name = "Ice"
cost = "1U"
spell = [{ effect = "tap", target = "permanent" }, { effect = "draw", amount = 1, who = "you" }]

["Mimic Vat Lite"]
types = ["artifact"]
cost = "3"
keywords = ["imprint"]

[["Mimic Vat Lite".triggers]]
when = "comes_into_play"
effects = [{ effect = "imprint", what = "creature", optional = true }]

["Goblin Taunter"]
types = ["creature"]
subtypes = ["Goblin"]
cost = "1R"
pt = "2/1"
keywords = ["provoke"]

["Brzi Vuk"]
types = ["creature"]
subtypes = ["Wolf"]
cost = "1G"
pt = "2/2"
keywords = ["flash"]

["Duh Prirode"]
types = ["creature"]
subtypes = ["Spirit"]
cost = "3G"
pt = "3/3"
keywords = ["istocnik G"]
"""
"""Cards with the keywords of part 3; a profile whose document lacks a keyword leaves the card out. The deck
leaves out Goblin Taunter (it plays in ruling.engine.random_requirements' deck, with the other block
requirements) and Benalish Hero (it declares no bands)."""

KEYWORD_DECK = (
    ["Forest"] * 7
    + ["Mountain"] * 4
    + ["Swamp"] * 4
    + ["Krosan Tusk", "Twisted Abomination", "Albino Troll", "Blastoderm", "Aging Totem", "Kicked Bolt"] * 2
    + ["Reusable Shock", "Second Look", "Choice of Both", "Masked Beast", "Bonesplitter"] * 2
    + ["Frogmite", "Arcbound Worker", "Grapeshot", "Werebear", "Pit Scorpion", "Brzi Vuk", "Duh Prirode"] * 2
    + ["Grizzly Bears", "Lightning Bolt", "Shock", "Llanowar Elves", "Fiery Temper", "Mirage Wolf"] * 2
    + ["Fire // Ice", "Mimic Vat Lite"] * 2
)
"""A deck that plays the keywords of part 3 (tests/engine/test_random_play.py)."""
CYCLING_DECK = (
    ["Swamp"] * 7
    + ["Mountain"] * 5
    + ["Death Pulse", "Lightning Rift", "Krosan Tusk", "Twisted Abomination", "Grizzly Bears"] * 2
)
"""A deck for the triggers on cycling and landcycling (ja 502.18c)."""


def keyword_action(game: Game, rng: random.Random, player: int, pay: PayFor) -> bool:
    """Tries one random keyword action for player; tells whether one was taken."""
    state = game.state
    hand = state.players[player].hand
    graveyard = state.players[player].graveyard
    actions: list[tuple[str, int]] = []
    for obj_id in hand:
        keywords = state.obj(obj_id).card.keywords
        if first_use(keywords, "cycling") or first_use(keywords, "landcycling"):
            actions.append(("cycle", obj_id))
        if first_use(keywords, "morph"):
            actions.append(("face down", obj_id))
        if any(first_use(keywords, extra) for extra in EXTRAS):
            actions.append(("extras", obj_id))
        if state.obj(obj_id).card.halves:
            actions.append(("split", obj_id))
    actions += [("flashback", i) for i in graveyard if first_use(state.obj(i).card.keywords, "flashback")]
    actions += [("madness", i) for i in state.players[player].removed if state.obj(i).madness_window]
    for obj in state.permanents(player):
        if obj.face_down:
            actions.append(("face up", obj.id))
        if first_use(game.chars(obj).keywords, "equip"):
            actions.append(("equip", obj.id))
    if not actions:
        return False
    kind, obj_id = rng.choice(actions)
    card = state.obj(obj_id).card
    if kind == "cycle":
        use = first_use(card.keywords, "landcycling") or first_use(card.keywords, "cycling")
        if use is not None and pay(use.cost):
            game.cycle(player, obj_id)
            return True
    elif kind == "face down":
        if pay(FACE_DOWN_COST):
            game.play_spell(player, obj_id, proposal=Proposal(face_down=True))
            return True
    elif kind == "face up":
        use = first_use(card.keywords, "morph")
        if use is not None and pay(use.cost):
            game.turn_face_up(player, obj_id)
            return True
    elif kind == "split":
        return _play_half(game, rng, player, obj_id, pay)
    elif kind == "equip":
        creatures = [o.id for o in state.permanents(player) if game.chars(o).is_creature]
        use = first_use(card.keywords, "equip")
        if creatures and use is not None and pay(use.cost):
            game.equip(player, obj_id, rng.choice(creatures))
            return True
    else:
        optional = tuple(e for e in EXTRAS[:3] if first_use(card.keywords, e))
        extras = (kind,) if kind in ("flashback", "madness") else optional
        return _play_with(game, rng, player, obj_id, extras, pay)
    return False


def _play_half(game: Game, rng: random.Random, player: int, obj_id: int, pay: PayFor) -> bool:
    """Plays a random half of a split card (ja 505.2)."""
    from ruling.engine.random_play import random_proposal

    half = rng.choice(game.state.obj(obj_id).card.halves)
    proposal = random_proposal(game, rng, player, half.spell, (), half.cost)
    if proposal is None or not pay(half.cost):
        return False
    game.play_spell(
        player, obj_id, proposal=Proposal(half.name, proposal.x, proposal.targets, proposal.division)
    )
    return True


def _play_with(
    game: Game, rng: random.Random, player: int, obj_id: int, extras: tuple[str, ...], pay: PayFor
) -> bool:
    from ruling.engine.keyword_costs import spell_play
    from ruling.engine.random_play import random_proposal

    obj = game.state.obj(obj_id)
    how = spell_play(game, player, obj, extras)
    proposal = random_proposal(game, rng, player, how.effects, how.modes, how.cost)
    if proposal is None or obj.zone is Zone.IN_PLAY or not pay(how.cost):
        return False
    game.play_spell(
        player,
        obj_id,
        proposal=Proposal(proposal.mode, proposal.x, proposal.targets, proposal.division, extras),
    )
    return True
