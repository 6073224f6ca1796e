"""Decisions through one interface: a strict scripted decider and a seeded random one.

A decision names its kind, the player who decides and the legal options the engine computed; the answer
is validated by the engine, never trusted.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from ruling.errors import RulingError


class DecisionError(RulingError):
    """A scripted decision that is missing, or an answer the game never asked for."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        super().__init__(message)


@dataclass(frozen=True)
class Decision:
    """A question the engine asks a player."""

    kind: str
    player: int
    subject: int | None = None
    options: tuple[object, ...] = ()
    amount: int = 0
    forced: bool = False
    chooser: int | None = None
    """Who makes the choice when not the player: the controller of their turn (ja 507.3)."""
    legal: Callable[[object], bool] | None = field(default=None, compare=False)
    """For declarations: tells whether an answer obeys the restrictions and requirements of the whole
    declaration (ru 500.2, ja 500, sr E1); the random decider proposes until one does, else the default."""


@dataclass
class Answer:
    """A scripted answer, remembered with the script line that gave it."""

    kind: str
    player: int
    value: object
    line: int
    subject: int | None = None
    retry: bool = False
    by: int | None = None
    """Who wrote the answer for the player: the controller of their turn (ja 507.3)."""


class Decider(Protocol):
    """Answers the engine's questions."""

    def decide(self, decision: Decision, default: object) -> object: ...


def attackers_answer(answer: object) -> tuple[tuple[int, ...], dict[int, int]]:
    """Reads an answer to the attackers decision: the attacking creatures (none for anything else), and
    for an answer that maps each creature to a player, whom each attacks."""
    if isinstance(answer, dict):
        return tuple(answer), {a: p for a, p in answer.items() if isinstance(p, int)}
    return (tuple(answer) if isinstance(answer, tuple | list) else ()), {}


def blocks_answer(answer: object) -> dict[int, list[int]]:
    """Reads an answer to the blockers decision: each blocker with the attacker or attackers it blocks."""
    if not isinstance(answer, dict):
        return {}
    return {
        blocker: list(attacked) if isinstance(attacked, list | tuple) else [attacked]
        for blocker, attacked in answer.items()
    }


DECLARATION_TRIES = 8
"""How many random attack or block declarations the random decider proposes before it takes the engine's
default (a legal one)."""


class RandomDecider:
    """Picks among the options with a seeded RNG; the engine's default when options are not enumerable."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(self, decision: Decision, default: object) -> object:
        if decision.kind in ("attackers", "blockers"):
            for _ in range(DECLARATION_TRIES):
                proposal = self._declaration(decision)
                if decision.legal is None or decision.legal(proposal):
                    return proposal
            return default
        several = decision.kind in ("discard", "sacrifice") or (
            decision.kind == "search" and decision.amount > 1
        )
        if several and decision.options:
            return tuple(self.rng.sample(list(decision.options), min(decision.amount, len(decision.options))))
        kinds = ("target", "new_target", "order", "replacement", "shield", "copy", "may", "choose", "return")
        if decision.kind in (*kinds, "search", "imprint", "wish") and decision.options:
            return self.rng.choice(decision.options)
        if decision.kind == "reveal":
            return tuple(o for o in decision.options if self.rng.random() < 0.5)
        return default

    def _declaration(self, decision: Decision) -> object:
        if decision.kind == "attackers":
            return tuple(o for o in decision.options if self.rng.random() < 0.6)
        chosen: dict[int, int] = {}
        for pair in decision.options:
            assert isinstance(pair, tuple)
            blocker, attacker = pair
            if blocker not in chosen and self.rng.random() < 0.4:
                chosen[blocker] = attacker
        return chosen


@dataclass
class ScriptedDecider:
    """Answers only from the script; declarations default to none, forced choices are made, others fail."""

    answers: list[Answer] = field(default_factory=list)

    def give(self, answer: Answer) -> None:
        """Adds an answer; it replaces an answer to the same question that a refused action gave back."""
        for index, old in enumerate(self.answers):
            if old.retry and (old.kind, old.player, old.subject) == (
                answer.kind,
                answer.player,
                answer.subject,
            ):
                self.answers[index] = answer
                return
        self.answers.append(answer)

    def snapshot(self) -> list[Answer]:
        return list(self.answers)

    def restore(self, saved: list[Answer]) -> None:
        """Puts the script back where it was before a refused action; answers it used become retryable."""
        left = {id(a) for a in self.answers}
        for answer in saved:
            answer.retry = answer.retry or id(answer) not in left
        self.answers = list(saved)

    def decide(self, decision: Decision, default: object) -> object:
        wanted = decision.player if decision.chooser is None else decision.chooser
        for index, answer in enumerate(self.answers):
            if (
                answer.kind == decision.kind
                and answer.player == decision.player
                and (answer.player if answer.by is None else answer.by) == wanted
                and (answer.subject is None or answer.subject == decision.subject)
            ):
                del self.answers[index]
                return answer.value
        if decision.kind in ("attackers", "blockers", "bands", "copy_targets") or decision.forced:
            return default
        raise DecisionError(
            f"the script gives no answer for the {decision.kind} decision of player {decision.player}"
        )

    def unused(self) -> list[Answer]:
        return list(self.answers)
