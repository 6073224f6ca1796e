"""Which answers name a creature type when an effect asks for one: one word, never two (ru 214.7a,
ja 212.1e, sr B12.14), and by each document's rule on which words count.

- 1999 (ru 214.7a, 214.7b): any creature, even one no card has, but not a word that means something else in
  the game (an opponent, a swamp); plural and feminine forms name the same creature (Ogres, Ogress: Ogre).
- 2004 (ja 212.1e) and 2007 (sr B12.14): one existing creature type, as each document's glossary lists them
  (ja: the types up to Darksteel, in English and Japanese; sr: the types of *Izvori magije*).

A type that a creature in the game or a creature card of the engine's library has exists in every profile
(the choosing code passes them in). The lists and the 1999 glossary's other words are in
``creature_types.toml``; a test on the real corpus keeps them equal to the glossaries.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources

from ruling.engine.cards import CARD_TYPES, LAND_TYPES, SUPERTYPES


class TypeWords(StrEnum):
    """What a document accepts as a creature type to choose."""

    ANY_CREATURE = "any_creature"
    """Any one word naming a creature, less the words the game uses for something else (ru 214.7a)."""
    LISTED = "listed"
    """One of the creature types the document's glossary lists (ja 212.1e, sr B12.14)."""


@dataclass(frozen=True, slots=True)
class TypeVerdict:
    """What an answer names: the creature type chosen, or why it names none."""

    chosen: str | None
    folded: bool = False
    """The answer was a plural or feminine form, read as the type (ru 214.7b)."""
    reason: str = ""


@dataclass(frozen=True, slots=True)
class TypeLists:
    """The creature types a document lists (by any of their names, mapped to the name cards use) and the
    words its glossary gives another meaning."""

    listed: dict[str, str]
    other_words: frozenset[str]


_GAME_WORDS = frozenset(
    (
        *CARD_TYPES,
        *SUPERTYPES,
        *LAND_TYPES,
        *("player", "opponent", "you", "token", "card", "spell", "permanent"),
        *("white", "blue", "black", "red", "green", "colorless", "colourless"),
    )
)
"""The English words the engine itself uses for something other than a creature."""


@cache
def type_lists(doc: str) -> TypeLists:
    """Returns the lists of ``creature_types.toml`` for a document (empty for one it has none for)."""
    text = resources.files("ruling.engine").joinpath("creature_types.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text).get(doc, {})
    listed: dict[str, str] = {}
    for entry in data.get("types", []):
        names = [entry] if isinstance(entry, str) else list(entry)
        for name in names:
            listed[name.casefold()] = names[0]
    return TypeLists(listed, frozenset(w.casefold() for w in data.get("other_words", [])))


def singular_forms(word: str) -> list[str]:
    """Returns the forms a plural or feminine English creature word may stand for (Ogresses: Ogre;
    Elves: Elf), nearest first."""
    forms: list[str] = []
    lower = word.casefold()
    for ending, replacements in (
        ("esses", ("e", "ess")),
        ("ess", ("e", "")),
        ("ves", ("f", "fe")),
        ("ies", ("y",)),
        ("es", ("", "e")),
        ("s", ("",)),
    ):
        if lower.endswith(ending) and len(word) > len(ending) + 1:
            forms += [word[: -len(ending)] + r for r in replacements]
    return forms


def judge_type(answer: str, doc: str, words: TypeWords, existing: frozenset[str]) -> TypeVerdict:
    """Returns the creature type an answer names under a document's rule, or why it names none; existing
    are the types that exist whatever the document lists."""
    value = " ".join(answer.split())
    if not value:
        return TypeVerdict(None, reason="no creature type is named")
    if " " in value:
        return TypeVerdict(None, reason=f"{value!r} is more than one word: one creature type is chosen")
    known = {t.casefold(): t for t in existing}
    lists = type_lists(doc)
    if value.casefold() in known:
        return TypeVerdict(known[value.casefold()])
    if words is TypeWords.LISTED:
        if value.casefold() in lists.listed:
            return TypeVerdict(lists.listed[value.casefold()])
        near = next((f for f in singular_forms(value) if f.casefold() in known | lists.listed), None)
        hint = f" (the singular {near!r} is)" if near else ""
        return TypeVerdict(None, reason=f"{value!r} is not a creature type of the {doc} list{hint}")
    near = next((f for f in singular_forms(value) if f.casefold() in known), None)
    if near is not None:
        return TypeVerdict(known[near.casefold()], folded=True)
    other = _GAME_WORDS | lists.other_words
    if any(w.casefold() in other for w in [value, *singular_forms(value)]) or not value[:1].isalpha():
        return TypeVerdict(None, reason=f"{value!r} means something else in the game, not a creature")
    return TypeVerdict(value)
