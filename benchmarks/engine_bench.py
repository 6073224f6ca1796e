"""Prints engine throughput: scenario runs per second over the whole suite, and random-game steps per second.

Usage: .venv/bin/python benchmarks/engine_bench.py [--rounds N] [--steps N]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from ruling.engine.profiles import PROFILES
from ruling.engine.random_play import new_game, play_random
from ruling.scenario.format import parse_file
from ruling.scenario.runner import run_scenario

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def bench_scenarios(rounds: int) -> tuple[int, float]:
    """Parses and runs every scenario under each of its profiles, rounds times; returns runs and seconds."""
    runs = 0
    start = time.perf_counter()
    for _ in range(rounds):
        for path in sorted(SCENARIOS.rglob("*.md")):
            for scenario in parse_file(path):
                for profile in scenario.profiles:
                    run_scenario(scenario, profile)
                    runs += 1
    return runs, time.perf_counter() - start


def bench_random(steps: int) -> tuple[int, float]:
    """Plays random games under every profile until steps actions were taken; returns steps and seconds."""
    taken = 0
    seed = 0
    start = time.perf_counter()
    while taken < steps:
        for profile in PROFILES.values():
            game = new_game(profile, seed)
            taken += play_random(game, steps, seed)
        seed += 1
    return taken, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--steps", type=int, default=30000)
    args = parser.parse_args()
    runs, seconds = bench_scenarios(args.rounds)
    print(f"scenarios: {runs} runs in {seconds:.2f} s = {runs / seconds:.0f} scenario runs/s")
    steps, seconds = bench_random(args.steps)
    print(f"random games: {steps} steps in {seconds:.2f} s = {steps / seconds:.0f} steps/s")


if __name__ == "__main__":
    main()
