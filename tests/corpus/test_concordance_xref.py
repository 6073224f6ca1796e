"""xref, compare, the wiki 303.x links, the glossary alignment and the grouping of search results."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruling.cli import cli
from ruling.corpus.concordance import Aligner, Concordance
from ruling.corpus.concordance_compare import compare, quantities
from ruling.corpus.concordance_data import read_differences, read_wiki_links
from ruling.corpus.concordance_glossary import align_glossaries, glossary_counterparts
from ruling.corpus.concordance_groups import group_aligned
from ruling.corpus.concordance_xref import GUESS_BELOW, xref
from ruling.corpus.load import Corpus
from ruling.errors import SourceError
from ruling.ids import RuleId

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "rules_corpus"
SCENARIOS = REPO / "scenarios"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout


def test_xref_and_compare_work_for_every_rule_of_every_document(
    corpus: Corpus, concordance: Concordance
) -> None:
    aligner = Aligner(corpus)
    for code in ("ru", "ja", "sr", "wiki"):
        for rule in corpus.documents[code].rules:
            found = xref(corpus, rule.key, aligner, concordance)
            assert found.id == rule.key
            for equivalent in found.equivalents:
                assert corpus.rule(RuleId.parse(equivalent.id)) is not None, (rule.key, equivalent.id)
                assert 0.0 <= equivalent.confidence <= 1.0 and equivalent.evidence
                assert equivalent.id.split(":")[0] != code
            shown = compare(corpus, [rule.key], None, aligner, concordance)
            assert shown.rules[0].id == rule.key


def test_xref_json_follows_the_contract() -> None:
    code, out = run("xref", "ru:420.5e", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["id"] == "ru:420.5e"
    first = data["equivalents"][0]
    assert first["id"] == "ja:420.5e" and first["confidence"] >= 0.5 and not first["guess"]
    assert all(set(e) == {"id", "confidence", "evidence", "guess"} for e in data["equivalents"])
    assert all(e["guess"] == (e["confidence"] < GUESS_BELOW) for e in data["equivalents"])


def test_a_rule_without_counterpart_gets_only_a_guess(corpus: Corpus) -> None:
    """sr has no legend rule: the best sr match of ru 420.5e is shown as a guess, never as fact."""
    sr = [e for e in xref(corpus, "ru:420.5e").equivalents if e.id.startswith("sr:")]
    assert sr and all(e.guess for e in sr)
    code, out = run("xref", "ru:420.5e")
    assert code == 0 and "guess: sr:" in out and "same rule: ja:420.5e" in out


@pytest.mark.parametrize("command", ["xref", "compare"])
def test_xref_and_compare_refuse_what_is_not_a_rule(command: str) -> None:
    code, _ = run(command, "ja:glossary/トランプル")
    assert code == 1
    code, _ = run(command, "guide:passage/3")
    assert code == 1


@pytest.mark.parametrize(
    "words",
    [["ru", "420.5e"], ["правило", "420.5e", "--doc", "ru"], ["ru", "правило", "420,5e"], ["ru:", "420.5e"]],
)
def test_xref_reads_a_rule_as_show_does(words: list[str]) -> None:
    code, out = run("xref", *words)
    assert code == 0 and out.splitlines()[0] == "ru:420.5e" and "same rule: ja:420.5e" in out


def test_compare_reads_each_rule_as_show_does() -> None:
    code, out = run("compare", "ru", "420.5e", "sr", "D21.54", "--json")
    assert code == 0 and [r["id"] for r in json.loads(out)["rules"]] == ["ru:420.5e", "sr:D21.54"]
    code, out = run("compare", "rule", "ja:420.5e")
    assert code == 0 and out.startswith("ja:420.5e")
    assert run("compare", "ru")[0] == 1  # a document without a rule


def test_wiki_aura_rules_link_to_every_edition(corpus: Corpus) -> None:
    rows = read_wiki_links(CORPUS)
    wiki_rules = {r.key for r in corpus.documents["wiki"].rules if r.id.local.startswith("303")}
    assert {str(r.wiki) for r in rows} == wiki_rules
    for row in rows:
        for rules in row.counterparts.values():
            assert all(corpus.rule(r) is not None for r in rules), row.line
    linked = {e.id for e in xref(corpus, "wiki:303.4d").equivalents}
    assert {"ru:214.8f", "ja:212.4g", "sr:B12.66"} <= linked
    assert "wiki:303.4d" in {e.id for e in xref(corpus, "ja:212.4g").equivalents}


def test_reviewed_differences_name_rules_of_the_corpus(corpus: Corpus) -> None:
    rows = read_differences(CORPUS)
    assert {"legend rule", "mana burn", "combat damage on the stack"} <= {r.topic for r in rows}
    for row in rows:
        assert all(corpus.rule(r) is not None for r in row.rules), row.topic
        assert row.source.startswith("read in "), row.topic


def test_bad_wiki_row_names_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "reviewed").mkdir()
    (tmp_path / "reviewed" / "concordance-wiki.tsv").write_text(
        "# header\nwiki:303.1\tja:212.4a\tja:212.4a\tsr:B12.61\tnote\n", encoding="utf-8"
    )
    with pytest.raises(SourceError) as caught:
        read_wiki_links(tmp_path)
    assert caught.value.line == 2


def test_compare_explains_the_serbian_ten_times(corpus: Corpus) -> None:
    shown = compare(corpus, ["ja:300.3"], SCENARIOS)
    assert {r.id for r in shown.rules} >= {"ja:300.3", "ru:300.4", "sr:C1.30"}
    one = next(q for q in shown.quantities if q.value == "1")
    assert one.status == "x10" and "sr 10 = 1" in one.note
    assert "mana burn" in {d.topic for d in shown.differences}
    assert any(s.path.endswith("turn/mana_burn.md") for s in shown.scenarios)
    assert "mana burn" in next(r for r in shown.rules if r.id == "ja:300.3").english


def test_compare_marks_a_quantity_only_some_rules_give(corpus: Corpus) -> None:
    shown = compare(corpus, ["ja:502.9d", "sr:E3.104", "ru:502.9e"])
    six = next(q for q in shown.quantities if q.value == "6/6")
    assert six.status == "differs" and set(six.rules) == {"ja:502.9d", "sr:E3.104"}
    assert "sr 60/60 = 6/6" in six.note


def test_compare_names_the_scenario_whose_profiles_differ(corpus: Corpus) -> None:
    shown = compare(corpus, ["ru:420.5e", "ja:420.5e"], SCENARIOS)
    assert any(s.path.endswith("sba/legend.md") for s in shown.scenarios)
    assert "legend rule" in {d.topic for d in shown.differences}


def test_compare_json_and_text() -> None:
    code, out = run("compare", "ru:300.4", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"rules", "quantities", "differences", "scenarios", "problems"}
    assert data["rules"][0]["language"] == "ru"
    code, out = run("compare", "sr:C1.30")
    assert code == 0 and "x10" in out and "difference: mana burn" in out


def test_quantities_leave_rule_ids_out(corpus: Corpus) -> None:
    rule = corpus.rule(RuleId.parse("sr:C11.25"))
    assert rule is not None and quantities(rule) == ("5",)


def test_glossaries_align_by_english_term(corpus: Corpus) -> None:
    groups = {g.english: g for g in align_glossaries(corpus)}
    assert groups["trample"].entries == {
        "ru": ("ru:glossary/Пробивающий удар",),
        "ja": ("ja:glossary/トランプル",),
        "sr": ("sr:glossary/Razbijač",),
    }
    assert "sr:glossary/Mana udar" in glossary_counterparts(corpus, "ja:glossary/マナ・バーン")


@dataclass(frozen=True)
class _Hit:
    key: str


def test_results_group_by_aligned_rule(corpus: Corpus) -> None:
    hits = [
        _Hit("ja:502.9"),
        _Hit("ru:420.5c"),
        _Hit("sr:E3.100"),
        _Hit("ja:glossary/トランプル"),
        _Hit("ru:502.9"),
    ]
    groups = group_aligned(corpus, hits)
    assert [g.keys for g in groups] == [
        ("ja:502.9", "sr:E3.100", "ru:502.9"),
        ("ru:420.5c",),
        ("ja:glossary/トランプル",),
    ]
    assert "ja:420.5c" in groups[1].also


def test_search_aligned_groups_in_json() -> None:
    code, out = run("search", "trample", "--aligned", "--json", "--limit", "6")
    assert code == 0
    groups = json.loads(out)
    assert all(set(g) == {"hits", "also"} for g in groups)
    assert any(len(g["hits"]) >= 2 for g in groups)
