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
from ruling.corpus.model import RefStatus, Rule
from ruling.ids import RuleId

DOCUMENTS = ("ru", "ja", "sr")
"""The documents the concordance links, in the order a link names them."""
MIN_SIMILARITY = 0.36
"""Below this, a pair of rules gets no link."""
HIGH_SIMILARITY = 0.5
"""From this on, a computed link is of high confidence; between the two, medium."""
FORMAT_VERSION = 1

_WEIGHTS = {"terms": 0.5, "numbers": 0.2, "references": 0.15, "length": 0.15}
_POSITION_WEIGHT = 0.25


@dataclass(frozen=True, slots=True)
class Link:
    """Two rules of different documents that say the same; ``left`` is of the earlier one in DOCUMENTS."""

    left: str
    right: str
    confidence: str
    reason: str
    reviewed: bool = False

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
        """Returns the units of the pair's right-hand document that the rule's references point to.

        other is the document of the pair that rule is not of; a left-hand rule's targets are carried over
        by the reviewed pairs, a right-hand rule's targets are named by their own units.
        """
        found: set[str] = set()
        left_side = DOCUMENTS.index(rule.doc) < DOCUMENTS.index(other)
        for ref in self.corpus.documents[rule.doc].references:
            if ref.source != rule.key or ref.status is not RefStatus.RESOLVED:
                continue
            for target in ref.targets:
                if "/" in target:
                    continue
                unit = self.unit_of(RuleId.parse(target), other)
                if unit is None:
                    continue
                if left_side:
                    found |= {str(p) for p, _ in self.partners.get(unit, []) if p.doc == other}
                else:
                    found.add(str(unit))
        return found

    def profile(self, rule: Rule, other: str) -> _Profile:
        return _Profile(self.concepts(rule), numbers(rule), self.references(rule, other))

    # -- alignment -----------------------------------------------------------------------------------
    def align_units(self, pair: SectionPair) -> list[Link]:
        """Aligns the rules below the two units of a reviewed pair; returns the links it finds."""
        left_rules = self.members(pair.left, pair.right.doc)
        right_rules = self.members(pair.right, pair.left.doc)
        if not left_rules or not right_rules:
            return []
        left_profiles = [self.profile(r, pair.right.doc) for r in left_rules]
        right_profiles = [self.profile(r, pair.left.doc) for r in right_rules]
        weights = _idf([p.concepts for p in left_profiles + right_profiles])
        names = {**self.lexicon(pair.right.doc).display, **self.lexicon(pair.left.doc).display}
        ratio = sum(_length(r) for r in left_rules) / max(1, sum(_length(r) for r in right_rules))
        scores = [
            [
                _similarity(a, pa, pair.left, b, pb, pair.right, weights, ratio, names)
                for b, pb in zip(right_rules, right_profiles, strict=True)
            ]
            for a, pa in zip(left_rules, left_profiles, strict=True)
        ]
        links: list[Link] = []
        for i, j in _monotone_matches([[s for s, _ in row] for row in scores]):
            score, reason = scores[i][j]
            confidence = "high" if score >= HIGH_SIMILARITY else "medium"
            links.append(
                Link(left_rules[i].key, right_rules[j].key, confidence, f"{reason} (score {score:.2f})")
            )
        return links

    def reviewed_links(self) -> list[Link]:
        return [
            Link(
                str(p.left),
                str(p.right),
                p.confidence,
                f"reviewed section alignment: {p.reason}",
                reviewed=True,
            )
            for p in self.pairs
        ]


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


def _length(rule: Rule) -> int:
    return len(rule.text) + sum(len(e.text) for e in rule.examples) + 1


def _similarity(
    a: Rule,
    pa: _Profile,
    unit_a: RuleId,
    b: Rule,
    pb: _Profile,
    unit_b: RuleId,
    weights: dict[str, float],
    ratio: float,
    names: dict[str, str],
) -> tuple[float, str]:
    """Returns the similarity of two rules in [0, 1] and the evidence it rests on.

    ratio is the length ratio of the two units' texts: a translation keeps the proportions of the original.
    """
    parts: dict[str, float] = {"terms": _dice(pa.concepts, pb.concepts, weights)}
    parts["length"] = math.exp(-2 * abs(math.log(_length(a) / (_length(b) * ratio))))
    if pa.numbers or pb.numbers:
        parts["numbers"] = _dice(pa.numbers, pb.numbers)
    if pa.references or pb.references:
        parts["references"] = _dice(pa.references, pb.references)
    content = sum(_WEIGHTS[k] * v for k, v in parts.items()) / sum(_WEIGHTS[k] for k in parts)
    place_a, place_b = position(a.id, unit_a), position(b.id, unit_b)
    same_place = place_a is not None and place_a == place_b
    score = (1 - _POSITION_WEIGHT) * content + (_POSITION_WEIGHT if same_place else 0.0)
    shared = sorted(pa.concepts & pb.concepts, key=lambda c: (-weights.get(c, 0.0), c))[:4]
    reasons = ["same place in the aligned sections"] if same_place else []
    if shared:
        reasons.append("terms: " + ", ".join(names.get(c, c) for c in shared))
    if pa.numbers & pb.numbers:
        reasons.append("numbers: " + ", ".join(sorted(pa.numbers & pb.numbers)[:4]))
    if pa.references & pb.references:
        reasons.append("both cite: " + ", ".join(sorted(pa.references & pb.references)[:3]))
    return score, "; ".join(reasons)


def _monotone_matches(scores: list[list[float]]) -> list[tuple[int, int]]:
    """Returns the order-keeping set of pairs above MIN_SIMILARITY with the largest total margin."""
    rows, cols = len(scores), len(scores[0]) if scores else 0
    best = [[0.0] * (cols + 1) for _ in range(rows + 1)]
    for i in range(rows - 1, -1, -1):
        for j in range(cols - 1, -1, -1):
            take = scores[i][j] - MIN_SIMILARITY
            best[i][j] = max(best[i + 1][j], best[i][j + 1], best[i + 1][j + 1] + take if take > 0 else -1.0)
    matches: list[tuple[int, int]] = []
    i = j = 0
    while i < rows and j < cols:
        take = scores[i][j] - MIN_SIMILARITY
        if take > 0 and best[i][j] == best[i + 1][j + 1] + take:
            matches.append((i, j))
            i, j = i + 1, j + 1
        elif best[i][j] == best[i + 1][j]:
            i += 1
        else:
            j += 1
    return matches


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
    """Aligns every reviewed pair of the corpus and returns all links."""
    aligner = Aligner(corpus)
    links = aligner.reviewed_links()
    for pair in aligner.pairs:
        links += aligner.align_units(pair)
    unique = {(k.left, k.right): k for k in sorted(links, key=lambda k: not k.reviewed)}
    return Concordance(tuple(sorted(unique.values(), key=_sort_key)))


def counterparts(corpus: Corpus, key: str) -> list[Counterpart]:
    """Returns the rules of the other documents linked to one rule, aligning only the units around it."""
    rule_id = RuleId.parse(key)
    if rule_id.doc not in DOCUMENTS or rule_id.doc not in corpus.documents:
        return []
    aligner = Aligner(corpus)
    links: list[Link] = []
    for other in DOCUMENTS:
        if other == rule_id.doc or other not in corpus.documents:
            continue
        unit = aligner.unit_of(rule_id, other)
        if unit is None:
            continue
        for partner, pair in aligner.partners.get(unit, []):
            if partner.doc != other:
                continue
            if unit == rule_id:
                links += [
                    k
                    for k in aligner.reviewed_links()
                    if k.left == str(pair.left) and k.right == str(pair.right)
                ]
            else:
                links += [k for k in aligner.align_units(pair) if key in (k.left, k.right)]
    return _counterparts(key, links)


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
