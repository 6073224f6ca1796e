"""The site's sources are package data: the build finds them through importlib.resources, and every file of
them is one that pyproject.toml's package-data puts into a wheel."""

from __future__ import annotations

import glob
import tomllib
from importlib.resources import files
from pathlib import Path

import pytest

import ruling
from ruling.scenario import coverage
from ruling.sitegen.sources import SITE_DIR

REPO = Path(__file__).resolve().parents[2]


def test_the_sources_resolve_as_package_resources() -> None:
    site = files("ruling.sitegen") / "site"
    for name in ("templates/base.html", "static/site.js", "static/search.js", "sw.js", "ui/en.toml"):
        resource = site.joinpath(*name.split("/"))
        assert resource.is_file(), name
    assert Path(str(site)) == SITE_DIR and (SITE_DIR / "templates").is_dir()


def test_every_source_file_is_package_data() -> None:
    """setuptools expands each package's patterns with glob, relative to the package's folder; a file no
    pattern matches would be missing from a wheel (and `pip install .` would build a site-less ruling)."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    patterns: dict[str, list[str]] = config["tool"]["setuptools"]["package-data"]
    package_root = Path(ruling.__file__).resolve().parent.parent
    shipped: set[Path] = set()
    for package, globs in patterns.items():
        folder = package_root / package.replace(".", "/")
        for pattern in globs:
            shipped |= {folder / name for name in glob.glob(pattern, root_dir=folder, recursive=True)}
    sources = {p for p in SITE_DIR.rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    assert len(sources) > 15
    assert sources <= shipped, sorted(str(p) for p in sources - shipped)


def test_installed_without_the_checkout_the_scenarios_of_the_current_folder_are_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert coverage.default_scenarios() == coverage.DEFAULT_SCENARIOS  # the checkout's
    monkeypatch.setattr(coverage, "DEFAULT_SCENARIOS", tmp_path / "site-packages" / "scenarios")
    monkeypatch.chdir(tmp_path)
    assert coverage.default_scenarios() == tmp_path / "scenarios"
