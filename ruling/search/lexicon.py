"""The surface words of each language's texts, with the number of entries holding each: the lexicon typo
corrections and word-form expansions are drawn from.

It used to be a whoosh field; kept beside the index as one small JSON file (``lexicon.json``) it costs a
tenth of the build time and answers the two questions asked of it directly: the known words that begin
with a stem (``отмен`` → отмена, отменить) and the known words within one or two edits of a misspelt word.
"""

from __future__ import annotations

import bisect
import json
from collections import Counter
from collections.abc import Callable, Iterable

from ruling.analyzers import CHAINS, fold_serbian
from ruling.search.common_words import CommonWords
from ruling.search.stopwords import edit_distance

LANGUAGES = ("ru", "sr", "ja")


SPELLED = {"sr": fold_serbian}
"""The languages whose surface words are folded (Serbian: without diacritics), with the fold: their
stemmer reads a word's written form (``igrač`` gives ``igrac``, ``igrac`` gives ``igrc``), so a folded word
is stemmed as the texts spell it."""


def spellings(language: str, texts: Iterable[str]) -> dict[str, str]:
    """Returns, for each folded surface word of the texts, the spelling most of them hold, where it is not
    the folded word itself (Serbian ``igrac`` → ``igrač``); none for a language that does not fold."""
    fold = SPELLED.get(language)
    if fold is None:
        return {}
    counts: Counter[str] = Counter()
    for text in texts:
        counts.update(set(CHAINS[f"{language}-spelled"].terms(text)))
    best: dict[str, str] = {}
    for word, count in sorted(counts.items()):
        folded = fold(word)
        if counts[best.get(folded, folded)] < count:
            best[folded] = word
    return {folded: word for folded, word in sorted(best.items()) if word != folded}


def lexicon_json(texts: Iterable[tuple[str, str]]) -> str:
    """Returns the lexicon of (language, text) pairs, one pair per entry, as JSON: per language the
    sorted surface words and how many entries hold each, and the spellings of folded words
    (``spellings``)."""
    counts: dict[str, Counter[str]] = {language: Counter() for language in LANGUAGES}
    held: dict[str, list[str]] = {language: [] for language in SPELLED}
    for language, text in texts:
        if language in counts:
            counts[language].update(set(CHAINS[f"{language}-words"].terms(text)))
        if language in held:
            held[language].append(text)
    return json.dumps(
        {
            "words": {language: sorted(words.items()) for language, words in counts.items()},
            "spellings": {language: spellings(language, held[language]) for language in held},
        },
        ensure_ascii=False,
    )


class Lexicon:
    """The lexicon loaded for queries."""

    def __init__(self, text: str, common: Callable[[], CommonWords | None] | None = None) -> None:
        """text is the JSON of ``lexicon_json``; common reads the everyday words of the languages when first
        asked (``common_words.py``; none: every word the documents lack may be a typo)."""
        self._common = common
        self._common_words: CommonWords | None = None
        data = json.loads(text)
        self._words: dict[str, list[str]] = {}
        self._frequency: dict[str, dict[str, int]] = {}
        for language, pairs in data["words"].items():
            self._words[language] = [word for word, _ in pairs]
            self._frequency[language] = dict(pairs)
        self._spellings: dict[str, dict[str, str]] = data["spellings"]

    def spelled(self, language: str, word: str) -> str:
        """Returns a surface word as most texts holding it spell it (Serbian ``igrac`` → ``igrač``)."""
        return self._spellings.get(language, {}).get(word, word)

    def respelled(self, language: str, text: str) -> str:
        """Returns text with each word written in folded form (Serbian without diacritics) that the texts
        spell otherwise written as they do, so that it is stemmed as their words are."""
        fold = SPELLED.get(language)
        known = self._spellings.get(language)
        if fold is None or not known:
            return text
        pieces: list[str] = []
        done = 0
        for token in CHAINS[f"{language}-spelled"].tokens(text):
            spelled = known.get(token.text) if fold(token.text) == token.text else None
            if spelled is not None:
                pieces += [text[done : token.start], spelled]
                done = token.end
        return "".join(pieces) + text[done:]

    def is_common(self, language: str, word: str) -> bool:
        """Tells whether word is an everyday word of the language, which is never taken for a typo."""
        if self._common is not None:
            self._common_words, self._common = self._common(), None
        return self._common_words is not None and self._common_words.holds(language, word)

    def frequency(self, language: str, word: str) -> int:
        """Returns how many entries of the language hold word (0: an unknown word)."""
        return self._frequency.get(language, {}).get(word, 0)

    def starting_with(self, language: str, prefix: str, limit: int) -> list[str]:
        """Returns up to limit known words that begin with prefix, in order."""
        words = self._words.get(language, [])
        start = bisect.bisect_left(words, prefix)
        found = []
        for word in words[start : start + limit]:
            if not word.startswith(prefix):
                break
            found.append(word)
        return found

    def within(self, language: str, word: str, maxdist: int, prefix: int) -> list[str]:
        """Returns the known words, other than word, within maxdist edits of it that share its first
        prefix letters."""
        head = word[:prefix]
        words = self._words.get(language, [])
        start, end = bisect.bisect_left(words, head), bisect.bisect_left(words, head + "\U0010ffff")
        return [
            other
            for other in words[start:end]
            if other != word
            and abs(len(other) - len(word)) <= maxdist
            and edit_distance(word, other, maxdist) <= maxdist
        ]
