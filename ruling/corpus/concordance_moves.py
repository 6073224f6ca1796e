"""Rules moved to another section, confirmed through the third document.

Two rules outside reviewed aligned sections link only from MOVED_SIMILARITY on: a rule moved to another
section must show it by its content. A pair below that still links when the third document confirms it:

- the two rules are each other's best match in their region, at least MIN_SIMILARITY;
- one of them is linked (at least _THROUGH_MIN) to a rule of the third document that the other resembles
  (at least MIN_SIMILARITY, one of the two being the other's best match), and the other has no link to the
  third document but to that rule;
- neither has a link to the other's document yet;
- each of the two resemblances rests on at least _MOVED_MASS of shared concept weight (IDF): rules that share
  only common words (card, type, ability) are not confirmed by chance.

Both links are given. ru 214.7a (choosing a creature type, moved from the creatures section in 2004) is sr
B12.14, which is ja 212.1e, which ru 214.7a resembles: ru 214.7a = sr B12.14 and ru 214.7a = ja 212.1e.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ruling.corpus.concordance import (
    _THROUGH_MIN,
    DOCUMENTS,
    MIN_SIMILARITY,
    MOVED_SIMILARITY,
    Aligner,
    Link,
    _placed,
    _Scores,
    links_by_key,
)
from ruling.ids import RuleId

_MOVED_MASS = 10.0
"""The least concept weight (IDF) each of the two resemblances of a confirmed move rests on."""

LinksOf = Callable[[str], Sequence[Link]]
"""Returns the direct links of a rule."""


@dataclass(frozen=True)
class _Cell:
    """One pair of rules in the scores of its region."""

    scores: _Scores
    i: int
    j: int

    @property
    def value(self) -> float:
        return self.scores.matrix[self.i][self.j]

    @property
    def keys(self) -> tuple[str, str]:
        return self.scores.left[self.i].rule.key, self.scores.right[self.j].rule.key

    def best_of_row(self) -> bool:
        return self.scores.best_of_row(self.i, self.j)

    def best_of_column(self) -> bool:
        return self.scores.best_of_column(self.i, self.j)

    def shared_mass(self) -> float:
        a, b = self.scores.left[self.i].profile, self.scores.right[self.j].profile
        return sum(self.scores.weights[c] for c in a.concepts & b.concepts)

    def is_candidate(self) -> bool:
        """Whether the pair is a moved pair that its similarity alone does not link."""
        a, b = self.scores.left[self.i], self.scores.right[self.j]
        return (
            MIN_SIMILARITY <= self.value < MOVED_SIMILARITY
            and self.best_of_row()
            and self.best_of_column()
            and not _placed(a, b, self.scores.aligned)[0]
        )


def _cell(aligner: Aligner, a: str, b: str) -> _Cell | None:
    """Returns the pair of rules a and b in the scores of their region, if they share one."""
    found = aligner.cell(a, b)
    return _Cell(*found) if found is not None else None


def _cells_of(aligner: Aligner, key: str, other: str) -> Iterator[_Cell]:
    """Yields the pairs of rule key with each rule of document other in its region."""
    rule_id = RuleId.parse(key)
    region = aligner.region_of(rule_id, other)
    if region is None:
        return
    scores = aligner.score_region(region)
    row, column = scores.row_of(key), scores.column_of(key)
    if row is not None:
        yield from (_Cell(scores, row, j) for j in range(len(scores.right)))
    elif column is not None:
        yield from (_Cell(scores, i, column) for i in range(len(scores.left)))


def _confirm(aligner: Aligner, candidate: _Cell, links_of: LinksOf) -> list[Link]:
    """Returns the links of a candidate moved pair that the third document confirms, or none."""
    if candidate.shared_mass() < _MOVED_MASS:
        return []
    a, b = candidate.keys
    doc_a, doc_b = a.split(":")[0], b.split(":")[0]

    def linked(key: str, doc: str) -> set[str]:
        return {k.other(key) for k in links_of(key) if k.other(key).startswith(f"{doc}:")}

    if linked(a, doc_b) or linked(b, doc_a):
        return []
    third = next(d for d in DOCUMENTS if d not in (doc_a, doc_b))
    for end, start in ((b, a), (a, b)):
        for link in sorted(links_of(end), key=lambda k: (-k.score, k.other(end))):
            middle = link.other(end)
            if link.score < _THROUGH_MIN or not middle.startswith(f"{third}:"):
                continue
            if linked(start, third) - {middle}:
                continue
            confirming = _cell(aligner, start, middle)
            if (
                confirming is None
                or confirming.value < MIN_SIMILARITY
                or not (confirming.best_of_row() or confirming.best_of_column())
                or confirming.shared_mass() < _MOVED_MASS
            ):
                continue
            evidence = f"moved: confirmed by {middle} = {end}, which {start} resembles"
            return [_moved(candidate, evidence), _moved(confirming, evidence)]
    return []


def _moved(cell: _Cell, evidence: str) -> Link:
    return cell.scores.link(cell.i, cell.j).amended(evidence)


def confirmed_moves(aligner: Aligner, direct: Sequence[Link]) -> list[Link]:
    """Returns the links of every moved pair of rules that the third document confirms."""
    by_key = links_by_key(direct)
    found: list[Link] = []
    for region in aligner.regions:
        scores = aligner.score_region(region)
        if not scores.matrix:
            continue
        column_best = [max(column) for column in zip(*scores.matrix, strict=True)]
        for i, row in enumerate(scores.matrix):
            best = max(row)
            for j, value in enumerate(row):
                if value != best or value != column_best[j]:
                    continue
                cell = _Cell(scores, i, j)
                if cell.is_candidate():
                    found += _confirm(aligner, cell, lambda key: by_key.get(key, []))
    return found


def confirmed_moves_of(aligner: Aligner, key: str, links_of: LinksOf) -> list[Link]:
    """Returns the links of rule key that ``confirmed_moves`` gives: as one end of a candidate pair, or as
    the rule of the third document that confirms one."""
    doc = key.split(":")[0]
    candidates = [c for other in DOCUMENTS if other != doc for c in _cells_of(aligner, key, other)]
    for link in links_of(key):
        end = link.other(key)
        end_doc = end.split(":")[0]
        for other in DOCUMENTS:
            if other not in (doc, end_doc):
                candidates += _cells_of(aligner, end, other)
    found: list[Link] = []
    for cell in candidates:
        if cell.is_candidate():
            found += [k for k in _confirm(aligner, cell, links_of) if key in (k.left, k.right)]
    return found
