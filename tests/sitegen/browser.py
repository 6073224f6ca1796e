"""Headless Chromium for the site's browser tests and benchmark: Debian's binary driven by Playwright
(``playwright install`` is never run), and a local HTTP server on 127.0.0.1 serving a built site."""

from __future__ import annotations

import functools
import http.server
import shutil
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def unavailable() -> str | None:
    """Returns why the browser tests cannot run here, or None if they can."""
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        return f"no Chromium at {CHROMIUM} (apt-get install -y chromium fonts-noto-cjk, as .ci/run does)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is missing (pip install -e '.[test]')"
    return None


@contextmanager
def chromium() -> Iterator[Any]:
    """Yields a launched headless Chromium (a Playwright Browser)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        return


class _QuietServer(http.server.ThreadingHTTPServer):
    """Leaves out the traceback of a connection the browser drops (a page closed, or the network cut by an
    offline test, while a file is on its way); any other error is still printed."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Serves folder over HTTP on 127.0.0.1 (a free port) and yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = _QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


SEARCH_IN_PAGE = """([query, docs, limit]) => {
  const found = window.RulingSearch.search(query, docs, limit);
  return found.hits.map(h => h.key);
}"""
"""Runs the site's search inside a page where search.js and the indexes are loaded."""

HOME_LANGUAGES = """([query, languages]) => window.RulingSearch.homeLanguages(query, languages)"""
"""The languages of the query the site's search ranks first, over the given ones."""

LOAD_INDEXES = """(languages) => new Promise((done) => {
  const files = ["assets/search.js", ...languages.map(l => "assets/search-" + l + ".js")];
  let left = files.length;
  for (const file of files) {
    const script = document.createElement("script");
    script.src = document.body.dataset.root + file;
    script.onload = script.onerror = () => { if (--left === 0) done(true); };
    document.head.appendChild(script);
  }
})"""
"""Loads the search script and the named language indexes into a page."""
