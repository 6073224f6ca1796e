"""Rules that split or merged between editions: the parts a linked rule has beyond its first match.

The first pass (``concordance._matches``) links each rule to its best match, and a rule to a second match
only when it is the other's best; when the rule links to its own best match too, only when the second match
names more of one of its sentences than that best match does (``says_more``: ru 309.5, priority once
blockers are declared, is the end of ja 309.1, not ja 309.2d, paying costs in any order, which shares only
"costs" with it). Two further passes read a linked rule as a whole that split:

- further parts (``split_parts``): a rule that split says, sentence by sentence, what its parts say. Each
  sentence of the whole is matched to the rules next to its linked part (the anchor); a rule joins as a
  further part only when it is the best match of a sentence and says _SENTENCE_GAIN of that sentence's
  concept weight that the rules linked to the whole do not (ru 409.1f, paying costs, is ja 409.1f and ja
  409.1h, "pay in any order": the sentence the first leaves out). A rule that only resembles the whole
  (ja 308.2b, banding, under ru 308.1, declaring attackers) says no sentence better than the anchor does.
- absorbed rules (``absorbed``): a rule the first pass leaves without a link joins a longer, linked rule
  that says all of it, or of which it says a sentence (ru 310.2, damage goes on the stack, is a sentence
  of ja 310.1).

Two last passes: ``same_sentences`` links two rules that say one sentence alike (a sentence of each names
the same concepts, with at least _SAME_SENTENCE_MASS of weight, and no other rule of the region has a
sentence with just these concepts: ja 212.1c = sr B12.13, effects that keep the old types, whose examples
differ); ``heads`` links a rule linked to two or more subrules of a rule to that rule as well (ru 203.2 =
ja 203.2, a card's colour, which 2004 split into a rule and subrules).

The concepts of a sentence are those of the whole that its text names (``Aligner.sentence_concepts``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ruling.corpus.concordance import (
    _CONTAINED,
    MIN_SIMILARITY,
    Link,
    _Profile,
    _Scores,
    _Side,
    _similarity,
    confidence_of,
)

_PART_SPAN = 4
"""A split rule's further parts lie at most this many rules from its first part, in the same unit."""
_PART_CONTAINED = 0.5
"""A rule left without a link that says one of a longer rule's sentences names at least this share of its
terms' weight in that rule (``absorbed``)."""
_SENTENCE_NAMED = 0.8
"""A rule says a sentence when it names this share of the sentence's concept weight (ru 419.1: "replacement
effects use 'instead'" is ja 419.1a, which adds what 2004 says of "skip")."""
_SENTENCE_MASS = 2.0
"""A sentence needs this much concept weight (IDF) to be said by a part of a split rule."""
_SENTENCE_GAIN = 2.0
"""A further part of a split rule says at least this much concept weight (IDF) of one sentence of the whole
that the rules linked to the whole do not say: ja 409.1h says all of ru 409.1f's "the player pays the total
cost in any order", of which ja 409.1f names only "cost". A part that adds a word or two to a sentence the
anchor says already (ja 308.2b, banding, to ru 308.1's "the active player declares attackers") is none."""
_ABSORBED = 0.8
"""A rule left without a link names at least this share of its concepts' weight in the longer rule that it
links to as a part (``absorbed``)."""
_ABSORBED_MASS = 7.0
"""A rule needs this much concept weight (IDF) to link as a part of a longer rule: an introduction
("state-based effects are the following") or a bare title says too little to be found inside another rule."""
_ABSORBED_NOVEL = 0.3
"""A part must share with the longer rule at least this share of its concepts' weight that the longer rule's
own link does not name (``_Scores.novel``)."""
_SAME_SENTENCE_MASS = 6.0
"""Two rules that say a sentence alike share at least this much concept weight (IDF) in it. Of the 88 pairs
of the whole alignment that meet it, the other steps link 85, and the three it adds read right; below it,
single words ("regeneration", 3.5) and generic ones ("continuous effect, replacement effect", 4.8) pair rules
of other subjects (``benchmarks/concordance_same_sentences.py`` prints both)."""


@dataclass(frozen=True)
class _Whole:
    """A linked rule of a region read as a whole that split: row index if is_left, else column index."""

    scores: _Scores
    near: list[list[bool]]
    index: int
    is_left: bool

    @property
    def side(self) -> _Side:
        return self.scores.left[self.index] if self.is_left else self.scores.right[self.index]

    @property
    def others(self) -> list[_Side]:
        """The rules of the other document of the region, of which the parts are."""
        return self.scores.right if self.is_left else self.scores.left

    def cell(self, q: int) -> tuple[int, int]:
        return (self.index, q) if self.is_left else (q, self.index)

    def score(self, q: int) -> float:
        i, j = self.cell(q)
        return self.scores.matrix[i][j]

    def is_near(self, q: int) -> bool:
        i, j = self.cell(q)
        return self.near[i][j]

    def contained(self, q: int) -> float:
        """Returns the share of rule q's concept weight that the whole names too."""
        i, j = self.cell(q)
        return self.scores.contained(i, j, not self.is_left)

    def together(self, parts: Sequence[int]) -> float:
        """Returns the similarity of the whole to the parts taken as one rule."""
        union = _union([self.others[q] for q in sorted(parts)], self.scores.weights)
        a, b = (self.side, union) if self.is_left else (union, self.side)
        return _similarity(a, b, self.scores.aligned, self.scores.weights, self.scores.ratio)


def split_parts(scores: _Scores, near: list[list[bool]], found: Sequence[tuple[int, int]]) -> list[Link]:
    """Returns the links of the further parts of the rules linked in found (``_further_parts``), each rule
    read as a whole on both sides. A rule joins one whole only, and only if it has no link of its own; the
    links' confidence is that of the parts together."""
    links: list[Link] = []
    for whole_is_left in (True, False):
        linked: dict[int, list[int]] = {}
        for i, j in found:
            whole, part = (i, j) if whole_is_left else (j, i)
            linked.setdefault(whole, []).append(part)
        taken = {q for parts in linked.values() for q in parts}
        for index, anchors in linked.items():
            split = _Whole(scores, near, index, whole_is_left)
            parts = _further_parts(split, anchors, taken)
            taken |= set(parts)
            score = split.together([*anchors, *parts])
            together = f"part of a split rule, {len(anchors) + len(parts)} parts together (score {score:.2f})"
            value = confidence_of(score)
            links += [scores.link(*split.cell(q)).amended(together, score=value) for q in parts]
    return links


def _further_parts(whole: _Whole, anchors: Sequence[int], taken: set[int]) -> list[int]:
    """Returns the further parts of whole, whose linked parts are anchors.

    The rules of a window (within _PART_SPAN of an anchor, in its unit) compete for each sentence of the
    whole (``_sentences``): the one that says most of it (``_cover``; the more similar to the whole on a tie)
    is its best match. A rule of the window joins when it is the best match of a sentence, says
    _SENTENCE_NAMED of it and _SENTENCE_GAIN of its weight more than the anchors and the parts found so
    far, lies in aligned sections that hold each other (near), has no link of its own and names _CONTAINED
    of its weight in the whole. The part that adds most joins first."""
    others = whole.others
    window = sorted(
        {
            q
            for anchor in anchors
            for q in range(max(0, anchor - _PART_SPAN), min(len(others), anchor + _PART_SPAN + 1))
            if others[q].unit == others[anchor].unit and q not in anchors
        }
    )
    eligible = {q for q in window if q not in taken and whole.is_near(q) and whole.contained(q) >= _CONTAINED}
    if not eligible:
        return []
    sentences = _sentences(whole.scores, whole.side)
    cover = {q: [_cover(whole.scores, s, others[q]) for s in sentences] for q in [*anchors, *window]}
    covered = [max(cover[q][n] for q in anchors) for n in range(len(sentences))]
    weights = [sum(whole.scores.weights[c] for c in s) for s in sentences]
    parts: list[int] = []
    while pool := [q for q in window if q not in parts]:
        best: tuple[float, int] | None = None
        for n in range(len(sentences)):
            said, _, q = max((cover[q][n], whole.score(q), q) for q in pool)
            gain = (said - covered[n]) * weights[n]
            if (
                said >= _SENTENCE_NAMED
                and gain >= _SENTENCE_GAIN
                and q in eligible
                and (best is None or gain > best[0])
            ):
                best = (gain, q)
        if best is None:
            break
        parts.append(best[1])
        covered = [max(c, cover[best[1]][n]) for n, c in enumerate(covered)]
    return parts


def says_more(scores: _Scores, i: int, j: int, part_is_left: bool, partner: int) -> bool:
    """Returns whether the part of a second match (row i if part_is_left, else column j) names more of a
    sentence of the whole (``_sentences``) than the whole's best match (partner) does: the part says what
    that match leaves out. ja 502.7e, protected permanents take no damage, says more of ru 502.7b's second
    sentence than ja 502.7b (targets); ja 309.2d, paying costs in any order, says no more of ru 309.5
    (priority once blockers are declared and costs paid) than ja 309.1 does."""
    whole, part = _whole_and_part(scores, i, j, part_is_left)
    best = (scores.left if part_is_left else scores.right)[partner]
    sentences = _sentences(scores, whole)
    return any(_cover(scores, s, part) > _cover(scores, s, best) for s in sentences)


def _sentences(scores: _Scores, whole: _Side) -> list[frozenset[str]]:
    """Returns the concepts of the whole that each of its sentences names, for the sentences with at least
    _SENTENCE_MASS of them; a rule of one sentence is that sentence."""
    if scores.sentences(whole.rule):
        return _weighty_sentences(scores, whole)
    concepts = frozenset(whole.profile.concepts)
    return [concepts] if sum(scores.weights[c] for c in concepts) >= _SENTENCE_MASS else []


def _weighty_sentences(scores: _Scores, whole: _Side) -> list[frozenset[str]]:
    """Returns the concepts of the whole that each sentence of a rule of several names, for the sentences
    with at least _SENTENCE_MASS of them."""
    named = (s & whole.profile.concepts for s in scores.sentences(whole.rule))
    return [s for s in named if sum(scores.weights[c] for c in s) >= _SENTENCE_MASS]


def _cover(scores: _Scores, sentence: frozenset[str], side: _Side) -> float:
    """Returns the share of the sentence's concept weight that a rule names."""
    mass = sum(scores.weights[c] for c in sentence)
    return sum(scores.weights[c] for c in sentence & side.profile.concepts) / mass if mass else 0.0


def says_a_sentence(scores: _Scores, whole: _Side, part: _Side) -> bool:
    """Returns whether part names _SENTENCE_NAMED of the concepts' weight of one sentence of whole (a rule
    of several sentences)."""
    return any(_cover(scores, s, part) >= _SENTENCE_NAMED for s in _weighty_sentences(scores, whole))


def absorbed(
    scores: _Scores, near: list[list[bool]], found: Sequence[tuple[int, int]]
) -> list[tuple[int, int]]:
    """Returns the links of rules that the first pass left without a link in the region and that a longer
    rule of the other document says whole (ru 310.2, damage goes on the stack, is a sentence of ja 310.1):
    for each such part with at least _ABSORBED_MASS of concepts, the best scoring rule (at least
    MIN_SIMILARITY, near: in aligned sections that hold each other, ``concordance._apart``) that is either
    linked already (a rule merged from several) and names _ABSORBED of the part's concept weight, or
    _PART_CONTAINED of it when the part says one of the whole's sentences (``says_a_sentence``: ja 309.2e,
    blockers become blocking creatures, is a sentence of ru 309.1), when the part adds to what that whole's
    linked rule shares with it (_ABSORBED_NOVEL, see ``_Scores.novel``); or is left without a link too and
    names every concept of the part (ja 200.9, a type without "card" or "spell" means a permanent, is sr
    B1.80 less its "unless the spell says otherwise")."""
    cells = [(i, j) for i in range(len(scores.left)) for j in range(len(scores.right))]
    links: list[tuple[int, int]] = []
    for part_is_left in (True, False):
        taken = {cell[0 if part_is_left else 1] for cell in found}
        wholes = {cell[1 if part_is_left else 0] for cell in found}
        by_part: dict[int, list[tuple[int, int]]] = {}
        for i, j in cells:
            part, whole = (i, j) if part_is_left else (j, i)
            side = scores.left[i] if part_is_left else scores.right[j]
            if (
                part in taken
                or side.mass < _ABSORBED_MASS
                or not near[i][j]
                or scores.matrix[i][j] < MIN_SIMILARITY
            ):
                continue
            contained = scores.contained(i, j, part_is_left)
            if whole in wholes:
                says = contained >= _ABSORBED or (
                    contained >= _PART_CONTAINED
                    and says_a_sentence(scores, *_whole_and_part(scores, i, j, part_is_left))
                )
            else:
                whole_side, part_side = _whole_and_part(scores, i, j, part_is_left)
                says = part_side.profile.concepts <= whole_side.profile.concepts
            if says:
                by_part.setdefault(part, []).append((i, j))
        for candidates in by_part.values():
            i, j = max(candidates, key=lambda c: (scores.matrix[c[0]][c[1]], -c[0], -c[1]))
            if part_is_left:
                partners = [(scores.matrix[a][j], a) for a, b in found if b == j]
            else:
                partners = [(scores.matrix[i][b], b) for a, b in found if a == i]
            if not partners or scores.novel(i, j, part_is_left, max(partners)[1]) >= _ABSORBED_NOVEL:
                links.append((i, j))
    return links


def _whole_and_part(scores: _Scores, i: int, j: int, part_is_left: bool) -> tuple[_Side, _Side]:
    return (scores.right[j], scores.left[i]) if part_is_left else (scores.left[i], scores.right[j])


def _union(sides: Sequence[_Side], weights: dict[str, float]) -> _Side:
    """Returns the rules of sides as one rule: their concepts, numbers and references together, their
    lengths summed, the place of the first."""
    first = sides[0]
    profile = _Profile(
        set().union(*(x.profile.concepts for x in sides)),
        set().union(*(x.profile.numbers for x in sides)),
        set().union(*(x.profile.references for x in sides)),
        first.profile.heading,
        first.profile.unmatched_heading,
    )
    side = _Side(first.rule, profile, first.unit, first.place, sum(x.length for x in sides), first.units)
    side.mass = sum(weights[c] for c in profile.concepts)
    return side


def same_sentences(
    scores: _Scores,
    near: list[list[bool]],
    linked: set[tuple[str, str]],
    floor: float = _SAME_SENTENCE_MASS,
) -> list[tuple[int, int, frozenset[str]]]:
    """Returns the pairs of rules (row, column, the sentence's concepts), not linked already (linked holds
    the keys of linked pairs), that lie near (in aligned sections that hold each other) and have a sentence
    that names the same concepts (``_sentences``), weighing at least floor, which no other rule of the
    region has."""
    left, right = _sentence_index(scores, scores.left), _sentence_index(scores, scores.right)
    found: dict[tuple[int, int], frozenset[str]] = {}
    for sentence, rows in left.items():
        columns = right.get(sentence, set())
        if len(rows) != 1 or len(columns) != 1:
            continue
        (i,), (j,) = rows, columns
        mass = sum(scores.weights[c] for c in sentence)
        keys = (scores.left[i].rule.key, scores.right[j].rule.key)
        if near[i][j] and keys not in linked and mass >= floor:
            found.setdefault((i, j), sentence)
    return [(i, j, sentence) for (i, j), sentence in sorted(found.items(), key=lambda item: item[0])]


def _sentence_index(scores: _Scores, sides: Sequence[_Side]) -> dict[frozenset[str], set[int]]:
    """Maps the concepts of each sentence of the rules of one side to the rules that have it."""
    found: dict[frozenset[str], set[int]] = {}
    for n, side in enumerate(sides):
        for sentence in _sentences(scores, side):
            found.setdefault(sentence, set()).add(n)
    return found


def heads(
    scores: _Scores, near: list[list[bool]], linked: set[tuple[str, str]]
) -> list[tuple[int, int, list[str]]]:
    """Returns the pairs (row, column, the subrules' keys) where a rule linked to two or more subrules of one
    rule of the other document links to that rule too: a 1999 rule the later edition split into a rule and
    its subrules says the rule's own text as well (ru 203.2, a card's colour, is ja 203.2, colour comes from
    the mana symbols, and its subrules 203.2a and 203.2c). The rule must say _ABSORBED_MASS (an
    introduction such as sr A3.40, "there are several ways to draw", says too little), be no unit the review
    pairs (ja 420.5, "state-based effects are the following", is ru 420.5), have no link in the region, lie
    near (in aligned sections that hold each other) and score at least MIN_SIMILARITY; linked holds the keys
    of the region's links."""
    reviewed = {unit for pair in scores.aligned for unit in pair}
    found: list[tuple[int, int, list[str]]] = []
    for head_is_left in (True, False):
        heads_side, rules_side = (scores.left, scores.right) if head_is_left else (scores.right, scores.left)
        index = {side.rule.id: n for n, side in enumerate(heads_side)}
        parent_of = {side.rule.key: side.rule.id.parent for side in heads_side}
        # The rules of the heads' side each rule of the other side links to.
        linked_to: dict[str, list[str]] = {}
        for a, b in linked:
            own, other = (a, b) if head_is_left else (b, a)
            linked_to.setdefault(other, []).append(own)
        linked_heads = {own for owns in linked_to.values() for own in owns}
        for n, side in enumerate(rules_side):
            subrules: dict[int, list[str]] = {}
            for own in linked_to.get(side.rule.key, []):
                parent = parent_of.get(own)
                if parent in index:
                    subrules.setdefault(index[parent], []).append(own)
            for h, keys in subrules.items():
                head = heads_side[h]
                i, j = (h, n) if head_is_left else (n, h)
                if (
                    len(keys) >= 2
                    and head.mass >= _ABSORBED_MASS
                    and head.rule.id not in reviewed
                    and head.rule.key not in linked_heads
                    and near[i][j]
                    and scores.matrix[i][j] >= MIN_SIMILARITY
                ):
                    found.append((i, j, sorted(keys)))
    return found
