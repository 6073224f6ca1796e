"""Reads cards from TOML tables: the starter library and the inline cards of scenarios.

Keys of a card: ``types`` (list), ``subtypes``, ``supertypes``, ``cost`` ("2GG", "XRR"), ``color`` (letters,
default from the cost), ``pt`` ("2/2"), ``keywords``, ``spell`` (effects done on resolution) or ``modes``
(``[{ name = …, effects = […] }, …]``, choose one), ``abilities`` (``cost`` with ``T``, mana and X, and
``effects``), ``triggers`` (``when`` and ``effects``), ``enchant`` and ``static``.
Keys of an effect: ``effect`` from EFFECTS, ``amount`` (a number or "X"), ``power``, ``toughness``,
``target``, ``targets`` (how many: N, [MIN, MAX] or "any"), ``divided``, ``who``, ``mana``, ``token``,
``duration``, ``subtype``, ``no_regenerate``, ``pt`` (of a token, default "1/1").
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from ruling.engine.cards import (
    CARD_TYPES,
    COLORS,
    DURATIONS,
    EFFECTS,
    TARGETS,
    TRIGGERS,
    WHO,
    Ability,
    CardDef,
    Effect,
    Mode,
    Trigger,
    check_keyword,
)
from ruling.errors import NotationError

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
}
CARD_KEYS = {
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
    "modes",
    "abilities",
    "triggers",
}


def _fail(path: str, line: int, message: str) -> NotationError:
    return NotationError(path, line, message)


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
    amount = raw.get("amount", 0)
    if amount != "X" and not isinstance(amount, int):
        raise _fail(*where, f'expected amount a whole number or "X", got {amount!r}')
    low, high = _target_count(raw.get("targets", 1), where) if target else (1, 1)
    divided = bool(raw.get("divided", False))
    if divided and (raw["effect"] != "damage" or not target):
        raise _fail(*where, "expected divided only on a damage effect with a target")
    return Effect(
        raw["effect"],
        0 if amount == "X" else amount,
        int(raw.get("power", 0)),
        int(raw.get("toughness", 0)),
        target,
        who,
        str(raw.get("mana", "")),
        str(raw.get("token", "")),
        x=amount == "X",
        divided=divided,
        min_targets=low,
        max_targets=high,
        duration=duration,
        subtype=str(raw.get("subtype", "")),
        no_regenerate=bool(raw.get("no_regenerate", False)),
        token_pt=_token_pt(raw.get("pt", "1/1"), where),
    )


def _token_pt(raw: Any, where: tuple[str, int]) -> tuple[int, int]:
    left, _, right = str(raw).partition("/")
    if not (left.isdigit() and right.isdigit()):
        raise _fail(*where, f'expected a token pt = "P/T", got {raw!r}')
    return int(left), int(right)


def _effects(raw: Any, where: tuple[str, int]) -> tuple[Effect, ...]:
    if not isinstance(raw, list):
        raise _fail(*where, f"expected a list of effect tables, got {raw!r}")
    return tuple(_effect(item, where) for item in raw)


def _modes(name: str, raw: Any, where: tuple[str, int]) -> tuple[Mode, ...]:
    if not isinstance(raw, list) or any(not isinstance(m, dict) or "name" not in m for m in raw):
        raise _fail(*where, f"card {name!r}: expected modes = [{{ name = …, effects = […] }}, …]")
    return tuple(Mode(str(m["name"]), _effects(m.get("effects", []), where)) for m in raw)


def _pt(name: str, raw: dict[str, Any], where: tuple[str, int]) -> tuple[int, int]:
    pt = str(raw.get("pt", ""))
    left, _, right = pt.partition("/")
    if not (left.lstrip("-").isdigit() and right.lstrip("-").isdigit()):
        raise _fail(*where, f'card {name!r}: a creature needs pt = "P/T", got {pt!r}')
    return int(left), int(right)


def card_from_table(name: str, raw: dict[str, Any], where: tuple[str, int]) -> CardDef:
    """Builds a card from its TOML table; where names the file and line for errors."""
    types = tuple(raw.get("types", ()))
    if not types or any(t not in CARD_TYPES for t in types):
        raise _fail(*where, f"card {name!r}: expected types from {', '.join(CARD_TYPES)}, got {types!r}")
    if extra := set(raw) - CARD_KEYS:
        raise _fail(*where, f"card {name!r}: unknown key(s) {', '.join(sorted(extra))}")
    keywords = tuple(raw.get("keywords", ()))
    for keyword in keywords:
        if not check_keyword(keyword):
            raise _fail(*where, f"card {name!r}: unknown keyword {keyword!r}")
    power, toughness = _pt(name, raw, where) if "creature" in types else (0, 0)
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
    if "spell" in raw and "modes" in raw:
        raise _fail(*where, f"card {name!r}: expected either spell or modes, not both")
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
        modes=_modes(name, raw["modes"], where) if "modes" in raw else (),
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
