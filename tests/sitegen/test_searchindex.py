"""The offline search index: what it holds for the browser to rank as `ruling search` does."""

from __future__ import annotations

import ast
import json
from typing import Any

from ruling.analyzers import CHAINS
from ruling.corpus.load import Corpus
from ruling.search.entries import corpus_entries
from ruling.sitegen.searchindex import index_scripts, language_index, search_script


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


def test_postings_pack_the_frequency_of_each_field(small_corpus: Corpus) -> None:
    entries = corpus_entries(small_corpus)
    data = language_index("ru", entries, len(entries), {})
    keys = [row[0] for row in data["entries"]]  # type: ignore[attr-defined]
    stem = CHAINS["ru"].terms("удар")[0]
    row = data["postings"][stem]  # type: ignore[index]
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
