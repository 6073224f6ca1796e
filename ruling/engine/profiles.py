"""Profiles: one per rules document, naming that document's rule ids for every rule the engine applies.

The differences between eras are data (numbers, keyword lists, rule ids) plus a few named switches
(the legend rule, any card as a land, the minimum chunk of divided damage).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ruling.engine.creature_types import TypeWords
from ruling.engine.keywords import keyword_citations
from ruling.engine.lasting import PTOrder
from ruling.errors import RulingError


class RuleKey(StrEnum):
    """The rules the engine applies, each cited by every profile in the ids of its own document."""

    SKIP_FIRST_DRAW = "skip_first_draw"
    DRAW = "draw"
    UNTAP = "untap"
    LAND_PLAY = "land_play"
    SORCERY_TIMING = "sorcery_timing"
    PRIORITY = "priority"
    PLAY = "play"
    PAY = "pay"
    STACK = "stack"
    RESOLVE = "resolve"
    FIZZLE = "fizzle"
    COUNTER = "counter"
    TAP_ABILITY = "tap_ability"
    TAP_COST = "tap_cost"
    MAY_ON_STACK = "may_on_stack"
    PREVENT_BY_CARD = "prevent_by_card"
    ATTACH_TIMESTAMP = "attach_timestamp"
    ABILITY_NOT_SPELL = "ability_not_spell"
    DAMAGE_NOT_SPELL = "damage_not_spell"
    STAYS_INSTANT = "stays_instant"
    STAYS_SORCERY = "stays_sorcery"
    ACTIVATE_OWN = "activate_own"
    SORCERY_ABILITY = "sorcery_ability"
    MANA_BURN = "mana_burn"
    ATTACK = "attack"
    NO_ATTACKERS = "no_attackers"
    BLOCK = "block"
    BLOCKER = "blocker"
    ASSIGN = "assign"
    ASSIGN_UNBLOCKED = "assign_unblocked"
    ASSIGN_BLOCKED = "assign_blocked"
    ASSIGN_BLOCKER = "assign_blocker"
    NO_BLOCKERS_LEFT = "no_blockers_left"
    BLOCKING_NOTHING = "blocking_nothing"
    PRIORITY_AFTER_PLAY = "priority_after_play"
    DAMAGE_ON_STACK = "damage_on_stack"
    DAMAGE_DEALT = "damage_dealt"
    SBA = "sba"
    SBA_LIFE = "sba_life"
    SBA_DRAW_EMPTY = "sba_draw_empty"
    BOTH_LOSE = "both_lose"
    SBA_TOUGHNESS = "sba_toughness"
    SBA_LETHAL = "sba_lethal"
    SBA_TOKEN = "sba_token"
    SBA_AURA = "sba_aura"
    APNAP = "apnap"
    CLEANUP_DISCARD = "cleanup_discard"
    CLEANUP_DAMAGE = "cleanup_damage"
    TARGET_PROTECTION = "target_protection"
    DAMAGE_PROTECTION = "damage_protection"
    ANNOUNCE = "announce"
    CHOOSE_MODE = "choose_mode"
    CHOOSE_TARGETS = "choose_targets"
    DIVIDE = "divide"
    REGENERATE = "regenerate"
    PREVENT_SHIELD = "prevent_shield"
    REPLACEMENT_ORDER = "replacement_order"
    COMBAT_REMOVAL = "combat_removal"
    LOOP = "loop"
    LOOP_SHORTCUT = "loop_shortcut"
    TRIGGER_OCCURRENCES = "trigger_occurrences"
    AURA_MOVE = "aura_move"
    AURA_MOVE_UNRULED = "aura_move_unruled"
    COPY_SPELL = "copy_spell"
    COPY_SPELL_UNRULED = "copy_spell_unruled"
    COPY_NEW_TARGETS = "copy_new_targets"
    COPY_CEASES = "copy_ceases"
    GRAVEYARD_TARGET = "graveyard_target"
    TRAMPLE_UNDAMAGEABLE = "trample_undamageable"
    REPLACEMENT = "replacement"
    REPLACEMENT_ONCE = "replacement_once"
    LOOK_BACK = "look_back"
    EFFECT_LOSS = "effect_loss"
    EFFECT_ORDER = "effect_order"
    INTERVENING_IF = "intervening_if"
    PREVENT_ALL = "prevent_all"
    TYPE_SET = "type_set"
    ABILITIES_REMOVED = "abilities_removed"
    TYPE_ADD = "type_add"
    MULLIGAN = "mulligan"
    SHIELD_CHOICE = "shield_choice"
    CARD_AS_LAND = "card_as_land"
    BASIC_BY_NAME = "basic_by_name"
    NO_MANA_COST = "no_mana_cost"
    DAMAGE_CHUNK = "damage_chunk"
    SBA_LEGEND = "sba_legend"
    SBA_WORLD = "sba_world"
    TEAM_WINS = "team_wins"
    MULTIPLAYER_ATTACK = "multiplayer_attack"
    SHARED_LIFE = "shared_life"
    LEAVE_GAME = "leave_game"
    REDIRECT = "redirect"
    ENTERS_REPLACEMENT = "enters_replacement"
    COUNTERS_CANCEL = "counters_cancel"
    SBA_POISON = "sba_poison"
    SBA_EQUIPMENT = "sba_equipment"
    MORPH_REVEAL = "morph_reveal"
    MORPH_FACE_UP = "morph_face_up"
    SPLIT_CARDS = "split_cards"
    DURATION = "duration"
    CONTROL_CHANGE = "control_change"
    DEPENDENCY = "dependency"
    TEXT_CHANGE = "text_change"
    ENTERS_CHOICE = "enters_choice"
    CREATURE_TYPE = "creature_type"
    CREATURE_TYPE_FORMS = "creature_type_forms"
    REPLACEMENT_CHAIN = "replacement_chain"
    DELAYED = "delayed"
    DELAYED_LEFT = "delayed_left"
    DELAYED_EVENT = "delayed_event"
    COUNTED = "counted"
    STATIC_COUNT = "static_count"
    CHANGE_TARGET = "change_target"
    CHANGE_TARGET_MODE = "change_target_mode"
    ABILITY_ZONE = "ability_zone"
    ZONE_ACTIVATED = "zone_activated"
    ZONE_TRIGGER = "zone_trigger"
    MOVES_ITSELF = "moves_itself"
    COST_ZONE = "cost_zone"
    SACRIFICE_COST = "sacrifice_cost"
    ALTERNATIVE_COST = "alternative_cost"
    ONE_ALTERNATIVE = "one_alternative"
    COST_CHANGE = "cost_change"
    OWN_COST = "own_cost"
    CONVERTED_COST = "converted_cost"
    SPLIT_TOTAL = "split_total"
    SPLIT_EITHER = "split_either"
    ISTOCNIK_BY_EFFECT = "istocnik_by_effect"
    LEAVES_PLAY_TRIGGER = "leaves_play_trigger"
    AURA_FOLLOWS = "aura_follows"
    CARD_ABILITY_TARGETS = "card_ability_targets"
    ABILITY_APART = "ability_apart"
    ENCHANT_TARGET = "enchant_target"
    APNAP_CHOICES = "apnap_choices"
    IMPOSSIBLE_CHOICE = "impossible_choice"
    STACK_STATIC = "stack_static"
    HAND_STATIC = "hand_static"
    STATE_TRIGGER = "state_trigger"
    MANA_TRIGGER = "mana_trigger"
    MANA_TRIGGER_STACK = "mana_trigger_stack"
    MANA_UNDEFINED = "mana_undefined"
    ATTACK_RESTRICTION = "attack_restriction"
    BLOCK_RESTRICTION = "block_restriction"
    ATTACK_REQUIREMENT = "attack_requirement"
    BLOCK_REQUIREMENT = "block_requirement"
    REQUIREMENTS_MOST = "requirements_most"


OPTIONAL_KEYS = tuple(
    RuleKey(key)
    for key in (
        "creature_type_forms",
        "mulligan",
        "shield_choice",
        "card_as_land",
        "basic_by_name",
        "no_mana_cost",
        "damage_chunk",
        "sba_legend",
        "sba_world",
        "team_wins",
        "multiplayer_attack",
        "shared_life",
        "leave_game",
        "redirect",
        "enters_replacement",
        "counters_cancel",
        "sba_poison",
        "sba_equipment",
        "morph_reveal",
        "morph_face_up",
        "split_cards",
        "text_change",
        "stack_static",
        "hand_static",
        "requirements_most",
        "cost_zone",
        "aura_move",
        "aura_move_unruled",
        "copy_spell",
        "copy_spell_unruled",
        "copy_new_targets",
        "copy_ceases",
        "one_alternative",
        "own_cost",
        "split_total",
        "split_either",
        "istocnik_by_effect",
        "aura_follows",
        "card_ability_targets",
        "attach_timestamp",
        "prevent_by_card",
        "may_on_stack",
        "priority_after_play",
    )
)
"""Keys of rules only some documents have; a profile names one exactly when its document has that rule."""
RULE_KEYS = tuple(key for key in RuleKey if key not in OPTIONAL_KEYS)
"""Keys every profile maps to ids of its own document."""


@dataclass(frozen=True)
class Profile:
    """The rules of one document as the engine needs them."""

    name: str
    doc: str
    life: int
    scale: int
    legend_rule: str | None
    any_card_as_land: bool
    damage_chunk: int
    walls_cannot_attack: bool
    rules: dict[str, tuple[str, ...]]
    keywords: dict[str, tuple[str, ...]] = field(default_factory=dict)
    priority_passes_after_play: bool = False
    """After a player plays a spell or an ability that uses the stack, priority passes to the next player
    in turn order (sr D9.13, D10.19); the other documents give it back to that player (ru 408.1, ja
    409.1i)."""
    trample_ignores_undamageable: bool = False
    """A trampler's controller may ignore a blocker that can't be dealt damage (ru 502.9d); later documents
    count every blocker's actual toughness (ja 502.9d, sr E3.104)."""
    pt_order: PTOrder = PTOrder.TIMESTAMP
    """How power and toughness effects are ordered: 1999 and 2004 by timestamp after counters (ja 418.5a),
    2007 in the levels of sr D19.51."""
    land_type_basic: bool = False
    """A land that becomes a basic land type becomes a basic land, no longer legendary (ru 214.9f); the
    later rules keep its supertypes (ja 212.6e, sr B12.78)."""
    artifact_creature_keeps_types: bool = False
    """"Becomes an artifact creature" keeps the object's other types and subtypes (ja 212.1c); in the 1999
    rules and Izvori magije the new types replace them (ru 214.4, sr B12.12)."""
    world_rule: bool = False
    """Of several world enchantments in play only the newest stays (ja 420.5i); the 1999 rules give world
    enchantments only a glossary entry, with no rule id to cite, and Izvori magije has none."""
    creature_type_words: TypeWords = TypeWords.LISTED
    """Which words an effect may choose as a creature type: 1999 any creature (ru 214.7a), 2004 and 2007 the
    types their glossaries list (ja 212.1e, sr B12.14)."""
    basic_land_names: frozenset[str] = frozenset()
    """The names that make a land card basic without the basic supertype printed: in 1999 the five basic
    lands (ru 214.9d; a land's type is its name, ru 212.2c), in 2004 the ten basic lands of the cards printed
    before Eighth Edition, in English or Japanese (ja 205.4b). In Izvori magije the basic sources are the
    cards of the five colours played as sources (sr B12.76), whatever their name."""

    def cite(self, key: str) -> tuple[str, ...]:
        """Returns the qualified rule ids of this profile's document for a rule key (a RuleKey, or a
        keyword of the vocabulary)."""
        locals_ = self.rules.get(key) or self.keywords.get(key)
        if locals_ is None:
            raise RulingError(f"profile {self.name} names no rule for {key!r}")
        return tuple(f"{self.doc}:{local}" for local in locals_)

    def cite_if(self, key: str) -> tuple[str, ...]:
        """Returns the ids for a rule only some documents have, or none when this one has not."""
        return self.cite(key) if key in self.rules else ()

    def has_keyword(self, keyword: str) -> bool:
        return keyword in self.keywords

    def all_ids(self) -> list[str]:
        """Returns every qualified id the profile names, for validation against the corpus."""
        found: list[str] = []
        for locals_ in [*self.rules.values(), *self.keywords.values()]:
            found.extend(f"{self.doc}:{local}" for local in locals_)
        return sorted(set(found))


_RU_RULES: dict[str, tuple[str, ...]] = {
    "skip_first_draw": ("101.4",),
    "draw": ("304.1",),
    "untap": ("302.1",),
    "land_play": ("214.9b",),
    "basic_by_name": ("214.9d",),
    "sorcery_timing": ("408.1d",),
    "priority": ("408.1c",),
    "play": ("409.1",),
    "pay": ("409.1f",),
    "stack": ("217.6",),
    "resolve": ("413.1",),
    "fizzle": ("413.2a",),
    "counter": ("414.1",),
    "tap_ability": ("409.3",),
    "tap_cost": ("409.1f",),
    "may_on_stack": ("410.5",),
    "ability_not_spell": ("402.5",),
    "damage_not_spell": ("310.3",),
    "stays_instant": ("214.1",),
    "stays_sorcery": ("214.1",),
    "activate_own": ("403.2",),
    "sorcery_ability": ("409.2", "408.1d"),
    "mana_burn": ("300.4",),
    "attack": ("308.1",),
    "no_attackers": ("308.4",),
    "block": ("309.1",),
    "blocker": ("309.1",),
    "assign": ("310.1",),
    "assign_unblocked": ("310.1b",),
    "assign_blocked": ("310.1c",),
    "assign_blocker": ("310.1d",),
    "no_blockers_left": ("310.1c",),
    "blocking_nothing": ("309.3", "310.1d"),
    "damage_on_stack": ("310.2",),
    "damage_dealt": ("310.4",),
    "sba": ("420.3",),
    "sba_life": ("420.5a",),
    "sba_draw_empty": ("420.5a",),
    "both_lose": ("102.4",),
    "sba_toughness": ("420.5b",),
    "sba_lethal": ("420.5c",),
    "sba_legend": ("420.5e",),
    "sba_token": ("420.5f",),
    "sba_aura": ("420.5d",),
    "mulligan": ("101.5",),
    "apnap": ("410.3",),
    "cleanup_discard": ("314.1a",),
    "cleanup_damage": ("314.1b",),
    "target_protection": ("502.7b",),
    "damage_protection": ("502.7b",),
    "announce": ("409.1a",),
    "choose_mode": ("409.1b",),
    "choose_targets": ("409.1c",),
    "divide": ("409.1e",),
    "regenerate": ("419.6b",),
    "prevent_shield": ("419.7b",),
    "replacement_order": ("419.8a",),
    "combat_removal": ("306.2",),
    "loop": ("421.4", "102.6"),
    "loop_shortcut": ("421.3",),
    "trigger_occurrences": ("410.6",),
    "aura_move_unruled": ("214.8d",),
    "copy_spell_unruled": ("401.1",),
    "graveyard_target": ("214.3",),
    "trample_undamageable": ("502.9d",),
    "replacement": ("419.5",),
    "replacement_once": ("419.6a",),
    "look_back": ("410.10d",),
    "leaves_play_trigger": ("410.10c",),
    "effect_loss": ("102.3",),
    "effect_order": ("418.5c",),
    "intervening_if": ("410.8",),
    "prevent_all": ("419.7a",),
    "type_set": ("214.4",),
    "type_add": ("214.4",),
    "abilities_removed": ("407.1", "407.2"),
    "duration": ("418.3d",),
    "control_change": ("418.5c",),
    "dependency": ("418.5b", "418.5c"),
    "enters_choice": ("410.10e",),
    "creature_type": ("214.7a",),
    "creature_type_forms": ("214.7b",),
    "replacement_chain": ("419.8b",),
    "delayed": ("406.2a", "406.2e"),
    "delayed_left": ("406.2d",),
    "delayed_event": ("406.2b",),
    "counted": ("418.3c",),
    "static_count": ("418.4a",),
    "change_target": ("415.2",),
    "change_target_mode": ("415.2a",),
    "ability_zone": ("402.8",),
    "zone_activated": ("402.9",),
    "zone_trigger": ("402.9",),
    "moves_itself": ("402.9",),
    "sacrifice_cost": ("409.1f",),
    "alternative_cost": ("409.1f", "419.1"),
    "cost_change": ("409.1f",),
    "converted_cost": ("203.3",),
    "ability_apart": ("402.6",),
    "enchant_target": ("214.8c",),
    "state_trigger": ("410.11",),
    "mana_trigger": ("411.3",),
    "mana_trigger_stack": ("406.1e",),
    "mana_undefined": ("406.1c",),
    "apnap_choices": ("413.2d",),
    "impossible_choice": ("413.2c",),
    "attack_restriction": ("500.2",),
    "block_restriction": ("500.2",),
    "attack_requirement": ("500.2",),
    "block_requirement": ("500.2",),
}
_RU_KEYWORDS: dict[str, tuple[str, ...]] = {
    "first_strike": ("502.2b",),
    "flanking": ("502.3b",),
    "flying": ("502.4b",),
    "haste": ("502.5b",),
    "landwalk": ("502.6b",),
    "protection": ("502.7b",),
    "shadow": ("502.8b",),
    "trample": ("502.9b",),
    "trample_no_blockers": ("502.9c",),
}

_JA_RULES: dict[str, tuple[str, ...]] = {
    "skip_first_draw": ("101.5",),
    "draw": ("304.1",),
    "untap": ("302.2",),
    "land_play": ("212.6b",),
    "basic_by_name": ("205.4b",),
    "sorcery_timing": ("408.1d",),
    "priority": ("408.1c",),
    "play": ("409.1",),
    "pay": ("409.1h",),
    "stack": ("217.6",),
    "resolve": ("413.1",),
    "fizzle": ("413.2a",),
    "counter": ("414.1",),
    "tap_ability": ("403.4", "212.3d"),
    "tap_cost": ("104.4",),
    "prevent_by_card": ("419.8c",),
    "attach_timestamp": ("418.5e",),
    "ability_not_spell": ("402.5",),
    "damage_not_spell": ("310.3",),
    "stays_instant": ("212.5d", "217.1a"),
    "stays_sorcery": ("212.7d", "217.1a"),
    "activate_own": ("403.2",),
    "sorcery_ability": ("403.5", "408.1d"),
    "mana_burn": ("300.3",),
    "attack": ("308.2a",),
    "no_attackers": ("308.4",),
    "block": ("309.2a",),
    "blocker": ("309.2a",),
    "assign": ("310.2",),
    "assign_unblocked": ("310.2b",),
    "assign_blocked": ("310.2c",),
    "assign_blocker": ("310.2d",),
    "no_blockers_left": ("310.2c",),
    "blocking_nothing": ("309.2e", "310.2d"),
    "damage_on_stack": ("310.3",),
    "damage_dealt": ("310.4a",),
    "sba": ("420.3",),
    "sba_life": ("420.5a",),
    "sba_draw_empty": ("420.5g",),
    "both_lose": ("102.4",),
    "sba_toughness": ("420.5b",),
    "sba_lethal": ("420.5c",),
    "sba_legend": ("420.5e",),
    "sba_token": ("420.5f",),
    "sba_aura": ("420.5d",),
    "mulligan": ("101.4",),
    "apnap": ("410.3",),
    "cleanup_discard": ("314.1",),
    "cleanup_damage": ("314.2",),
    "target_protection": ("502.7b",),
    "damage_protection": ("502.7e",),
    "announce": ("409.1a",),
    "choose_mode": ("409.1b",),
    "choose_targets": ("409.1c",),
    "divide": ("409.1e",),
    "regenerate": ("419.6b",),
    "prevent_shield": ("419.7b",),
    "replacement_order": ("419.9a",),
    "shield_choice": ("419.7b",),
    "combat_removal": ("306.2",),
    "loop": ("421.4", "102.6"),
    "loop_shortcut": ("421.3",),
    "trigger_occurrences": ("410.6",),
    "aura_move": ("212.4e",),
    "copy_spell": ("503.10", "200.5"),
    "copy_ceases": ("503.10a", "420.5j"),
    "graveyard_target": ("200.9",),
    "trample_undamageable": ("502.9d",),
    "sba_world": ("420.5i",),
    "replacement": ("419.1a",),
    "replacement_once": ("419.6a",),
    "look_back": ("410.10d",),
    "leaves_play_trigger": ("410.10c",),
    "redirect": ("419.6c",),
    "enters_replacement": ("419.1c",),
    "effect_loss": ("102.3",),
    "effect_order": ("418.5a",),
    "intervening_if": ("410.8",),
    "type_set": ("212.1b",),
    "type_add": ("212.1c",),
    "abilities_removed": ("407.1", "407.2"),
    "prevent_all": ("419.7a",),
    "sba_poison": ("420.5h",),
    "sba_equipment": ("420.5k",),
    "morph_reveal": ("504.6",),
    "morph_face_up": ("502.26d", "504.5"),
    "split_cards": ("505.2",),
    "duration": ("418.3d",),
    "control_change": ("418.5a",),
    "dependency": ("418.5c", "418.5d"),
    "text_change": ("418.6a",),
    "enters_choice": ("410.10e", "419.1b"),
    "creature_type": ("212.1e",),
    "replacement_chain": ("419.9b",),
    "delayed": ("404.4", "404.4b"),
    "delayed_left": ("404.4d",),
    "delayed_event": ("404.4a",),
    "counted": ("418.3c",),
    "static_count": ("418.4a",),
    "change_target": ("415.7a",),
    "change_target_mode": ("415.7b",),
    "ability_zone": ("402.8",),
    "zone_activated": ("402.9",),
    "zone_trigger": ("402.9",),
    "moves_itself": ("402.8",),
    "sacrifice_cost": ("409.1f",),
    "alternative_cost": ("409.1f", "402.8"),
    "one_alternative": ("409.1b",),
    "cost_change": ("409.1f",),
    "converted_cost": ("203.3",),
    "split_total": ("505.5",),
    "split_either": ("505.6",),
    "card_ability_targets": ("415.1",),
    "ability_apart": ("402.6",),
    "enchant_target": ("212.4d",),
    "state_trigger": ("410.11",),
    "mana_trigger": ("411.3",),
    "mana_trigger_stack": ("406.5",),
    "mana_undefined": ("406.6",),
    "apnap_choices": ("103.4", "413.2d"),
    "impossible_choice": ("413.2c",),
    "stack_static": ("412.3",),
    "hand_static": ("412.4",),
    "attack_restriction": ("500.2", "500.4"),
    "block_restriction": ("500.3", "500.4"),
    "attack_requirement": ("500.2",),
    "block_requirement": ("500.3",),
    "requirements_most": ("500.4", "500.5"),
}
_JA_KEYWORDS: dict[str, tuple[str, ...]] = {
    "first_strike": ("502.2b",),
    "flanking": ("502.3a",),
    "flying": ("502.4b",),
    "haste": ("502.5b",),
    "landwalk": ("502.6b",),
    "protection": ("502.7f",),
    "shadow": ("502.8b",),
    "trample": ("502.9b",),
    "trample_no_blockers": ("502.9c",),
    "rampage": ("502.12a",),
    "rampage_bonus": ("502.12b",),
    "storm_instances": ("502.30b",),
    "equip_instances": ("502.33c",),
    "band_once": ("502.10c",),
    "horsemanship": ("502.17b",),
    "fear": ("502.25b",),
    "double_strike": ("502.28b",),
}

_SR_RULES: dict[str, tuple[str, ...]] = {
    "skip_first_draw": ("A2.21",),
    "draw": ("C5.10",),
    "untap": ("C3.10",),
    "land_play": ("B12.72",),
    "sorcery_timing": ("D9.14",),
    "priority": ("D9.13",),
    "play": ("D10.10",),
    "pay": ("D10.18",),
    "stack": ("B16.62",),
    "resolve": ("D14.10",),
    "fizzle": ("D14.21",),
    "counter": ("D20.73",),
    "tap_ability": ("D4.40",),
    "tap_cost": ("A5.40",),
    "prevent_by_card": ("D20.83",),
    "attach_timestamp": ("D19.55",),
    "ability_not_spell": ("D3.50",),
    "damage_not_spell": ("C11.30",),
    "stays_instant": ("B12.53", "B16.11"),
    "stays_sorcery": ("B12.43", "B16.11"),
    "activate_own": ("D4.20",),
    "sorcery_ability": ("D4.50", "D9.14"),
    "mana_burn": ("C1.30",),
    "attack": ("C9.21",),
    "no_attackers": ("C9.40",),
    "block": ("C10.25",),
    "blocker": ("C10.21",),
    "assign": ("C11.21",),
    "assign_unblocked": ("C11.22",),
    "assign_blocked": ("C11.23",),
    "assign_blocker": ("C11.24",),
    "no_blockers_left": ("C11.23",),
    "blocking_nothing": ("C10.25", "C11.24"),
    "priority_after_play": ("D9.13", "D10.19"),
    "damage_on_stack": ("C11.30",),
    "damage_dealt": ("C11.41",),
    "damage_chunk": ("C11.25",),
    "sba": ("D21.30",),
    "sba_life": ("D21.51",),
    "both_lose": ("A3.41",),
    "sba_draw_empty": ("D21.56",),
    "sba_toughness": ("D21.52",),
    "sba_lethal": ("D21.53",),
    "sba_token": ("D21.55",),
    "sba_aura": ("D21.54",),
    "apnap": ("D11.30",),
    "cleanup_discard": ("C15.10",),
    "cleanup_damage": ("C15.20",),
    "target_protection": ("E3.22",),
    "damage_protection": ("E3.25",),
    "card_as_land": ("B12.76",),
    "no_mana_cost": ("B13.11", "B4.10", "D2.12"),
    "announce": ("D10.11",),
    "choose_mode": ("D10.12",),
    "choose_targets": ("D10.13",),
    "divide": ("D10.15",),
    "regenerate": ("D20.62",),
    "prevent_shield": ("D20.72",),
    "replacement_order": ("D20.91",),
    "shield_choice": ("D20.72",),
    "combat_removal": ("C7.20",),
    "loop": ("D22.40", "A3.42"),
    "loop_shortcut": ("D22.30",),
    "trigger_occurrences": ("D11.60",),
    "aura_move": ("B12.69",),
    "copy_spell": ("E4.80", "D2.11"),
    "copy_new_targets": ("E4.82",),
    "copy_ceases": ("E4.81", "D21.57"),
    "graveyard_target": ("B1.80",),
    "trample_undamageable": ("E3.104",),
    "team_wins": ("A3.23",),
    "multiplayer_attack": ("F4.30",),
    "shared_life": ("F7.41",),
    "leave_game": ("F1.41",),
    "replacement": ("D20.50",),
    "replacement_once": ("D20.61",),
    "look_back": ("D11.104",),
    "leaves_play_trigger": ("D11.103",),
    "redirect": ("D20.63",),
    "enters_replacement": ("D20.13",),
    "counters_cancel": ("D21.59",),
    "effect_loss": ("A3.22",),
    "effect_order": ("D19.51",),
    "intervening_if": ("D11.80",),
    "prevent_all": ("D20.72",),
    "type_set": ("B12.12",),
    "type_add": ("B12.13",),
    "abilities_removed": ("D8.10", "D8.20"),
    "sba_equipment": ("D21.58",),
    "duration": ("D19.34",),
    "control_change": ("D19.51",),
    "dependency": ("D19.53", "D19.54"),
    "text_change": ("D19.61",),
    "enters_choice": ("D11.105", "D20.12"),
    "creature_type": ("B12.14",),
    "replacement_chain": ("D20.92",),
    "delayed": ("D5.40", "D5.42"),
    "delayed_left": ("D5.44",),
    "delayed_event": ("D5.41",),
    "counted": ("D19.33",),
    "static_count": ("D19.41",),
    "change_target": ("D15.71",),
    "change_target_mode": ("D15.72",),
    "ability_zone": ("D3.80",),
    "zone_activated": ("D3.80",),
    "cost_zone": ("D3.95",),
    "zone_trigger": ("D3.96",),
    "moves_itself": ("D3.80", "D3.97"),
    "sacrifice_cost": ("D10.16",),
    "alternative_cost": ("D10.16", "D3.94"),
    "one_alternative": ("D10.12",),
    "cost_change": ("D10.16",),
    "own_cost": ("D3.93",),
    "converted_cost": ("B4.30",),
    "istocnik_by_effect": ("E3.53",),
    "aura_follows": ("D11.106",),
    "card_ability_targets": ("D15.10",),
    "ability_apart": ("D3.60",),
    "enchant_target": ("B12.65",),
    "state_trigger": ("D11.110",),
    "mana_trigger": ("D12.30",),
    "mana_trigger_stack": ("D7.50",),
    "mana_undefined": ("D7.60",),
    "apnap_choices": ("A4.40", "D14.24"),
    "impossible_choice": ("D14.23",),
    "stack_static": ("D13.30",),
    "hand_static": ("D13.40", "D2.50"),
    "attack_restriction": ("E1.20", "E1.40"),
    "block_restriction": ("E1.30", "E1.40"),
    "attack_requirement": ("E1.20",),
    "block_requirement": ("E1.30",),
    "requirements_most": ("E1.40", "E1.50"),
}
_SR_KEYWORDS: dict[str, tuple[str, ...]] = {
    "protection": ("E3.26",),
    "fear": ("E3.32",),
    "landwalk": ("E3.42",),
    "first_strike": ("E3.62",),
    "flying": ("E3.72",),
    "vigilance": ("E3.82",),
    "haste": ("E3.92",),
    "trample": ("E3.102",),
    "trample_no_blockers": ("E3.103",),
    "equip_instances": ("E3.124",),
}

_RU_KEYWORDS = {**keyword_citations("ru"), **_RU_KEYWORDS}
_JA_KEYWORDS = {**keyword_citations("ja"), **_JA_KEYWORDS}
_SR_KEYWORDS = {**keyword_citations("sr"), **_SR_KEYWORDS}
"""Every keyword of the document's list (ruling.engine.keywords), with the ids cited above kept."""

_BASIC_NAMES = ("Plains", "Island", "Swamp", "Mountain", "Forest")

PROFILES: dict[str, Profile] = {
    "ru-1999": Profile(
        "ru-1999",
        "ru",
        20,
        1,
        "first",
        False,
        1,
        True,
        _RU_RULES,
        _RU_KEYWORDS,
        trample_ignores_undamageable=True,
        land_type_basic=True,
        creature_type_words=TypeWords.ANY_CREATURE,
        basic_land_names=frozenset(_BASIC_NAMES),
    ),
    "ja-2004": Profile(
        "ja-2004",
        "ja",
        20,
        1,
        "oldest",
        False,
        1,
        True,
        _JA_RULES,
        _JA_KEYWORDS,
        world_rule=True,
        artifact_creature_keeps_types=True,
        basic_land_names=frozenset(
            (*_BASIC_NAMES, *(f"Snow-Covered {n}" for n in _BASIC_NAMES), "平地", "島", "沼", "山", "森")
        ),
    ),
    "sr-2007": Profile(
        "sr-2007",
        "sr",
        200,
        10,
        None,
        True,
        5,
        False,
        _SR_RULES,
        _SR_KEYWORDS,
        pt_order=PTOrder.LEVELS,
        priority_passes_after_play=True,
    ),
}


def get_profile(name: str) -> Profile:
    """Returns the profile named name, or raises with the known names."""
    try:
        return PROFILES[name]
    except KeyError:
        raise RulingError(f"unknown profile {name!r}; known: {', '.join(PROFILES)}") from None
