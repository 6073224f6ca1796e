"""Glossary alignment: the same term in the ru, ja and sr glossaries, joined by its English name.

ru and ja glossary entries give their English term; the sr Rečnik does not, and takes it from the reviewed
term table (``concordance-sr-terms.tsv``) by its heading. Entries whose English terms share a key (Snowball
English stems, ``concordance_evidence.english_key``) form one group; a group names at least two documents.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from ruling.corpus.concordance_data import read_sr_terms
from ruling.corpus.concordance_evidence import english_keys
from ruling.corpus.load import Corpus
from ruling.corpus.model import GlossaryEntry

GLOSSARY_DOCUMENTS = ("ru", "ja", "sr")


@dataclass(frozen=True, slots=True)
class GlossaryGroup:
    """One term across the glossaries: its English name and the entry keys of each document."""

    english: str
    entries: dict[str, tuple[str, ...]]

    def as_json(self) -> dict[str, Any]:
        return {"english": self.english, "entries": {d: list(k) for d, k in self.entries.items()}}


def _name(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def entry_english(corpus: Corpus) -> dict[str, tuple[str, ...]]:
    """Maps each glossary entry key of ru, ja and sr to its English terms (sr: from the term table)."""
    found: dict[str, tuple[str, ...]] = {}
    sr_table = {_name(t.term): t.english for t in read_sr_terms(corpus.folder)}
    for code in GLOSSARY_DOCUMENTS:
        document = corpus.documents.get(code)
        if document is None:
            continue
        for entry in document.glossary:
            english = _english_of(entry, sr_table)
            if english:
                found[entry.key] = english
    return found


def _english_of(entry: GlossaryEntry, sr_table: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    if entry.doc != "sr":
        return (entry.term_en,) if entry.term_en else ()
    heading = entry.term.split(",")[0].split("(")[0]
    return sr_table.get(_name(heading), ())


def align_glossaries(corpus: Corpus) -> list[GlossaryGroup]:
    """Returns the groups of glossary entries that name the same English term in two or three documents,
    ordered by English name."""
    keys: dict[str, dict[str, list[str]]] = {}
    names: dict[str, str] = {}
    for key, english in entry_english(corpus).items():
        doc = key.split(":")[0]
        for term in english:
            for stem in english_keys(term):
                names.setdefault(stem, term.lower())
                entries = keys.setdefault(stem, {}).setdefault(doc, [])
                if key not in entries:
                    entries.append(key)
    groups = [
        GlossaryGroup(names[stem], {d: tuple(by_doc[d]) for d in GLOSSARY_DOCUMENTS if d in by_doc})
        for stem, by_doc in keys.items()
        if len(by_doc) >= 2
    ]
    return sorted(groups, key=lambda g: g.english)


def glossary_counterparts(corpus: Corpus, key: str) -> list[str]:
    """Returns the glossary entries of the other documents that name the same English term as entry key."""
    doc = key.split(":")[0]
    found: list[str] = []
    for group in align_glossaries(corpus):
        if key in group.entries.get(doc, ()):
            found += [k for d, ks in group.entries.items() if d != doc for k in ks if k not in found]
    return found
