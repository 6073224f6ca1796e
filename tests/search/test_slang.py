"""English game words in Russian or Serbian letters (ruling.search.slang), on a small reader and the real
table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ruling.search.bridge import Row, read_table
from ruling.search.slang import (
    SlangReader,
    english_keys,
    may_be_read,
    query_key,
    query_keys,
    rewritten,
    serbian_spellings,
    slang_reader,
)

REPO = Path(__file__).resolve().parents[2]
TERMS = [
    ("trample", "trample"),
    ("trampler", "trample"),
    ("double strike", "double strike"),
    ("deathtouch", "deathtouch"),
    ("landwalk", "landwalk"),
    ("kicker", "kicker"),
    ("crew", "crew"),
]


def _reader() -> SlangReader:
    return SlangReader(TERMS, native=[("кикер", "kicker")])


def _read(text: str, common: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    return [(r.said, r.english) for r in _reader().read(text, lambda w: True, lambda w: w in common)]


@pytest.mark.parametrize(
    ("written", "english"),
    [
        ("трамплер", "trampler"),
        ("флајер", "flyer"),
        ("flajer", "flyer"),
        ("вижиланс", "vigilance"),
        ("vidžilens", "vigilance"),
        ("хекспруф", "hexproof"),
        ("эквип", "equip"),
    ],
)
def test_a_transliteration_has_a_key_of_its_english_word(written: str, english: str) -> None:
    assert query_key(written) in english_keys(english)


def test_an_english_spelling_that_says_two_things_has_both_keys() -> None:
    assert {"dStC", "dtC"} <= english_keys("deathtouch")
    assert {"lndvk", "lndvlk"} <= english_keys("landwalk")
    assert english_keys("cycling") == {"SklnG"}


def test_an_inflected_word_is_also_read_without_its_ending() -> None:
    assert query_keys("трамплером") == ["trmplrm", "trmplr"]
    assert query_keys("кикером") == ["krm", "kr"]


def test_words_read_alone_and_in_runs() -> None:
    assert _read("трамплеры с дабл страйком") == [
        ("трамплеры", "trampler"),
        ("дабл страйком", "double strike"),
    ]
    assert _read("дезтач") == [("дезтач", "deathtouch")]
    assert _read("лендвок") == [("лендвок", "landwalk")]


def test_words_apart_are_not_one_run() -> None:
    assert _read("дабл, страйк") == []


def test_a_key_of_two_concepts_reads_as_nothing_unless_a_native_form_has_it() -> None:
    terms = [("cast", "cast"), ("cost", "cost")]
    assert SlangReader(terms).read_words(["кастом"]) is None
    assert SlangReader(terms, native=[("каст", "cast")]).read_words(["кастом"]) == "cast"


def test_short_keys_everyday_and_known_words_are_not_read() -> None:
    assert _read("трамп") == [] and _reader().read_words(["кикер"]) is None
    assert _read("трамплер", common=frozenset({"трамплер"})) == []
    assert _reader().read("трамплер", lambda w: False, lambda w: False) == []
    assert not may_be_read("trampler") and may_be_read("flajer") and may_be_read("флаер")


def test_a_reading_replaces_its_words_in_the_query() -> None:
    text = "можно ли блокировать трамплера"
    readings = _reader().read(text, lambda w: w == "трамплера", lambda w: False)
    assert rewritten(text, readings) == "можно ли блокировать trampler"


def test_serbian_folded_words_stand_for_their_spellings() -> None:
    assert set(serbian_spellings("cas")) == {"cas", "čas", "ćas", "caš", "čaš", "ćaš"}
    assert "đak" in serbian_spellings("djak")


def test_everyday_words_the_reader_would_read_are_listed_for_the_site() -> None:
    assert _reader().blocked(["трамплер", "дом", "стол"]) == ["трамплер"]


def test_the_real_table_reads_game_words_not_general_ones() -> None:
    reader = slang_reader(read_table(REPO / "rules_corpus"), ["rampage"])
    assert reader.read_words(["рэмпейдж"]) == "rampage"
    assert reader.read_words(["трамплер"]) == "trampler"
    general = [Row("both", "en", "both", "CR-en"), Row("both", "era:ru", "оба", "ru:1 (general vocabulary)")]
    assert slang_reader(general, []).entries == {}


def test_native_forms_that_are_words_of_their_own_are_not_read_first() -> None:
    rows = [
        Row("damage", "en", "damage", "CR-en"),
        Row("damage", "ru", "урон", "players"),
        Row("trample", "en", "trample", "CR-en"),
        Row("trample", "ru", "трампл", "players"),
    ]
    reader = slang_reader(rows, [])
    assert list(reader.native) == [query_key("трампл")]


def test_the_site_data_holds_what_the_browser_reads_by(search_index: Any) -> None:
    data = json.loads(json.dumps(search_index.slang().as_json()))
    assert {"pairs", "letters", "endings", "near", "min", "sounds", "run", "native", "entries"} <= set(data)
    assert data["entries"]["trmplr"] == [["trample", "trampler"]]
