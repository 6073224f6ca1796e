"""Checks every internal link of a built site: the file it names exists and, with a fragment, holds that id.
Also refuses any reference that would make the browser load something from another host."""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

LOADING_ATTRIBUTES = {"src", "srcset", "poster", "data"}
"""Attributes whose URL the browser fetches by itself (``href`` of a stylesheet or manifest link too)."""


@dataclass(frozen=True, slots=True)
class BrokenLink:
    page: str
    target: str
    reason: str

    def __str__(self) -> str:
        return f"{self.page}: {self.target}: {self.reason}"


class _PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if "id" in values:
            self.ids.add(values["id"])
        if tag == "a" and "name" in values:
            self.ids.add(values["name"])
        for name, value in values.items():
            if name == "href":
                loads = tag == "link" and values.get("rel", "") not in ("canonical",)
                self.links.append((value, loads))
            elif name in LOADING_ATTRIBUTES:
                self.links.append((value, True))


def _external(url: str) -> bool:
    parts = urlsplit(url)
    return bool(parts.scheme and parts.scheme not in ("file",)) or url.startswith("//")


def check_site(root: Path) -> tuple[int, list[BrokenLink]]:
    """Returns the number of internal links checked and the broken ones (also: external resources loaded)."""
    pages: dict[str, _PageParser] = {}
    for file in sorted(root.rglob("*.html")):
        parser = _PageParser()
        parser.feed(file.read_text(encoding="utf-8"))
        pages[file.relative_to(root).as_posix()] = parser
    broken: list[BrokenLink] = []
    checked = 0
    for page, parser in pages.items():
        for url, loads in parser.links:
            if _external(url):
                if loads:
                    broken.append(BrokenLink(page, url, "loads a resource from another host"))
                continue
            if url.startswith(("mailto:", "javascript:", "data:")):
                if url.startswith("javascript:"):
                    broken.append(BrokenLink(page, url, "a javascript: link"))
                continue
            checked += 1
            path, _, fragment = url.partition("#")
            path = unquote(path)
            target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path)) if path else page
            if target.startswith("../"):
                broken.append(BrokenLink(page, url, "leads out of the site"))
                continue
            if target not in pages:
                if not (root / target).is_file():
                    broken.append(BrokenLink(page, url, "no such file"))
                continue
            if fragment and unquote(fragment) not in pages[target].ids:
                broken.append(BrokenLink(page, url, f"no id {unquote(fragment)!r} in {target}"))
    return checked, broken


_SCRIPT_URL_RE = re.compile(r"https?://")


def external_in_assets(root: Path) -> list[str]:
    """Returns the script and style files that mention an http(s) URL (the site must request nothing).
    The search indexes (``assets/search-<lang>.js``) are data, quoting the documents, and are skipped."""
    return [
        p.relative_to(root).as_posix()
        for p in sorted(root.rglob("*"))
        if p.suffix in (".js", ".css")
        and not p.name.startswith("search-")
        and _SCRIPT_URL_RE.search(p.read_text(encoding="utf-8"))
    ]
