"""Runs the console script's entry point (``ruling.launch``) in a process, as an installed ``ruling``
runs: the tests of the fast start paths compare it with the click command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run_launch(corpus: Path, cache: Path, *args: str) -> tuple[int, str, str]:
    """Returns the exit code, stdout and stderr of ``ruling --corpus CORPUS ARGS…`` with RULING_CACHE set."""
    env = {**os.environ, "RULING_CACHE": str(cache)}
    done = subprocess.run(
        [sys.executable, "-m", "ruling.launch", "--corpus", str(corpus), *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr
