"""What can be compared across languages in a rule: English glosses, numbers, its outline position.

English glosses ("concepts") are English terms, stemmed with Snowball English, that a rule's text names in
its own language: the ru glossary and term index and the ja glossary give the English term of each native
term; for sr, the reviewed term table does. A ja term inside a longer one whose English does not build on
its own does not count there (指定, declare, in 指定された, specified). Latin words in the ru and ja
texts (ja quotes 「トランプル／Trample」, ru quotes English card text) count as concepts too; sr is written in
Latin script, so its words do not, nor do the pieces of a web address. Numbers are read from the text and
examples with rule ids removed; the sr document multiplies life, damage, power and toughness by ten, so its
round numbers also count divided by ten.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from ruling.analyzers import RUSSIAN, SERBIAN, stemmer
from ruling.corpus.concordance_data import read_sr_terms, read_vocabulary
from ruling.corpus.model import Document, Rule
from ruling.ids import Level, RuleId

_LATIN_WORD_RE = re.compile(r"[A-Za-z][A-Za-z'-]{2,}")
_ADDRESS_RE = re.compile(r"(?:https?://|www\.)[^\s()（）\u3000-\u30ff\u4e00-\u9fff]+", re.IGNORECASE)
"""A web address: its pieces (www, wizards, com, asp, DCI) are no English terms of the rule."""
_ENGLISH_STOP = frozenset(
    {"the", "and", "you", "your", "this", "that", "with", "for", "from", "its", "are", "has", "have", "can"}
    | {"not", "any", "each", "all", "may", "one", "two", "add", "card", "cards", "rule", "rules", "see"}
    | {"when", "whenever", "end", "turn"}
)
_CR_ID_RE = re.compile(r"\d{3}\.\d{1,2}[a-z]?|\b\d{3}\b")
_SR_ID_RE = re.compile(r"\b[A-F]\d{1,2}(?:\.\d{2,3})?\b")
_PT_RE = re.compile(r"([+-]?\d+)/([+-]?\d+)")
_NUMBER_RE = re.compile(r"\d+")
_BRACKETS_RE = re.compile(r"\[[^\]]*\]|\([^)]*\)|（[^）]*）")


def english_key(text: str) -> str:
    """Returns the comparable form of an English term: lower case, Snowball-stemmed words."""
    text = _BRACKETS_RE.sub(" ", unicodedata.normalize("NFKC", text))
    english = stemmer("english")
    return " ".join(english.stemWord(w) for w in re.findall(r"[a-z]+", text.lower()))


def english_keys(text: str) -> set[str]:
    """Returns the keys of each alternative of an English term ("Trigger/Triggered Ability")."""
    keys = {english_key(part) for part in re.split(r"/|\|", text)}
    keys.discard("")
    return keys


@dataclass(frozen=True)
class Lexicon:
    """The native terms of one document with the English keys each one names."""

    doc: str
    words: dict[tuple[str, ...], frozenset[str]]
    """Word-stem sequences (ru, sr) and their English keys."""
    strings: dict[str, frozenset[str]]
    """Substrings (ja) and their English keys."""
    display: dict[str, str]
    """An English key's readable form (the term as the glossary spells it, lower case)."""

    def concepts(self, text: str) -> set[str]:
        """Returns the English keys of the native terms in text and of its Latin words (web addresses
        left out)."""
        found: set[str] = set()
        english = stemmer("english")
        for word in [] if self.doc == "sr" else _LATIN_WORD_RE.findall(_ADDRESS_RE.sub(" ", text)):
            if word.lower() not in _ENGLISH_STOP:
                key = english.stemWord(word.lower())
                self.display.setdefault(key, word.lower())
                found.add(key)
        if self.doc == "ja":
            # ja is written without spaces: a term found inside a longer one may be no word of the text.
            spans = list(self._strings_in(_ja_fold(text)))
            for start, end, named in spans:
                if not any(_compound_over(span, (start, end, named)) for span in spans):
                    found |= named
            return found
        for _, _, named in self.terms_in((SERBIAN if self.doc == "sr" else RUSSIAN).terms(text)):
            found |= named
        return found

    def _strings_in(self, folded: str) -> Iterator[tuple[int, int, frozenset[str]]]:
        """Yields each occurrence of a native term (ja) in folded text: its start, end and English keys."""
        for term, keys in self.strings.items():
            start = folded.find(term)
            while start >= 0:
                yield start, start + len(term), keys
                start = folded.find(term, start + 1)

    def terms_in(self, stems: Sequence[str]) -> Iterator[tuple[int, int, frozenset[str]]]:
        """Yields each native term (ru, sr) a sequence of stems holds: its start, its length in words and
        its English keys."""
        longest, first = self._shape
        for start, stem in enumerate(stems):
            if stem in first:
                for length in range(1, min(longest, len(stems) - start) + 1):
                    named = self.words.get(tuple(stems[start : start + length]))
                    if named is not None:
                        yield start, length, named

    @cached_property
    def _shape(self) -> tuple[int, frozenset[str]]:
        """The most words a term has, and the stems terms begin with."""
        return max((len(k) for k in self.words), default=0), frozenset(k[0] for k in self.words)


def _compound_over(outer: tuple[int, int, frozenset[str]], inner: tuple[int, int, frozenset[str]]) -> bool:
    """Tells whether the ja term occurrence outer is longer than inner, holds it, and means something its
    part does not: no word of inner's English keys is part of a word of outer's (選択ルール, optional rules,
    holds 選択, choose; 指定された, specified, holds 指定, declare; 矛盾, contradict, holds 盾, shield).
    Inner's keys then do not count there. A compound whose English is built on its part's keeps them
    (起動型能力, activated ability: ability; サブタイプ, subtype: type; プレイヤー, player: play). A Snowball
    stem's final e is dropped before comparing (type, subtyp)."""
    if not (outer[0] <= inner[0] and inner[1] <= outer[1] and outer[1] - outer[0] > inner[1] - inner[0]):
        return False
    outer_words = [w.removesuffix("e") for key in outer[2] for w in key.split()]
    return not any(w.removesuffix("e") in o for key in inner[2] for w in key.split() for o in outer_words)


def _ja_fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).replace("・", "").lower()


def _native_alternatives(term: str, keep_brackets: bool = False) -> list[str]:
    """Returns the alternatives of a native term; brackets are dropped unless they name the term's kind
    (ja ``エンチャント（クリーチャー）`` is Enchant Creature, not Enchantment)."""
    term = unicodedata.normalize("NFKC", term)
    if not keep_brackets:
        term = _BRACKETS_RE.sub(" ", term)
    return [t.strip(" ～~") for t in re.split(r"[/,、]", term) if t.strip(" ～~")]


def build_lexicon(document: Document, corpus_folder: Path) -> Lexicon:
    """Collects the native → English terms of a document: glossary, term index, English titles (ru, ja)
    or the reviewed term table (sr), and the reviewed vocabulary of ordinary rules words (all three)."""
    pairs: list[tuple[str, str]] = []
    if document.code == "sr":
        pairs += [(t.term, e) for t in read_sr_terms(corpus_folder) for e in t.english]
    else:
        pairs += [(g.term, g.term_en) for g in document.glossary if g.term_en]
        pairs += [(i.term, i.term_en) for i in document.index if i.term_en]
        pairs += [(r.title, r.title_en) for r in document.rules if r.title and r.title_en]
    vocabulary = [
        (form, row.english)
        for row in read_vocabulary(corpus_folder)
        for form in row.forms.get(document.code, ())
    ]
    words: dict[tuple[str, ...], set[str]] = {}
    strings: dict[str, set[str]] = {}
    display: dict[str, str] = {}
    for form, english in vocabulary:
        display.setdefault(english_key(english), english)
        if document.code == "ja":
            strings.setdefault(_ja_fold(form), set()).add(english_key(english))
        elif stems := tuple((SERBIAN if document.code == "sr" else RUSSIAN).terms(form)):
            words.setdefault(stems, set()).add(english_key(english))
    for native, english in pairs:
        for part in re.split(r"/|\|", _BRACKETS_RE.sub(" ", english)):
            display.setdefault(english_key(part), " ".join(part.lower().split()))
        alternatives = _native_alternatives(native, keep_brackets=document.code == "ja")
        for alternative, keys in _paired(alternatives, english):
            if document.code == "ja":
                folded = _ja_fold(alternative)
                if len(folded) > 1:
                    strings.setdefault(folded, set()).update(keys)
            else:
                stems = tuple((SERBIAN if document.code == "sr" else RUSSIAN).terms(alternative))
                if stems:
                    words.setdefault(stems, set()).update(keys)
    if document.code == "sr":
        for stems, keys in list(words.items()):
            for plural in _serbian_plurals(stems):
                words.setdefault(plural, set()).update(keys)
        verbs = {stems[0] for stems in words if len(stems) == 1}
        for stems, keys in list(words.items()):
            for noun in _serbian_verbal_nouns(stems, verbs):
                if noun not in words:
                    words[noun] = set(keys)
    return Lexicon(
        document.code,
        {k: frozenset(v) for k, v in words.items()},
        {k: frozenset(v) for k, v in strings.items()},
        display,
    )


def _paired(alternatives: list[str], english: str) -> list[tuple[str, set[str]]]:
    """Returns each native alternative of a term with the English keys it names. Alternatives that name
    different things, as many on both sides, pair in order (ru "Игра/Взятие карты" is "Play/Draw": a game
    is no draw); alternatives of one word family each name them all (ru "Количество жизни/Жизнь" lists
    "Life/Life Total" the other way round; "Ты/Твой", "You/Your")."""
    keys = [english_key(part) for part in re.split(r"/|\|", english)]
    keys = [k for k in keys if k]
    family = any(a != b and b.startswith(a) for a in keys for b in keys)
    if len(keys) == len(alternatives) > 1 and len(set(keys)) == len(keys) and not family:
        return [(alternative, {key}) for alternative, key in zip(alternatives, keys, strict=True)]
    return [(alternative, set(keys)) for alternative in alternatives]


def _serbian_plurals(stems: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    """Yields a Serbian term's stems with a noun in the plural a short masculine noun takes (tip, tipovi;
    podtip, podtipove; znak, znakovi), whose -ov-/-ev- the stemmer keeps."""
    for n, stem in enumerate(stems):
        if len(stem) >= 3 and stem[-1] not in "aeiou":
            for infix in ("ov", "ev"):
                yield (*stems[:n], stem + infix, *stems[n + 1 :])


_VERBAL_NOUNS = (("ir", "iranj"), ("a", "anj"), ("i", "enj"))
"""Endings of a Serbian verb's stem and of its verbal noun's (blokir-ati, blokir-anje; igr-ati, igr-anje;
uništ-iti, uništ-enje)."""


def _serbian_verbal_nouns(stems: tuple[str, ...], verbs: set[str]) -> Iterator[tuple[str, ...]]:
    """Yields a Serbian term's stems with a word that is a term of its own read as its verbal noun
    (igrati, igranje: play, playing; aktivirati, aktiviranje: tap, tapping; uništiti, uništenje), which the
    stemmer keeps apart from the verb."""
    for n, stem in enumerate(stems):
        if stem in verbs:
            for verb, noun in _VERBAL_NOUNS:
                if stem.endswith(verb) and len(stem) > len(verb):
                    yield (*stems[:n], stem[: -len(verb)] + noun, *stems[n + 1 :])
                    break


def numbers(rule: Rule) -> set[str]:
    """Returns the numbers and power/toughness pairs of a rule's text and examples, rule ids removed."""
    text = unicodedata.normalize("NFKC", "\n".join([rule.text, *(e.text for e in rule.examples)]))
    text = (_SR_ID_RE if rule.doc == "sr" else _CR_ID_RE).sub(" ", text)
    found: set[str] = set()

    def scaled(value: str) -> Iterable[str]:
        yield value
        if rule.doc == "sr" and value.lstrip("+-").isdigit() and int(value.lstrip("+-")) % 10 == 0:
            sign = value[0] if value[0] in "+-" else ""
            number = int(value.lstrip("+-"))
            if number:
                yield f"{sign}{number // 10}"

    for power, toughness in _PT_RE.findall(text):
        found |= {f"{p}/{t}" for p in scaled(power) for t in scaled(toughness)}
    for value in _NUMBER_RE.findall(_PT_RE.sub(" ", text)):
        found |= {n.lstrip("+") for n in scaled(value)}
    return found


def position(rule_id: RuleId, unit: RuleId) -> tuple[int, ...] | None:
    """Returns the rule's place below its unit as numbers comparable across schemes.

    CR ``420.5a`` below section ``420`` is (5, 1), as sr ``D21.51`` below ``D21``; ``502.9d`` below ``502.9``
    is (4,), as ``E3.104`` below ``E3.100``.
    """
    path, base = _path(rule_id), _path(unit)
    if path[: len(base)] != base:
        return None
    return path[len(base) :]


def _path(rule_id: RuleId) -> tuple[int, ...]:
    local = rule_id.local
    if rule_id.level is Level.PART:
        return (ord(local[0]),)
    if rule_id.scheme == "cr":
        if "." not in local:
            return (int(local),)
        section, rest = local.split(".")
        letter = rest[-1] if rest[-1].isalpha() else ""
        number = int(rest.rstrip("abcdefghijklmnopqrstuvwxyz"))
        return (int(section), number, ord(letter) - ord("a") + 1) if letter else (int(section), number)
    if "." not in local:
        return (ord(local[0]), int(local[1:]))
    section, rest = local.split(".")
    value = int(rest)
    head = (ord(section[0]), int(section[1:]), value // 10)
    return (*head, value % 10) if value % 10 else head
