"""Prints how the time of one scenario run grows with the number of objects its setup makes.

A board of N Forests plays 100 script lines that walk the turn (``to cleanup``, ``to upkeep``): each line
passes priority, checks state-based effects and copies the state. The time per object should stay flat as
N grows (linear work); a growing figure is quadratic work.

Usage: .venv/bin/python benchmarks/scenario_scale.py [--sizes 250,500,1000,2000] [--lines 100]
"""

from __future__ import annotations

import argparse
import time

from ruling.scenario.format import parse_text
from ruling.scenario.runner import run_scenario

TEMPLATE = """# Scale

```scenario
profiles: ru-1999
rules: ru:420.5c
```

```setup
players: alice, bob
turn 3, alice, main1
alice in play: {count} Forest
alice library: 50 Island
bob library: 50 Island
```

```script
{script}
```
"""


def time_run(count: int, lines: int) -> float:
    """Returns the seconds one run of the scenario with count Forests and lines script lines takes."""
    script = "\n".join(("to cleanup", "to upkeep")[n % 2] for n in range(lines))
    (scenario,) = parse_text(TEMPLATE.format(count=count, script=script), "scale.md")
    start = time.perf_counter()
    run_scenario(scenario, "ru-1999")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="250,500,1000,1900", help="Forest counts, comma separated.")
    parser.add_argument("--lines", type=int, default=100, help="Script lines per run.")
    args = parser.parse_args()
    print(f"{'objects':>8} {'seconds':>8} {'ms/object':>10}")
    for count in (int(n) for n in args.sizes.split(",")):
        seconds = time_run(count, args.lines)
        print(f"{count:>8} {seconds:>8.2f} {1000 * seconds / count:>10.2f}")


if __name__ == "__main__":
    main()
