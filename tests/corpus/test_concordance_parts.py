"""Rules moved to another part of the other document (``concordance_parts``), on the real corpus."""

from __future__ import annotations

import re

from ruling.corpus.concordance import (
    _SURE_SIMILARITY,
    DOCUMENTS,
    Aligner,
    Concordance,
    Link,
    rule_links,
)
from ruling.corpus.concordance_parts import _same_region, moved_across, moved_across_of
from ruling.corpus.load import Corpus
from ruling.ids import RuleId


def _region_links(aligner: Aligner) -> list[Link]:
    return [k for region in aligner.regions for k in aligner.align_region(region)]


def test_a_rule_moved_to_another_part_links_to_its_counterpart(
    corpus: Corpus, concordance: Concordance
) -> None:
    """ru 415.3 (an effect that changes a spell goes on changing the permanent) stands under the control of
    spells; in 2004 it moved to the spells section of part 2 (ja 213.5), which no region pairs with part 4.
    The chain through ja carries the move on to sr B13.50, and the single-rule path gives the same links."""
    links = {k.other("ru:415.3"): k for k in concordance.by_key["ru:415.3"]}
    assert {"ja:213.5", "sr:B13.50"} <= set(links)
    assert any(item.startswith("moved to another part") for item in links["ja:213.5"].evidence)
    assert any(item.startswith("through ja:213.5") for item in links["sr:B13.50"].evidence)
    for key in ("ru:415.3", "ja:213.5", "sr:B13.50"):
        assert {(k.left, k.right) for k in rule_links(corpus, key)} == {
            (k.left, k.right) for k in concordance.by_key[key]
        }


def test_only_rules_the_regions_leave_without_a_link_move_across_parts(corpus: Corpus) -> None:
    """Each link of the step joins two rules of unpaired parts, neither of which the regions link to the
    other's document, with a sure similarity."""
    aligner = Aligner(corpus)
    direct = _region_links(aligner)
    across = moved_across(aligner, direct)
    assert across
    for link in across:
        for key in (link.left, link.right):
            other = link.other(key).split(":")[0]
            assert not any(key in (k.left, k.right) and k.other(key).startswith(other) for k in direct)
        assert not _same_region(aligner, RuleId.parse(link.left), RuleId.parse(link.right))
        similarity = re.search(r"\(similarity ([0-9.]+)\)", link.reason)
        assert similarity is not None and float(similarity.group(1)) >= _SURE_SIMILARITY


def test_a_rule_linked_in_its_region_is_not_searched_across_parts(corpus: Corpus) -> None:
    """Were ru 415.3 or ja 213.5 linked to the other's document in their regions, the alignment would have
    placed them there, and the step leaves them as they are."""
    aligner = Aligner(corpus)
    assert [k.right for k in moved_across_of(aligner, "ru:415.3", aligner.region_links)] == ["ja:213.5"]
    for key, other in (("ru:415.3", "ja:415.1"), ("ja:213.5", "ru:213.1")):
        left, right = sorted((key, other), key=lambda k: DOCUMENTS.index(k.split(":")[0]))
        region_link = Link(left, right, "medium", "in its region", score=0.7)

        def region_links(rule_id: RuleId, key: str = key, link: Link = region_link) -> list[Link]:
            return [link] if str(rule_id) == key else aligner.region_links(rule_id)

        assert moved_across_of(aligner, "ru:415.3", region_links) == []
