"""Cards as data: characteristics, keywords and effects from a fixed vocabulary (read by card_data.py).

An effect is one instruction: ``kind`` from EFFECTS with an amount (or X), a target kind and how many
targets, whether its amount is divided among them, a duration, and so on. A card's spell is a list of
effects, or several modes ("choose one"), each a list of effects.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING

from ruling.engine.keywords import parse_keyword
from ruling.numbers import is_whole

if TYPE_CHECKING:
    from ruling.engine.layers import Characteristics

COLORS = "WUBRG"
MANA_TYPES = COLORS + "C"
"""The types of mana: the five colours, then colourless."""
CARD_TYPES = ("artifact", "creature", "enchantment", "instant", "land", "sorcery")
PERMANENT_TYPES = frozenset({"artifact", "creature", "enchantment", "land"})
"""The card types a permanent may have."""
SUPERTYPES = ("basic", "legendary", "world")
_MANA_COST = re.compile(r"X*[0-9]{0,6}[WUBRG]*")


class EffectKind(StrEnum):
    """The instructions of the card vocabulary (one-shot effects, and the static abilities of permanents)."""

    DAMAGE = "damage"
    GAIN_LIFE = "gain_life"
    LOSE_LIFE = "lose_life"
    DRAW = "draw"
    DISCARD = "discard"
    DESTROY = "destroy"
    COUNTER = "counter"
    TAP = "tap"
    UNTAP = "untap"
    PUMP = "pump"
    TOKEN = "token"
    COUNTERS = "counters"
    ADD_MANA = "add_mana"
    REMOVE_FROM_COMBAT = "remove_from_combat"
    REGENERATE = "regenerate"
    PREVENT = "prevent"
    GAIN_CONTROL = "gain_control"
    ANIMATE = "animate"
    COPY = "copy"
    ENTERS_TAPPED = "enters_tapped"
    GRAVEYARD_INSTEAD = "graveyard_instead"
    DESTROY_ALL = "destroy_all"
    PUT_ALL_INTO_PLAY = "put_all_into_play"
    DOUBLE_DAMAGE = "double_damage"
    REDIRECT_DAMAGE = "redirect_damage"
    GRANT = "grant"
    REMOVE = "remove"
    SET_COLOR = "set_color"
    SET_PT = "set_pt"
    SWITCH_PT = "switch_pt"
    MINUS_COUNTERS = "minus_counters"
    IF_LIFE_AT_MOST = "if_life_at_most"
    IF_CONTROLS = "if_controls"
    PREVENT_ALL = "prevent_all"
    SET_LIFE = "set_life"
    ENTERS_AS_COPY = "enters_as_copy"
    WIN_GAME = "win_game"
    LOSE_GAME = "lose_game"
    ATTACH = "attach"
    CONTROL_TURN = "control_turn"
    SUBGAME = "subgame"
    POISON = "poison"
    ECHO = "echo"
    FADING = "fading"
    CUMULATIVE_UPKEEP = "cumulative_upkeep"
    LANDCYCLING = "landcycling"
    EQUIP = "equip"
    MODULAR = "modular"
    MADNESS = "madness"
    PROVOKE = "provoke"
    IMPRINT = "imprint"
    DRAW_INSTEAD = "draw_instead"
    LIFE_GAIN_INSTEAD = "life_gain_instead"
    CONTROL = "control"
    CHANGE_TEXT = "change_text"
    CHOOSE = "choose"
    MOVE = "move"
    SACRIFICE = "sacrifice"
    IF_DECLINED = "if_declined"
    PLAY_AS_INSTANT = "play_as_instant"
    CANT_BE_COUNTERED = "cant_be_countered"
    ATTACK_LIMIT = "attack_limit"
    BLOCK_LIMIT = "block_limit"
    ATTACK_YOU_ONLY = "attack_you_only"
    CHANGE_TARGET = "change_target"
    RETURN_SELF = "return_self"
    IF_GRAVEYARD_AT_MOST = "if_graveyard_at_most"
    REDIRECT = "redirect"
    SET_SUBTYPE = "set_subtype"
    ADD_SUBTYPE = "add_subtype"
    LOSE_ALL = "lose_all"
    ADD_TYPE = "add_type"
    MOVE_AURA = "move_aura"
    COPY_SPELL = "copy_spell"
    COST_MORE = "cost_more"
    COST_LESS = "cost_less"
    SET_LAND_TYPE = "set_land_type"
    ADD_LAND_TYPE = "add_land_type"
    MILL = "mill"
    CHOOSE_NUMBER = "choose_number"
    DISCARD_ALL = "discard_all"
    SEARCH = "search"
    PHASE_OUT = "phase_out"
    PHASE_ALL = "phase_all"
    WISH = "wish"


ENGINE_EFFECTS = (
    "attach",
    "echo",
    "fading",
    "cumulative_upkeep",
    "landcycling",
    "equip",
    "modular",
    "madness",
    "provoke",
)
"""The engine's own instructions: the first step of a local enchantment, and what keywords do."""
EFFECTS = tuple(kind.value for kind in EffectKind if kind.value not in ENGINE_EFFECTS)
"""The effect names a card may use."""
TARGETS = (
    "creature",
    "player",
    "opponent",
    "creature_or_player",
    "spell",
    "spell_with_one_target",
    "instant_or_sorcery_spell",
    "card_in_your_graveyard",
    "card_in_a_graveyard",
    "permanent",
    "artifact",
    "enchantment",
    "global_enchantment",
    "artifact_or_enchantment",
    "land",
)
GRAVEYARD_TARGETS = ("card_in_your_graveyard", "card_in_a_graveyard")
"""Target kinds that are cards in a graveyard, not permanents ("target creature card in your graveyard")."""
SPELL_TARGETS = ("spell", "spell_with_one_target", "instant_or_sorcery_spell")
"""The target kinds that are spells on the stack (copies of spells included, ja 200.5, sr D2.11)."""
WHO = ("you", "opponent", "each_player", "self", "target", "all", "chosen", "that_player")
DURATIONS = ("", "end_of_turn")
STEP_DELAYS = ("end_of_combat", "end_of_turn")
"""Delays until the beginning of a step (``at``): the delayed ability triggers then."""
EVENT_DELAYS = ("leaves_play", "becomes_tapped", "becomes_untapped")
"""Delays until an event of the permanent the ability refers to (``at``): the delayed ability triggers the
next time that happens after it is made, and never if the permanent left play before (ru 406.2b)."""
DELAYS = STEP_DELAYS + EVENT_DELAYS
"""When a delayed triggered ability an effect creates triggers (``at``)."""
DELAYABLE = ("destroy", "move")
"""The effects a delayed triggered ability of the vocabulary may do to the permanent it refers to ("destroy
that creature at end of combat", "remove it from the game at end of turn")."""
DELAYABLE_FOR_YOU = ("gain_life", "lose_life", "draw")
"""The effects a delayed ability waiting for an event may do to its controller instead ("when this creature
leaves play, you gain 3 life"): the only ones for ``leaves_play``, since the permanent is gone by then."""
COUNTS = (
    "cards_in_hand",
    "cards_in_graveyard",
    "creatures_you_control",
    "creatures",
    "creatures_they_control",
    "source_power",
    "sacrificed_power",
    "milled_cost",
    "blockers_beyond_first",
    "sharing_type",
)
"""What an amount may count from the game on resolution (``count``): cards in its controller's hand or
graveyard, creatures its controller controls, creatures in play, or for each player the effect names the
creatures that player controls; or the power of the effect's source ("damage equal to its power"), its last
known power if it has left play (ru 402.6, ja 402.6, sr D3.60); or the power of the creature sacrificed to
pay the spell's cost, as it last existed in play ("the sacrificed creature's power"); or the converted mana
costs of the cards a ``mill`` before it in the same resolution put into the graveyard ("X is that card's
converted mana cost"); or the creatures blocking the effect's source beyond the first (rampage: "for each
creature blocking it beyond the first", ja 502.12a); ``sharing_type`` is for static abilities only
(STATIC_COUNTS). The effect's amount (default 1), or a pump's power and toughness, is per thing counted
("+1/+1 for each card in your hand")."""
STATIC_COUNTS = ("cards_in_hand", "cards_in_graveyard", "creatures_you_control", "creatures", "sharing_type")
"""What a static ``pump`` may count, again each time the creature's power and toughness are found: cards in
the static's controller's hand or graveyard, creatures that player controls, creatures in play, or the other
creatures in play that share a creature type with the creature it pumps (Coat of Arms); ``sharing_type`` is
for static abilities only."""
COUNTABLE = ("damage", "gain_life", "lose_life", "draw", "set_life", "pump", "token")
"""The effects whose amount may be counted."""
PER_PLAYER_COUNTS = ("creatures_they_control",)
"""Counts made for each player an effect names, for effects on players only."""
FOR_PLAYERS = ("gain_life", "lose_life", "draw", "set_life")
"""The countable effects that act on players."""
WATCHING = ("self",)
"""What a delayed ability waiting for an event refers to besides the objects its effect names
(``watching = "self"``: the permanent whose ability made it)."""


class TriggerKind(StrEnum):
    """The events a triggered ability of the vocabulary waits for."""

    COMES_INTO_PLAY = "comes_into_play"
    PUT_INTO_GRAVEYARD = "put_into_graveyard"
    YOUR_UPKEEP = "your_upkeep"
    EACH_UPKEEP = "each_upkeep"
    END_OF_TURN = "end_of_turn"
    ATTACKS = "attacks"
    BLOCKS = "blocks"
    BECOMES_BLOCKED = "becomes_blocked"
    ANY_SPELL_PLAYED = "any_spell_played"
    A_CREATURE_PUT_INTO_GRAVEYARD = "a_creature_put_into_graveyard"
    A_PERMANENT_PUT_INTO_GRAVEYARD = "a_permanent_put_into_graveyard"
    A_CREATURE_COMES_INTO_PLAY = "a_creature_comes_into_play"
    DEALS_COMBAT_DAMAGE_TO_PLAYER = "deals_combat_damage_to_player"
    DEALS_DAMAGE_TO_PLAYER = "deals_damage_to_player"
    IS_DEALT_DAMAGE = "is_dealt_damage"
    YOU_GAIN_LIFE = "you_gain_life"
    A_CREATURE_ATTACKS = "a_creature_attacks"
    BLOCKS_CREATURE = "blocks_creature"
    BLOCKED_BY_CREATURE = "blocked_by_creature"
    HAND_EMPTY = "hand_empty"
    LAND_TAPPED_FOR_MANA = "land_tapped_for_mana"
    CYCLED = "cycled"
    A_CARD_CYCLED = "a_card_cycled"
    LEAVES_PLAY = "leaves_play"


TRIGGERS = tuple(kind.value for kind in TriggerKind)
CYCLING_TRIGGERS = ("cycled", "a_card_cycled")
"""Triggers on cycling (ja 502.18): "when you cycle this card", a card's own, which triggers in the graveyard
the card was discarded to; "whenever a player cycles a card", a permanent's. Both trigger on landcycling too
(ja 502.18c)."""
ENCHANTED_EVENTS = (
    "attacks",
    "blocks",
    "becomes_blocked",
    "blocks_creature",
    "blocked_by_creature",
    "leaves_play",
)
"""The events of an enchanted creature an aura's trigger may wait for (``watches = "enchanted"``)."""
PLAYER_TRIGGERS = (
    "deals_combat_damage_to_player",
    "deals_damage_to_player",
    "each_upkeep",
    "leaves_play",
    "land_tapped_for_mana",
)
"""The triggers whose event names a player, whom their effects may act on (``who = "that_player"``) and who
may choose their target (``chosen_by = "that_player"``): the player dealt damage, the player whose upkeep it
is, the player who controlled the permanent that left play, or the player who tapped a land for mana."""
SIMPLE_KEYWORDS = (
    "flying",
    "first_strike",
    "double_strike",
    "trample",
    "haste",
    "shadow",
    "fear",
    "horsemanship",
    "vigilance",
    "flanking",
    "block_any_number",
)
COMBAT_ABILITIES = (
    "cant_attack",
    "cant_block",
    "cant_attack_alone",
    "cant_block_alone",
    "attacks_each_turn",
    "blocks_each_turn",
    "must_be_blocked",
    "blocked_by_two_or_more",
    "attacks_only_outnumbering",
    "unblockable",
)
"""Attack and block restrictions and requirements a creature has (ru 500, ja 500, sr E1): "can't attack",
"attacks each turn if able", "all creatures able to block it do so", "can't be blocked except by two or more
creatures", "can attack only if its controller controls more creatures than the defending player", "is
unblockable" (ruling.engine.requirements). They are abilities, not keywords of the documents' lists."""
ZONE_NAMES = ("library", "hand", "graveyard", "removed")
"""The zones a replacement effect may send a card to instead ("remove it from the game instead")."""
ABILITY_ZONES = ("hand", "graveyard")
"""The zones besides play an ability may work from when its text says so (ru 402.9, ja 402.9, sr D3.80)."""
SELF_COSTS = {"discard": "hand", "reveal": "hand", "remove": "graveyard"}
"""Costs paid with the card itself, and the only zone they can be paid from: "discard this card", "reveal
this card from your hand", "remove this card in your graveyard from the game" (ja 402.8, sr D3.95-D3.97)."""
COST_CHANGES = ("cost_more", "cost_less")
"""The static effects that change the total cost of spells (ru 409.1f, ja 409.1f, sr D10.16)."""
LAND_TYPE_CHANGES = ("set_land_type", "add_land_type")
"""The static effects of an aura that make the enchanted land a basic land type instead of its own, or
besides them (ru 214.9f, ja 212.6e, sr B12.78)."""
COST_CHANGE_WHO = ("you", "opponent", "each_player", "self")
"""Whose spells a cost change applies to: its controller's, their opponents', every player's, or the card's
own (which works only while it is being played: sr D3.93)."""


SACRIFICE_COSTS = ("self", "creature", "land", "artifact", "enchantment", "permanent")
"""What a cost sacrifices: the permanent whose ability it is ("Sacrifice Mogg Fanatic") or one permanent of a
type its player controls ("Sacrifice a creature") (ru 409.1f, ja 409.1f, sr D10.16)."""
RETURN_ZONES = ("play", "hand")
"""Where ``return_self`` returns the card from the graveyard its ability works from."""
KIND_COUNTERS = ("fade", "age")
"""The counters of keywords, kept on a permanent by kind (ja 502.20a fade, 502.13a age)."""
COUNTER_KINDS = ("+1/+1", *KIND_COUNTERS)
"""The counters a cost may remove from its own permanent and a token's power and toughness may count."""
COUNTER_KINDS_PATTERN = "|".join(re.escape(kind) for kind in COUNTER_KINDS)
"""A regular expression alternation matching one of COUNTER_KINDS, for the readers of card and setup text."""
ABILITY_TIMINGS = ("your_upkeep", "sorcery", "your_creature_spell")
"""When an activated ability may be played, as its text restricts it ("play this ability only during your
upkeep", "only any time you could play a sorcery", only while a creature spell its controller played is on
the stack)."""
ZONE_TRIGGERS = ("your_upkeep", "each_upkeep", "end_of_turn")
"""The triggers that may trigger from a graveyard (``zone = "graveyard"``)."""
LAND_TYPES = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G"}
CHOICES = ("colour", "creature_type", "opponent", "land_type")
"""What a permanent's controller may choose as it comes into play ("as … comes into play, choose …")."""
BASIC_LAND_TYPES = tuple(t.capitalize() for t in LAND_TYPES)
"""The basic land types as subtypes are written ("Island")."""
NONCREATURE_SUBTYPES = ("Equipment", *BASIC_LAND_TYPES)
"""Subtypes that are not creature types: an effect that sets a creature's creature type leaves them."""
CHOSEN = "chosen"
"""The word card text uses for the value chosen as the permanent came into play."""
ANY_COLOUR = "colour"
"""The ``mana`` of an effect that adds one mana of any colour, chosen as it resolves."""
ANY_TYPE = "type"
"""The ``mana`` of an effect that adds one mana of any type (colourless too) that lands could produce."""
COULD_PRODUCE = ("yours", "opponents")
"""Whose lands an effect's chosen mana must be one that they could produce (``Effect.could``)."""
AS_LONG_AS = ("", "source_tapped", "control_source")
MANY_TYPES = {"artifact_or_creature": ("artifact", "creature")}
"""The ``what`` of ``destroy_all`` and ``discard_all`` that names more than one card type."""
SEARCH_ZONES = ("hand", "play")
"""Where ``search`` puts the cards found: into the hand, or into play (as lands under Izvori magije)."""


def of_kind(kind: Effect | CostPart, values: CardDef | Characteristics) -> bool:
    """Tells whether an object with these values has the card type, subtype and colour kind names (any
    of them left empty: no limit)."""
    if kind.what and kind.what not in values.types:
        return False
    if kind.subtype and kind.subtype not in values.subtypes:
        return False
    return not kind.of_color or kind.of_color in values.colors


def of_what(what: str, types: tuple[str, ...]) -> bool:
    """Tells whether an object of these card types is of an effect's ``what`` (none: any object)."""
    return not what or any(t in types for t in MANY_TYPES.get(what, (what,)))


class _Immutable:
    """A frozen value of the card vocabulary: copying a game state shares it instead of copying it."""

    def __deepcopy__(self, memo: dict[int, object]) -> object:
        return self


@dataclass(frozen=True)
class Effect(_Immutable):
    """One instruction of the vocabulary; min_targets..max_targets targets (max 0: any number)."""

    kind: EffectKind
    amount: int = 0
    power: int = 0
    toughness: int = 0
    target: str | None = None
    who: str = "you"
    mana: str = ""
    token: str = ""
    x: bool = False
    divided: bool = False
    min_targets: int = 1
    max_targets: int = 1
    duration: str = ""
    subtype: str = ""
    no_regenerate: bool = False
    token_pt: tuple[int, int] = (1, 1)
    pt_counters: str = ""
    """For ``token``: the token's power and toughness are each the number of counters of this kind
    (COUNTER_KINDS) on the permanent whose ability put it into play ("equal to the number of fade counters
    on Saproling Burst": ja 202.2b); for the ``set_pt`` static such a token has, the kind it counts."""
    zone: str = ""
    what: str = ""
    keyword: str = ""
    color: str = ""
    of_color: str = ""
    not_color: str = ""
    """For a targeted effect: its targets are not of this colour ("target nonblack creature"), as of_color
    says what colour they are ("target black creature")."""
    could: str = ""
    """For ``add_mana`` with chosen mana: whose lands could produce it (one of COULD_PRODUCE)."""
    card_type: str = ""
    """For ``animate``: the card type the creature it becomes also has ("becomes a 2/2 artifact
    creature")."""
    characteristic: bool = False
    """For a static ``grant`` or ``add_type``: the effect defines a characteristic of the object ("is
    unblockable", "is an artifact creature") rather than giving it an ability ("gains flying", "has 'this
    creature is an artifact creature'"), so effects that remove abilities leave it (ru 407.2, ja 407.2,
    sr D8.20)."""
    not_type: str = ""
    """For an effect that targets permanents: its targets are not of this card type ("target nonartifact
    creature")."""
    optional: bool = False
    new_targets: bool = False
    """For ``copy_spell``: the copy's controller may choose new targets for it (sr E4.82)."""
    kicked: bool = False
    """Done only if the kicker cost was paid (ja 502.21b, sr E3.142)."""
    threshold: bool = False
    """Done (or, in ``static``, applies) only while its controller has seven or more cards in their
    graveyard (ja 502.23b)."""
    as_long_as: str = ""
    """An "as long as" duration: ``source_tapped`` or ``control_source`` (ruling.engine.lasting.While)."""
    choice: str = ""
    """For ``choose``: what is chosen as the permanent comes into play (one of CHOICES)."""
    words: tuple[str, str] = ("", "")
    """For ``change_text``: the colour word or land type word replaced, and the one put in its place."""
    at: str = ""
    """A delayed instruction: on resolution it creates a delayed triggered ability for each object it names
    now, which does it at the beginning of this step or when that object does this (DELAYS)."""
    watching: str = ""
    """For a delay until an event: ``self`` refers the delayed ability to the permanent whose ability
    made it, not to the objects the effect names."""
    count: str = ""
    """What the amount is counted from on resolution (COUNTS): the amount, or power and toughness, is per
    thing counted."""
    cmc: str = ""
    """For ``destroy_all`` and ``discard_all``: only objects of this converted mana cost, a whole number or
    ``chosen`` (the number a ``choose_number`` before it chose)."""
    up_to: bool = False
    """For ``search``: the player finds up to amount cards and may find fewer ("up to two")."""
    chosen_by: str = ""
    """``that_player``: the target is chosen by the player the trigger's event names, not by the ability's
    controller ("its controller chooses target creature")."""
    life_at_most: int = 0
    """For ``cost_more`` and ``cost_less`` on the card's own cost: it applies only while the player has
    this much life or less ("if you have 35 life or less, this costs {6} less to play")."""
    gains_this_ability: bool = False
    """For ``copy`` in a triggered ability: the copy keeps the ability as part of its copiable values
    ("becomes a copy of that creature and gains this ability": ja 503.9)."""


class CostAction(StrEnum):
    """What a part of an alternative cost does with the objects its player names."""

    SACRIFICE = "sacrifice"
    """Permanents the player controls go to their owners' graveyards ("sacrifice two Mountains")."""
    RETURN = "return"
    """Permanents the player controls go to their owners' hands ("return three Islands you control")."""
    REMOVE = "remove"
    """Cards in the player's hand are removed from the game ("remove a blue card in your hand")."""


COST_WORDS = {
    CostAction.SACRIFICE: "sacrificing",
    CostAction.RETURN: "returning",
    CostAction.REMOVE: "removing",
}
"""The word of a script line that names the objects of each part ("returning i1, i2, i3")."""


@dataclass(frozen=True)
class CostPart(_Immutable):
    """A part of a cost paid with objects: amount of them, of a card type, creature or land type, colour."""

    action: CostAction
    amount: int = 1
    what: str = ""
    subtype: str = ""
    of_color: str = ""

    def describe(self) -> str:
        """Returns the part in words ("3 Island", "1 U card")."""
        kind = self.subtype or self.what or ("card" if self.action is CostAction.REMOVE else "permanent")
        color = f"{self.of_color} " if self.of_color else ""
        return f"{self.amount} {color}{kind}"


@dataclass(frozen=True)
class AlternativeCost(_Immutable):
    """A cost a card lets its player pay instead of its mana cost (ru 409.1f, ja 409.1f, sr D10.16): mana
    (none when empty), life, and parts paid with objects."""

    mana: str = ""
    life: int = 0
    parts: tuple[CostPart, ...] = ()


@dataclass(frozen=True)
class Mode(_Immutable):
    """One choice of a modal spell or ability ("choose one")."""

    name: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Ability(_Immutable):
    """An activated ability: a cost (mana letters, digits, X, ``T`` for the tap symbol) and effects."""

    cost: str
    effects: tuple[Effect, ...]
    zone: str = ""
    """The zone it works from (ABILITY_ZONES), in play when empty."""
    self_cost: str = ""
    """A part of its cost paid with the card itself (SELF_COSTS)."""
    only: str = ""
    """When it may be played (ABILITY_TIMINGS)."""
    sacrifice: str = ""
    """A permanent sacrificed to pay its cost (SACRIFICE_COSTS): the permanent itself or one of a type."""
    remove_counters: str = ""
    """Counters of this kind (COUNTER_KINDS) removed from the permanent itself to pay its cost ("Remove a
    fade counter from Saproling Burst"), remove_amount of them (ruling.engine.counter_costs)."""
    remove_amount: int = 0

    @property
    def works_from(self) -> str:
        """Returns the zone it works from: the one it names, or the one its card-moving cost is paid from;
        empty for play."""
        return self.zone or SELF_COSTS.get(self.self_cost, "")

    @property
    def taps(self) -> bool:
        return "T" in self.cost

    @property
    def mana_cost(self) -> str:
        return self.cost.replace("T", "")

    @property
    def is_mana_ability(self) -> bool:
        return all(e.kind == "add_mana" for e in self.effects) and not any(e.target for e in self.effects)


COLOR_TRIGGERS = ("a_creature_attacks", "blocks_creature", "blocked_by_creature", "any_spell_played")
"""The triggers that may wait for an object of a colour, or not of one (of_color, not_color)."""
TYPE_TRIGGERS = ("a_permanent_put_into_graveyard", "any_spell_played")
"""The triggers that may wait for an object of a card type (what)."""


@dataclass(frozen=True)
class Trigger(_Immutable):
    """A triggered ability: ``when`` one of TRIGGERS, then effects."""

    when: TriggerKind
    effects: tuple[Effect, ...]
    what: str = ""
    """For a_permanent_put_into_graveyard and any_spell_played: the card type it waits for (any when
    empty: "whenever an artifact spell is played")."""
    of_color: str = ""
    """For a_creature_attacks, blocks_creature, blocked_by_creature: the other creature has this colour
    when the event happens ("whenever a green creature attacks"); for any_spell_played, the spell has it
    ("whenever a player plays a red spell")."""
    not_color: str = ""
    """… or has not this colour ("blocks a creature that isn't black")."""
    zone: str = ""
    """The zone it triggers from (``graveyard``), in play when empty (ja 402.9, sr D3.96)."""
    watches: str = ""
    """``enchanted``: on an aura, it waits for an event of the creature the aura enchants ("whenever
    enchanted creature becomes blocked"), one of ENCHANTED_EVENTS; empty: an event of its own permanent."""
    another: bool = False
    """For a_creature_comes_into_play: another creature than its own permanent ("whenever another creature
    comes into play")."""

    @property
    def target(self) -> str | None:
        return next((e.target for e in self.effects if e.target), None)

    def matches(self, colors: str, types: tuple[str, ...] = ()) -> bool:
        """Tells whether an object of these colours and card types meets the trigger's conditions on the
        other object of its event (of_color, not_color, what)."""
        if self.of_color and self.of_color not in colors:
            return False
        if self.not_color and self.not_color in colors:
            return False
        return not self.what or self.what in types


def land_ability(land_type: str) -> Ability:
    """Returns the mana ability a basic land type gives ("T: Add U" for an Island)."""
    return Ability("T", (Effect(EffectKind.ADD_MANA, mana=LAND_TYPES[land_type.lower()]),))


def with_land_abilities(
    types: tuple[str, ...], subtypes: tuple[str, ...], abilities: tuple[Ability, ...]
) -> tuple[Ability, ...]:
    """Returns a land's abilities with the mana ability of each basic land type it has, written on it or not
    (ru 214.9e, ja 212.6d, sr B12.76-B12.77: "Izvor - Grob Vatra" makes black or red mana)."""
    lands = [t for t in subtypes if t in BASIC_LAND_TYPES] if "land" in types else []
    if not lands:
        return abilities
    made = {
        a.effects[0].mana
        for a in abilities
        if a.cost == "T" and len(a.effects) == 1 and a.effects[0].kind is EffectKind.ADD_MANA
    }
    return (*abilities, *(land_ability(t) for t in lands if LAND_TYPES[t.lower()] not in made))


@dataclass(frozen=True)
class CardDef(_Immutable):
    """The printed characteristics of a card."""

    name: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    cost: str = ""
    colors: str = ""
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    spell: tuple[Effect, ...] = ()
    abilities: tuple[Ability, ...] = ()
    triggers: tuple[Trigger, ...] = field(default=())
    enchant: str | None = None
    static: tuple[Effect, ...] = ()
    modes: tuple[Mode, ...] = ()
    halves: tuple[CardDef, ...] = ()
    """The two halves of a split card (ja 505), each a card of its own name, cost, colour and text."""
    sacrifice: str = ""
    """An additional cost of its spell: one permanent of this type its player sacrifices ("As an additional
    cost to play Fling, sacrifice a creature": SACRIFICE_COSTS but ``self``)."""
    alternative: AlternativeCost | None = None
    """A cost its player may pay instead of its mana cost ("paying alternative")."""

    @property
    def is_legendary(self) -> bool:
        return "legendary" in self.supertypes or "Legend" in self.subtypes

    @property
    def is_permanent(self) -> bool:
        """Tells whether the card has a type a permanent may have: an instant or sorcery card never comes
        into play."""
        return bool(PERMANENT_TYPES & set(self.types))

    def has_static(self, kind: str) -> bool:
        """Tells whether the card has a static ability of that kind ("play_as_instant", which works in the
        hand, and "cant_be_countered", on the stack: ja 412.3-412.4, sr D13.30-D13.40)."""
        return any(e.kind == kind for e in self.static)

    @property
    def announced_effects(self) -> tuple[Effect, ...]:
        """Returns the spell's effects as announced: a local enchantment first targets what it enchants."""
        return (Effect(EffectKind.ATTACH, target=self.enchant), *self.spell) if self.enchant else self.spell


MAKER_COUNTERS = "maker_counters"
"""The count of the static ``set_pt`` of a token whose power and toughness are counted from the counters on
the permanent that made it (``pt_counters``)."""


def counted_kind(card: CardDef) -> str:
    """Returns the kind of counters on the permanent that made it a token's power and toughness count
    ("" for a token of printed numbers)."""
    return next((e.pt_counters for e in card.static if e.count == MAKER_COUNTERS), "")


def token_card(name: str, colors: str, power: int, toughness: int, pt_counters: str = "") -> CardDef:
    """Returns the card of a creature token an effect puts into play: its name is its creature type. With
    pt_counters, its power and toughness are each the number of those counters on the permanent that made
    it, found again each time."""
    card = CardDef(name, ("creature",), (name,), colors=colors, power=power, toughness=toughness)
    if not pt_counters:
        return card
    counted = Effect(EffectKind.SET_PT, 0, 1, 1, who="self", count=MAKER_COUNTERS, pt_counters=pt_counters)
    return replace(card, static=(counted,))


def valid_cost(cost: str) -> bool:
    """Tells whether cost is a mana cost of the vocabulary: X's, a generic amount, then coloured letters."""
    return _MANA_COST.fullmatch(cost) is not None


def parse_cost(cost: str, x: int = 0) -> tuple[int, str]:
    """Returns the generic amount (X counted as x) and the coloured letters of a cost (``2GG``, ``XR``)."""
    digits = "".join(c for c in cost if c.isdigit())
    generic = (int(digits) if digits else 0) + cost.count("X") * x
    return generic, "".join(c for c in cost if c in COLORS)


def check_keyword(keyword: str) -> bool:
    """Tells whether keyword belongs to the vocabulary."""
    if keyword in SIMPLE_KEYWORDS or keyword in COMBAT_ABILITIES:
        return True
    parts = keyword.split()
    if parts[0] == "rampage" and len(parts) == 2 and is_whole(parts[1]):
        return True
    if keyword.startswith("protection from ") and all(c in COLORS for c in keyword.split()[-1]):
        return True
    if keyword == f"protection from {CHOSEN}":
        return True
    if keyword.endswith("walk") and keyword[:-4] in LAND_TYPES:
        return True
    return parse_keyword(keyword) is not None


def rampage_effect(bonus: int) -> Effect:
    """Returns the effect of a rampage trigger: +bonus/+bonus for each creature blocking its creature beyond
    the first, counted as it resolves (ja 502.12a, 502.12b)."""
    return Effect(EffectKind.PUMP, power=bonus, toughness=bonus, count="blockers_beyond_first")


def keyword_rule_key(keyword: str) -> str | None:
    """Returns the profile keyword key of a card keyword (None for abilities that are not keywords)."""
    if keyword.startswith("protection from "):
        return "protection"
    if keyword.startswith("rampage "):
        return "rampage"
    if (use := parse_keyword(keyword)) is not None:
        return use.key
    if keyword.endswith("walk"):
        return "landwalk"
    return None if keyword == "block_any_number" or keyword in COMBAT_ABILITIES else keyword
