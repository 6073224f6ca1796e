"""Question words, fillers and particles removed from queries, misspelt ones too, morphology kept."""

from __future__ import annotations

import pytest

from ruling.search.stopwords import content_text, edit_distance, near_stopword, reads_as_english


@pytest.mark.parametrize(
    ("query", "language", "content"),
    [
        ("можно ли отменить способность", "ru", "отменить способность"),
        ("что происходит, если жизнь игрока стала равна нулю", "ru", "жизнь игрока стала равна нулю"),
        ("сколко карт можно держать в руке", "ru", "карт держать руке"),  # misspelt сколько
        ("da li mogu da sprečim osobinu", "sr", "sprečim osobinu"),
        ("kolko karata mogu da držim u ruci", "sr", "karata držim ruci"),
        ("šta ako je život nula", "sr", "život nula"),
        ("шта ако је живот нула", "sr", "живот нула"),  # Cyrillic Serbian
        ("what happens if both players lose at the same time", "ru", "both players lose same time"),
        ("what happens if both players lose at the same time", "sr", "both players lose same time"),
        ("a token was returned to its owner's hand", "sr", "token returned owner hand"),  # possessive
        ("противник получил контроль над моим существом", "ru", "противник получил контроль существом"),
        ("biće je uklonjeno iz borbe tokom koraka", "sr", "biće uklonjeno borbe koraka"),
        ("手札は何枚まで持てる？", "ja", "手札 持て"),  # the inflection's first letter stays with its stem
        ("ライフが0になったらどうなる", "ja", "ライフ 0"),  # an auxiliary after a number goes
        ("ターン終了時に手札が９枚ある", "ja", "ターン終了時 手札 9枚"),  # 枚 counts: not a verb stem
        ("取り除かれた", "ja", "取り 除か"),
        ("対戦相手が私の呪文に対応して呪文をプレイした", "ja", "対戦相手 私 呪文 対応し 呪文 プレイ"),
        ("さいせいする", "ja", "さいせいする"),  # a query only in kana is a reading
    ],
)
def test_content_words_are_kept_in_order(query: str, language: str, content: str) -> None:
    assert content_text(query, language, lambda _word: False) == content


def test_a_word_of_the_corpus_is_never_taken_for_a_misspelt_stop_word() -> None:
    assert near_stopword("держать", "ru") is None  # two edits from делать
    assert near_stopword("можна", "ru") == "можно"
    assert content_text("можна", "ru", lambda word: word == "можна") == "можна"


def test_edit_distance_stops_at_the_limit() -> None:
    assert edit_distance("сколко", "сколько", 1) == 1
    assert edit_distance("trampel", "trample", 2) == 2
    assert edit_distance("abc", "xyz", 1) == 2


@pytest.mark.parametrize(
    ("query", "language", "english"),
    [
        ("who orders cards put into a graveyard at the same time", "sr", True),
        ("when is damage removed from permanents", "sr", True),
        ("šta ako moram da vučem kartu a biblioteka je prazna", "sr", False),
        ("protivnik mora da vuče kartu a u biblioteci nema više karata", "sr", False),
        ("resolve a spell", "sr", False),  # one function word: a term, not a sentence
        ("what happens if trample", "ru", True),
        ("можно ли отменить способность", "ru", False),
    ],
)
def test_a_query_reads_as_english_by_its_function_words(query: str, language: str, english: bool) -> None:
    assert reads_as_english(query, language) is english
