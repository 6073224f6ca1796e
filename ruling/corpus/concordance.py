"""The concordance: links between the same rule in two documents, each with a confidence and a reason.

Two steps (design §4). Sections are aligned by hand: ``rules_corpus/reviewed/concordance-sections.tsv`` pairs
parts, sections and title-only rules of ru, ja and sr; those pairs are links as they stand. Then, inside each
reviewed pair, the rules below the two units (down to the next reviewed unit) are aligned in order, by a
similarity of what can be compared across languages (``concordance_evidence``): English glosses, numbers,
the units their references point to, and the place in the outline. The same number is evidence, not
identity: it adds to a similarity that the content must carry, and a pair whose evidence is weak gets no link.

``counterparts(corpus, key)`` aligns only the reviewed units around one rule, so ``ruling show`` stays fast;
``build_concordance(corpus)`` aligns everything (export, search index).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ruling.corpus.concordance_data import CONFIDENCES, CheckedPair, SectionPair, read_section_pairs
from ruling.corpus.concordance_evidence import Lexicon, build_lexicon, numbers, position
from ruling.corpus.load import Corpus
from ruling.corpus.model import Rule
from ruling.ids import Level, RuleId

DOCUMENTS = ("ru", "ja", "sr")
"""The documents the concordance links, in the order a link names them."""
MIN_SIMILARITY = 0.36
"""Below this, a pair of rules gets no link unless each is the other's best match."""
MUTUAL_SIMILARITY = 0.22
"""Below this, not even a pair of rules that are each other's best match gets a link."""
HIGH_SIMILARITY = 0.5
"""From this on, a computed link is of high confidence; between the two, medium."""
FORMAT_VERSION = 1

_WEIGHTS = {"terms": 0.55, "numbers": 0.15, "references": 0.15, "length": 0.15}
_PLACE_BONUS = 0.04
"""What the same place in the aligned units adds to a score: enough to break a tie, never to make a link."""
_UNIT_BONUS = 0.12
"""What lying in a reviewed pair of sections adds: a rule may move to another section, but seldom does."""
_RELATIVE = 0.7
"""A rule links to a second (third …) rule of the other unit only if that scores this share of its best."""


def confidence_of(score: float) -> float:
    """Maps a similarity to a confidence in [0, 1]: MIN_SIMILARITY gives 0.5, HIGH_SIMILARITY 0.8."""
    slope = 0.3 / (HIGH_SIMILARITY - MIN_SIMILARITY)
    return round(max(0.0, min(0.99, 0.5 + (score - MIN_SIMILARITY) * slope)), 2)


def confidence_label(value: float) -> str:
    """Returns the confidence level (high, medium, low) of a confidence in [0, 1]."""
    return "high" if value >= 0.75 else "medium" if value >= 0.5 else "low"


@dataclass(frozen=True, slots=True)
class Link:
    """Two rules of different documents that say the same; ``left`` is of the earlier one in DOCUMENTS.

    ``score`` is the confidence from 0 to 1; ``evidence`` lists what the link rests on, one item each.
    """

    left: str
    right: str
    confidence: str
    reason: str
    reviewed: bool = False
    score: float = 1.0
    evidence: tuple[str, ...] = ()

    def other(self, key: str) -> str:
        return self.right if key == self.left else self.left

    def as_json(self) -> dict[str, Any]:
        kind = "reviewed" if self.reviewed else "computed"
        return {
            "left": self.left,
            "right": self.right,
            "confidence": self.confidence,
            "reason": self.reason,
            "kind": kind,
            "score": self.score,
        }


@dataclass(frozen=True, slots=True)
class Counterpart:
    """The rule of another document that a link gives for a rule."""

    id: str
    confidence: str
    reason: str

    def as_json(self) -> dict[str, str]:
        return {"id": self.id, "confidence": self.confidence, "reason": self.reason}


def _ordered(a: RuleId, b: RuleId) -> tuple[RuleId, RuleId]:
    return (a, b) if DOCUMENTS.index(a.doc) < DOCUMENTS.index(b.doc) else (b, a)


@dataclass
class _Profile:
    concepts: set[str]
    numbers: set[str]
    references: set[str]


@dataclass(frozen=True, slots=True)
class Candidate:
    """A scored pair of rules below a reviewed unit pair, with the evidence of the score."""

    left: Rule
    right: Rule
    score: float
    evidence: tuple[str, ...]


@dataclass
class Aligner:
    """Aligns the rules of a corpus inside its reviewed section pairs; caches per document what it reads."""

    corpus: Corpus
    pairs: list[SectionPair] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.pairs:
            self.pairs = [
                SectionPair(*_ordered(p.left, p.right), p.confidence, p.reason, p.line)
                for p in read_section_pairs(self.corpus.folder)
                if p.left.doc in self.corpus.documents and p.right.doc in self.corpus.documents
            ]
        self._lexicons: dict[str, Lexicon] = {}
        self._concepts: dict[str, set[str]] = {}
        self._members: dict[tuple[str, str], dict[RuleId, list[Rule]]] = {}
        self._aligned: dict[tuple[RuleId, RuleId], list[Link]] = {}

    @cached_property
    def units(self) -> dict[tuple[str, str], set[RuleId]]:
        """Maps (document, other document) to the ids of the document reviewed against the other one."""
        found: dict[tuple[str, str], set[RuleId]] = {}
        for pair in self.pairs:
            found.setdefault((pair.left.doc, pair.right.doc), set()).add(pair.left)
            found.setdefault((pair.right.doc, pair.left.doc), set()).add(pair.right)
        return found

    @cached_property
    def partners(self) -> dict[RuleId, list[tuple[RuleId, SectionPair]]]:
        found: dict[RuleId, list[tuple[RuleId, SectionPair]]] = {}
        for pair in self.pairs:
            found.setdefault(pair.left, []).append((pair.right, pair))
            found.setdefault(pair.right, []).append((pair.left, pair))
        return found

    def unit_of(self, rule_id: RuleId, other: str) -> RuleId | None:
        """Returns the nearest ancestor-or-self of rule_id reviewed against document other."""
        units = self.units.get((rule_id.doc, other), set())
        current: RuleId | None = rule_id
        while current is not None and current not in units:
            current = current.parent
        return current

    def members(self, unit: RuleId, other: str) -> list[Rule]:
        """Returns the rules below unit, in document order, whose nearest reviewed unit is unit."""
        key = (unit.doc, other)
        if key not in self._members:
            grouped: dict[RuleId, list[Rule]] = {}
            for rule in self.corpus.documents[unit.doc].rules:
                owner = self.unit_of(rule.id, other)
                if owner is not None and owner != rule.id:
                    grouped.setdefault(owner, []).append(rule)
            self._members[key] = grouped
        return self._members[key].get(unit, [])

    # -- evidence ------------------------------------------------------------------------------------
    def lexicon(self, doc: str) -> Lexicon:
        if doc not in self._lexicons:
            self._lexicons[doc] = build_lexicon(self.corpus.documents[doc], self.corpus.folder)
        return self._lexicons[doc]

    def concepts(self, rule: Rule) -> set[str]:
        if rule.key not in self._concepts:
            texts = [rule.title or "", rule.title_en or "", rule.text, *(e.text for e in rule.examples)]
            self._concepts[rule.key] = self.lexicon(rule.doc).concepts("\n".join(t for t in texts if t))
        return self._concepts[rule.key]

    def references(self, rule: Rule, other: str) -> set[str]:
        """Returns the units of the pair's right-hand document that the rule cites or is cited by.

        other is the document of the pair that rule is not of; a left-hand rule's neighbours are carried over
        by the reviewed pairs, a right-hand rule's neighbours are named by their own units. A cited rule
        counts as ``>unit``, a citing one as ``<unit``.
        """
        found: set[str] = set()
        left_side = DOCUMENTS.index(rule.doc) < DOCUMENTS.index(other)
        neighbours = (">", self.corpus.cites.get(rule.key, [])), ("<", self.corpus.cited_by.get(rule.key, []))
        for mark, keys in neighbours:
            for key in keys:
                if "/" in key or not key.startswith(f"{rule.doc}:"):
                    continue
                unit = self.unit_of(RuleId.parse(key), other)
                if unit is None:
                    continue
                if left_side:
                    found |= {f"{mark}{p}" for p, _ in self.partners.get(unit, []) if p.doc == other}
                else:
                    found.add(f"{mark}{unit}")
        return found

    def profile(self, rule: Rule, other: str) -> _Profile:
        return _Profile(self.concepts(rule), numbers(rule), self.references(rule, other))

    # -- alignment -----------------------------------------------------------------------------------
    @cached_property
    def regions(self) -> list[SectionPair]:
        """The reviewed pairs of parts: rules are aligned within a pair of parts, across its sections."""
        return [p for p in self.pairs if p.left.level is Level.PART and p.right.level is Level.PART]

    def region_of(self, rule_id: RuleId, other: str) -> SectionPair | None:
        """Returns the reviewed pair of parts that holds rule_id and a part of document other."""
        part: RuleId | None = rule_id
        while part is not None and part.level is not Level.PART:
            part = part.parent
        return next(
            (p for p in self.regions if part in (p.left, p.right) and other in (p.left.doc, p.right.doc)),
            None,
        )

    def region_members(self, part: RuleId, other: str) -> list[Rule]:
        """Returns the rules below part that are not reviewed units themselves but lie below one."""
        return [
            rule
            for rule in self.corpus.documents[part.doc].rules
            if rule.id != part
            and _below(rule.id, part)
            and (unit := self.unit_of(rule.id, other)) is not None
            and unit != rule.id
        ]

    def score_region(self, region: SectionPair) -> list[list[Candidate]]:
        """Scores every rule of the left part of a region against every rule of the right part."""
        left_rules = self.region_members(region.left, region.right.doc)
        right_rules = self.region_members(region.right, region.left.doc)
        if not left_rules or not right_rules:
            return []
        left_profiles = [self.profile(r, region.right.doc) for r in left_rules]
        right_profiles = [self.profile(r, region.left.doc) for r in right_rules]
        weights = _idf([p.concepts for p in left_profiles + right_profiles])
        names = {**self.lexicon(region.right.doc).display, **self.lexicon(region.left.doc).display}
        ratio = sum(_length(r) for r in left_rules) / max(1, sum(_length(r) for r in right_rules))
        left_units = [self.unit_of(r.id, region.right.doc) for r in left_rules]
        right_units = [self.unit_of(r.id, region.left.doc) for r in right_rules]
        aligned = {
            (p.left, p.right)
            for p in self.pairs
            if p.left.doc == region.left.doc and p.right.doc == region.right.doc
        }
        return [
            [
                _similarity(a, pa, ua, b, pb, ub, (ua, ub) in aligned, weights, ratio, names)
                for b, pb, ub in zip(right_rules, right_profiles, right_units, strict=True)
            ]
            for a, pa, ua in zip(left_rules, left_profiles, left_units, strict=True)
        ]

    def align_region(self, region: SectionPair) -> list[Link]:
        """Aligns the rules of a pair of parts; returns the links it finds (see ``_matches``)."""
        key = (region.left, region.right)
        if key not in self._aligned:
            scores = self.score_region(region)
            links: list[Link] = []
            for i, j in _matches([[c.score for c in row] for row in scores]):
                found = scores[i][j]
                value = confidence_of(found.score)
                reason = "; ".join(found.evidence) + f" (score {found.score:.2f})"
                links.append(
                    Link(
                        found.left.key,
                        found.right.key,
                        confidence_label(value),
                        reason,
                        score=value,
                        evidence=found.evidence,
                    )
                )
            self._aligned[key] = links
        return self._aligned[key]

    def direct_links(self, rule_id: RuleId) -> list[Link]:
        """Returns the computed links of the regions holding rule_id (one per other document)."""
        links: list[Link] = []
        for other in DOCUMENTS:
            if other != rule_id.doc and other in self.corpus.documents:
                region = self.region_of(rule_id, other)
                if region is not None:
                    links += self.align_region(region)
        return links

    def reviewed_links(self) -> list[Link]:
        return [
            Link(
                str(p.left),
                str(p.right),
                p.confidence,
                f"reviewed section alignment: {p.reason}",
                reviewed=True,
                score=_REVIEWED_SCORES[p.confidence],
                evidence=(f"reviewed section alignment: {p.reason}",),
            )
            for p in self.pairs
        ]


_REVIEWED_SCORES = {"high": 1.0, "medium": 0.8, "low": 0.5}


def _idf(concept_sets: Sequence[set[str]]) -> dict[str, float]:
    count = len(concept_sets)
    df: dict[str, int] = {}
    for concepts in concept_sets:
        for concept in concepts:
            df[concept] = df.get(concept, 0) + 1
    return {c: math.log((count + 1) / n) for c, n in df.items()}


def _dice(a: set[str], b: set[str], weights: dict[str, float] | None = None) -> float:
    def mass(items: Iterable[str]) -> float:
        return sum(weights.get(i, 0.0) for i in items) if weights is not None else float(len(list(items)))

    total = mass(a) + mass(b)
    return 2 * mass(a & b) / total if total else 0.0


def _below(rule_id: RuleId, ancestor: RuleId) -> bool:
    current = rule_id.parent
    while current is not None:
        if current == ancestor:
            return True
        current = current.parent
    return False


def _length(rule: Rule) -> int:
    return len(rule.text) + sum(len(e.text) for e in rule.examples) + 1


def _similarity(
    a: Rule,
    pa: _Profile,
    unit_a: RuleId | None,
    b: Rule,
    pb: _Profile,
    unit_b: RuleId | None,
    in_aligned_units: bool,
    weights: dict[str, float],
    ratio: float,
    names: dict[str, str],
) -> Candidate:
    """Returns the similarity of two rules in [0, 1] with the evidence it rests on.

    ratio is the length ratio of the two units' texts: a translation keeps the proportions of the original.
    Content carries the score; the same place in the aligned units only adds _PLACE_BONUS.
    """
    parts: dict[str, float] = {"terms": _dice(pa.concepts, pb.concepts, weights)}
    parts["length"] = math.exp(-2 * abs(math.log(_length(a) / (_length(b) * ratio))))
    if pa.numbers or pb.numbers:
        parts["numbers"] = _dice(pa.numbers, pb.numbers)
    if pa.references or pb.references:
        parts["references"] = _dice(pa.references, pb.references)
    content = sum(_WEIGHTS[k] * v for k, v in parts.items()) / sum(_WEIGHTS[k] for k in parts)
    same_place = False
    if in_aligned_units and unit_a is not None and unit_b is not None:
        place_a, place_b = position(a.id, unit_a), position(b.id, unit_b)
        same_place = place_a is not None and place_a == place_b
    bonus = (_UNIT_BONUS if in_aligned_units else 0.0) + (_PLACE_BONUS if same_place else 0.0)
    score = min(1.0, content + bonus)
    shared = sorted(pa.concepts & pb.concepts, key=lambda c: (-weights.get(c, 0.0), c))[:5]
    evidence: list[str] = []
    if shared:
        evidence.append("terms: " + ", ".join(names.get(c, c) for c in shared))
    if pa.numbers & pb.numbers:
        evidence.append("numbers: " + ", ".join(sorted(pa.numbers & pb.numbers)[:4]))
    if pa.references & pb.references:
        cited = sorted(r[1:] for r in pa.references & pb.references if r.startswith(">"))
        citing = sorted(r[1:] for r in pa.references & pb.references if r.startswith("<"))
        if cited:
            evidence.append("both cite: " + ", ".join(cited[:3]))
        if citing:
            evidence.append("both cited by: " + ", ".join(citing[:3]))
    if same_place:
        evidence.append("same place in the aligned sections")
    elif in_aligned_units:
        evidence.append("in the aligned sections")
    return Candidate(a, b, score, tuple(evidence))


def _matches(scores: list[list[float]]) -> list[tuple[int, int]]:
    """Returns the pairs (row, column) that link: each row's best column and each column's best row, and
    the pairs within _RELATIVE of both their row's and their column's best; all at least MIN_SIMILARITY."""
    rows, cols = len(scores), len(scores[0]) if scores else 0
    row_best = [max(row) for row in scores]
    col_best = [max(scores[i][j] for i in range(rows)) for j in range(cols)]
    found: list[tuple[int, int]] = []
    for i in range(rows):
        for j in range(cols):
            score = scores[i][j]
            if score < MUTUAL_SIMILARITY:
                continue
            best_of_row, best_of_col = score == row_best[i], score == col_best[j]
            if best_of_row and best_of_col:
                if score >= MUTUAL_SIMILARITY:
                    found.append((i, j))
            elif score < MIN_SIMILARITY:
                continue
            elif (best_of_col and score >= _RELATIVE * row_best[i]) or (
                best_of_row and score >= _RELATIVE * col_best[j]
            ):
                found.append((i, j))
    return found


@dataclass(frozen=True)
class Concordance:
    """All links of a corpus, reviewed and computed, in a stable order."""

    links: tuple[Link, ...]

    @cached_property
    def by_key(self) -> dict[str, list[Link]]:
        found: dict[str, list[Link]] = {}
        for link in self.links:
            found.setdefault(link.left, []).append(link)
            found.setdefault(link.right, []).append(link)
        return found

    def counterparts(self, key: str) -> list[Counterpart]:
        return _counterparts(key, self.by_key.get(key, []))

    def as_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT_VERSION,
            "documents": list(DOCUMENTS),
            "links": [k.as_json() for k in self.links],
        }


def _sort_key(link: Link) -> tuple[int, int, tuple[Any, ...], tuple[Any, ...]]:
    left, right = RuleId.parse(link.left), RuleId.parse(link.right)
    return DOCUMENTS.index(left.doc), DOCUMENTS.index(right.doc), left.sort_key, right.sort_key


def _counterparts(key: str, links: Iterable[Link]) -> list[Counterpart]:
    found = {
        (link.other(key)): Counterpart(link.other(key), link.confidence, link.reason)
        for link in sorted(links, key=lambda k: CONFIDENCES.index(k.confidence), reverse=True)
    }
    order = sorted(
        found.values(), key=lambda c: (DOCUMENTS.index(c.id.split(":")[0]), RuleId.parse(c.id).sort_key)
    )
    return order


def build_concordance(corpus: Corpus) -> Concordance:
    """Aligns every reviewed pair of parts of the corpus and returns all links, reviewed ones first."""
    aligner = Aligner(corpus)
    direct: list[Link] = []
    for region in aligner.regions:
        direct += aligner.align_region(region)
    links = aligner.reviewed_links() + direct + _through(direct, direct)
    return Concordance(_unique(links))


def rule_links(corpus: Corpus, key: str, aligner: Aligner | None = None) -> list[Link]:
    """Returns the links of one rule, aligning only the parts around it (as ``build_concordance`` does)."""
    rule_id = RuleId.parse(key)
    if rule_id.doc not in DOCUMENTS or rule_id.doc not in corpus.documents:
        return []
    aligner = aligner or Aligner(corpus)
    direct = [k for k in aligner.direct_links(rule_id) if key in (k.left, k.right)]
    second = [k for link in direct for k in aligner.direct_links(RuleId.parse(link.other(key)))]
    reviewed = [k for k in aligner.reviewed_links() if key in (k.left, k.right)]
    return list(
        _unique(reviewed + direct + [k for k in _through(direct, second) if key in (k.left, k.right)])
    )


PIVOT = "ja"
"""The document chains go through: ja shares the CR outline with ru and is the closest source of sr."""
_THROUGH_MIN = 0.6
"""Both links of a chain across the third document must be at least this confident to give a link."""


def _through(first: Sequence[Link], second: Sequence[Link]) -> list[Link]:
    """Returns the links that chains of two links through the third document give (ru-ja-sr gives ru-sr),
    where the two ends have no direct link to each other's document yet."""
    linked: dict[str, set[str]] = {}
    for link in [*first, *second]:
        linked.setdefault(link.left, set()).add(link.right)
        linked.setdefault(link.right, set()).add(link.left)
    by_key: dict[str, list[Link]] = {}
    for link in second:
        by_key.setdefault(link.left, []).append(link)
        by_key.setdefault(link.right, []).append(link)
    found: list[Link] = []
    for link in first:
        if link.score < _THROUGH_MIN:
            continue
        for start, middle in ((link.left, link.right), (link.right, link.left)):
            if not middle.startswith(f"{PIVOT}:"):
                continue
            for onward in by_key.get(middle, []):
                end = onward.other(middle)
                if (
                    end.split(":")[0] in (start.split(":")[0], middle.split(":")[0])
                    or onward.score < _THROUGH_MIN
                ):
                    continue
                end_doc = end.split(":")[0]
                if any(k.startswith(f"{end_doc}:") for k in linked.get(start, set())):
                    continue
                left, right = _ordered(RuleId.parse(start), RuleId.parse(end))
                score = round(min(link.score, onward.score) * 0.95, 2)
                evidence = (
                    f"through {middle}: {start} = {middle} ({link.score:.2f}), {middle} = {end} "
                    f"({onward.score:.2f})",
                )
                found.append(
                    Link(
                        str(left),
                        str(right),
                        confidence_label(score),
                        evidence[0],
                        score=score,
                        evidence=evidence,
                    )
                )
    return found


def _unique(links: Iterable[Link]) -> tuple[Link, ...]:
    """Returns one link per pair of rules (reviewed first, else the most confident), in a stable order."""
    best: dict[tuple[str, str], Link] = {}
    for link in links:
        kept = best.get((link.left, link.right))
        if kept is None or (link.reviewed, link.score) > (kept.reviewed, kept.score):
            best[(link.left, link.right)] = link
    return tuple(sorted(best.values(), key=_sort_key))


def counterparts(corpus: Corpus, key: str) -> list[Counterpart]:
    """Returns the rules of the other documents linked to one rule, aligning only the parts around it."""
    return _counterparts(key, rule_links(corpus, key))


@dataclass(frozen=True, slots=True)
class PairScore:
    """Computed links of one document pair measured against the hand-checked pairs."""

    pair: str
    links: int
    checked: int
    correct: int

    @property
    def precision(self) -> float:
        return self.correct / self.checked if self.checked else 0.0


def evaluate(concordance: Concordance, checked: Iterable[CheckedPair]) -> list[PairScore]:
    """Returns, per document pair, how many computed links there are and how many of the checked ones hold."""
    verdicts = {frozenset((c.left, c.right)): c.correct for c in checked}
    counts: dict[str, list[int]] = {}
    for link in concordance.links:
        if link.reviewed:
            continue
        pair = f"{link.left.split(':')[0]}-{link.right.split(':')[0]}"
        row = counts.setdefault(pair, [0, 0, 0])
        row[0] += 1
        verdict = verdicts.get(frozenset((link.left, link.right)))
        if verdict is not None:
            row[1] += 1
            row[2] += verdict
    return [PairScore(pair, *counts[pair]) for pair in sorted(counts, key=_pair_order)]


def _pair_order(pair: str) -> tuple[int, int]:
    left, right = pair.split("-")
    return DOCUMENTS.index(left), DOCUMENTS.index(right)
