"""Prints the time of the attack and block legality search (ruling.engine.requirements).

Three figures, each the median of --repeat runs:

- the requirement scenarios (scenarios/combat/requirements*.md) run under each of their profiles, and the
  part of that time spent in the declare-attackers and declare-blockers steps (the legality search of the
  decision, the declaration's own check, its triggers);
- random games dealt the requirement deck (ruling.engine.random_requirements), two players under each
  profile and four under sr-2007: steps per second and the time in the declaration steps;
- the search on the heaviest positions met in both (the most candidate declarations): the position's
  declaration step played on a copy by a decider that checks every candidate declaration (up to 64) with
  the decision's own legality check, then takes the engine's default (the best declaration). The numbers
  of candidates and of legal ones are printed too: they must not change when the search is made faster.

Usage: .venv/bin/python benchmarks/requirements_bench.py [--repeat N] [--steps N] [--positions N]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ruling.engine import turn
from ruling.engine.decisions import Decision, RandomDecider
from ruling.engine.game import Game
from ruling.engine.profiles import PROFILES
from ruling.engine.random_play import new_game, play_random
from ruling.engine.random_requirements import REQUIREMENT_DECK
from ruling.engine.state import Step
from ruling.scenario.format import parse_file
from ruling.scenario.runner import run_scenario

SCENARIOS = sorted((Path(__file__).resolve().parents[1] / "scenarios" / "combat").glob("requirements*.md"))
CANDIDATES = 64
"""The most candidate declarations of one decision the search part checks."""
ORIGINAL = dict(turn._ACTIONS)
"""The engine's step actions, before they are timed."""


@dataclass
class Position:
    """A game copied as a declaration step began."""

    game: Game
    step: Step


class Steps:
    """Times the declaration steps of every game, and copies the positions they start from."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.positions: list[Position] = []
        self.capture = False

    def wrap(self, step: Step) -> None:
        action = turn._ACTIONS[step]

        def timed(game: Game) -> bool:
            if self.capture:
                self.positions.append(Position(Game(game.state.copy(), game.profile), step))
            start = time.perf_counter()
            try:
                return action(game)
            finally:
                self.seconds += time.perf_counter() - start

        turn._ACTIONS[step] = timed


def run_scenarios(steps: Steps) -> tuple[int, float, float]:
    """Runs the requirement scenarios under each of their profiles; returns runs, seconds and the seconds
    spent in the declaration steps."""
    scenarios = [s for path in SCENARIOS for s in parse_file(path)]
    steps.seconds = 0.0
    start = time.perf_counter()
    runs = 0
    for scenario in scenarios:
        for profile in scenario.profiles:
            run_scenario(scenario, profile)
            runs += 1
    return runs, time.perf_counter() - start, steps.seconds


def play_games(steps: Steps, budget: int) -> tuple[int, float, float]:
    """Plays random games with the requirement deck, budget steps per kind of game; returns steps, seconds
    and the seconds spent in the declaration steps."""
    kinds = [(profile, 2) for profile in sorted(PROFILES)] + [("sr-2007", 4)]
    steps.seconds = 0.0
    taken = 0
    start = time.perf_counter()
    for profile, players in kinds:
        done, seed = 0, 0
        while done < budget:
            game = new_game(PROFILES[profile], seed, list(REQUIREMENT_DECK), players)
            done += play_random(game, budget - done, seed)
            seed += 1
        taken += done
    return taken, time.perf_counter() - start, steps.seconds


class EveryCandidate:
    """A decider that checks every candidate declaration of an attackers or blockers decision with the
    decision's own check, counts the legal ones, and answers the engine's default; other decisions go to a
    seeded random decider."""

    def __init__(self) -> None:
        self.candidates = 0
        self.legal = 0
        self.other = RandomDecider(0)

    def decide(self, decision: Decision, default: object) -> object:
        if decision.kind not in ("attackers", "blockers"):
            return self.other.decide(decision, default)
        for candidate in itertools.islice(_candidates(decision), CANDIDATES):
            self.candidates += 1
            self.legal += decision.legal is None or decision.legal(candidate)
        return default


def _candidates(decision: Decision) -> Iterator[object]:
    """Every attack of the decision's creatures; every block giving each blocker one attacker or none."""
    if decision.kind == "attackers":
        items = decision.options
        return (c for size in range(len(items) + 1) for c in itertools.combinations(items, size))
    options: dict[object, list[object]] = {}
    for pair in decision.options:
        assert isinstance(pair, tuple)
        options.setdefault(pair[0], []).append(pair[1])
    blockers = list(options)
    return (
        {b: a for b, a in zip(blockers, choice, strict=True) if a is not None}
        for choice in itertools.product(*([None, *options[b]] for b in blockers))
    )


def search(position: Position) -> EveryCandidate:
    """Plays the position's declaration step on a copy, checking every candidate declaration."""
    decider = EveryCandidate()
    game = Game(position.game.state.copy(), position.game.profile, decider)
    ORIGINAL[position.step](game)
    return decider


def heaviest(positions: list[Position], count: int) -> list[Position]:
    """Returns the positions with the most candidate declarations (the first met of those with as many)."""
    sized = sorted(enumerate(positions), key=lambda p: (-search(p[1]).candidates, p[0]))
    return [position for _, position in sized[:count]]


def time_searches(positions: list[Position]) -> tuple[int, int, float]:
    """Returns the candidates checked, the legal ones and the seconds the declaration steps took (the
    copies of the positions are made before the clock starts)."""
    games = [
        (Game(p.game.state.copy(), p.game.profile, EveryCandidate()), ORIGINAL[p.step]) for p in positions
    ]
    start = time.perf_counter()
    for game, action in games:
        action(game)
    seconds = time.perf_counter() - start
    deciders = [game.decider for game, _ in games]
    assert all(isinstance(d, EveryCandidate) for d in deciders)
    checked = sum(d.candidates for d in deciders if isinstance(d, EveryCandidate))
    legal = sum(d.legal for d in deciders if isinstance(d, EveryCandidate))
    return checked, legal, seconds


def _report(label: str, unit: str, repeats: list[tuple[int, float, float]]) -> None:
    """Prints the medians of repeated runs, each giving a count, seconds and seconds in the declarations."""
    count = repeats[0][0]
    total = statistics.median(r[1] for r in repeats)
    declaring = statistics.median(r[2] for r in repeats)
    print(
        f"{label}: {count} {unit} in {total:.3f} s ({count / total:.0f} {unit}/s), "
        f"declaration steps {declaring:.3f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--steps", type=int, default=3000, help="random steps per kind of game")
    parser.add_argument("--positions", type=int, default=40, help="positions of each source searched")
    args = parser.parse_args()
    steps = Steps()
    steps.wrap(Step.DECLARE_ATTACKERS)
    steps.wrap(Step.DECLARE_BLOCKERS)

    steps.capture = True
    run_scenarios(steps)
    from_scenarios = heaviest(steps.positions, args.positions)
    steps.positions = []
    play_games(steps, min(args.steps, 1500))
    from_games = heaviest(steps.positions, args.positions)
    steps.positions = []
    steps.capture = False

    _report("requirement scenarios", "runs", [run_scenarios(steps) for _ in range(args.repeat)])
    games = [play_games(steps, args.steps) for _ in range(args.repeat)]
    _report("random games (requirement deck)", "steps", games)
    for label, found in (("scenario", from_scenarios), ("random-game", from_games)):
        timed = [time_searches(found) for _ in range(args.repeat)]
        seconds = statistics.median(t[2] for t in timed)
        checked, legal, _ = timed[0]
        print(
            f"legality search, {len(found)} heaviest {label} positions: {seconds * 1000:.1f} ms "
            f"({checked} candidates, {legal} legal)"
        )
    print("median of", args.repeat, "repeats; the machine is shared, so compare runs made back to back")


if __name__ == "__main__":
    main()
