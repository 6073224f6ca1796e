"""A rule's counterparts in every other document, with a confidence from 0 to 1 and the evidence.

The concordance's links give the counterparts (``rule_links``); a document the rule has no link to gets
the rule there that resembles it most, as a guess (confidence below 0.5, never shown as fact). The wiki
page's 2022 rules 303.x link by the reviewed table ``concordance-wiki.tsv`` both ways.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ruling.corpus.concordance import DOCUMENTS, Aligner, Link, rule_links
from ruling.corpus.concordance_data import WikiLink, read_wiki_links
from ruling.corpus.load import Corpus
from ruling.ids import RuleId

GUESS_BELOW = 0.5
"""A counterpart below this confidence is a guess."""
WIKI_CONFIDENCE = 0.9
"""The confidence of a reviewed wiki link: reviewed, but across fifteen years of rules changes."""


@dataclass(frozen=True, slots=True)
class Equivalent:
    """One counterpart of a rule in another document."""

    id: str
    confidence: float
    evidence: tuple[str, ...]

    @property
    def guess(self) -> bool:
        return self.confidence < GUESS_BELOW

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "confidence": self.confidence,
            "evidence": list(self.evidence),
            "guess": self.guess,
        }


@dataclass(frozen=True, slots=True)
class Xref:
    """A rule and its counterparts, documents in concordance order, surest first within a document."""

    id: str
    equivalents: tuple[Equivalent, ...]

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "equivalents": [e.as_json() for e in self.equivalents]}


def xref(corpus: Corpus, key: str, aligner: Aligner | None = None) -> Xref:
    """Returns the counterparts of the rule key (any rule of ru, ja, sr or wiki)."""
    rule_id = RuleId.parse(key)
    key = str(rule_id)
    aligner = aligner or Aligner(corpus)
    found: list[Equivalent] = []
    if rule_id.doc in DOCUMENTS:
        links = rule_links(corpus, key, aligner)
        found += [_equivalent(key, link) for link in links]
        linked_docs = {e.id.split(":")[0] for e in found}
        for other in DOCUMENTS:
            if other in (rule_id.doc, *linked_docs) or other not in corpus.documents:
                continue
            guess = aligner.best_match(rule_id, other)
            if guess is not None:
                found.append(_equivalent(key, guess))
    found += wiki_equivalents(corpus, rule_id)
    return Xref(key, tuple(sorted(found, key=_order)))


def _equivalent(key: str, link: Link) -> Equivalent:
    return Equivalent(link.other(key), link.score, link.evidence or (link.reason,))


def _order(equivalent: Equivalent) -> tuple[int, float, tuple[Any, ...]]:
    rule_id = RuleId.parse(equivalent.id)
    rank = DOCUMENTS.index(rule_id.doc) if rule_id.doc in DOCUMENTS else len(DOCUMENTS)
    return rank, -equivalent.confidence, rule_id.sort_key


def wiki_equivalents(corpus: Corpus, rule_id: RuleId) -> list[Equivalent]:
    """Returns the reviewed wiki links of a rule: the 1999-2007 rules of a wiki rule, or the wiki rules of a
    ru, ja or sr rule."""
    found: list[Equivalent] = []
    for row in read_wiki_links(corpus.folder):
        if row.wiki == rule_id:
            found += [
                Equivalent(str(r), WIKI_CONFIDENCE, (_wiki_evidence(row),))
                for rules in row.counterparts.values()
                for r in rules
            ]
        elif any(rule_id in rules for rules in row.counterparts.values()):
            found.append(Equivalent(str(row.wiki), WIKI_CONFIDENCE, (_wiki_evidence(row),)))
    return found


def _wiki_evidence(row: WikiLink) -> str:
    return f"reviewed wiki table: {row.change}"
