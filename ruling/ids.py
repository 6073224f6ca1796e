"""Rule ids as a value type, qualified by document: ``ru:502.9b``, ``ja:420.5c``, ``sr:D21.30``.

Two numbering schemes exist. The Comprehensive Rules scheme (``cr``: parts ``1``…``5``, sections ``502``,
rules ``502.9``, subrules ``502.9b``) is used by the Russian 1999 and Japanese 2004 rules and by the rules the
wiki page quotes. The Izvori magije scheme (``sr``: parts ``A``…``F``, sections ``D21``, rules ``D21.30``,
subrules ``D21.31``) counts in decades and is not decimal: ``D11.10`` and ``D11.100`` differ.

Input is forgiving (full-width digits, Cyrillic look-alike letters, Serbian Cyrillic part letters as in
``Е3.102`` or ``Д21.51``, a decimal comma as in ``502,9b``, a stray trailing dot or comma, any case); the
canonical form uses Latin letters and half-width digits.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from enum import StrEnum
from functools import total_ordering

from ruling.errors import RuleIdError

SCHEME_OF_DOCUMENT: dict[str, str] = {"ru": "cr", "ja": "cr", "wiki": "cr", "sr": "sr"}
"""Which numbering scheme each document with numbered rules uses."""

# Cyrillic letters that look like Latin ones; judges on a Russian keyboard type them in ids.
PREFIX_WORDS = frozenset(
    str.split(
        """
    правило правила правилу правилом правиле п пп пр пункт пункта пункте пункту ст статья статьи статье
    см смотри раздел раздела разделе глава № no nr rule rules cr § §§ ルール 総合ルール 第 項 条
    pravilo pravila pravilu pravilom član clan člana clana čl cl tačka tacka tačke tacke pogledaj vidi
    члан члана чл тачка тачке погледај види
    """
    )
)
"""Words that announce a rule number, in every language and English (lowercase, NFKC)."""
ATTACHED_BEFORE = ("第", "§", "№", "ルール")
"""Marks glued before a rule number (``第502.7e項``, ``§409``, ``ルール502.9b``)."""
ATTACHED_AFTER = ("項", "条")
"""Marks glued after one."""
_LOOKALIKES = str.maketrans(
    "аАвВсСеЕкКмМнНоОрРтТхХуУ",
    "aABBcCeEkKmMHHoOpPtTxXyY",
)
_SERBIAN_CYRILLIC_PARTS = str.maketrans("бБцЦдДфФ", "bBcCdDfF")
"""Serbian Cyrillic letters of the parts B, C, D and F (А and Е are among the look-alikes)."""
_DECIMAL_COMMA_RE = re.compile(r"(?<=[0-9]),(?=[0-9])")
_CR_RE = re.compile(r"(?P<sec>[0-9]{3})(?:\.(?P<num>[0-9]{1,2})(?P<let>[a-z])?)?|(?P<part>[0-9])")
_SR_RE = re.compile(r"(?P<part>[A-F])(?:(?P<sec>[0-9]{1,2})(?:\.(?P<num>[0-9]{2,3}))?)?")
_QUALIFIED_RE = re.compile(r"(?P<doc>[A-Za-z]+)\s*:\s*(?P<local>.*)")
_EXAMPLE_LOCAL = {"cr": "502.9b", "sr": "D21.30"}


class Level(StrEnum):
    """How deep a numbered node sits in its document's outline."""

    PART = "part"
    SECTION = "section"
    RULE = "rule"
    SUBRULE = "subrule"


def fold_id_text(text: str) -> str:
    """Returns text with full-width forms, Cyrillic look-alikes, a decimal comma (``502,9b``) and stray
    punctuation made canonical."""
    text = unicodedata.normalize("NFKC", text).translate(_LOOKALIKES).strip()
    text = text.replace("\u2013", "-").replace("\u2014", "-")
    return _DECIMAL_COMMA_RE.sub(".", text).rstrip(".,;:")


@total_ordering
class RuleId:
    """A numbered node of one document; the same number in two documents is not the same rule.

    An immutable value (equal, hashable, ordered as the document orders, picklable), written by hand
    rather than as a dataclass: ``ruling show`` starts faster without importing dataclasses."""

    __slots__ = ("doc", "local")
    doc: str
    local: str

    def __init__(self, doc: str, local: str) -> None:
        scheme = SCHEME_OF_DOCUMENT.get(doc)
        if scheme is None:
            raise RuleIdError(f"document {doc!r} has no numbered rules")
        pattern = _CR_RE if scheme == "cr" else _SR_RE
        if not pattern.fullmatch(local):
            raise RuleIdError(f"{local!r} is not a rule id of document {doc!r}")
        object.__setattr__(self, "doc", doc)
        object.__setattr__(self, "local", local)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"RuleId is immutable: cannot assign {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"RuleId is immutable: cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RuleId):
            return NotImplemented
        return self.doc == other.doc and self.local == other.local

    def __hash__(self) -> int:
        return hash((self.doc, self.local))

    def __repr__(self) -> str:
        return f"RuleId(doc={self.doc!r}, local={self.local!r})"

    def __reduce__(self) -> tuple[type[RuleId], tuple[str, str]]:
        return (RuleId, (self.doc, self.local))

    @classmethod
    def parse(cls, text: str, default_doc: str | None = None) -> RuleId:
        """Reads a qualified or bare id; a bare id takes default_doc."""
        raw = text
        text = unicodedata.normalize("NFKC", text).strip()
        match = _QUALIFIED_RE.fullmatch(text)
        if match and match.group("doc").lower() in SCHEME_OF_DOCUMENT:
            doc, local = match.group("doc").lower(), match.group("local")
            if not local:
                example = f"{doc}:{_EXAMPLE_LOCAL[SCHEME_OF_DOCUMENT[doc]]}"
                raise RuleIdError(f"{raw!r} names document {doc} but no rule: write it as {example}")
        elif match:
            raise RuleIdError(f"unknown document {match.group('doc')!r} in {raw!r}")
        elif default_doc is None and ":" in text:
            raise RuleIdError(f"{raw!r} is not a rule id: expected DOC:NUMBER, as ru:502.9b")
        elif default_doc is None:
            raise RuleIdError(f"{raw!r} names no document: write it as ru:{raw.strip()} or give the document")
        else:
            doc, local = default_doc, text
        return cls(doc, normalize_local(local, doc))

    @property
    def scheme(self) -> str:
        return SCHEME_OF_DOCUMENT[self.doc]

    @property
    def level(self) -> Level:
        if self.scheme == "cr":
            if "." in self.local:
                return Level.SUBRULE if self.local[-1].isalpha() else Level.RULE
            return Level.SECTION if len(self.local) == 3 else Level.PART
        if "." in self.local:
            return Level.RULE if self.local.endswith("0") else Level.SUBRULE
        return Level.SECTION if len(self.local) > 1 else Level.PART

    @property
    def parent(self) -> RuleId | None:
        """Returns the syntactic parent: 502.9b → 502.9 → 502 → 5; D21.31 → D21.30 → D21 → D."""
        local = self.local
        level = self.level
        if level is Level.PART:
            return None
        if self.scheme == "cr":
            if level is Level.SUBRULE:
                return RuleId(self.doc, local[:-1])
            if level is Level.RULE:
                return RuleId(self.doc, local.split(".")[0])
            return RuleId(self.doc, local[0])
        if level is Level.SUBRULE:
            section, number = local.split(".")
            return RuleId(self.doc, f"{section}.{int(number) // 10 * 10}")
        if level is Level.RULE:
            return RuleId(self.doc, local.split(".")[0])
        return RuleId(self.doc, local[0])

    @property
    def sort_key(self) -> tuple[int, int, int, str]:
        """Orders ids as the document does: numerically, parts before their sections."""
        if self.scheme == "cr":
            match = _CR_RE.fullmatch(self.local)
            assert match is not None
            if match.group("part"):
                return (int(match.group("part")) * 100, -1, -1, "")
            num = match.group("num")
            return (int(match.group("sec")), int(num) if num else -1, 0, match.group("let") or "")
        match = _SR_RE.fullmatch(self.local)
        assert match is not None
        sec, num = match.group("sec"), match.group("num")
        return (ord(match.group("part")), int(sec) if sec else -1, int(num) if num else -1, "")

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, RuleId):
            return NotImplemented
        return (self.doc, self.sort_key) < (other.doc, other.sort_key)

    def __str__(self) -> str:
        return f"{self.doc}:{self.local}"


def normalize_local(text: str, doc: str) -> str:
    """Returns the canonical local part of an id of doc, or raises RuleIdError."""
    scheme = SCHEME_OF_DOCUMENT.get(doc)
    if scheme is None:
        raise RuleIdError(f"document {doc!r} has no numbered rules")
    folded = fold_id_text(text).replace(" ", "")
    if scheme == "sr":
        folded = folded.translate(_SERBIAN_CYRILLIC_PARTS)
    if scheme == "cr":
        folded = folded.lower()
        if _CR_RE.fullmatch(folded):
            return folded
    else:
        folded = folded.upper()
        if _SR_RE.fullmatch(folded):
            return folded
    raise RuleIdError(f"{text!r} is not a rule id of document {doc!r}")


def looks_like_id(text: str) -> bool:
    """Tells whether text reads as a rule id of some document (qualified or bare)."""
    try:
        RuleId.parse(text, default_doc="ru")
        return True
    except RuleIdError:
        pass
    try:
        RuleId.parse(text, default_doc="sr")
        return True
    except RuleIdError:
        return False


def expand_cr_range(start: RuleId, end_text: str) -> list[RuleId]:
    """Expands a CR range from start to an abbreviated end: 409.1f–g, 404.1–2, 418.5b～5g, 212–215.

    The end may repeat the start's prefix (404.1–404.3). The result is in order and includes both ends.
    """
    end_text = fold_id_text(end_text).lower().replace(" ", "")
    doc, local = start.doc, start.local
    level = start.level
    if level is Level.SECTION:
        end = int(end_text) if end_text.isdigit() else int(normalize_local(end_text, doc))
        return [RuleId(doc, str(n)) for n in range(int(local), end + 1)]
    section, rest = local.split(".")
    if end_text.startswith(section + "."):
        end_text = end_text[len(section) + 1 :]
    if level is Level.RULE:
        return [RuleId(doc, f"{section}.{n}") for n in range(int(rest), int(end_text) + 1)]
    number, letter = rest[:-1], rest[-1]
    if end_text.isalpha():
        end_number, end_letter = number, end_text
    else:
        end_number, end_letter = end_text[:-1], end_text[-1]
    if end_number != number:
        raise RuleIdError(f"range {start}–{end_text} crosses rules")
    return [RuleId(doc, f"{section}.{number}{chr(c)}") for c in range(ord(letter), ord(end_letter) + 1)]


NODE_KINDS = ("glossary", "index", "passage")
"""Kinds of unnumbered nodes, keyed ``DOC:KIND/NAME`` (``ja:glossary/個別エンチャント``)."""
_QUALIFIER_RE = re.compile(r"(?P<doc>[A-Za-z]+)\s*:")
_WIDE_QUALIFIER_RE = re.compile(r"\s*[A-Za-zＡ-Ｚａ-ｚ]+\s*[:：]")
_NODE_KEY_RE = re.compile(rf"(?P<doc>[A-Za-z]+):(?P<kind>{'|'.join(NODE_KINDS)})/(?P<name>.*\S.*)")


def fold_qualifier(text: str) -> str:
    """Returns text with a document qualifier typed in full width, as a Japanese keyboard gives it
    (``ja：502.9``, ``ｊａ：glossary/…``), in ASCII; the rest of text is left as typed."""
    match = _WIDE_QUALIFIER_RE.match(text)
    if match is None:
        return text
    return unicodedata.normalize("NFKC", match.group()).strip() + text[match.end() :]


def read_node_key(text: str, doc: str | None, documents: Iterable[str]) -> tuple[str, str] | None:
    """Reads what a judge typed to name a node: returns (key, prefix) for a glossary, index or passage
    key (``ru:index/…``, or ``glossary/Жетон`` with doc), or None for anything else (a rule id to
    resolve). Raises RuleIdError when text names a document other than doc or an unknown document."""
    qualified = _QUALIFIER_RE.match(text)
    if qualified and doc is not None and qualified.group("doc").lower() != doc.lower():
        raise RuleIdError(f"{text!r} names document {qualified.group('doc')}, not {doc}: give one document")
    match = _NODE_KEY_RE.fullmatch(text if qualified or doc is None else f"{doc}:{text}")
    if match is None:
        return None
    code, kind, name = match.group("doc").lower(), match.group("kind"), match.group("name")
    known = list(documents)
    if code not in known:
        raise RuleIdError(f"unknown document {code!r} in {text!r}: expected {', '.join(known)}")
    return f"{code}:{kind}/{name.strip()}", f"{code}:{kind}/"
