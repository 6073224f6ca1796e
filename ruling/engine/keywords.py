"""The keyword lists of the three documents, and how a card of the vocabulary writes each keyword.

Each document lists its keyword abilities in one section (ru 502, ja 502, sr E3); that list is the spec:
a card may carry a keyword under a profile only when the profile's document defines it, and anything else
is refused naming the document and its list. The rule ids here are the ones the engine cites when it
applies the keyword (local ids of the document; profiles qualify them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True)
class DocumentKeyword:
    """A keyword one document defines: the engine's key, its section, the document's own name for it,
    and the rules the engine cites when it applies it."""

    key: str
    section: str
    title: str
    cites: tuple[str, ...]
    written: str = ""
    """How the card vocabulary writes it when not as a ``keywords`` entry (an effect, a card key)."""


@dataclass(frozen=True)
class KeywordList:
    """A document's list of keyword abilities: the section that holds it and its entries in order."""

    doc: str
    section: str
    entries: tuple[DocumentKeyword, ...]

    def get(self, key: str) -> DocumentKeyword | None:
        return next((e for e in self.entries if e.key == key), None)

    def names(self) -> str:
        return ", ".join(dict.fromkeys(e.key.replace("_", " ") for e in self.entries))


def _k(key: str, section: str, title: str, *cites: str, written: str = "") -> DocumentKeyword:
    return DocumentKeyword(key, section, title, cites or (section,), written)


KEYWORD_LISTS: dict[str, KeywordList] = {
    "ru": KeywordList(
        "ru",
        "502",
        (
            _k("first_strike", "502.2", "Первый удар", "502.2b"),
            _k("flanking", "502.3", "Фланкинг", "502.3b"),
            _k("flying", "502.4", "Полет", "502.4b"),
            _k("haste", "502.5", "Отсутствие «болезни вызова»", "502.5b"),
            _k("landwalk", "502.6", "Знание земель", "502.6b"),
            _k("protection", "502.7", "Защита", "502.7b"),
            _k("shadow", "502.8", "Тень", "502.8b"),
            _k("trample", "502.9", "Пробивающий удар", "502.9b"),
        ),
    ),
    "ja": KeywordList(
        "ja",
        "502",
        (
            _k("first_strike", "502.2", "先制攻撃 (First Strike)", "502.2b"),
            _k("flanking", "502.3", "側面攻撃 (Flanking)", "502.3a"),
            _k("flying", "502.4", "飛行 (Flying)", "502.4b"),
            _k("haste", "502.5", "速攻 (Haste)", "502.5b"),
            _k("landwalk", "502.6", "土地渡り (Landwalk)", "502.6b"),
            _k("protection", "502.7", "プロテクション (Protection)", "502.7f"),
            _k("shadow", "502.8", "シャドー (Shadow)", "502.8b"),
            _k("trample", "502.9", "トランプル (Trample)", "502.9b"),
            _k("banding", "502.10", "バンド (Banding)", "502.10b", "502.10e", "502.10h"),
            _k("bands_with_other", "502.11", "他の～とのバンド (Bands with Other)", "502.11b", "502.11c"),
            _k("rampage", "502.12", "ランページ (Rampage)", "502.12a"),
            _k("cumulative_upkeep", "502.13", "累加アップキープ (Cumulative Upkeep)", "502.13a"),
            _k("snow_covered", "502.14", "雪かぶり土地 (Snow-Covered)", "502.14a"),
            _k("phasing", "502.15", "フェイジング (Phasing)", "502.15b"),
            _k("buyback", "502.16", "バイバック (Buyback)", "502.16a"),
            _k("horsemanship", "502.17", "馬術 (Horsemanship)", "502.17b"),
            _k("cycling", "502.18", "サイクリング (Cycling)", "502.18a"),
            _k("landcycling", "502.18", "土地サイクリング (Landcycling)", "502.18c"),
            _k("echo", "502.19", "エコー (Echo)", "502.19a"),
            _k("fading", "502.20", "消散 (Fading)", "502.20a"),
            _k("kicker", "502.21", "キッカー (Kicker)", "502.21a", "502.21b"),
            _k("flashback", "502.22", "フラッシュバック (Flashback)", "502.22a"),
            _k("threshold", "502.23", "スレッショルド (Threshold)", "502.23b", written="threshold = true"),
            _k("madness", "502.24", "マッドネス (Madness)", "502.24a"),
            _k("fear", "502.25", "畏怖 (Fear)", "502.25b"),
            _k("morph", "502.26", "変異 (Morph)", "502.26a", "502.26b"),
            _k("amplify", "502.27", "増幅 (Amplify)", "502.27a"),
            _k("double_strike", "502.28", "二段攻撃 (Double Strike)", "502.28b"),
            _k("provoke", "502.29", "挑発 (Provoke)", "502.29a"),
            _k("storm", "502.30", "ストーム (Storm)", "502.30a"),
            _k("affinity", "502.31", "親和 (Affinity)", "502.31a", "502.31b"),
            _k("entwine", "502.32", "双呪 (Entwine)", "502.32a", "502.32b"),
            _k("equip", "502.33", "装備 (Equip)", "502.33a"),
            _k("imprint", "502.34", "刻印 (Imprint)", "502.34a"),
            _k("modular", "502.35", "接合 (Modular)", "502.35a"),
        ),
    ),
    "sr": KeywordList(
        "sr",
        "E3",
        (
            _k("protection", "E3.20", "Anti", "E3.26"),
            _k("fear", "E3.30", "Zastrašuje", "E3.32"),
            _k("landwalk", "E3.40", "Izvorni", "E3.42"),
            _k("istocnik", "E3.50", "Istočnik", "E3.51", "E3.52"),
            _k("first_strike", "E3.60", "Jurišnik", "E3.62"),
            _k("flying", "E3.70", "Letač", "E3.72"),
            _k("vigilance", "E3.80", "Opreznost", "E3.82"),
            _k("haste", "E3.90", "Ubrzanje", "E3.92"),
            _k("trample", "E3.100", "Razbijač", "E3.102"),
            _k("regeneration", "E3.110", "Regeneracija", "E3.111", written='effect = "regenerate"'),
            _k("equip", "E3.120", "Opremi", "E3.121", "E3.122"),
            _k("enchant", "E3.130", "Promeni", "E3.131", written='enchant = "creature"'),
            _k("kicker", "E3.140", "Pojačanje", "E3.141", "E3.142"),
            _k("flash", "E3.150", "Presretač", "E3.151"),
        ),
    ),
}
"""Every keyword each document's list defines, in the document's order (ru 502.2-502.9, ja 502.2-502.35,
sr E3.20-E3.150). Keys with ``written`` are written another way than as a ``keywords`` entry and are
rules of every document (regeneration, local enchantments) or a condition on effects (threshold)."""

_COST = r"(?P<cost>X*[0-9]{0,6}[WUBRG]*)"
_LAND = r"(?P<land>plains|island|swamp|mountain|forest)"
FORMS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (key, re.compile(pattern))
    for key, pattern in (
        ("banding", r"banding"),
        ("bands_with_other", r"bands with other (?P<type>[A-Z][a-z]+)"),
        ("cumulative_upkeep", r"cumulative upkeep " + _COST),
        ("snow_covered", r"snow-covered"),
        ("phasing", r"phasing"),
        ("buyback", r"buyback " + _COST),
        ("landcycling", _LAND + r"cycling " + _COST),
        ("cycling", r"cycling " + _COST),
        ("echo", r"echo"),
        ("fading", r"fading (?P<n>[1-9][0-9]?)"),
        ("kicker", r"kicker " + _COST),
        ("flashback", r"flashback " + _COST),
        ("madness", r"madness " + _COST),
        ("morph", r"morph " + _COST),
        ("amplify", r"amplify (?P<n>[1-9][0-9]?)"),
        ("provoke", r"provoke"),
        ("storm", r"storm"),
        ("affinity", r"affinity for artifacts"),
        ("entwine", r"entwine " + _COST),
        ("equip", r"equip " + _COST),
        ("modular", r"modular (?P<n>[1-9][0-9]?)"),
        ("imprint", r"imprint"),
        ("flash", r"flash"),
        ("istocnik", r"istocnik " + _COST),
    )
)
"""The keywords of part 3 as a card writes them in ``keywords`` (``"cycling 2"``, ``"fading 3"``,
``"forestcycling 2"``, ``"affinity for artifacts"``); the part 1 and 2 keywords are read by cards.py."""


@dataclass(frozen=True)
class KeywordUse:
    """A keyword as one card writes it: its key and its argument (a cost, a number, a type)."""

    key: str
    text: str
    cost: str = ""
    number: int = 0
    word: str = ""


@cache
def parse_keyword(text: str) -> KeywordUse | None:
    """Returns the keyword a ``keywords`` entry of part 3 names, or None when it is none of them."""
    for key, pattern in FORMS:
        match = pattern.fullmatch(text)
        if match is None:
            continue
        groups = match.groupdict()
        if "cost" in groups and not groups["cost"]:
            return None
        number = int(groups["n"]) if groups.get("n") else 0
        word = groups.get("type") or groups.get("land") or ""
        return KeywordUse(key, text, groups.get("cost") or "", number, word)
    return None


def uses(keywords: tuple[str, ...], key: str) -> list[KeywordUse]:
    """Returns every instance of a part 3 keyword among a card's keywords."""
    found = [parse_keyword(k) for k in keywords]
    return [u for u in found if u is not None and u.key == key]


def first_use(keywords: tuple[str, ...], key: str) -> KeywordUse | None:
    found = uses(keywords, key)
    return found[0] if found else None


def refusal(keyword: str, key: str, profile_name: str, doc: str) -> str:
    """Returns the message refusing a keyword the document does not define: the document's list, and the
    documents that do define it."""
    listed = KEYWORD_LISTS[doc]
    others = [
        f"{other.doc} {entry.section}"
        for other in KEYWORD_LISTS.values()
        if other.doc != doc and (entry := other.get(key)) is not None
    ]
    defined = f"; it is {', '.join(others)}" if others else ""
    return (
        f"{keyword!r} is not a keyword of {profile_name} "
        f"({doc} {listed.section} defines: {listed.names()}{defined})"
    )


def keyword_citations(doc: str) -> dict[str, tuple[str, ...]]:
    """Returns the local rule ids the engine cites for each keyword of a document's list."""
    return {entry.key: entry.cites for entry in KEYWORD_LISTS[doc].entries}
