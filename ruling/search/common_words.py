"""The everyday words of each language, which a search never takes for misspelt words of the documents.

A query word that the documents lack is corrected to a close word they hold; but a word the language uses
every day is no typo: ``девять`` (nine) is not a misspelt ``десять`` (ten), ``хочу`` (I want) not ``ходу``,
nor ``work`` in "how does flying work" a misspelt ``worm``. The words come from wordfreq's lists (Zipf
frequency: log10 of uses per billion words), from COMMON_ZIPF on, folded as the language's analyser folds
a query's words (Serbian without diacritics, Russian ё as е). Written into the index when it is built
(``index.py``), they cost a search nothing until it would correct a word.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable

from ruling.analyzers import CHAINS
from ruling.search.stopwords import edit_distance

COMMON_ZIPF = 3.5
"""The least Zipf frequency of an everyday word: about three uses per million words, the commonest 25,000
Russian, 23,000 Serbo-Croatian and 14,000 English words. Common misspellings, which the lists hold too, lie
below it (``recieve`` 2.75, ``untill`` 2.97, ``агенство`` 3.19, ``nemogu`` 3.27), as do most typos of
game words (0: ``кладбише``, ``trampel``, ``bibloteka``)."""
WORDLISTS = {"ru": ("ru", "en"), "ja": ("en",), "sr": ("sh", "en")}
"""The wordfreq lists of the words a query of each document may be written in: the documents' own
language (Serbian as wordfreq's Serbo-Croatian) and English, which judges write in all three; Japanese words
are never checked (kana typos are found otherwise, see ``query.py``)."""


def common_words() -> dict[str, list[str]]:
    """Returns the everyday words of each document's languages, folded and sorted."""
    from wordfreq import get_frequency_dict

    least = 10 ** (COMMON_ZIPF - 9)
    found: dict[str, list[str]] = {}
    for language, lists in WORDLISTS.items():
        chain = CHAINS[f"{language}-words"]
        words: set[str] = set()
        for name in lists:
            for word, frequency in get_frequency_dict(name).items():
                if frequency >= least:
                    tokens = [t.text for t in chain.tokens(word)]
                    if len(tokens) == 1 and tokens[0].isalpha() and (language != "ja" or tokens[0].isascii()):
                        words.add(tokens[0])
        found[language] = sorted(words)
    return found


def common_words_json() -> str:
    """Returns ``common_words`` as the JSON the index keeps."""
    return json.dumps(common_words(), ensure_ascii=False)


class CommonWords:
    """The everyday words the index keeps, per language."""

    def __init__(self, text: str) -> None:
        self._words = {language: frozenset(words) for language, words in json.loads(text).items()}

    def holds(self, language: str, word: str) -> bool:
        """Tells whether word (folded as the language's analyser folds it) is an everyday word of it."""
        return word in self._words.get(language, frozenset())


def confusable(words: Iterable[str], lexicon: Collection[str], shortest: int) -> list[str]:
    """Returns the words (everyday words of a language, of at least shortest letters) that a search would
    correct to a word of lexicon, as ``query._corrections`` finds them: not in it, and within one edit of
    one of its words (two for words of 7+ letters) that begins with the same letter (two letters). The
    site's script needs these only; the candidates are found through the words both give when letters are
    deleted (as many as the edits allowed), then checked."""
    by_deletion: dict[str, list[str]] = {}
    for known in lexicon:
        for variant in deletions(known, 2 if len(known) >= shortest else 1):
            by_deletion.setdefault(variant, []).append(known)
    found = []
    for word in words:
        if len(word) < shortest or word in lexicon:
            continue
        most = 2 if len(word) >= 7 else 1
        candidates = {known for variant in deletions(word, most) for known in by_deletion.get(variant, ())}
        if any(
            known[:most] == word[:most]
            and abs(len(known) - len(word)) <= most
            and edit_distance(word, known, most) <= most
            for known in candidates
        ):
            found.append(word)
    return found


def deletions(word: str, most: int) -> set[str]:
    """Returns word and every word made of it by deleting up to most letters."""
    found, last = {word}, {word}
    for _ in range(most):
        last = {w[:i] + w[i + 1 :] for w in last for i in range(len(w))}
        found |= last
    return found
