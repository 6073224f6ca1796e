"""Rules left alone at the same place between linked neighbours (ruling/corpus/concordance_gaps.py)."""

from __future__ import annotations

import pytest

from ruling.corpus import concordance_gaps
from ruling.corpus.concordance import Aligner, Concordance, Link, rule_links
from ruling.corpus.concordance_gaps import _siblings, gap_links
from ruling.corpus.load import Corpus
from ruling.ids import RuleId
from tests.corpus.concordance_figures import benchmark_script

GAP = "at the same place between linked neighbours"


def _gap_links(concordance: Concordance) -> list[Link]:
    return [k for k in concordance.links if any(e.startswith(GAP) for e in k.evidence)]


@pytest.mark.parametrize(
    ("left", "right"),
    [
        ("ru:200.1", "ja:200.1"),  # what "card" means in the rules: they share only "card"
        ("ru:100.3", "ja:100.3"),  # draft decks of forty cards, against a tournament rule with a web address
        ("ru:402.8", "ja:402.8"),  # abilities work while in play, with exceptions
        # land cards are no spells and skip the stack: the pair after it links through ja 212.6b
        ("ru:214.9a", "sr:B12.71"),
        # abilities that work outside play: the pair before it links by its place
        ("ru:402.9", "ja:402.9"),
        # "you" is no target: the last subrules after linked siblings (modes), numbered apart
        ("ru:415.2b", "ja:415.7c"),
        ("ru:415.2b", "sr:D15.73"),
        # an ability given by an object names that object: between linked siblings of ja 202 and sr B3
        ("ja:202.2b", "sr:B3.32"),
    ],
)
def test_rules_left_alone_at_the_same_place_link(concordance: Concordance, left: str, right: str) -> None:
    link = next(k for k in concordance.by_key[left] if k.other(left) == right)
    assert any(e.startswith(GAP) for e in link.evidence)
    assert 0.5 <= link.score < 1.0


def test_a_gap_link_joins_rules_that_have_no_other_link_to_each_others_document(
    concordance: Concordance,
) -> None:
    found = _gap_links(concordance)
    assert len(found) >= 10
    for link in found:
        for key, other in ((link.left, link.right), (link.right, link.left)):
            doc = other.split(":")[0]
            others = [k.other(key) for k in concordance.by_key[key] if k.other(key).startswith(f"{doc}:")]
            assert others == [other], link


def test_siblings_are_the_rules_before_and_after_under_the_same_parent(corpus: Corpus) -> None:
    keys = ["ru:415.1", "ru:415.2", "ru:415.2a", "ru:415.2b", "ru:415.3"]
    aligner = Aligner(corpus)
    rules = [corpus.rule(RuleId.parse(key)) for key in keys]
    sides = [aligner.side(rule, "ja") for rule in rules if rule is not None]
    assert _siblings(sides) == [(None, 1), (0, 4), (None, 3), (2, None), (1, None)]


def test_headings_of_other_subjects_keep_rules_at_the_same_place_apart(concordance: Concordance) -> None:
    # ru 502.8 Shadow and sr E3.80 Vigilance stand at the same place; their subrules say different things
    assert "sr:E3.82" not in {k.other("ru:502.8b") for k in concordance.by_key.get("ru:502.8b", [])}
    assert "sr:E3.83" not in {k.other("ru:502.8c") for k in concordance.by_key.get("ru:502.8c", [])}


def test_below_the_least_similarity_nothing_links_by_place(
    corpus: Corpus, concordance: Concordance, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = [k for k in concordance.links if not any(e.startswith(GAP) for e in k.evidence)]
    monkeypatch.setattr(concordance_gaps, "_ALONE_SIMILARITY", 1.01)
    assert gap_links(Aligner(corpus), before) == []


def test_one_rule_alone_gets_the_gap_links_the_whole_alignment_gives(
    corpus: Corpus, concordance: Concordance
) -> None:
    aligner = Aligner(corpus)
    through = ("ru:214.9a", "sr:B12.71")
    again = ("ru:402.9", "ja:402.9")
    siblings = ("ru:415.2b", "sr:D15.73")
    chosen = [k for k in _gap_links(concordance) if (k.left, k.right) in (through, again, siblings)]
    assert len(chosen) == 3
    for link in _gap_links(concordance)[:3] + chosen:
        for key in (link.left, link.right):
            assert (link.left, link.right) in {(k.left, k.right) for k in rule_links(corpus, key, aligner)}


def test_every_computed_link_has_the_kind_of_the_step_that_makes_it(
    corpus: Corpus, concordance: Concordance
) -> None:
    kinds = benchmark_script("concordance_link_kinds").link_kinds(Aligner(corpus))
    computed = [(k.left, k.right) for k in concordance.links if not k.reviewed]
    assert [pair for pair in computed if pair not in kinds] == []
    assert {kinds[(k.left, k.right)] for k in _gap_links(concordance)} == {"gap"}
