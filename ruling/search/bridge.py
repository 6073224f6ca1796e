"""The terminology bridge: today's game words to the words of each document's era.

Judges say exile, battlefield, resolve, mana value, dies, and the Russian, Japanese and Serbian forms of
today (изгнание, поле битвы, 戦場, マナ総量, transliterations such as экзайл or エグザイル); the documents of
1999–2007 say удалить из игры, игровая зона, 場, 点数で見たマナ・コスト, ukloniti van igre. The reviewed table
``rules_corpus/reviewed/terminology.tsv`` maps each modern form (``en``, ``ru``, ``ja``, ``sr``) of a concept
to the era terms of each document (``era:ru``, ``era:ja``, ``era:sr``), every row with its source. The index
keeps a copy of the table, so a query needs no corpus.

A modern form matches when its analysed words occur in a row in the query (English forms with the English
stemmer, the others with their language's chain); the longest forms are matched first and a word counts for
one form only, so ``first strike`` is not also ``first``.

A situation row (form ``situation``, term ``target + illegal``) pairs concepts: when the query names each of
them (by a modern form or an era term, in any order and anywhere), the situation's era terms are searched
too, standing for those words: they are the words of the rule whose subject the situation is (a spell whose
only target became illegal is countered on resolution; nine cards at the end of a turn meet the maximum hand
size), which the query itself need not use.

A document may lack a concept: deathtouch, vigilance in 1999. A ``near:DOC`` row names the words of that
document a judge reads instead (lethal damage for deathtouch), searched as era terms are; an ``absent`` row
marks a concept no document has (hexproof, ward). A match says which languages searched lack its concept,
and the rules of the documents that have it (the ids in the sources of its era rows), so a search can say
"not in ru; it is in sr:E3.80" instead of finding nothing or "correcting" the word (``absence.py``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ruling.analyzers import CHAINS, Chain, Tok, per_token, word_tokens

TABLE = "terminology.tsv"
FORMS = ("en", "ru", "ja", "sr")
ERA_PREFIX = "era:"
NEAR_PREFIX = "near:"
ABSENT = "absent"
"""The form of a row marking a concept no document has (its term repeats the concept)."""
SITUATION = "situation"
"""The form of a row pairing concepts: its term names them, joined by CUE_JOIN."""
CUE_JOIN = "+"
CUE_STEM = 4
"""A situation's concept is named by its words in any order and place in the query, a word by any word
beginning with it from this length on."""


def _english_stem(word: str) -> str:
    from ruling.analyzers import stemmer

    return stemmer("english").stemWord(word) if word.isascii() and word.isalpha() else word


ENGLISH = Chain("en", word_tokens, (per_token(_english_stem),))
"""English words as the bridge compares them: lowercased, Snowball English."""


@dataclass(frozen=True)
class Row:
    """A row of the table: a concept, a form (en, ru, ja, sr or era:DOC), a term and its source."""

    concept: str
    form: str
    term: str
    source: str


@dataclass(frozen=True)
class Match:
    """A modern form (or, form ``situation``, the words naming a situation's concepts) found in a query, and
    the era terms of the documents for its concept."""

    concept: str
    form: str
    modern: str
    era: dict[str, tuple[str, ...]]
    """Era terms by language of the documents searched (ru, ja, sr)."""
    near: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """The nearest words, searched instead, of the languages searched that lack the concept."""
    missing: tuple[str, ...] = ()
    """The languages searched whose document lacks the concept (no era terms)."""
    homes: tuple[str, ...] = ()
    """The rules that hold the concept in the documents that have it, when some language searched lacks it."""
    nowhere: bool = False
    """No document has the concept."""
    said: frozenset[str] = frozenset()
    """The era terms whose analysed words the modern words hold in a row (руки holds рука, в конце хода
    holds конце хода): a note need not name them again."""

    def told(self) -> dict[str, tuple[str, ...]]:
        """Returns the era terms by language that the modern words do not say already: what a note names."""
        told = {lang: tuple(t for t in terms if t not in self.said) for lang, terms in self.era.items()}
        return {lang: terms for lang, terms in told.items() if terms}


def read_table(corpus_folder: Path) -> list[Row]:
    """Reads the reviewed terminology table of a corpus (no table: no rows)."""
    from ruling.corpus.model import REVIEWED_FOLDER

    path = corpus_folder / REVIEWED_FOLDER / TABLE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    rows = []
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            concept, form, term, source = (field.strip() for field in line.split("\t"))
            rows.append(Row(concept, form, term, source))
    return rows


def dump_table(rows: Iterable[Row]) -> str:
    """Returns the rows as the JSON the index keeps, each modern form with its analysed words (so a
    search process need not analyse the table again)."""
    return json.dumps([[r.concept, r.form, r.term, r.source, _analysed(r)] for r in rows], ensure_ascii=False)


def _analysed(row: Row) -> list[str]:
    """Returns the analysed words of a modern form or an era term (a situation cue is named by them)."""
    form = row.form[len(ERA_PREFIX) :] if row.form.startswith(ERA_PREFIX) else row.form
    return _chain(form).terms(row.term) if form in FORMS else []


def load_table(text: str) -> tuple[tuple[Row, tuple[str, ...]], ...]:
    """Returns the rows the index keeps, each with its analysed words."""
    return tuple((Row(*fields[:4]), tuple(fields[4])) for fields in json.loads(text))


def _contains(words: tuple[str, ...], part: tuple[str, ...]) -> bool:
    """Whether words hold part (not empty) in a row."""
    return bool(part) and any(words[k : k + len(part)] == part for k in range(len(words) - len(part) + 1))


def _chain(form: str) -> Chain:
    return ENGLISH if form == "en" else CHAINS[form]


class Bridge:
    """The table made ready for queries: each modern form analysed once (or given analysed)."""

    def __init__(self, rows: Sequence[Row], analysed: Sequence[tuple[str, ...]] | None = None) -> None:
        self.rows = tuple(rows)
        self._era: dict[str, dict[str, list[str]]] = {}
        self._near: dict[str, dict[str, list[str]]] = {}
        self._homes: dict[str, dict[str, list[str]]] = {}
        self._era_words: dict[tuple[str, str, str], tuple[str, ...]] = {}
        self.nowhere = frozenset(row.concept for row in self.rows if row.form == ABSENT)
        """The concepts no document has."""
        forms: list[tuple[str, str, tuple[str, ...]]] = []
        named: list[tuple[str, str, tuple[str, ...]]] = []
        situations: list[tuple[str, tuple[str, ...]]] = []
        for number, row in enumerate(self.rows):
            terms = tuple(analysed[number] if analysed is not None else _analysed(row))
            if row.form.startswith(ERA_PREFIX):
                language = row.form[len(ERA_PREFIX) :]
                self._era.setdefault(row.concept, {}).setdefault(language, []).append(row.term)
                self._era_words[(row.concept, language, row.term)] = terms
                homes = self._homes.setdefault(row.concept, {}).setdefault(language, [])
                homes += [i for i in rule_ids_in(row.source) if i not in homes]
                if terms:
                    named.append((row.concept, language, terms))
            elif row.form.startswith(NEAR_PREFIX):
                language = row.form[len(NEAR_PREFIX) :]
                self._near.setdefault(row.concept, {}).setdefault(language, []).append(row.term)
            elif row.form in FORMS and terms:
                forms.append((row.concept, row.form, terms))
                named.append((row.concept, row.form, terms))
            elif row.form == SITUATION:
                situations.append((row.concept, tuple(c.strip() for c in row.term.split(CUE_JOIN))))
        self.forms = tuple(sorted(forms, key=lambda f: -len(f[2])))
        """The modern forms analysed, (concept, form, terms), longest first."""
        self.situations = tuple(situations)
        """The situations, (concept, the concepts it pairs), in table order."""
        wanted = {cue for _, cues in situations for cue in cues}
        self.cues = tuple(dict.fromkeys(f for f in sorted(named, key=lambda f: -len(f[2])) if f[0] in wanted))
        """The words naming a concept a situation pairs (its modern forms and its era terms), (concept, form,
        terms), longest first."""
        self._by_first: dict[tuple[str, str], list[tuple[str, tuple[str, ...]]]] = {}
        for concept, form, terms in self.forms:
            self._by_first.setdefault((form, terms[0]), []).append((concept, terms))

    def era_terms(self, concept: str, language: str) -> tuple[str, ...]:
        return tuple(self._era.get(concept, {}).get(language, ()))

    def near_terms(self, concept: str, language: str) -> tuple[str, ...]:
        """Returns the nearest words of a document lacking the concept (none: it has it, or none is near)."""
        return tuple(self._near.get(concept, {}).get(language, ()))

    def searched_terms(self, concept: str, language: str) -> tuple[str, ...]:
        """Returns the words a query naming the concept searches in a language: its era terms, else the
        nearest."""
        return self.era_terms(concept, language) or self.near_terms(concept, language)

    def homes(self, concept: str) -> tuple[str, ...]:
        """Returns the rules holding the concept in the documents that have it, in language order."""
        return tuple(i for ids in self._homes.get(concept, {}).values() for i in ids)

    def matches(self, text: str, languages: Sequence[str]) -> list[Match]:
        """Returns the modern forms found in text, longest first, each word used once (a word matched by
        a longer form of one language is not matched again by another's), with the era terms of the
        languages searched."""
        found: list[tuple[int, int, str, str, str, int, int]] = []
        analysed = {form: _chain(form).tokens(text) for form in FORMS}
        for form, tokens in analysed.items():
            texts = [t.text for t in tokens]
            spans = []
            for start, first in enumerate(texts):
                for concept, terms in self._by_first.get((form, first), ()):
                    if tuple(texts[start : start + len(terms)]) == terms:
                        spans.append((len(terms), start, concept))
            used: set[int] = set()
            for length, start, concept in sorted(spans, key=lambda s: (-s[0], s[1])):
                span = range(start, start + length)
                if not used.intersection(span):
                    used.update(span)
                    begin, end = tokens[start].start, tokens[span[-1]].end
                    found.append((-length, start, concept, form, text[begin:end], begin, end))
        result: list[Match] = []
        seen: set[str] = set()
        taken: list[tuple[int, int]] = []
        for _, _, concept, form, modern, begin, end in sorted(found):
            if concept in seen or any(begin < right and left < end for left, right in taken):
                continue
            seen.add(concept)
            taken.append((begin, end))
            result.append(self._match(concept, form, modern, languages))
        return result + self._situations(text, analysed, languages)

    def _match(self, concept: str, form: str, modern: str, languages: Sequence[str]) -> Match:
        era = {lang: self.era_terms(concept, lang) for lang in languages}
        if form == SITUATION:
            return Match(concept, form, modern, {k: v for k, v in era.items() if v})
        missing = tuple(lang for lang in languages if not era[lang])
        near = {lang: self.near_terms(concept, lang) for lang in missing}
        said: set[str] = set()
        for lang, terms in era.items():
            words = tuple(CHAINS[lang].terms(modern))
            said.update(t for t in terms if _contains(words, self._era_words.get((concept, lang, t), ())))
        return Match(
            concept,
            form,
            modern,
            {k: v for k, v in era.items() if v},
            {k: v for k, v in near.items() if v},
            missing,
            self.homes(concept) if missing else (),
            concept in self.nowhere,
            frozenset(said),
        )

    def _situations(
        self, text: str, tokens: Mapping[str, Sequence[Tok]], languages: Sequence[str]
    ) -> list[Match]:
        """Returns the situations whose every concept the query names (by a modern form or an era term,
        words shared between concepts allowed), with the words that name them; tokens are text analysed
        by the chain of each form."""
        if not self.situations:
            return []
        named: dict[str, str] = {}
        for concept, form, terms in self.cues:
            if concept in named:
                continue
            found = [next((t for t in tokens[form] if _names(t.text, term)), None) for term in terms]
            if all(found):
                named[concept] = _surface(text, [t for t in found if t])
        result = []
        for concept, cues in self.situations:
            if all(cue in named for cue in cues):
                words = " + ".join(dict.fromkeys(named[cue] for cue in cues))
                result.append(self._match(concept, SITUATION, words, languages))
        return result


def _surface(text: str, tokens: Sequence[Tok]) -> str:
    """Returns the words of text the tokens stand on, in text order, overlapping tokens as one (the
    kana bigrams トー ーク クン are トークン)."""
    spans: list[list[int]] = []
    for tok in sorted(tokens, key=lambda t: (t.start, t.end)):
        if spans and tok.start < spans[-1][1]:
            spans[-1][1] = max(spans[-1][1], tok.end)
        else:
            spans.append([tok.start, tok.end])
    return " ".join(text[start:end] for start, end in spans)


def _names(word: str, term: str) -> bool:
    """Tells whether an analysed word of a query names a cue's term: the same, or (a term of CUE_STEM
    letters or more) beginning with it, as stems of one word may differ (``napusti``, ``napust``)."""
    return word == term or (len(term) >= CUE_STEM and word.startswith(term))


_RULE_ID_RE = re.compile(r"\b(?:ru|ja|sr):(?:\d{3}(?:\.\d+[a-z]?)?|[A-F]\d+(?:\.\d+)?)(?![\w/.])")


def rule_ids_in(source: str) -> list[str]:
    """Returns the rule ids a row's source names (``ja:glossary/… , ja:502.28`` → ``ja:502.28``)."""
    return _RULE_ID_RE.findall(source)


@cache
def bridge_of(table_json: str) -> Bridge:
    """Returns the bridge of a table kept in an index (one per table per process)."""
    loaded = load_table(table_json)
    return Bridge([row for row, _ in loaded], [terms for _, terms in loaded])
