"""What the tests of the concordance's hand-checked sets share: the scripts that draw their samples, and the
floors that the figures of a check half may not fall below."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from ruling.corpus.concordance_quality import PairQuality

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def benchmark_script(name: str) -> ModuleType:
    """Returns benchmarks/NAME.py loaded as a module."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def assert_not_below(quality: PairQuality, floor: tuple[float, float]) -> None:
    """Fails when a pair's precision or recall is below its floor. The message gives the figures only: it
    names no row of the check half, which is run and never read to tune on."""
    precision, recall = floor
    assert quality.precision >= precision, (
        f"{quality.pair}: precision {quality.precision:.3f} ({quality.judged_correct}/{quality.judged})"
    )
    assert quality.recall >= recall, (
        f"{quality.pair}: recall {quality.recall:.3f} ({quality.found}/{quality.expected})"
    )
