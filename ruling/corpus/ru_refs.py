"""Finds the cross-references written in the text of the Russian 1999 rules.

Three kinds point to numbered nodes: rules and sections («Смотри правило 420, "Основные эффекты"», lists
with «и» and commas, hyphen ranges of sections, the locative «в правилах 308.1 и 308.2», a bare «правило
413.2h»), parts («раздел 5») and appendices («приложение B, "Старые правила", раздел 5»; the document has
none, so these dangle). Glossary-to-glossary mentions («Смотри также Матч.») are found here and resolved by
the glossary parser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ruling.errors import RuleIdError
from ruling.ids import RuleId, expand_cr_range

DOC = "ru"

_CYRILLIC_RE = re.compile(r"[А-Яа-яЁё]")
_ID = r"\d{3}(?!\d)(?:\.\d+(?:[a-zа-я](?![a-zа-яё]))?)?"
_QUOTED = r"""(?:\s*,?\s*["«“](?P<title>[^"»”]+)["»”])?"""
_RULES_RE = re.compile(
    r"(?<![А-Яа-яЁё])[Пп]равил(?:о|а|ах)\s+(?P<list>"
    + _ID
    + r"(?:\s*(?:[-–]|,|\bи\b)\s*"
    + _ID
    + r")*)"
    + _QUOTED
)
_PART_RE = re.compile(r"(?<![А-Яа-яЁё])[Рр]аздел\s+(?P<part>\d)(?![\d.]\d)" + _QUOTED)
_APPENDIX_RE = re.compile(
    r"(?<![А-Яа-яЁё])[Пп]риложени[еяию]\s+(?P<letter>[A-ZА-Я])(?![A-Za-zА-Яа-я])"
    + _QUOTED
    + r"(?:\s*,\s*раздел\s+\d+)?"
)
_ITEM_SPLIT_RE = re.compile(r"\s*(?:,|\bи\b)\s*")
_RANGE_RE = re.compile(r"(?P<start>[^-–]+?)\s*[-–]\s*(?P<end>.+)")
_MENTION_RE = re.compile(
    r"(?:\bСмотри|\bСм\.)\s+(?:также\s+)?(?![Пп]равил|[Рр]аздел|[Пп]риложени)"
    r"(?P<terms>[А-ЯЁA-Z][^.()]*?)\s*(?:\.|$)"
)


@dataclass(frozen=True)
class FoundReference:
    """A reference found in a text: the words that make it, its targets, the title it quotes."""

    text: str
    targets: tuple[RuleId, ...]
    quoted_title: str | None = None
    note: str = ""
    mixed_script: bool = False


def _expand_item(item: str) -> list[RuleId]:
    """Reads one item of a list: an id or a range of ids; raises RuleIdError when it is neither."""
    match = _RANGE_RE.fullmatch(item)
    if match:
        return expand_cr_range(RuleId.parse(match.group("start"), DOC), match.group("end"))
    return [RuleId.parse(item, DOC)]


def _rule_reference(match: re.Match[str]) -> FoundReference:
    targets: list[RuleId] = []
    note = ""
    items = _ITEM_SPLIT_RE.split(match.group("list"))
    for item in items:
        try:
            targets.extend(_expand_item(item))
        except RuleIdError as exc:
            note = f"cannot read {item!r} as a rule id: {exc}"
            targets = []
            break
    return FoundReference(
        text=match.group(0),
        targets=tuple(targets),
        quoted_title=match.group("title"),
        note=note,
        mixed_script=any(_CYRILLIC_RE.search(item) for item in items),
    )


def numbered_references(text: str) -> list[FoundReference]:
    """Returns the references to rules, sections, parts and appendices in text, in order of appearance."""
    found: list[tuple[int, FoundReference]] = []
    taken: list[tuple[int, int]] = []
    for match in _APPENDIX_RE.finditer(text):
        letter = match.group("letter")
        note = f"appendix {letter} is cited, but the document has no appendices"
        found.append((match.start(), FoundReference(match.group(0), (), match.group("title"), note)))
        taken.append(match.span())
    for match in _PART_RE.finditer(text):
        if any(start <= match.start() < end for start, end in taken):
            continue
        part = RuleId(DOC, match.group("part"))
        found.append((match.start(), FoundReference(match.group(0), (part,), match.group("title"))))
    for match in _RULES_RE.finditer(text):
        found.append((match.start(), _rule_reference(match)))
    return [reference for _, reference in sorted(found, key=lambda pair: pair[0])]


def glossary_mentions(text: str) -> list[tuple[str, str]]:
    """Returns (words, term) for each glossary term a «Смотри (также) …» sentence names."""
    mentions: list[tuple[str, str]] = []
    for match in _MENTION_RE.finditer(text):
        for term in match.group("terms").split(","):
            term = term.strip()
            if term:
                mentions.append((match.group(0).strip(), term))
    return mentions
