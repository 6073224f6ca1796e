"""Runs a judge's query against the index: rule ids first, then ranked text matches.

1. The query is normalised to NFC (Serbian typed on macOS arrives decomposed) and bounded in length.
2. Rule numbers anywhere in it (``правило 502.3а``, ``§409``, ``ルール５０２．９ｂ``, ``pravilo E3.102``;
   ``idquery.py``) name rules that come first; the words left over are searched as text after them. A
   number of today's Comprehensive Rules that no document searched has (``702.19``) brings the era rules
   on its subject (``modern_numbers.py``). When no number names a rule, each shows its nearest ancestor
   that does (``502.9z``: ru 502.9), and the result says so.
3. Question words, fillers, particles, prepositions and pronouns are dropped per language
   (``stopwords.py``), misspelt ones too; a Japanese run of hiragana keeps only a kanji's inflection.
4. The content words are analysed with the chain of each language searched and matched against that
   language's title, text and alias fields (English terms live in the aliases), each weighed by its idf;
   in a long query a word no term is named with counts half (``weights.py``). An English query reaches
   the Serbian text (Latin letters, no English) only through the aliases and the bridge. Queries written
   only in kana also search the reading field. Today's game words (exile, поле битвы, 戦場, экзайл) add
   the era terms of the documents through the reviewed terminology bridge (``bridge.py``), standing for
   the modern word (an era phrase of several terms by the share of it an entry holds); each hit says which
   era terms it matched. A situation the query describes (concepts the bridge pairs: target + illegal)
   adds, at twice their weight, the words of the rule whose subject it is. Before this, an English keyword
   written in Russian or Serbian letters (``трамплер``, ``vidžilens``) is read as the English word it
   sounds like and searched in its place (``slang.py``, ``read_slang``).
5. A second pass adds, at half weight, known words that begin with a query word's stem (``отменить`` →
   ``отмена``) and, for words no field holds, known words within one edit (two for words of 7+ letters),
   drawn from the surface words of the language (``lexicon.py``; English terms and Japanese katakana
   included), unless the word is an everyday word of the language (``common_words.py``: ``девять``, nine,
   is no misspelt ``десять``); those corrections stand for the misspelt word in ranking and make the "did
   you mean". A Japanese kanji with its inflection (``引け``) adds the kanji's other inflections the text
   holds (``引く``), a Serbian stem the other consonant of its k/c, g/z, h/s pair (``biblioteci``,
   ``biblioteka``).
6. BM25F scores (from the query-time store, ``store.py``, as whoosh computes them) are multiplied by the
   squared share of the query's idf weight each entry covers, so entries matching every word win; for a
   question of three content words or more, glossary and index entries count a quarter (a question is
   answered by a rule).
7. When documents of several languages are searched, the hits in the language the query is written in
   (``language.py``: Russian, Japanese or Serbian; English names none) weigh HOME_BOOST times more, and
   that language's best are reranked however the others score.
8. A glossary or term-index entry brings the best of the rules it points to right behind it, so a rule a
   judge needs is never pushed out of the top three by glossary entries.

Results carry a snippet with the matching words marked (``snippets.py``), and the result names the game
words of the query that documents searched lack, with the rules of the documents that have them
(``absence.py``: ``vigilance`` in ru 1999 is sr:E3.80; ``hexproof`` is in none). A game word of the bridge, in
English or the query's own language, is never taken for a typo (``ward`` is no misspelt ``war``).
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from pathlib import Path
from typing import Any

from ruling.analyzers import CHAINS, LANGUAGE_OF_DOCUMENT, is_cjk, word_tokens
from ruling.errors import RuleIdError, SearchError
from ruling.ids import RuleId
from ruling.search.absence import Absence, Terms, from_bridge, from_terms
from ruling.search.bridge import SITUATION, Bridge, Match, bridge_of
from ruling.search.common_words import CommonWords
from ruling.search.fields import READING_FIELD, field_name
from ruling.search.idquery import read_ids, read_numbers
from ruling.search.index import BRIDGE, COMMON, LEXICON, MODERN, TERMS, Notify, open_store
from ruling.search.language import EN, query_languages
from ruling.search.lexicon import Lexicon
from ruling.search.modern_numbers import ModernNumber, find_number, load_numbers
from ruling.search.slang import Reading, SlangReader, may_be_read, rewritten, slang_reader
from ruling.search.snippets import Fragment, snippet
from ruling.search.stopwords import (
    content_text,
    edit_distance,
    is_inflected,
    is_kana_letter,
    reads_as_english,
)
from ruling.search.store import STORE, Clause, SearchStore, best
from ruling.search.weights import LONG_QUERY_WORDS, weigh

DOCUMENTS = ("ru", "ja", "sr", "guide", "wiki")
FIELD_BOOSTS = {"title": 3.0, "alias": 2.0, "text": 1.0}
READING_BOOST = 1.0
BRIDGE_BOOST = 1.0
SITUATION_BOOST = 2.0
"""The words of the rule a situation of the query is the subject of count as a rule's terms do (its alias
field): they say what the rule is about."""
TYPO_BOOST = 0.5
TYPO_MIN_LENGTH = 5
EXPANSION_BOOST = 0.5
EXPANSION_MIN_STEM = 4
EXPANSION_LIMIT = 8
ID_SCORE = 1000.0
RERANK_DEPTH = 100
COORDINATION_POWER = 2.0
POINTER_PRIOR = 0.25
SIBILANT_BOOST = 1.0
"""A Serbian case form with the other consonant of a k/c, g/z, h/s pair is the same word."""
LATIN_WITHOUT_ENGLISH = ("sr",)
"""Languages written in Latin letters whose text holds no English: the words of an English query are not
read as theirs (``same`` is not Serbian ``sam``, ``time`` not ``tim``); they reach the text through its
English terms (the alias field) and the terminology bridge."""
MAX_QUERY_CHARS = 1000
MAX_QUERY_WORDS = 120
"""A query longer than this is refused: a judge's question fits, a pasted page does not."""
POINTER_KINDS = ("glossary", "index")
HOME_BOOST = 5.0
"""A search of several languages' documents weighs the hits in the languages the query is written in by this
much: a Russian question is answered by the Russian rules first (``language.py``)."""
ENGLISH_HOLDERS = ("ru", "ja")
"""Documents whose words hold English (terms, quoted card text) beside their own language."""
OWN_TEXT = ("title", "text")
"""The fields of a language's own words (aliases hold English terms too)."""

_WORD_RE = re.compile(r"\w+")


@dataclass(frozen=True)
class Hit:
    """One result: the node's qualified key, where it is from, its score, title, context and snippet.

    ``context`` is, for a rule, the title of the nearest titled rule above it; ``era_terms`` are the words
    of the document's era it matched for a modern word of the query (the terminology bridge)."""

    key: str
    doc: str
    kind: str
    score: float
    title: str
    snippet: tuple[Fragment, ...]
    context: str = ""
    era_terms: tuple[str, ...] = ()

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
            "era_terms": list(self.era_terms),
        }


@dataclass(frozen=True)
class SearchResult:
    """Hits best first, a corrected query when some words were misspelt, the modern words of the query
    read through the terminology bridge, and the game words the documents searched lack."""

    hits: list[Hit]
    suggestion: str | None = None
    bridged: tuple[Match, ...] = ()
    absent: tuple[Absence, ...] = ()
    """The game words of the query that documents searched lack (``absence.py``)."""
    today: tuple[ModernNumber, ...] = ()
    """The numbers of today's Comprehensive Rules the query names that no document searched has: their
    era rules come first (``modern_numbers.py``)."""
    unknown: tuple[UnknownRule, ...] = ()
    """The rule ids the query names that no document searched has, when it names no rule that one has."""
    read_as: tuple[Reading, ...] = ()
    """The words of the query read as English game words written in other letters (``slang.py``)."""


@dataclass(frozen=True)
class UnknownRule:
    """A rule id of the query that names no rule, and its nearest existing ancestor (shown in its place);
    both as documents print them (``sr:E3.107``)."""

    asked: str
    shown: str | None


@dataclass
class _Plan:
    """What a query looks for: per language, each term and the query terms it stands for (a typo correction
    or an era term stands for the word of the query), the corrections made and each query term's weight."""

    groups: dict[str, dict[str, set[str]]] = field(default_factory=dict)
    weights: dict[str, dict[str, float]] = field(default_factory=dict)
    corrections: dict[str, str] = field(default_factory=dict)
    era: dict[str, dict[str, str]] = field(default_factory=dict)
    """Per language: an analysed era term → the era phrase it comes from."""
    phrases: dict[str, list[tuple[dict[str, float], tuple[str, ...]]]] = field(default_factory=dict)
    """Per language: the era phrases of several terms (each term with its idf) and the query terms each
    stands for: an entry covers those query terms by the share of the phrase it holds."""

    english: set[str] = field(default_factory=set)
    """The languages whose text an English query reaches only through English terms and the bridge."""
    absent: list[Absence] = field(default_factory=list)
    """The English terms of the documents' keyword parts the query names that documents searched lack."""

    def kinds(self, language: str) -> tuple[str, ...]:
        """Returns the kinds of field the words of the query are searched in."""
        return ("alias",) if language in self.english else tuple(FIELD_BOOSTS)

    def add(self, language: str, term: str, *stands_for: str) -> None:
        self.groups.setdefault(language, {}).setdefault(term, set()).update(stands_for or (term,))

    def add_phrase(self, language: str, terms: dict[str, float], stands_for: Sequence[str]) -> None:
        """Adds an era phrase (its terms with their idf) standing for query terms: a phrase of one term
        stands for them as a word does; the terms of a longer one stand for them together."""
        if len(terms) == 1:
            self.add(language, next(iter(terms)), *stands_for)
            return
        for term in terms:
            self.groups.setdefault(language, {}).setdefault(term, set())
        self.phrases.setdefault(language, []).append((terms, tuple(stands_for)))

    def terms(self, language: str) -> set[str]:
        return set(self.groups.get(language, {}))

    def coordination(self, language: str, matched: Iterable[str]) -> float:
        """Returns the share of the query's weight (by idf) that the matched terms cover."""
        groups = self.groups.get(language, {})
        weights = self.weights.get(language, {})
        matched = set(matched)
        credit = dict.fromkeys((g for t in matched if t in groups for g in groups[t]), 1.0)
        for terms, stands_for in self.phrases.get(language, ()):
            share = sum(w for t, w in terms.items() if t in matched) / (sum(terms.values()) or 1.0)
            for g in stands_for:
                credit[g] = max(credit.get(g, 0.0), share)
        total = sum(weights.values())
        return sum(weights.get(g, 0.0) * c for g, c in credit.items()) / total if total else 1.0

    def era_phrases(self, language: str, matched: Iterable[str]) -> tuple[str, ...]:
        era = self.era.get(language, {})
        return tuple(dict.fromkeys(era[t] for t in sorted(matched) if t in era))


def _languages(docs: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(LANGUAGE_OF_DOCUMENT[d] for d in docs))


def id_matches(text: str, docs: Sequence[str]) -> list[str]:
    """Returns the lowercased qualified ids a query names (anywhere in it), in the documents searched."""
    return list(read_ids(text, docs).ids)


def _known(store: SearchStore, languages: Sequence[str], word: str) -> bool:
    """Tells whether some analysed field of the languages holds word."""
    for language in languages:
        for term in CHAINS[language].terms(word):
            if any(store.doc_frequency(field_name(kind, language), term) for kind in FIELD_BOOSTS):
                return True
    return False


def _known_word(store: SearchStore, language: str, word: str) -> bool:
    return _known(store, [language], word)


def _named(store: SearchStore, language: str, term: str) -> bool:
    """Tells whether some title, term or alias of the language holds term."""
    return any(store.doc_frequency(field_name(kind, language), term) for kind in ("title", "alias"))


def _idf(store: SearchStore, language: str, term: str) -> float:
    count = store.doc_count
    frequency = max(store.doc_frequency(field_name(k, language), term) for k in FIELD_BOOSTS)
    return math.log(1 + count / (1 + frequency))


def _term_queries(
    store: SearchStore,
    language: str,
    terms: Iterable[str],
    boost: float,
    kinds: Iterable[str] = tuple(FIELD_BOOSTS),
) -> list[Clause]:
    """Returns a query per term and field of the language (of kinds) that holds the term."""
    queries: list[Clause] = []
    for term in terms:
        for kind in kinds:
            weight = FIELD_BOOSTS[kind]
            name = field_name(kind, language)
            if store.doc_frequency(name, term):
                queries.append(Clause(name, term, boost=boost * weight))
    return queries


def _corrections(lexicon: Lexicon, language: str, word: str) -> list[str]:
    """Returns known surface words within one edit of word (two for words of 7+ letters), closest and then
    most used first."""
    if len(word) < 3:
        return []
    maxdist = 2 if len(word) >= 7 else 1
    close = lexicon.within(language, word, maxdist, prefix=maxdist)
    return sorted(close, key=lambda w: (edit_distance(word, w, maxdist), -lexicon.frequency(language, w), w))[
        :3
    ]


def _one_edit_from(lexicon: Lexicon, language: str, word: str) -> bool:
    """Tells whether the typo corrections of word (``_corrections``) take it for a word one letter off."""
    found = _corrections(lexicon, language, word)
    return bool(found) and edit_distance(word, found[0], 1) <= 1


def _expansions(lexicon: Lexicon, language: str, stem: str) -> list[str]:
    """Returns surface words of the lexicon that begin with stem (which must have 4+ letters)."""
    if len(stem) < EXPANSION_MIN_STEM:
        return []
    return lexicon.starting_with(language, stem, EXPANSION_LIMIT)


def _bridged_words(matches: Sequence[Match], language: str) -> frozenset[str]:
    """Returns the words of the query that name a concept of the bridge in English or in the language, or
    one a document searched lacks: game words, however few documents hold them, never typos. (A form of
    another language may be a misspelling: ``опонент`` is Serbian, and a typo of Russian ``оппонент``.)"""
    words = CHAINS[f"{language}-words"]
    named = [m for m in matches if m.form in (language, "en") or (m.form != SITUATION and m.missing)]
    return frozenset(t.text for m in named for t in words.tokens(m.modern))


def _second_pass(
    store: SearchStore,
    lexicon: Lexicon,
    language: str,
    text: str,
    plan: _Plan,
    bridged: frozenset[str] = frozenset(),
    foreign: Callable[[str], bool] | None = None,
) -> list[Clause]:
    """Returns the looser queries of one language, each standing for a query term at reduced weight:
    known words that begin with a query word's stem (so ``отменить`` also finds ``отмена``) or with the
    root a verb shares with its noun (``regenerišem`` finds ``regeneracija``), and close known words (with
    their own stem's words) for each word the lexicon lacks (typos) that the bridge does not name and the
    language does not use every day (``common_words.py``) and that is no word of the language the query is
    written in (foreign)."""
    queries: list[Clause] = []
    chain, words_chain = CHAINS[language], CHAINS[f"{language}-words"]
    written_as: dict[str, str] = {}  # each surface word as the query writes it: Serbian is stemmed so
    spelled = CHAINS.get(f"{language}-spelled", words_chain)
    for word, written in zip(words_chain.terms(text), spelled.terms(text), strict=True):
        written_as.setdefault(word, written)
    for word, written in written_as.items():
        terms = chain.terms(written)
        queries += _expanded(store, lexicon, language, terms, terms, EXPANSION_BOOST, plan)
        for term in terms:
            root = _root(language, term)
            if root is not None:
                queries += _expanded(store, lexicon, language, [root], [term], EXPANSION_BOOST, plan)
        short = len(word) < (3 if language == "ja" else TYPO_MIN_LENGTH)
        if short or word in bridged or _in_lexicon(store, lexicon, language, word):
            continue
        if foreign is not None and foreign(word):
            continue
        if lexicon.is_common(language, word):  # read last: it loads the everyday words
            continue
        for correction in _corrections(lexicon, language, word):
            correction = lexicon.spelled(language, correction)
            fixed = [t for t in chain.terms(correction) if t not in terms]
            queries += _term_queries(store, language, fixed, TYPO_BOOST, plan.kinds(language))
            for term in fixed:
                plan.add(language, term, *(terms or [term]))
            boost = TYPO_BOOST * EXPANSION_BOOST
            queries += _expanded(store, lexicon, language, fixed, terms or fixed, boost, plan)
            plan.corrections.setdefault(word, correction)
    return queries


VERB_SUFFIXES = {"sr": ("isa", "is", "ira", "ir"), "ru": ("ирова", "ир")}
"""Stem endings of verbs of Latin origin (regenerisati, aktivirati; регенерировать), whose nouns end
otherwise (regeneracija, aktivacija; регенерация)."""
ROOT_MIN = 5


def _root(language: str, stem: str) -> str | None:
    """Returns the root a verb's stem shares with its noun (regeneris → regener), or None."""
    for suffix in VERB_SUFFIXES.get(language, ()):
        if stem.endswith(suffix) and len(stem) - len(suffix) >= ROOT_MIN:
            return stem[: -len(suffix)]
    return None


def _expanded(
    store: SearchStore,
    lexicon: Lexicon,
    language: str,
    stems: list[str],
    stands_for: list[str],
    boost: float,
    plan: _Plan,
) -> list[Clause]:
    """Returns queries for the known words that begin with each stem, standing for the query terms."""
    if language == "ja":
        return []
    queries: list[Clause] = []
    for stem in stems:
        for related in _expansions(lexicon, language, CHAINS[f"{language}-words"].terms(stem)[0]):
            spelled = lexicon.spelled(language, related)
            extra = [t for t in CHAINS[language].terms(spelled) if t != stem and t not in stems]
            queries += _term_queries(store, language, extra, boost, plan.kinds(language))
            for other in extra:
                plan.add(language, other, *stands_for)
    return queries


def _inflections(store: SearchStore, content: str, plan: _Plan) -> list[Clause]:
    """Returns, for each Japanese bigram of a kanji and the hiragana that inflects it in the query
    (``引け`` of ``引ける``), the bigrams of that kanji with other inflections the text holds (``引く``,
    ``引い``), standing for the query's bigram at reduced weight: the index has bigrams, not stems."""
    queries: list[Clause] = []
    text_field = field_name("text", "ja")
    for token in CHAINS["ja"].tokens(content):
        if token.end - token.start != 2 or not is_inflected(content[token.start : token.end]):
            continue
        forms = [
            t
            for t in store.terms_starting(text_field, token.text[0])
            if is_kana_letter(t[1:]) and t != token.text
        ]
        forms = sorted(forms, key=lambda t: -store.doc_frequency(text_field, t))[:EXPANSION_LIMIT]
        queries += _term_queries(store, "ja", forms, EXPANSION_BOOST)
        for form in forms:
            plan.add("ja", form, token.text)
    return queries


_SIBILANTS = {"c": "k", "z": "g", "s": "h", "k": "c", "g": "z", "h": "s"}


def _sibilant_forms(store: SearchStore, terms: list[str], plan: _Plan) -> list[Clause]:
    """Returns, for each Serbian stem ending in k, g or h (or c, z, s), the stem with the other consonant
    of the pair the case endings alternate (biblioteka, u biblioteci; ruka, u ruci; knjiga, u knjizi),
    where the text holds it, standing for the query's stem: the stemmer keeps the consonant it found."""
    queries: list[Clause] = []
    for term in terms:
        if len(term) < 3 or term[-1] not in _SIBILANTS:
            continue
        other = term[:-1] + _SIBILANTS[term[-1]]
        found = _term_queries(store, "sr", [other], SIBILANT_BOOST, plan.kinds("sr"))
        if found:
            queries += found
            plan.add("sr", other, term)
    return queries


def _in_lexicon(store: SearchStore, lexicon: Lexicon, language: str, word: str) -> bool:
    """Tells whether the corpus holds word: as a surface word (the lexicon), or as an analysed term of a
    field (``played`` as ``play``), except Japanese kana words (a misspelt one may still be made of known
    bigrams)."""
    if lexicon.frequency(language, word):
        return True
    return (language != "ja" or word.isascii()) and _known(store, [language], word)


def _is_kana_only(text: str) -> bool:
    letters = [c for c in text if not c.isspace()]
    return bool(letters) and all(is_cjk(c) and not (0x3400 <= ord(c) <= 0x9FFF) for c in letters)


def build_query(
    store: SearchStore,
    text: str,
    docs: Sequence[str],
    bridge: Bridge | None = None,
    lexicon: Lexicon | None = None,
    keyword_terms: Terms | None = None,
    home: Home | None = None,
) -> tuple[list[Clause], _Plan, tuple[Match, ...]]:
    """Returns the weighted terms (an OR, scored by BM25F) for text over the documents docs, what it
    looks for, and the modern words the bridge read in it (no bridge: no era terms; no lexicon: no word
    forms or typo corrections). The English terms of the keyword parts (keyword_terms) that the query
    names and documents searched lack go to the plan's absent; their words, as the bridge's game words,
    are never corrected. Nor are, in another language, the words of the language the query is written in
    (home): Serbian ``играч`` is no misspelt Russian ``игра``."""
    plan = _Plan()
    queries: list[Clause] = []
    bridged: dict[str, Match] = {}
    languages = _languages(docs)
    matches = bridge.matches(text, languages) if bridge else []
    if keyword_terms:
        plan.absent = from_terms(text, languages, keyword_terms, [m.modern for m in matches])
    for language in languages:
        content = content_text(text, language, partial(_known_word, store, language))
        if lexicon is not None:
            content = lexicon.respelled(language, content)
        if language in LATIN_WITHOUT_ENGLISH and reads_as_english(text, language):
            plan.english.add(language)
        chain = CHAINS[language]
        terms = list(dict.fromkeys(chain.terms(content)))
        weighed = weigh(terms, partial(_idf, store, language), partial(_named, store, language))
        weights = plan.weights.setdefault(language, {})
        for term in terms:
            queries += _term_queries(store, language, [term], weighed[term].boost, plan.kinds(language))
            plan.add(language, term)
            weights[term] = weighed[term].weight
        if language == "sr":
            queries += _sibilant_forms(store, terms, plan)
        if language == "ja" and _is_kana_only(content):
            queries += [Clause(READING_FIELD, t, boost=READING_BOOST) for t in chain.terms(content)]
        for match in matches:
            bridged[match.concept] = match
            modern = [t for t in chain.terms(match.modern) if t in weights] or terms
            for phrase in match.era.get(language, ()) or match.near.get(language, ()):
                phrase_terms = list(dict.fromkeys(chain.terms(phrase)))
                era_terms = [t for t in phrase_terms if t not in weights]
                boost = SITUATION_BOOST if match.form == SITUATION else BRIDGE_BOOST
                queries += _term_queries(store, language, era_terms, boost)
                plan.add_phrase(language, {t: _idf(store, language, t) for t in phrase_terms}, modern)
                for term in era_terms:
                    plan.era.setdefault(language, {}).setdefault(term, phrase)
        if lexicon is not None:
            words_chain = CHAINS[f"{language}-words"]
            bridged_words = _bridged_words(matches, language) | {
                t.text for absence in plan.absent for t in words_chain.tokens(absence.modern)
            }
            foreign = home.words_of_others(language) if home else None
            queries += _second_pass(store, lexicon, language, content, plan, bridged_words, foreign)
            if language == "ja":
                queries += _inflections(store, content, plan)
    return queries, plan, tuple(bridged.values())


def _matched_terms(store: SearchStore, plan: _Plan, docnums: set[int]) -> dict[int, set[str]]:
    """Returns, for each of docnums, the query terms its analysed fields hold."""
    matched: dict[int, set[str]] = {}
    for language, groups in plan.groups.items():
        fields = [field_name(kind, language) for kind in FIELD_BOOSTS]
        if language == "ja":
            fields.append(READING_FIELD)
        for term in groups:
            for name in fields:
                if store.doc_frequency(name, term):
                    for docnum in docnums.intersection(store.postings(name, term)[0]):
                        matched.setdefault(docnum, set()).add(term)
    return matched


def _suggestion(text: str, plan: _Plan) -> str | None:
    if not plan.corrections:
        return None
    pattern = re.compile("|".join(re.escape(w) for w in sorted(plan.corrections, key=len, reverse=True)))
    suggestion = pattern.sub(lambda m: plan.corrections[m.group()], text)
    return suggestion if suggestion != text else None


def normalize_query(text: str) -> str:
    """Returns the query in NFC; raises SearchError for an empty or overlong query."""
    text = unicodedata.normalize("NFC", text)
    if not text.strip():
        raise SearchError("the query is empty")
    words = len(text.split())
    if len(text) > MAX_QUERY_CHARS or words > MAX_QUERY_WORDS:
        raise SearchError(
            f"the query is too long ({words} words, {len(text)} characters): at most {MAX_QUERY_WORDS} "
            f"words and {MAX_QUERY_CHARS} characters; ask about one situation at a time"
        )
    return text


def check_query(text: str, docs: Sequence[str]) -> str:
    """Returns the normalised query; raises SearchError for an empty or overlong query or an unknown
    document code."""
    unknown = [d for d in docs if d not in DOCUMENTS]
    if unknown:
        raise SearchError(f"unknown document(s) {', '.join(unknown)}: expected {', '.join(DOCUMENTS)}")
    return normalize_query(text)


class SearchIndex:
    """An opened index: its store (``store.py``) with the rows read kept across queries, the document
    filters, the bridge and the lexicon cached."""

    def __init__(self, index: Any) -> None:
        """index is the opened store, or a whoosh index built by ``index.py`` (its store beside it)."""
        if isinstance(index, SearchStore):
            self.store = index
        else:
            self.store = SearchStore(Path(index.storage.folder) / STORE)
        self.folder = self.store.path.parent
        self._filters: dict[tuple[tuple[str, ...], bool], set[int]] = {}
        self._bridge: Bridge | None = None
        self._lexicon: Lexicon | None = None
        self._terms: Terms | None = None
        self._today: dict[str, ModernNumber] | None = None
        self._slang: SlangReader | None = None

    def slang(self) -> SlangReader:
        """Returns the reader of English game words written in Russian or Serbian letters (``slang.py``)."""
        if self._slang is None:
            bridge = self.bridge()
            self._slang = slang_reader(bridge.rows if bridge else (), self.terms())
        return self._slang

    def bridge(self) -> Bridge | None:
        """Returns the terminology bridge the index keeps (None for an index built without one)."""
        if self._bridge is None:
            try:
                self._bridge = bridge_of((self.folder / BRIDGE).read_text(encoding="utf-8"))
            except (OSError, ValueError, TypeError):
                return None
        return self._bridge

    def lexicon(self) -> Lexicon | None:
        """Returns the lexicon the index keeps (None for an index built without one)."""
        if self._lexicon is None:
            try:
                text = (self.folder / LEXICON).read_text(encoding="utf-8")
                self._lexicon = Lexicon(text, self._common_words)
            except (OSError, ValueError, TypeError, AttributeError):
                return None
        return self._lexicon

    def _common_words(self) -> CommonWords | None:
        """Returns the everyday words the index keeps (None for an index built without them)."""
        try:
            return CommonWords((self.folder / COMMON).read_text(encoding="utf-8"))
        except (OSError, ValueError, AttributeError):
            return None

    def terms(self) -> Terms:
        """Returns the English terms of the documents' keyword parts the index keeps (none for an index
        built without them)."""
        if self._terms is None:
            try:
                self._terms = json.loads((self.folder / TERMS).read_text(encoding="utf-8"))
            except (OSError, ValueError):
                self._terms = {}
        return self._terms

    def today_numbers(self) -> dict[str, ModernNumber]:
        """Returns today's Comprehensive Rules numbers the index keeps (none for an index built without
        them)."""
        if self._today is None:
            try:
                self._today = load_numbers((self.folder / MODERN).read_text(encoding="utf-8"))
            except (OSError, ValueError, TypeError):
                self._today = {}
        return self._today

    def allowed(self, docs: Sequence[str], glossary_only: bool) -> set[int]:
        """Returns the document numbers of the entries of docs (glossary entries only if asked)."""
        key = (tuple(docs), glossary_only)
        if key not in self._filters:
            allowed = {n for d in docs for n in self.store.doc_numbers("doc", d)}
            if glossary_only:
                allowed &= set(self.store.doc_numbers("kind", "glossary"))
            self._filters[key] = allowed
        return self._filters[key]

    def close(self) -> None:
        self.store.close()


def search(
    index: Any, text: str, docs: Sequence[str] = DOCUMENTS, limit: int = 10, glossary_only: bool = False
) -> SearchResult:
    """Returns the best hits for text in docs: rules named by number first, then text matches by score.

    index is a SearchIndex, or an opened store or whoosh index (then opened for this query only).
    """
    text = check_query(text, docs)
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
    store = index.store
    exact: list[Hit] = []
    today: tuple[ModernNumber, ...] = ()
    unknown: tuple[UnknownRule, ...] = ()
    if not glossary_only:
        named = read_ids(text, docs)
        numbers = [n for n in read_numbers(text).ids if not _names_rule(store, n, docs)]
        today = _today(index, numbers)
        keys = [key for row in today for key in row.rules if key.split(":")[0] in docs]
        exact = _first_of_each(_id_hits(store, "num", named.ids) + _id_hits(store, "key", keys))
        if not exact and not today:
            unknown = tuple(_nearest(store, key) for key in named.ids)
            exact = _first_of_each(_id_hits(store, "num", [u.shown.lower() for u in unknown if u.shown]))
        if exact or today or unknown:
            text = read_numbers(named.rest).rest
            if not _WORD_RE.search(text):
                return SearchResult(exact[:limit], today=today, unknown=unknown)
    found = _text_search(index, text, docs, limit, glossary_only)
    if not exact and not today and not unknown:
        return found
    shown = {hit.key for hit in exact}
    hits = exact + [hit for hit in found.hits if hit.key not in shown]
    return SearchResult(
        hits[:limit], found.suggestion, found.bridged, found.absent, today, unknown, found.read_as
    )


def _id_hits(store: SearchStore, field: str, values: Iterable[str]) -> list[Hit]:
    """Returns the hits, at ID_SCORE, of the entries whose field (``num``: a rule id; ``key``) holds one of
    values, in the order of values."""
    return [
        _hit(store.stored_fields(docnum), ID_SCORE, set())
        for value in values
        for docnum in store.doc_numbers(field, value)
    ]


def _first_of_each(hits: list[Hit]) -> list[Hit]:
    """Returns hits without the later hits of an entry already found."""
    first: dict[str, Hit] = {}
    for hit in hits:
        first.setdefault(hit.key, hit)
    return list(first.values())


def _nearest(store: SearchStore, key: str) -> UnknownRule:
    """Returns a rule id that names no rule with its nearest ancestor that does (502.9z → 502.9)."""
    asked = RuleId.parse(key)
    parent = asked.parent
    while parent is not None and not store.doc_numbers("num", str(parent).lower()):
        parent = parent.parent
    return UnknownRule(str(asked), str(parent) if parent else None)


def _names_rule(store: SearchStore, number: str, docs: Sequence[str]) -> bool:
    """Tells whether number (of the CR form) is a rule of one of docs: then it is not today's number."""
    return any(store.doc_numbers("num", f"{doc}:{number}") for doc in docs)


def _today(index: SearchIndex, numbers: Sequence[str]) -> tuple[ModernNumber, ...]:
    """Returns the rows of today's numbers among numbers, each once."""
    table = index.today_numbers()
    found = (find_number(table, number) for number in numbers)
    return tuple(dict.fromkeys(row for row in found if row is not None))


def _text_search(
    index: SearchIndex, text: str, docs: Sequence[str], limit: int, glossary_only: bool
) -> SearchResult:
    store = index.store
    home = home_languages(index, text, docs)
    written = Home(home, partial(_holds, index))
    readings = read_slang(index, text, docs)
    clauses, plan, bridged = build_query(
        store, rewritten(text, readings), docs, index.bridge(), index.lexicon(), index.terms(), written
    )
    allowed = index.allowed(docs, glossary_only)
    depth = max(RERANK_DEPTH, limit)
    scores = store.scores(clauses, allowed)
    results = best(scores, depth)
    if home:  # the query's own language's best are reranked too, however the others score
        own = index.allowed([d for d in docs if LANGUAGE_OF_DOCUMENT[d] in home], glossary_only)
        results = list(dict(best(scores, depth, own) + results).items())
    matched = _matched_terms(store, plan, {docnum for docnum, _ in results})
    ranked: list[tuple[float, int, dict[str, Any]]] = []
    for docnum, score in results:
        stored = store.stored_fields(docnum)
        language = LANGUAGE_OF_DOCUMENT[stored["doc"]]
        coordination = plan.coordination(language, matched.get(docnum, ()))
        prior = _kind_prior(stored, len(plan.weights.get(language, ())))
        own_language = HOME_BOOST if language in home else 1.0
        ranked.append((score * prior * own_language * coordination**COORDINATION_POWER, docnum, stored))
    ranked.sort(key=lambda item: -item[0])
    if not glossary_only:
        ranked = _with_cited_rules(store, ranked, allowed, matched)
    hits = []
    for score, docnum, stored in ranked[:limit]:
        language = LANGUAGE_OF_DOCUMENT[stored["doc"]]
        era = plan.era_phrases(language, matched.get(docnum, ()))
        hits.append(_hit(stored, score, plan.terms(language), era))
    absent = tuple(from_bridge(bridged) + plan.absent)
    return SearchResult(hits, _suggestion(text, plan), bridged, absent, read_as=tuple(readings))


def read_slang(index: SearchIndex, text: str, docs: Sequence[str]) -> list[Reading]:
    """Returns the words of text read as English game words written in other letters (``slang.py``): words
    that no language searched knows (its lexicon) nor corrects as a typo one letter off (``кладбише``), that
    are no everyday word of one and that the bridge does not read as written (``трампл`` is a Russian form
    of its own; ``трамплер`` is read as trampler). The bridge and the reader are only consulted for a query
    with such a word: most queries have none."""
    lexicon = index.lexicon()
    if lexicon is None:
        return []
    languages = _languages(docs)

    def surfaces(word: str) -> list[tuple[str, str]]:
        return [(lang, s) for lang in languages for s in CHAINS[f"{lang}-words"].terms(word)]

    @cache
    def bridged() -> frozenset[str]:
        bridge = index.bridge()
        matches = bridge.matches(text, languages) if bridge else []
        return frozenset(t.text for m in matches for t in word_tokens(m.modern))

    @cache
    def unknown(word: str) -> bool:
        return (
            not any(
                _in_lexicon(index.store, lexicon, lang, s) or _one_edit_from(lexicon, lang, s)
                for lang, s in surfaces(word)
            )
            and word not in bridged()
        )

    def common(word: str) -> bool:
        return any(lexicon.is_common(lang, s) for lang, s in surfaces(word))

    if not any(may_be_read(t.text) and unknown(t.text) for t in word_tokens(text)):
        return []
    return index.slang().read(text, unknown, common)


@dataclass(frozen=True)
class Home:
    """The languages a query is written in (``home_languages``) and what tells the words each holds."""

    languages: frozenset[str]
    holds: Callable[[str, str], bool]

    def words_of_others(self, language: str) -> Callable[[str], bool]:
        """Returns what tells whether a word the second pass of language reads is a word of the query's
        own language, when that is another (then it is no misspelt word of language)."""
        others = [home for home in self.languages if home != language]
        return lambda word: any(self.holds(home, word) for home in others)


def home_languages(index: SearchIndex, text: str, docs: Sequence[str] = DOCUMENTS) -> frozenset[str]:
    """Returns the languages of the documents searched that the query is written in, when it names some
    but not all of them (``language.py``)."""
    searched = set(_languages(docs))
    if len(searched) < 2:
        return frozenset()
    home = query_languages(text, partial(_holds, index)) & searched
    return home if home != searched else frozenset()


def _holds(index: SearchIndex, language: str, word: str) -> bool:
    """Tells whether a language's own text holds word: a known surface word whose term a title or text
    (not an alias: aliases hold English terms) of the language has; for English (en), whether the Latin
    words of the Russian or Japanese documents hold it. The site's search reads the same lexicon and
    terms (search.js ``holds``)."""
    lexicon = index.lexicon()
    if lexicon is None:
        return False
    if language == EN:
        return any(
            lexicon.frequency(holder, surface)
            for holder in ENGLISH_HOLDERS
            for surface in CHAINS[f"{holder}-words"].terms(word)
        )
    surfaces = CHAINS[f"{language}-words"].terms(word)
    terms = CHAINS[language].terms(word)
    return (
        len(surfaces) == len(terms) == 1
        and lexicon.frequency(language, surfaces[0]) > 0
        and any(index.store.doc_frequency(field_name(kind, language), terms[0]) for kind in OWN_TEXT)
    )


def _kind_prior(stored: dict[str, Any], words: int) -> float:
    """Returns the weight of an entry's kind for a query of so many content words: a question or a
    situation of several words is answered by a rule, so glossary and index entries count less there (a
    term of one or two words is answered by its glossary entry as well)."""
    if words < LONG_QUERY_WORDS:
        return 1.0
    return POINTER_PRIOR if stored["kind"] in POINTER_KINDS else 1.0


def _with_cited_rules(
    store: SearchStore,
    ranked: list[tuple[float, int, dict[str, Any]]],
    allowed: set[int],
    matched: dict[int, set[str]],
) -> list[tuple[float, int, dict[str, Any]]]:
    """Returns the ranking with, right behind each glossary or index entry, the best-scored rule among the
    results that it points to (a rule it cites or a rule under a section it cites), else the best-scored
    rule matching the same query words, else the first rule it cites."""
    placed: list[tuple[float, int, dict[str, Any]]] = []
    seen: set[str] = set()
    rules = [item for item in ranked if item[2]["kind"] == "rule"]
    for score, docnum, stored in ranked:
        if stored["key"] in seen:
            continue
        placed.append((score, docnum, stored))
        seen.add(stored["key"])
        if stored["kind"] not in POINTER_KINDS:
            continue
        cited = stored.get("cites", "").split()
        cites = set(cited)
        free = [item for item in rules if item[2]["key"] not in seen]
        pointed = [item for item in free if _under(item[2]["key"], cites)]
        shared = [item for item in free if matched.get(item[1], set()) & matched.get(docnum, set())]
        candidates = pointed or shared
        best = candidates[0] if candidates else _first_stored(store, cited, allowed, seen)
        if best is not None:
            placed.append((score, best[1], best[2]))
            seen.add(best[2]["key"])
    return placed


def _under(key: str, cited: set[str]) -> bool:
    """Tells whether the rule key is one of cited or lies under one of them (502.9b under 502.9)."""
    return key in cited or not cited.isdisjoint(_ancestors(key))


@cache
def _ancestors(key: str) -> frozenset[str]:
    try:
        rule_id: RuleId | None = RuleId.parse(key)
    except RuleIdError:
        return frozenset()
    found = set()
    while rule_id is not None:
        found.add(str(rule_id))
        rule_id = rule_id.parent
    return frozenset(found)


def _first_stored(
    store: SearchStore, keys: Iterable[str], allowed: set[int], seen: set[str]
) -> tuple[float, int, dict[str, Any]] | None:
    """Returns the first of keys (not seen) the index holds among the allowed entries, unscored."""
    for key in keys:
        if key in seen:
            continue
        for docnum in store.doc_numbers("key", key):
            if docnum in allowed:
                return (0.0, docnum, store.stored_fields(docnum))
    return None


def _hit(stored: dict[str, Any], score: float, terms: set[str], era: tuple[str, ...] = ()) -> Hit:
    language = LANGUAGE_OF_DOCUMENT[stored["doc"]]
    return Hit(
        key=stored["key"],
        doc=stored["doc"],
        kind=stored["kind"],
        score=score,
        title=stored.get("title", ""),
        snippet=tuple(snippet(stored.get("body", ""), language, terms)),
        context=stored.get("context", ""),
        era_terms=era,
    )


def search_corpus(
    corpus_folder: Path,
    text: str,
    docs: Sequence[str] = DOCUMENTS,
    limit: int = 10,
    glossary_only: bool = False,
    notify: Notify | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> SearchResult:
    """Searches the cached index of a corpus, building it on first use and rebuilding it if damaged
    (notify gets one message, progress the entries done while it builds).

    Damage is looked for while the index is opened and its files first read (``open_index``); an error
    of the search itself is a bug and is raised as it is.
    """
    text = check_query(text, docs)
    return search(open_store(corpus_folder, notify, progress), text, docs, limit, glossary_only)
