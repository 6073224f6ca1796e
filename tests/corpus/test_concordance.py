"""The concordance: reviewed section pairs, computed rule links, their precision, and their uses."""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruling.cli import cli
from ruling.corpus.concordance import (
    DOCUMENTS,
    Aligner,
    Concordance,
    counterparts,
    evaluate,
    rule_links,
)
from ruling.corpus.concordance_data import (
    read_checked_pairs,
    read_section_pairs,
    read_sr_terms,
)
from ruling.corpus.concordance_evidence import numbers, position
from ruling.corpus.export import export_corpus
from ruling.corpus.load import Corpus
from ruling.corpus.model import Rule, Span
from ruling.errors import SourceError
from ruling.ids import RuleId

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "rules_corpus"
MIN_PRECISION = 0.9
MIN_CHECKED = 30


def test_section_pairs_name_existing_rules(corpus: Corpus) -> None:
    pairs = read_section_pairs(CORPUS)
    assert len(pairs) > 250
    missing = [f"line {p.line}: {r}" for p in pairs for r in (p.left, p.right) if corpus.rule(r) is None]
    assert missing == []
    assert len({(p.left, p.right) for p in pairs}) == len(pairs), "a pair is listed twice"


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        ("ru:502.9\tja:502.9\thigh", "expected 'left<TAB>right<TAB>confidence<TAB>reason'"),
        ("ru:502.9\tru:502.8\thigh\tsame", "expected ids of two documents"),
        ("ru:502.9\tja:502.9\tsure\tsame", "expected a confidence"),
        ("ru:9999\tja:502.9\thigh\tsame", "expected qualified rule ids"),
    ],
)
def test_bad_section_rows_name_file_and_line(tmp_path: Path, row: str, expected: str) -> None:
    (tmp_path / "reviewed").mkdir()
    (tmp_path / "reviewed" / "concordance-sections.tsv").write_text(f"# header\n{row}\n", encoding="utf-8")
    with pytest.raises(SourceError, match=expected) as caught:
        read_section_pairs(tmp_path)
    assert caught.value.line == 2
    assert "concordance-sections.tsv" in caught.value.path


def test_sr_terms_give_english_keyword_names() -> None:
    english = {t.term: t.english for t in read_sr_terms(CORPUS)}
    assert english["Razbijač"] == ("trample",)
    assert english["Jurišnik"] == ("first strike",)
    assert english["Mana udar"] == ("mana burn",)


@pytest.mark.parametrize(
    ("rule", "unit", "expected"),
    [
        ("ru:420.5a", "ru:420", (5, 1)),
        ("sr:D21.51", "sr:D21", (5, 1)),
        ("ja:502.9d", "ja:502.9", (4,)),
        ("sr:E3.104", "sr:E3.100", (4,)),
        ("sr:D11.100", "sr:D11", (10,)),
        ("ja:212.2a", "ja:212.2", (1,)),
        ("ja:502.9d", "ja:420", None),
    ],
)
def test_position_is_comparable_across_schemes(
    rule: str, unit: str, expected: tuple[int, ...] | None
) -> None:
    assert position(RuleId.parse(rule), RuleId.parse(unit)) == expected


def test_sr_numbers_count_also_divided_by_ten() -> None:
    rule = Rule(RuleId.parse("sr:E3.104"), None, None, "60/60 biće i 20 štete, rule D21.30", Span("f", 1, 1))
    found = numbers(rule)
    assert {"60/60", "6/6", "20", "2"} <= found
    assert "21" not in found and "30" not in found


def test_cr_numbers_leave_rule_ids_out() -> None:
    rule = Rule(
        RuleId.parse("ja:502.9d"), None, None, "６/６のクリーチャー（rule 502.9f 参照）", Span("f", 1, 1)
    )
    assert numbers(rule) == {"6/6"}


def test_precision_per_document_pair(concordance: Concordance) -> None:
    scores = evaluate(concordance, read_checked_pairs(CORPUS))
    assert {s.pair for s in scores} == {"ru-ja", "ru-sr", "ja-sr"}
    for score in scores:
        assert score.checked >= MIN_CHECKED, f"{score.pair}: only {score.checked} checked links"
        assert score.precision >= MIN_PRECISION, f"{score.pair}: precision {score.precision:.2f}"


def test_links_join_two_documents_in_order(concordance: Concordance, corpus: Corpus) -> None:
    for link in concordance.links:
        left, right = RuleId.parse(link.left), RuleId.parse(link.right)
        assert DOCUMENTS.index(left.doc) < DOCUMENTS.index(right.doc), link
        assert corpus.rule(left) is not None and corpus.rule(right) is not None
        assert link.confidence in ("high", "medium", "low") and link.reason


def test_same_number_is_not_enough(concordance: Concordance) -> None:
    """The draft's CR 2007 number 502.14 (Vigilance) is Snow-Covered in ja 2004: no link joins them."""
    pairs = {(k.left, k.right) for k in concordance.links}
    assert ("ja:502.9", "sr:E3.100") in pairs
    vigilance = [p for p in pairs if p[0].startswith("ja:502.14") and p[1].startswith("sr:E3.8")]
    assert vigilance == []


@pytest.mark.parametrize(("keyword", "other"), [("sr:E3.80", "ja:502.8"), ("sr:E3.150", "ja:502.15")])
def test_keywords_of_other_names_never_link_by_their_place(
    concordance: Concordance, corpus: Corpus, keyword: str, other: str
) -> None:
    """sr E3.80 (Opreznost, vigilance) and E3.150 (Presretač, flash) stand where ja 502.8 (Shadow) and 502.15
    (Phasing) stand: the place is all they share, and titles that name other keywords rule it out."""
    assert other not in {k.other(keyword) for k in concordance.by_key.get(keyword, [])}
    guess = Aligner(corpus).best_match(RuleId.parse(keyword), "ja")
    assert guess is not None and guess.other(keyword) == other
    assert "against: under headings of other subjects" in guess.evidence
    assert guess.score < 0.5


def test_a_rule_split_in_several_parts_links_to_each(concordance: Concordance) -> None:
    """ru 502.7b (protection: targets, enchanting, damage, blocking) is ja 502.7b, c, e and f in 2004; ja
    502.7d (equipment, which 1999 did not have) is no part of it."""
    parts = {k.right: k for k in concordance.by_key["ru:502.7b"] if k.right.startswith("ja:502.7")}
    assert {"ja:502.7b", "ja:502.7c", "ja:502.7e", "ja:502.7f"} <= set(parts)
    assert "ja:502.7a" not in parts and "ja:502.7d" not in parts


def test_the_nearest_aligned_sections_weigh_more_than_their_parents(concordance: Concordance) -> None:
    """ru 217.3a (the hand: cards drawn and not yet played) lies in ru 217.3, aligned with ja 217.3: it links
    to ja 217.3a, not to ja 217.1a, a rule of the zones in general that names the hand and the library too."""
    linked = {k.right for k in concordance.by_key["ru:217.3a"]}
    assert "ja:217.3a" in linked
    assert "ja:217.1a" not in linked


def test_a_rule_whose_section_the_review_pairs_elsewhere_is_no_part(concordance: Concordance) -> None:
    """ja 212.2c (artifact subtypes) resembles ru 212.2 (subtypes) most, but it lies in ja 212.2, the
    artifacts, which the review pairs with ru 214.6: it is no part of ru 212.2. Likewise ja 418.5f
    (timestamps of static abilities, in the interaction of effects) is no part of ru 418.4a, which links to
    ja 418.4a in its own section."""
    assert "ja:212.2c" not in {k.other("ru:212.2") for k in concordance.by_key["ru:212.2"]}
    linked = {k.other("ru:418.4a") for k in concordance.by_key["ru:418.4a"]}
    assert "ja:418.4a" in linked and "ja:418.5f" not in linked


def test_a_rule_reviewed_against_a_section_links_to_its_rules(
    corpus: Corpus, concordance: Concordance
) -> None:
    """ru rule 212.1 (the card types; artifact creature has two) is reviewed against the types of the type
    line (ja 205.2, sr B6.20), so its sentence on cards of two types links to ja 205.2b and sr B6.22, and
    ru 212.2d (no subtypes for artifacts, instants, sorceries), below ru 212.2 = sr B6.30, no longer links to
    sr B6.21, the list of the types."""
    linked = {k.other("ru:212.1") for k in concordance.by_key["ru:212.1"]}
    assert {"ja:205.2a", "ja:205.2b", "sr:B6.21", "sr:B6.22"} <= linked
    assert "sr:B6.21" not in {k.other("ru:212.2d") for k in concordance.by_key["ru:212.2d"]}
    assert {(k.left, k.right) for k in rule_links(corpus, "ru:212.1")} == {
        (k.left, k.right) for k in concordance.by_key["ru:212.1"]
    }


def test_a_part_that_says_one_sentence_of_the_whole_joins_it(concordance: Concordance) -> None:
    """ru 419.1 has a sentence for each kind: replacement effects use "instead" (ja 419.1a, which adds
    "skip"), prevention effects use "prevent" (ja 419.1d); the comes-into-play replacements (ja 419.1b) are
    new in 2004."""
    parts = {k.right: k for k in concordance.by_key["ru:419.1"] if k.right.startswith("ja:419.1")}
    assert {"ja:419.1", "ja:419.1a", "ja:419.1d"} <= set(parts)
    assert "ja:419.1b" not in parts


def test_a_rule_merged_into_a_longer_one_links_to_it(concordance: Concordance) -> None:
    """ru 310.2 (combat damage goes on the stack, then priority) is a sentence of ja 310.1, which links to
    ru 310.1 first; ja 310.4 (damage is dealt as the ability resolves) only resembles it."""
    links = {k.right: k for k in concordance.by_key["ru:310.2"] if k.right.startswith("ja:")}
    assert "ja:310.1" in links
    assert any("says all the other says" in item for item in links["ja:310.1"].evidence)
    assert "ru:310.1" in {k.left for k in concordance.by_key["ja:310.1"]}
    assert "ja:310.4" not in links


@pytest.mark.parametrize("key", ["ru:502.9b", "ja:420.5a", "sr:D21.53", "sr:E3.102", "ru:406.1a", "ja:104.2"])
def test_one_rules_counterparts_match_the_whole_alignment(
    corpus: Corpus, concordance: Concordance, key: str
) -> None:
    """Aligning only the parts around one rule gives the links the whole alignment gives it."""
    assert {(k.left, k.right) for k in rule_links(corpus, key)} == {
        (k.left, k.right) for k in concordance.by_key.get(key, [])
    }
    assert counterparts(corpus, key) == concordance.counterparts(key)


def test_show_prints_the_counterparts() -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["--corpus", str(CORPUS), "show", "ru:502.9"])
    assert result.exit_code == 0, result.output
    assert "same rule in: ja:502.9 (high, " in result.output
    assert "sr:E3.100 (high, " in result.output
    data = json.loads(runner.invoke(cli, ["--corpus", str(CORPUS), "show", "sr:E3.100", "--json"]).output)
    assert {c["id"] for c in data["concordance"]} == {"ru:502.9", "ja:502.9"}
    assert all(set(c) == {"id", "confidence", "reason"} for c in data["concordance"])


def test_export_writes_the_concordance(corpus: Corpus, tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    export_corpus(corpus, first)
    export_corpus(corpus, second)
    text = (first / "concordance.json").read_text(encoding="utf-8")
    assert text == (second / "concordance.json").read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["documents"] == list(DOCUMENTS)
    assert any(k["left"] == "ru:502.9" and k["right"] == "ja:502.9" for k in data["links"])
    sr_rules = json.loads((first / "sr.json").read_text(encoding="utf-8"))["rules"]
    trample = next(r for r in sr_rules if r["id"] == "sr:E3.100")
    assert [c["id"] for c in trample["concordance"]] == ["ru:502.9", "ja:502.9"]
    assert "concordance.json" in json.loads((first / "manifest.json").read_text(encoding="utf-8"))["files"]


def test_the_cached_concordance_is_the_built_one(
    corpus: Corpus, concordance: Concordance, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ruling.corpus.concordance_cache import concordance_cache_file, load_concordance_cached

    monkeypatch.setenv("RULING_CACHE", str(tmp_path))
    assert load_concordance_cached(corpus).links == concordance.links
    path = concordance_cache_file(corpus)
    assert path.is_file()
    path.write_bytes(b"not a pickle")
    assert load_concordance_cached(corpus).links == concordance.links
    assert path.read_bytes() != b"not a pickle"


@pytest.mark.parametrize("content", [None, b"", b"garbage \x00\xff", pickle.dumps({"not": "a concordance"})])
def test_a_missing_or_damaged_concordance_cache_is_only_a_miss(tmp_path: Path, content: bytes | None) -> None:
    from ruling.corpus.concordance_cache import cached_links

    path = tmp_path / "concordance-x.pickle"
    if content is not None:
        path.write_bytes(content)
    assert cached_links(path) is None


def test_rule_links_agree_with_the_whole_alignment_on_random_rules(
    corpus: Corpus, concordance: Concordance
) -> None:
    from ruling.corpus.concordance import Aligner

    keys = [r.key for code in DOCUMENTS for r in corpus.documents[code].rules]
    aligner = Aligner(corpus)
    for key in random.Random(7).sample(keys, 40):
        found = {(k.left, k.right) for k in rule_links(corpus, key, aligner)}
        assert found == {(k.left, k.right) for k in concordance.by_key.get(key, [])}, key
