"""The query-time copy of the search index: what a query reads, in one SQLite file beside whoosh's files.

whoosh is the index of record: ``index.py`` writes it and, from the same documents and the same analysis,
``search.sqlite`` in the same build folder: each analysed field's terms with their postings (document
numbers and term frequencies), each document's field lengths as whoosh keeps them (rounded to a byte's
worth), each field's total length, the terms of the id fields and the stored fields. A query reads only
the rows of the terms it looks up, so ``ruling search`` does not import whoosh (about 60 ms of imports on
a cold start), and ``score`` ranks as whoosh's BM25F with an OR of weighted terms does, to the last bit:
the same idf, lengths and averages, the terms summed in the query's order, ties in document order
(tests/search/test_store.py compares the two on every query set).
"""

from __future__ import annotations

import heapq
import json
import sqlite3
from array import array
from collections.abc import Container, Mapping, Sequence
from math import log
from pathlib import Path
from typing import Any

from ruling.search.fields import ID_FIELDS, STORED_FIELDS, analysed_fields, counted

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


def write_store(path: Path, documents: Sequence[dict[str, str]]) -> None:
    """Writes the query-time copy of the index of documents (the fields each document was given to whoosh,
    in the order it numbered them) to path (a new file), from the terms whoosh's fields counted
    (``fields.counted``): each term's documents and frequencies, each field's lengths rounded to a
    byte's worth as whoosh keeps them and their exact total, the id fields and the stored fields.
    Document numbers and frequencies are kept in two bytes each when they fit."""
    from whoosh.util.numeric import byte_to_length, length_to_byte

    count = len(documents)
    postings: dict[tuple[str, str], tuple[list[int], list[int]]] = {}
    lengths: dict[str, array[int]] = {}
    totals: dict[str, int] = {}
    ids: dict[tuple[str, str], list[int]] = {}
    for name, chain in analysed_fields().items():
        per_doc = lengths[name] = array("I", bytes(4 * count))
        for docnum, document in enumerate(documents):
            value = document.get(name)
            if not value:
                continue
            frequencies = counted(chain, value)
            length = sum(frequency for _, frequency in frequencies)
            per_doc[docnum] = byte_to_length(length_to_byte(length))
            totals[name] = totals.get(name, 0) + length
            for term, frequency in frequencies:
                docs, weights = postings.setdefault((name, term), ([], []))
                docs.append(docnum)
                weights.append(frequency)
    for docnum, document in enumerate(documents):
        for name in ID_FIELDS:
            if name in document:
                ids.setdefault((name, document[name]), []).append(docnum)
    docs_code = "H" if count <= 0xFFFF else "I"
    weights_code = "H" if all(w <= 0xFFFF for _, values in postings.values() for w in values) else "I"
    meta = {"format": FORMAT, "doc_count": count, "docs": docs_code, "weights": weights_code}
    with sqlite3.connect(path) as db:
        db.executescript(_SCHEMA)
        db.executemany("INSERT INTO meta VALUES (?, ?)", [(k, str(v)) for k, v in meta.items()])
        db.executemany(
            "INSERT INTO terms VALUES (?, ?, ?, ?)",
            [
                (name, term, array(docs_code, docs).tobytes(), array(weights_code, weights).tobytes())
                for (name, term), (docs, weights) in postings.items()
            ],
        )
        db.executemany(
            "INSERT INTO lengths VALUES (?, ?, ?)",
            [(name, totals.get(name, 0), per_doc.tobytes()) for name, per_doc in lengths.items()],
        )
        db.executemany(
            "INSERT INTO ids VALUES (?, ?, ?)",
            [(name, value, array(docs_code, docs).tobytes()) for (name, value), docs in ids.items()],
        )
        db.executemany(
            "INSERT INTO stored VALUES (?, ?)",
            [
                (docnum, json.dumps({k: d[k] for k in STORED_FIELDS if k in d}, ensure_ascii=False))
                for docnum, d in enumerate(documents)
            ],
        )
    db.close()


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
        first (``scores``, ``best``)."""
        return best(self.scores(clauses, allowed), limit)

    def scores(self, clauses: Sequence[Clause], allowed: Container[int]) -> dict[int, float]:
        """Returns the score of each allowed document an OR of clauses matches, as whoosh's BM25F ranks
        them: each clause adds idf · tf(K1+1) / (tf + K1(1 − B + B·len/avg)) times its boost, in the
        clauses' order."""
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
        return scores


def best(
    scores: Mapping[int, float], limit: int, among: Container[int] | None = None
) -> list[tuple[int, float]]:
    """Returns the best limit (document number, score) pairs of scores above 0 (among some documents
    only, if given), best first; equal scores in document order."""
    positive = (
        (-score, docnum)
        for docnum, score in scores.items()
        if score > 0 and (among is None or docnum in among)
    )
    return [(docnum, -negated) for negated, docnum in heapq.nsmallest(limit, positive)]
