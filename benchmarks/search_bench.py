"""Prints search figures measured in one run on the same queries (tests/search/queries.tsv).

- index build time (corpus parse and index write, each the median of --builds runs);
- warm query latency p50/p95: ruling's search on an open index, and a plain SQLite FTS5 baseline
  (``unicode61 remove_diacritics 2``, words OR-ed, bm25 order) over the same entries; each query runs
  --passes times, the median per query is kept, then p50/p95 across queries;
- Hit@3 and MRR per document for both;
- cold ``ruling search`` wall time (process start to output, the index already built) and
  ``python -c pass`` for scale, medians of --runs runs.

Targets (issue 3): warm p95 <= 10 ms, cold search median <= 0.3 s.

Usage: .venv/bin/python benchmarks/search_bench.py [--passes 5] [--runs 9] [--builds 3]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
QUERIES = REPO / "tests" / "search" / "queries.tsv"
COLD_QUERY = "пробивающий удар"


def read_queries() -> list[tuple[str, str, tuple[str, ...]]]:
    rows = []
    for line in QUERIES.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            doc, query, relevant = line.split("\t")
            rows.append((doc, query, tuple(r.strip() for r in relevant.split("|"))))
    return rows


def is_relevant(key: str, relevant: Sequence[str]) -> bool:
    return any(key.startswith(r[:-1]) if r.endswith("*") else key == r for r in relevant)


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def timed_queries(
    run: Callable[[str, str], list[str]], rows: list[tuple[str, str, tuple[str, ...]]], passes: int
) -> tuple[list[float], dict[str, tuple[float, float]]]:
    """Returns per-query median latencies (ms) and per-document (Hit@3, MRR)."""
    latencies: list[float] = []
    ranks: dict[str, list[int | None]] = {}
    for doc, query, relevant in rows:
        times = []
        keys: list[str] = []
        for _ in range(passes):
            start = time.perf_counter()
            keys = run(query, doc)
            times.append((time.perf_counter() - start) * 1000)
        latencies.append(statistics.median(times))
        rank = next((n for n, key in enumerate(keys, start=1) if is_relevant(key, relevant)), None)
        ranks.setdefault(doc, []).append(rank)
    quality = {
        doc: (
            sum(1 for r in found if r is not None and r <= 3) / len(found),
            sum(1 / r for r in found if r is not None) / len(found),
        )
        for doc, found in ranks.items()
    }
    return latencies, quality


def fts5_baseline(entries: list[object]) -> tuple[sqlite3.Connection, float]:
    """Builds an in-memory FTS5 table over the same entries; returns it and the build time."""
    start = time.perf_counter()
    db = sqlite3.connect(":memory:")
    db.execute(
        "CREATE VIRTUAL TABLE entries USING fts5("
        "key UNINDEXED, doc UNINDEXED, title, body, tokenize='unicode61 remove_diacritics 2')"
    )
    db.executemany(
        "INSERT INTO entries VALUES (?, ?, ?, ?)",
        [
            (e.key, e.doc, e.title, "\n".join([e.text, *e.aliases, *e.english]))  # type: ignore[attr-defined]
            for e in entries
        ],
    )
    db.commit()
    return db, time.perf_counter() - start


def fts5_search(db: sqlite3.Connection, query: str, doc: str) -> list[str]:
    words = re.findall(r"\w+", query)
    if not words:
        return []
    match = " OR ".join('"' + w.replace('"', '""') + '"' for w in words)
    rows = db.execute(
        "SELECT key FROM entries WHERE entries MATCH ? AND doc = ? ORDER BY bm25(entries) LIMIT 10",
        (match, doc),
    ).fetchall()
    return [row[0] for row in rows]


def wall_times(command: list[str], runs: int, env: dict[str, str]) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--passes", type=int, default=5, help="runs of each query (median kept)")
    parser.add_argument("--runs", type=int, default=9, help="cold process runs (median reported)")
    parser.add_argument("--builds", type=int, default=3, help="index builds (median reported)")
    args = parser.parse_args()

    cache = Path(tempfile.mkdtemp(prefix="ruling-bench-"))
    os.environ["RULING_CACHE"] = str(cache)
    try:
        from ruling.corpus.load import corpus_dir
        from ruling.search.index import build_index, index_folder, load_entries, open_index
        from ruling.search.query import SearchIndex, search

        folder = corpus_dir(REPO / "rules_corpus")
        rows = read_queries()

        parse_times, build_times = [], []
        entries = []
        for _ in range(args.builds):
            start = time.perf_counter()
            entries = load_entries(folder)
            parse_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            build_index(folder, entries)
            build_times.append(time.perf_counter() - start)
        live = index_folder(folder)
        assert live is not None, "the index was built but no live folder is published"
        size = sum(p.stat().st_size for p in live.rglob("*") if p.is_file())
        print(
            f"entries indexed: {len(entries)}; queries: {len(rows)} (ru, sr, ja), {args.passes} passes each"
        )
        print(
            f"index build: parse {statistics.median(parse_times):.2f} s + write "
            f"{statistics.median(build_times):.2f} s (median of {args.builds}); on disk {size / 1e6:.2f} MB"
        )

        index = SearchIndex(open_index(folder))
        ruling_lat, ruling_q = timed_queries(
            lambda q, d: [h.key for h in search(index, q, (d,), limit=10).hits], rows, args.passes
        )
        db, fts_build = fts5_baseline(entries)
        fts_lat, fts_q = timed_queries(lambda q, d: fts5_search(db, q, d), rows, args.passes)

        print(f"\n{'engine':<22}{'p50 ms':>8}{'p95 ms':>8}   quality per doc (Hit@3 / MRR)")
        for name, lat, quality in (
            ("ruling (whoosh)", ruling_lat, ruling_q),
            ("SQLite FTS5", fts_lat, fts_q),
        ):
            per_doc = "  ".join(f"{d} {h:.2f}/{m:.2f}" for d, (h, m) in quality.items())
            print(f"{name:<22}{percentile(lat, 0.5):>8.2f}{percentile(lat, 0.95):>8.2f}   {per_doc}")
        print(f"(FTS5 build in memory: {fts_build:.2f} s)")

        env = dict(os.environ)
        ruling_cmd = [str(Path(sys.executable).with_name("ruling")), "search", "--limit", "5", COLD_QUERY]
        wall_times(ruling_cmd, 1, env)  # page cache warm-up
        cold = wall_times(ruling_cmd, args.runs, env)
        bare = wall_times([sys.executable, "-c", "pass"], args.runs, env)
        print(
            f"\ncold `ruling search {COLD_QUERY!r}`: median {statistics.median(cold):.3f} s "
            f"(min {min(cold):.3f}, max {max(cold):.3f}, {args.runs} runs)"
        )
        print(f"`python -c pass`: median {statistics.median(bare):.3f} s")
        print(
            f"\ntargets: warm p95 <= 10 ms: {percentile(ruling_lat, 0.95):.2f} ms; "
            f"cold median <= 0.3 s: {statistics.median(cold):.3f} s"
        )
    finally:
        shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()
