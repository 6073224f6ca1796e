"""Today's Comprehensive Rules numbers: the reviewed table, and what a lookup of one says."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruling.cli import cli
from ruling.corpus.load import load_corpus
from ruling.corpus.model import REVIEWED_FOLDER
from ruling.search.bridge import read_table
from ruling.search.modern_numbers import (
    TABLE,
    ModernNumber,
    dump_numbers,
    find_number,
    load_numbers,
    modern_number,
    read_modern_numbers,
)
from ruling.search.query import SearchIndex, search

from .conftest import CORPUS

NUMBERS = read_modern_numbers(CORPUS)


def test_every_row_names_rules_of_the_corpus_or_a_concept_of_the_bridge() -> None:
    corpus = load_corpus(CORPUS)
    concepts = {row.concept for row in read_table(CORPUS)}
    lines = [
        line.split("\t")
        for line in (CORPUS / REVIEWED_FOLDER / TABLE).read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert len(lines) == len(NUMBERS) >= 40  # no number twice
    for number, _name, rules, source in lines:
        assert source.startswith("CR-en 2024"), number
        if rules.startswith("concept:"):
            assert rules.removeprefix("concept:") in concepts, number
    for found in NUMBERS.values():
        for key in found.rules:
            assert corpus.lookup(key).key == key


@pytest.mark.parametrize(
    ("typed", "number", "first"),
    [
        ("702.19b", "702.19", "ru:502.9"),  # a subrule falls under its rule
        ("ru:704.5g", "704", "ru:420"),
        ("ja:６１３", "613", "ru:418.5"),
        ("702.22", "702.22", "ru:glossary/Объединение в группу"),  # a glossary entry where ru has no rule
    ],
)
def test_a_typed_number_names_today_s_rule(typed: str, number: str, first: str) -> None:
    found = modern_number(CORPUS, typed)
    assert found is not None and found.number == number and found.rules[0] == first


def test_numbers_outside_the_table_name_nothing() -> None:
    assert modern_number(CORPUS, "702.99") is None
    assert modern_number(CORPUS, "ru:502.9z") is None
    assert modern_number(CORPUS, "E3.100") is None


def test_a_note_puts_the_documents_asked_first_and_says_which_lack_the_subject() -> None:
    horsemanship = NUMBERS["702.31"]
    assert horsemanship.note(["ru"]).endswith("702.31 is Horsemanship (not in ru): ja:502.17")
    layers = NUMBERS["613"].note(["sr"])
    assert layers.endswith(": sr:D19.50, ru:418.5, ja:418.5")
    assert ModernNumber("702.11", "Hexproof", ()).note(["ja"]).endswith("which none of ru, ja, sr has")


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stderr


def test_show_xref_and_compare_say_where_today_s_number_is() -> None:
    code, err = _run("show", "702.19b", "--doc", "ru")
    assert code == 2
    assert err.strip() == (
        "ruling: no rule ru:702.19b; in today's Comprehensive Rules 702.19 is Trample: "
        "ru:502.9, ja:502.9, sr:E3.100"
    )
    code, err = _run("show", "sr", "702.11")  # no Serbian number at all
    assert code == 1 and "702.11 is Hexproof, which none of ru, ja, sr has" in err
    assert "702.19 is Trample" in _run("xref", "ru:702.19")[1]
    assert "613 is Interaction of Continuous Effects" in _run("compare", "ja:613")[1]


def test_show_keeps_the_nearest_ids_for_other_numbers_and_without_the_table(tmp_path: Path) -> None:
    code, err = _run("show", "ru:502.9z")
    assert code == 2 and "nearest: ru:502.9" in err
    corpus = tmp_path / "rules_corpus"
    shutil.copytree(CORPUS, corpus)
    (corpus / REVIEWED_FOLDER / TABLE).unlink()
    assert read_modern_numbers(corpus) == {}
    result = CliRunner().invoke(
        cli, ["--corpus", str(corpus), "show", "ru:702.19"], env={"RULING_CACHE": str(tmp_path / "cache")}
    )
    assert result.exit_code == 2 and "nearest:" in result.stderr and "today's" not in result.stderr


def test_the_table_kept_by_the_index_reads_back_whole() -> None:
    assert load_numbers(dump_numbers(NUMBERS)) == NUMBERS
    assert find_number(NUMBERS, "702,19") == NUMBERS["702.19"]  # decimal comma
    assert find_number(NUMBERS, "704.5") == NUMBERS["704"]


@pytest.mark.parametrize(
    ("query", "docs", "keys"),
    [
        ("702.19", ("ru", "ja", "sr"), ["ru:502.9", "ja:502.9", "sr:E3.100"]),
        ("rule 702.19b", ("ja",), ["ja:502.9"]),
        ("613", ("sr",), ["sr:D19.50"]),
        ("ルール６１３", ("ja",), ["ja:418.5"]),
        ("704.5g", ("ru",), ["ru:420"]),
        ("702.22", ("ru",), ["ru:glossary/Объединение в группу"]),
    ],
)
def test_a_search_of_today_s_number_finds_the_era_rules_first(
    search_index: SearchIndex, query: str, docs: tuple[str, ...], keys: list[str]
) -> None:
    found = search(search_index, query, docs)
    assert [hit.key for hit in found.hits] == keys
    assert len(found.today) == 1 and set(keys) <= set(found.today[0].rules)


def test_words_after_today_s_number_are_searched_after_its_rules(search_index: SearchIndex) -> None:
    found = search(search_index, "702.19 повреждения", ("ru",))
    assert found.hits[0].key == "ru:502.9" and len(found.hits) > 1
    assert found.today == (NUMBERS["702.19"],)


def test_a_rule_of_the_document_is_never_read_as_today_s_number(search_index: SearchIndex) -> None:
    found = search(search_index, "502.9", ("ru",))  # today's 502 is the untap step; ru's 502.9 is trample
    assert found.hits[0].key == "ru:502.9" and found.today == ()


@pytest.mark.parametrize(
    ("query", "docs", "keys", "numbers"),
    [
        ("502.9 и 702.19", ("ru",), ["ru:502.9"], ["702.19"]),  # the same rule named twice: once
        ("420.5e и правило 613", ("ja",), ["ja:420.5e", "ja:418.5"], ["613"]),
        ("D21.30 или 702.19", ("sr",), ["sr:D21.30", "sr:E3.100"], ["702.19"]),
    ],
)
def test_a_rule_of_the_document_and_today_s_number_are_both_read(
    search_index: SearchIndex, query: str, docs: tuple[str, ...], keys: list[str], numbers: list[str]
) -> None:
    found = search(search_index, query, docs)
    assert [hit.key for hit in found.hits][: len(keys)] == keys
    assert [row.number for row in found.today] == numbers


def test_a_missing_subrule_of_a_rule_is_not_today_s_number(search_index: SearchIndex) -> None:
    """ru 502.9 ends at g; today's 502 (the untap step) is not what 502.9z means."""
    found = search(search_index, "502.9z", ("ru",))
    assert found.today == () and [hit.key for hit in found.hits] == ["ru:502.9"]


def test_today_s_number_whose_subject_the_document_lacks_finds_nothing_and_says_where(
    search_cache: Path,
) -> None:
    result = CliRunner().invoke(
        cli,
        ["--corpus", str(CORPUS), "search", "702.31", "--doc", "ru"],
        env={"RULING_CACHE": str(search_cache)},
    )
    assert result.exit_code == 0 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "in today's Comprehensive Rules 702.31 is Horsemanship (not in ru): ja:502.17",
        "no results",
    ]
