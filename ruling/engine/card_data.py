"""Reads cards from TOML tables: the starter library and the inline cards of scenarios.

Keys of a card: ``types`` (list), ``subtypes``, ``supertypes`` (or, for the three, ``type_line``: the type
line as printed, in any of the documents' languages), ``cost`` ("2GG", "XRR"), ``color`` (letters,
default from the cost), ``pt`` ("2/2"), ``keywords``, ``spell`` (effects done on resolution) or ``modes``
(``[{ name = …, effects = […] }, …]``, choose one), ``abilities`` (``cost`` with ``T``, mana and X, and
``effects``), ``triggers`` (``when`` and ``effects``), ``enchant``, ``static``, ``sacrifice`` (an additional
cost) and ``alternative`` (a cost paid instead of the mana cost: ``mana``, ``life`` and ``sacrifice``,
``return`` or ``remove`` tables with ``amount``, ``what``, ``subtype`` and ``of_color``).
Keys of an effect: ``effect`` from EFFECTS, ``amount`` (a number or "X"), ``power``, ``toughness``,
``target``, ``targets`` (how many: N, [MIN, MAX] or "any"), ``divided``, ``who``, ``mana``, ``token``,
``duration``, ``subtype``, ``no_regenerate``, ``pt`` (of a token, default "1/1"; "fade counters": each the
number of those counters on the permanent that made it). An ability may add ``remove_counters`` ("fade",
"2 +1/+1"), counters its own permanent loses as part of its cost.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources
from typing import Any

from ruling.engine.cards import (
    ABILITY_TIMINGS,
    ABILITY_ZONES,
    ANY_COLOUR,
    ANY_TYPE,
    AS_LONG_AS,
    BASIC_LAND_TYPES,
    CARD_TYPES,
    CHOICES,
    CHOSEN,
    COLOR_TRIGGERS,
    COLORS,
    COST_CHANGE_WHO,
    COST_CHANGES,
    COULD_PRODUCE,
    COUNTABLE,
    COUNTER_KINDS,
    COUNTER_KINDS_PATTERN,
    COUNTS,
    DELAYABLE,
    DELAYABLE_FOR_YOU,
    DELAYS,
    DURATIONS,
    EFFECTS,
    ENCHANTED_EVENTS,
    EVENT_DELAYS,
    FOR_PLAYERS,
    GRAVEYARD_TARGETS,
    LAND_TYPE_CHANGES,
    LAND_TYPES,
    MANA_TYPES,
    MANY_TYPES,
    PER_PLAYER_COUNTS,
    PLAYER_TRIGGERS,
    RETURN_ZONES,
    SACRIFICE_COSTS,
    SEARCH_ZONES,
    SELF_COSTS,
    SPELL_TARGETS,
    STATIC_COUNTS,
    SUPERTYPES,
    TARGETS,
    TRIGGERS,
    TYPE_TRIGGERS,
    WATCHING,
    WHO,
    ZONE_NAMES,
    ZONE_TRIGGERS,
    Ability,
    AlternativeCost,
    CardDef,
    CostAction,
    CostPart,
    Effect,
    EffectKind,
    Mode,
    Trigger,
    TriggerKind,
    check_keyword,
    keyword_rule_key,
    valid_cost,
    with_land_abilities,
)
from ruling.engine.type_lines import parse_type_line
from ruling.errors import NotationError
from ruling.numbers import is_whole, read_whole

EFFECT_KEYS = {
    "effect",
    "amount",
    "power",
    "toughness",
    "target",
    "targets",
    "divided",
    "who",
    "mana",
    "token",
    "duration",
    "subtype",
    "no_regenerate",
    "pt",
    "zone",
    "what",
    "keyword",
    "color",
    "of_color",
    "not_color",
    "not_type",
    "optional",
    "new_targets",
    "gains_this_ability",
    "kicked",
    "threshold",
    "as_long_as",
    "choice",
    "from",
    "to",
    "at",
    "watching",
    "count",
    "could",
    "card_type",
    "characteristic",
    "life_at_most",
    "cmc",
    "up_to",
    "chosen_by",
}
CARD_KEYS = {
    "enchant",
    "static",
    "type_line",
    "types",
    "subtypes",
    "supertypes",
    "cost",
    "color",
    "pt",
    "keywords",
    "spell",
    "modes",
    "abilities",
    "triggers",
    "halves",
    "sacrifice",
    "alternative",
}
ALTERNATIVE_KEYS = {"mana", "life", *(action.value for action in CostAction)}
PART_KEYS = {"amount", "what", "subtype", "of_color"}
ABILITY_KEYS = {"cost", "effects", "zone", "self_cost", "only", "sacrifice", "remove_counters"}
_PT_COUNTERS = re.compile(rf"(?P<kind>{COUNTER_KINDS_PATTERN}) counters")
_REMOVE_COUNTERS = re.compile(rf"(?:(?P<n>[1-9][0-9]?) )?(?P<kind>{COUNTER_KINDS_PATTERN})")
TRIGGER_KEYS = {"when", "effects", "what", "of_color", "not_color", "zone", "watches", "another"}
DAMAGED_PLAYERS = ("you", "opponent", "each_player", "that_player")
"""Whom a damage effect without a target deals its damage to."""


def _fail(path: str, line: int, message: str) -> NotationError:
    return NotationError(path, line, message)


def _strings(name: str, raw: dict[str, Any], key: str, where: tuple[str, int]) -> tuple[str, ...]:
    value = raw.get(key, [])
    if not isinstance(value, list) or any(not isinstance(v, str) for v in value):
        raise _fail(*where, f"card {name!r}: expected {key} = a list of strings, got {value!r}")
    return tuple(value)


def _text(owner: str, raw: dict[str, Any], key: str, where: tuple[str, int]) -> str:
    value = raw.get(key, "")
    if not isinstance(value, str):
        raise _fail(*where, f"{owner}: expected {key} = a string, got {value!r}")
    return value


def _flag(owner: str, raw: dict[str, Any], key: str, where: tuple[str, int]) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise _fail(*where, f"{owner}: expected {key} = true or false, got {value!r}")
    return value


def _number(owner: str, raw: dict[str, Any], key: str, where: tuple[str, int]) -> int:
    value = raw.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(*where, f"{owner}: expected {key} = a whole number, got {value!r}")
    return value


def _tables(name: str, raw: dict[str, Any], key: str, where: tuple[str, int]) -> list[dict[str, Any]]:
    value = raw.get(key, [])
    if not isinstance(value, list) or any(not isinstance(v, dict) for v in value):
        raise _fail(*where, f"card {name!r}: expected {key} = a list of tables, got {value!r}")
    return value


def _cost(owner: str, raw: dict[str, Any], where: tuple[str, int], tap: bool) -> str:
    cost = _text(owner, raw, "cost", where)
    if not valid_cost(cost.replace("T", "", 1) if tap else cost):
        shape = '"T", ' if tap else ""
        raise _fail(
            *where,
            f'{owner}: expected a cost like {shape}"3", "2GG" or "XR" (X, generic, then {COLORS}), '
            f"got {cost!r}",
        )
    return cost


def _target_count(raw: Any, where: tuple[str, int]) -> tuple[int, int]:
    if raw == "any":
        return 1, 0
    if isinstance(raw, int) and raw >= 1:
        return raw, raw
    if isinstance(raw, list) and len(raw) == 2 and all(isinstance(n, int) for n in raw):
        low, high = raw
        if 1 <= low <= high:
            return low, high
    raise _fail(*where, f'expected targets = N, [MIN, MAX] or "any", got {raw!r}')


def _effect(raw: Any, where: tuple[str, int]) -> Effect:
    if not isinstance(raw, dict) or raw.get("effect") not in EFFECTS:
        raise _fail(*where, f"expected an effect table with effect one of {', '.join(EFFECTS)}, got {raw!r}")
    if extra := set(raw) - EFFECT_KEYS:
        raise _fail(
            *where,
            f"unknown effect key(s) {', '.join(sorted(extra))}; expected {', '.join(sorted(EFFECT_KEYS))}",
        )
    target = raw.get("target")
    if target is not None and target not in TARGETS:
        raise _fail(*where, f"expected target one of {', '.join(TARGETS)}, got {target!r}")
    who = raw.get("who", "target" if target else "you")
    if who not in WHO:
        raise _fail(*where, f"expected who one of {', '.join(WHO)}, got {who!r}")
    duration = str(raw.get("duration", ""))
    if duration not in DURATIONS:
        raise _fail(*where, f"expected duration one of {DURATIONS}, got {duration!r}")
    count = _choice(f"effect {raw['effect']!r}", raw, "count", COUNTS, where)
    amount = raw.get("amount", 1 if count or raw["effect"] in _CARD_COUNTS else 0)
    if amount != "X" and not isinstance(amount, int):
        raise _fail(*where, f'expected amount a whole number or "X", got {amount!r}')
    if raw["effect"] == "counters" and (amount == "X" or amount < 1):
        raise _fail(
            *where,
            f"expected a counters effect to put 1 or more +1/+1 counters, got amount = {amount!r} "
            "(-1/-1 counters are not in the card vocabulary)",
        )
    low, high = _target_count(raw.get("targets", 1), where) if target else (1, 1)
    owner = f"effect {raw['effect']!r}"
    divided = _flag(owner, raw, "divided", where)
    if divided and (raw["effect"] != "damage" or not target):
        raise _fail(*where, "expected divided only on a damage effect with a target")
    if raw["effect"] == "damage" and not target and who not in (*DAMAGED_PLAYERS, "chosen"):
        whom = ", ".join(DAMAGED_PLAYERS)
        raise _fail(*where, f"{owner}: expected a target, or who one of {whom}, got {who!r}")
    at = _choice(owner, raw, "at", DELAYS, where)
    watching = _choice(owner, raw, "watching", WATCHING, where)
    _check_delay(owner, raw, at, watching, who, where)
    _check_count(owner, raw, count, where)
    if raw["effect"] == "attack_you_only" and not raw.get("keyword"):
        raise _fail(*where, f'{owner}: expected keyword = "flying" (only creatures with it can attack you)')
    if raw["effect"] == "redirect" and (
        target not in ("creature", "creature_or_player")
        or who not in ("self", "you")
        or amount == "X"
        or amount < 1
    ):
        raise _fail(
            *where,
            f'{owner}: expected who = "self" or "you" (whose damage is redirected), amount 1 or more and '
            'target = "creature" or "creature_or_player" (where it goes)',
        )
    if "characteristic" in raw and raw["effect"] not in ("grant", "add_type"):
        raise _fail(*where, f"{owner}: characteristic is for a static grant or add_type")
    if raw["effect"] == "add_type" and raw.get("what") != "artifact":
        raise _fail(*where, f'{owner}: expected what = "artifact", the card type it adds')
    if raw.get("card_type") and raw["effect"] != "animate":
        raise _fail(*where, f'{owner}: card_type is for animate ("becomes a 2/2 artifact creature")')
    if raw["effect"] in ("set_subtype", "add_subtype") and (
        bool(raw.get("subtype")) == (raw.get("choice") == "creature_type") or raw.get("subtype") == CHOSEN
    ):
        raise _fail(
            *where,
            f'{owner}: expected subtype = "TYPE" (a creature type) or choice = "creature_type" (chosen on '
            "resolution), one of them",
        )
    if raw["effect"] == "change_target" and target != "spell_with_one_target":
        raise _fail(
            *where, f'{owner}: expected target = "spell_with_one_target" (the spell whose target it changes)'
        )
    copies = raw["effect"] == "copy_spell"
    if copies != (target == "instant_or_sorcery_spell") and raw["effect"] != "counter":
        raise _fail(
            *where,
            f'{owner}: expected target = "instant_or_sorcery_spell" on copy_spell (the spell it copies), and '
            "that target only on copy_spell or counter",
        )
    if target in GRAVEYARD_TARGETS and (raw["effect"] != "move" or raw.get("zone") == "graveyard"):
        raise _fail(
            *where,
            f'{owner}: a card in a graveyard is a target of move only, to zone = "hand", "library" or '
            '"removed" ("return target creature card in your graveyard to your hand")',
        )
    if raw.get("gains_this_ability") and raw["effect"] != "copy":
        raise _fail(
            *where, f"{owner}: gains_this_ability is for copy (the copy keeps the ability that made it)"
        )
    if raw.get("new_targets") and raw["effect"] != "copy_spell":
        raise _fail(*where, f"{owner}: new_targets is for copy_spell (the copy may get new targets)")
    if raw["effect"] == "wish" and not raw.get("what"):
        raise _fail(*where, f'{owner}: expected what = "instant" (the card type a wish may bring)')
    if raw["effect"] == "phase_all" and not raw.get("what"):
        raise _fail(
            *where,
            f'{owner}: expected what = "creature" (the card type of the permanents that phase in and out)',
        )
    if raw["effect"] == "phase_out" and not target and who != "self":
        raise _fail(*where, f'{owner}: expected a target or who = "self" (the permanent that phases out)')
    if raw["effect"] == "move_aura" and target != "enchantment":
        raise _fail(*where, f'{owner}: expected target = "enchantment" (the local enchantment it moves)')
    for key in ("not_color", "not_type"):
        if key == "not_type" and raw["effect"] == "discard_all":
            continue
        if raw.get(key) and target in (None, "player", "opponent", *SPELL_TARGETS, *GRAVEYARD_TARGETS):
            raise _fail(*where, f"{owner}: expected {key} only on an effect that targets a permanent")
    returns = raw["effect"] == "return_self"
    zones = RETURN_ZONES if returns else SEARCH_ZONES if raw["effect"] == "search" else ZONE_NAMES
    _check_library(owner, raw, target, amount, where)
    if raw["effect"] in ("move", "return_self", "search") and not raw.get("zone"):
        raise _fail(
            *where, f"{owner}: expected zone = one of {', '.join(zones)} for a {raw['effect']} effect"
        )
    token_pt, pt_counters = _token_size(owner, raw, where)
    return Effect(
        EffectKind(raw["effect"]),
        0 if amount == "X" else amount,
        _number(owner, raw, "power", where),
        _number(owner, raw, "toughness", where),
        target,
        who,
        _mana(owner, raw, where),
        _text(owner, raw, "token", where),
        x=amount == "X",
        divided=divided,
        min_targets=low,
        max_targets=high,
        duration=duration,
        subtype=_text(owner, raw, "subtype", where),
        no_regenerate=_flag(owner, raw, "no_regenerate", where),
        token_pt=token_pt,
        pt_counters=pt_counters,
        zone=_choice(owner, raw, "zone", zones, where),
        what=_choice(owner, raw, "what", _whats(raw["effect"]), where),
        keyword=_keyword(owner, raw, where),
        color=_colors(owner, raw, "color", where),
        of_color=_colors(owner, raw, "of_color", where),
        not_color=_colors(owner, raw, "not_color", where),
        could=_choice(owner, raw, "could", COULD_PRODUCE, where),
        card_type=_choice(owner, raw, "card_type", ("artifact",), where),
        characteristic=_flag(
            owner, {"characteristic": raw["effect"] == "add_type", **raw}, "characteristic", where
        ),
        not_type=_choice(owner, raw, "not_type", CARD_TYPES, where),
        optional=_flag(owner, raw, "optional", where),
        new_targets=_flag(owner, raw, "new_targets", where),
        gains_this_ability=_flag(owner, raw, "gains_this_ability", where),
        kicked=_flag(owner, raw, "kicked", where),
        threshold=_flag(owner, raw, "threshold", where),
        as_long_as=_choice(owner, raw, "as_long_as", AS_LONG_AS, where),
        choice=_choice(owner, raw, "choice", CHOICES, where),
        words=_words(owner, raw, where),
        at=at,
        watching=watching,
        count=count,
        cmc=_cmc(owner, raw, where),
        up_to=_flag(owner, raw, "up_to", where),
        chosen_by=_chosen_by(owner, raw, target, where),
        life_at_most=_cost_change(owner, raw, who, amount, where),
    )


def _chosen_by(owner: str, raw: dict[str, Any], target: str | None, where: tuple[str, int]) -> str:
    """Reads who chooses an effect's target when not the ability's controller: ``that_player``."""
    chosen_by = _choice(owner, raw, "chosen_by", ("that_player",), where)
    if chosen_by and not target:
        raise _fail(*where, f"{owner}: chosen_by names who chooses a target; expected a target with it")
    return chosen_by


_CARD_COUNTS = ("mill", "search")
"""The effects whose amount is a number of cards, 1 unless written ("search your library for a Forest")."""
_BY_COST = ("destroy_all", "discard_all")
"""The effects that may be limited to objects of one converted mana cost (``cmc``)."""


def _whats(effect: str) -> tuple[str, ...]:
    """Returns the ``what`` an effect may name: a card type, or for an effect on every object of a kind
    also several ("artifact_or_creature")."""
    return (*CARD_TYPES, *MANY_TYPES) if effect in _BY_COST else CARD_TYPES


def _cmc(owner: str, raw: dict[str, Any], where: tuple[str, int]) -> str:
    """Reads the converted mana cost an effect is limited to: a whole number, or the chosen number."""
    value = raw.get("cmc")
    if value is None:
        return ""
    if raw["effect"] not in _BY_COST:
        raise _fail(*where, f"{owner}: cmc is for {' and '.join(_BY_COST)}")
    if value == CHOSEN:
        return CHOSEN
    if isinstance(value, int) and not isinstance(value, bool):
        return str(read_whole(str(value), "a converted mana cost", where))
    raise _fail(
        *where, f'{owner}: expected cmc a whole number or "{CHOSEN}" (the number chosen), got {value!r}'
    )


def _check_library(
    owner: str, raw: dict[str, Any], target: str | None, amount: object, where: tuple[str, int]
) -> None:
    """Checks the effects on libraries and hands (mill and search take a whole amount, search a land type
    or a card type to find, mill and discard_all act on players) and choose_number, which takes no key."""
    effect = raw["effect"]
    if raw.get("up_to") and effect != "search":
        raise _fail(*where, f"{owner}: up_to is for search")
    if effect in _CARD_COUNTS and (amount == "X" or not isinstance(amount, int) or amount < 1):
        raise _fail(*where, f"{owner}: expected amount = 1 or more cards")
    if effect in ("mill", "discard_all") and target not in (None, "player", "opponent"):
        raise _fail(*where, f'{owner}: expected target = "player" or "opponent", or who, for {effect}')
    if effect == "search" and target:
        raise _fail(*where, f"{owner}: a search is of its controller's library: expected no target")
    if effect == "search" and bool(raw.get("subtype")) == bool(raw.get("what")):
        raise _fail(
            *where,
            f"{owner}: expected subtype = one of {', '.join(BASIC_LAND_TYPES)} (a land type) or "
            'what = "TYPE" (a card type), one of them',
        )
    if effect == "search" and raw.get("subtype") and raw["subtype"] not in BASIC_LAND_TYPES:
        raise _fail(*where, f"{owner}: expected subtype one of {', '.join(BASIC_LAND_TYPES)}")
    if effect == "choose_number" and set(raw) - {"effect"}:
        raise _fail(*where, f"{owner}: choose_number takes no other key")


def _cost_change(owner: str, raw: dict[str, Any], who: str, amount: object, where: tuple[str, int]) -> int:
    """Checks a cost change ("spells cost {1} more to play") and returns its life condition, which only a
    change of the card's own cost has."""
    life = _number(owner, raw, "life_at_most", where)
    if raw["effect"] not in COST_CHANGES:
        if "life_at_most" in raw:
            raise _fail(*where, f"{owner}: life_at_most is for cost_more and cost_less")
        return 0
    if not isinstance(amount, int) or amount < 1 or raw.get("target"):
        raise _fail(*where, f"{owner}: expected amount = 1 or more generic mana, and no target")
    if who not in COST_CHANGE_WHO:
        raise _fail(*where, f"{owner}: expected who one of {', '.join(COST_CHANGE_WHO)} (whose spells)")
    if "life_at_most" in raw and (who != "self" or life < 1):
        raise _fail(
            *where, f'{owner}: expected life_at_most = 1 or more, and only with who = "self" (its own cost)'
        )
    return life


def _check_count(owner: str, raw: dict[str, Any], count: str, where: tuple[str, int]) -> None:
    """Checks that a counted amount is one the vocabulary counts: a whole number per thing counted, on an
    effect whose amount (or pump) it may be, done once on resolution."""
    if not count:
        return
    effect = raw["effect"]
    if effect not in COUNTABLE:
        raise _fail(*where, f"{owner}: expected count only on a {', '.join(COUNTABLE)} effect")
    if count in PER_PLAYER_COUNTS and effect not in FOR_PLAYERS:
        raise _fail(*where, f"{owner}: expected count = {count!r} only on a {', '.join(FOR_PLAYERS)} effect")
    if raw.get("amount") == "X" or raw.get("divided") or raw.get("as_long_as") or raw.get("at"):
        raise _fail(
            *where,
            f"{owner}: a counted amount is a whole number per thing counted, counted once on resolution; "
            'expected no amount = "X", divided, as_long_as or at with count',
        )
    if effect == "pump" and not (raw.get("power") or raw.get("toughness")):
        raise _fail(*where, f"{owner}: expected power or toughness per thing counted with count")


def _check_delay(
    owner: str, raw: dict[str, Any], at: str, watching: str, who: str, where: tuple[str, int]
) -> None:
    """Checks that a delayed instruction does what a delayed ability of the vocabulary may do: to the
    permanent it refers to, or (for a delay until an event) to its controller."""
    if watching and at not in EVENT_DELAYS:
        raise _fail(*where, f"{owner}: expected watching only with at = {' or '.join(EVENT_DELAYS)}")
    if not at:
        return
    allowed: tuple[str, ...]
    if at not in EVENT_DELAYS:
        allowed = DELAYABLE
    elif at == "leaves_play":
        allowed = DELAYABLE_FOR_YOU
    else:
        allowed = DELAYABLE + DELAYABLE_FOR_YOU
    if raw["effect"] not in allowed:
        raise _fail(*where, f"{owner}: expected at = {at!r} only on a {' or '.join(allowed)} effect")
    if raw["effect"] in DELAYABLE_FOR_YOU and who != "you":
        raise _fail(*where, f'{owner}: expected who = "you" (the delayed ability\'s controller), got {who!r}')


def _words(owner: str, raw: dict[str, Any], where: tuple[str, int]) -> tuple[str, str]:
    """Reads the words a text-changing effect replaces (``from``) and puts in their place (``to``): both
    colour letters, or both basic land types."""
    old, new = _text(owner, raw, "from", where), _text(owner, raw, "to", where)
    if raw.get("effect") != "change_text":
        if old or new:
            raise _fail(*where, f"{owner}: 'from' and 'to' belong to a change_text effect")
        return "", ""
    if not old and not new and raw.get("choice") in ("colour", "land_type"):
        return "", ""
    colours = len(old) == 1 and len(new) == 1 and old in COLORS and new in COLORS
    lands = old in LAND_TYPES and new in LAND_TYPES
    if not (colours or lands) or old == new:
        raise _fail(
            *where,
            f"{owner}: expected from and to two different colour letters ({COLORS}) or basic land types "
            f'({", ".join(LAND_TYPES)}), or none and choice = "colour" or "land_type" (chosen on '
            f"resolution), got {old!r} and {new!r}",
        )
    return old, new


def _mana(owner: str, raw: dict[str, Any], where: tuple[str, int]) -> str:
    """Reads the mana an effect adds: symbols of the five colours and C, the chosen colour, or mana of any
    colour or type chosen as it resolves (``could``: from the lands of whom)."""
    value = _text(owner, raw, "mana", where)
    could = raw.get("could")
    if could and value not in (ANY_COLOUR, ANY_TYPE):
        raise _fail(*where, f'{owner}: expected could only with mana = "{ANY_COLOUR}" or "{ANY_TYPE}"')
    if value == ANY_TYPE and not could:
        whose = " or ".join(COULD_PRODUCE)
        raise _fail(*where, f'{owner}: expected could = {whose} with mana = "{ANY_TYPE}"')
    if value in (CHOSEN, ANY_COLOUR, ANY_TYPE) or all(s in MANA_TYPES for s in value):
        return value
    raise _fail(
        *where,
        f"{owner}: expected mana = letters from {MANA_TYPES}, {CHOSEN!r}, {ANY_COLOUR!r} or {ANY_TYPE!r}, "
        f"got {value!r}",
    )


def _keyword(owner: str, raw: dict[str, Any], where: tuple[str, int]) -> str:
    value = _text(owner, raw, "keyword", where)
    if value and not check_keyword(value):
        raise _fail(*where, f"{owner}: unknown keyword {value!r}")
    return value


def _colors(owner: str, raw: dict[str, Any], key: str, where: tuple[str, int]) -> str:
    value = _text(owner, raw, key, where)
    if value == CHOSEN:
        return value
    if any(c not in COLORS for c in value):
        raise _fail(*where, f"{owner}: expected {key} = letters from {COLORS}, got {value!r}")
    return value


def _choice(
    owner: str, raw: dict[str, Any], key: str, allowed: tuple[str, ...], where: tuple[str, int]
) -> str:
    value = _text(owner, raw, key, where)
    if value and value not in allowed:
        raise _fail(*where, f"{owner}: expected {key} one of {', '.join(allowed)}, got {value!r}")
    return value


def _token_size(owner: str, raw: dict[str, Any], where: tuple[str, int]) -> tuple[tuple[int, int], str]:
    """Returns a token's power and toughness ``pt`` ("1/1" by default), or 0/0 and the kind of counters
    they count when it says "fade counters"."""
    text = str(raw.get("pt", "1/1"))
    counted = _PT_COUNTERS.fullmatch(text)
    if counted is not None:
        if raw["effect"] != "token":
            raise _fail(*where, f'{owner}: pt = "KIND counters" is for a token effect, got {text!r}')
        return (0, 0), counted["kind"]
    left, sep, right = text.partition("/")
    if not (sep and is_whole(left) and is_whole(right)):
        raise _fail(
            *where,
            f'expected a token pt = "P/T", or "KIND counters" (each the number of those counters on the '
            f"permanent that made it; KIND one of {', '.join(COUNTER_KINDS)}), got {raw['pt']!r}",
        )
    power = read_whole(left, "a token's power", where)
    return (power, read_whole(right, "a token's toughness", where)), ""


def _effects(raw: Any, where: tuple[str, int], names_player: bool = False) -> tuple[Effect, ...]:
    """Reads a list of effects; only those of a trigger whose event names a player (names_player) may act
    on "that player"."""
    if not isinstance(raw, list):
        raise _fail(*where, f"expected a list of effect tables, got {raw!r}")
    effects = tuple(_effect(item, where) for item in raw)
    for index, effect in enumerate(effects):
        before = {e.kind for e in effects[:index]}
        if effect.cmc == CHOSEN and "choose_number" not in before:
            raise _fail(*where, f'effect {effect.kind!r}: cmc = "{CHOSEN}" needs a choose_number before it')
        if effect.count == "milled_cost" and "mill" not in before:
            raise _fail(*where, f'effect {effect.kind!r}: count = "milled_cost" needs a mill before it')
    for key in ("who", "chosen_by"):
        if not names_player and any(getattr(e, key) == "that_player" for e in effects):
            raise _fail(
                *where,
                f'{key} = "that_player" needs a trigger whose event names a player: '
                f"{', '.join(PLAYER_TRIGGERS)}",
            )
    return effects


def _modes(name: str, raw: Any, where: tuple[str, int]) -> tuple[Mode, ...]:
    if not isinstance(raw, list) or any(not isinstance(m, dict) or "name" not in m for m in raw):
        raise _fail(*where, f"card {name!r}: expected modes = [{{ name = …, effects = […] }}, …]")
    return tuple(Mode(str(m["name"]), _effects(m.get("effects", []), where)) for m in raw)


def _pt(name: str, raw: dict[str, Any], where: tuple[str, int]) -> tuple[int, int]:
    pt = _text(f"card {name!r}", raw, "pt", where)
    left, sep, right = pt.partition("/")
    if not (sep and is_whole(left, signed=True) and is_whole(right, signed=True)):
        raise _fail(*where, f'card {name!r}: a creature needs pt = "P/T", got {pt!r}')
    return (
        read_whole(left, f"card {name!r}: power", where, signed=True),
        read_whole(right, f"card {name!r}: toughness", where, signed=True),
    )


def _check_choices(
    name: str, static: tuple[Effect, ...], others: list[Effect | Ability | Trigger], where: tuple[str, int]
) -> None:
    """Checks the vocabulary of choices: ``who = "chosen"`` (the chosen player's creatures) only in a
    static ability of a card that asks for an opponent as it comes into play."""
    effects = [e for item in others for e in (item.effects if not isinstance(item, Effect) else (item,))]
    chooses = {e.choice for e in static if e.kind == "choose"}
    if any(e.who == CHOSEN for e in effects):
        raise _fail(*where, f'card {name!r}: who = "chosen" is for static abilities only')
    if any(e.who == CHOSEN for e in static) and "opponent" not in chooses:
        raise _fail(*where, f'card {name!r}: who = "chosen" needs a choose effect with choice = "opponent"')


def _type_line(name: str, raw: dict[str, Any], where: tuple[str, int]) -> dict[str, Any]:
    """Returns the table with the types, supertypes, subtypes and enchant its ``type_line`` says."""
    if "type_line" not in raw:
        return raw
    owner = f"card {name!r}"
    if given := sorted({"types", "subtypes", "supertypes"} & set(raw)):
        raise _fail(*where, f"{owner}: expected either type_line or {', '.join(given)}, not both")
    line = parse_type_line(owner, _text(owner, raw, "type_line", where), where)
    if line.enchant and raw.get("enchant", line.enchant) != line.enchant:
        raise _fail(
            *where, f"{owner}: its type_line enchants {line.enchant}, its enchant = {raw['enchant']!r}"
        )
    read = {"types": list(line.types), "subtypes": list(line.subtypes), "supertypes": list(line.supertypes)}
    return {**raw, **read, **({"enchant": line.enchant} if line.enchant else {})}


def card_from_table(name: str, raw: dict[str, Any], where: tuple[str, int]) -> CardDef:
    """Builds a card from its TOML table; where names the file and line for errors."""
    raw = _type_line(name, raw, where)
    types = _strings(name, raw, "types", where)
    if not types or any(t not in CARD_TYPES for t in types):
        raise _fail(*where, f"card {name!r}: expected types from {', '.join(CARD_TYPES)}, got {types!r}")
    if extra := set(raw) - CARD_KEYS:
        raise _fail(*where, f"card {name!r}: unknown key(s) {', '.join(sorted(extra))}")
    keywords = _strings(name, raw, "keywords", where)
    for keyword in keywords:
        if not check_keyword(keyword):
            raise _fail(*where, f"card {name!r}: unknown keyword {keyword!r}")
    power, toughness = _pt(name, raw, where) if "creature" in types else (0, 0)
    owner = f"card {name!r}"
    cost = _cost(owner, raw, where, tap=False)
    colors = _text(owner, raw, "color", where) if "color" in raw else ""
    if any(c not in COLORS for c in colors):
        raise _fail(*where, f"{owner}: expected color = letters from {COLORS}, got {colors!r}")
    colors = colors or "".join(dict.fromkeys(c for c in cost if c in COLORS))
    abilities = tuple(_ability(f"{owner} ability", a, where) for a in _tables(name, raw, "abilities", where))
    triggers = [_trigger(f"{owner} trigger", t, where) for t in _tables(name, raw, "triggers", where)]
    spell = _effects(raw.get("spell", []), where)
    if any(e.kind == "return_self" for e in spell):
        raise _fail(*where, f"{owner}: return_self is for abilities that work from the graveyard, not spells")
    enchant = raw.get("enchant")
    if enchant is not None and (
        enchant not in ("creature", "land", "artifact") or "enchantment" not in types
    ):
        raise _fail(*where, f"card {name!r}: enchant is for enchantments: creature, land or artifact")
    cycles = {"cycling", "landcycling"} & {keyword_rule_key(k) for k in keywords}
    if not cycles and any(t.when == "cycled" for t in triggers):
        raise _fail(*where, f'card {name!r}: when = "cycled" needs a cycling or landcycling keyword')
    if enchant != "creature" and any(t.watches for t in triggers):
        raise _fail(*where, f'card {name!r}: watches = "enchanted" is for auras with enchant = "creature"')
    supertypes = _strings(name, raw, "supertypes", where)
    if unknown := [s for s in supertypes if s not in SUPERTYPES]:
        raise _fail(
            *where, f"card {name!r}: expected supertypes from {', '.join(SUPERTYPES)}, got {unknown!r}"
        )
    if "spell" in raw and "modes" in raw:
        raise _fail(*where, f"card {name!r}: expected either spell or modes, not both")
    halves = _halves(name, raw, types, where)
    colors = "".join(dict.fromkeys(c for h in halves for c in h.colors)) if halves else colors
    static = _effects(raw.get("static", []), where)
    if any(e.count and (e.kind != "pump" or e.count not in STATIC_COUNTS) for e in static):
        raise _fail(
            *where,
            f"card {name!r}: a static ability counts only on pump, expected count one of "
            f"{', '.join(STATIC_COUNTS)}",
        )
    ability_effects = [*(e for a in abilities for e in a.effects), *(e for t in triggers for e in t.effects)]
    if any(
        e.kind == "add_type" or (e.kind == "grant" and e.characteristic) for e in (*spell, *ability_effects)
    ):
        raise _fail(
            *where,
            f"card {name!r}: add_type and characteristic = true are for static abilities only",
        )
    if any(e.kind == "prevent_all" and (e.who == "self") == (e.what == "creature") for e in static):
        raise _fail(
            *where,
            f"card {name!r}: a static prevent_all prevents all damage that would be dealt to the permanent "
            '(who = "self") or all damage creatures would deal (what = "creature"); expected one of them',
        )
    _check_choices(name, static, [*spell, *abilities, *triggers], where)
    modes = _modes(name, raw["modes"], where) if "modes" in raw else ()
    sacrifice = _choice(owner, raw, "sacrifice", SACRIFICE_COSTS[1:], where)
    if sacrifice and "land" in types:
        raise _fail(*where, f"{owner}: a land is played without a cost; expected no sacrifice")
    if any(e.count == "sacrificed_power" for e in ability_effects):
        raise _fail(*where, f'{owner}: count = "sacrificed_power" is for spells with a sacrifice cost')
    counts = [e.count for e in (*spell, *(e for m in modes for e in m.effects))]
    if "sacrificed_power" in counts and sacrifice != "creature":
        raise _fail(
            *where, f'{owner}: count = "sacrificed_power" needs sacrifice = "creature" (an additional cost)'
        )
    one_shot = (*spell, *ability_effects, *(e for m in modes for e in m.effects))
    if any(e.kind in COST_CHANGES or e.kind in LAND_TYPE_CHANGES for e in one_shot):
        raise _fail(*where, f"card {name!r}: cost and land type changes are static abilities only")
    if any(e.count == "sharing_type" for e in one_shot):
        raise _fail(*where, f'card {name!r}: count = "sharing_type" is for static abilities only')
    for effect in (e for e in static if e.kind in LAND_TYPE_CHANGES):
        if enchant != "land" or effect.subtype not in BASIC_LAND_TYPES:
            raise _fail(
                *where,
                f'card {name!r}: {effect.kind} is for an aura with enchant = "land", with subtype one of '
                f"{', '.join(BASIC_LAND_TYPES)}",
            )
    subtypes = _strings(name, raw, "subtypes", where)
    return CardDef(
        name=name,
        types=types,
        subtypes=subtypes,
        supertypes=supertypes,
        cost=cost,
        colors=colors,
        power=power,
        toughness=toughness,
        keywords=keywords,
        spell=spell,
        abilities=with_land_abilities(types, subtypes, abilities),
        triggers=tuple(triggers),
        enchant=enchant,
        static=static,
        modes=modes,
        halves=halves,
        sacrifice=sacrifice,
        alternative=_alternative(owner, raw, types, sacrifice, where),
    )


def _alternative(
    owner: str, raw: dict[str, Any], types: tuple[str, ...], sacrifice: str, where: tuple[str, int]
) -> AlternativeCost | None:
    """Reads a cost the card's player may pay instead of its mana cost: mana, life, and the objects it takes
    (``return = { subtype = "Island", amount = 3 }``)."""
    if "alternative" not in raw:
        return None
    table = raw["alternative"]
    expected = f"alternative = a table of {', '.join(sorted(ALTERNATIVE_KEYS))}"
    if not isinstance(table, dict) or not table or set(table) - ALTERNATIVE_KEYS:
        raise _fail(*where, f"{owner}: expected {expected}, got {table!r}")
    if "land" in types:
        raise _fail(*where, f"{owner}: a land is played without a cost; expected no alternative")
    what = f"{owner} alternative"
    mana = _text(what, table, "mana", where)
    if not valid_cost(mana) or "X" in mana:
        raise _fail(*where, f'{what}: expected mana = a cost without X like "1U", or none, got {mana!r}')
    life = _number(what, table, "life", where)
    parts: list[CostPart] = []
    for action in CostAction:
        if action.value in table:
            parts.append(_cost_part(f"{what} {action.value}", action, table[action.value], where))
    if sacrifice and any(p.action is CostAction.SACRIFICE for p in parts):
        raise _fail(*where, f"{owner}: a sacrifice goes in sacrifice or in alternative, not both")
    if life < 0 or (not (mana or life or parts) and "mana" not in table):
        raise _fail(*where, f'{what}: expected life 0 or more, and mana, life or a part (mana = "" is free)')
    return AlternativeCost(mana, life, tuple(parts))


def _cost_part(owner: str, action: CostAction, raw: Any, where: tuple[str, int]) -> CostPart:
    """Reads a part of a cost paid with objects: how many, of what card type, creature or land type and
    colour."""
    if not isinstance(raw, dict) or set(raw) - PART_KEYS:
        raise _fail(*where, f"{owner}: expected a table of {', '.join(sorted(PART_KEYS))}, got {raw!r}")
    amount = raw.get("amount", 1)
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        raise _fail(*where, f"{owner}: expected amount = 1 or more, got {amount!r}")
    what = _choice(owner, raw, "what", CARD_TYPES, where)
    subtype = _text(owner, raw, "subtype", where)
    return CostPart(action, amount, what, subtype, _colors(owner, raw, "of_color", where))


def _ability(owner: str, raw: dict[str, Any], where: tuple[str, int]) -> Ability:
    """Reads an activated ability; one that works from a hand or a graveyard can't be paid by tapping or
    sacrificing its card, and a cost paid with the card itself fixes the zone (ja 402.8, sr D3.97)."""
    if extra := set(raw) - ABILITY_KEYS:
        raise _fail(*where, f"{owner}: unknown key(s) {', '.join(sorted(extra))}")
    zone = _choice(owner, raw, "zone", ABILITY_ZONES, where)
    self_cost = _choice(owner, raw, "self_cost", tuple(SELF_COSTS), where)
    if zone and self_cost and SELF_COSTS[self_cost] != zone:
        raise _fail(
            *where,
            f"{owner}: a {self_cost!r} cost is paid from the {SELF_COSTS[self_cost]}, so the ability works "
            f"only there; expected no zone or zone = {SELF_COSTS[self_cost]!r}, got {zone!r}",
        )
    ability = Ability(
        _cost(owner, raw, where, tap=True),
        _effects(raw.get("effects", []), where),
        zone,
        self_cost,
        _choice(owner, raw, "only", ABILITY_TIMINGS, where),
        _choice(owner, raw, "sacrifice", SACRIFICE_COSTS, where),
        *_remove_counters(owner, raw, where),
    )
    if ability.works_from and ability.remove_counters:
        raise _fail(
            *where, f"{owner}: it works from the {ability.works_from}, where its card has no counters"
        )
    if ability.works_from and ability.sacrifice == "self":
        raise _fail(
            *where,
            f"{owner}: it works from the {ability.works_from}, where its card is not a permanent and can't "
            "be sacrificed",
        )
    if ability.works_from and ability.taps:
        raise _fail(
            *where, f"{owner}: it works from the {ability.works_from}, where its card can't be tapped"
        )
    if ability.works_from != "graveyard" and any(e.kind == "return_self" for e in ability.effects):
        raise _fail(
            *where,
            f'{owner}: return_self needs an ability that works from the graveyard (zone = "graveyard")',
        )
    return ability


def _remove_counters(owner: str, raw: dict[str, Any], where: tuple[str, int]) -> tuple[str, int]:
    """Reads the counters an ability's cost removes from its permanent ("fade", "2 +1/+1"): kind, number."""
    text = _text(owner, raw, "remove_counters", where)
    if not text:
        return "", 0
    match = _REMOVE_COUNTERS.fullmatch(text)
    if match is None:
        raise _fail(
            *where,
            f'{owner}: expected remove_counters = "KIND" or "N KIND" (KIND one of '
            f"{', '.join(COUNTER_KINDS)}), got {text!r}",
        )
    return match["kind"], int(match["n"] or 1)


def _trigger(owner: str, raw: dict[str, Any], where: tuple[str, int]) -> Trigger:
    """Reads a triggered ability; one that triggers from a graveyard waits for a step (ZONE_TRIGGERS)."""
    if extra := set(raw) - TRIGGER_KEYS:
        raise _fail(*where, f"{owner}: unknown key(s) {', '.join(sorted(extra))}")
    if raw.get("when") not in TRIGGERS:
        raise _fail(*where, f"{owner}: expected when one of {', '.join(TRIGGERS)}, got {raw.get('when')!r}")
    zone = _choice(owner, raw, "zone", ("graveyard",), where)
    if zone and raw["when"] not in ZONE_TRIGGERS:
        raise _fail(
            *where,
            f"{owner}: expected when one of {', '.join(ZONE_TRIGGERS)} for a trigger from the graveyard",
        )
    effects = _effects(raw.get("effects", []), where, raw["when"] in PLAYER_TRIGGERS)
    follows = raw["when"] == "leaves_play" and raw.get("watches") == "enchanted"
    if any(e.kind == "return_self" for e in effects) and not (
        zone or raw["when"] == "put_into_graveyard" or follows
    ):
        raise _fail(
            *where,
            f'{owner}: return_self needs a trigger from the graveyard (zone = "graveyard"), '
            'when = "put_into_graveyard", or an aura\'s when = "leaves_play" with watches = "enchanted"',
        )
    attaching = [e for e in effects if e.kind == "return_self" and e.target]
    if attaching and (not follows or any(e.zone != "play" or e.target != "creature" for e in attaching)):
        raise _fail(
            *where,
            f"{owner}: return_self with a target returns an aura to play attached to it; expected "
            'target = "creature", zone = "play", when = "leaves_play" and watches = "enchanted"',
        )
    if (raw.get("of_color") or raw.get("not_color")) and raw["when"] not in COLOR_TRIGGERS:
        raise _fail(
            *where,
            f"{owner}: expected of_color and not_color only with when one of {', '.join(COLOR_TRIGGERS)}",
        )
    if raw.get("what") and raw["when"] not in TYPE_TRIGGERS:
        raise _fail(*where, f"{owner}: expected what only with when one of {', '.join(TYPE_TRIGGERS)}")
    watches = _choice(owner, raw, "watches", ("enchanted",), where)
    if watches and raw["when"] not in ENCHANTED_EVENTS:
        raise _fail(
            *where,
            f'{owner}: expected when one of {", ".join(ENCHANTED_EVENTS)} for watches = "enchanted"',
        )
    another = _flag(owner, raw, "another", where)
    if another and raw["when"] != "a_creature_comes_into_play":
        raise _fail(*where, f'{owner}: expected another = true only with when = "a_creature_comes_into_play"')
    if any(e.gains_this_ability for e in effects) and raw["when"] != "a_creature_comes_into_play":
        raise _fail(
            *where,
            f"{owner}: gains_this_ability copies the creature that comes into play: expected "
            'when = "a_creature_comes_into_play"',
        )
    return Trigger(
        TriggerKind(raw["when"]),
        effects,
        _choice(owner, raw, "what", CARD_TYPES, where),
        _colors(owner, raw, "of_color", where),
        _colors(owner, raw, "not_color", where),
        zone,
        watches,
        another,
    )


def _halves(
    name: str, raw: dict[str, Any], types: tuple[str, ...], where: tuple[str, int]
) -> tuple[CardDef, ...]:
    """Reads the two halves of a split card: tables with a name and the keys of a card of its types."""
    tables = _tables(name, raw, "halves", where)
    if not tables:
        return ()
    if len(tables) != 2 or any(not isinstance(t.get("name"), str) or "halves" in t for t in tables):
        raise _fail(*where, f"card {name!r}: expected halves = two tables, each with a name")
    return tuple(
        card_from_table(
            t["name"], {k: v for k, v in t.items() if k != "name"} | {"types": list(types)}, where
        )
        for t in tables
    )


def parse_cards(text: str, path: str, first_line: int = 1) -> dict[str, CardDef]:
    """Parses a TOML text of card tables; errors name path and the line of the offending card."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = getattr(exc, "lineno", None) or 1
        raise NotationError(path, first_line + line - 1, f"expected TOML card tables: {exc}") from None
    except (RecursionError, ValueError) as exc:
        # tomllib recurses once per nesting level and converts integers of any length.
        reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
        raise NotationError(path, first_line, f"expected TOML card tables: {reason}") from None
    lines = text.splitlines()
    cards: dict[str, CardDef] = {}
    for name, raw in data.items():
        offset = next((i for i, ln in enumerate(lines) if ln.strip().strip("[]").strip('"') == name), 0)
        where = (path, first_line + offset)
        if not isinstance(raw, dict):
            raise _fail(*where, f"expected a table for card {name!r}")
        cards[name] = card_from_table(name, raw, where)
    return cards


@cache
def starter_library() -> dict[str, CardDef]:
    """Returns the starter library of cards shipped with the package."""
    text = resources.files("ruling.engine").joinpath("library.toml").read_text(encoding="utf-8")
    return parse_cards(text, "ruling/engine/library.toml")
