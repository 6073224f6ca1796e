"""Links that chains of two links through the pivot document give (``concordance._through``)."""

from __future__ import annotations

import pytest

from ruling.corpus.concordance import Concordance, Link, _through


def _link(left: str, right: str, score: float) -> Link:
    return Link(left, right, "high", "built", score=score, evidence=("built",))


MUTUAL = {("ru:102.1", "sr:A1.20"), ("ru:104.1", "sr:A1.40")}


def _chained(links: list[Link]) -> set[tuple[str, str]]:
    return {(k.left, k.right) for k in _through(links, lambda k: (k.left, k.right) in MUTUAL)}


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
