"""Fuzzing, bounded for CI: every input either succeeds or raises a RulingError, within a time bound.

benchmarks/fuzz.py runs the same targets on as many inputs as asked and counts crashes per target.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings

from ruling.corpus.cache import load_corpus_cached
from ruling.search.query import SearchIndex
from tests.fuzz.targets import (
    Outcome,
    attempt,
    command_args,
    command_target,
    id_texts,
    parse_id,
    query_texts,
    scenario_target,
    scenario_texts,
    search_target,
)


def _check(target: Any, value: Any, limit: float) -> None:
    result = attempt(target, value, limit)
    assert result.outcome in (Outcome.OK, Outcome.ERROR), f"{result.outcome} on {value!r}: {result.crash!r}"


FAST = settings(max_examples=400, deadline=None, derandomize=True, database=None)


@FAST
@given(id_texts())
def test_ids(value: tuple[str, str | None]) -> None:
    _check(parse_id, value, 1.0)


@settings(FAST, max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=query_texts())
def test_queries(small_index: SearchIndex, value: tuple[str, tuple[str, ...]]) -> None:
    _check(search_target(small_index), value, 10.0)


@settings(FAST, max_examples=80)
@given(scenario_texts())
def test_scenario_files(text: str) -> None:
    _check(scenario_target(load_corpus_cached()), text, 10.0)


@settings(FAST, max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=command_args(with_search=False))
def test_commands(tmp_path: Path, value: tuple[list[str], str | None]) -> None:
    load_corpus_cached()  # the first parse of the corpus is not the command's time
    _check(command_target(tmp_path), value, 20.0)
