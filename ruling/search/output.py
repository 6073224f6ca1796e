"""What ``ruling search`` prints: the one renderer of the click command and of the fast start path
(``ruling.launch``), so both print the same bytes."""

from __future__ import annotations

from collections.abc import Sequence

from ruling.lookup import emit_json
from ruling.search.absence import Absence
from ruling.search.bridge import SITUATION, Match
from ruling.search.query import SearchResult, UnknownRule

BOLD = "\x1b[1m"
DIM = "\x1b[2m"
MATCH = "\x1b[33m\x1b[1m"
RESET = "\x1b[0m"


def _style(text: str, code: str, color: bool) -> str:
    return f"{code}{text}{RESET}" if color else text


def search_notes(found: SearchResult, listing: bool, docs: Sequence[str]) -> list[str]:
    """Returns the lines for stderr before the results: what today's rule numbers of the query are (the
    rules of docs, the documents searched, first), the English words read in other letters, the corrected
    query, the era words searched for today's
    words, the documents that lack what a word names, and (for a listing as text) that nothing was found.
    Rule ids that name no rule are said with the rule shown in their place."""
    notes = [number.note(docs) for number in found.today] + _unknown_notes(found.unknown)
    notes += [f"{reading.said!r} read as {reading.english!r}" for reading in found.read_as]
    notes += [f"did you mean: {found.suggestion}?"] if found.suggestion else []
    for match in found.bridged:
        if match.form == SITUATION and match.era:
            era = _by_language(match.era)
            notes.append(f"situation {match.modern!r} searched with the words of its rule: {era}")
        elif told := match.told():
            notes.append(_bridge_note(match, told))
    notes += [absence_note(absence) for absence in found.absent]
    if listing and not found.hits:
        notes.append("no results")
    return notes


def _bridge_note(match: Match, told: dict[str, tuple[str, ...]]) -> str:
    """Returns what a search says of a word the terminology bridge read: a word of today searched as the
    era's words, or a word an era document uses too (``карт``, ``igrač``, ``блокировать``), also searched
    as the other words of its concept."""
    if match.said:
        return f"{match.modern!r} also searched as: {_by_language(told)}"
    return f"today's word {match.modern!r} searched as the era's: {_by_language(told)}"


def _unknown_notes(unknown: Sequence[UnknownRule]) -> list[str]:
    """Returns a line per number of the query that names no rule: the documents that lack it and the rules
    shown in its place (``no rule 502.9z in ru, ja; showing ru:502.9, ja:502.9``)."""
    by_number: dict[str, list[UnknownRule]] = {}
    for rule in unknown:
        by_number.setdefault(rule.asked.split(":", 1)[1], []).append(rule)
    notes = []
    for number, rules in by_number.items():
        note = f"no rule {number} in {', '.join(r.asked.split(':')[0] for r in rules)}"
        shown = [r.shown for r in rules if r.shown]
        notes.append(note + (f"; showing {', '.join(shown)}" if shown else ""))
    return notes


def absence_note(absence: Absence) -> str:
    """Returns what a search says of a game word that documents searched lack: that they lack what it
    names, the rules of the documents that have it, and the nearest words it searched instead."""
    named = absence.modern
    if absence.concept != absence.modern.lower():
        named += f" ({absence.concept})"
    if absence.nowhere:
        note = f"{named!r} is in none of the rules documents (ru, ja, sr)"
    else:
        note = f"{named!r} is not in {', '.join(absence.missing)}"
        if absence.homes:
            note += f"; see {', '.join(absence.homes)}"
    if absence.near:
        note += f"; searched for the nearest: {_by_language(absence.near)}"
    return note


def _by_language(terms: dict[str, tuple[str, ...]]) -> str:
    return "; ".join(f"{code}: {', '.join(words)}" for code, words in terms.items())


def search_text(found: SearchResult, as_json: bool, color: bool) -> str:
    """Returns what goes to stdout: the hits as JSON, or each hit's key, title or context and kind, and its
    snippet with the matching words marked (in ANSI colour if color)."""
    if as_json:
        return emit_json([hit.as_json() for hit in found.hits]) + "\n"
    lines = []
    for hit in found.hits:
        title = f"  {hit.title}" if hit.title else ""
        context = _style(f"  ({hit.context})", DIM, color) if hit.context and not hit.title else ""
        lines.append(_style(hit.key, BOLD, color) + title + context + _style(f"  [{hit.kind}]", DIM, color))
        snippet = "".join(_style(f.text, MATCH, color) if f.match else f.text for f in hit.snippet)
        if snippet:
            lines.append(f"    {snippet}")
    return "".join(f"{line}\n" for line in lines)
