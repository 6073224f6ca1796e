"""Checks every internal link of a built site: the file it names exists and, with a fragment, holds that id.
Also refuses any reference that would make the browser load something from another host."""

from __future__ import annotations

import html
import posixpath
import re
from dataclasses import dataclass, field
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


_VALUE = r"""(?:[^>"']|"[^"]*"|'[^']*')"""
_HIDDEN = re.compile(
    rf"<!--.*?(?:-->|$)|(<(script|style|textarea|title)\b{_VALUE}*>).*?(?=</\2[\s>]|$)", re.S | re.I
)
"""Comments, and the content of the elements whose content is text, not tags (their start tag is kept)."""
_TAG = re.compile(
    rf"<([a-zA-Z][^\s/>]*)(?=\s{_VALUE}*?\b(?:id|name|href|src|srcset|poster|data)\s*=)({_VALUE}*)>", re.I
)
"""A start tag naming an id or a URL, with its attributes (quoted values may hold ``>``)."""
_ATTRIBUTE = re.compile(r"""([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?""")


@dataclass
class _Page:
    """The ids of one page and the URLs it names (with whether the browser loads them by itself)."""

    ids: set[str] = field(default_factory=set)
    links: list[tuple[str, bool]] = field(default_factory=list)


def _scan(text: str) -> _Page:
    """Reads the ids and URLs of a page's start tags with regular expressions (several times faster than
    ``html.parser`` on the thousands of tags of a section page); comments and the content of raw-text
    elements are skipped, character references in attribute values are decoded."""
    page = _Page()
    shown = _HIDDEN.sub(lambda m: m.group(1) or "", text)
    for match in _TAG.finditer(shown):
        tag = match.group(1).lower()
        values: dict[str, str] = {}
        for name, double, single, bare in _ATTRIBUTE.findall(match.group(2)):
            values.setdefault(name.lower(), html.unescape(double or single or bare))
        if "id" in values:
            page.ids.add(values["id"])
        if tag == "a" and "name" in values:
            page.ids.add(values["name"])
        for name, value in values.items():
            if name == "href":
                page.links.append((value, tag == "link" and values.get("rel", "") != "canonical"))
            elif name in LOADING_ATTRIBUTES:
                page.links.append((value, True))
    return page


def _external(url: str) -> bool:
    parts = urlsplit(url)
    return bool(parts.scheme and parts.scheme not in ("file",)) or url.startswith("//")


def read_pages(root: Path) -> dict[str, _Page]:
    """Reads the ids and links of every page of a site (the slow part of the check; the build does it while
    the search index is still being made)."""
    return {
        file.relative_to(root).as_posix(): _scan(file.read_text(encoding="utf-8"))
        for file in sorted(root.rglob("*.html"))
    }


def check_site(root: Path, pages: dict[str, _Page] | None = None) -> tuple[int, list[BrokenLink]]:
    """Returns the number of internal links checked and the broken ones (also: external resources loaded);
    pages: what ``read_pages`` read of the site, if done already."""
    if pages is None:
        pages = read_pages(root)
    broken: list[BrokenLink] = []
    files: dict[str, bool] = {}
    checked = 0
    for page, found in pages.items():
        for url, loads in found.links:
            parts = urlsplit(url)
            if parts.scheme.lower() == "javascript":
                broken.append(BrokenLink(page, url, "a javascript: link"))
                continue
            if parts.scheme.lower() in ("mailto", "data"):
                continue
            if _external(url):
                if loads:
                    broken.append(BrokenLink(page, url, "loads a resource from another host"))
                continue
            checked += 1
            path, fragment = unquote(parts.path), parts.fragment
            target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path)) if path else page
            if target.startswith("../"):
                broken.append(BrokenLink(page, url, "leads out of the site"))
                continue
            if target not in pages:
                if target not in files:
                    files[target] = (root / target).is_file()
                if not files[target]:
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
