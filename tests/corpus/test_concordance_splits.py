"""Parts of split and merged rules (``concordance_splits``): small regions built by hand, and the corpus."""

from __future__ import annotations

from collections.abc import Sequence

from ruling.corpus.concordance import Concordance, _Profile, _Scores, _Side
from ruling.corpus.concordance_splits import _SENTENCE_GAIN, split_parts
from ruling.corpus.model import Rule, Span
from ruling.ids import RuleId

WEIGHT = 2.0
"""The weight of every concept of the hand-built regions: a sentence of two concepts weighs _SENTENCE_GAIN."""


def _side(key: str, concepts: str) -> _Side:
    rule_id = RuleId.parse(key)
    rule = Rule(rule_id, rule_id.parent, None, key, Span("f", 1, 1))
    names = set(concepts.split())
    profile = _Profile(names, set(), set(), set(), False)
    unit = RuleId.parse(f"{rule_id.doc}:409")
    return _Side(rule, profile, unit, None, 100, (unit,), WEIGHT * len(names))


def _region(
    sentences: Sequence[str], parts: Sequence[tuple[str, str, float]], other: str = ""
) -> tuple[_Scores, list[list[bool]]]:
    """Returns a region of the ru rule 409.1 (a whole with the concepts of its sentences), and ru 409.2 with
    the concepts other if given, and of the ja rules parts (key, concepts, similarity to ru 409.1; ru 409.2
    is most similar to the last), all in aligned sections."""
    left = [_side("ru:409.1", " ".join(sentences))] + ([_side("ru:409.2", other)] if other else [])
    right = [_side(key, concepts) for key, concepts, _ in parts]
    concepts = {c for side in left + right for c in side.profile.concepts}
    said = {"ru:409.1": [frozenset(s.split()) for s in sentences]}
    assert WEIGHT * 2 >= _SENTENCE_GAIN
    matrix = [[score for _, _, score in parts]] + ([[0.1] * (len(parts) - 1) + [0.9]] if other else [])
    scores = _Scores(
        left,
        right,
        matrix,
        set(),
        dict.fromkeys(concepts, WEIGHT),
        {},
        sentences=lambda rule: said.get(rule.key, []),
    )
    return scores, [[True] * len(right) for _ in left]


def _parts_of(scores: _Scores, near: list[list[bool]], anchor: int) -> set[str]:
    return {link.right for link in split_parts(scores, near, [(0, anchor)])}


def test_a_rule_that_says_a_sentence_the_anchor_leaves_out_is_a_part() -> None:
    """The whole says costs are paid (cost total) and in any order (cost order): ja 409.1h says the second
    sentence, which the anchor names only in part."""
    scores, near = _region(
        ["cost total mana", "cost order pay"],
        [("ja:409.1f", "cost total mana", 0.7), ("ja:409.1h", "cost order pay", 0.4)],
    )
    assert _parts_of(scores, near, 0) == {"ja:409.1h"}


def test_a_rule_that_only_resembles_the_whole_is_no_part() -> None:
    """ja 409.1h names all its concepts in the whole, but only those of the sentence the anchor says: it
    adds nothing the whole says that the anchor does not."""
    scores, near = _region(
        ["cost total mana", "declare attack"],
        [("ja:409.1f", "cost total mana declare attack", 0.7), ("ja:409.1h", "cost total", 0.6)],
    )
    assert _parts_of(scores, near, 0) == set()


def test_a_rule_that_says_a_sentence_less_than_another_is_no_part() -> None:
    """Of two rules saying the sentence the anchor leaves out, only its best match joins; on a tie of what
    they say, the one more similar to the whole."""
    scores, near = _region(
        ["cost total mana", "cost order pay"],
        [
            ("ja:409.1f", "cost total mana", 0.7),
            ("ja:409.1g", "cost order pay", 0.4),
            ("ja:409.1h", "cost order pay", 0.3),
        ],
    )
    assert _parts_of(scores, near, 0) == {"ja:409.1g"}


def test_the_rules_linked_to_the_whole_say_its_sentences_together() -> None:
    """The whole is linked to two rules, which say its two sentences: a third that says one in part adds
    nothing."""
    scores, near = _region(
        ["cost total mana", "cost order pay"],
        [
            ("ja:409.1f", "cost total mana", 0.7),
            ("ja:409.1g", "cost order", 0.3),
            ("ja:409.1h", "cost order pay", 0.4),
        ],
    )
    assert {link.right for link in split_parts(scores, near, [(0, 0), (0, 2)])} == set()


def test_a_rule_with_a_link_of_its_own_is_no_part() -> None:
    """The best match of the sentence the anchor leaves out (ja 409.1h) is linked to ru 409.2: it is no part
    of ru 409.1, and the runner-up (ja 409.1g) does not take its place."""
    scores, near = _region(
        ["cost total mana", "cost order pay"],
        [
            ("ja:409.1f", "cost total mana", 0.7),
            ("ja:409.1g", "cost order", 0.3),
            ("ja:409.1h", "cost order pay", 0.4),
        ],
        other="cost order pay",
    )
    assert {link.right for link in split_parts(scores, near, [(0, 0), (1, 2)])} == set()


def test_a_part_outside_aligned_sections_is_no_part() -> None:
    scores, near = _region(
        ["cost total mana", "cost order pay"],
        [("ja:409.1f", "cost total mana", 0.7), ("ja:409.1h", "cost order pay", 0.4)],
    )
    near[0][1] = False
    assert _parts_of(scores, near, 0) == set()


def test_split_rules_on_the_corpus(concordance: Concordance) -> None:
    """ru 409.1f (the total cost, paying it in any order, mana abilities meanwhile) is ja 409.1f-h and sr
    D10.16-18; ru 308.1 (declaring attackers) does not say ja 308.2b (banding), nor ru 410.9a ("whenever
    ~ blocks or becomes blocked") ja 410.9d (blocked by a given number of creatures)."""
    linked = {k.other("ru:409.1f") for k in concordance.by_key["ru:409.1f"]}
    assert {"ja:409.1f", "ja:409.1g", "ja:409.1h", "sr:D10.16", "sr:D10.17", "sr:D10.18"} <= linked
    (payment,) = [k for k in concordance.by_key["ru:409.1f"] if k.right == "ja:409.1h"]
    assert any(item.startswith("part of a split rule") for item in payment.evidence)
    assert "ja:308.2b" not in {k.other("ru:308.1") for k in concordance.by_key["ru:308.1"]}
    assert "ja:410.9d" not in {k.other("ru:410.9a") for k in concordance.by_key["ru:410.9a"]}
