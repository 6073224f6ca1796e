"""Coverage: a rule counts as demonstrated only through passing runs, under its own document's profile; the
share is taken over the engine-relevant parts; open examples come from the table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruling.cli import cli
from ruling.corpus.load import Corpus
from ruling.corpus.model import Rule
from ruling.errors import NotationError
from ruling.scenario.coverage import coverage, in_scope, read_examples
from ruling.scenario.runner import run_paths
from tests.scenario.test_runner import BASE

REPO = Path(__file__).resolve().parents[2]

BOLT = (
    BASE
    + """
```expect ja-2004
bob life LIFE
```
"""
)
TABLE = (
    "# example\tstatus\twhere or why\n"
    "ru:413.1#1\topen\tnot yet written\n"
    "ja:413.1#1\texample\tscenarios/x.md\n"
    "sr:F7.90#1\topen\tteam life\n"
)


def _folder(tmp_path: Path, ja_life: int) -> Path:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "bolt.md").write_text(BOLT.replace("LIFE", str(ja_life)), encoding="utf-8")
    (folder / "document_examples.tsv").write_text(TABLE, encoding="utf-8")
    return folder


def test_a_rule_counts_only_through_a_passing_run_of_its_own_document(tmp_path: Path, corpus: Corpus) -> None:
    folder = _folder(tmp_path, 16)  # the ja run fails, the ru run passes
    found = coverage(run_paths([folder]), corpus, read_examples(folder / "document_examples.tsv"))
    docs = {d.doc: d for d in found.documents}
    assert set(docs["ru"].demonstrated) == {"ru:413.1"}
    assert docs["ru"].covered == 1
    assert docs["ja"].demonstrated == {}
    assert [r.profiles for r in docs["ja"].failing["ja:413.1"]] == [("ja-2004",)]
    assert docs["ja"].covered == 0
    assert [row.key for row in docs["ru"].open_examples] == ["ru:413.1#1"]
    assert docs["ja"].examples == {"example": 1}
    assert [row.key for row in docs["sr"].open_examples] == ["sr:F7.90#1"]


def test_parts_add_up_to_the_rules_in_scope(tmp_path: Path, corpus: Corpus) -> None:
    found = coverage(run_paths([_folder(tmp_path, 17)]), corpus, None)
    for doc in found.documents:
        assert sum(p.rules for p in doc.parts) == doc.in_scope
        assert sum(p.covered for p in doc.parts) == doc.covered
        assert doc.in_scope < doc.rules  # the printed parts of a card are out of scope
    ja = next(d for d in found.documents if d.doc == "ja")
    assert ja.covered == 1


def test_printed_parts_of_a_card_are_out_of_scope(corpus: Corpus) -> None:
    assert not in_scope(_rule(corpus, "ru:204.1"))
    assert not in_scope(_rule(corpus, "sr:B10.10"))
    assert in_scope(_rule(corpus, "ru:502.9b"))


def test_a_malformed_table_line_names_file_and_line(tmp_path: Path) -> None:
    table = tmp_path / "t.tsv"
    table.write_text("# header\nru:413.1#1\tmaybe\twhy\n", encoding="utf-8")
    with pytest.raises(NotationError, match=r"t.tsv:2: expected"):
        read_examples(table)


def test_the_command_prints_json_for_the_site(tmp_path: Path) -> None:
    folder = _folder(tmp_path, 17)
    result = CliRunner().invoke(cli, ["scenario", "coverage", str(folder), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    ru = next(d for d in data["documents"] if d["doc"] == "ru")
    assert ru["demonstrated"] == [
        {
            "rule": "ru:413.1",
            "in_scope": True,
            "scenarios": [
                {
                    "path": str(folder / "bolt.md"),
                    "line": 5,
                    "title": "A bolt to the face",
                    "profiles": ["ru-1999"],
                }
            ],
        }
    ]
    assert ru["examples_open"] == [{"example": "ru:413.1#1", "rule": "ru:413.1", "reason": "not yet written"}]
    assert 0 < ru["share"] < 0.01


def test_the_command_fails_when_a_run_fails(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["scenario", "coverage", str(_folder(tmp_path, 16))])
    assert result.exit_code == 1
    assert "cited only by failing runs: ja:413.1" in result.output


def test_the_command_loads_the_corpus_once(
    tmp_path: Path, corpus: Corpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The runs and the coverage read the same corpus, loaded by the command and handed to the runner."""
    loads: list[object] = []

    def load(folder: object = None) -> Corpus:
        loads.append(folder)
        return corpus

    monkeypatch.setattr("ruling.corpus.cache.load_corpus_cached", load)
    monkeypatch.setattr("ruling.scenario.runner.load_corpus_cached", load)
    result = CliRunner().invoke(cli, ["scenario", "coverage", str(_folder(tmp_path, 17)), "--summary"])
    assert result.exit_code == 0, result.output
    assert "2 of 2 scenario runs passed" in result.output
    assert len(loads) == 1


def _rule(corpus: Corpus, key: str) -> Rule:
    rule = corpus.get(key)
    assert isinstance(rule, Rule)
    return rule


def test_every_part_f_variant_has_two_passing_scenarios(corpus: Corpus) -> None:
    """Issue 11: each variant of Izvori magije part F (F6-F10, Last Survivor in F6.50) is shown by at least
    two passing scenarios, and so is each option (F2-F5)."""
    found = coverage(run_paths([REPO / "scenarios" / "multiplayer-f"]), corpus, None)
    sr = next(d for d in found.documents if d.doc == "sr")
    by_section: dict[str, set[tuple[str, int]]] = {}
    for rule, refs in sr.demonstrated.items():
        section = rule.split(":")[1].split(".")[0]
        by_section.setdefault(section, set()).update((r.path, r.line) for r in refs)
    last_survivor = {(r.path, r.line) for r in sr.demonstrated.get("sr:F6.50", [])}
    assert len(last_survivor) >= 2
    for section in ("F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10"):
        assert len(by_section.get(section, set())) >= 2, section
