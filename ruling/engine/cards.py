"""Cards as data: characteristics, keywords and effects from a fixed vocabulary.

A card is a TOML table. Keys: ``types`` (list), ``subtypes``, ``supertypes``, ``cost`` ("2GG"), ``color``
(letters, default from the cost), ``pt`` ("2/2"), ``keywords`` (``flying``, ``trample``, ``rampage 1``,
``protection from black``, ``forestwalk``…), ``spell`` (effects done on resolution), ``abilities``
(activated: ``cost`` with ``T`` and mana, ``effects``), ``triggers`` (``when`` and ``effects``), ``enchant``
(a local enchantment: the permanent type it enchants) and ``static`` (``pump`` effects on the enchanted
permanent, or with ``who = "you"`` on the other creatures its controller controls).
An effect is a table: ``effect`` from EFFECTS, with ``amount``, ``power``, ``toughness``, ``target``, ``who``.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from ruling.errors import NotationError

COLORS = "WUBRG"
CARD_TYPES = ("artifact", "creature", "enchantment", "instant", "land", "sorcery")
EFFECTS = (
    "damage",
    "gain_life",
    "lose_life",
    "draw",
    "discard",
    "destroy",
    "counter",
    "tap",
    "untap",
    "pump",
    "token",
    "counters",
    "add_mana",
    "remove_from_combat",
)
TARGETS = ("creature", "player", "creature_or_player", "spell", "permanent", "artifact", "land")
WHO = ("you", "opponent", "each_player", "self", "target")
TRIGGERS = (
    "comes_into_play",
    "put_into_graveyard",
    "your_upkeep",
    "each_upkeep",
    "end_of_turn",
    "attacks",
    "blocks",
    "becomes_blocked",
    "any_spell_played",
)
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
LAND_TYPES = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G"}


@dataclass(frozen=True)
class Effect:
    """One instruction of the vocabulary."""

    kind: str
    amount: int = 0
    power: int = 0
    toughness: int = 0
    target: str | None = None
    who: str = "you"
    mana: str = ""
    token: str = ""


@dataclass(frozen=True)
class Ability:
    """An activated ability: a cost (mana letters, digits, ``T`` for the tap symbol) and effects."""

    cost: str
    effects: tuple[Effect, ...]

    @property
    def taps(self) -> bool:
        return "T" in self.cost

    @property
    def mana_cost(self) -> str:
        return self.cost.replace("T", "")

    @property
    def is_mana_ability(self) -> bool:
        return all(e.kind == "add_mana" for e in self.effects) and not any(e.target for e in self.effects)

    @property
    def target(self) -> str | None:
        return next((e.target for e in self.effects if e.target), None)


@dataclass(frozen=True)
class Trigger:
    """A triggered ability: ``when`` one of TRIGGERS, then effects."""

    when: str
    effects: tuple[Effect, ...]

    @property
    def target(self) -> str | None:
        return next((e.target for e in self.effects if e.target), None)


@dataclass(frozen=True)
class CardDef:
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

    @property
    def is_legendary(self) -> bool:
        return "legendary" in self.supertypes or "Legend" in self.subtypes

    @property
    def spell_target(self) -> str | None:
        return self.enchant or next((e.target for e in self.spell if e.target), None)


def parse_cost(cost: str) -> tuple[int, str]:
    """Returns the generic amount and the coloured letters of a cost like ``2GG``."""
    digits = "".join(c for c in cost if c.isdigit())
    return (int(digits) if digits else 0), "".join(c for c in cost if c in COLORS)


def _fail(path: str, line: int, message: str) -> NotationError:
    return NotationError(path, line, message)


def _effect(raw: Any, where: tuple[str, int]) -> Effect:
    if not isinstance(raw, dict) or raw.get("effect") not in EFFECTS:
        raise _fail(*where, f"expected an effect table with effect one of {', '.join(EFFECTS)}, got {raw!r}")
    target = raw.get("target")
    if target is not None and target not in TARGETS:
        raise _fail(*where, f"expected target one of {', '.join(TARGETS)}, got {target!r}")
    who = raw.get("who", "target" if target else "you")
    if who not in WHO:
        raise _fail(*where, f"expected who one of {', '.join(WHO)}, got {who!r}")
    known = {"effect", "amount", "power", "toughness", "target", "who", "mana", "token"}
    if extra := set(raw) - known:
        raise _fail(
            *where, f"unknown effect key(s) {', '.join(sorted(extra))}; expected {', '.join(sorted(known))}"
        )
    return Effect(
        raw["effect"],
        int(raw.get("amount", 0)),
        int(raw.get("power", 0)),
        int(raw.get("toughness", 0)),
        target,
        who,
        str(raw.get("mana", "")),
        str(raw.get("token", "")),
    )


def _effects(raw: Any, where: tuple[str, int]) -> tuple[Effect, ...]:
    if not isinstance(raw, list):
        raise _fail(*where, f"expected a list of effect tables, got {raw!r}")
    return tuple(_effect(item, where) for item in raw)


def check_keyword(keyword: str) -> bool:
    """Tells whether keyword belongs to the vocabulary."""
    if keyword in SIMPLE_KEYWORDS:
        return True
    parts = keyword.split()
    if parts[0] == "rampage" and len(parts) == 2 and parts[1].isdigit():
        return True
    if keyword.startswith("protection from ") and all(c in COLORS for c in keyword.split()[-1]):
        return True
    return keyword.endswith("walk") and keyword[:-4] in LAND_TYPES


def card_from_table(name: str, raw: dict[str, Any], where: tuple[str, int]) -> CardDef:
    """Builds a card from its TOML table; where names the file and line for errors."""
    types = tuple(raw.get("types", ()))
    if not types or any(t not in CARD_TYPES for t in types):
        raise _fail(*where, f"card {name!r}: expected types from {', '.join(CARD_TYPES)}, got {types!r}")
    keywords = tuple(raw.get("keywords", ()))
    for keyword in keywords:
        if not check_keyword(keyword):
            raise _fail(*where, f"card {name!r}: unknown keyword {keyword!r}")
    power = toughness = 0
    if "creature" in types:
        pt = str(raw.get("pt", ""))
        left, _, right = pt.partition("/")
        if not (left.lstrip("-").isdigit() and right.lstrip("-").isdigit()):
            raise _fail(*where, f'card {name!r}: a creature needs pt = "P/T", got {pt!r}')
        power, toughness = int(left), int(right)
    cost = str(raw.get("cost", ""))
    colors = str(raw.get("color", "".join(dict.fromkeys(c for c in cost if c in COLORS))))
    abilities = tuple(
        Ability(str(a.get("cost", "")), _effects(a.get("effects", []), where))
        for a in raw.get("abilities", [])
    )
    triggers: list[Trigger] = []
    for t in raw.get("triggers", []):
        if t.get("when") not in TRIGGERS:
            raise _fail(
                *where, f"card {name!r}: expected when one of {', '.join(TRIGGERS)}, got {t.get('when')!r}"
            )
        triggers.append(Trigger(t["when"], _effects(t.get("effects", []), where)))
    enchant = raw.get("enchant")
    if enchant is not None and (
        enchant not in ("creature", "land", "artifact") or "enchantment" not in types
    ):
        raise _fail(*where, f"card {name!r}: enchant is for enchantments: creature, land or artifact")
    known = {
        "enchant",
        "static",
        "types",
        "subtypes",
        "supertypes",
        "cost",
        "color",
        "pt",
        "keywords",
        "spell",
        "abilities",
        "triggers",
    }
    if extra := set(raw) - known:
        raise _fail(*where, f"card {name!r}: unknown key(s) {', '.join(sorted(extra))}")
    return CardDef(
        name=name,
        types=types,
        subtypes=tuple(raw.get("subtypes", ())),
        supertypes=tuple(raw.get("supertypes", ())),
        cost=cost,
        colors=colors,
        power=power,
        toughness=toughness,
        keywords=keywords,
        spell=_effects(raw.get("spell", []), where),
        abilities=abilities,
        triggers=tuple(triggers),
        enchant=enchant,
        static=_effects(raw.get("static", []), where),
    )


def parse_cards(text: str, path: str, first_line: int = 1) -> dict[str, CardDef]:
    """Parses a TOML text of card tables; errors name path and the line of the offending card."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = getattr(exc, "lineno", None) or 1
        raise NotationError(path, first_line + line - 1, f"expected TOML card tables: {exc}") from None
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
