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
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ruling.analyzers import CHAINS, Chain, per_token, word_tokens

TABLE = "terminology.tsv"
FORMS = ("en", "ru", "ja", "sr")
ERA_PREFIX = "era:"


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
    """A modern form found in a query, and the era terms of the documents for its concept."""

    concept: str
    form: str
    modern: str
    era: dict[str, tuple[str, ...]]
    """Era terms by language of the documents searched (ru, ja, sr)."""


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
    return _chain(row.form).terms(row.term) if row.form in FORMS else []


def load_table(text: str) -> tuple[tuple[Row, tuple[str, ...]], ...]:
    """Returns the rows the index keeps, each with its analysed words."""
    return tuple((Row(*fields[:4]), tuple(fields[4])) for fields in json.loads(text))


def _chain(form: str) -> Chain:
    return ENGLISH if form == "en" else CHAINS[form]


class Bridge:
    """The table made ready for queries: each modern form analysed once (or given analysed)."""

    def __init__(self, rows: Sequence[Row], analysed: Sequence[tuple[str, ...]] | None = None) -> None:
        self.rows = tuple(rows)
        self._era: dict[str, dict[str, list[str]]] = {}
        forms: list[tuple[str, str, tuple[str, ...]]] = []
        for number, row in enumerate(self.rows):
            if row.form.startswith(ERA_PREFIX):
                self._era.setdefault(row.concept, {}).setdefault(row.form[len(ERA_PREFIX) :], []).append(
                    row.term
                )
            elif row.form in FORMS:
                terms = analysed[number] if analysed is not None else tuple(_analysed(row))
                if terms:
                    forms.append((row.concept, row.form, tuple(terms)))
        self.forms = tuple(sorted(forms, key=lambda f: -len(f[2])))
        """The modern forms analysed, (concept, form, terms), longest first."""
        self._by_first: dict[tuple[str, str], list[tuple[str, tuple[str, ...]]]] = {}
        for concept, form, terms in self.forms:
            self._by_first.setdefault((form, terms[0]), []).append((concept, terms))

    def era_terms(self, concept: str, language: str) -> tuple[str, ...]:
        return tuple(self._era.get(concept, {}).get(language, ()))

    def matches(self, text: str, languages: Sequence[str]) -> list[Match]:
        """Returns the modern forms found in text, longest first, each word used once, with the era terms
        of the languages searched."""
        found: list[tuple[int, int, str, str, str]] = []
        for form in FORMS:
            tokens = _chain(form).tokens(text)
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
                    modern = text[tokens[start].start : tokens[span[-1]].end]
                    found.append((-length, start, concept, form, modern))
        result: list[Match] = []
        seen: set[str] = set()
        for _, _, concept, form, modern in sorted(found):
            if concept not in seen:
                seen.add(concept)
                era = {lang: self.era_terms(concept, lang) for lang in languages}
                result.append(Match(concept, form, modern, {k: v for k, v in era.items() if v}))
        return result


@cache
def bridge_of(table_json: str) -> Bridge:
    """Returns the bridge of a table kept in an index (one per table per process)."""
    loaded = load_table(table_json)
    return Bridge([row for row, _ in loaded], [terms for _, terms in loaded])
