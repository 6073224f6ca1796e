"""Prints the static site's figures, measured in one run:

- the full build time by phase: cold (empty cache: the Japanese readings of the search index are computed)
  and warm (the parsed corpus and the search index scripts come from the cache), median of --builds runs;
- sizes gzipped: each language's search index, the Japanese readings file (loaded only for kana queries),
  and the largest section page with the assets every page loads (CSS, page script);
- search parity: every query of tests/search/*.tsv run through the site's search in headless Chromium and
  through `ruling search` (the whoosh index), Hit@3 per document for both, on the check half (every second
  query, by position in its file) and on all queries. The site's search was written from
  ruling/search/query.py, not tuned on these queries;
- time from a keystroke to the first results in the browser, typing each query letter by letter into the
  search box of a page (p50, p95, max).

Targets (issue 10): build <= 10 s; index <= 250 KB gzipped per language; section page <= 100 KB gzipped with
its assets; |site Hit@3 - CLI Hit@3| <= 0.05 per document; first result <= 50 ms after a keystroke.

Usage: .venv/bin/python benchmarks/site_bench.py [--builds 3] [--typed 40]
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from ruling.sitegen.build import BuildReport, build_site  # noqa: E402
from tests.sitegen.browser import LOAD_INDEXES, SEARCH_IN_PAGE, chromium, unavailable  # noqa: E402

CORPUS = REPO / "rules_corpus"
SCENARIOS = REPO / "scenarios"
DOCS = ("ru", "ja", "sr", "guide", "wiki")

KEYSTROKE_LATENCY = """async (query) => {
  const input = document.getElementById("q"), panel = document.getElementById("results");
  const times = [];
  for (let n = 1; n <= query.length; n++) {
    input.value = "";
    panel.textContent = "";
    const prefix = query.slice(0, n);
    if (!prefix.trim()) continue;
    const changed = new Promise((done) => {
      const observer = new MutationObserver(() => { observer.disconnect(); done(performance.now()); });
      observer.observe(panel, { childList: true, subtree: true });
    });
    input.value = prefix;
    const start = performance.now();
    input.dispatchEvent(new Event("input", { bubbles: true }));
    times.push((await changed) - start);
  }
  return times;
}"""


def read_queries() -> list[tuple[str, int, str, str, tuple[str, ...]]]:
    """Returns (file, position in file, doc, query, relevant keys) for every query set of tests/search."""
    cases = []
    for path in sorted((REPO / "tests" / "search").glob("*.tsv")):
        position = 0
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) != 3 or fields[0] not in DOCS:
                continue
            position += 1
            relevant = tuple(r.strip() for r in fields[2].split("|"))
            cases.append((path.name, position, fields[0], fields[1], relevant))
    return cases


def is_relevant(key: str, relevant: tuple[str, ...]) -> bool:
    return any(key.startswith(r[:-1]) if r.endswith("*") else key == r for r in relevant)


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 9))


def timed_builds(target: Path, builds: int) -> tuple[BuildReport, list[BuildReport]]:
    """Builds once with an empty cache, then builds more times warm; returns the cold and warm reports."""
    cold = build_site(target, CORPUS, SCENARIOS)
    warm = [build_site(target, CORPUS, SCENARIOS) for _ in range(builds)]
    return cold, warm


def print_build(cold: BuildReport, warm: list[BuildReport]) -> None:
    def line(label: str, phases: dict[str, float]) -> None:
        total = sum(phases.values())
        parts = ", ".join(f"{name} {seconds:.2f}" for name, seconds in phases.items())
        print(f"  {label}: {total:.2f} s ({parts})")

    print(
        f"build: {cold.pages} pages, {cold.files} files, {cold.bytes / 1e6:.1f} MB, "
        f"{cold.links} links checked"
    )
    line("cold (empty cache)", cold.phases)
    middle = sorted(warm, key=lambda r: sum(r.phases.values()))[len(warm) // 2]
    line(f"warm (median of {len(warm)})", middle.phases)


def print_sizes(site: Path) -> None:
    print("sizes (gzip -9):")
    for script in sorted((site / "assets").glob("search-*.js")):
        print(
            f"  {script.name}: {gz(script.read_bytes()) / 1024:.0f} KB "
            f"({script.stat().st_size / 1024:.0f} KB raw)"
        )
    assets = sum(gz((site / "assets" / name).read_bytes()) for name in ("site.css", "site.js"))
    pages = [p for doc in ("ru", "ja", "sr", "wiki") for p in (site / doc).glob("*.html")]
    sections = [p for p in pages if p.stem not in ("index", "glossary", "terms", "coverage")]
    largest = max(sections, key=lambda p: gz(p.read_bytes()))
    print(
        f"  largest section page {largest.relative_to(site)}: {gz(largest.read_bytes()) / 1024:.0f} KB"
        f" + assets {assets / 1024:.0f} KB = {(gz(largest.read_bytes()) + assets) / 1024:.0f} KB"
    )
    other = max(pages, key=lambda p: gz(p.read_bytes()))
    print(f"  largest page of a document {other.relative_to(site)}: {gz(other.read_bytes()) / 1024:.0f} KB")


def cli_ranks(cases: list[tuple[str, int, str, str, tuple[str, ...]]]) -> list[list[str]]:
    from ruling.search.index import open_index
    from ruling.search.query import SearchIndex, search

    index = SearchIndex(open_index(CORPUS))
    try:
        return [[h.key for h in search(index, query, (doc,), limit=3).hits] for _, _, doc, query, _ in cases]
    finally:
        index.close()


def site_ranks(
    browser: Any, site: Path, cases: list[tuple[str, int, str, str, tuple[str, ...]]]
) -> list[list[str]]:
    page = browser.new_page()
    page.goto((site / "index.html").as_uri())
    page.evaluate(LOAD_INDEXES, ["ru", "ja", "sr", "ja-reading"])
    ranks = [page.evaluate(SEARCH_IN_PAGE, [query, [doc], 3]) for _, _, doc, query, _ in cases]
    page.close()
    return ranks


def print_parity(
    cases: list[tuple[str, int, str, str, tuple[str, ...]]], cli: list[list[str]], site: list[list[str]]
) -> None:
    print("search parity, Hit@3 per document (site / CLI / difference):")
    for label, wanted in (("check half", 0), ("all queries", None)):
        cells = []
        for doc in DOCS:
            rows = [
                n
                for n, case in enumerate(cases)
                if case[2] == doc and (wanted is None or case[1] % 2 == wanted)
            ]
            if not rows:
                continue
            site_hit = sum(any(is_relevant(k, cases[n][4]) for k in site[n]) for n in rows) / len(rows)
            cli_hit = sum(any(is_relevant(k, cases[n][4]) for k in cli[n]) for n in rows) / len(rows)
            cells.append(f"{doc} {site_hit:.2f}/{cli_hit:.2f}/{site_hit - cli_hit:+.2f} (n={len(rows)})")
        print(f"  {label}: " + "; ".join(cells))
    differ = [n for n in range(len(cases)) if site[n][:1] != cli[n][:1]]
    print(f"  first result differs on {len(differ)} of {len(cases)} queries")
    for n in differ[:8]:
        print(f"    {cases[n][2]} {cases[n][3]!r}: site {site[n]}, CLI {cli[n]}")


def print_latency(
    browser: Any, site: Path, cases: list[tuple[str, int, str, str, tuple[str, ...]]], typed: int
) -> None:
    page = browser.new_page()
    times: list[float] = []
    for doc in ("ru", "ja", "sr"):
        page.goto((site / doc / "index.html").as_uri())
        page.focus("#q")
        page.wait_for_function(f"window.RulingIndex && window.RulingIndex['{doc}'] && window.RulingSearch")
        for _, _, _, query, _ in [c for c in cases if c[2] == doc][:typed]:
            times += page.evaluate(KEYSTROKE_LATENCY, query)
    page.close()
    times.sort()
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    print(
        f"keystroke to first results in Chromium ({len(times)} keystrokes): "
        f"p50 {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--builds", type=int, default=3, help="warm builds to time")
    parser.add_argument("--typed", type=int, default=40, help="queries per language typed for the latency")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores shared with other jobs; timings vary with their load")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["RULING_CACHE"] = str(Path(tmp) / "cache")
        site = Path(tmp) / "site"
        started = time.perf_counter()
        cold, warm = timed_builds(site, args.builds)
        print_build(cold, warm)
        print_sizes(site)
        cases = read_queries()
        cli = cli_ranks(cases)
        reason = unavailable()
        if reason is not None:
            print(f"browser figures skipped: {reason}")
            return
        with chromium() as browser:
            print_parity(cases, cli, site_ranks(browser, site, cases))
            print_latency(browser, site, cases, args.typed)
        print(f"(benchmark ran {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
