"""What the index holds for each node of the corpus, with glossary and index terms linked to the rules.

A glossary or term-index entry that cites rules lends its term (and its English term) to those rules, so
``trample`` or ``mana burn`` reaches the rule as well as the glossary entry.

The Serbian document gives no English terms: its glossary entries take theirs from the reviewed term table
(``rules_corpus/reviewed/concordance-sr-terms.tsv``), and its rules take the English titles and terms of
their counterparts in ru and ja (the concordance), so English keyword queries reach sr rules too.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ruling.analyzers import LANGUAGE_OF_DOCUMENT
from ruling.corpus.concordance import DOCUMENTS, Concordance, build_concordance
from ruling.corpus.concordance_data import read_sr_terms
from ruling.corpus.load import Corpus
from ruling.corpus.model import Document, Example, GlossaryEntry, IndexEntry, Passage, Rule
from ruling.search.absence import LONGEST_TERM, english_words


@dataclass(frozen=True)
class Entry:
    """One search result candidate: its key, what is shown, and what is searched."""

    key: str
    doc: str
    kind: str
    language: str
    title: str
    text: str
    number: str = ""
    english: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    context: str = ""
    """For a rule: the title of the nearest titled rule above it (shown with results, not searched)."""
    cites: tuple[str, ...] = ()
    """For a glossary or index entry: the rules it points to, the rule named as it is first (results put
    the best of them right behind the entry)."""


def _with_examples(text: str, examples: Iterable[Example], notes: Iterable[str] = ()) -> str:
    parts = [text, *(e.text for e in examples), *notes]
    return "\n".join(p for p in parts if p)


def _node_entry(doc: str, node: Rule | GlossaryEntry | IndexEntry | Passage) -> Entry:
    language = LANGUAGE_OF_DOCUMENT.get(doc, "ru")
    if isinstance(node, Rule):
        return Entry(
            key=node.key,
            doc=doc,
            kind="rule",
            language=language,
            title=node.title or "",
            text=_with_examples(node.text, node.examples, node.notes),
            number=node.key.lower(),
            english=(node.title_en,) if node.title_en else (),
        )
    if isinstance(node, GlossaryEntry):
        return Entry(
            key=node.key,
            doc=doc,
            kind="glossary",
            language=language,
            title=node.term,
            text=_with_examples(node.text, node.examples),
            english=(node.term_en,) if node.term_en else (),
        )
    if isinstance(node, IndexEntry):
        return Entry(
            key=node.key,
            doc=doc,
            kind="index",
            language=language,
            title=node.term,
            text=node.ref_text,
            english=(node.term_en,) if node.term_en else (),
        )
    return Entry(key=node.key, doc=doc, kind="passage", language=language, title=node.title, text=node.text)


def _same_name(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def term_links(document: Document) -> dict[str, list[tuple[str, str | None]]]:
    """Maps a rule key to the (term, English term) of the glossary and index entries citing it, and of
    the glossary entries named as the rule is titled."""
    terms: dict[str, tuple[str, str | None]] = {e.key: (e.term, e.term_en) for e in document.glossary}
    links: dict[str, list[tuple[str, str | None]]] = {}
    by_name = {_same_name(e.term): (e.term, e.term_en) for e in document.glossary}
    for rule in document.rules:
        if rule.title and _same_name(rule.title) in by_name:
            links.setdefault(rule.key, []).append(by_name[_same_name(rule.title)])
    for ref in document.references:
        if ref.source in terms:
            for target in ref.targets:
                links.setdefault(target, []).append(terms[ref.source])
    for entry in document.index:
        for rule_id in entry.refs:
            links.setdefault(str(rule_id), []).append((entry.term, entry.term_en))
    return links


def cited_rules(document: Document) -> dict[str, tuple[str, ...]]:
    """Maps each glossary and index entry to the rules it points to: the rule titled as the entry is named
    first, then the rules its text or reference cites, in order, then those of the glossary entries it
    cites (``沼サイクリング``: see landcycling), so an entry that only sends the reader on still leads to a
    rule."""
    rules = {rule.key for rule in document.rules}
    glossary = {entry.key for entry in document.glossary}
    by_title = {_same_name(rule.title): rule.key for rule in document.rules if rule.title}
    found: dict[str, list[str]] = {}
    sent: dict[str, list[str]] = {}
    for entry in document.glossary:
        named = by_title.get(_same_name(entry.term.split("(")[0]))
        if named:
            found.setdefault(entry.key, []).append(named)
    for ref in document.references:
        if ref.source.split(":", 1)[-1].startswith(("glossary/", "index/")):
            found.setdefault(ref.source, []).extend(t for t in ref.targets if t in rules)
            sent.setdefault(ref.source, []).extend(t for t in ref.targets if t in glossary)
    for index_entry in document.index:
        found.setdefault(index_entry.key, []).extend(str(r) for r in index_entry.refs if str(r) in rules)
    for key, targets in sent.items():
        found[key] = found.get(key, []) + [
            rule for target in _reached(targets, sent) for rule in found.get(target, [])
        ]
    return {key: _unique(keys) for key, keys in found.items() if keys}


def _reached(targets: list[str], sent: dict[str, list[str]]) -> list[str]:
    """Returns the glossary entries reached from targets by following what each cites, nearest first."""
    reached = list(dict.fromkeys(targets))
    for key in reached:  # grows while it is read: breadth first, each entry once
        reached += [t for t in sent.get(key, []) if t not in reached]
    return reached


def _unique(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(v for v in values if v))


ENGLISH_BORROWERS = ("sr",)
"""Documents that give no English terms of their own and borrow them (term table, concordance)."""


KEYWORD_PARTS = {"ru": "5", "ja": "5", "sr": "E"}
"""How the rule numbers of each numbered document's keyword and additional-rules part begin."""
HOMES_SHOWN = 2
"""The rules named per document that has an English term (``english_terms``)."""


def english_terms(entries: Iterable[tuple[str, str, str, Sequence[str], Sequence[str]]]) -> str:
    """Returns, as the JSON the index keeps for ``absence.from_terms``, each English term (lower case) of
    the keyword parts of the numbered documents, from (key, doc, kind, English terms, rules cited) of each
    entry: per document, the rules of the keyword part that give it or that the glossary entries giving it
    cite first (none: the document gives the term elsewhere only, and does not lack it). Other parts are
    left out: a document may state a basic notion (controller, source) without giving it an English term,
    and not lack it. The rules of ENGLISH_BORROWERS are left out too: their English is their
    counterparts' (``counterpart_english``), not their own."""
    found: dict[str, dict[str, list[str]]] = {}
    for key, doc, kind, english, cites in entries:
        if doc not in DOCUMENTS or (doc in ENGLISH_BORROWERS and kind == "rule"):
            continue
        homes = [k for k in ([key] if kind == "rule" else cites[:1]) if _in_keyword_part(k)]
        for term in english:
            words = english_words(term)
            if words and len(words) <= LONGEST_TERM:
                held = found.setdefault(" ".join(words), {}).setdefault(doc, [])
                held += [k for k in homes if k not in held]
    table = {
        term: {doc: keys[:HOMES_SHOWN] for doc, keys in docs.items()}
        for term, docs in found.items()
        if any(docs.values())
    }
    return json.dumps(table, ensure_ascii=False, sort_keys=True)


def _in_keyword_part(key: str) -> bool:
    doc, _, number = key.partition(":")
    return doc in KEYWORD_PARTS and number.startswith(KEYWORD_PARTS[doc])


def sr_glossary_english(corpus: Corpus) -> dict[str, tuple[str, ...]]:
    """Maps a sr glossary key to the English terms the reviewed term table gives its heading."""
    document = corpus.documents.get("sr")
    if document is None:
        return {}
    table = {_same_name(t.term): t.english for t in read_sr_terms(corpus.folder)}
    found: dict[str, tuple[str, ...]] = {}
    for entry in document.glossary:
        heading = entry.term.split(",")[0].split("(")[0]
        english = table.get(_same_name(heading))
        if english:
            found[entry.key] = english
    return found


def counterpart_english(corpus: Corpus, concordance: Concordance | None = None) -> dict[str, tuple[str, ...]]:
    """Maps each rule of a borrowing document to the English titles and terms of its linked rules (the
    concordance is built unless given)."""
    if not any(code in corpus.documents for code in ENGLISH_BORROWERS):
        return {}
    english_of: dict[str, list[str]] = {}
    for document in corpus.documents.values():
        if document.code in DOCUMENTS and document.code not in ENGLISH_BORROWERS:
            for key, cited in term_links(document).items():
                english_of.setdefault(key, []).extend(en for _, en in cited if en)
            for rule in document.rules:
                if rule.title_en:
                    english_of.setdefault(rule.key, []).insert(0, rule.title_en)
    found: dict[str, list[str]] = {}
    for link in (concordance or build_concordance(corpus)).links:
        for key, other in ((link.left, link.right), (link.right, link.left)):
            if key.split(":")[0] in ENGLISH_BORROWERS:
                found.setdefault(key, []).extend(english_of.get(other, []))
    return {key: _unique(terms) for key, terms in found.items()}


def document_entries(document: Document, borrowed: dict[str, tuple[str, ...]] | None = None) -> list[Entry]:
    """Returns the entries of one document, rules carrying the terms that cite them; borrowed gives English
    terms by key to documents that have none."""
    borrowed = borrowed or {}
    if document.code in ENGLISH_BORROWERS:
        document = _with_borrowed_glossary(document, borrowed)
    links = term_links(document)
    contexts = _contexts(document)
    pointers = cited_rules(document)
    entries: list[Entry] = []
    for node in document.nodes():
        entry = _node_entry(document.code, node)
        if entry.key in contexts:
            entry = replace(entry, context=contexts[entry.key])
        if entry.key in pointers:
            entry = replace(entry, cites=pointers[entry.key])
        if entry.key in borrowed:
            entry = replace(entry, english=_unique([*entry.english, *borrowed[entry.key]]))
        if entry.kind == "rule" and entry.key in links:
            cited = links[entry.key]
            entry = replace(
                entry,
                aliases=_unique(term for term, _ in cited),
                english=_unique([*entry.english, *(en or "" for _, en in cited)]),
            )
        entries.append(entry)
    return entries


def _contexts(document: Document) -> dict[str, str]:
    """Maps each rule key to the title of its nearest titled ancestor (502.9b → «Пробивающий удар»)."""
    by_id = {rule.id: rule for rule in document.rules}
    contexts: dict[str, str] = {}
    for rule in document.rules:
        parent = by_id.get(rule.parent) if rule.parent else None
        while parent is not None and not parent.title:
            parent = by_id.get(parent.parent) if parent.parent else None
        if parent is not None and parent.title:
            contexts[rule.key] = parent.title
    return contexts


def _with_borrowed_glossary(document: Document, borrowed: dict[str, tuple[str, ...]]) -> Document:
    glossary = tuple(
        replace(e, term_en=" / ".join(borrowed[e.key])) if not e.term_en and e.key in borrowed else e
        for e in document.glossary
    )
    return replace(document, glossary=glossary)


def corpus_entries(corpus: Corpus, concordance: Concordance | None = None) -> list[Entry]:
    """Returns the entries of every document of the corpus, in document order."""
    borrowed = {**counterpart_english(corpus, concordance), **sr_glossary_english(corpus)}
    return [entry for document in corpus.documents.values() for entry in document_entries(document, borrowed)]
