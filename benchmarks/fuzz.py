"""Fuzzes the rule-id parser, the search, the scenario runner and (asked for by --targets) the whole
``ruling`` command; prints, per target, the inputs tried, how
many succeeded, how many were clean errors (a RulingError), and the crashes (any other exception, or a run
over the time bound), with the first inputs of each kind of crash.

The targets and inputs are those of tests/fuzz (tests/fuzz/targets.py); this script runs as many as asked.
The query target searches the real index, built first into a temporary cache; the commands target runs
``ruling show``, ``search`` and ``scenario run`` through click's test runner (slower: a few per second).

Usage: .venv/bin/python benchmarks/fuzz.py [--inputs 10000] [--targets ids,queries,scenarios] [--seed 0]
       [--limit SECONDS]
Exit code 1 when any target crashed.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

# The repository root is on the path now, so that the targets of the test suite can be imported.
from tests.fuzz.targets import (
    REPO,
    Outcome,
    attempt,
    command_args,
    command_target,
    id_texts,
    parse_id,
    query_texts,
    scenario_target,
    scenario_texts,
    search_target,
)

SHOWN = 3
"""Inputs shown per kind of crash."""


@dataclass
class Tally:
    """What one target gave over its inputs."""

    name: str
    outcomes: Counter[Outcome] = field(default_factory=Counter)
    crashes: dict[str, list[str]] = field(default_factory=dict)
    slowest: float = 0.0
    seconds: float = 0.0

    def add(self, value: Any, outcome: Outcome, seconds: float, crash: BaseException | None) -> None:
        self.outcomes[outcome] += 1
        self.slowest = max(self.slowest, seconds)
        if outcome in (Outcome.CRASH, Outcome.SLOW):
            kind = f"{type(crash).__name__}: {str(crash)[:120]}" if crash else str(outcome)
            shown = self.crashes.setdefault(kind, [])
            if len(shown) < SHOWN:
                text = repr(value)
                shown.append(text if len(text) <= 300 else f"{text[:300]}… ({len(text)} characters)")

    @property
    def tried(self) -> int:
        return sum(self.outcomes.values())

    @property
    def crashed(self) -> int:
        return self.outcomes[Outcome.CRASH] + self.outcomes[Outcome.SLOW]


def fuzz(name: str, strategy: st.SearchStrategy[Any], target: Callable[[Any], object], args: Any) -> Tally:
    """Runs target on args.inputs inputs drawn from strategy (generation only, no shrinking)."""
    tally = Tally(name)
    start = time.perf_counter()

    @seed(args.seed)
    @settings(
        max_examples=args.inputs,
        phases=[Phase.generate],
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def run(value: Any) -> None:
        result = attempt(target, value, args.limit)
        tally.add(value, result.outcome, result.seconds, result.crash)
        if args.progress and tally.tried % 1000 == 0:
            print(f"  {name}: {tally.tried} inputs…", file=sys.stderr, flush=True)

    run()
    tally.seconds = time.perf_counter() - start
    return tally


def _build_index() -> Path:
    """Builds the search index of the real corpus in the benchmark's cache, so that no input pays for it."""
    from ruling.search.index import build_index, load_entries

    corpus = REPO / "rules_corpus"
    build_index(corpus, load_entries(corpus))
    return corpus


def _query_target() -> Callable[[Any], object]:
    from ruling.search.index import open_index
    from ruling.search.query import SearchIndex

    return search_target(SearchIndex(open_index(_build_index())))


def _scenario_target() -> Callable[[Any], object]:
    from ruling.corpus.cache import load_corpus_cached

    return scenario_target(load_corpus_cached())


def _command_target() -> Callable[[Any], object]:
    _build_index()
    return command_target(Path(tempfile.mkdtemp(prefix="ruling-fuzz-files-")))


TARGETS: dict[str, tuple[Callable[[], st.SearchStrategy[Any]], Callable[[], Callable[[Any], object]]]] = {
    "ids": (id_texts, lambda: parse_id),
    "queries": (query_texts, _query_target),
    "scenarios": (scenario_texts, _scenario_target),
    "commands": (command_args, _command_target),
}
DEFAULT_TARGETS = "ids,queries,scenarios"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=10_000, help="Inputs per target.")
    parser.add_argument("--targets", default=DEFAULT_TARGETS, help="Comma list of " + ", ".join(TARGETS))
    parser.add_argument("--seed", type=int, default=0, help="Seed of the input generator.")
    parser.add_argument("--limit", type=float, default=10.0, help="Seconds one input may take.")
    parser.add_argument("--progress", action="store_true", help="Say on stderr every 1000 inputs.")
    args = parser.parse_args()
    os.environ["RULING_CACHE"] = tempfile.mkdtemp(prefix="ruling-fuzz-cache-")  # never the user's cache
    tallies = []
    for name in args.targets.split(","):
        strategy, make_target = TARGETS[name]
        tallies.append(fuzz(name, strategy(), make_target(), args))
    head = ("target", "inputs", "ok", "errors", "crashes", "slowest s", "total s")
    print(f"{head[0]:<10} {head[1]:>7} {head[2]:>7} {head[3]:>7} {head[4]:>8} {head[5]:>10} {head[6]:>8}")
    for t in tallies:
        print(
            f"{t.name:<10} {t.tried:>7} {t.outcomes[Outcome.OK]:>7} {t.outcomes[Outcome.ERROR]:>7} "
            f"{t.crashed:>8} {t.slowest:>10.2f} {t.seconds:>8.1f}"
        )
    for t in tallies:
        for kind, inputs in t.crashes.items():
            print(f"\n{t.name}: {kind}")
            for text in inputs:
                print(f"    {text}")
    sys.exit(1 if any(t.crashed for t in tallies) else 0)


if __name__ == "__main__":
    main()
