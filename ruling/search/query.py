"""Runs a judge's query against the index: rule ids first, then ranked text matches, typos as a second pass.

A query that reads as a rule id (any form ``ruling show`` accepts) returns those rules. Otherwise it is
analysed with the chain of each language searched and matched against that language's title, text and
alias fields (English terms live in the aliases, analysed the same way); queries written only in kana also
search the reading field. A second pass adds, at half weight, known words that begin with a query word's
stem (``отменить`` → ``отмена``) and, for long words no field holds, known words within one edit (two for
words of 8+ letters); those corrections make the "did you mean". whoosh's BM25F scores are then multiplied
by the squared share of the query's idf weight each entry covers, so entries matching every word win.
Results carry a snippet with the matching words marked (``snippets.py``)."""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from whoosh import query as wq

from ruling.analyzers import CHAINS, LANGUAGE_OF_DOCUMENT, is_cjk
from ruling.errors import RuleIdError, SearchError
from ruling.ids import SCHEME_OF_DOCUMENT, RuleId
from ruling.search.index import Notify, open_index
from ruling.search.schema import READING_FIELD, WORD_FIELDS, field_name
from ruling.search.snippets import Fragment, snippet

DOCUMENTS = ("ru", "ja", "sr", "guide", "wiki")
FIELD_BOOSTS = {"title": 3.0, "alias": 2.0, "text": 1.0}
READING_BOOST = 1.0
TYPO_BOOST = 0.5
TYPO_MIN_LENGTH = 5
EXPANSION_BOOST = 0.5
EXPANSION_MIN_STEM = 4
EXPANSION_LIMIT = 30
ID_SCORE = 1000.0
RERANK_DEPTH = 50
COORDINATION_POWER = 2.0

_WORD_RE = re.compile(r"\w+")


@dataclass(frozen=True)
class Hit:
    """One result: the node's qualified key, where it is from, its score, title, context and snippet.

    ``context`` is, for a rule, the title of the nearest titled rule above it."""

    key: str
    doc: str
    kind: str
    score: float
    title: str
    snippet: tuple[Fragment, ...]
    context: str = ""

    def snippet_text(self, mark: str = "**") -> str:
        """Returns the snippet with matches wrapped in mark."""
        return "".join(f"{mark}{f.text}{mark}" if f.match else f.text for f in self.snippet)

    def as_json(self) -> dict[str, Any]:
        """Returns the result as the JSON contract of ``ruling search --json`` has it."""
        return {
            "id": self.key,
            "doc": self.doc,
            "kind": self.kind,
            "score": round(self.score, 4),
            "title": self.title,
            "context": self.context,
            "snippet": self.snippet_text(),
        }


@dataclass(frozen=True)
class SearchResult:
    """Hits best first, and a corrected query when some words of the query were not found."""

    hits: list[Hit]
    suggestion: str | None = None


@dataclass
class _Plan:
    """What a query looks for: per language, each term and the query term it stands for (a typo
    correction stands for the misspelt term), plus the corrections made and each query term's weight."""

    groups: dict[str, dict[str, str]] = field(default_factory=dict)
    weights: dict[str, dict[str, float]] = field(default_factory=dict)
    corrections: dict[str, str] = field(default_factory=dict)

    def add(self, language: str, term: str, group: str) -> None:
        self.groups.setdefault(language, {}).setdefault(term, group)

    def terms(self, language: str) -> set[str]:
        return set(self.groups.get(language, {}))

    def coordination(self, language: str, matched: Iterable[str]) -> float:
        """Returns the share of the query's weight (by idf) that the matched terms cover."""
        groups = self.groups.get(language, {})
        weights = self.weights.get(language, {})
        covered = {groups[t] for t in matched if t in groups}
        total = sum(weights.values())
        return sum(weights.get(g, 0.0) for g in covered) / total if total else 1.0


def _languages(docs: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(LANGUAGE_OF_DOCUMENT[d] for d in docs))


def id_matches(text: str, docs: Sequence[str]) -> list[str]:
    """Returns the lowercased qualified ids text can be read as, in the documents searched."""
    found: list[str] = []
    for code in docs:
        if code not in SCHEME_OF_DOCUMENT:
            continue
        try:
            rule_id = RuleId.parse(text, default_doc=code)
        except RuleIdError:
            continue
        if rule_id.doc in docs and str(rule_id).lower() not in found:
            found.append(str(rule_id).lower())
    return found


def _known(reader: Any, languages: Sequence[str], word: str) -> bool:
    """Tells whether some analysed field of the languages holds word."""
    for language in languages:
        for term in CHAINS[language].terms(word):
            if any(reader.doc_frequency(field_name(kind, language), term) for kind in FIELD_BOOSTS):
                return True
    return False


def _idf(reader: Any, language: str, term: str) -> float:
    count = reader.doc_count_all()
    frequency = max(reader.doc_frequency(field_name(k, language), term) for k in FIELD_BOOSTS)
    return math.log(1 + count / (1 + frequency))


def _term_queries(language: str, terms: Iterable[str], boost: float) -> list[wq.Query]:
    return [
        wq.Term(field_name(kind, language), term, boost=boost * weight)
        for term in terms
        for kind, weight in FIELD_BOOSTS.items()
    ]


def _corrections(reader: Any, language: str, word: str) -> list[str]:
    """Returns known surface words within one edit of word (two for words of 8+ letters), most used first."""
    lexicon = WORD_FIELDS[language]
    maxdist = 2 if len(word) >= 8 else 1
    close = [w for w in reader.terms_within(lexicon, word, maxdist, prefix=2) if w != word]
    return sorted(close, key=lambda w: (-reader.doc_frequency(lexicon, w), w))[:3]


def _expansions(reader: Any, language: str, stem: str) -> list[str]:
    """Returns surface words of the lexicon that begin with stem (which must have 4+ letters)."""
    if len(stem) < EXPANSION_MIN_STEM:
        return []
    found = itertools.islice(reader.expand_prefix(WORD_FIELDS[language], stem), EXPANSION_LIMIT)
    return [word.decode("utf-8") for word in found]


def _second_pass(reader: Any, languages: Sequence[str], text: str, plan: _Plan) -> list[wq.Query]:
    """Returns the looser queries, each standing for a query term at reduced weight: known words that
    begin with a query word's stem (so ``отменить`` also finds ``отмена``), and close known words for
    each long word that no searched field holds (typos)."""
    queries: list[wq.Query] = []
    for word in dict.fromkeys(_WORD_RE.findall(text)):
        known = _known(reader, languages, word)
        for language in languages:
            if language not in WORD_FIELDS:
                continue
            chain = CHAINS[language]
            for term in chain.terms(word):
                for related in _expansions(reader, language, CHAINS[f"{language}-words"].terms(term)[0]):
                    extra = [t for t in chain.terms(related) if t != term]
                    queries += _term_queries(language, extra, EXPANSION_BOOST)
                    for other in extra:
                        plan.add(language, other, term)
            if known or len(word) < TYPO_MIN_LENGTH:
                continue
            misspelt = chain.terms(word)
            for form in CHAINS[f"{language}-words"].terms(word):
                for correction in _corrections(reader, language, form):
                    fixed = chain.terms(correction)
                    queries += _term_queries(language, fixed, TYPO_BOOST)
                    for term in fixed:
                        plan.add(language, term, misspelt[0] if misspelt else term)
                    plan.corrections.setdefault(word, correction)
    return queries


def _is_kana_only(text: str) -> bool:
    letters = [c for c in text if not c.isspace()]
    return bool(letters) and all(is_cjk(c) and not (0x3400 <= ord(c) <= 0x9FFF) for c in letters)


def build_query(reader: Any, text: str, docs: Sequence[str]) -> tuple[wq.Query, _Plan]:
    """Returns the whoosh query for text over the documents docs, and what it looks for."""
    plan = _Plan()
    queries: list[wq.Query] = []
    languages = _languages(docs)
    for language in languages:
        terms = list(dict.fromkeys(CHAINS[language].terms(text)))
        queries += _term_queries(language, terms, 1.0)
        for term in terms:
            plan.add(language, term, term)
            plan.weights.setdefault(language, {})[term] = _idf(reader, language, term)
    if "ja" in languages and _is_kana_only(text):
        queries += [wq.Term(READING_FIELD, t, boost=READING_BOOST) for t in CHAINS["ja"].terms(text)]
    queries += _second_pass(reader, languages, text, plan)
    return wq.PreloadedOr(queries), plan


def _matched_terms(reader: Any, plan: _Plan, docnums: set[int]) -> dict[int, set[str]]:
    """Returns, for each of docnums, the query terms its analysed fields hold."""
    matched: dict[int, set[str]] = {}
    for language, groups in plan.groups.items():
        fields = [field_name(kind, language) for kind in FIELD_BOOSTS]
        if language == "ja":
            fields.append(READING_FIELD)
        for term in groups:
            for name in fields:
                if reader.doc_frequency(name, term):
                    for docnum in docnums.intersection(reader.postings(name, term).all_ids()):
                        matched.setdefault(docnum, set()).add(term)
    return matched


def _suggestion(text: str, plan: _Plan) -> str | None:
    if not plan.corrections:
        return None
    return _WORD_RE.sub(lambda m: plan.corrections.get(m.group(), m.group()), text)


def check_query(text: str, docs: Sequence[str]) -> None:
    """Raises SearchError for an empty query or an unknown document code."""
    if not text.strip():
        raise SearchError("the query is empty")
    unknown = [d for d in docs if d not in DOCUMENTS]
    if unknown:
        raise SearchError(f"unknown document(s) {', '.join(unknown)}: expected {', '.join(DOCUMENTS)}")


class SearchIndex:
    """An opened index with one searcher kept across queries and the document filters cached."""

    def __init__(self, index: Any) -> None:
        self.index = index
        self._searcher: Any = None
        self._filters: dict[tuple[tuple[str, ...], bool], set[int]] = {}

    def searcher(self) -> Any:
        """Returns the kept whoosh searcher, opening it on first use."""
        if self._searcher is None:
            self._searcher = self.index.searcher()
        return self._searcher

    def allowed(self, docs: Sequence[str], glossary_only: bool) -> set[int]:
        """Returns the document numbers of the entries of docs (glossary entries only if asked)."""
        key = (tuple(docs), glossary_only)
        if key not in self._filters:
            searcher = self.searcher()
            allowed = {n for d in docs for n in searcher.document_numbers(doc=d)}
            if glossary_only:
                allowed &= set(searcher.document_numbers(kind="glossary"))
            self._filters[key] = allowed
        return self._filters[key]

    def close(self) -> None:
        if self._searcher is not None:
            self._searcher.close()
            self._searcher = None


def search(
    index: Any, text: str, docs: Sequence[str] = DOCUMENTS, limit: int = 10, glossary_only: bool = False
) -> SearchResult:
    """Returns the best hits for text in docs: exact rule ids first, then text matches by score.

    index is a SearchIndex, or a whoosh index (then opened for this query only).
    """
    check_query(text, docs)
    if isinstance(index, SearchIndex):
        return _search(index, text, docs, limit, glossary_only)
    opened = SearchIndex(index)
    try:
        return _search(opened, text, docs, limit, glossary_only)
    finally:
        opened.close()


def _search(
    index: SearchIndex, text: str, docs: Sequence[str], limit: int, glossary_only: bool
) -> SearchResult:
    searcher = index.searcher()
    reader = searcher.reader()
    if not glossary_only:
        exact = [
            _hit(searcher.stored_fields(docnum), ID_SCORE, set())
            for number in id_matches(text, docs)
            for docnum in searcher.document_numbers(num=number)
        ]
        if exact:
            return SearchResult(exact[:limit])
    query, plan = build_query(reader, text, docs)
    allowed = index.allowed(docs, glossary_only)
    results = searcher.search(query, limit=max(RERANK_DEPTH, limit), filter=allowed, optimize=False)
    matched = _matched_terms(reader, plan, {result.docnum for result in results})
    ranked: list[tuple[float, dict[str, Any]]] = []
    for result in results:
        stored = result.fields()
        language = LANGUAGE_OF_DOCUMENT[stored["doc"]]
        coordination = plan.coordination(language, matched.get(result.docnum, ()))
        ranked.append((float(result.score) * coordination**COORDINATION_POWER, stored))
    ranked.sort(key=lambda pair: -pair[0])
    hits = [
        _hit(stored, score, plan.terms(LANGUAGE_OF_DOCUMENT[stored["doc"]]))
        for score, stored in ranked[:limit]
    ]
    return SearchResult(hits, _suggestion(text, plan))


def _hit(stored: dict[str, Any], score: float, terms: set[str]) -> Hit:
    language = LANGUAGE_OF_DOCUMENT[stored["doc"]]
    return Hit(
        key=stored["key"],
        doc=stored["doc"],
        kind=stored["kind"],
        score=score,
        title=stored.get("title", ""),
        snippet=tuple(snippet(stored.get("body", ""), language, terms)),
        context=stored.get("context", ""),
    )


def search_corpus(
    corpus_folder: Path,
    text: str,
    docs: Sequence[str] = DOCUMENTS,
    limit: int = 10,
    glossary_only: bool = False,
    notify: Notify | None = None,
) -> SearchResult:
    """Searches the cached index of a corpus, building it on first use and rebuilding it if damaged.

    Damage is looked for while the index is opened and its files first read (``open_index``); an error
    of the search itself is a bug and is raised as it is.
    """
    check_query(text, docs)
    return search(open_index(corpus_folder, notify), text, docs, limit, glossary_only)
