"""Builds the site: load the corpus, collect the whole context, build the search indexes, render, check every
link, and swap the new folder in whole (``ruling.fsutil.replace_folder``).

The target must be missing, empty or hold an earlier site (its ``.ruling-site.json`` lists every file) and
nothing else, so a build never deletes anything but an earlier build.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ruling.corpus.cache import load_corpus_cached
from ruling.corpus.load import Corpus, corpus_dir
from ruling.errors import OutputError, RulingError
from ruling.fsutil import protected_target, replace_folder
from ruling.scenario.coverage import DEFAULT_SCENARIOS
from ruling.sitegen.background import Background
from ruling.sitegen.collect import collect_site
from ruling.sitegen.linkcheck import check_site, external_in_assets, read_pages
from ruling.sitegen.model import Page, SiteContext
from ruling.sitegen.places import site_hrefs
from ruling.sitegen.render import Writer, copy_static, environment, render_pages
from ruling.sitegen.searchindex import write_search_indexes
from ruling.sitegen.sources import SITE_DIR

MARKER = ".ruling-site.json"
MARKER_FORMAT = 1


@dataclass
class BuildReport:
    """What a build wrote and how long each phase took."""

    folder: Path
    files: int = 0
    bytes: int = 0
    pages: int = 0
    links: int = 0
    phases: dict[str, float] = field(default_factory=dict)


@dataclass
class Progress:
    """Callbacks a caller may give: the number of pages once known, then one call per page rendered."""

    start: Callable[[int], None] = lambda total: None
    step: Callable[[Page], None] = lambda page: None


def check_target(target: Path, corpus_folder: Path) -> Path:
    """Returns target made absolute, or raises OutputError if building there would destroy something."""
    resolved = protected_target(target, {"the corpus": corpus_folder, "the site sources": SITE_DIR})
    if not resolved.exists():
        return resolved
    if not resolved.is_dir():
        raise OutputError(f"{target}: not a folder")
    try:
        present = {p.relative_to(resolved).as_posix() for p in resolved.rglob("*") if not p.is_dir()}
    except OSError as exc:
        raise OutputError(f"{target}: cannot read the folder: {exc.strerror or exc}") from exc
    if not present:
        return resolved
    listed = _site_files(resolved / MARKER)
    if listed is None:
        raise OutputError(
            f"{target}: the folder is not empty and holds no ruling site (no {MARKER}); "
            "name a new or empty folder"
        )
    foreign = sorted(present - listed)
    if foreign:
        shown = ", ".join(foreign[:5]) + (" …" if len(foreign) > 5 else "")
        raise OutputError(f"{target}: the folder holds files that are not part of the site: {shown}")
    return resolved


def _site_files(marker: Path) -> set[str] | None:
    try:
        data = json.loads(marker.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if (
        not isinstance(data, dict)
        or data.get("format") != MARKER_FORMAT
        or not isinstance(data.get("files"), list)
    ):
        return None
    return {*(str(f) for f in data["files"]), MARKER}


def build_site(
    target: Path,
    corpus_folder: str | Path | None = None,
    scenarios: Path | None = DEFAULT_SCENARIOS,
    base_url: str = "",
    progress: Progress | None = None,
    corpus: Corpus | None = None,
) -> BuildReport:
    """Builds the site of a corpus into target, replacing it whole; fails with RulingError (and leaves
    target as it was) when any internal link is broken."""
    progress = progress or Progress()
    folder = corpus_dir(corpus_folder) if corpus is None else corpus.folder
    target = check_target(target, folder)
    report = BuildReport(target)
    clock = _Clock(report)
    if corpus is None:
        corpus = load_corpus_cached(folder)
    clock.lap("load corpus")
    with Background(corpus, site_hrefs(corpus.documents.values())) as background:
        context = collect_site(corpus, scenarios, base_url, background.concordance)
        clock.lap("collect")
        try:
            with replace_folder(target) as work:
                writer = Writer(work)
                progress.start(len(context.pages))
                render_pages(context, writer, environment(), progress.step)
                copy_static(writer)
                clock.lap("render")
                pages = read_pages(work)
                clock.lap("link check")
                write_search_indexes(background.scripts(), writer)
                clock.lap("search index (the rest)")
                _write_app_files(writer, context)
                checked, broken = check_site(work, pages)
                external = external_in_assets(work)
                clock.lap("link check")
                if broken or external:
                    lines = [str(b) for b in broken[:20]] + [
                        f"{name}: mentions an external URL" for name in external
                    ]
                    more = f" (and {len(broken) - 20} more)" if len(broken) > 20 else ""
                    raise RulingError(
                        f"the site has {len(broken)} broken internal link(s){more}; nothing was replaced:\n  "
                        + "\n  ".join(lines)
                    )
        except OSError as exc:
            raise OutputError(f"{target}: cannot write the site: {exc.strerror or exc}") from exc
    clock.lap("swap")
    report.files = len(writer.written) + 1
    report.bytes = sum(writer.written.values())
    report.pages = len(context.pages)
    report.links = checked
    return report


class _Clock:
    def __init__(self, report: BuildReport) -> None:
        self.report = report
        self.last = time.perf_counter()

    def lap(self, phase: str) -> None:
        """Adds the time since the last lap to a phase (a phase may come in several pieces)."""
        now = time.perf_counter()
        self.report.phases[phase] = self.report.phases.get(phase, 0.0) + now - self.last
        self.last = now


def _write_app_files(writer: Writer, context: SiteContext) -> None:
    """Writes the web app manifest, the service worker (caching every file of the site, versioned by their
    content), a sitemap when the base URL is known, and the marker listing the files."""
    manifest = {
        "name": "ruling: rules of Magic: The Gathering",
        "short_name": "ruling",
        "start_url": "./index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#24415f",
        "icons": [
            {"src": "assets/icon.svg", "sizes": "any", "type": "image/svg+xml"},
            {"src": "assets/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "assets/icon-512.png", "sizes": "512x512", "type": "image/png"},
        ],
    }
    writer.write("manifest.webmanifest", json.dumps(manifest, indent=1) + "\n")
    if context.base_url:
        base = context.base_url.rstrip("/")
        urls = "".join(f"<url><loc>{base}/{p.path}</loc></url>\n" for p in context.pages)
        writer.write(
            "sitemap.xml",
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n{urls}</urlset>\n',
        )
    files = sorted(writer.written)
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update((writer.root / name).read_bytes())
    worker = (SITE_DIR / "sw.js").read_text(encoding="utf-8")
    worker = worker.replace("__VERSION__", digest.hexdigest()[:16]).replace(
        "__FILES__", json.dumps(["./", *files], ensure_ascii=False)
    )
    writer.write("sw.js", worker)
    marker = {"format": MARKER_FORMAT, "files": sorted(writer.written)}
    writer.write(MARKER, json.dumps(marker, ensure_ascii=False, indent=0) + "\n")
