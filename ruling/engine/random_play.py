"""Random legal games: a seeded player that proposes actions the engine may refuse, for fuzzing and timing.

The player with priority plays a land, plays a spell (announcing a random mode, X, targets and division and
tapping the mana it needs), activates an ability, taps a land for mana it may not use (mana burn), or passes;
the RandomDecider declares attacks and blocks.

The deck holds cards whose rules differ between the editions, so that the profiles play different games:
legends (no legend rule in sr), walls (they attack in sr), world enchantments (a world rule only in ja),
a trampler against a blocker it cannot damage (ru 502.9d lets it ignore that blocker), double strike (not in
ru), and mana burn (ten times as much in sr). A card whose keyword or supertype the profile's document has no
rule for is left out of that profile's deck.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ruling.engine.alternative_costs import part_options
from ruling.engine.announce import Proposal, targeted
from ruling.engine.card_data import parse_cards, starter_library
from ruling.engine.cards import MANA_TYPES, CardDef, CostAction, Effect, Mode, parse_cost
from ruling.engine.creature_moving import move_creature
from ruling.engine.decisions import RandomDecider
from ruling.engine.game import Game
from ruling.engine.mana import add_mana, can_pay
from ruling.engine.profiles import Profile
from ruling.engine.random_keywords import KEYWORD_CARDS, keyword_action
from ruling.engine.random_requirements import REQUIREMENT_CARDS
from ruling.engine.sacrifice import cost_options
from ruling.engine.seats import teammates
from ruling.engine.state import GameObject, GameState, Player, Step, Zone
from ruling.engine.subgame import RULES as SPECIAL_RULES
from ruling.engine.subgame import innermost, settle
from ruling.engine.targets import Target, legal_for
from ruling.engine.team_turns import holds_priority, sorcery_timing
from ruling.engine.total_cost import ALTERNATIVE, cost_change
from ruling.engine.variant_games import configure
from ruling.engine.variants import Variant, is_variant
from ruling.engine.vocabulary import refused
from ruling.errors import IllegalActionError

DECK = (
    ["Forest"] * 5
    + ["Mountain"] * 5
    + ["Swamp"] * 3
    + ["Grizzly Bears", "Hill Giant", "Lightning Bolt", "Giant Growth", "Shock", "Raging Goblin"] * 2
    + ["Llanowar Elves", "Craw Wurm", "Upkeep Healer", "Messenger Zombie", "Suq'Ata Lancer", "Gray Ogre"]
    + ["Drudge Skeletons", "Blaze", "Arc Lightning", "Rolling Thunder", "Terror", "Living Lands"]
    + ["Plains"] * 3
    + ["Island"] * 2
    + ["Tetsuo Umezawa", "Wall of Wood", "Wall of Stone", "Fencing Ace"] * 2
    + ["Black Knight", "Pale Trampler"] * 3
    + ["Old World", "New World"]
)
EDITION_CARDS = """
["Old World"]
types = ["enchantment"]
supertypes = ["world"]
cost = "G"

["New World"]
types = ["enchantment"]
supertypes = ["world"]
cost = "R"

["Pale Trampler"]
types = ["creature"]
subtypes = ["Beast"]
cost = "1W"
pt = "4/3"
keywords = ["trample"]

["Shahrazad"]
types = ["sorcery"]
cost = "W"
spell = [{ effect = "subgame" }]

["Mind Yoke"]
types = ["sorcery"]
cost = "B"
spell = [{ effect = "control_turn", target = "player" }]

["Wild Mane"]
types = ["creature"]
cost = "1G"
pt = "2/2"
abilities = [{ cost = "G", self_cost = "discard", effects = [
  { effect = "pump", power = 2, toughness = 2, target = "creature" },
] }]

["Restless Spirit"]
types = ["creature"]
cost = "1B"
pt = "2/1"
triggers = [{ when = "your_upkeep", zone = "graveyard", effects = [
  { effect = "if_graveyard_at_most", amount = 1, what = "creature" },
  { effect = "return_self", zone = "play", optional = true },
] }]

["Hollow Returner"]
types = ["creature"]
cost = "B"
pt = "1/1"
abilities = [{ cost = "B", zone = "graveyard", only = "your_upkeep", effects = [
  { effect = "return_self", zone = "hand" },
] }]

["Mind Wipe"]
types = ["instant"]
cost = "U"
spell = [{ effect = "lose_all", target = "creature" }]

["Martyr Squire"]
types = ["creature"]
cost = "1W"
pt = "1/3"
abilities = [{ cost = "W", effects = [
  { effect = "redirect", who = "self", amount = 2, target = "creature" },
] }]

["Imagecrafter"]
types = ["creature"]
subtypes = ["Human", "Wizard"]
cost = "2U"
pt = "1/2"
abilities = [{ cost = "U", effects = [
  { effect = "set_subtype", choice = "creature_type", target = "creature" },
] }]

["Form Taker"]
types = ["creature"]
subtypes = ["Shapeshifter"]
cost = "1U"
pt = "1/1"
abilities = [{ cost = "U", effects = [{ effect = "add_subtype", subtype = "Wizard", who = "self" }] }]

["Wizard Banner"]
types = ["enchantment"]
cost = "1U"
static = [{ effect = "pump", who = "each_player", subtype = "Wizard", power = 1, toughness = 1 }]

["Cho-Manno"]
types = ["creature"]
cost = "2WW"
pt = "2/2"
static = [{ effect = "prevent_all", who = "self" }]

["Veil of Mist"]
types = ["enchantment"]
cost = "U"
enchant = "creature"
static = [{ effect = "grant", keyword = "unblockable", characteristic = true }]

["Iron Seed"]
types = ["enchantment"]
cost = "1"
enchant = "creature"
static = [{ effect = "add_type", what = "artifact", characteristic = false }]

["Stone Child"]
types = ["artifact", "land"]
abilities = [
  { cost = "T", effects = [{ effect = "add_mana", mana = "C" }] },
  { cost = "1", effects = [
    { effect = "animate", who = "self", power = 2, toughness = 2, card_type = "artifact" },
  ] },
]
"""
"""Cards the starter library lacks for the differences above: two world enchantments, a white trampler
that Black Knight (protection from white) can block without being damaged, for the special turns of
ja 506-507 a subgame (Shahrazad, cheaper than printed) and a turn control spell, abilities that work
from the hand or the graveyard, and the cards of LAYER_DECK."""
SPECIAL_DECK = ["Shahrazad", "Shahrazad", "Mind Yoke", "Mind Yoke"]
"""Cards that start a subgame or control a turn, added to a deck for the profiles that have those rules."""
ZONE_DECK = (
    ["Swamp"] * 8 + ["Forest"] * 6 + ["Wild Mane", "Restless Spirit", "Hollow Returner", "Grizzly Bears"] * 4
)
"""A deck for abilities that work from the hand or the graveyard (ruling.engine.zone_abilities)."""
SACRIFICE_DECK = (
    ["Mountain"] * 7
    + ["Swamp"] * 7
    + ["Mogg Fanatic", "Blood Pet", "Fallen Angel", "Goblin Bombardment", "Ashnod's Altar"] * 2
    + ["Grizzly Bears", "Drudge Skeletons", "Lightning Bolt", "Fling"] * 2
)
"""A deck for costs that sacrifice a permanent (ruling.engine.sacrifice)."""
COST_DECK = (
    ["Island"] * 8
    + ["Mountain"] * 6
    + ["Force of Will"] * 4
    + ["Thwart", "Fireblast", "Gush", "Sphere of Resistance", "Helm of Awakening"] * 2
    + ["Lightning Bolt", "Counterspell", "Grizzly Bears", "Blaze"] * 2
)
"""A deck for alternative costs and the static abilities that change total costs (ruling.engine.total_cost,
ruling.engine.alternative_costs)."""
LIBRARY_DECK = (
    ["Swamp"] * 6
    + ["Mountain"] * 4
    + ["Forest"] * 4
    + ["Infernal Genesis", "Void", "Millstone", "Sylvan Scrying"] * 2
    + ["Grizzly Bears", "Craw Wurm", "Lightning Bolt", "Giant Growth"] * 2
)
"""A deck for effects on libraries and hands and for converted mana costs outside the stack
(ruling.engine.library_effects, ruling.engine.converted_costs)."""
LAYER_DECK = (
    ["Island"] * 7
    + ["Plains"] * 6
    + ["Stone Child"] * 2
    + ["Mind Wipe", "Martyr Squire", "Imagecrafter", "Form Taker", "Wizard Banner", "Cho-Manno"] * 2
    + ["Veil of Mist", "Iron Seed", "Grizzly Bears", "Prodigal Sorcerer"] * 2
)
"""A deck for abilities lost and types changed (ruling.engine.layers), shields that redirect damage and
statics that prevent it (ruling.engine.damage)."""


def deck_cards() -> dict[str, CardDef]:
    """Returns the cards the random deck is dealt from: the starter library, EDITION_CARDS and the cards of
    the keywords and of attack and block requirements."""
    editions = parse_cards(EDITION_CARDS, "ruling/engine/random_play.py")
    keywords = parse_cards(KEYWORD_CARDS, "ruling/engine/random_keywords.py")
    requirements = parse_cards(REQUIREMENT_CARDS, "ruling/engine/random_requirements.py")
    return {**starter_library(), **editions, **keywords, **requirements}


PLAYER_NAMES = (
    "alice",
    "bob",
    "carol",
    "dave",
    "erin",
    "frank",
    "gina",
    "hank",
    "ivy",
    "jack",
    "kate",
    "liam",
)


def new_game(
    profile: Profile,
    seed: int,
    deck: list[str] | None = None,
    players: int = 2,
    variant: Variant = Variant.NONE,
) -> Game:
    """Returns a game of players (2 to 12) with shuffled copies of deck, seven cards each, in the first
    player's main phase; a variant of Izvori magije part F (sr-2007 only) with its usual options."""
    library = deck_cards()
    state = GameState([Player(name, profile.life) for name in PLAYER_NAMES[:players]], seed=seed)
    if variant is not Variant.NONE:
        configure(state, variant, profile.scale)
    for index, player in enumerate(state.players):
        cards = [library[name] for name in (deck or DECK) if _known(profile, library[name])]
        state.shuffle(cards)
        for card in cards:
            player.library.append(state.new_object(card, index, Zone.LIBRARY).id)
        for _ in range(7):
            obj_id = player.library.pop(0)
            state.obj(obj_id).zone = Zone.HAND
            player.hand.append(obj_id)
    state.step = Step.MAIN1
    game = Game(state, profile, RandomDecider(seed))
    game.start()
    return game


def _known(profile: Profile, card: CardDef) -> bool:
    """Tells whether every keyword of card, and its world supertype, is a rule of the profile's document."""
    special = {str(e.kind) for e in card.announced_effects} & {"subgame", "control_turn"}
    return refused(card, profile) is None and not (special and profile.doc not in SPECIAL_RULES)


def _shares(rng: random.Random, total: int, count: int, chunk: int) -> list[int]:
    count = max(1, min(count, total // chunk if chunk else count))
    shares = [chunk] * count
    for _ in range((total - chunk * count) // chunk):
        shares[rng.randrange(count)] += chunk
    shares[-1] += total - sum(shares)
    return shares


def random_proposal(
    game: Game,
    rng: random.Random,
    player: int,
    effects: tuple[Effect, ...],
    modes: tuple[Mode, ...],
    cost: str,
) -> Proposal | None:
    """Returns a random announcement for a spell or ability, or None when it has no legal targets."""
    mode = rng.choice(modes) if modes else None
    effects = mode.effects if mode else effects
    x = rng.randint(0, 3) if "X" in cost or any(e.x for e in effects) else None
    groups: list[tuple[Target, ...]] = []
    division: tuple[tuple[Target, int], ...] = ()
    for effect in targeted(effects):
        legal = legal_for(game, effect, "", player)
        high = min(effect.max_targets or 3, len(legal))
        if high < effect.min_targets:
            return None
        group = tuple(rng.sample(legal, rng.randint(effect.min_targets, high)))
        if effect.divided:
            total = game.amount(effect, x or 0)
            shares = _shares(rng, total, len(group), game.profile.damage_chunk)
            division = tuple(zip(group, shares, strict=False))
        else:
            groups.append(group)
    return Proposal(mode.name if mode else None, x, tuple(groups), division)


def _fixed_mana(game: Game, obj: GameObject) -> str:
    """Returns the mana the first ability of obj adds when that is a mana ability of fixed symbols, else ""
    (random play taps for mana only such sources: mana of any colour would be a choice)."""
    abilities = game.chars(obj).abilities
    first = abilities[0] if abilities else None
    if first is None or not first.is_mana_ability or not first.effects:
        return ""
    symbols = first.effects[0].mana
    return symbols if symbols and all(s in MANA_TYPES for s in symbols) else ""


def _tap_mana_for(game: Game, player: int, cost: str, x: int, change: int = 0) -> bool:
    """Taps untapped mana sources of player, coloured needs first, until cost (with the generic mana
    static abilities add or take off) can be paid; taps nothing and returns False when all of them
    together could not pay it."""
    generic, colored = parse_cost(cost.replace("T", ""), x)
    generic = max(0, generic + change)
    total = (str(generic) if generic else "") + colored
    sources = [o for o in game.state.permanents(player) if not o.tapped and _fixed_mana(game, o)]
    sources.sort(key=lambda o: _fixed_mana(game, o) not in colored)
    trial = Player("trial", 0, pool=dict(game.state.players[player].pool))
    for source in sources:
        add_mana(trial, _fixed_mana(game, source))
    if not can_pay(trial, total):
        return False
    for source in sources:
        if can_pay(game.state.players[player], total):
            break
        game.activate(player, source.id, 0)
    return True


def _can_play_now(game: Game, player: int, card: CardDef) -> bool:
    state = game.state
    if "instant" in card.types:
        return True
    return sorcery_timing(state, player)


def random_step(game: Game, rng: random.Random) -> None:
    """Makes the player with priority try one random action; refused actions are passes."""
    state = game.state
    player = state.priority
    if player is None:
        game.pass_priority()
        return
    roll = rng.random()
    if is_variant(state, Variant.MAGIC_HEART):
        player = rng.choice([p for p in teammates(state, player) if holds_priority(state, p)])
    hand = state.players[player].hand
    try:
        lands = [i for i in hand if "land" in state.obj(i).card.types]
        if (
            lands
            and state.players[player].lands_played == 0
            and _can_play_now(game, player, state.obj(lands[0]).card)
        ):
            game.play_land(player, lands[0])
            return
        if roll < 0.3 and hand:
            obj_id = rng.choice(hand)
            card = state.obj(obj_id).card
            proposal = random_proposal(game, rng, player, card.announced_effects, card.modes, card.cost)
            proposal = _sacrificing(game, rng, player, card.sacrifice, proposal)
            cost = card.cost
            if proposal is not None and card.alternative is not None and rng.random() < 0.5:
                proposal, cost = _alternative(game, rng, player, obj_id, proposal), card.alternative.mana
            playable = proposal is not None and _can_play_now(game, player, card) and "land" not in card.types
            change = cost_change(game, player, card).net
            if (
                proposal is not None
                and playable
                and _tap_mana_for(game, player, cost, proposal.x or 0, change)
            ):
                game.play_spell(player, obj_id, proposal=proposal)
                return
        elif roll < 0.4:
            _activate_random(game, rng, player)
            return
        elif roll < 0.42:
            _tap_a_land(game, rng, player)
        elif roll < 0.47 and keyword_action(
            game, rng, player, lambda cost: _tap_mana_for(game, player, cost, 0)
        ):
            return
        elif roll >= 0.9 and state.multiplayer.moving:
            _move_random(game, rng, player)
            return
    except IllegalActionError:
        pass
    game.pass_priority()


def _sacrificing(
    game: Game, rng: random.Random, player: int, wanted: str, proposal: Proposal | None
) -> Proposal | None:
    """Adds to a proposal a random permanent of the type a cost sacrifices; None if player has none."""
    if proposal is None or wanted in ("", "self"):
        return proposal
    options = cost_options(game, player, wanted)
    return replace(proposal, sacrificed=(rng.choice(options),)) if options else None


def _alternative(game: Game, rng: random.Random, player: int, spell: int, proposal: Proposal) -> Proposal:
    """Announces paying the card's alternative cost, with random objects of the kinds its parts take (too
    few when there are too few, so the cost is refused)."""
    alternative = game.state.obj(spell).card.alternative
    assert alternative is not None
    named: dict[CostAction, tuple[int, ...]] = {}
    for part in alternative.parts:
        options = part_options(game, player, part, spell)
        named[part.action] = tuple(rng.sample(options, min(part.amount, len(options))))
    return replace(
        proposal,
        extras=(*proposal.extras, ALTERNATIVE),
        sacrificed=named.get(CostAction.SACRIFICE, ()),
        returned=named.get(CostAction.RETURN, ()),
        removed=named.get(CostAction.REMOVE, ()),
    )


def _tap_a_land(game: Game, rng: random.Random, player: int) -> None:
    """Taps a random untapped land of player for mana, which may go unused and burn."""
    lands = [
        o.id
        for o in game.state.permanents(player)
        if not o.tapped and "land" in game.chars(o).types and game.chars(o).abilities
    ]
    if lands:
        game.activate(player, rng.choice(lands), 0)


def _move_random(game: Game, rng: random.Random, player: int) -> None:
    """Moves a random creature of player to a random teammate (sr F5.20), or passes."""
    state = game.state
    creatures = [o.id for o in state.permanents(player) if game.chars(o).is_creature]
    mates = [p for p in teammates(state, player) if p != player]
    if not creatures or not mates:
        game.pass_priority()
        return
    move_creature(game, player, rng.choice(creatures), rng.choice(mates))


def _activate_random(game: Game, rng: random.Random, player: int) -> None:
    """Activates a random non-mana ability of a permanent of player, or of a card in their hand or graveyard
    that works from there, or passes."""
    state = game.state
    cards = [
        *state.permanents(player),
        *(state.obj(i) for i in (*state.players[player].hand, *state.players[player].graveyard)),
    ]
    choices = [
        (o.id, i)
        for o in cards
        for i, a in enumerate(game.chars(o).abilities)
        if not a.is_mana_ability and a.works_from == ("" if o.zone is Zone.IN_PLAY else o.zone.value)
    ]
    if not choices:
        game.pass_priority()
        return
    obj_id, index = rng.choice(choices)
    ability = game.chars(game.state.obj(obj_id)).abilities[index]
    proposal = random_proposal(game, rng, player, ability.effects, (), ability.cost)
    proposal = _sacrificing(game, rng, player, ability.sacrifice, proposal)
    if proposal is None:
        game.pass_priority()
        return
    if _tap_mana_for(game, player, ability.cost, proposal.x or 0):
        game.activate(player, obj_id, index, proposal=proposal)
        return
    game.pass_priority()


def play_random(game: Game, steps: int, seed: int) -> int:
    """Runs up to steps random actions (stopping when the game ends); returns the number taken."""
    rng = random.Random(seed)
    for taken in range(steps):
        if game.state.over:
            return taken
        random_step(innermost(game), rng)
        settle(game)
    return steps
