"""The documents' own examples are the spec: scenarios/document_examples.tsv names, for every example
(ПРИМЕР, 例, Primer) of the three rules documents, the scenario that shows it or why there is none yet."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

from ruling.corpus.load import Corpus
from ruling.scenario.coverage import read_examples
from ruling.scenario.format import parse_file

REPO = Path(__file__).resolve().parents[2]
TABLE = REPO / "scenarios" / "document_examples.tsv"


def _rows() -> dict[str, tuple[str, str]]:
    """The table as coverage reads it (each example once, with a known status, or a NotationError)."""
    return {row.key: (row.status, row.detail) for row in read_examples(TABLE)}


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
        if status == "open":
            assert detail, f"{key}: an open example needs the reason it is not a scenario yet"
            continue
        rule = key.split("#")[0]
        cited = {r for s in parse_file(REPO / detail) for r in s.rules}
        assert rule in cited, f"{key}: {detail} does not cite {rule}"


DOC = REPO / "docs" / "document-examples.md"
_START = "<!-- generated from scenarios/document_examples.tsv"
_END = "<!-- end of generated -->"


def _summary(rows: dict[str, tuple[str, str]]) -> str:
    """Writes the totals per document and the open examples counted by reason, as the doc shows them."""
    by_doc = Counter((key.split(":")[0], status) for key, (status, _) in rows.items())
    total = Counter(status for status, _ in rows.values())
    lines = [
        f"Totals: {total['example']} example, {total['rule']} rule, {total['open']} open, of {len(rows)}.",
        "",
        "| document | example | rule | open |",
        "|---|---|---|---|",
    ]
    lines += [
        f"| {doc} | {by_doc[doc, 'example']} | {by_doc[doc, 'rule']} | {by_doc[doc, 'open']} |"
        for doc in ("ru", "ja", "sr")
    ]
    reasons = Counter(detail for status, detail in rows.values() if status == "open")
    lines += ["", "Why the open ones are open, by reason (count):", ""]
    lines += [f"- {n}: {reason}" for reason, n in sorted(reasons.items(), key=lambda r: (-r[1], r[0]))]
    return "\n".join(lines)


def test_the_documented_totals_are_the_table_s() -> None:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("\n", text.index(_START)) + 1
    end = text.index(_END)
    wanted = _summary(_rows()) + "\n"
    if os.environ.get("RULING_UPDATE_EXPECTED") == "1":
        DOC.write_text(text[:start] + wanted + text[end:], encoding="utf-8")
        return
    assert text[start:end] == wanted, (
        "docs/document-examples.md is stale: RULING_UPDATE_EXPECTED=1 rewrites it"
    )
