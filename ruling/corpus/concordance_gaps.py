"""Rules the alignment leaves alone, linked by their place between linked neighbours.

Some rules name too little that the glossaries gloss for their content to find their counterpart: ru 200.1
and ja 200.1 (what "card" means in the rules) share only "card". After every other step (direct, chained
and moved links), a rule of one document and a rule of another link when:

- neither has any link to the other's document;
- they fill a gap between linked neighbours: either they stand at the same place of reviewed aligned
  sections (the same number below aligned units) and the pair just before both, or the pair just after both,
  is linked (or they begin or end their region); or, wherever they are numbered, their previous siblings are
  linked and so are their next siblings, or both are the last of their siblings (ru 415.2b = ja 415.7c, "you"
  is no target, follows ru 415.2a = ja 415.7b, modes on changing targets). Neighbours count as linked when
  their region links them, when each links (at least _THROUGH_MIN) to one rule of PIVOT (ru 214.9a = sr
  B12.71, land cards are no spells, lies before ru 214.9b and sr B12.72, both linked to ja 212.6b), or when
  this step linked them: the step runs again over a region until nothing more links (ru 402.9 = ja 402.9
  follows ru 402.8 = ja 402.8);
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
    _THROUGH_MIN,
    DOCUMENTS,
    PIVOT,
    Aligner,
    Link,
    _other_headings,
    _placed,
    _Side,
    links_by_key,
)
from ruling.corpus.concordance_data import SectionPair
from ruling.ids import RuleId

_ALONE_SIMILARITY = 0.2
"""The least similarity of two rules left alone at the same place that links them."""

_EVIDENCE = "at the same place between linked neighbours, neither linked otherwise"

LinksOf = Callable[[str], Sequence[Link]]
"""Returns every link of a rule made before this step."""


def _candidates(
    aligner: Aligner, region: SectionPair, pairs: set[tuple[str, str]], pivots: _Pivots
) -> list[tuple[int, int]]:
    """Returns the cells (row, column) of a region that may link by their place, whatever else links;
    pairs holds the keys of the pairs the region links (by the region's alignment or by their place)."""
    scores = aligner.score_region(region)
    last_row, last_column = len(scores.left) - 1, len(scores.right) - 1
    left_siblings, right_siblings = _siblings(scores.left), _siblings(scores.right)
    known: dict[tuple[int, int], bool] = {}

    def linked(i: int, j: int) -> bool:
        if (i, j) not in known:
            left, right = scores.left[i].rule.key, scores.right[j].rule.key
            known[i, j] = (left, right) in pairs or pivots.chained(left, right)
        return known[i, j]

    def fills_gap(i: int, j: int) -> bool:
        if _placed(scores.left[i], scores.right[j], scores.aligned)[1]:
            before = i == 0 or j == 0 or linked(i - 1, j - 1)
            after = i == last_row or j == last_column or linked(i + 1, j + 1)
            if before or after:
                return True
        (before_i, after_i), (before_j, after_j) = left_siblings[i], right_siblings[j]
        if before_i is None or before_j is None or not linked(before_i, before_j):
            return False
        if after_i is None or after_j is None:
            return after_i is None and after_j is None
        return linked(after_i, after_j)

    cells = [
        (scores.matrix[i][j], i, j)
        for i, a in enumerate(scores.left)
        for j, b in enumerate(scores.right)
        if scores.matrix[i][j] >= _ALONE_SIMILARITY
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


def _siblings(sides: Sequence[_Side]) -> list[tuple[int | None, int | None]]:
    """Returns, for each rule of a region's side, the places of its previous and next siblings there (None
    where it has none)."""
    last: dict[RuleId | None, int] = {}
    found: list[tuple[int | None, int | None]] = []
    for n, side in enumerate(sides):
        parent = side.rule.id.parent
        before = last.get(parent)
        if before is not None:
            found[before] = (found[before][0], n)
        found.append((before, None))
        last[parent] = n
    return found


class _Pivots:
    """The rules each rule links, at least _THROUGH_MIN, in its regions, read once per rule: what tells
    whether two neighbours link through PIVOT."""

    def __init__(self, aligner: Aligner) -> None:
        self.aligner = aligner
        self.found: dict[str, frozenset[str]] = {}

    def strong(self, key: str) -> frozenset[str]:
        """Returns the rules that key links, at least _THROUGH_MIN, in its regions."""
        if key not in self.found:
            self.found[key] = frozenset(
                k.other(key)
                for k in self.aligner.region_links(RuleId.parse(key))
                if key in (k.left, k.right) and k.score >= _THROUGH_MIN
            )
        return self.found[key]

    def chained(self, left: str, right: str) -> bool:
        """Whether two rules of documents other than PIVOT link, each at least _THROUGH_MIN, to one rule of
        PIVOT in their regions."""
        if PIVOT in (left.split(":")[0], right.split(":")[0]):
            return False
        middles = (m for m in self.strong(left) if m.startswith(f"{PIVOT}:"))
        return any(right in self.strong(middle) for middle in middles)


def _alone(key: str, other: str, links_of: LinksOf, found: Sequence[Link]) -> bool:
    return not any(
        k.other(key).startswith(f"{other}:")
        for k in [*links_of(key), *(k for k in found if key in (k.left, k.right))]
    )


def _region_gaps(aligner: Aligner, region: SectionPair, links_of: LinksOf, pivots: _Pivots) -> list[Link]:
    """Returns the links by place of one region, found again with each new one counted as a linked
    neighbour until nothing more links."""
    scores = aligner.score_region(region)
    direct = {(link.left, link.right) for link in aligner.align_region(region)}
    # A rule the region links is not alone: its other links need no look (links_of may align other regions).
    own = {key for pair in direct for key in pair}
    found: list[Link] = []
    while True:
        new: list[Link] = []
        for i, j in _candidates(aligner, region, direct | {(k.left, k.right) for k in found}, pivots):
            left, right = scores.left[i].rule.key, scores.right[j].rule.key
            if (
                left not in own
                and right not in own
                and _alone(left, region.right.doc, links_of, found)
                and _alone(right, region.left.doc, links_of, found)
            ):
                new.append(scores.link(i, j).amended(_EVIDENCE))
        if not new:
            return found
        found += new


def gap_links(aligner: Aligner, links: Sequence[Link]) -> list[Link]:
    """Returns the links of rules left alone at the same place (see the module docstring); links are all
    the links made before this step, reviewed ones included."""
    by_key = links_by_key(links)

    def links_of(key: str) -> Sequence[Link]:
        return by_key.get(key, [])

    pivots = _Pivots(aligner)
    return [link for region in aligner.regions for link in _region_gaps(aligner, region, links_of, pivots)]


def gap_links_of(aligner: Aligner, key: str, links_of: LinksOf) -> list[Link]:
    """Returns the links of rule key that ``gap_links`` gives (links_of gives a rule's links before this
    step)."""
    found: list[Link] = []
    rule_id = RuleId.parse(key)
    pivots = _Pivots(aligner)
    for other in DOCUMENTS:
        region = aligner.region_of(rule_id, other) if other != rule_id.doc else None
        if region is not None:
            found += [k for k in _region_gaps(aligner, region, links_of, pivots) if key in (k.left, k.right)]
    return found
