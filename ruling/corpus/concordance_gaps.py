"""Rules the alignment leaves alone, linked by their place between linked neighbours.

Some rules name too little that the glossaries gloss for their content to find their counterpart: ru 200.1
and ja 200.1 (what "card" means in the rules) share only "card". After every other step (direct, chained
and moved links), a rule of one document and a rule of another link when:

- neither has any link to the other's document;
- they stand at the same place of reviewed aligned sections (the same number below aligned units);
- the pair just before both, or the pair just after both, is linked in their region (or they begin or end
  it): they fill a gap between linked neighbours;
- both have a text of their own, no titles of other subjects stand above them, and their similarity reaches
  _ALONE_SIMILARITY;
- the pair is the most similar such pair of its row and of its column.

The place decides where content is too thin to; the evidence says so. A rule added in one edition and a
rule dropped from the other may still stand in the same gap: content below _ALONE_SIMILARITY or headings of
other subjects (ja 502.8 Shadow and sr E3.80 Vigilance) keep them apart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ruling.corpus.concordance import (
    DOCUMENTS,
    Aligner,
    Link,
    _other_headings,
    _placed,
    links_by_key,
)
from ruling.corpus.concordance_data import SectionPair
from ruling.ids import RuleId

_ALONE_SIMILARITY = 0.2
"""The least similarity of two rules left alone at the same place that links them."""

_EVIDENCE = "at the same place between linked neighbours, neither linked otherwise"

LinksOf = Callable[[str], Sequence[Link]]
"""Returns every link of a rule made before this step."""


def _candidates(aligner: Aligner, region: SectionPair) -> list[tuple[int, int]]:
    """Returns the cells (row, column) of a region that may link by their place, whatever else links."""
    scores = aligner.score_region(region)
    direct = {(link.left, link.right) for link in aligner.align_region(region)}
    last_row, last_column = len(scores.left) - 1, len(scores.right) - 1

    def linked(i: int, j: int) -> bool:
        return (scores.left[i].rule.key, scores.right[j].rule.key) in direct

    def fills_gap(i: int, j: int) -> bool:
        before = i == 0 or j == 0 or linked(i - 1, j - 1)
        after = i == last_row or j == last_column or linked(i + 1, j + 1)
        return before or after

    cells = [
        (scores.matrix[i][j], i, j)
        for i, a in enumerate(scores.left)
        for j, b in enumerate(scores.right)
        if scores.matrix[i][j] >= _ALONE_SIMILARITY
        and _placed(a, b, scores.aligned)[1]
        and a.rule.text.strip()
        and b.rule.text.strip()
        and not _other_headings(a.profile, b.profile)
        and fills_gap(i, j)
    ]
    best_of_row: dict[int, float] = {}
    best_of_column: dict[int, float] = {}
    for value, i, j in cells:
        best_of_row[i] = max(best_of_row.get(i, 0.0), value)
        best_of_column[j] = max(best_of_column.get(j, 0.0), value)
    return [(i, j) for value, i, j in cells if value == best_of_row[i] == best_of_column[j]]


def _alone(key: str, other: str, links_of: LinksOf) -> bool:
    return not any(k.other(key).startswith(f"{other}:") for k in links_of(key))


def _gap_link(aligner: Aligner, region: SectionPair, i: int, j: int, links_of: LinksOf) -> Link | None:
    """Returns the link of a candidate cell when both its rules are still alone, else None."""
    scores = aligner.score_region(region)
    left, right = scores.left[i].rule.key, scores.right[j].rule.key
    if _alone(left, region.right.doc, links_of) and _alone(right, region.left.doc, links_of):
        return scores.link(i, j).amended(_EVIDENCE)
    return None


def gap_links(aligner: Aligner, links: Sequence[Link]) -> list[Link]:
    """Returns the links of rules left alone at the same place (see the module docstring); links are all
    the links made before this step, reviewed ones included."""
    by_key = links_by_key(links)

    def links_of(key: str) -> Sequence[Link]:
        return by_key.get(key, [])

    found: list[Link] = []
    for region in aligner.regions:
        for i, j in _candidates(aligner, region):
            link = _gap_link(aligner, region, i, j, links_of)
            if link is not None:
                found.append(link)
    return found


def gap_links_of(aligner: Aligner, key: str, links_of: LinksOf) -> list[Link]:
    """Returns the links of rule key that ``gap_links`` gives (links_of gives a rule's links before this
    step)."""
    found: list[Link] = []
    rule_id = RuleId.parse(key)
    for other in DOCUMENTS:
        region = aligner.region_of(rule_id, other) if other != rule_id.doc else None
        if region is None:
            continue
        scores = aligner.score_region(region)
        row, column = scores.row_of(key), scores.column_of(key)
        if row is None and column is None:
            continue
        for i, j in _candidates(aligner, region):
            if i == row or j == column:
                link = _gap_link(aligner, region, i, j, links_of)
                if link is not None:
                    found.append(link)
    return found
