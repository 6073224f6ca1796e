"""English game words written in Russian or Serbian letters, read as the English words they sound like.

Judges and players at Russian- and Serbian-speaking events say keywords in English, written in their own
letters and inflected as their language inflects: трамплер, флаеры, вижиланс, дезтач, Serbian флајер,
vidžilens, lajflink; run together or apart (ферстстрайк, дабл страйк, dabl strajk). No document holds these
words, so a search found nothing. Each side is reduced to a sound key: its consonants in classes (vowels
dropped, as English spells them one way and a transliteration another; s and z one class, g and the
j-sounds another; repeats collapsed): ``трамплер`` and ``trampler`` are both ``trmplr``.

A query word, or a run of two or three, that the documents searched do not hold (nor correct as a typo one
letter off), that the bridge does not read as written and, read alone, that is no everyday word of their
languages, is read as the English term whose key it has (or, keys of NEAR_MIN sounds or more, one sound
away), when all such terms are of one concept and the key has MIN_SOUNDS sounds at least: shorter keys
(фир fear, рич reach) are as likely any uncommon word of the language. The terms are the English forms of
the bridge's game concepts (``bridge.py``; not its general words: both, zero, gain), its Russian and
Serbian forms that are English in other letters (трампл, kiker), read first, and the English terms of the
documents' keyword parts (``absence.py``). The search goes on with the English term in the query's place,
so what follows (the bridge's era words, what a document lacks) is as for English.

The site's search reads the same keys (``as_json``).
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ruling.analyzers import word_tokens
from ruling.search.bridge import ERA_PREFIX, Row
from ruling.search.common_words import deletions
from ruling.search.stopwords import edit_distance

NEAR_MIN = 5
"""The least sounds of a word's key that may be one sound away from a term's key."""
MIN_LETTERS = 3
"""The least letters of a query word read as an English word."""
MIN_SOUNDS = 3
"""The least sounds of a key that reads: shorter keys (фир, рич) are as likely any word of the language."""
LONGEST_RUN = 3
"""The most query words read together as one term (ферст страйк, dabl strajk)."""

QUERY_PAIRS = {"дж": "G", "dž": "G", "lj": "l", "nj": "n"}
"""Letter pairs of a query word read as one sound."""
QUERY_LETTERS = {
    letter: sound
    for letters, sound in (
        ("аеёиоуыэюяйьъјaeiouyj", ""),
        ("бb", "b"),
        ("вvw", "v"),
        ("дd", "d"),
        ("кkq", "k"),
        ("лљl", "l"),
        ("мm", "m"),
        ("нњn", "n"),
        ("пp", "p"),
        ("рr", "r"),
        ("тt", "t"),
        ("фf", "f"),
        ("хh", "h"),
        ("гжђџgžđ", "G"),
        ("зсzs", "S"),
        ("чћčć", "C"),
        ("шщš", "X"),
        ("цc", "tS"),
        ("x", "kS"),
    )
    for letter in letters
}
"""Each letter of a query word (Russian and Serbian Cyrillic, Serbian Latin) as the sounds of the key;
a letter not here is no sound."""
ENDINGS = (
    "нуть",
    "ами",
    "ями",
    "има",
    "ама",
    "ови",
    "ове",
    "ова",
    "ima",
    "ama",
    "ovi",
    "ove",
    "ova",
    "нул",
    "ом",
    "ем",
    "ём",
    "ов",
    "ев",
    "ам",
    "ям",
    "ах",
    "ях",
    "om",
    "em",
)
"""Endings of inflected words (трамплером, кикером, эквипнуть, flajerima) tried off when the whole word
reads as nothing: vowel endings need no trying, vowels are no sounds."""

_SERBIAN_LATIN = re.compile(r"[čćšžđ]|[aeiou]j|kv|ks")
"""What shows a Latin word is spelt as Serbian writes English sounds (flajer, ekvip, hekspruf, vidžilens):
other Latin words are English, matched as written."""
_CYRILLIC = re.compile(r"[а-яёђјљњћџ]")
_ENGLISH_VOWELS = "aeiouy"


def query_key(word: str) -> str:
    """Returns the sound key of a word of a query (Cyrillic or Serbian Latin)."""
    text = unicodedata.normalize("NFC", word.lower())
    for pair, sound in QUERY_PAIRS.items():
        text = text.replace(pair, sound)
    return _collapsed("".join(c if c in "GSCX" else QUERY_LETTERS.get(c, "") for c in text))


def query_keys(word: str) -> list[str]:
    """Returns the keys a query word is read by: the whole word's, then without each ending it has."""
    keys = [query_key(word)]
    for ending in ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= MIN_LETTERS:
            keys.append(query_key(word[: -len(ending)]))
    return list(dict.fromkeys(k for k in keys if k))


def _collapsed(key: str) -> str:
    return "".join(k for k, _ in itertools.groupby(key))


def english_keys(word: str) -> set[str]:
    """Returns the sound keys of an English word: more than one where its spelling says two things (``th``
    is said t or s, the ``l`` of ``walk`` is silent or not)."""
    s = re.sub(r"[^a-z]", "", word.lower())
    parts: list[tuple[str, ...]] = []
    i = 0
    while i < len(s):
        rest, after = s[i:], s[i + 1 : i + 2]
        for spelling, sounds in _ENGLISH_SPELLINGS:
            if rest.startswith(spelling):
                parts.append(sounds)
                i += len(spelling)
                break
        else:
            char = s[i]
            if char == "c":
                parts.append(("S",) if after and after in "eiy" else ("k",))
            elif char == "w":
                parts.append(("v",) if after and after in _ENGLISH_VOWELS else ("",))
            elif char in _ENGLISH_VOWELS:
                parts.append(("",))
            else:
                parts.append((_ENGLISH_LETTERS.get(char, char),))
            i += 1
    return {_collapsed("".join(choice)) for choice in itertools.product(*parts)}


_ENGLISH_SPELLINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("tion", ("Xn",)),
    ("sion", ("Xn",)),
    ("alk", ("lk", "k")),
    ("sh", ("X",)),
    ("ch", ("C", "k")),
    ("ck", ("k",)),
    ("ph", ("f",)),
    ("th", ("t", "S")),
    ("wh", ("v",)),
    ("qu", ("kv",)),
    ("gh", ("",)),
    ("dg", ("G",)),
    ("x", ("kS",)),
)
"""English spellings read as other sounds than their letters, longest first where one starts another."""
_ENGLISH_LETTERS = {"g": "G", "j": "G", "s": "S", "z": "S", "q": "k"}


def may_be_read(word: str) -> bool:
    """Tells whether a query word is written as this module reads English in other letters: Cyrillic, or
    Latin spelt as Serbian writes English sounds, of MIN_LETTERS letters at least."""
    lowered = word.lower()
    return len(lowered) >= MIN_LETTERS and bool(_CYRILLIC.search(lowered) or _SERBIAN_LATIN.search(lowered))


@dataclass(frozen=True)
class Reading:
    """Words of a query read as an English term."""

    said: str
    """The words as the query writes them."""
    english: str
    start: int
    end: int


class SlangReader:
    """The English terms, keyed for reading query words."""

    def __init__(self, terms: Iterable[tuple[str, str]], native: Iterable[tuple[str, str]] = ()) -> None:
        """terms are (English term, concept) pairs; native are (Russian or Serbian form, the English term
        it is read as), keyed as query words are."""
        self.entries: dict[str, dict[str, str]] = {}
        """Per key (of the term's words run together), the English term of each concept it reads as."""
        self.native: dict[str, dict[str, str]] = {}
        """The same for the Russian and Serbian forms of the bridge: read first, as players spell."""
        for english, concept in terms:
            for key in english_keys(english):
                self._add(self.entries, key, english.lower(), concept)
        for form, english in native:
            self._add(self.native, query_key(form), english.lower(), english.lower())
        self._order = {key: n for n, key in enumerate(self.entries)}
        self._by_deletion: dict[str, list[str]] = {}
        """Each key of NEAR_MIN sounds or more under itself and each key it gives with a sound deleted."""
        for key in self.entries:
            if len(key) >= NEAR_MIN:
                for gone in deletions(key, 1):
                    self._by_deletion.setdefault(gone, []).append(key)

    @staticmethod
    def _add(entries: dict[str, dict[str, str]], key: str, english: str, concept: str) -> None:
        if key:
            entries.setdefault(key, {}).setdefault(concept, english)

    def read_words(self, words: Sequence[str]) -> str | None:
        """Returns the English term the words (one to LONGEST_RUN) read as, or None: the term whose key is
        theirs run together (a Russian or Serbian form of the bridge first), else one sound away, when all
        such terms are of one concept."""
        options = [query_keys(w) for w in words]
        joined = (_collapsed("".join(p)) for p in itertools.product(*options))
        keys = list(dict.fromkeys(k for k in joined if len(k) >= MIN_SOUNDS))
        native = [self.native[k] for k in keys if k in self.native]
        for found in (native, [self.entries[k] for k in keys if k in self.entries], self._near(keys)):
            if found:
                return _one_concept(found)
        return None

    def _near(self, keys: list[str]) -> list[dict[str, str]]:
        """Returns the terms of the keys one sound from keys (NEAR_MIN sounds or more), in entry order."""
        found: set[str] = set()
        for key in keys:
            if len(key) < NEAR_MIN:
                continue
            candidates = {other for gone in deletions(key, 1) for other in self._by_deletion.get(gone, ())}
            found.update(other for other in candidates if _near(key, other))
        return [self.entries[k] for k in sorted(found, key=self._order.__getitem__)]

    def read(self, text: str, unknown: Callable[[str], bool], common: Callable[[str], bool]) -> list[Reading]:
        """Returns the readings of the words of text that unknown says the documents do not know, longest
        run first from each word on: a run of words, one of which at least may be read (``may_be_read``);
        a word read alone must be no everyday word (common)."""
        tokens = word_tokens(text)
        readings: list[Reading] = []
        k = 0
        while k < len(tokens):
            for size in range(LONGEST_RUN, 0, -1):
                run = tokens[k : k + size]
                if len(run) < size or not any(may_be_read(t.text) for t in run):
                    continue
                if not all(len(t.text) >= MIN_LETTERS and t.text.isalpha() and unknown(t.text) for t in run):
                    continue
                if size == 1 and common(run[0].text):
                    continue
                if any(text[a.end : b.start].strip(" -") for a, b in itertools.pairwise(run)):
                    continue
                english = self.read_words([t.text for t in run])
                if english:
                    start, end = run[0].start, run[-1].end
                    readings.append(Reading(text[start:end], english, start, end))
                    k += size
                    break
            else:
                k += 1
        return readings

    def blocked(
        self, common: Iterable[str], spellings: Callable[[str], Iterable[str]] | None = None
    ) -> list[str]:
        """Returns the everyday words that a word would be read as were it not one of them (what the site's
        search keeps of them), whatever their letters: a Cyrillic query word is looked up among the Serbian
        ones in Latin letters; spellings gives the words a folded everyday word stands for."""
        spelt = spellings or (lambda word: (word,))
        return sorted(w for w in common if any(self.read_words([v]) for v in spelt(w)))

    def as_json(self) -> dict[str, Any]:
        """Returns what the site's search reads words by: the letters' sounds, the endings tried off, and
        each key with the English term of each concept."""
        return {
            "pairs": QUERY_PAIRS,
            "letters": QUERY_LETTERS,
            "endings": list(ENDINGS),
            "near": NEAR_MIN,
            "min": MIN_LETTERS,
            "sounds": MIN_SOUNDS,
            "run": LONGEST_RUN,
            "native": {key: list(terms.items()) for key, terms in self.native.items()},
            "entries": {key: list(terms.items()) for key, terms in self.entries.items()},
        }


def _one_concept(found: list[dict[str, str]]) -> str | None:
    """Returns the English term of the one concept of the matching keys' terms, or None when several."""
    concepts: dict[str, str] = {}
    for terms in found:
        for concept, english in terms.items():
            concepts.setdefault(concept, english)
    return next(iter(concepts.values())) if len(concepts) == 1 else None


def _near(a: str, b: str) -> bool:
    """Tells whether two keys match: the same, or one sound apart when both have NEAR_MIN sounds or more."""
    if a == b:
        return True
    return min(len(a), len(b)) >= NEAR_MIN and abs(len(a) - len(b)) <= 1 and edit_distance(a, b, 1) <= 1


def rewritten(text: str, readings: Sequence[Reading]) -> str:
    """Returns text with each reading's words replaced by its English term."""
    pieces: list[str] = []
    done = 0
    for reading in readings:
        pieces += [text[done : reading.start], reading.english]
        done = reading.end
    return "".join(pieces) + text[done:]


SERBIAN_UNFOLDED = {
    "dj": ("dj", "đ"),
    "dz": ("dz", "dž"),
    "c": ("c", "č", "ć"),
    "s": ("s", "š"),
    "z": ("z", "ž"),
}
"""The letters a Serbian word folded without diacritics may have stood for."""
_UNFOLDED_RE = re.compile("dj|dz|.", re.DOTALL)


def serbian_spellings(word: str) -> list[str]:
    """Returns the words a Serbian word folded without diacritics may have been."""
    units = _UNFOLDED_RE.findall(word)
    return ["".join(p) for p in itertools.product(*(SERBIAN_UNFOLDED.get(u, (u,)) for u in units))]


def slang_reader(rows: Iterable[Row], english_terms: Iterable[str]) -> SlangReader:
    """Returns the reader of the bridge's rows and the documents' English terms: each English form read as
    itself, each Russian and Serbian form that is one of them in other letters (трампл, kiker: its key is
    one of its concept's English keys, or near one) as its concept's name (or first English form). Forms
    that are words of their own (урон, damage) are no spellings of English."""
    era = [row for row in rows if row.form.startswith(ERA_PREFIX)]
    game = {r.concept for r in era if GENERAL not in r.source}
    general = {r.concept for r in era if GENERAL in r.source} - game
    english = [(row.term, row.concept) for row in rows if row.form == "en" and row.concept not in general]
    of_term = {term.lower(): concept for term, concept in english}
    names: dict[str, str] = {}
    for term, concept in english:
        names.setdefault(concept, concept if of_term.get(concept.lower()) == concept else term)
    keys: dict[str, set[str]] = {}
    for term, concept in english:
        keys.setdefault(concept, set()).update(english_keys(term))
    native = [
        (row.term, names[row.concept])
        for row in rows
        if row.form in NATIVE
        and row.concept in names
        and any(_near(query_key(row.term), key) for key in keys[row.concept])
    ]
    terms = english + [(term, of_term.get(term.lower(), term.lower())) for term in english_terms]
    return SlangReader(terms, native)


GENERAL = "(general vocabulary)"
"""What the source of an era term says of a word that is no game term (both, zero, gain): such words are
not read, being as likely any word of the query's own language that sounds alike."""
NATIVE = ("ru", "sr")
"""The bridge's forms read as query words are."""
