"""The words of the site's own interface, one table per language of the pages (``site/ui/<lang>.toml``; the
documents' text is never there). Zone and step names come from the engine's trace tables, which name them as
each document does."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from ruling.engine.trace import STEP_NAMES, ZONE_NAMES
from ruling.errors import RulingError
from ruling.sitegen.sources import SITE_DIR

UI_LANGUAGES = ("en", "ru", "ja", "sr")
"""The languages of the interface; English for the pages that belong to no language."""
ZONE_KEYS = {
    "library": "library",
    "hand": "hand",
    "in_play": "in play",
    "graveyard": "graveyard",
    "removed": "removed",
    "sideboard": "sideboard",
    "stack": "stack",
}
"""The interface keys of the zones, and the engine's (English) names of them."""
NAMED = ("descriptions", "areas")
"""The tables of a language's file that name things of the corpus in that language: ``descriptions`` of
the documents (keyed by their manifest's file, so another corpus's document of the same code keeps its own),
``areas`` of the scenario folders. What a table does not name keeps its own (English) name."""


@cache
def table(language: str) -> dict[str, str]:
    """Returns the interface strings of one language as its file has them (without its descriptions); a
    missing or malformed file, or one whose keys differ from the English table's, is an error naming the
    file and the keys."""
    path = _path(language)
    read = {key: value for key, value in _read(language).items() if key not in NAMED}
    bad = sorted(key for key, value in read.items() if not isinstance(value, str))
    if bad:
        raise RulingError(f"{path}: not a string: {', '.join(bad)}")
    data = {key: str(value) for key, value in read.items()}
    if language != "en":
        missing = sorted(table("en").keys() - data.keys())
        extra = sorted(data.keys() - table("en").keys())
        if missing or extra:
            raise RulingError(
                f"{path}: the keys differ from en.toml's (missing: {', '.join(missing) or 'none'}; "
                f"unknown: {', '.join(extra) or 'none'})"
            )
    return data


@cache
def named(language: str, kind: str) -> dict[str, str]:
    """Returns what a table of NAMED (``descriptions``, ``areas``) of the language names, by key."""
    if language not in UI_LANGUAGES:
        return {}
    found = _read(language).get(kind, {})
    if not isinstance(found, dict) or not all(isinstance(v, str) for v in found.values()):
        raise RulingError(f"{_path(language)}: [{kind}] must map names to strings")
    return {str(key): str(text) for key, text in found.items()}


def _path(language: str) -> Path:
    return SITE_DIR / "ui" / f"{language}.toml"


@cache
def _read(language: str) -> dict[str, object]:
    path = _path(language)
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise RulingError(f"{path}: cannot read the interface strings: {exc}") from exc


@cache
def ui(language: str) -> dict[str, str]:
    """Returns every interface string in language (English where the language is not one of the site's),
    with the names of the zones (``library``, ``in_play`` …) as the engine's trace names them."""
    lang = language if language in UI_LANGUAGES else "en"
    words = dict(table(lang))
    zones = ZONE_NAMES.get(lang, {})
    for key, engine_name in ZONE_KEYS.items():
        name = zones.get(engine_name, engine_name)
        words[key] = name[:1].upper() + name[1:]
    return words


def step_name(step: str, language: str) -> str:
    """Returns the name of a step (the engine's English name) as the language's document gives it."""
    return STEP_NAMES.get(language, {}).get(step, step)


def language_names() -> dict[str, str]:
    """Returns each interface language's name in itself."""
    return {lang: table(lang)["language_name"] for lang in UI_LANGUAGES}
