"""Reads a printed type line ("Creature — Goblin Wizard", 「クリーチャー ─ ゴブリン・ウィザード」,
"Biće - Ork Heroj", "Artifact creature ( Golem Legend") into card types, supertypes and subtypes.

Before the dash stand the supertypes and types (ru 212.1, ja 205.2a and 205.4a, sr B6.21), after it the
subtypes, one word each (ru 212.2a, ja 205.3b, sr B6.32); Japanese separates words with 「・」. The dash may
be an em or en dash, 「─」, a hyphen between spaces, or the "(" the ru-1999 text prints in its place. Serbian
is read in either script and without diacritics. The words are in ``type_lines.toml``; creature types
written in Japanese take their English names from ``creature_types.toml``, other subtypes stay as printed.
"""

from __future__ import annotations

import difflib
import re
import tomllib
import unicodedata
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ruling.analyzers import fold_serbian, serbian_latin
from ruling.engine.cards import CARD_TYPES, SUPERTYPES
from ruling.engine.creature_types import type_lists
from ruling.errors import NotationError


@dataclass(frozen=True, slots=True)
class TypeLine:
    """What a type line says, in the engine's terms."""

    types: tuple[str, ...]
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    enchant: str | None = None
    """What a local enchantment enchants ("Enchant Creature", 「エンチャント（クリーチャー）」)."""

    @property
    def english(self) -> str:
        """Returns the line in the engine's words ("legendary creature — Dragon Spirit")."""
        enchant = (f"enchant {self.enchant}",) if self.enchant else ()
        head = " ".join((*self.supertypes, *self.types, *enchant))
        return f"{head} — {' '.join(self.subtypes)}" if self.subtypes else head


@dataclass(frozen=True, slots=True)
class _Meaning:
    types: tuple[str, ...]
    supertypes: tuple[str, ...]
    enchant: str | None


@dataclass(frozen=True, slots=True)
class _Vocabulary:
    words: dict[str, _Meaning]
    """Phrases before the dash, by key (see _key)."""
    subtypes: dict[str, str]
    """Subtypes by key, to the name the engine uses."""
    shown: tuple[str, ...]
    """The phrases as the file writes them, for suggestions."""


_DASH = re.compile(r"\s+[-–—─]\s+|\s*[—─]\s*|\s+\(\s+")
_LEFT_TOKEN = re.compile(r"\([^()]*\)|[^\s・()]+")
_LEGENDARY_JA = "伝説の"


def _key(word: str) -> str:
    """Returns the form a word is looked up by: casefolded, Serbian Cyrillic in Latin, no diacritics."""
    return fold_serbian(serbian_latin(word.casefold()))


def _meaning(owner: str, text: str) -> _Meaning:
    types, supertypes, enchant = [], [], None
    for term in text.split():
        if term.startswith("enchant="):
            enchant = term.removeprefix("enchant=")
        elif term in CARD_TYPES:
            types.append(term)
        elif term in SUPERTYPES:
            supertypes.append(term)
        else:
            raise ValueError(f"type_lines.toml: {owner} means unknown {term!r}")
    return _Meaning(tuple(types), tuple(supertypes), enchant)


@cache
def _vocabulary() -> _Vocabulary:
    text = resources.files("ruling.engine").joinpath("type_lines.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    words = {_key(k): _meaning(k, v) for k, v in data["words"].items()}
    subtypes = {_key(k): v for k, v in data["subtypes"].items()}
    for doc in ("ja", "sr"):
        for name, english in type_lists(doc).listed.items():
            subtypes.setdefault(_key(name), english)
    return _Vocabulary(words, subtypes, tuple(data["words"]))


def _left_tokens(text: str) -> list[str]:
    tokens: list[str] = []
    for token in _LEFT_TOKEN.findall(text):
        if token.startswith(_LEGENDARY_JA) and token != _LEGENDARY_JA:
            tokens += [_LEGENDARY_JA, token.removeprefix(_LEGENDARY_JA)]
        else:
            tokens.append(token)
    return tokens


def _fail(owner: str, line: str, where: tuple[str, int], message: str) -> NotationError:
    return NotationError(*where, f"{owner}: type_line {line!r}: {message}")


def _nearest(word: str) -> str:
    shown = _vocabulary().shown
    near = difflib.get_close_matches(_key(word), [_key(s) for s in shown], n=1, cutoff=0.6)
    return next((f" (did you mean {s!r}?)" for s in shown if near and _key(s) == near[0]), "")


def _subtype(word: str) -> str:
    known = _vocabulary().subtypes.get(_key(word))
    return known if known is not None else word[:1].upper() + word[1:]


def parse_type_line(owner: str, line: str, where: tuple[str, int]) -> TypeLine:
    """Returns what a printed type line says; owner names the card and where the file and line for errors.
    A line written in two languages, as the ja-2004 text quotes them ("クリーチャー ─ ミノタウルス／Creature -
    Minotaur"), must say the same in both."""
    text = unicodedata.normalize("NFKC", line).strip()
    forms = [_parse_one(owner, line, part, where) for part in text.split("/")]
    if any(form != forms[0] for form in forms[1:]):
        said = " and ".join(repr(form.english) for form in forms)
        raise _fail(owner, line, where, f"expected its forms to say the same, got {said}")
    return forms[0]


def _parse_one(owner: str, line: str, text: str, where: tuple[str, int]) -> TypeLine:
    left, *rest = _DASH.split(f" {text} ", maxsplit=1)
    words = _vocabulary().words
    tokens = _left_tokens(left)
    types: list[str] = []
    supertypes: list[str] = []
    enchant: str | None = None
    i = 0
    while i < len(tokens):
        pair = _key(" ".join(tokens[i : i + 2])) if i + 1 < len(tokens) else ""
        meaning = words.get(pair) if pair else None
        step = 2 if meaning is not None else 1
        meaning = meaning or words.get(_key(tokens[i]))
        if meaning is None:
            expected = ", ".join(CARD_TYPES)
            raise _fail(
                owner,
                line,
                where,
                f"expected a card type ({expected}) or supertype before the dash, got "
                f"{tokens[i]!r}{_nearest(tokens[i])}",
            )
        types += [t for t in meaning.types if t not in types]
        supertypes += [s for s in meaning.supertypes if s not in supertypes]
        enchant = meaning.enchant or enchant
        i += step
    if not types:
        raise _fail(owner, line, where, "expected a card type before the dash, got none")
    subtypes = tuple(_subtype(w) for w in re.split(r"[\s・]+", rest[0]) if w) if rest else ()
    if rest and not subtypes:
        raise _fail(owner, line, where, "expected subtypes after the dash, got none")
    return TypeLine(tuple(types), subtypes, tuple(supertypes), enchant)


def type_word(word: str) -> str | None:
    """Returns the engine's name of a type, supertype or known subtype written in any of the documents'
    languages ("Grob": "Swamp", 「ゴブリン」: "Goblin", "Biće": "creature"), or None."""
    vocabulary = _vocabulary()
    key = _key(unicodedata.normalize("NFKC", word).strip())
    meaning = vocabulary.words.get(key)
    if meaning is not None and len(meaning.types) + len(meaning.supertypes) == 1 and not meaning.enchant:
        return (*meaning.types, *meaning.supertypes)[0]
    return vocabulary.subtypes.get(key)
