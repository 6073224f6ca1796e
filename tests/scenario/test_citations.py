"""Every rule a scenario cites exists in its document."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from ruling.cli import cli
from ruling.ids import RuleId
from ruling.scenario.format import parse_file
from tests.engine.test_profiles import parsed_document
from tests.scenario.test_runner import BASE
from tests.scenario.test_scenarios import SCENARIOS

CITED: dict[str, set[str]] = {}
for _path in sorted(SCENARIOS.rglob("*.md")):
    for _scenario in parse_file(_path):
        for _rule in _scenario.rules:
            CITED.setdefault(_rule.split(":")[0], set()).add(f"{_rule} ({_scenario.name})")


@pytest.mark.parametrize("doc", sorted(CITED))
def test_cited_rules_exist(doc: str) -> None:
    corpus = parsed_document(doc)
    missing = [c for c in sorted(CITED[doc]) if corpus.rule(RuleId.parse(c.split()[0])) is None]
    assert missing == []


def test_every_scenario_cites_a_rule_of_each_profile_it_runs() -> None:
    for path in sorted(SCENARIOS.rglob("*.md")):
        for scenario in parse_file(path):
            docs = {r.split(":")[0] for r in scenario.rules}
            for profile in scenario.profiles:
                assert profile.split("-")[0] in docs, f"{scenario.name} cites no rule of {profile}"


def test_runner_fails_a_scenario_citing_no_rule_with_the_nearest_ids(tmp_path: Path) -> None:
    parsed_document("ru")
    bad = tmp_path / "bad.md"
    bad.write_text(BASE.replace("rules: ru:413.1, ja:413.1", "rules: ru:413.1, ru:413.9, ja:413.1"), "utf-8")
    result = CliRunner().invoke(cli, ["scenario", "run", str(bad)])
    assert result.exit_code == 1
    assert (
        f"{bad}:7: expected ru:413.9 is a rule of the corpus, got no rule ru:413.9; nearest: ru:413"
        in result.output
    )


@pytest.mark.parametrize("doc", sorted(CITED))
def test_cited_rules_have_text_of_their_own(doc: str) -> None:
    """A scenario cites the rule that says what it checks, not a bare title above it; a title ending in a
    colon introduces the list of its subrules and counts as the rule of the whole list."""
    corpus = parsed_document(doc)
    titles = []
    for cited in sorted(CITED[doc]):
        rule = corpus.rule(RuleId.parse(cited.split()[0]))
        lead_in = (rule.title or "").rstrip().endswith(":") if rule else False
        if rule is not None and not rule.text.strip() and not lead_in:
            titles.append(cited)
    assert titles == []
