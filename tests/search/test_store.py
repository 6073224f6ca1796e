"""The query-time store: it holds what whoosh holds and scores as whoosh does, and a search reads it alone."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from whoosh import query as wq

from ruling.search.index import build_index, open_index, open_store
from ruling.search.query import SearchIndex, build_query
from ruling.search.store import Clause, SearchStore

from .conftest import CORPUS, REPO
from .querysets import read_cases
from .test_index import ENTRIES, small_corpus  # noqa: F401  (a fixture)

QUERY_SETS = sorted((REPO / "tests" / "search").glob("queries*.tsv"))


def test_store_scores_every_query_as_whoosh_does(search_cache: Path, search_index: SearchIndex) -> None:
    """Every query of the sets, in its document and in all documents: the same top 30 documents, in the
    same order, with bit-identical scores, from the store and from whoosh's searcher."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RULING_CACHE", str(search_cache))
        whoosh_index = open_index(CORPUS)
    store, bridge, lexicon = search_index.store, search_index.bridge(), search_index.lexicon()
    cases = [case for path in QUERY_SETS for case in read_cases(path)]
    compared = 0
    with whoosh_index.searcher() as searcher:
        for case in cases:
            for docs in ((case.doc,), ("ru", "ja", "sr", "guide", "wiki")):
                clauses, _, _ = build_query(store, case.query, docs, bridge, lexicon)
                allowed = search_index.allowed(docs, False)
                ours = store.score(clauses, 30, allowed)
                query = wq.PreloadedOr([wq.Term(c.field, c.term, boost=c.boost) for c in clauses])
                results = searcher.search(query, limit=30, filter=allowed, optimize=False)
                theirs = [(result.docnum, result.score) for result in results]
                assert ours == theirs, f"{case}: store {ours[:5]}…, whoosh {theirs[:5]}…"
                compared += bool(ours)
    assert compared > len(cases)


def test_store_holds_the_id_fields_and_stored_fields(small_corpus: Path) -> None:  # noqa: F811
    build_index(small_corpus, list(ENTRIES))
    store = open_store(small_corpus)
    [docnum] = store.doc_numbers("key", "sr:D21.30")
    assert list(store.doc_numbers("num", "sr:d21.30")) == [docnum]
    assert store.stored_fields(docnum)["body"] == "Efekti stanja se proveravaju."
    assert len(store.doc_numbers("doc", "ru")) == 2 and len(store.doc_numbers("kind", "glossary")) == 1
    assert list(store.doc_numbers("key", "ru:999")) == [] and store.doc_frequency("text_ru", "нет") == 0
    with pytest.raises(KeyError):
        store.stored_fields(len(ENTRIES))
    assert store.terms_starting("text_ja", "トラ") == ["トラ"]
    assert store.terms_starting("text_ja", "ン") == ["ンプ"]


def test_store_ranks_by_bm25_with_boosts_and_ties_in_document_order(small_corpus: Path) -> None:  # noqa: F811
    build_index(small_corpus, list(ENTRIES))
    store = open_store(small_corpus)
    everything = range(len(ENTRIES))
    ru = store.doc_numbers("doc", "ru")
    [rule] = store.doc_numbers("key", "ru:502.9")
    [glossary] = store.doc_numbers("key", "ru:glossary/Жетон")
    term = store.postings("alias_ru", "trampl")
    assert list(term[0]) == [rule] and list(term[1]) == [1.0]
    one = store.score([Clause("alias_ru", "trampl")], 10, everything)
    two = store.score([Clause("alias_ru", "trampl", boost=2.0)], 10, everything)
    assert [d for d, _ in one] == [rule] and two[0][1] == pytest.approx(2 * one[0][1])
    assert store.score([Clause("alias_ru", "trampl")], 10, [glossary]) == []
    same = [Clause("alias_ru", "trampl"), Clause("alias_ja", "trampl")]
    tied = store.score(same, 10, everything)
    assert len(tied) == 2 and tied[0][1] == tied[1][1]  # alike: one alias word each
    assert [d for d, _ in tied] == sorted(d for d, _ in tied)  # ties in document order
    assert len(store.score(same, 1, everything)) == 1 and set(ru) >= {rule, glossary}


def test_a_search_on_a_built_index_does_not_import_whoosh(search_cache: Path) -> None:
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from ruling.search.query import search_corpus\n"
        f"found = search_corpus(Path({str(CORPUS)!r}), 'пробивающий удар', ('ru',))\n"
        "assert found.hits, 'no hits'\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'whoosh'))\n"
    )
    env = dict(os.environ, RULING_CACHE=str(search_cache))
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout


def test_a_store_of_another_format_is_refused(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "search.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.execute("INSERT INTO meta VALUES ('format', '0')")
    db.close()
    with pytest.raises(ValueError, match="format"):
        SearchStore(path)
