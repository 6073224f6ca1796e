"""Groups search results by aligned rule: results that the concordance (or the glossary alignment) says are
the same rule or term in different documents form one group, in the order of their best result.

``group_aligned(corpus, items)`` takes anything with a ``key`` (search hits) and keeps their order inside
each group; each group also names the aligned rules of the other documents that are not among the items.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from ruling.corpus.concordance import DOCUMENTS, Aligner
from ruling.corpus.concordance_glossary import align_glossaries
from ruling.corpus.concordance_xref import xref
from ruling.corpus.load import Corpus
from ruling.errors import RuleIdError
from ruling.ids import RuleId


class Keyed(Protocol):
    @property
    def key(self) -> str: ...


T = TypeVar("T", bound=Keyed)


@dataclass(frozen=True)
class AlignedGroup(Generic[T]):
    """Items that are the same rule or term in several documents, and the aligned keys not among them."""

    items: tuple[T, ...]
    also: tuple[str, ...]

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(i.key for i in self.items)


def _aligned_keys(corpus: Corpus, key: str, aligner: Aligner, glossary: dict[str, set[str]]) -> set[str]:
    """Returns the keys aligned with key: a rule's counterparts (no guesses), a glossary entry's
    entries of the same term."""
    if ":glossary/" in key:
        return glossary.get(key, set())
    try:
        rule_id = RuleId.parse(key)
    except RuleIdError:
        return set()
    if rule_id.doc not in (*DOCUMENTS, "wiki") or corpus.rule(rule_id) is None:
        return set()
    return {e.id for e in xref(corpus, key, aligner).equivalents if not e.guess}


def group_aligned(corpus: Corpus, items: Sequence[T]) -> list[AlignedGroup[T]]:
    """Returns items grouped by aligned rule or term, groups in the order of their first item."""
    aligner = Aligner(corpus)
    glossary: dict[str, set[str]] = {}
    for group in align_glossaries(corpus):
        members = {k for keys in group.entries.values() for k in keys}
        for key in members:
            glossary.setdefault(key, set()).update(members - {key})
    aligned = {item.key: _aligned_keys(corpus, item.key, aligner, glossary) for item in items}
    owner: dict[str, int] = {}
    groups: list[list[T]] = []
    for item in items:
        joined = next((owner[k] for k in [item.key, *sorted(aligned[item.key])] if k in owner), None)
        if joined is None:
            joined = len(groups)
            groups.append([])
        groups[joined].append(item)
        for key in [item.key, *sorted(aligned[item.key])]:
            owner.setdefault(key, joined)
    shown = {item.key for item in items}
    return [
        AlignedGroup(tuple(members), tuple(sorted({k for m in members for k in aligned[m.key]} - shown)))
        for members in groups
    ]
