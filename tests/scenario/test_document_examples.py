"""The documents' own examples are the spec: scenarios/document_examples.tsv names, for every example
(ПРИМЕР, 例, Primer) of the three rules documents, the scenario that shows it or why there is none yet."""

from __future__ import annotations

from pathlib import Path

from ruling.corpus.load import Corpus
from ruling.scenario.format import parse_file

REPO = Path(__file__).resolve().parents[2]
TABLE = REPO / "scenarios" / "document_examples.tsv"
STATUSES = {"example", "rule", "open"}


def _rows() -> dict[str, tuple[str, str]]:
    rows: dict[str, tuple[str, str]] = {}
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        key, status, detail = line.split("\t")
        assert key not in rows, f"{key} is listed twice"
        rows[key] = (status, detail)
    return rows


def test_every_example_of_the_documents_is_listed_once(corpus: Corpus) -> None:
    wanted = {
        f"{code}:{rule.id.local}#{n}"
        for code in ("ru", "ja", "sr")
        for rule in corpus.documents[code].rules
        for n in range(1, len(rule.examples) + 1)
    }
    assert set(_rows()) == wanted


def test_each_listed_scenario_cites_the_rule_of_its_example() -> None:
    for key, (status, detail) in _rows().items():
        assert status in STATUSES, key
        if status == "open":
            assert detail, f"{key}: an open example needs the reason it is not a scenario yet"
            continue
        rule = key.split("#")[0]
        cited = {r for s in parse_file(REPO / detail) for r in s.rules}
        assert rule in cited, f"{key}: {detail} does not cite {rule}"
