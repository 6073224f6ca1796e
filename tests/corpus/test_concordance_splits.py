"""Parts of split and merged rules (``concordance_splits``): small regions built by hand, and the corpus."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from ruling.corpus.concordance import Concordance, _matches, _Profile, _Scores, _Side, rule_links
from ruling.corpus.concordance_splits import (
    _ABSORBED_MASS,
    _SAME_SENTENCE_MASS,
    _SENTENCE_GAIN,
    absorbed,
    heads,
    same_sentences,
    says_more,
    split_parts,
)
from ruling.corpus.load import Corpus
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


def _first_pass(scores: _Scores, near: list[list[bool]], matrix: list[list[float]]) -> list[tuple[int, int]]:
    return _matches(matrix, near, near, scores.contained, scores.novel, partial(says_more, scores))


def test_a_second_match_that_says_more_of_a_sentence_than_the_best_match_links() -> None:
    """ja 409.1h (column 1) is the whole's second match: it says the sentence its best match leaves out."""
    scores, near = _region(
        ["cost total mana", "cost order pay"],
        [("ja:409.1f", "cost total mana", 0.7), ("ja:409.1h", "cost order pay", 0.5)],
    )
    assert says_more(scores, 0, 1, False, 0)
    assert _first_pass(scores, near, scores.matrix) == [(0, 0), (0, 1)]


def test_a_second_match_that_says_no_more_than_the_best_match_does_not_link() -> None:
    """ja 409.1h names "pay" of the whole, which its best match does not, but that is a word of the one
    sentence the best match says more of (as ja 309.2d, paying costs, to ru 309.5, priority once blockers are
    declared and costs paid): it adds no sentence, it only shares a word."""
    scores, near = _region(
        ["cost total mana pay"],
        [("ja:409.1f", "cost total mana", 0.7), ("ja:409.1h", "pay order attack", 0.5)],
    )
    assert scores.contained(0, 1, False) >= 0.3 and scores.novel(0, 1, False, 0) >= 0.1
    assert not says_more(scores, 0, 1, False, 0)
    assert _first_pass(scores, near, scores.matrix) == [(0, 0)]


def test_a_second_match_of_a_rule_whose_best_match_links_elsewhere_is_the_best_it_has_left() -> None:
    """ja 409.1f, the best match of ru 409.1, is ru 409.2's: ja 409.1h, whose best match is ru 409.1, links to
    it without saying more of a sentence than ja 409.1f."""
    scores, near = _region(
        ["cost total mana pay"],
        [("ja:409.1f", "cost total mana", 0.7), ("ja:409.1h", "pay order attack", 0.5)],
        other="cost total mana",
    )
    assert _first_pass(scores, near, [[0.7, 0.5], [0.9, 0.1]]) == [(0, 1), (1, 0)]


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


def test_second_matches_on_the_corpus(concordance: Concordance) -> None:
    """ru 309.5 (priority once blockers are declared and costs paid) is the end of ja 309.1, not ja 309.2d
    (paying costs in any order); ru 300.6 (extra turns) is ja 300.6, not ja 300.7 (extra phases); ru 502.7b
    (protection: targets, damage, blocking) keeps ja 502.7e and ja 502.7f, which say its second and third
    sentences."""
    assert "ja:309.1" in {k.other("ru:309.5") for k in concordance.by_key["ru:309.5"]}
    assert "ja:309.2d" not in {k.other("ru:309.5") for k in concordance.by_key["ru:309.5"]}
    extra_turns = {k.other("ru:300.6") for k in concordance.by_key["ru:300.6"]}
    assert "ja:300.6" in extra_turns and "ja:300.7" not in extra_turns
    assert {"ja:502.7b", "ja:502.7e", "ja:502.7f"} <= {
        k.other("ru:502.7b") for k in concordance.by_key["ru:502.7b"]
    }


def test_a_rule_left_alone_that_another_rule_left_alone_says_whole_joins_it() -> None:
    """Neither rule is linked; the ja rule's four concepts are all in the ru rule, which says more."""
    scores, near = _region(
        ["type spell permanent card unless"], [("ja:409.1f", "type spell permanent card", 0.6)]
    )
    assert absorbed(scores, near, []) == [(0, 0)]


def test_a_rule_left_alone_that_another_says_only_in_part_stays_alone() -> None:
    """One concept of the ja rule (land) is not in the ru rule: without a link on either side, only a rule
    that says all of the part takes it in."""
    scores, near = _region(
        ["type spell permanent card unless"], [("ja:409.1f", "type spell permanent land", 0.6)]
    )
    assert absorbed(scores, near, []) == []


def test_a_rule_left_alone_joins_a_rule_that_says_it_on_the_corpus(concordance: Concordance) -> None:
    """ja 414.2 (who played a countered spell gets no refund of its costs) is the last sentence of sr D20.73
    (countering), which is ja 414.1 too; ja 414.2 has no other link in sr."""
    links = {k.other("ja:414.2"): k for k in concordance.by_key["ja:414.2"]}
    assert [key for key in links if key.startswith("sr:")] == ["sr:D20.73"]
    assert any("says all the other says" in item for item in links["sr:D20.73"].evidence)


def _same(parts: Sequence[tuple[str, str, float]], first: str = "cost total mana") -> set[str]:
    scores, near = _region([first, "copy choice permanent gain"], parts)
    return {scores.right[j].rule.key for _, j, _ in same_sentences(scores, near, set())}


def test_a_sentence_said_alike_links_a_rule_its_score_leaves_alone() -> None:
    assert WEIGHT * 4 >= _SAME_SENTENCE_MASS > WEIGHT * 2
    parts = [("ja:409.1a", "cost total mana", 0.9), ("ja:503.7", "copy choice permanent gain", 0.2)]
    assert _same(parts) == {"ja:409.1a", "ja:503.7"}


def test_a_sentence_two_rules_say_or_too_light_links_neither() -> None:
    twice = [("ja:503.6", "copy choice permanent gain", 0.3), ("ja:503.7", "copy choice permanent gain", 0.2)]
    assert _same(twice) == set()
    assert _same([("ja:409.1a", "cost total", 0.9)], first="cost total") == set()


def test_the_same_sentence_links_rules_whose_examples_differ(
    corpus: Corpus, concordance: Concordance
) -> None:
    """ja 212.1c and sr B12.13 (effects that say the old types stay) say their first sentence alike; their
    examples differ, and ja 212.1c resembles sr B12.12 (types replaced) more, so similarity gives no link."""
    link = next(k for k in concordance.by_key["ja:212.1c"] if k.right == "sr:B12.13")
    assert any(item.startswith("a sentence of each says the same") for item in link.evidence)
    assert {(k.left, k.right) for k in rule_links(corpus, "sr:B12.13")} == {
        (k.left, k.right) for k in concordance.by_key["sr:B12.13"]
    }


HEAD = ("ja:409.1", "cost total mana pay", 0.5)
PARTS = [("ja:409.1a", "cost total mana", 0.8), ("ja:409.1b", "pay order", 0.7)]


def _heads(parts: Sequence[tuple[str, str, float]], linked: set[str]) -> list[tuple[int, int, list[str]]]:
    scores, near = _region(["cost total mana", "pay order"], parts)
    return heads(scores, near, {("ru:409.1", key) for key in linked})


def test_a_rule_linked_to_two_subrules_links_to_their_rule() -> None:
    assert WEIGHT * 4 >= _ABSORBED_MASS
    assert _heads([HEAD, *PARTS], {"ja:409.1a", "ja:409.1b"}) == [(0, 0, ["ja:409.1a", "ja:409.1b"])]


def test_one_subrule_a_linked_rule_or_an_introduction_makes_no_head_link() -> None:
    assert _heads([HEAD, *PARTS], {"ja:409.1a"}) == []
    assert _heads([HEAD, *PARTS], {"ja:409.1", "ja:409.1a", "ja:409.1b"}) == []
    introduction = ("ja:409.1", "cost", 0.5)
    assert _heads([introduction, *PARTS], {"ja:409.1a", "ja:409.1b"}) == []


def test_the_rule_split_into_a_rule_and_its_subrules_on_the_corpus(
    corpus: Corpus, concordance: Concordance
) -> None:
    """ru 203.2 (a card's colour comes from the mana symbols of its cost, whatever its border; cards without
    coloured symbols are colourless) is ja 203.2 and its subrule 203.2a, and sr B4.20 and its subrule B4.21:
    2004 and 2007 split it into a rule and subrules."""
    links = {k.other("ru:203.2"): k for k in concordance.by_key["ru:203.2"]}
    assert {"ja:203.2", "ja:203.2a", "sr:B4.20", "sr:B4.21"} <= set(links)
    assert any(item.startswith("the rule whose subrules") for item in links["sr:B4.20"].evidence)
    assert {(k.left, k.right) for k in rule_links(corpus, "ru:203.2")} == {
        (k.left, k.right) for k in concordance.by_key["ru:203.2"]
    }
