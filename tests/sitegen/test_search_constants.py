"""The site's search (static/search.js) ranks with the same weights and limits as ``ruling search``: each
upper-case number the script declares is a constant of ``ruling.search`` with the same value. (The
expansion limit once stayed at 30 in the script after the command's went down to 8.)"""

from __future__ import annotations

import re
from types import ModuleType

import pytest

from ruling.search import absence, bridge, query, store, weights
from ruling.sitegen.sources import SITE_DIR

MODULES = (query, weights, absence, bridge, store)
_NUMBER_RE = re.compile(r"\b([A-Z][A-Z0-9_]*) = (-?\d+(?:\.\d+)?)\b")


def script_numbers(script: str) -> dict[str, float]:
    """Returns the upper-case names the script gives a number, with the number."""
    return {name: float(value) for name, value in _NUMBER_RE.findall(script)}


def python_constant(name: str, modules: tuple[ModuleType, ...] = MODULES) -> float | None:
    values = {float(getattr(m, name)) for m in modules if isinstance(getattr(m, name, None), int | float)}
    assert len(values) <= 1, f"{name} differs between the search modules: {values}"
    return values.pop() if values else None


NUMBERS = script_numbers((SITE_DIR / "static" / "search.js").read_text(encoding="utf-8"))


def test_the_script_declares_the_ranking_numbers() -> None:
    assert {"K1", "B", "EXPANSION_LIMIT", "TYPO_BOOST", "HOME_BOOST", "POINTER_PRIOR"} <= set(NUMBERS)


@pytest.mark.parametrize("name", sorted(NUMBERS))
def test_each_number_of_the_script_is_the_commands(name: str) -> None:
    assert python_constant(name) == NUMBERS[name], f"search.js {name} = {NUMBERS[name]}"


def test_a_changed_number_is_caught() -> None:
    changed = script_numbers("var EXPANSION_LIMIT = 30, K1 = 1.2;")
    assert python_constant("EXPANSION_LIMIT") != changed["EXPANSION_LIMIT"]
    assert python_constant("K1") == changed["K1"]
