"""The languages a query is written in, so that a search of every document ranks the query's own first.

A judge who asks every document «что будет, если библиотека пуста» wants the Russian rule, not the Japanese
one the same words reach through the terminology bridge; one who asks 「ライフが0になったら」 wants the
Japanese. Each word of the query names the languages it can be written in (``word_languages``):
- kana or kanji: Japanese;
- Cyrillic with a letter only Russian has (ы э ъ й щ ё ю я ь) is Russian, with one only Serbian has
  (ђ ј љ њ ћ џ) Serbian; other Cyrillic is whichever of the two holds the word (a stop word, or a word of
  its rules' own text and titles), and either when neither does (an unknown word is not Japanese or
  English);
- Latin with a Serbian letter (č ć š ž đ) is Serbian; other Latin is Serbian when Serbian holds the word
  and English when English does (an English stop word, or a Latin word of the Russian or Japanese
  documents, which hold English terms and card text), and either when neither does.

The query's languages are those most of its words can be written in (``query_languages``). English among
them means the query may be English, which has no document of its own: the query then names none, and its
results rank as they did. The Serbian documents' English terms (aliases) do not make a word Serbian: only
their own text does (``aura`` is an English term there, not a Serbian word).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable

from ruling.analyzers import is_cjk
from ruling.search import stopwords
from ruling.search.stopwords import ENGLISH, stop_key

EN = "en"
"""A word English may have: it names no document."""
RUSSIAN_ONLY = frozenset("ыэъйщёюяь")
SERBIAN_ONLY = frozenset("ђјљњћџ")
SERBIAN_LATIN = frozenset("čćšžđ")
CYRILLIC = frozenset("абвгдежзиклмнопрстуфхцчш") | RUSSIAN_ONLY | SERBIAN_ONLY
STOPWORDS = {**stopwords.STOPWORDS, EN: ENGLISH}
"""The stop words of each language a word may be written in, English's with them."""

Holds = Callable[[str, str], bool]
"""Tells whether a language (ru, sr, or en) holds a word, a stop word aside: its own text does."""

_WORD_RE = re.compile(r"\w+(?:['’]\w+)?")


def word_languages(word: str, holds: Holds) -> frozenset[str]:
    """Returns the languages (ru, ja, sr, or en for English) word can be written in; none for a number."""
    word = word.lower()
    letters = set(word)
    if any(is_cjk(c) for c in word):
        return frozenset({"ja"})
    if letters & CYRILLIC:
        if letters & RUSSIAN_ONLY:
            return frozenset({"ru"})
        if letters & SERBIAN_ONLY:
            return frozenset({"sr"})
        return _holding(word, ("ru", "sr"), holds)
    if not any(c.isalpha() for c in word):
        return frozenset()
    if letters & SERBIAN_LATIN:
        return frozenset({"sr"})
    return _holding(word, ("sr", EN), holds)


def _holding(word: str, languages: tuple[str, str], holds: Holds) -> frozenset[str]:
    """Returns those of languages that hold word, or both when neither does."""
    found = frozenset(
        language
        for language in languages
        if stop_key(word, language) in STOPWORDS[language] or holds(language, word)
    )
    return found or frozenset(languages)


def query_languages(text: str, holds: Holds) -> frozenset[str]:
    """Returns the document languages text is written in: those most of its words can be written in,
    none when English is one of them or no word names any."""
    counts: Counter[str] = Counter()
    for word in _WORD_RE.findall(unicodedata.normalize("NFKC", text)):
        counts.update(word_languages(word, holds))
    if not counts:
        return frozenset()
    most = max(counts.values())
    best = frozenset(language for language, count in counts.items() if count == most)
    return frozenset() if EN in best else best
