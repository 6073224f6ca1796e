"""The site's coverage pages read the same demonstrations as `ruling scenario coverage`: a rule counts only
through a passing run, while the rule pages still link every scenario that cites it."""

from __future__ import annotations

import shutil
from pathlib import Path

from ruling.corpus.load import Corpus
from ruling.sitegen.collect import collect_site
from ruling.sitegen.model import CoveragePage, RulesPage
from tests.sitegen.conftest import SMALL_SCENARIOS


def test_a_failing_scenario_covers_nothing(small_corpus: Corpus, tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    shutil.copy(SMALL_SCENARIOS / "trample.md", folder / "good.md")
    text = (SMALL_SCENARIOS / "trample.md").read_text(encoding="utf-8")
    (folder / "bad.md").write_text(text.replace("bob life 16", "bob life 15"), encoding="utf-8")
    context = collect_site(small_corpus, folder)
    pages = {p.path: p for p in context.pages}
    coverage = pages["ru/coverage.html"]
    assert isinstance(coverage, CoveragePage)
    covered = {link.label: link.note for row in coverage.rows for link in row.covered}
    assert covered == {"ru:502.9b": "1"}
    section = pages["ru/502.html"]
    assert isinstance(section, RulesPage)
    trample = next(r for r in section.rules if r.key == "ru:502.9b")
    assert len(trample.scenarios) == 2
