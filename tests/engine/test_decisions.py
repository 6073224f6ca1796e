"""The scripted decider: strict answers, and a refusal that leaves the script where it was."""

from __future__ import annotations

import pytest

from ruling.engine.decisions import (
    Answer,
    Decision,
    DecisionError,
    ScriptedDecider,
    attackers_answer,
    blocks_answer,
)


def test_answer_is_consumed_once_and_a_missing_one_fails() -> None:
    decider = ScriptedDecider()
    decider.give(Answer("discard", 0, (1,), line=5))
    assert decider.decide(Decision("discard", 0), None) == (1,)
    with pytest.raises(DecisionError, match="no answer for the discard decision"):
        decider.decide(Decision("discard", 0), None)


def test_restore_puts_used_answers_back_and_drops_new_ones() -> None:
    decider = ScriptedDecider()
    decider.give(Answer("assign", 0, "first", line=3, subject=7))
    saved = decider.snapshot()
    assert decider.decide(Decision("assign", 0, subject=7), None) == "first"
    decider.give(Answer("order", 0, "given by the refused line", line=4))
    decider.restore(saved)
    assert [(a.line, a.retry) for a in decider.unused()] == [(3, True)]


def test_new_answer_replaces_one_a_refusal_gave_back() -> None:
    decider = ScriptedDecider()
    decider.give(Answer("assign", 0, "refused", line=3, subject=7))
    saved = decider.snapshot()
    decider.decide(Decision("assign", 0, subject=7), None)
    decider.restore(saved)
    decider.give(Answer("assign", 0, "corrected", line=6, subject=7))
    decider.give(Answer("assign", 0, "for another creature", line=7, subject=8))
    assert [a.value for a in decider.unused()] == ["corrected", "for another creature"]


def test_answers_not_given_back_are_not_replaced() -> None:
    decider = ScriptedDecider()
    decider.give(Answer("assign", 0, "first step", line=3, subject=7))
    decider.give(Answer("assign", 0, "second step", line=4, subject=7))
    assert [a.value for a in decider.unused()] == ["first step", "second step"]


@pytest.mark.parametrize(
    ("answer", "attackers", "defenders"),
    [((3, 4), (3, 4), {}), ([5], (5,), {}), (None, (), {}), ({1: 2, 3: 0}, (1, 3), {1: 2, 3: 0})],
)
def test_attackers_answer(answer: object, attackers: tuple[int, ...], defenders: dict[int, int]) -> None:
    assert attackers_answer(answer) == (attackers, defenders)


@pytest.mark.parametrize(
    ("answer", "blocks"), [({1: 2}, {1: [2]}), ({1: (2, 3)}, {1: [2, 3]}), ((1, 2), {}), (None, {})]
)
def test_blocks_answer(answer: object, blocks: dict[int, list[int]]) -> None:
    assert blocks_answer(answer) == blocks
