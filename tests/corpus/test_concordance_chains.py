"""Links that chains of two links through the pivot document give (``concordance._through``)."""

from __future__ import annotations

import pytest

from ruling.corpus.concordance import Concordance, Link, _through


def _link(left: str, right: str, score: float) -> Link:
    return Link(left, right, "high", "built", score=score, evidence=("built",))


MUTUAL = {
    ("ru:102.1", "sr:A1.20"),
    ("ru:104.1", "sr:A1.40"),
    ("ru:420.5a", "sr:D21.51"),
    ("ru:214.8i", "sr:B12.67"),
}
ALIKE = {("ru:420.5a", "sr:D21.56"), ("sr:B12.67", "ru:214.8g")}


def _chained(links: list[Link], alike: set[tuple[str, str]] = ALIKE) -> set[tuple[str, str]]:
    chains = _through(links, lambda k: (k.left, k.right) in MUTUAL, lambda a, b: (a, b) in alike)
    return {(k.left, k.right) for k in chains}


def test_a_chain_links_a_rule_without_counterpart_in_the_end_document() -> None:
    links = [_link("ru:101.1", "ja:101.1", 0.9), _link("ja:101.1", "sr:A1.10", 0.9)]
    assert _chained(links) == {("ru:101.1", "sr:A1.10")}


def test_a_chain_needs_both_links_confident() -> None:
    links = [_link("ru:101.1", "ja:101.1", 0.9), _link("ja:101.1", "sr:A1.10", 0.5)]
    assert _chained(links) == set()


def test_a_chain_does_not_give_a_rule_a_second_counterpart_for_its_main_content() -> None:
    # ru:102.1 has its own counterpart sr:A1.20 (each other's best match); ja:102.1, its only (main) link
    # in ja, leads to sr:A1.30: the chain would give ru:102.1 a second sr counterpart for the same content.
    links = [
        _link("ru:102.1", "sr:A1.20", 0.9),
        _link("ru:102.1", "ja:102.1", 0.9),
        _link("ja:102.1", "sr:A1.30", 0.9),
    ]
    assert _chained(links) == set()


def test_a_chain_through_a_lesser_part_of_a_settled_rule_still_links() -> None:
    # ru:104.1 is sr:A1.40 and splits in ja into ja:104.1 (its main part) and ja:105.1, which is sr:A1.50:
    # a part of ru:104.1 too.
    links = [
        _link("ru:104.1", "sr:A1.40", 0.9),
        _link("ru:104.1", "ja:104.1", 0.95),
        _link("ru:104.1", "ja:105.1", 0.7),
        _link("ja:105.1", "sr:A1.50", 0.9),
    ]
    assert _chained(links) == {("ru:104.1", "sr:A1.50")}


def test_a_chain_never_starts_from_a_rule_linked_to_the_end_document() -> None:
    links = [
        _link("ru:101.1", "sr:A1.90", 0.7),
        _link("ru:101.1", "ja:101.1", 0.9),
        _link("ja:101.1", "sr:A1.10", 0.9),
    ]
    assert ("ru:101.1", "sr:A1.10") in _chained(
        links
    )  # from sr:A1.10, which has no ru link, the chain reaches ru:101.1
    links.append(_link("ru:108.1", "sr:A1.10", 0.7))
    assert ("ru:101.1", "sr:A1.10") not in _chained(links)


SPLIT = [
    _link("ru:420.5a", "sr:D21.51", 0.9),
    _link("ru:420.5a", "ja:420.5g", 0.88),
    _link("ja:420.5g", "sr:D21.56", 0.92),
]
"""ru 420.5a (a player at 0 life or unable to draw loses) is sr D21.51 (0 life), each other's best match, and,
through ja 420.5g, sr D21.56 (unable to draw), which no ru rule links. From sr D21.56 the chain would end at a
rule with its own sr counterpart, through its main ja one: only the chain from ru 420.5a can link them."""


def test_a_chain_links_a_part_of_a_rule_split_in_a_later_edition() -> None:
    assert _chained(SPLIT) == {("ru:420.5a", "sr:D21.56")}


def test_a_chain_to_a_part_needs_the_two_alike() -> None:
    assert _chained(SPLIT, alike=set()) == set()


def test_a_chain_to_a_part_needs_the_part_without_a_link_to_the_start_document() -> None:
    assert _chained([*SPLIT, _link("ru:420.5b", "sr:D21.56", 0.7)]) == set()


def test_a_chain_does_not_split_a_rule_of_an_earlier_edition() -> None:
    # sr B12.67 is ru 214.8i (each other's best match); through ja 212.4h, its main ja counterpart, it would
    # reach ru 214.8g, which has no sr link and resembles it: rules split in later editions, not in earlier
    # ones. (From ru 214.8g the chain ends at a rule with its own ru counterpart: no link either way.)
    links = [
        _link("ru:214.8i", "sr:B12.67", 0.9),
        _link("ja:212.4h", "sr:B12.67", 0.93),
        _link("ru:214.8g", "ja:212.4h", 0.99),
    ]
    assert _chained(links) == set()


@pytest.mark.parametrize(
    ("left", "right", "linked"),
    [
        # ru 214.8g (a permanent an aura is on is "enchanted") would reach sr B12.67 (the aura's controller
        # and the permanent's differ) through ja 212.4h; but that sr rule is ru 214.8i already, each other's
        # best match, and ja 212.4h is its main ja counterpart.
        ("ru:214.8g", "sr:B12.67", False),
        # ru 308.1 (declare attackers) is sr C9.10 and, through its part ja 308.2a, sr C9.21 too.
        ("ru:308.1", "sr:C9.21", True),
        # ru 419.1 (replacement and prevention effects) split in ja and sr alike.
        ("ru:419.1", "sr:D20.11", True),
        ("ru:419.1", "sr:D20.14", True),
    ],
)
def test_chains_on_the_corpus(concordance: Concordance, left: str, right: str, linked: bool) -> None:
    assert any(k.other(left) == right for k in concordance.by_key.get(left, [])) is linked
