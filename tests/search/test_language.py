"""The languages a query is written in, on a small vocabulary (the holds of each language given here)."""

from __future__ import annotations

import pytest

from ruling.analyzers import serbian_latin
from ruling.search.language import EN, query_languages, word_languages

OWN_WORDS = {
    "ru": {"карта", "стек", "библиотека", "пуста"},
    "sr": {"karta", "biblioteka", "permanent", "oreol", "igru", "mana"},
    EN: {"mana", "permanent", "trample", "library"},
}
"""The words each language's own text holds, for these tests (the real index: ``query._holds``, which
reads Serbian in Latin letters as these do)."""


def holds(language: str, word: str) -> bool:
    return (serbian_latin(word) if language == "sr" else word) in OWN_WORDS[language]


@pytest.mark.parametrize(
    ("word", "languages"),
    [
        ("トランプル", {"ja"}),
        ("引ける", {"ja"}),
        ("ожог", {"ru", "sr"}),  # unknown Cyrillic without a telling letter: either
        ("маной", {"ru"}),  # й is Russian only
        ("шпила", {"ru", "sr"}),
        ("мешање", {"sr"}),  # њ is Serbian only
        ("стек", {"ru"}),  # the Russian text holds it
        ("карта", {"ru", "sr"}),  # both do (karta in Latin)
        ("nerešeno", {"sr"}),  # š
        ("oreol", {"sr"}),
        ("trample", {EN}),
        ("mana", {"sr", EN}),
        ("regeneracia", {"sr", EN}),  # unknown Latin: either
        ("je", {"sr"}),  # a Serbian stop word
        ("the", {EN}),
        ("502", set()),
    ],
)
def test_word_languages(word: str, languages: set[str]) -> None:
    assert word_languages(word, holds) == languages


@pytest.mark.parametrize(
    ("query", "languages"),
    [
        ("что будет, если библиотека пуста", {"ru"}),
        ("ライフが0になったらどうなる", {"ja"}),
        ("мешање шпила", {"sr"}),
        ("permanent za koji je moj oreol bio vezan je napustio igru", {"sr"}),
        ("šta ako je biblioteka prazna", {"sr"}),
        ("ожог", {"ru", "sr"}),
        # English, or a word English may have, names no document: the results rank as they did
        ("trample", set()),
        ("mana", set()),
        ("what happens when the library is empty", set()),
        ("502.9b", set()),
        ("", set()),
    ],
)
def test_query_languages(query: str, languages: set[str]) -> None:
    assert query_languages(query, holds) == languages
