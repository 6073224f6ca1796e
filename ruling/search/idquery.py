"""Rule numbers anywhere in a query, in the forms judges type them.

``правило 502.3а``, ``п. 217.6``, ``rule 300.4``, ``CR 101.4``, ``§409``, ``ルール５０２．９ｂ``,
``第502.7e項``, ``pravilo E3.102``, ``član d9.13``, ``Е3.102`` (Serbian Cyrillic), ``502,9b`` (decimal comma),
``ru:502.7b защита`` and ``502.9 trample`` (a number followed by words) all name a rule: the number is read
with ``ruling.ids`` in each document searched, and the words left over (without the prefix words) are
searched as text. A number without a dot (``409``, ``D22``) counts only after a prefix word or alone, so
``60 карт`` stays text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ruling.errors import RuleIdError
from ruling.ids import ATTACHED_AFTER, ATTACHED_BEFORE, PREFIX_WORDS, SCHEME_OF_DOCUMENT, RuleId

_LETTER = "A-Za-zА-Яа-яЁё"
_QUALIFIER = r"(?:(?P<doc>ru|ja|sr|wiki|RU|JA|SR|WIKI)\s*:\s*)?"
_CR = r"(?P<cr>(?<![0-9])\d{3}(?:[.,]\d{1,2}(?:[a-zа-яё](?![" + _LETTER + r"]))?)?(?![0-9]))"
_SR = r"(?P<sr>(?<![" + _LETTER + r"0-9])[A-FА-ЕЦФБДa-fа-ецфбд]\d{1,2}(?:[.,]\d{2,3})?(?![0-9]))"
_CANDIDATE_RE = re.compile(_QUALIFIER + f"(?:{_CR}|{_SR})", re.IGNORECASE)
_WORD_RE = re.compile(r"[^\s.,;:!?()«»\"'“”„]+")


@dataclass(frozen=True)
class IdQuery:
    """What a query says by rule numbers: the ids found (lowercased, qualified, in query order) and the
    text left to search as words."""

    ids: tuple[str, ...]
    rest: str


def read_ids(text: str, docs: Sequence[str]) -> IdQuery:
    """Returns the rule ids text names in the documents docs, and the words left over."""
    return _read(text, lambda match: _parse(match.group("cr") or match.group("sr"), match.group("doc"), docs))


def read_numbers(text: str) -> IdQuery:
    """Returns the numbers of today's Comprehensive Rules' form that text names, whatever document they
    may be in (``702.19`` of ``rule 702.19b``, ``613``; no letter), and the words left over."""
    return _read(text, _number)


def _number(match: re.Match[str]) -> list[str]:
    number = _NUMBER_RE.match(match.group("cr") or "")
    return [number.group().replace(",", ".")] if number else []


_NUMBER_RE = re.compile(r"\d{3}(?:[.,]\d{1,2})?")
"""A number of the CR form without its letter (``_CR``)."""


def _read(text: str, parse: Callable[[re.Match[str]], list[str]]) -> IdQuery:
    norm = unicodedata.normalize("NFKC", text)
    found: list[str] = []
    spans: list[tuple[int, int]] = []
    for match in _CANDIDATE_RE.finditer(norm):
        body = match.group("cr") or match.group("sr")
        if "." not in body and "," not in body and not _announced(norm, match.start(), match.end()):
            continue
        ids = parse(match)
        if ids:
            found += [i for i in ids if i not in found]
            spans.append((match.start(), match.end()))
    if not found:
        return IdQuery((), text)
    pieces = [norm[start:end] for start, end in _gaps(spans, len(norm))]
    rest = " ".join(
        _unattached(piece, first=number == 0, last=number == len(pieces) - 1)
        for number, piece in enumerate(pieces)
    )
    words = [w for w in _WORD_RE.findall(rest) if w.lower() not in PREFIX_WORDS]
    return IdQuery(tuple(found), " ".join(words))


def _announced(text: str, start: int, end: int) -> bool:
    """Tells whether a number without a dot stands alone in the query or after a prefix word."""
    before = [w.lower() for w in _WORD_RE.findall(text[:start])]
    after = _WORD_RE.findall(text[end:])
    if not before and not after:
        return True
    attached = text[:start].rstrip()
    return bool(before and before[-1] in PREFIX_WORDS) or attached.endswith(ATTACHED_BEFORE)


def _parse(body: str, qualifier: str | None, docs: Sequence[str]) -> list[str]:
    codes = [qualifier.lower()] if qualifier else [d for d in docs if d in SCHEME_OF_DOCUMENT]
    found = []
    for code in codes:
        if code not in docs:
            continue
        try:
            found.append(str(RuleId.parse(body, default_doc=code)).lower())
        except RuleIdError:
            continue
    return found


def _unattached(piece: str, first: bool, last: bool) -> str:
    """Returns a piece of the query between ids without the marks glued to the ids (``第…項``)."""
    if not last:
        for mark in ATTACHED_BEFORE:
            piece = piece.removesuffix(mark)
    if not first:
        for mark in ATTACHED_AFTER:
            piece = piece.removeprefix(mark)
    return piece


def _gaps(spans: list[tuple[int, int]], length: int) -> list[tuple[int, int]]:
    gaps, position = [], 0
    for start, end in spans:
        gaps.append((position, start))
        position = end
    gaps.append((position, length))
    return gaps
