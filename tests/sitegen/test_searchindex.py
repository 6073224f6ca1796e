"""The offline search index: what it holds for the browser to rank as `ruling search` does."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path
from typing import Any

import pytest

from ruling.analyzers import CHAINS
from ruling.corpus.load import Corpus
from ruling.search.entries import corpus_entries
from ruling.sitegen.searchindex import (
    DIGITS,
    _absences,
    decode_row,
    encode_row,
    index_scripts,
    language_index,
    postings_table,
    read_postings,
    search_script,
)


def _data(script: str) -> Any:
    """Reads the data back: the string literal (its escapes mean the same in Python) is a JSON text."""
    literal = script[script.index("JSON.parse(") + len("JSON.parse(") : -len(");\n")]
    return json.loads(ast.literal_eval(literal))


def test_any_text_survives_the_string_literal() -> None:
    data = {"t": 'it\'s a \\ "quote"\u2028line\u2029para\n\tend ゼロ'}
    script = search_script("x", data)
    assert "\u2028" not in script and "\n" not in script[:-1]
    assert _data(script) == data


def test_the_index_is_a_script_handing_data_to_the_page(small_corpus: Corpus) -> None:
    scripts = index_scripts(small_corpus, {})
    assert sorted(scripts) == ["search-ru.js"]
    script = scripts["search-ru.js"]
    assert script.startswith('window.RulingIndex=window.RulingIndex||{};window.RulingIndex["ru"]=')
    assert _data(script)["lang"] == "ru"


def test_the_absence_data_says_what_each_language_lacks() -> None:
    """The browser's share of ``absence.py``: the bridge's concepts a language lacks, the rules holding
    them, the concepts in no document, the keyword parts' English terms and the pages of all those rules."""
    folder = Path(__file__).resolve().parents[2] / "rules_corpus"
    terms = json.dumps({"morph": {"ja": ["ja:502.26"]}})
    hrefs = {"sr:E3.80": "sr/E3.html#E3.80", "ja:502.26": "ja/502.html#502.26", "ru:502.9": "ru/502.html"}
    found = _absences(folder, terms, hrefs, ("ru", "sr"))
    ru, sr = found["ru"], found["sr"]
    assert "vigilance" in ru["lacking"] and "vigilance" not in sr["lacking"]  # type: ignore[operator]
    assert "trample" not in ru["lacking"] and "hexproof" in sr["lacking"]  # type: ignore[operator]
    assert ru["homes"]["vigilance"] == ["sr:E3.80"]  # type: ignore[index]
    assert "hexproof" in ru["nowhere"] and "vigilance" not in ru["nowhere"]  # type: ignore[operator]
    assert ru["terms"] == {"morph": {"ja": ["ja:502.26"]}}
    assert ru["hrefs"] == {"ja:502.26": "ja/502.html#502.26", "sr:E3.80": "sr/E3.html#E3.80"}


def test_postings_pack_the_frequency_of_each_field(small_corpus: Corpus) -> None:
    entries = corpus_entries(small_corpus)
    data = language_index("ru", entries, len(entries), {})
    keys = [row[0] for row in data["entries"]]  # type: ignore[attr-defined]
    stem = CHAINS["ru"].terms("удар")[0]
    row = read_postings(data["postings"])[stem]  # type: ignore[arg-type]
    assert row[0] == sum(1 for e in entries if stem in CHAINS["ru"].terms(e.text))
    found: dict[str, int] = {}
    entry = 0
    for delta, code in zip(row[3::2], row[4::2], strict=True):
        entry += delta
        found[keys[entry]] = code
    glossary = "ru:glossary/Пробивающий удар"
    title_text = CHAINS["ru"].terms(next(e for e in entries if e.key == glossary).text).count(stem)
    assert found[glossary] == title_text + 64 * 1
    assert found["ru:502.9b"] == 1
    assert len(data["lengths"]) == len(entries)  # type: ignore[arg-type]


def test_the_lexicon_maps_every_surface_form_to_its_stem(small_corpus: Corpus) -> None:
    entries = corpus_entries(small_corpus)
    data = language_index("ru", entries, len(entries), {})
    forms: dict[str, str] = {}
    for stem, items in data["lexicon"].items():  # type: ignore[attr-defined]
        for item in items.split(","):
            body = item.rsplit(":", 1)[0]
            forms[body[1:] if body.startswith("=") else stem + body] = stem
    for word in ("пробивающим", "ударом", "блокирующим", "существам"):
        assert forms[word] == CHAINS["ru"].terms(word)[0]
    assert forms["trample"] == CHAINS["ru"].terms("trample")[0]


def test_the_everyday_words_kept_are_those_a_query_would_take_for_typos(small_corpus: Corpus) -> None:
    entries = corpus_entries(small_corpus)
    words = [w for w in CHAINS["ru-words"].terms(" ".join(e.text for e in entries)) if len(w) >= 6]
    known = words[0]
    one_off = known[:-1] + ("а" if known[-1] != "а" else "о")
    common = [one_off, known, "зеленоглазый", "удара"]
    data = language_index("ru", entries, len(entries), {}, common=common)
    # the word one letter off a word of the entries stays; a known word, one close to no word of the
    # entries, and one whose stem the entries hold (удар) do not
    assert data["common"] == [one_off]


@pytest.mark.parametrize(
    ("numbers", "text"),
    [
        ([], ""),
        ([0], "A"),
        ([31], "f"),
        ([32], "hA"),
        ([1, 2, 3], "BCD"),
        ([1023, 1024], "_fhgA"),
        ([64 + 1, 5], "iBF"),
    ],
)
def test_a_row_is_a_string_of_base64_varints(numbers: list[int], text: str) -> None:
    assert encode_row(numbers) == text
    assert decode_row(text) == numbers


def test_rows_of_any_size_read_back_unchanged() -> None:
    chooser = random.Random(10)
    for _ in range(200):
        numbers = [
            chooser.choice([chooser.randrange(32), chooser.randrange(2**16), chooser.randrange(2**45)])
            for _ in range(chooser.randrange(40))
        ]
        text = encode_row(numbers)
        assert set(text) <= set(DIGITS)
        assert decode_row(text) == numbers


def test_a_bad_row_is_refused() -> None:
    with pytest.raises(ValueError, match="non-negative"):
        encode_row([3, -1])
    for unfinished in ("Bh", "Bg"):
        with pytest.raises(ValueError, match="ends inside a number"):
            decode_row(unfinished)
    with pytest.raises(ValueError, match="not a digit"):
        decode_row("B+")


def test_the_postings_are_terms_in_javascript_order_and_their_rows(small_corpus: Corpus) -> None:
    entries = corpus_entries(small_corpus)
    data = language_index("ru", entries, len(entries), {})
    table: dict[str, str] = data["postings"]  # type: ignore[assignment]
    assert sorted(table) == ["rows", "terms"]
    terms = table["terms"].split(" ")
    assert terms == sorted(terms) and len(terms) > 20
    assert set(table["rows"]) <= set(DIGITS + " ")
    for row in read_postings(table).values():
        assert len(row) % 2 == 1 and max(row[:3]) >= 1


def test_terms_sort_by_utf16_code_units_as_javascript_compares_them() -> None:
    table = postings_table({"\U0001d400": [1], "\uff21": [2], "a": [3]})
    assert table == {"terms": "a \U0001d400 \uff21", "rows": "D B C"}
    assert read_postings(table) == {"a": [3], "\U0001d400": [1], "\uff21": [2]}


def test_a_term_with_a_space_is_refused() -> None:
    with pytest.raises(ValueError, match="holds a space"):
        postings_table({"two words": [1]})
