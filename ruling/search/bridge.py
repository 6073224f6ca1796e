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
from ruling.corpus.model import REVIEWED_FOLDER

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
    """Returns the rows as the JSON the index keeps."""
    return json.dumps([[r.concept, r.form, r.term, r.source] for r in rows], ensure_ascii=False)


def load_table(text: str) -> tuple[Row, ...]:
    return tuple(Row(*fields) for fields in json.loads(text))


def _chain(form: str) -> Chain:
    return ENGLISH if form == "en" else CHAINS[form]


class Bridge:
    """The table made ready for queries: each modern form analysed once."""

    def __init__(self, rows: Sequence[Row]) -> None:
        self.rows = tuple(rows)
        self._era: dict[str, dict[str, list[str]]] = {}
        forms: list[tuple[str, str, tuple[str, ...]]] = []
        for row in self.rows:
            if row.form.startswith(ERA_PREFIX):
                self._era.setdefault(row.concept, {}).setdefault(row.form[len(ERA_PREFIX) :], []).append(
                    row.term
                )
            elif row.form in FORMS:
                terms = tuple(_chain(row.form).terms(row.term))
                if terms:
                    forms.append((row.concept, row.form, terms))
        self._forms = sorted(forms, key=lambda f: -len(f[2]))

    def era_terms(self, concept: str, language: str) -> tuple[str, ...]:
        return tuple(self._era.get(concept, {}).get(language, ()))

    def matches(self, text: str, languages: Sequence[str]) -> list[Match]:
        """Returns the modern forms found in text, longest first, each word used once, with the era terms
        of the languages searched."""
        analysed = {form: _chain(form).tokens(text) for form in FORMS}
        used: dict[str, set[int]] = {form: set() for form in FORMS}
        found: list[Match] = []
        seen: set[str] = set()
        for concept, form, terms in self._forms:
            tokens = analysed[form]
            for start in range(len(tokens) - len(terms) + 1):
                span = range(start, start + len(terms))
                if any(i in used[form] for i in span):
                    continue
                if all(tokens[i].text == term for i, term in zip(span, terms, strict=True)):
                    used[form].update(span)
                    if concept not in seen:
                        seen.add(concept)
                        modern = text[tokens[start].start : tokens[span[-1]].end]
                        era = {lang: self.era_terms(concept, lang) for lang in languages}
                        found.append(Match(concept, form, modern, {k: v for k, v in era.items() if v}))
        return found


@cache
def bridge_of(table_json: str) -> Bridge:
    """Returns the bridge of a table kept in an index (one per table per process)."""
    return Bridge(load_table(table_json))
