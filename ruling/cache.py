"""The per-user cache folder, and digests of the code whose output is cached there."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

CACHE_ENV = "RULING_CACHE"
PACKAGE = Path(__file__).resolve().parent


def cache_root() -> Path:
    """Returns the cache folder: $RULING_CACHE, else $XDG_CACHE_HOME/ruling, else ~/.cache/ruling."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "ruling"


@cache
def code_digest(*parts: str) -> str:
    """Returns a digest of the package's Python sources under the given parts (files or folders).

    A cached result keyed by it is rebuilt whenever the code that produced it changes, so an upgrade of
    ruling never serves output of the previous version.
    """
    import hashlib  # here: ``ruling show`` needs cache_root, and a fast start

    digest = hashlib.sha256()
    for part in parts:
        path = PACKAGE / part
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for file in files:
            digest.update(file.relative_to(PACKAGE).as_posix().encode())
            digest.update(file.read_bytes())
    return digest.hexdigest()
