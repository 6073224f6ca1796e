"""The query-time copy of the search index: what a query reads, in one SQLite file beside whoosh's files.

whoosh is the index of record: ``index.py`` writes it, then copies from its reader into ``search.sqlite``
in the same build folder each analysed field's terms with their postings (document numbers and weights),
each document's field lengths as whoosh keeps them (rounded to a byte's worth), each field's total length,
the terms of the id fields and the stored fields. A query reads only the rows of the terms it looks up, so
``ruling search`` does not import whoosh (about 60 ms of imports on a cold start), and ``score`` ranks as
whoosh's BM25F with an OR of weighted terms does, to the last bit: the same idf, lengths and averages, the
terms summed in the query's order, ties in document order (tests/search/test_store.py compares the two on
every query set).
"""

from __future__ import annotations

import heapq
import json
import sqlite3
from array import array
from collections.abc import Container, Iterable, Sequence
from math import log
from pathlib import Path
from typing import Any

STORE = "search.sqlite"
FORMAT = 2
B = 0.75
K1 = 1.2
"""whoosh's BM25F defaults, which the index is searched with."""
STORE_DAMAGE = (sqlite3.DatabaseError, OSError, ValueError, KeyError, TypeError, UnicodeDecodeError)
"""What opening or reading a damaged store raises."""

_SCHEMA = """
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE lengths (field TEXT PRIMARY KEY, total INTEGER NOT NULL, per_doc BLOB NOT NULL);
CREATE TABLE terms (field TEXT, term TEXT, docs BLOB NOT NULL, weights BLOB NOT NULL,
                    PRIMARY KEY (field, term)) WITHOUT ROWID;
CREATE TABLE ids (field TEXT, value TEXT, docs BLOB NOT NULL, PRIMARY KEY (field, value)) WITHOUT ROWID;
CREATE TABLE stored (docnum INTEGER PRIMARY KEY, fields TEXT NOT NULL);
"""


class Clause:
    """One weighted term of a query: a term of an analysed field, its boost (a plain class: dataclasses
    cost a start-up import)."""

    __slots__ = ("boost", "field", "term")

    def __init__(self, field: str, term: str, boost: float = 1.0) -> None:
        self.field, self.term, self.boost = field, term, boost

    def __repr__(self) -> str:
        return f"Clause({self.field!r}, {self.term!r}, {self.boost!r})"


def write_store(path: Path, index: Any) -> None:
    """Writes the query-time copy of an opened whoosh index to path (a new file). Document numbers and
    weights (term frequencies, whole numbers unless a boost made them fractions) are kept in two bytes
    each when they fit, as most do."""
    with index.reader() as reader, sqlite3.connect(path) as db:
        db.executescript(_SCHEMA)
        count = reader.doc_count_all()
        schema = index.schema
        scored = [name for name in schema.names() if schema[name].scorable]
        postings = [(name, *row) for name in scored for row in _postings(reader, name)]
        docs = "H" if count <= 0xFFFF else "I"
        small = all(w.is_integer() and 0 <= w <= 0xFFFF for row in postings for w in row[3])
        weights, cast = ("H", int) if small else ("d", float)
        meta = {"format": FORMAT, "doc_count": count, "docs": docs, "weights": weights}
        db.executemany("INSERT INTO meta VALUES (?, ?)", [(k, str(v)) for k, v in meta.items()])
        db.executemany(
            "INSERT INTO terms VALUES (?, ?, ?, ?)",
            [
                (name, term, array(docs, numbers).tobytes(), array(weights, map(cast, values)).tobytes())
                for name, term, numbers, values in postings
            ],
        )
        for name in scored:
            lengths = array("I", (reader.doc_field_length(d, name, 0) or 0 for d in range(count)))
            row = (name, reader.field_length(name), lengths.tobytes())
            db.execute("INSERT INTO lengths VALUES (?, ?, ?)", row)
        for name in schema.names():
            if schema[name].indexed and not schema[name].scorable:
                db.executemany("INSERT INTO ids VALUES (?, ?, ?)", _ids(reader, name, docs))
        db.executemany(
            "INSERT INTO stored VALUES (?, ?)",
            [(d, json.dumps(reader.stored_fields(d), ensure_ascii=False)) for d in range(count)],
        )
    db.close()


def _ids(reader: Any, name: str, docs: str) -> Iterable[tuple[str, str, bytes]]:
    for term in reader.lexicon(name):
        yield name, term.decode("utf-8"), array(docs, reader.postings(name, term).all_ids()).tobytes()


def _postings(reader: Any, name: str) -> Iterable[tuple[str, list[int], list[float]]]:
    for term in reader.lexicon(name):
        pairs = list(reader.postings(name, term).items_as("weight"))
        yield term.decode("utf-8"), [d for d, _ in pairs], [float(w) for _, w in pairs]


class SearchStore:
    """The store opened read-only, with the rows read so far kept for the following queries."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        meta = dict(self.db.execute("SELECT name, value FROM meta").fetchall())
        if meta.get("format") != str(FORMAT):
            raise ValueError(f"{path}: store format {meta.get('format')!r}, expected {FORMAT}")
        self.doc_count = int(meta["doc_count"])
        self._docs, self._weights = meta["docs"], meta["weights"]
        self._postings: dict[tuple[str, str], tuple[array[int], array[Any]]] = {}
        self._lengths: dict[str, tuple[array[int], float]] = {}
        self._ids: dict[tuple[str, str], array[int]] = {}
        self._stored: dict[int, dict[str, Any]] = {}

    def close(self) -> None:
        self.db.close()

    def postings(self, field: str, term: str) -> tuple[array[int], array[Any]]:
        """Returns the document numbers holding term in field (ascending) and the term's weight in each."""
        key = (field, term)
        found = self._postings.get(key)
        if found is None:
            row = self.db.execute(
                "SELECT docs, weights FROM terms WHERE field = ? AND term = ?", key
            ).fetchone()
            docs, weights = array(self._docs), array(self._weights)
            if row is not None:
                docs.frombytes(row[0])
                weights.frombytes(row[1])
            found = self._postings[key] = (docs, weights)
        return found

    def doc_frequency(self, field: str, term: str) -> int:
        """Returns how many documents hold term in field."""
        return len(self.postings(field, term)[0])

    def terms_starting(self, field: str, prefix: str) -> list[str]:
        """Returns the terms of field that begin with prefix, in order."""
        rows = self.db.execute(
            "SELECT term FROM terms WHERE field = ? AND term >= ? AND term < ? ORDER BY term",
            (field, prefix, prefix + "\U0010ffff"),
        )
        return [row[0] for row in rows]

    def doc_numbers(self, field: str, value: str) -> array[int]:
        """Returns the document numbers whose id field (key, num, doc, kind) is value, ascending."""
        key = (field, value)
        found = self._ids.get(key)
        if found is None:
            row = self.db.execute("SELECT docs FROM ids WHERE field = ? AND value = ?", key).fetchone()
            found = self._ids[key] = array(self._docs)
            found.frombytes(row[0] if row else b"")
        return found

    def stored_fields(self, docnum: int) -> dict[str, Any]:
        """Returns the stored fields of a document (key, doc, kind, title, context, body, cites)."""
        found = self._stored.get(docnum)
        if found is None:
            row = self.db.execute("SELECT fields FROM stored WHERE docnum = ?", (docnum,)).fetchone()
            if row is None:
                raise KeyError(f"{self.path}: no document {docnum}")
            found = self._stored[docnum] = json.loads(row[0])
        return found

    def _field_lengths(self, field: str) -> tuple[array[int], float]:
        found = self._lengths.get(field)
        if found is None:
            row = self.db.execute("SELECT total, per_doc FROM lengths WHERE field = ?", (field,)).fetchone()
            if row is None:
                raise KeyError(f"{self.path}: no field {field}")
            lengths = array("I")
            lengths.frombytes(row[1])
            found = self._lengths[field] = (lengths, row[0] / (self.doc_count or 1) or 1)
        return found

    def score(
        self, clauses: Sequence[Clause], limit: int, allowed: Container[int]
    ) -> list[tuple[int, float]]:
        """Returns the best limit (document number, score) pairs among allowed for an OR of clauses, best
        first, as whoosh's BM25F ranks them: each clause adds idf · tf(K1+1) / (tf + K1(1 − B + B·len/avg))
        times its boost, in the clauses' order; equal scores in document order."""
        scores: dict[int, float] = {}
        count = self.doc_count
        for clause in clauses:
            docs, weights = self.postings(clause.field, clause.term)
            if not docs:
                continue
            lengths, average = self._field_lengths(clause.field)
            idf = log(count / (len(docs) + 1)) + 1
            boost = clause.boost
            for docnum, weight in zip(docs, weights, strict=True):
                if docnum in allowed:
                    norm = (1 - B) + B * lengths[docnum] / average
                    part = idf * ((weight * (K1 + 1)) / (weight + K1 * norm))
                    scores[docnum] = scores.get(docnum, 0.0) + part * boost
        positive = ((-score, docnum) for docnum, score in scores.items() if score > 0)
        return [(docnum, -negated) for negated, docnum in heapq.nsmallest(limit, positive)]
