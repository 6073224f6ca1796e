"""Where the site's sources are: package data of ``ruling.sitegen`` (``site/``), so that an installed wheel
carries them as an editable install does (pyproject.toml's package-data lists their kinds)."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

SITE_DIR = Path(str(files("ruling.sitegen") / "site"))
"""The templates, static assets, service worker and interface strings (``ui/<lang>.toml``) of the site."""
