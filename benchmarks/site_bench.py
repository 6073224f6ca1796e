"""Prints the static site's figures, measured in one run:

- the full build time by phase: cold (empty cache: the Japanese readings of the search index are computed)
  and warm (the parsed corpus and the search index scripts come from the cache), median of --builds runs;
- sizes gzipped: each language's search index, the Japanese readings file (loaded only for kana queries),
  and the largest section page with the assets every page loads (CSS, page script);
- search parity: every query of the query sets of tests/search (the development set, and the tuning and
  check halves of the judge set) run through the site's search in headless Chromium and through `ruling
  search` (the whoosh index), Hit@3 per document for both (quote the check half), and the queries whose
  first three results, and first result, are the same. The site's search was
  written from ruling/search/query.py and compared on the development set and the tuning half only;
- time from a keystroke to the first results in the browser, typing each query letter by letter into the
  search box of a page (p50, p95, max), and for the first keystroke on a fresh page, typed the moment its
  document is parsed (the index scripts may still be on their way) and 500 ms later; and what that first
  keystroke waits for: an index script's load and parse, its preparation and the first search;
- the CPU seconds of the build in this process and in its worker (less distorted by a loaded machine
  than the wall-clock times).

Targets (issue 10): build <= 10 s; index <= 250 KB gzipped per language; section page <= 100 KB gzipped with
its assets; |site Hit@3 - CLI Hit@3| <= 0.05 per document; first result <= 50 ms after a keystroke.

Usage: .venv/bin/python benchmarks/site_bench.py [--builds 3] [--typed 40]
"""

from __future__ import annotations

import argparse
import gzip
import os
import resource
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


Case = tuple[str, int, str, str, Any]
"""(query set, line, doc, query, the querysets Case that judges relevance)."""


def read_queries() -> list[Case]:
    """Returns every query of the query sets of tests/search (read as tests/search/querysets.py does)."""
    from tests.search.querysets import read_cases

    cases: list[Case] = []
    for path in sorted((REPO / "tests" / "search").glob("queries*.tsv")):
        for case in read_cases(path):
            if case.doc in DOCS:
                cases.append((path.stem, case.line, case.doc, case.query, case))
    return cases


def hit(case: Case, keys: list[str]) -> bool:
    return any(case[4].is_relevant(key) for key in keys[:3])


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 9))


def cpu_seconds() -> tuple[float, float]:
    """Returns the CPU seconds used so far by this process and by its finished child processes."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


def timed_builds(target: Path, builds: int) -> tuple[BuildReport, list[BuildReport]]:
    """Builds once with an empty cache, then builds more times warm; returns the cold and warm reports,
    and prints the CPU seconds of each kind of build (this process, the worker process)."""
    before = cpu_seconds()
    cold = build_site(target, CORPUS, SCENARIOS)
    middle = cpu_seconds()
    warm = [build_site(target, CORPUS, SCENARIOS) for _ in range(builds)]
    after = cpu_seconds()
    print(
        f"build CPU seconds: cold {middle[0] - before[0]:.2f} here + {middle[1] - before[1]:.2f} in the "
        f"worker; warm {(after[0] - middle[0]) / max(builds, 1):.2f} here + "
        f"{(after[1] - middle[1]) / max(builds, 1):.2f} in the worker (mean)"
    )
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


def cli_ranks(cases: list[Case]) -> list[list[str]]:
    from ruling.search.index import open_index
    from ruling.search.query import SearchIndex, search

    index = SearchIndex(open_index(CORPUS))
    try:
        return [[h.key for h in search(index, query, (doc,), limit=3).hits] for _, _, doc, query, _ in cases]
    finally:
        index.close()


def site_ranks(browser: Any, site: Path, cases: list[Case]) -> list[list[str]]:
    page = browser.new_page()
    page.goto((site / "index.html").as_uri())
    page.evaluate(LOAD_INDEXES, ["ru", "ja", "sr", "ja-reading"])
    ranks = [page.evaluate(SEARCH_IN_PAGE, [query, [doc], 3]) for _, _, doc, query, _ in cases]
    page.close()
    return ranks


def print_parity(cases: list[Case], cli: list[list[str]], site: list[list[str]]) -> None:
    print("search parity, Hit@3 per document (site / CLI / difference):")
    for label in dict.fromkeys(case[0] for case in cases):
        cells = []
        for doc in DOCS:
            rows = [n for n, case in enumerate(cases) if case[0] == label and case[2] == doc]
            if not rows:
                continue
            site_hit = sum(hit(cases[n], site[n]) for n in rows) / len(rows)
            cli_hit = sum(hit(cases[n], cli[n]) for n in rows) / len(rows)
            cells.append(f"{doc} {site_hit:.2f}/{cli_hit:.2f}/{site_hit - cli_hit:+.2f} (n={len(rows)})")
        print(f"  {label}: " + "; ".join(cells))
    same = sum(site[n] == cli[n] for n in range(len(cases)))
    print(f"  the same first three results on {same} of {len(cases)} queries")
    differ = [n for n in range(len(cases)) if site[n][:1] != cli[n][:1]]
    print(f"  first result differs on {len(differ)} of {len(cases)} queries; those outside the check half:")
    for n in [n for n in differ if cases[n][0] != "queries-check"][:12]:
        print(f"    {cases[n][0]}:{cases[n][1]} {cases[n][2]} {cases[n][3]!r}: site {site[n]}, CLI {cli[n]}")


def print_latency(browser: Any, site: Path, cases: list[Case], typed: int) -> None:
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


COLD_KEYSTROKE = """async (query) => {
  const input = document.getElementById("q"), panel = document.getElementById("results");
  const changed = new Promise((done) => {
    const observer = new MutationObserver(() => { observer.disconnect(); done(performance.now()); });
    observer.observe(panel, { childList: true, subtree: true });
  });
  const start = performance.now();
  input.focus();
  input.value = query;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  return (await changed) - start;
}"""


def print_cold_latency(browser: Any, site: Path) -> None:
    """The first keystroke on a freshly opened page, typed the moment its document is parsed (the
    earliest a judge could type; the index scripts may still be on their way) and half a second later (a
    judge's first keystroke comes later than that)."""
    for pause in (0, 500):
        cells = []
        for doc, query in (("ru", "у"), ("ja", "ト"), ("sr", "u")):
            times = []
            for _ in range(5):
                page = browser.new_page()
                page.goto((site / doc / "index.html").as_uri(), wait_until="domcontentloaded")
                page.wait_for_timeout(pause)
                times.append(page.evaluate(COLD_KEYSTROKE, query))
                page.close()
            cells.append(f"{doc} {statistics.median(times):.0f} ms")
        print(
            f"first keystroke on a fresh page, {pause} ms after DOMContentLoaded (median of 5): "
            + ", ".join(cells)
        )


INDEX_LOAD = """async ([lang, query]) => {
  const load = (src) => new Promise((done) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = () => done();
    document.head.appendChild(script);
  });
  await load("assets/search.js");
  const start = performance.now();
  await load("assets/search-" + lang + ".js");
  const loaded = performance.now();
  window.RulingSearch.prepare(lang);
  const prepared = performance.now();
  window.RulingSearch.search(query, [lang], 10);
  return [loaded - start, prepared - loaded, performance.now() - prepared];
}"""


def print_index_load(browser: Any, site: Path) -> None:
    """What the first keystroke waits for, in a fresh blank page of the site (no page script preloading):
    loading and parsing a language's index script, preparing it (vocabulary, tables), the first search."""
    blank = site / "bench-blank.html"
    blank.write_text('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>')
    cells = []
    for lang, query in (("ru", "у"), ("ja", "ト"), ("sr", "u")):
        runs = []
        for _ in range(7):
            page = browser.new_page()
            page.goto(blank.as_uri())
            runs.append(page.evaluate(INDEX_LOAD, [lang, query]))
            page.close()
        load, prepare, first = (statistics.median(column) for column in zip(*runs, strict=True))
        cells.append(f"{lang} {load:.0f} + {prepare:.0f} + {first:.0f} ms")
    blank.unlink()
    print(
        "index script in a fresh page, load+parse + prepare + first search (median of 7): " + ", ".join(cells)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--builds", type=int, default=3, help="warm builds to time")
    parser.add_argument("--typed", type=int, default=40, help="queries per language typed for the latency")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, shared (load {os.getloadavg()[0]:.1f}); timings vary with it")
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
            print_cold_latency(browser, site)
            print_index_load(browser, site)
        print(f"(benchmark ran {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
