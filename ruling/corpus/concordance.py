"""The concordance: links between the same rule in two documents, each with a confidence and its evidence.

Sections are aligned by hand: ``rules_corpus/reviewed/concordance-sections.tsv`` pairs parts, sections and
title-only rules of ru, ja and sr; those pairs are links as they stand. Rules are then aligned within each
reviewed pair of parts, across its sections, by what can be compared across languages
(``concordance_evidence``): English glosses of glossary terms and of ordinary rules words (those that both
sides of the pair of parts name somewhere), quantities (the Serbian x10 counted), the rules each cites and is
cited by, and text length. Lying in reviewed aligned sections (fully only where the rules' nearest sections
are aligned) and the same place there add a small bonus; titles of subjects the other document lacks cut the
score; a pair gains a little when the pairs before and after it are linked (``_in_order``: rules moved
together keep their order). A rule links to its best match (``_matches``); a rule split into several, or
several merged into one, links to each part inside aligned sections that says more of a sentence of the
whole than the whole's own best match (``concordance_splits.says_more``), and to the further parts next to
the first, each the best match of a sentence of the whole that the rules linked to it leave unsaid
(``concordance_splits``); a rule the first pass leaves without a link joins a longer rule that says it,
linked already or, when left alone too, saying all of it (``concordance_splits.absorbed``); two rules that
say a sentence alike, which no other rule of the region says, link (``concordance_splits.same_sentences``);
a rule linked to two or more subrules of a rule links to that rule too (``concordance_splits.heads``).
ru-sr similarities are half the best chain of similarities through ja (``Aligner.chained_scores``), and
ru-sr also gain the links that chain through ja (``_through``). A moved pair too weak to link alone links
when the third document confirms it (``concordance_moves``). Two rules the regions leave without a link to
each other's document, in parts the review does not pair, link when each is the other's best match in the
whole document and their content alone is sure (``concordance_parts``). Last, two rules still alone at the
same place between linked neighbours (the same number, or between linked siblings) link by their place
(``concordance_gaps``): the same number is evidence, not identity.

``build_concordance(corpus)`` aligns everything (export, search index, site); ``rule_links(corpus, key)``
aligns only the parts around one rule and gives the same links; ``counterparts(corpus, key)`` reads the
concordance kept in the per-user cache (``concordance_cache``), so ``ruling show`` stays fast.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, partial
from typing import Any

from ruling.corpus.concordance_cognates import CognateGlosses
from ruling.corpus.concordance_data import CONFIDENCES, CheckedPair, SectionPair, read_section_pairs
from ruling.corpus.concordance_evidence import Lexicon, build_lexicon, numbers, position
from ruling.corpus.concordance_quality import pair_order
from ruling.corpus.load import Corpus
from ruling.corpus.model import Rule
from ruling.ids import Level, RuleId

DOCUMENTS = ("ru", "ja", "sr")
"""The documents the concordance links, in the order a link names them: the order of their editions (1999,
2004, 2007)."""
MIN_SIMILARITY = 0.36
"""Below this, a pair of rules gets no link unless each is the other's best match."""
MUTUAL_SIMILARITY = 0.22
"""Below this, not even a pair of rules that are each other's best match gets a link."""
MOVED_SIMILARITY = 0.55
"""Below this, two rules of sections the review does not align get no link: a rule moved to another section
must show it by its content."""
_SURE_SIMILARITY = 0.8
"""From this similarity on, a link's confidence is 0.99."""
FORMAT_VERSION = 1

_WEIGHTS = {"terms": 0.55, "numbers": 0.15, "references": 0.15, "length": 0.05}
_PLACE_BONUS = 0.08
"""What the same place in the aligned units adds to a score: enough to break a tie, never to make a link."""
_UNIT_BONUS = 0.12
"""What lying in a reviewed pair of sections adds: a rule may move to another section, but seldom does."""
_ANCESTOR_SHARE = 0.25
"""The share of _UNIT_BONUS that two rules get when only units above their nearest ones are aligned: ru 217.3a
lies in ru 217.3 (the hand), aligned with ja 217.3, and resembles ja 217.3a more than ja 217.1a, which shares
with it only the zones section 217."""
_OTHER_HEADING = 0.6
"""What a score keeps when the two rules stand under titles that share no term and that the reviewed section
alignment leaves without counterpart (ja Snow-Covered, sr Vigilance: subjects the other document lacks), or
bear titles of their own that share none (ja 502.8 Shadow and sr E3.80 Vigilance, at the same place)."""
_CONTAINED = 0.3
"""A part of a split or merged rule names at least this share of its terms' weight in the whole."""
_RELATIVE = 0.65
"""A rule links to a second (third …) rule of the other unit only if that scores this share of its best."""
_ORDER_BONUS = 0.05
"""What a pair of rules gains for each neighbouring pair (before, after) that is linked (``_in_order``)."""
_CHAIN_SHARE = 0.5
"""The share of a ru-sr similarity that comes from the best chain through ja (``Aligner.chained_scores``): ja
is the better compared of the two with either (the ru and sr lexicons share few glosses)."""
_CHAIN_CANDIDATES = 5
"""The rules of ja most similar to a rule that chains may pass through."""
_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+|(?<=。)|\n+")
_NOVEL = 0.1
"""A part of a split or merged rule must share with the whole at least this share of its terms' weight that
the whole's best match does not name: a rule the other document added (sr C11.25, the least combat damage)
says nothing of the whole that its counterpart has not said already."""


def confidence_of(score: float) -> float:
    """Maps the similarity of a link to a confidence in [0.5, 0.99]: a link is never a guess."""
    share = (score - MUTUAL_SIMILARITY) / (_SURE_SIMILARITY - MUTUAL_SIMILARITY)
    return round(0.5 + 0.49 * max(0.0, min(1.0, share)), 2)


def guess_confidence(score: float) -> float:
    """Maps the similarity of a best match that made no link to a confidence below 0.5."""
    return round(0.45 * max(0.0, min(1.0, score / MIN_SIMILARITY)), 2)


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

    def amended(self, *evidence: str, score: float | None = None) -> Link:
        """Returns the link with further evidence, and with another confidence when score is given."""
        items = (*self.evidence, *evidence)
        value = self.score if score is None else score
        confidence = self.confidence if score is None else confidence_label(score)
        reason = "; ".join(items) if evidence else self.reason
        return Link(self.left, self.right, confidence, reason, self.reviewed, value, items)

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
    heading: set[str]
    """The English glosses of the title the rule stands under (a keyword's name), empty if none."""
    unmatched_heading: bool
    """Whether that title is one the reviewed alignment gives no counterpart in the other document."""
    title: set[str] = field(default_factory=set)
    """The English glosses of the rule's own title (a keyword's name), empty if none."""


@dataclass(slots=True)
class _Side:
    """A rule as the alignment compares it: its profile, its reviewed unit, its place below it."""

    rule: Rule
    profile: _Profile
    unit: RuleId | None
    place: tuple[int, ...] | None
    length: int
    units: tuple[RuleId, ...] = ()
    """The reviewed units around the rule, nearest first."""
    mass: float = 0.0


@dataclass(frozen=True)
class _Scores:
    """The similarities of every left rule of a region to every right rule, and how to explain one."""

    left: list[_Side]
    right: list[_Side]
    matrix: list[list[float]]
    aligned: set[tuple[RuleId, RuleId]]
    weights: dict[str, float]
    names: dict[str, str]
    ratio: float = 1.0
    """The length ratio of the two parts' texts (left to right)."""
    sentences: Callable[[Rule], Sequence[frozenset[str]]] = lambda rule: ()
    """The concepts of each sentence of a rule's text (``Aligner.sentence_concepts``)."""

    @cached_property
    def _places(self) -> dict[str, tuple[bool, int]]:
        places = {side.rule.key: (False, n) for n, side in enumerate(self.right)}
        places.update({side.rule.key: (True, n) for n, side in enumerate(self.left)})
        return places

    def row_of(self, key: str) -> int | None:
        """Returns the row of rule key, or None when it is not a left rule of the region."""
        place = self._places.get(key)
        return place[1] if place is not None and place[0] else None

    def column_of(self, key: str) -> int | None:
        """Returns the column of rule key, or None when it is not a right rule of the region."""
        place = self._places.get(key)
        return place[1] if place is not None and not place[0] else None

    def best_of_row(self, i: int, j: int) -> bool:
        """Returns whether the right rule j is the best match of the left rule i (one of them, on a tie)."""
        return self.matrix[i][j] == max(self.matrix[i])

    def best_of_column(self, i: int, j: int) -> bool:
        """Returns whether the left rule i is the best match of the right rule j (one of them, on a tie)."""
        return self.matrix[i][j] == max(row[j] for row in self.matrix)

    def contained(self, i: int, j: int, part_is_left: bool) -> float:
        """Returns the share of the part's concept mass (IDF-weighted) that the whole names too."""
        part, whole = (self.left[i], self.right[j]) if part_is_left else (self.right[j], self.left[i])
        shared = part.profile.concepts & whole.profile.concepts
        return sum(self.weights[c] for c in shared) / part.mass if part.mass else 0.0

    def novel(self, i: int, j: int, part_is_left: bool, partner: int) -> float:
        """Returns the share of the part's concept mass that the whole names and the whole's best match
        (partner: a row if the part is a row, else a column) does not."""
        if part_is_left:
            part, whole, other = self.left[i], self.right[j], self.left[partner]
        else:
            part, whole, other = self.right[j], self.left[i], self.right[partner]
        novel = (part.profile.concepts & whole.profile.concepts) - other.profile.concepts
        return sum(self.weights[c] for c in novel) / part.mass if part.mass else 0.0

    def link(self, i: int, j: int, bonus: float = 0.0) -> Link:

        a, b = self.left[i], self.right[j]
        score = min(1.0, self.matrix[i][j] + bonus)
        evidence = _evidence(a, b, self.aligned, self.weights, self.names)
        if bonus:
            evidence = (*evidence, "the rules before or after them are linked")
        value = confidence_of(score)
        reason = "; ".join(evidence) + f" (score {score:.2f})"
        return Link(a.rule.key, b.rule.key, confidence_label(value), reason, score=value, evidence=evidence)


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
        self._sentences: dict[str, list[frozenset[str]]] = {}
        self._aligned: dict[tuple[RuleId, RuleId], list[Link]] = {}
        self._scores: dict[tuple[RuleId, RuleId], _Scores] = {}
        self._documents: dict[tuple[str, str], _Scores] = {}

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

    # -- evidence ------------------------------------------------------------------------------------
    def lexicon(self, doc: str) -> Lexicon:
        if doc not in self._lexicons:
            self._lexicons[doc] = build_lexicon(self.corpus.documents[doc], self.corpus.folder)
        return self._lexicons[doc]

    def concepts(self, rule: Rule) -> set[str]:
        """Returns the English glosses of a rule's title, text and examples, and of the title it stands
        under (the keyword a "multiple instances are redundant" rule is about)."""
        if rule.key not in self._concepts:
            texts = [rule.title or "", rule.title_en or "", rule.text, *(e.text for e in rule.examples)]
            heading = self.heading(rule)
            if heading is not None:
                texts += [heading.title or "", heading.title_en or ""]
            self._concepts[rule.key] = self.lexicon(rule.doc).concepts("\n".join(t for t in texts if t))
        return self._concepts[rule.key]

    def heading(self, rule: Rule) -> Rule | None:
        """Returns the nearest titled rule above rule, below its section."""
        parent = rule.parent
        while parent is not None and parent.level not in (Level.SECTION, Level.PART):
            found = self.corpus.rule(parent)
            if found is not None and found.title:
                return found
            parent = parent.parent
        return None

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
        heading = self.heading(rule)
        titles = "\n".join(t for t in (heading.title, heading.title_en) if t) if heading is not None else ""
        glosses = self.lexicon(rule.doc).concepts(titles) if titles else set()
        unmatched = heading is not None and not any(
            p.doc == other for p, _ in self.partners.get(heading.id, [])
        )
        concepts = self.concepts(rule) | self.cognates.concepts(rule, other)
        own = "\n".join(t for t in (rule.title, rule.title_en) if t)
        title = self.lexicon(rule.doc).concepts(own) if own else set()
        return _Profile(concepts, numbers(rule), self.references(rule, other), glosses, unmatched, title)

    @cached_property
    def cognates(self) -> CognateGlosses:
        """The glosses ru and sr rules lend each other through Slavic cognates (``concordance_cognates``)."""
        return CognateGlosses(self.corpus.documents, self.lexicon)

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
        """Returns the rules below part that lie below a reviewed unit, and the reviewed units that are rules
        with a text of their own (ru 419.6b Regeneration is reviewed as the sr keyword E3.110, and is also
        the sr replacement rule D20.62)."""
        return [
            rule
            for rule in self.corpus.documents[part.doc].rules
            if rule.id != part
            and _below(rule.id, part)
            and (unit := self.unit_of(rule.id, other)) is not None
            and (unit != rule.id or (rule.text.strip() and rule.level not in (Level.PART, Level.SECTION)))
        ]

    def score_region(self, region: SectionPair) -> _Scores:
        """Scores every rule of the left part of a region against every rule of the right part."""
        key = (region.left, region.right)
        if key in self._scores:
            return self._scores[key]
        left = [self.side(r, region.right.doc) for r in self.region_members(region.left, region.right.doc)]
        right = [self.side(r, region.left.doc) for r in self.region_members(region.right, region.left.doc)]
        compared = self._compared(left, right)
        aligned, weights, ratio = compared.aligned, compared.weights, compared.ratio
        matrix = [[_similarity(a, b, aligned, weights, ratio) for b in right] for a in left]
        if PIVOT not in (region.left.doc, region.right.doc) and PIVOT in self.corpus.documents:
            chained = self.chained_scores(left, right)
            matrix = [
                [
                    (1 - _CHAIN_SHARE) * value + _CHAIN_SHARE * via
                    for value, via in zip(row, chain, strict=True)
                ]
                for row, chain in zip(matrix, chained, strict=True)
            ]
        self._scores[key] = replace(compared, matrix=matrix)
        return self._scores[key]

    def _compared(self, left: list[_Side], right: list[_Side]) -> _Scores:
        """Returns two lists of rules set up for comparing, with no similarities yet: only the vocabulary
        both name is kept, concepts are weighted by IDF over the two, each rule gets its concept mass."""
        _keep_shared_vocabulary(left, right)
        weights = _idf([s.profile.concepts for s in left + right])
        for side in left + right:
            side.mass = sum(weights[c] for c in side.profile.concepts)
        ratio = sum(s.length for s in left) / max(1, sum(s.length for s in right))
        docs = [s.rule.doc for s in (left[:1] + right[:1])]
        names = {k: v for doc in reversed(docs) for k, v in self.lexicon(doc).display.items()}
        aligned = {(p.left, p.right) for p in self.pairs}
        return _Scores(left, right, [], aligned, weights, names, ratio, self.sentence_concepts)

    def chained_scores(self, left: list[_Side], right: list[_Side]) -> list[list[float]]:
        """Returns, for each left rule and right rule of a pair of documents other than PIVOT, the best chain
        of similarities through a rule of PIVOT: the lesser of its two similarities, over the
        _CHAIN_CANDIDATES rules of PIVOT most similar to the left rule."""

        def similar(side: _Side) -> dict[str, float]:
            region = self.region_of(side.rule.id, PIVOT)
            if region is None:
                return {}
            scores = self.score_region(region)
            key = side.rule.key
            if side.rule.doc == region.left.doc:
                row = scores.row_of(key)
                if row is None:
                    return {}
                return {x.rule.key: v for x, v in zip(scores.right, scores.matrix[row], strict=True)}
            column = scores.column_of(key)
            if column is None:
                return {}
            return {x.rule.key: values[column] for x, values in zip(scores.left, scores.matrix, strict=True)}

        firsts = [
            sorted(similar(a).items(), key=lambda kv: (-kv[1], kv[0]))[:_CHAIN_CANDIDATES] for a in left
        ]
        seconds = [similar(b) for b in right]
        return [
            [
                max((min(value, second.get(key, 0.0)) for key, value in first), default=0.0)
                for second in seconds
            ]
            for first in firsts
        ]

    def side(self, rule: Rule, other: str) -> _Side:
        """Returns the rule as the alignment compares it. A rule under a title the review leaves without
        counterpart (ja 502.14 Snow-Covered, sr E3.80 Vigilance) lies in no aligned sections."""
        unit = self.unit_of(rule.id, other)
        place = position(rule.id, unit) if unit is not None else None
        units: list[RuleId] = []
        heading = self.heading(rule)
        if heading is None or unit is None or not _below(heading.id, unit):
            current = unit
            while current is not None and current.level is not Level.PART:
                units.append(current)
                current = self.unit_of(current.parent, other) if current.parent is not None else None
        return _Side(rule, self.profile(rule, other), unit, place, _length(rule), tuple(units))

    def sentence_concepts(self, rule: Rule) -> list[frozenset[str]]:
        """Returns the English glosses of each sentence of a rule's text (none for a one-sentence rule)."""
        if rule.key not in self._sentences:
            parts = [t for t in _SENTENCE_RE.split(rule.text) if t.strip()]
            lexicon = self.lexicon(rule.doc)
            self._sentences[rule.key] = (
                [frozenset(lexicon.concepts(t)) for t in parts] if len(parts) > 1 else []
            )
        return self._sentences[rule.key]

    def align_region(self, region: SectionPair) -> list[Link]:
        """Aligns the rules of a pair of parts; returns the links it finds (see ``_matches``)."""
        key = (region.left, region.right)
        if key not in self._aligned:
            from ruling.corpus.concordance_splits import absorbed as absorbed_links
            from ruling.corpus.concordance_splits import heads, same_sentences, says_more, split_parts

            scores = self.score_region(region)
            links: list[Link] = []
            near, part_near = near_matrices(scores)
            says = partial(says_more, scores)
            found = (
                _matches(scores.matrix, near, part_near, scores.contained, scores.novel, says)
                if scores.matrix
                else []
            )
            bonus = _in_order(found)
            if bonus:
                boosted = [
                    [min(1.0, value + bonus.get((i, j), 0.0)) for j, value in enumerate(row)]
                    for i, row in enumerate(scores.matrix)
                ]
                found = _matches(boosted, near, part_near, scores.contained, scores.novel, says)
            absorbed = absorbed_links(scores, part_near, found)
            for i, j in found:
                links.append(scores.link(i, j, bonus.get((i, j), 0.0)))
            says_all = "the one rule says all the other says, and more"
            links += [scores.link(i, j).amended(says_all) for i, j in absorbed]
            links += split_parts(scores, part_near, found + absorbed)
            linked = {(k.left, k.right) for k in links}
            for i, j, sentence in same_sentences(scores, part_near, linked):
                shared = ", ".join(sorted(scores.names.get(c, c) for c in sentence))
                links.append(scores.link(i, j).amended(f"a sentence of each says the same: {shared}"))
            linked = {(k.left, k.right) for k in links}
            for i, j, parts in heads(scores, part_near, linked):
                subrules = ", ".join(parts)
                links.append(scores.link(i, j).amended(f"the rule whose subrules it links to: {subrules}"))
            self._aligned[key] = links
        return self._aligned[key]

    def score_documents(self, left_doc: str, right_doc: str) -> _Scores:
        """Returns every rule of left_doc below a reviewed unit against every such rule of right_doc, with
        the concept weights of the two whole documents, and no similarities yet: ``concordance_parts`` works
        them out for the few rules it asks about."""
        key = (left_doc, right_doc)
        if key not in self._documents:

            def sides(doc: str, other: str) -> list[_Side]:
                parts = [r.id for r in self.corpus.documents[doc].rules if r.level is Level.PART]
                return [self.side(rule, other) for part in parts for rule in self.region_members(part, other)]

            self._documents[key] = self._compared(sides(left_doc, right_doc), sides(right_doc, left_doc))
        return self._documents[key]

    def best_match(self, rule_id: RuleId, other: str) -> Link | None:
        """Returns the rule of document other that resembles rule_id most, as a link scored as a guess
        (``guess_confidence``), or None when the rule is not aligned against other at all."""
        region = self.region_of(rule_id, other)
        if region is None:
            return None
        scores = self.score_region(region)
        key = str(rule_id)
        row, column = scores.row_of(key), scores.column_of(key)
        if row is not None:
            cells = [(scores.matrix[row][j], row, j) for j in range(len(scores.right))]
        elif column is not None:
            cells = [(scores.matrix[i][column], i, column) for i in range(len(scores.left))]
        else:
            return None
        if not cells:
            return None
        score, i, j = max(cells, key=lambda c: (c[0], -c[1], -c[2]))
        return scores.link(i, j).amended(score=guess_confidence(score))

    def cell(self, a: str, b: str) -> tuple[_Scores, int, int] | None:
        """Returns the scores of the region of rules a and b (of two documents, either way round) with the
        row and column of the pair, or None when no region holds both."""
        region = self.region_of(RuleId.parse(a), b.split(":")[0])
        if region is None:
            return None
        scores = self.score_region(region)
        left, right = (a, b) if a.split(":")[0] == region.left.doc else (b, a)
        row, column = scores.row_of(left), scores.column_of(right)
        return (scores, row, column) if row is not None and column is not None else None

    def is_mutual(self, link: Link) -> bool:
        """Whether the two rules of a link are each other's best match in their region."""
        found = self.cell(link.left, link.right)
        return found is not None and found[0].best_of_row(*found[1:]) and found[0].best_of_column(*found[1:])

    def resembles(self, a: str, b: str) -> bool:
        """Whether two rules of different documents score at least MIN_SIMILARITY in their region."""
        found = self.cell(a, b)
        return found is not None and found[0].matrix[found[1]][found[2]] >= MIN_SIMILARITY

    def direct_links(self, rule_id: RuleId) -> list[Link]:
        """Returns the computed links of the regions holding rule_id, and its links to rules moved to
        another part (``concordance_parts``)."""
        from ruling.corpus.concordance_parts import moved_across_of

        return self.region_links(rule_id) + moved_across_of(self, str(rule_id), self.region_links)

    def region_links(self, rule_id: RuleId) -> list[Link]:
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


def _keep_shared_vocabulary(left: Sequence[_Side], right: Sequence[_Side]) -> None:
    """Keeps in each rule's concepts only those that both sides of a region name somewhere: a term one
    language's lexicons never gloss (the ru lexicons have no "player") is no evidence against a pair."""
    vocabulary = set().union(*(s.profile.concepts for s in left)) & set().union(
        *(s.profile.concepts for s in right)
    )
    for side in [*left, *right]:
        side.profile.concepts = side.profile.concepts & vocabulary


def _dice(a: set[str], b: set[str]) -> float:
    total = len(a) + len(b)
    return 2 * len(a & b) / total if total else 0.0


def _below(rule_id: RuleId, ancestor: RuleId) -> bool:
    current = rule_id.parent
    while current is not None:
        if current == ancestor:
            return True
        current = current.parent
    return False


def _length(rule: Rule) -> int:
    return len(rule.text) + sum(len(e.text) for e in rule.examples) + 1


def _placed(a: _Side, b: _Side, aligned: set[tuple[RuleId, RuleId]]) -> tuple[bool, bool]:
    """Returns whether the two rules lie in reviewed aligned sections (at any depth), and whether they
    have the same place below their nearest units, when those are aligned."""
    in_aligned = any((ua, ub) in aligned for ua in a.units for ub in b.units)
    same_place = (a.unit, b.unit) in aligned and a.place is not None and a.place == b.place
    return in_aligned, same_place


def near_matrices(scores: _Scores) -> tuple[list[list[bool]], list[list[bool]]]:
    """Returns, for each pair of rules of a region, whether they lie in reviewed aligned sections (near),
    and whether they do so through sections that hold each other (part near: not ``_apart``)."""
    near = [[_placed(a, b, scores.aligned)[0] for b in scores.right] for a in scores.left]
    partners = _partners(scores.aligned)
    part_near = [
        [n and not _apart(a, b, partners) for n, b in zip(row, scores.right, strict=True)]
        for row, a in zip(near, scores.left, strict=True)
    ]
    return near, part_near


def _partners(aligned: set[tuple[RuleId, RuleId]]) -> dict[RuleId, set[RuleId]]:
    """Maps each unit of the aligned pairs to the units it is paired with, both ways."""
    found: dict[RuleId, set[RuleId]] = {}
    for left, right in aligned:
        found.setdefault(left, set()).add(right)
        found.setdefault(right, set()).add(left)
    return found


def _apart(a: _Side, b: _Side, partners: dict[RuleId, set[RuleId]]) -> bool:
    """Returns whether the review pairs the nearest section of either rule with a section of the other's
    document that does not hold the other rule (partners: ``_partners`` of the aligned pairs): the two lie
    in aligned sections only through their parents (ja 212.2c, artifact subtypes, lies in ja 212.2
    artifacts, which is ru 214.6, not ru 212.2 or ru 212)."""

    def elsewhere(side: _Side, other: _Side) -> bool:
        if side.unit is None:
            return False
        paired = {u for u in partners.get(side.unit, set()) if u.doc == other.rule.id.doc}
        return bool(paired) and not paired & set(other.units)

    return elsewhere(a, b) or elsewhere(b, a)


def _similarity(
    a: _Side, b: _Side, aligned: set[tuple[RuleId, RuleId]], weights: dict[str, float], ratio: float
) -> float:
    """Returns the similarity of two rules in [0, 1].

    ratio is the length ratio of the two parts' texts: a translation keeps the proportions of the original.
    Content carries the score; lying in reviewed aligned sections adds _UNIT_BONUS (a share of it when only
    sections above the rules' nearest ones are aligned) and the same place there _PLACE_BONUS; titles of
    different subjects above the two rules, or of their own, cut it (_OTHER_HEADING).
    """
    pa, pb = a.profile, b.profile
    total = a.mass + b.mass
    shared = pa.concepts & pb.concepts
    terms = 2 * sum(weights[c] for c in shared) / total if total and shared else 0.0
    weighted = _WEIGHTS["terms"] * terms + _WEIGHTS["length"] * math.exp(
        -2 * abs(math.log(a.length / (b.length * ratio)))
    )
    weight = _WEIGHTS["terms"] + _WEIGHTS["length"]
    if pa.numbers or pb.numbers:
        weighted += _WEIGHTS["numbers"] * _dice(pa.numbers, pb.numbers)
        weight += _WEIGHTS["numbers"]
    if pa.references or pb.references:
        weighted += _WEIGHTS["references"] * _dice(pa.references, pb.references)
        weight += _WEIGHTS["references"]
    in_aligned, same_place = _placed(a, b, aligned)
    unit = _UNIT_BONUS if (a.unit, b.unit) in aligned else _UNIT_BONUS * _ANCESTOR_SHARE
    bonus = (unit if in_aligned else 0.0) + (_PLACE_BONUS if same_place else 0.0)
    score = min(1.0, weighted / weight + bonus)
    return score * _OTHER_HEADING if _other_headings(pa, pb) else score


def _other_headings(pa: _Profile, pb: _Profile) -> bool:
    """Whether two rules are about other subjects by their titles (see _OTHER_HEADING)."""
    if pa.title and pb.title and not pa.title & pb.title:
        return True
    return bool(pa.unmatched_heading and pb.unmatched_heading and not pa.heading & pb.heading)


def _evidence(
    a: _Side, b: _Side, aligned: set[tuple[RuleId, RuleId]], weights: dict[str, float], names: dict[str, str]
) -> tuple[str, ...]:
    """Returns what the similarity of two rules rests on, strongest evidence first."""
    pa, pb = a.profile, b.profile
    shared = sorted(pa.concepts & pb.concepts, key=lambda c: (-weights.get(c, 0.0), c))[:5]
    evidence: list[str] = []
    if shared:
        evidence.append("terms: " + ", ".join(names.get(c, c) for c in shared))
    if pa.numbers & pb.numbers:
        evidence.append("numbers: " + ", ".join(sorted(pa.numbers & pb.numbers)[:4]))
    cited = sorted(r[1:] for r in pa.references & pb.references if r.startswith(">"))
    citing = sorted(r[1:] for r in pa.references & pb.references if r.startswith("<"))
    if cited:
        evidence.append("both cite: " + ", ".join(cited[:3]))
    if citing:
        evidence.append("both cited by: " + ", ".join(citing[:3]))
    if _other_headings(pa, pb):
        evidence.append("against: under headings of other subjects")
    in_aligned, same_place = _placed(a, b, aligned)
    if same_place:
        evidence.append("same place in the aligned sections")
    elif in_aligned:
        evidence.append("in the aligned sections")
    return tuple(evidence)


def _in_order(found: Sequence[tuple[int, int]]) -> dict[tuple[int, int], float]:
    """Returns what each pair of rules gains from its neighbours: _ORDER_BONUS for the pair before (row and
    column one less) and for the pair after that the first pass linked. Rules moved together keep their
    order (ru 214.8e-g are ja 212.4f-h), so a rule between two linked pairs most likely matches its place."""
    linked = set(found)
    bonus: dict[tuple[int, int], float] = {}
    for i, j in linked:
        for step in (-1, 1):
            cell = (i + step, j + step)
            if cell[0] >= 0 and cell[1] >= 0 and cell not in linked:
                bonus[cell] = bonus.get(cell, 0.0) + _ORDER_BONUS
    return bonus


def _matches(
    scores: list[list[float]],
    near: list[list[bool]],
    part_near: list[list[bool]],
    contained: Callable[[int, int, bool], float],
    novel: Callable[[int, int, bool, int], float],
    says: Callable[[int, int, bool, int], bool],
) -> list[tuple[int, int]]:
    """Returns the pairs (row, column) that link: pairs that are each other's best match (at least
    MUTUAL_SIMILARITY, MOVED_SIMILARITY unless near: in aligned sections), and, for rules split or merged, a
    rule's best match that another rule scores higher on, when it reaches MIN_SIMILARITY and _RELATIVE of
    that, both lie in aligned sections that hold each other (part_near: a rule moved to another section is
    one rule, not a part of one, and a rule whose own section the review pairs elsewhere is no part, see
    ``_apart``), the part is _CONTAINED in the whole
    (contained(row, column, the row is the part)) and adds to what the whole's best match shares with it
    (novel(row, column, the row is the part, the whole's best match), at least _NOVEL). When the whole links
    to its best match too, the part must say a sentence of the whole more fully than that match
    (says(row, column, the row is the part, the whole's best match): ``concordance_splits.says_more``);
    when the whole's best match links elsewhere only, the part is the best match the whole has left."""
    rows, cols = len(scores), len(scores[0]) if scores else 0
    row_best = [max(row) for row in scores]
    col_best = [max(scores[i][j] for i in range(rows)) for j in range(cols)]
    found: list[tuple[int, int]] = []
    seconds: dict[tuple[int, int], tuple[bool, int]] = {}
    for i in range(rows):
        for j in range(cols):
            score = scores[i][j]
            if score < MUTUAL_SIMILARITY:
                continue
            best_of_row, best_of_col = score == row_best[i], score == col_best[j]
            if best_of_row and best_of_col:
                if score >= (MUTUAL_SIMILARITY if near[i][j] else MOVED_SIMILARITY):
                    found.append((i, j))
            elif score < MIN_SIMILARITY or not part_near[i][j]:
                continue
            else:
                whole = row_best[i] if best_of_col else col_best[j] if best_of_row else math.inf
                if score < _RELATIVE * whole or contained(i, j, not best_of_col) < _CONTAINED:
                    continue
                if best_of_col:
                    partner = scores[i].index(row_best[i])
                else:
                    partner = next(k for k in range(rows) if scores[k][j] == col_best[j])
                if novel(i, j, not best_of_col, partner) >= _NOVEL:
                    found.append((i, j))
                    seconds[(i, j)] = (not best_of_col, partner)
    linked = set(found)
    return [
        (i, j)
        for i, j in found
        if (i, j) not in seconds
        or _whole_and_best(i, j, *seconds[(i, j)]) not in linked
        or says(i, j, *seconds[(i, j)])
    ]


def _whole_and_best(i: int, j: int, part_is_left: bool, partner: int) -> tuple[int, int]:
    """Returns the cell of the whole of a second match (i, j) and the whole's best match (partner)."""
    return (partner, j) if part_is_left else (i, partner)


@dataclass(frozen=True)
class Concordance:
    """All links of a corpus, reviewed and computed, in a stable order."""

    links: tuple[Link, ...]

    @cached_property
    def by_key(self) -> dict[str, list[Link]]:
        return links_by_key(self.links)

    def counterparts(self, key: str) -> list[Counterpart]:
        return _counterparts(key, self.by_key.get(key, []))

    def as_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT_VERSION,
            "documents": list(DOCUMENTS),
            "links": [k.as_json() for k in self.links],
        }


def links_by_key(links: Iterable[Link]) -> dict[str, list[Link]]:
    """Maps each rule key to the links that name it, in the links' order."""
    found: dict[str, list[Link]] = {}
    for link in links:
        found.setdefault(link.left, []).append(link)
        found.setdefault(link.right, []).append(link)
    return found


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
    from ruling.corpus.concordance_gaps import gap_links
    from ruling.corpus.concordance_moves import confirmed_moves
    from ruling.corpus.concordance_parts import moved_across

    direct += moved_across(aligner, direct)
    moved = confirmed_moves(aligner, direct)
    computed = direct + _through(direct, aligner.is_mutual, aligner.resembles) + moved
    links = aligner.reviewed_links() + computed
    return Concordance(_unique(links + gap_links(aligner, links)))


def rule_links(corpus: Corpus, key: str, aligner: Aligner | None = None) -> list[Link]:
    """Returns the links of one rule, aligning only the parts around it (as ``build_concordance`` does)."""
    rule_id = RuleId.parse(key)
    if rule_id.doc not in DOCUMENTS or rule_id.doc not in corpus.documents:
        return []
    aligner = aligner or Aligner(corpus)
    from ruling.corpus.concordance_gaps import gap_links_of

    known: dict[str, list[Link]] = {}

    def before_gaps(rule_key: str) -> list[Link]:
        if rule_key not in known:
            reviewed_of = [k for k in aligner.reviewed_links() if rule_key in (k.left, k.right)]
            known[rule_key] = reviewed_of + _computed_links(aligner, rule_key)
        return known[rule_key]

    return list(_unique(before_gaps(key) + gap_links_of(aligner, key, before_gaps)))


def _computed_links(aligner: Aligner, key: str) -> list[Link]:
    """Returns the direct, chained and confirmed moved links of one rule (``rule_links`` before gaps)."""
    rule_id = RuleId.parse(key)
    direct = [k for k in aligner.direct_links(rule_id) if key in (k.left, k.right)]
    # A chain x-y-key needs the links of y, and of x (whether x has a link to key's document already).
    nearby = {k for link in direct for k in aligner.direct_links(RuleId.parse(link.other(key)))}
    ends = {
        k.other(link.other(key)) for link in direct for k in nearby if link.other(key) in (k.left, k.right)
    }
    nearby |= {k for end in ends for k in aligner.direct_links(RuleId.parse(end))}
    # Sorted, so that the evidence of a chain found twice does not hang on the order of a set.
    ordered = sorted(nearby, key=lambda k: (_sort_key(k), k.reason))
    chained = [k for k in _through(ordered, aligner.is_mutual, aligner.resembles) if key in (k.left, k.right)]
    from ruling.corpus.concordance_moves import confirmed_moves_of

    def links_of(other: str) -> list[Link]:
        return [k for k in aligner.direct_links(RuleId.parse(other)) if other in (k.left, k.right)]

    moved = confirmed_moves_of(aligner, key, links_of)
    return list(_unique(direct + chained + moved))


PIVOT = "ja"
"""The document chains go through: ja shares the CR outline with ru and is the closest source of sr."""
_THROUGH_MIN = 0.6
"""Both links of a chain across the third document must be at least this confident to give a link."""


def _through(
    links: Sequence[Link], mutual: Callable[[Link], bool], resembles: Callable[[str, str], bool]
) -> list[Link]:
    """Returns the links that chains of two of links through the third document give (ru-ja-sr gives ru-sr),
    where the start has no direct link to the end's document yet, or where the end, in a later edition,
    has none to the start's document and the two resemble each other (resembles: at least MIN_SIMILARITY
    in their region): later editions split rules, and a part the start's other links leave alone is found
    through the third document (ru 420.5a, a player at 0 life or unable to draw loses, is sr D21.51 and,
    through ja 420.5g, sr D21.56).

    A chain does not end at a rule that has its own counterpart in the start's document already (a link
    that is each other's best match: mutual) when the middle is that rule's main counterpart in the third
    document (its strongest link there): the rule's main counterparts are then found, and the chain would
    give it a second one for the same content (sr B10.10, the illustrator credit, is ru 209.1 and ja 209.1;
    the chain ru 200.1 = ja 209.1 = sr B10.10 rests on a wrong link). A chain through a lesser part of the end
    still links: a rule split in two documents links to the parts of each (ru 308.1 = sr C9.10 and, through
    its part ja 308.2a, sr C9.21)."""
    linked: dict[str, set[str]] = {}
    settled: dict[str, set[str]] = {}
    strongest: dict[str, float] = {}
    for link in links:
        linked.setdefault(link.left, set()).add(link.right)
        linked.setdefault(link.right, set()).add(link.left)
        if mutual(link):
            settled.setdefault(link.left, set()).add(link.right.split(":")[0])
            settled.setdefault(link.right, set()).add(link.left.split(":")[0])
        for key, other in ((link.left, link.right), (link.right, link.left)):
            if other.startswith(f"{PIVOT}:"):
                strongest[key] = max(strongest.get(key, 0.0), link.score)
    by_key = links_by_key(links)
    found: list[Link] = []
    for link in links:
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
                start_doc = start.split(":")[0]
                if any(k.startswith(f"{end_doc}:") for k in linked.get(start, set())) and (
                    DOCUMENTS.index(end_doc) < DOCUMENTS.index(start_doc)
                    or any(k.startswith(f"{start_doc}:") for k in linked.get(end, set()))
                    or not resembles(start, end)
                ):
                    continue
                if start_doc in settled.get(end, set()) and onward.score >= strongest[end]:
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
    """Returns the rules of the other documents linked to one rule (the concordance kept in the per-user
    cache, built on first use; ``rule_links`` aligns only the parts around one rule)."""
    from ruling.corpus.concordance_cache import load_concordance_cached

    return load_concordance_cached(corpus).counterparts(key)


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
    return [PairScore(pair, *counts[pair]) for pair in sorted(counts, key=pair_order)]
