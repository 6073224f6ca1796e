"""Scenario pages kept across builds: a file runs again only when it, the corpus or the code changed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ruling.corpus.load import Corpus
from ruling.sitegen import scenarios as module
from ruling.sitegen.scenarios import collect_scenarios
from tests.sitegen.conftest import SMALL_SCENARIOS


def test_an_unchanged_file_is_not_run_again(
    small_corpus: Corpus, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    shutil.copy(SMALL_SCENARIOS / "trample.md", folder / "trample.md")
    first = collect_scenarios(folder, small_corpus, {}, {})
    runs: list[str] = []
    real = module.run_scenario
    monkeypatch.setattr(module, "run_scenario", lambda s, *rest: runs.append(s.title) or real(s, *rest))
    again = collect_scenarios(folder, small_corpus, {}, {})
    assert runs == [] and again == first
    text = (folder / "trample.md").read_text(encoding="utf-8")
    (folder / "trample.md").write_text(text + "\nOne more line of prose.\n", encoding="utf-8")
    changed = collect_scenarios(folder, small_corpus, {}, {})
    assert runs and changed.files[0].parts != first.files[0].parts


def test_a_damaged_store_is_only_a_miss(small_corpus: Corpus, tmp_path: Path, private_cache: Path) -> None:
    first = collect_scenarios(SMALL_SCENARIOS, small_corpus, {}, {})
    stores = list(private_cache.glob("site-scenarios-*.pickle"))
    assert len(stores) == 1
    stores[0].write_bytes(b"not a pickle")
    assert collect_scenarios(SMALL_SCENARIOS, small_corpus, {}, {}) == first
