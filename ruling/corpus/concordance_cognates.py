"""Slavic cognates: Russian and Serbian words that share their root lend each other their English glosses.

The concordance compares ru and sr rules by the English glosses their lexicons give
(``concordance_evidence``); a word one lexicon glosses and the other does not is evidence lost: sr
biblioteka is "library" by the reviewed term table, ru библиотека in a rule where the ru lexicons have no
entry for it says nothing. Russian written in Serbian Latin letters (``transliterate``: ж→ž, ч→č, щ→šć,
я→ja, ы→i, ь and ъ dropped) spells much of the rules vocabulary as Serbian does (карта/karta,
библиотека/biblioteka, артефакт/artefakt, регенерация/regeneracija). Both sides are stemmed (Snowball
Russian and Serbian), folded (diacritics, lj and nj, doubled letters) and cut to a key (``serbian_key``,
``russian_keys``: the first KEY_LENGTH letters, ROOT_LENGTH past a shared prefix, trailing vowels
dropped); a Russian word also tries the regular correspondences of its letters to Serbian ones
(смерть/smrt, сторона/strana, защита/zaštita, уничтожить/uništiti).

``CognateGlosses`` gives a ru rule, compared with a sr rule, the English glosses that the sr lexicon gives
to the Serbian words sharing a key with the rule's words its own lexicon leaves unglossed, and the reverse.
A key lends a gloss only when most of the other document's words with that key carry it (GLOSSED_SHARE)
and when the two documents name the key about as often (RATIO): cognates that say the same are about as
frequent in two texts of the same rules, false friends are not (ru начинать "begin", sr način "manner").
Function words, the prose of rules and known false friends give no key. The glosses count only between
ru and sr: ja never has them, and the ru-ja and ja-sr alignments do not move.

Adding the keys themselves as concepts ("cog:kart") was measured and left out: the content cognates are
glossary terms already, so the keys doubled them and diluted every rule that lacked them, and the rest
are the prose of rules (время, называется).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from functools import cache

from ruling.analyzers import RUSSIAN, SERBIAN, serbian_latin, stemmer
from ruling.corpus.concordance_evidence import Lexicon
from ruling.corpus.model import Document, Rule

DOCUMENTS = frozenset({"ru", "sr"})
"""The documents whose rules lend each other glosses, when compared with each other."""
KEY_LENGTH = 5
"""A key is at most this many letters of the folded stem (trailing vowels dropped) …"""
ROOT_LENGTH = 4
"""… or this many past a prefix the two languages share (_PREFIXES)."""
MIN_KEY = 4
"""A key has at least this many letters: shorter stems (ru бой "combat", sr boja "colour"; ru него, sr nego
"than") match too much by chance, and the short cognates (рука/ruka, фаза/faza) are glossary terms."""
GLOSSED_SHARE = 0.5
"""A key lends a gloss when at least this share of the lending document's words with that key carry it."""
RATIO = 2.0
"""A key whose share of the rules of one document is more than this times its share in the other lends
nothing."""

_RUSSIAN_LATIN = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "ž", "з": "z", "и": "i",
    "й": "j", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
    "у": "u", "ф": "f", "х": "h", "ц": "c", "ч": "č", "ш": "š", "щ": "šć", "ъ": "", "ы": "i", "ь": "",
    "э": "e", "ю": "ju", "я": "ja",
}  # fmt: skip
_TO_SERBIAN_LATIN = str.maketrans(_RUSSIAN_LATIN)
_FOLD = str.maketrans({"č": "c", "ć": "c", "š": "s", "ž": "z", "đ": "d"})
_DOUBLED_RE = re.compile(r"(\w)\1")
_WORD_RE = re.compile(r"\w+")
_CYRILLIC_RE = re.compile(r"[а-яё]")
_VOWELS = "aeiou"


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_RUSSIAN_STOP = _words(
    "если когда может могут мог могла могло могли который которая которое которые которых которым этот "
    "эта это эти этого того тому том такой такая такое такие таких таким так также только более менее "
    "очень всех всего всем весь вся все всю каждый каждая каждое каждую каждого любой любая любое любые "
    "любого другой другая другое другие других другого себя себе свой свою свои своего своей будет будут "
    "быть было была были является являются являться смотри например после перед между через против "
    "вместо около кроме однако поэтому потому чтобы какой какая какое какие сам сама само сами самый "
    "самая самое даже ещё еще уже нибудь либо тоже имеет имеют нет него нее неё них ним ними там тут где "
    "здесь один одна одно одного одной два две три раза правило правила правилу правилам правилах "
    "правилом раздел разделе пункт пункте глава главе время времени временно называется называются "
    "называет означает означают значит значение обычно обычный следует следующий следующие требует "
    "требуют нужно надо делает делают делается описанные описано описаны указано указанный случае "
    "случаях случай"
)
"""Russian words that say nothing of a rule's subject: pronouns, conjunctions, cross-reference words, and
the prose of rules ("is called", "means", "usually", "the following", "at any time")."""
_SERBIAN_STOP = _words(
    "ako kada koji koja koje kojeg kojem kojim kojima kojih može mogu moći mogao mogla moglo mogle biti "
    "bilo bila bili bile jeste nije nisu ovaj ova ovo ovog ovom ovih ovim taj ta to tog tom tim tih takav "
    "takva takvo tako takođe samo više manje veoma svi sve svih svim svaki svaka svako svakog svakom "
    "svakoj drugi druga drugo drugog drugom drugih drugim sebe sebi svoj svoja svoje svoju svog svom "
    "vidi videti primer primera primeru npr nakon posle pre pred između kroz protiv umesto osim međutim "
    "zato jer kako kao čak već nego njega njemu njih njima nje njoj tamo tu gde ovde ima imaju nema "
    "nijedan nijedna jedan jedna jedno jednog jednom dva dve tri puta pravilo pravila pravilu pravilima "
    "pravilom odeljak odeljku deo delu poglavlje vreme vremena naziva nazivaju naziv nazivom znači "
    "značenje označava označavaju obično obična sledeći sledeća sledeće sledećeg treba trebalo potrebno "
    "opisano opisane opisuje navedeno navedene slučaj slučaju slučajevima"
)
"""Serbian words that say nothing of a rule's subject, as _RUSSIAN_STOP ("vidi" is the cross-reference
word)."""
_FALSE_FRIENDS = frozenset(
    {"osob", "zakl", "nakon", "stek", "zapr", "posk", "drug", "stan", "strah", "posled"}
)
"""Keys that Russian and Serbian rules words share by chance or with another meaning: ru особый (special)
and sr osobina (ability), ru заклинание (spell) and sr zaključati (lock), ru наконец (at last) and sr nakon
(after), ru стек (the stack) and sr steći (gain), ru запрещение (ban) and sr zapravo (in fact), ru поскольку
(since) and sr poskupljenje (a rise in price), ru другой (other) and sr drugi (also "second"), ru
становиться (become) and sr stanje (state), ru страховка (insurance) and sr strah (fear), ru
последовательность (sequence) and sr poslednji (last)."""
_PREFIXES = _words("pred pre pri pro raz ras bez bes iz is na za po pod nad ot od do ob ne vz voz")
"""Verbal and nominal prefixes both languages share: a key reaches ROOT_LENGTH letters past one, so that
ru предотвратить (prevent) and sr preduzeti (undertake) do not meet on ``pred``."""


def transliterate(text: str) -> str:
    """Returns Russian text in lower case, written in Serbian Latin letters (жёлтый → želtij)."""
    return unicodedata.normalize("NFC", text.lower()).translate(_TO_SERBIAN_LATIN)


def fold(word: str) -> str:
    """Returns the comparable form of a Serbian Latin word: no diacritics (č ć→c, š→s, ž→z, đ→d), lj and
    nj as l and n (ru земля and sr zemlja, ru поле and sr polje), no doubled letters (эффект is efekt)."""
    folded = word.translate(_FOLD).replace("lj", "l").replace("nj", "n")
    return _DOUBLED_RE.sub(r"\1", folded)


_C = "bcdfghjklmnprstvz"
_ALTERNATIONS = (
    (re.compile(f"(?<=[{_C}])(o)ro(?=[{_C}])|(?<=[{_C}])(o)lo(?=[{_C}])"), lambda m: "ra" if m[1] else "la"),
    (re.compile(f"(?<=[{_C}])ere(?=[{_C}])"), lambda m: "re"),
    (re.compile(f"(?<=[{_C}])[eo]r(?=[{_C}])"), lambda m: "r"),
    (re.compile(f"(?<=[{_C}])ja"), lambda m: "e"),
    (re.compile("sc"), lambda m: "st"),
    (re.compile("ct"), lambda m: "st"),
)
"""Regular correspondences of a folded Russian stem to its Serbian cognate, each tried alone: full vowel
(сторона/strana, король/kralj, берег/breg), syllabic r (смерть/smrt, четверть/četvrt), the nasal ę
(десятый/deseti), щ as št (защита/zaštita, щит/štit), чт as št (уничтожить/uništiti)."""


def _key(stem: str) -> str | None:
    prefix = next((n for n in (4, 3, 2) if stem[:n] in _PREFIXES), 0)
    key = stem[: max(KEY_LENGTH, prefix + ROOT_LENGTH)].rstrip(_VOWELS)
    if len(key) < MIN_KEY or not key.isalpha() or key in _FALSE_FRIENDS:
        return None
    return key


@cache
def serbian_key(word: str) -> str | None:
    """Returns the cognate key of a Serbian word (either script), or None for a function word, a false
    friend or a stem too short to compare: the first KEY_LENGTH letters of its folded Snowball stem, trailing
    vowels dropped."""
    word = serbian_latin(unicodedata.normalize("NFC", word.lower()))
    if word in _SERBIAN_STOP:
        return None
    return _key(fold(stemmer("serbian").stemWord(word)))


@cache
def russian_keys(word: str) -> tuple[str, ...]:
    """Returns the cognate keys a Russian word may have, the plain transliteration's first, then those of
    the regular correspondences (_ALTERNATIONS); none for a function word or a false friend."""
    word = unicodedata.normalize("NFC", word.lower()).replace("ё", "е")
    if word in _RUSSIAN_STOP or not _CYRILLIC_RE.search(word):
        return ()
    stem = fold(transliterate(stemmer("russian").stemWord(word)))
    keys = [_key(stem)] + [_key(pattern.sub(change, stem)) for pattern, change in _ALTERNATIONS]
    return tuple(dict.fromkeys(k for k in keys if k is not None))


def cognate_key(word: str, doc: str, serbian: Collection[str] = ()) -> str | None:
    """Returns the cognate key of a word of document doc: for a Russian word, the first of its keys that
    the Serbian keys given name, else its plain key."""
    if doc != "ru":
        return serbian_key(word)
    keys = russian_keys(word)
    return next((k for k in keys if k in serbian), keys[0] if keys else None)


def cognates(russian: str, serbian: str) -> bool:
    """Returns whether a Russian word and a Serbian word have the same cognate key."""
    key = serbian_key(serbian)
    return key is not None and key in russian_keys(russian)


def _rule_text(rule: Rule) -> str:
    return "\n".join([rule.title or "", rule.text, *(e.text for e in rule.examples)])


@dataclass(frozen=True, slots=True)
class _Word:
    """A word of a rule as the cognates see it: its key, the glosses its lexicon gives it alone, and
    whether a term of that lexicon covers it (alone or in a longer term)."""

    key: str
    glosses: frozenset[str]
    covered: bool


@dataclass
class CognateGlosses:
    """The glosses ru and sr rules lend each other through cognates (module docstring)."""

    documents: dict[str, Document]
    lexicon: Callable[[str], Lexicon]
    _words: dict[str, list[_Word]] = field(default_factory=dict)
    _lent: dict[str, dict[str, frozenset[str]]] = field(default_factory=dict)
    _key_of: dict[str, dict[str, str | None]] = field(default_factory=dict)

    def concepts(self, rule: Rule, other: str) -> set[str]:
        """Returns the glosses that document other lends to the words of a rule its own lexicon leaves
        unglossed: none unless the two documents are ru and sr."""
        if {rule.doc, other} != DOCUMENTS or not set(self.documents) >= DOCUMENTS:
            return set()
        lent = self.lent()[other]
        found: set[str] = set()
        for word in self._words[rule.key]:
            if not word.covered:
                found |= lent.get(word.key, frozenset())
        return found

    def lent(self) -> dict[str, dict[str, frozenset[str]]]:
        """Returns, per document, the glosses each key of its words lends the other document."""
        if self._lent:
            return self._lent
        serbian: set[str] = set()
        glosses: dict[str, dict[str, Counter[frozenset[str]]]] = {}
        shares: dict[str, dict[str, float]] = {}
        for code in ("sr", "ru"):
            rules = self.documents[code].rules
            counts = glosses.setdefault(code, {})
            for rule in rules:
                words = self._read(rule, serbian)
                self._words[rule.key] = words
                for word in words:
                    counts.setdefault(word.key, Counter())[word.glosses] += 1
                for key in {w.key for w in words}:
                    found = shares.setdefault(key, {})
                    found[code] = found.get(code, 0.0) + 1 / len(rules)
            if code == "sr":
                serbian = set(counts)
        for code, counts in glosses.items():
            self._lent[code] = {
                key: frozenset().union(
                    *(g for g, n in seen.items() if g and n >= GLOSSED_SHARE * seen.total())
                )
                for key, seen in counts.items()
                if len(shares[key]) == 2 and max(shares[key].values()) <= RATIO * min(shares[key].values())
            }
        return self._lent

    def _read(self, rule: Rule, serbian: Collection[str]) -> list[_Word]:
        doc, text = rule.doc, _rule_text(rule)
        tokens = (SERBIAN if doc == "sr" else RUSSIAN).tokens(text)
        lexicon = self.lexicon(doc)
        terms = lexicon.words
        stems = [t.text for t in tokens]
        covered = [False] * len(tokens)
        for start, length, _ in lexicon.terms_in(stems):
            covered[start : start + length] = [True] * length
        key_of, none = self._key_of.setdefault(doc, {}), frozenset[str]()
        words: list[_Word] = []
        for token, stem, hit in zip(tokens, stems, covered, strict=True):
            word = text[token.start : token.end]
            if word not in key_of:
                key_of[word] = cognate_key(word, doc, serbian)
            key = key_of[word]
            if key is not None:
                words.append(_Word(key, terms.get((stem,), none), hit))
        return words
