"""The names of the search index's fields and the version of what it holds (no whoosh import: the query
path reads the store, ``store.py``)."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from ruling.analyzers import CHAINS

SCHEMA_VERSION = 6
"""Bumped whenever the schema or an analyzer changes what the index holds: it is part of the cache key."""

LANGUAGES = ("ru", "sr", "ja")
TEXT_FIELDS = ("title", "text", "alias")
"""Per language: the entry's title or term, its text, and its aliases: its English term and the terms
(native and English) of the glossary and index entries citing it. English terms go through the language's
chain like the query does, so ``trample`` meets ``Trample`` in every document."""
READING_FIELD = "reading"
"""Katakana readings of Japanese text as bigrams, searched by queries written only in kana."""


def field_name(kind: str, language: str) -> str:
    """Returns the name of a per-language field: ``text_ru``, ``title_ja``…"""
    return f"{kind}_{language}"


ID_FIELDS = ("key", "num", "doc", "kind")
"""Fields looked up by their exact value."""
STORED_FIELDS = ("key", "doc", "kind", "title", "context", "body", "cites")
"""Fields a result shows."""


def analysed_fields() -> dict[str, str]:
    """Returns each analysed field with the chain that analyses it."""
    fields = {READING_FIELD: "ja"}
    for language in LANGUAGES:
        for kind in TEXT_FIELDS:
            fields[field_name(kind, language)] = language
    return fields


@lru_cache(maxsize=1 << 16)
def counted(chain: str, text: str) -> tuple[tuple[str, int], ...]:
    """Returns the terms of text by a chain with how often each occurs, in the order they first occur,
    kept for a build: whoosh's field and the query-time store index the same counts, made once."""
    return tuple(Counter(token.text for token in CHAINS[chain].tokens(text)).items())
