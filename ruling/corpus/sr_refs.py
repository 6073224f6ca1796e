"""Finds the cross-references in the Serbian rules and glossary.

Kinds: rule ids (``vidi pravilo C5``, bare ``D10.11 – D10.18``, ranges ``C7-C12`` and ``D10.16-18``, with an
optional quoted title after them), parts (``deo F``), glossary terms (``"Izvorni" u rečniku``), a keyword
named by its title (``(vidi Presretač)``), variants named in quotes (``varijanta "Kraljeva garda"``) and
untranslated Comprehensive Rules numbers (``pravilo 500``): this document has no such rule, so one followed
by a quoted title (``(Vidi pravilo 500, "Ispravni napadi i blokiranja")``) points to the rule of that
title (sr:E1, listed in ``reviewed/sr-suspect-references.tsv``), and one without dangles.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

import Stemmer

from ruling.corpus.builder import DocumentBuilder
from ruling.ids import Level, RuleId

DOC = "sr"
_ID = r"[A-F]\d{1,2}(?:\.\d{2,3})?"
ID_RE = re.compile(rf"(?<![\w.])(?P<id>{_ID})(?:\s*[-–]\s*(?P<end>{_ID})|-(?P<suffix>\d{{2,3}}))?(?!\w)")
"""An id, a range of two ids, or an id and a number-only end (``D10.16-18``). ``TimA1`` is no id."""
QUOTED_TITLE_RE = re.compile(r"\s*,?\s*[\"“](?P<title>[^\"”\n]{1,80})[\"”]")
CR_NUMBER_RE = re.compile(r"\bpravil\w*\s+(?P<num>\d{3}(?:\.\d+)?)(?![\w/])")
PART_RE = re.compile(r"\bdeo\s+(?P<part>[A-F])\b")
_QUOTED = r"[\"“][^\"”\n]{2,60}[\"”]"
GLOSSARY_LIST_RE = re.compile(rf"(?P<list>{_QUOTED}(?:\s*(?:,|\bi\b)\s*{_QUOTED})*)\s+u\s+rečniku")
QUOTED_RE = re.compile(r"[\"“](?P<name>[^\"”\n]+)[\"”]")
RULE_TITLE_BEFORE_RE = re.compile(rf"{_ID},?\s*$")
KEYWORD_RE = re.compile(r"\(vidi\s+(?P<name>[A-ZČĆŠŽĐ]\w+)\)")
VARIANT_RE = re.compile(rf"(?:(?P<lead>\w+)\s+)?\b[Vv]arijant\w*\s+(?P<list>{_QUOTED}(?:\s*,\s*{_QUOTED})*)")
NAMING_RE = re.compile(r"\b(?:naziva|zove)\s+(?:se\s+)?[Vv]arijant\w*\s+$")
"""``… se naziva varijanta "Poslednji preživeli"`` defines a name instead of citing one."""
INFORMAL_RE = re.compile(r"\s*\(neformaln\w* izraz[^)]*\)")

_STEMMER = Stemmer.Stemmer("serbian")


def _normal(text: str) -> str:
    text = unicodedata.normalize("NFC", text).casefold()
    text = INFORMAL_RE.sub("", text)
    text = re.sub(r"[\"“”„'’]", "", text)
    return " ".join(text.split())


def _stems(text: str) -> tuple[str, ...]:
    return tuple(_STEMMER.stemWords(re.findall(r"\w+", _normal(text))))


def _stems_match(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Tells whether two phrases agree word by word up to inflection (``tipovi`` ~ ``tip``)."""
    if len(a) != len(b) or not a:
        return False
    for x, y in zip(a, b, strict=True):
        short, long = sorted((x, y), key=len)
        if len(short) < 3 or not long.startswith(short):
            return False
    return True


class NameIndex:
    """Finds a node by a name as the text cites it: exactly, else up to inflection."""

    def __init__(self, names: Iterable[tuple[str, str]]) -> None:
        self.exact: dict[str, str] = {}
        self.stemmed: list[tuple[tuple[str, ...], str]] = []
        for name, key in names:
            self.exact.setdefault(_normal(name), key)
            self.stemmed.append((_stems(name), key))

    def find(self, name: str) -> str | None:
        found = self.exact.get(_normal(name))
        if found:
            return found
        stems = _stems(name)
        keys = {key for s, key in self.stemmed if _stems_match(s, stems)}
        return keys.pop() if len(keys) == 1 else None


def _glossary_names(builder: DocumentBuilder) -> NameIndex:
    """Indexes each glossary term whole and by its aliases (``Kontrola, onaj ko kontroliše``)."""
    names: list[tuple[str, str]] = []
    for key, entry in builder.glossary.items():
        names.append((entry.term, key))
        names.extend((alias, key) for alias in re.split(r",|\s[–-]\s", entry.term) if alias.strip())
    return NameIndex(names)


def _variant_names(builder: DocumentBuilder) -> NameIndex:
    """Indexes the sections named after a variant: by the quoted name and by the whole title."""
    names: list[tuple[str, str]] = []
    for rule in builder.rules.values():
        if rule.level is Level.SECTION and rule.title and "arijant" in rule.title:
            names.append((rule.title, rule.key))
            names.extend((m["name"], rule.key) for m in QUOTED_RE.finditer(rule.title))
    return NameIndex(names)


def _expand(builder: DocumentBuilder, start: RuleId, end: RuleId) -> list[RuleId]:
    """Returns the ids of the document from start to end, at start's depth (sections, or numbered rules)."""
    numbered = "." in start.local
    section = start.local.split(".")[0]
    found = []
    for rule_id in sorted(builder.rules):
        if not start <= rule_id <= end or ("." in rule_id.local) != numbered:
            continue
        if numbered and rule_id.local.split(".")[0] != section:
            continue
        if not numbered and rule_id.level is not Level.SECTION:
            continue
        found.append(rule_id)
    return found


class ReferenceFinder:
    """Scans paragraphs of the Serbian document and records their references in the builder."""

    def __init__(self, builder: DocumentBuilder) -> None:
        self.builder = builder
        self.glossary = _glossary_names(builder)
        self.variants = _variant_names(builder)
        self.titles = NameIndex((rule.title, rule.key) for rule in builder.rules.values() if rule.title)

    def scan(self, source: str, line: int, text: str) -> None:
        self._ids(source, line, text)
        self._cr_numbers(source, line, text)
        self._parts(source, line, text)
        self._glossary_terms(source, line, text)
        self._keywords(source, line, text)
        self._variants(source, line, text)

    def _ids(self, source: str, line: int, text: str) -> None:
        for match in ID_RE.finditer(text):
            start = RuleId(DOC, match["id"])
            targets = [start]
            if match["end"] or match["suffix"]:
                end_local = match["end"] or f"{start.local.split('.')[0]}.{match['suffix']}"
                targets = _expand(self.builder, start, RuleId(DOC, end_local)) or [start]
            quoted = QUOTED_TITLE_RE.match(text, match.end())
            title = quoted["title"] if quoted and len(targets) == 1 else None
            if title and self._names_ancestor(targets[0], title):
                title = None
            self.builder.reference(source, match.group(0), line, targets, quoted_title=title)

    def _names_ancestor(self, rule_id: RuleId, title: str) -> bool:
        """Tells whether a quoted title is that of the target's parent or further up (E3.151, "Presretač")."""
        parent = self.builder.rules[rule_id].parent if rule_id in self.builder.rules else None
        while parent is not None:
            rule = self.builder.rules.get(parent)
            if rule is None:
                return False
            if rule.title and _normal(rule.title).rstrip(".") == _normal(title).rstrip("."):
                return True
            parent = rule.parent
        return False

    def _cr_numbers(self, source: str, line: int, text: str) -> None:
        for match in CR_NUMBER_RE.finditer(text):
            note = (
                f"an untranslated Comprehensive Rules number ({match['num']}) left in the text; "
                "this document numbers its rules A1–F10"
            )
            quoted = QUOTED_TITLE_RE.match(text, match.end())
            titled = self.titles.find(quoted["title"]) if quoted else None
            if titled:
                note += f"; it points to {titled}, whose title it quotes"
            self.builder.reference(source, match.group(0), line, [titled] if titled else [], note=note)

    def _parts(self, source: str, line: int, text: str) -> None:
        for match in PART_RE.finditer(text):
            quoted = QUOTED_TITLE_RE.match(text, match.end())
            title = quoted["title"] if quoted else None
            self.builder.reference(
                source, match.group(0), line, [RuleId(DOC, match["part"])], quoted_title=title
            )

    def _glossary_terms(self, source: str, line: int, text: str) -> None:
        for match in GLOSSARY_LIST_RE.finditer(text):
            for name in QUOTED_RE.finditer(match["list"]):
                if RULE_TITLE_BEFORE_RE.search(text, 0, match.start("list") + name.start()):
                    continue
                key = self.glossary.find(name["name"])
                targets = [key] if key else []
                note = "" if key else f"the glossary has no entry {name['name']!r}"
                self.builder.reference(source, name.group(0), line, targets, note=note)

    def _keywords(self, source: str, line: int, text: str) -> None:
        for match in KEYWORD_RE.finditer(text):
            key = self.titles.find(match["name"])
            if key:
                self.builder.reference(source, match["name"], line, [key])

    def _variants(self, source: str, line: int, text: str) -> None:
        for match in VARIANT_RE.finditer(text):
            if NAMING_RE.search(text, 0, match.start("list")):
                continue
            for index, name in enumerate(QUOTED_RE.finditer(match["list"])):
                key = None
                if index == 0 and match["lead"]:
                    key = self.variants.exact.get(_normal(f"{match['lead']} varijanta {name['name']}"))
                key = key or self.variants.find(name["name"])
                note = "" if key else f"no variant {name['name']!r} in this document"
                self.builder.reference(source, name.group(0), line, [key] if key else [], note=note)


def record_references(builder: DocumentBuilder, texts: dict[str, list[tuple[int, str]]]) -> None:
    """Records the references of every paragraph, node by node in document order."""
    finder = ReferenceFinder(builder)
    for source, paragraphs in texts.items():
        for line, text in paragraphs:
            finder.scan(source, line, text)
