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
    _Side,
    _similarity,
    links_by_key,
)
from ruling.corpus.concordance_moves import _MOVED_MASS
from ruling.ids import RuleId

RegionLinks = Callable[[RuleId], Sequence[Link]]
"""Returns the links that the regions holding a rule give (``Aligner.region_links``)."""

_EVIDENCE = "moved to another part: each is the other's best match in the whole document (similarity {:.2f})"


def moved_across_of(aligner: Aligner, key: str, region_links: RegionLinks) -> list[Link]:
    """Returns the links of rule key to rules of other parts of the other documents (module docstring)."""
    rule_id = RuleId.parse(key)
    if rule_id.doc not in DOCUMENTS:
        return []
    found: list[Link] = []
    for other in DOCUMENTS:
        if (
            other == rule_id.doc
            or other not in aligner.corpus.documents
            or _linked_to(key, other, region_links)
        ):
            continue
        scores = aligner.score_documents(*sorted((rule_id.doc, other), key=DOCUMENTS.index))
        side = _side(scores, key)
        if side is None or side.mass < _MOVED_MASS:
            continue
        best = _best(scores, key)
        if best is None or best[1] < _SURE_SIMILARITY:
            continue
        mate = best[0]
        back = _best(scores, mate)
        if back is None or back[0] != key or _linked_to(mate, rule_id.doc, region_links):
            continue
        mate_side = _side(scores, mate)
        assert mate_side is not None
        shared = side.profile.concepts & mate_side.profile.concepts
        if (
            _same_region(aligner, rule_id, RuleId.parse(mate))
            or sum(scores.weights[c] for c in shared) < _MOVED_MASS
        ):
            continue
        left, right = (side, mate_side) if scores.row_of(key) is not None else (mate_side, side)
        one = _Scores([left], [right], [[best[1]]], scores.aligned, scores.weights, scores.names)
        found.append(one.link(0, 0).amended(_EVIDENCE.format(best[1])))
    return found


def moved_across(aligner: Aligner, direct: Sequence[Link]) -> list[Link]:
    """Returns every link of ``moved_across_of``, given the links of all regions (direct)."""
    by_key = links_by_key(direct)

    def region_links(rule_id: RuleId) -> list[Link]:
        return by_key.get(str(rule_id), [])

    found: dict[tuple[str, str], Link] = {}
    for doc in DOCUMENTS:
        if doc in aligner.corpus.documents:
            for rule in aligner.corpus.documents[doc].rules:
                for link in moved_across_of(aligner, rule.key, region_links):
                    found.setdefault((link.left, link.right), link)
    return list(found.values())


def _side(scores: _Scores, key: str) -> _Side | None:
    """Returns rule key as compared in scores, or None when it is not."""
    row, column = scores.row_of(key), scores.column_of(key)
    if row is not None:
        return scores.left[row]
    return scores.right[column] if column is not None else None


def _best(scores: _Scores, key: str) -> tuple[str, float] | None:
    """Returns the rule of the other document that rule key resembles most, with the similarity (the first
    in document order on a tie), or None when key is not compared."""
    side = _side(scores, key)
    if side is None:
        return None
    is_left = scores.row_of(key) is not None
    others = scores.right if is_left else scores.left
    pairs = [(side, other) if is_left else (other, side) for other in others]
    values = [_similarity(a, b, scores.aligned, scores.weights, scores.ratio) for a, b in pairs]
    if not values:
        return None
    top = max(range(len(values)), key=lambda n: (values[n], -n))
    return others[top].rule.key, values[top]


def _linked_to(key: str, doc: str, region_links: RegionLinks) -> bool:
    links = region_links(RuleId.parse(key))
    return any(key in (k.left, k.right) and k.other(key).startswith(f"{doc}:") for k in links)


def _same_region(aligner: Aligner, a: RuleId, b: RuleId) -> bool:
    """Tells whether a and b lie in one region (each part is reviewed against one part per document)."""
    region = aligner.region_of(a, b.doc)
    return region is not None and region == aligner.region_of(b, a.doc)
