from __future__ import annotations

import json

import pytest

from ruling.search.common_words import CommonWords, common_words_json, confusable


@pytest.fixture(scope="module")
def common() -> CommonWords:
    return CommonWords(common_words_json())


@pytest.mark.parametrize(
    ("language", "word"),
    [
        ("ru", "девять"),
        ("ru", "хочу"),
        ("sr", "cemo"),
        ("ja", "work"),
        ("sr", "devet"),
        ("sr", "moze"),
        ("sr", "work"),
    ],
)
def test_everyday_words_are_held_folded_as_queries_are(common: CommonWords, language: str, word: str) -> None:
    # Serbian without diacritics, as the analyser folds a query's words: ćemo (5.5), which no list
    # holds as cemo
    assert common.holds(language, word)


@pytest.mark.parametrize(
    ("language", "word"),
    [
        ("ru", "кладбише"),  # typos of game words: no list holds them
        ("sr", "bibloteka"),
        ("ja", "trampel"),
        ("ja", "recieve"),  # common misspellings lie below COMMON_ZIPF
        ("ru", "агенство"),
        ("ja", "девять"),  # only English is checked for Japanese
        ("ja", "1000"),
    ],
)
def test_typos_and_misspellings_are_not_everyday_words(common: CommonWords, language: str, word: str) -> None:
    assert not common.holds(language, word)


def test_the_words_are_sorted_per_language() -> None:
    found = json.loads(common_words_json())
    assert set(found) == {"ru", "ja", "sr"}
    assert all(words == sorted(set(words)) and len(words) > 10_000 for words in found.values())


def test_confusable_keeps_the_words_a_search_would_correct() -> None:
    lexicon = {"десять", "ходу", "карта", "приоритет"}
    words = ["девять", "хочу", "карта", "вечер", "нет", "приоритеты", "бриоритет", "приоритетами"]
    # десять and ходу are one edit away; карта is known; вечер has no close word; нет is too short;
    # приоритеты is one edit away, приоритетами three; бриоритет begins with another letter
    assert confusable(words, lexicon, shortest=4) == ["девять", "хочу", "приоритеты"]


def test_confusable_allows_two_edits_from_seven_letters_on() -> None:
    # приорит and карточа are two edits from приоритет and карта, ходит two from ходу but of five letters
    words = ["приорит", "карточа", "ходит", "карточками"]
    assert confusable(words, {"приоритет", "карта", "ходу"}, shortest=5) == ["приорит", "карточа"]
