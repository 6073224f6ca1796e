"""What the documents searched lack: a game word of the query that names nothing in them.

A judge reading ru 1999 types ``morph`` or ``vigilance``; the 1999 rules have neither, and a search that
finds nothing (or "corrects" the word to ``more``) leaves the judge guessing whether the word was wrong. Two
sources tell which documents have a term:

- the terminology bridge (``bridge.py``): a concept with no era terms in a document is missing there
  (vigilance: only sr has it), ``absent`` in all of them (hexproof), with the nearest words it has, if any;
- the English terms the numbered documents give the rules of their keyword and additional-rules parts (ru
  and ja 5xx, sr E) and the glossary entries citing them (``Phasing`` is the English title of ja 502.15;
  ``Shadow`` that of ru and ja glossary entries), kept by the index (``entries.english_terms``): a term the
  query names exactly, which a document searched does not give.

Each absence names the rules of the documents that have the term, so the judge can read them there.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ruling.search.bridge import SITUATION, Match

NUMBERED = ("ru", "ja", "sr")
"""The numbered documents, whose English terms tell which of them have a keyword."""
LONGEST_TERM = 4
"""The most words of an English term matched in a query."""
_WORD_RE = re.compile(r"[a-z][a-z'-]*")


@dataclass(frozen=True)
class Absence:
    """A word of the query whose term some documents searched lack."""

    modern: str
    """The words of the query, as typed."""
    concept: str
    """What they name: the bridge's concept (``infect`` names poison), or the term itself."""
    missing: tuple[str, ...]
    """The languages searched whose documents lack the term."""
    homes: tuple[str, ...] = ()
    """The rules holding the term in the documents that have it."""
    nowhere: bool = False
    """No document has the term."""
    near: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """The nearest words searched instead, by language lacking the term."""


def english_words(text: str) -> list[str]:
    """Returns the words of an English term or query as terms are matched: lower case, Latin letters."""
    return _WORD_RE.findall(text.lower())


def from_bridge(matches: Iterable[Match]) -> list[Absence]:
    """Returns the absences the bridge's matches tell (not its situations)."""
    return [
        Absence(m.modern, m.concept, m.missing, m.homes, m.nowhere, dict(m.near))
        for m in matches
        if m.form != SITUATION and m.missing
    ]


Terms = Mapping[str, Mapping[str, Sequence[str]]]
"""English term → the documents that give it → the rules of their keyword parts holding it."""


def from_terms(text: str, languages: Sequence[str], terms: Terms, covered: Iterable[str]) -> list[Absence]:
    """Returns the absences of the English terms the query names exactly (the longest first, each word once,
    no word of the phrases covered: the bridge's), that some numbered document has and a language searched
    lacks."""
    words = english_words(text)
    used: set[int] = set()
    for phrase in {tuple(english_words(modern)) for modern in covered}:
        size = len(phrase)
        for start in range(len(words) - size + 1):
            if size and tuple(words[start : start + size]) == phrase:
                used.update(range(start, start + size))
    found: list[Absence] = []
    for length in range(min(LONGEST_TERM, len(words)), 0, -1):
        for start in range(len(words) - length + 1):
            span = range(start, start + length)
            if used.intersection(span):
                continue
            docs = _lookup(terms, words[start : start + length])
            if not docs:
                continue
            used.update(span)
            missing = tuple(lang for lang in languages if lang in NUMBERED and lang not in docs)
            if missing:
                homes = tuple(key for doc in NUMBERED for key in docs.get(doc, ()))
                term = " ".join(words[start : start + length])
                found.append(Absence(term, term, missing, homes))
    return found


def _lookup(terms: Terms, words: list[str]) -> Mapping[str, Sequence[str]]:
    """Returns the documents giving a term, singular or plural (``split card``, ``Split Cards``)."""
    last = words[-1]
    for form in (last, last + "s", last[:-1] if last.endswith("s") and len(last) > 3 else last):
        found = terms.get(" ".join([*words[:-1], form]))
        if found is not None:
            return found
    return {}
