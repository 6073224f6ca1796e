"""Snippets: a short window of an entry's text around the words that matched, the matches marked."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ruling.analyzers import CHAINS, katakana, normalize

SNIPPET_CHARS = 160
_SPACES_RE = re.compile(r"\s+")


@dataclass(frozen=True)
class Fragment:
    """A piece of a snippet; ``match`` marks the words that matched the query."""

    text: str
    match: bool = False


def snippet(body: str, language: str, terms: set[str], width: int = SNIPPET_CHARS) -> list[Fragment]:
    """Returns about width characters of body around its densest run of matched words, matches marked."""
    spans = _match_spans(body, language, terms)
    start = 0
    if spans:
        best, count, left = spans[0][0], 0, 0
        for right in range(len(spans)):
            while spans[right][1] - spans[left][0] > width:
                left += 1
            if right - left + 1 > count:
                best, count = spans[left][0], right - left + 1
        start = max(0, best - width // 4)
        while start > 0 and not body[start - 1].isspace() and best - start < width // 2:
            start -= 1
    end = min(len(body), start + width)
    fragments: list[Fragment] = [Fragment("…")] if start > 0 else []
    position = start
    for span_start, span_end in _merge(s for s in spans if s[0] >= start and s[1] <= end):
        if span_start > position:
            fragments.append(Fragment(body[position:span_start]))
        fragments.append(Fragment(body[span_start:span_end], match=True))
        position = span_end
    if position < end:
        fragments.append(Fragment(body[position:end]))
    if end < len(body):
        fragments.append(Fragment("…"))
    return [Fragment(_SPACES_RE.sub(" ", f.text), f.match) for f in fragments]


def _match_spans(body: str, language: str, terms: set[str]) -> list[tuple[int, int]]:
    """Returns where body holds the terms, in order. Japanese bigrams are found by plain search in the
    normalised text, much faster than running the chain over the whole body."""
    if language != "ja":
        return [(t.start, t.end) for t in CHAINS[language].tokens(body) if t.text in terms]
    norm, origin = normalize(body)
    norm = katakana(norm)
    spans: list[tuple[int, int]] = []
    for term in terms:
        start = norm.find(term)
        while start >= 0:
            end = start + len(term)
            spans.append((start, end) if origin is None else (origin[start], origin[end - 1] + 1))
            start = norm.find(term, start + 1)
    return sorted(spans)


def _merge(spans: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged
