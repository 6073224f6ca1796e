"""The analyzer chains and their steps, on plain strings and token lists."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ruling.analyzers import (
    JAPANESE,
    RUSSIAN,
    SERBIAN,
    Chain,
    Tok,
    bigrams,
    cjk_tokens,
    fold_lookalikes,
    fold_serbian,
    fold_yo,
    japanese_reading,
    katakana,
    serbian_latin,
    word_tokens,
)


@pytest.mark.parametrize(
    ("function", "word", "expected"),
    [
        (fold_yo, "ёлка", "елка"),
        (fold_lookalikes, "cтрахoвка", "страховка"),  # Latin c and o typed into a Cyrillic word
        (fold_lookalikes, "trample", "trample"),
        (serbian_latin, "регенерација", "regeneracija"),
        (serbian_latin, "razbijач", "razbijač"),  # a stray Cyrillic letter in a Latin word
        (serbian_latin, "љубав", "ljubav"),
        (fold_serbian, "čćšžđ", "ccszdj"),
        (katakana, "まりがん", "マリガン"),
        (katakana, "タップ", "タップ"),
    ],
)
def test_steps_on_words(function: Callable[[str], str], word: str, expected: str) -> None:
    assert function(word) == expected


@pytest.mark.parametrize(
    ("chain", "left", "right"),
    [
        (RUSSIAN, "Пробивающий удар", "пробивающий  УДАР"),
        (RUSSIAN, "ещё", "еще"),
        (RUSSIAN, "Trample", "trample"),
        (SERBIAN, "nerešeno", "нерешено"),
        (SERBIAN, "nerešeno", "nereseno"),
        (SERBIAN, "Razbijač", "razbijac"),
        (SERBIAN, "regeneracija", "регенерација"),
        (JAPANESE, "マナ・バーン", "マナバーン"),
        (JAPANESE, "たっぷ", "タップ"),
        (JAPANESE, "ＡＰＮＡＰ", "apnap"),
        (JAPANESE, "ライフが０以下", "ライフが0以下"),
    ],
)
def test_chain_meets_variants(chain: Chain, left: str, right: str) -> None:
    assert chain.terms(left) == chain.terms(right)


def test_russian_stems() -> None:
    assert RUSSIAN.terms("регенерация жетоны") == ["регенерац", "жетон"]


def test_word_tokens_keep_offsets() -> None:
    text = "Правило 502.9b: Пробивающий"
    tokens = word_tokens(text)
    assert [t.text for t in tokens] == ["правило", "502", "9b", "пробивающий"]
    assert all(text[t.start : t.end].lower() == t.text for t in tokens)


def test_offsets_survive_full_width_forms() -> None:
    text = "ＡＰＮＡＰ　ルール"
    tokens = JAPANESE.tokens(text)
    assert [t.text for t in tokens] == ["apnap", "ルー", "ール"]
    assert [text[t.start : t.end] for t in tokens] == ["ＡＰＮＡＰ", "ルー", "ール"]


def test_cjk_tokens_skip_nakaguro_and_split_scripts() -> None:
    tokens = cjk_tokens("マナ・バーン0以下")
    assert [(t.text, t.joined) for t in tokens] == [
        ("マ", False),
        ("ナ", True),
        ("バ", True),
        ("ー", True),
        ("ン", True),
        ("0", False),
        ("以", False),
        ("下", True),
    ]


def test_bigrams_on_token_list() -> None:
    tokens = [Tok("再", 0, 1), Tok("生", 1, 2, True), Tok("x", 3, 4), Tok("墓", 5, 6)]
    assert [(t.text, t.start, t.end) for t in bigrams(tokens)] == [
        ("再生", 0, 2),
        ("x", 3, 4),
        ("墓", 5, 6),
    ]


@pytest.mark.parametrize(
    ("kanji", "reading"), [("引き分け", "ヒキワケ"), ("墓地", "ボチ"), ("再生", "サイセイ")]
)
def test_japanese_reading(kanji: str, reading: str) -> None:
    assert japanese_reading(kanji) == reading
