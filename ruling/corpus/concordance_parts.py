"""Rules moved to another part of the document: the one step that looks past the reviewed pairs of parts.

Rules are aligned within reviewed pairs of parts (regions), so a rule that moved to another part lies in no
region with its counterpart: ru 415.3 (an effect that changes a spell goes on changing the permanent) stands
under the control of spells in 1999 and under spells (ja 213.5) in 2004. Each rule that the regions leave
without any link to a document is compared with every rule of that document (``Aligner.score_documents``:
the concept weights of the two whole documents). Two such rules link when:

- they lie in parts that the review does not pair (inside a region the alignment decides alone);
- each is the other's best match in the whole of the other document;
- their similarity is sure (``_SURE_SIMILARITY``): nothing places them, so the content alone must say it;
- it rests on at least ``_MOVED_MASS`` of shared concept weight (IDF), not on common words and length.

The links count as direct links: chains through ja carry them on (ru 415.3 = ja 213.5 = sr B13.50).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ruling.corpus.concordance import (
    _SURE_SIMILARITY,
    DOCUMENTS,
    Aligner,
    Link,
    _Scores,
    _similarity,
)
from ruling.corpus.concordance_moves import _MOVED_MASS
from ruling.ids import Level, RuleId

RegionLinks = Callable[[RuleId], Sequence[Link]]
"""Returns the links that the regions holding a rule give (``Aligner.region_links``)."""

_EVIDENCE = "moved to another part: each is the other's best match in the whole document (similarity {:.2f})"


def moved_across_of(aligner: Aligner, key: str, region_links: RegionLinks) -> list[Link]:
    """Returns the links of rule key to rules of other parts of the other documents (module docstring)."""
    rule_id = RuleId.parse(key)
    found: list[Link] = []
    for other in DOCUMENTS:
        if rule_id.doc not in DOCUMENTS or other == rule_id.doc or other not in aligner.corpus.documents:
            continue
        if _linked_to(key, other, region_links):
            continue
        left_doc, right_doc = sorted((rule_id.doc, other), key=DOCUMENTS.index)
        scores = aligner.score_documents(left_doc, right_doc)
        if _mass(scores, key) < _MOVED_MASS:
            continue
        best = _best(scores, key)
        if best is None or best[1] < _SURE_SIMILARITY:
            continue
        mate = best[0]
        back = _best(scores, mate)
        if back is None or back[0] != key or _linked_to(mate, rule_id.doc, region_links):
            continue
        if _same_region(aligner, rule_id, RuleId.parse(mate)):
            continue
        i, j = _cell(scores, key, mate)
        shared = scores.left[i].profile.concepts & scores.right[j].profile.concepts
        if sum(scores.weights[c] for c in shared) < _MOVED_MASS:
            continue
        one = _Scores(
            [scores.left[i]], [scores.right[j]], [[best[1]]], scores.aligned, scores.weights, scores.names
        )
        found.append(one.link(0, 0).amended(_EVIDENCE.format(best[1])))
    return found


def moved_across(aligner: Aligner, direct: Sequence[Link]) -> list[Link]:
    """Returns every link of ``moved_across_of``, given the links of all regions (direct)."""
    by_rule: dict[str, list[Link]] = {}
    for link in direct:
        by_rule.setdefault(link.left, []).append(link)
        by_rule.setdefault(link.right, []).append(link)

    def region_links(rule_id: RuleId) -> list[Link]:
        return by_rule.get(str(rule_id), [])

    found: dict[tuple[str, str], Link] = {}
    for doc in DOCUMENTS:
        if doc in aligner.corpus.documents:
            for rule in aligner.corpus.documents[doc].rules:
                for link in moved_across_of(aligner, rule.key, region_links):
                    found.setdefault((link.left, link.right), link)
    return list(found.values())


def _best(scores: _Scores, key: str) -> tuple[str, float] | None:
    """Returns the rule of the other document that rule key resembles most, with the similarity (the first
    in document order on a tie), or None when key is not compared."""
    row, column = scores.row_of(key), scores.column_of(key)
    if row is not None:
        a = scores.left[row]
        values = [_similarity(a, b, scores.aligned, scores.weights, scores.ratio) for b in scores.right]
        others = scores.right
    elif column is not None:
        b = scores.right[column]
        values = [_similarity(a, b, scores.aligned, scores.weights, scores.ratio) for a in scores.left]
        others = scores.left
    else:
        return None
    if not values:
        return None
    top = max(range(len(values)), key=lambda n: (values[n], -n))
    return others[top].rule.key, values[top]


def _mass(scores: _Scores, key: str) -> float:
    """Returns the concept weight of rule key, which bounds what it can share (0 when not compared)."""
    row, column = scores.row_of(key), scores.column_of(key)
    side = scores.left[row] if row is not None else scores.right[column] if column is not None else None
    return side.mass if side is not None else 0.0


def _cell(scores: _Scores, a: str, b: str) -> tuple[int, int]:
    row = scores.row_of(a)
    if row is not None:
        column = scores.column_of(b)
        assert column is not None
        return row, column
    row, column = scores.row_of(b), scores.column_of(a)
    assert row is not None and column is not None
    return row, column


def _linked_to(key: str, doc: str, region_links: RegionLinks) -> bool:
    links = region_links(RuleId.parse(key))
    return any(key in (k.left, k.right) and k.other(key).startswith(f"{doc}:") for k in links)


def _part(rule_id: RuleId) -> RuleId | None:
    part: RuleId | None = rule_id
    while part is not None and part.level is not Level.PART:
        part = part.parent
    return part


def _same_region(aligner: Aligner, a: RuleId, b: RuleId) -> bool:
    region = aligner.region_of(a, b.doc)
    return region is not None and _part(b) in (region.left, region.right)
