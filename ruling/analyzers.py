"""Analyzer chains, one per language: a tokenizer and small steps over token lists.

The chains are plain Python (no whoosh) so that queries, snippets and tests use exactly what the index
uses; ``ruling.search.schema`` wraps them as whoosh tokenizers, and the concordance stems with them. The
choices follow ``search-notes.md``:

- Russian: lowercase, ё→е, Latin look-alikes inside Cyrillic words made Cyrillic, Snowball Russian
  (Latin words get Snowball English, so ``Trample`` and ``trample`` meet).
- Serbian: lowercase, Cyrillic→Latin, Snowball Serbian, then diacritics folded (č ć→c, š→s, ž→z, đ→dj);
  the same chain runs on the query, so ``nereseno``, ``nerešeno`` and ``нерешено`` meet.
- Japanese: NFKC, lowercase, ``・`` dropped, hiragana→katakana, CJK character bigrams; Latin and digit runs
  stay words (Latin ones stemmed with Snowball English, as in Russian).

English terms (glossary and index terms, rule titles) are indexed with the language's own chain, as the
query is, so they act as synonyms in every document.

Every chain first applies NFKC character by character and keeps each token's offsets in the original text,
so snippets can highlight what matched.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, NamedTuple, Protocol


class Tok(NamedTuple):
    """A token: its text, where it came from in the original text, and whether it continues a CJK run."""

    text: str
    start: int
    end: int
    joined: bool = False


Step = Callable[[list[Tok]], list[Tok]]


def _tok(text: str, start: int, end: int, joined: bool = False) -> Tok:
    """Returns a Tok without the checks of its generated constructor (a build makes half a million)."""
    return tuple.__new__(Tok, (text, start, end, joined))


class _Stemmer(Protocol):
    def stemWord(self, word: str) -> str: ...


@cache
def stemmer(language: str) -> _Stemmer:
    """Returns the PyStemmer Snowball stemmer of a language (imported on first use)."""
    import Stemmer

    result: _Stemmer = Stemmer.Stemmer(language)
    return result


# -- normalisation with offsets ----------------------------------------------------------------------------
@cache
def _fold_char(char: str) -> str:
    return unicodedata.normalize("NFKC", char).lower()


def normalize(text: str) -> tuple[str, list[int] | None]:
    """Returns NFKC-lowercased text and, for each of its characters, the index it came from in text
    (None when every character stayed in place, the common case)."""
    lowered = text.lower()
    if len(lowered) == len(text) and unicodedata.is_normalized("NFKC", lowered):
        return lowered, None
    chars: list[str] = []
    origin: list[int] = []
    for index, char in enumerate(text):
        folded = _fold_char(char)
        chars.append(folded)
        origin.extend([index] * len(folded))
    return "".join(chars), origin


def _located(norm: str, origin: list[int] | None, start: int, end: int) -> Tok:
    if origin is None:
        return _tok(norm[start:end], start, end)
    return _tok(norm[start:end], origin[start], origin[end - 1] + 1)


_WORD_RE = re.compile(r"\w+")


def word_tokens(text: str) -> list[Tok]:
    """Splits text into runs of letters and digits (``502.9b`` gives ``502`` and ``9b``)."""
    norm, origin = normalize(text)
    return [_located(norm, origin, m.start(), m.end()) for m in _WORD_RE.finditer(norm)]


_NAKAGURO = "・"
_CJK_CHARS = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff々〆ヶ"
_CJK_RE = re.compile(f"[{_CJK_CHARS}]")
_JA_RUN_RE = re.compile(f"(?P<cjk>[{_CJK_CHARS}][{_CJK_CHARS}{_NAKAGURO}]*)|[^\\W{_CJK_CHARS}]+")


def is_cjk(char: str) -> bool:
    """Tells whether a (normalised) character belongs to a Japanese run: kanji, kana, ー, 々."""
    return _CJK_RE.fullmatch(char) is not None


def cjk_tokens(text: str) -> list[Tok]:
    """Splits text into single CJK characters (``joined`` inside a run, ``・`` skipped) and other words."""
    norm, origin = normalize(text)
    tokens: list[Tok] = []
    for match in _JA_RUN_RE.finditer(norm):
        if match.group("cjk") is None:
            tokens.append(_located(norm, origin, match.start(), match.end()))
            continue
        joined = False
        for position in range(match.start(), match.end()):
            char = norm[position]
            if char != _NAKAGURO:
                where = position if origin is None else origin[position]
                tokens.append(_tok(char, where, where + 1, joined))
                joined = True
    return tokens


_KATAKANA_WORD_RE = re.compile(f"[ァ-ヺー]{{2,}}|[^\\W{_CJK_CHARS}]+")


def katakana_words(text: str) -> list[Tok]:
    """Splits text into katakana words (two letters or more) and Latin or digit words; kanji and hiragana
    are left out."""
    norm, origin = normalize(text)
    return [_located(norm, origin, m.start(), m.end()) for m in _KATAKANA_WORD_RE.finditer(norm)]


# -- steps -------------------------------------------------------------------------------------------------
WORD_MEMO = 1 << 16
"""Words a step remembers the result of: a corpus repeats a few tens of thousands of words (stemming each
occurrence anew was a fifth of an index build)."""


def per_token(function: Callable[[str], str]) -> Step:
    """Returns a step that maps each token's text with function (a pure function of the word, remembered
    for the last WORD_MEMO words) and drops tokens that become empty."""
    mapped = lru_cache(maxsize=WORD_MEMO)(function)

    def step(tokens: list[Tok]) -> list[Tok]:
        result = []
        for t in tokens:
            text = mapped(t.text)
            if text:
                result.append(t if text == t.text else _tok(text, t.start, t.end, t.joined))
        return result

    step.__name__ = function.__name__
    return step


def fold_yo(word: str) -> str:
    """Returns word with ё written as е."""
    return word.replace("ё", "е")


_CYRILLIC_RE = re.compile(r"[а-яё]")
_LATIN_RE = re.compile(r"[a-z]")
_LATIN_LOOKALIKES = str.maketrans("aceopxykmhtb", "асеорхукмнтв")


def fold_lookalikes(word: str) -> str:
    """Returns a Cyrillic word with the Latin look-alike letters typed into it made Cyrillic."""
    if _CYRILLIC_RE.search(word) and _LATIN_RE.search(word):
        return word.translate(_LATIN_LOOKALIKES)
    return word


def stem_english(word: str) -> str:
    """Returns the Snowball English stem of a Latin word (others unchanged)."""
    if _LATIN_RE.search(word) and not _CYRILLIC_RE.search(word):
        return stemmer("english").stemWord(word)
    return word


def stem_russian(word: str) -> str:
    """Returns the Snowball stem: Russian for Cyrillic words, English for Latin ones."""
    if _CYRILLIC_RE.search(word):
        return stemmer("russian").stemWord(word)
    if _LATIN_RE.search(word):
        return stemmer("english").stemWord(word)
    return word


_SERBIAN_CYRILLIC = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "ђ": "đ", "е": "e", "ж": "ž", "з": "z", "и": "i",
    "ј": "j", "к": "k", "л": "l", "љ": "lj", "м": "m", "н": "n", "њ": "nj", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "ћ": "ć", "у": "u", "ф": "f", "х": "h", "ц": "c", "ч": "č", "џ": "dž", "ш": "š",
}  # fmt: skip
_TO_LATIN = str.maketrans(_SERBIAN_CYRILLIC)


def serbian_latin(word: str) -> str:
    """Returns a Serbian word in Latin script (also repairs stray Cyrillic letters in Latin words)."""
    return word.translate(_TO_LATIN)


def stem_serbian(word: str) -> str:
    """Returns the Snowball Serbian stem."""
    return stemmer("serbian").stemWord(word)


_SERBIAN_FOLD = str.maketrans({"č": "c", "ć": "c", "š": "s", "ž": "z", "đ": "dj"})


def fold_serbian(word: str) -> str:
    """Returns word without Serbian diacritics (č ć→c, š→s, ž→z, đ→dj)."""
    return word.translate(_SERBIAN_FOLD)


_KATAKANA = {code: code + 0x60 for code in range(0x3041, 0x3097)}


def katakana(word: str) -> str:
    """Returns word with hiragana written as katakana."""
    return word.translate(_KATAKANA)


def bigrams(tokens: list[Tok]) -> list[Tok]:
    """Turns each CJK run into overlapping character bigrams; a one-character run stays a unigram."""
    result: list[Tok] = []
    run: list[Tok] = []

    def flush() -> None:
        if len(run) == 1:
            result.append(run[0]._replace(joined=False))
        for left, right in itertools.pairwise(run):
            result.append(_tok(left.text + right.text, left.start, right.end))
        run.clear()

    for token in tokens:
        if not token.joined:
            flush()
        if len(token.text) == 1 and is_cjk(token.text):
            run.append(token)
        else:
            flush()
            result.append(token)
    flush()
    return result


_SENTENCE_RE = re.compile(r"(?<=[。\n])")


@cache
def _kakasi() -> Any:
    import pykakasi

    return pykakasi.kakasi()  # type: ignore[no-untyped-call]


def japanese_reading(text: str) -> str:
    """Returns Japanese text with kanji replaced by their katakana reading (pykakasi, sentence by sentence:
    it is slow on long strings). Indexed in bigrams, it lets queries in kana (``ひきわけ``) find kanji."""
    converter = _kakasi()
    return "".join("".join(item["kana"] for item in converter.convert(s)) for s in _SENTENCE_RE.split(text))


# -- chains ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Chain:
    """A tokenizer followed by steps; ``terms`` gives what the index stores for a text."""

    name: str
    tokenizer: Callable[[str], list[Tok]]
    steps: Sequence[Step]

    def tokens(self, text: str) -> list[Tok]:
        """Returns the analysed tokens of text, with offsets into text."""
        tokens = self.tokenizer(text)
        for step in self.steps:
            tokens = step(tokens)
        return tokens

    def terms(self, text: str) -> list[str]:
        """Returns the analysed terms of text, in order."""
        return [t.text for t in self.tokens(text)]


RUSSIAN = Chain("ru", word_tokens, (per_token(fold_yo), per_token(fold_lookalikes), per_token(stem_russian)))
SERBIAN = Chain(
    "sr", word_tokens, (per_token(serbian_latin), per_token(stem_serbian), per_token(fold_serbian))
)
JAPANESE = Chain("ja", cjk_tokens, (per_token(katakana), bigrams, per_token(stem_english)))
RUSSIAN_WORDS = Chain("ru-words", word_tokens, (per_token(fold_yo), per_token(fold_lookalikes)))
"""Surface words of Russian texts, unstemmed: the lexicon typo corrections are drawn from."""
SERBIAN_WORDS = Chain("sr-words", word_tokens, (per_token(serbian_latin), per_token(fold_serbian)))
"""Surface words of Serbian texts, in folded Latin script: the lexicon typo corrections are drawn from."""
SERBIAN_SPELLED = Chain("sr-spelled", word_tokens, (per_token(serbian_latin),))
"""Words of Serbian texts in Latin script as written, diacritics kept: the spellings a folded word of the
lexicon is stemmed as (the stemmer reads ``igrač`` and ``igrac`` differently)."""

JAPANESE_WORDS = Chain("ja-words", katakana_words, ())
"""Katakana and Latin words of Japanese texts: the lexicon typo corrections are drawn from."""

CHAINS: dict[str, Chain] = {
    c.name: c
    for c in (RUSSIAN, SERBIAN, JAPANESE, RUSSIAN_WORDS, SERBIAN_WORDS, SERBIAN_SPELLED, JAPANESE_WORDS)
}
LANGUAGE_OF_DOCUMENT: dict[str, str] = {"ru": "ru", "guide": "ru", "wiki": "ru", "sr": "sr", "ja": "ja"}
"""Which chain analyses each document's text."""
