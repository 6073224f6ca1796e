"""Finds the cross-references of the Japanese Comprehensive Rules of 2004 in one line of text.

Three kinds exist: ``rule 310〔戦闘ダメージ・ステップ〕参照`` (also ranges such as ``rule 409.1f-h`` or
``rule 418.5b ～ 5g``, parts as ``rule 3``), the chapter form ``４章〔呪文、能力、効果〕`` (a part), and
glossary terms cited by name (``タップ、タップ状態、アンタップ状態参照``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

RULE_REF_RE = re.compile(
    r"rule ?(?P<id>[0-9]{1,3}(?:\.[0-9]{1,2}[a-z]?)?)"
    r"(?:\s*(?:-|～|から)\s*(?:rule ?)?(?P<end>[0-9]{1,3}(?:\.[0-9]{1,2})?[a-z]?|[a-z]|[0-9][a-z]))?"
    r"(?:\s?(?:〔(?P<t1>[^〕]*)〕|「(?P<t2>[^」]*)」))?"
)
"""``rule <id>``, an optional range end (``-``, ``～`` or ``から``) and an optional title in 〔〕 or 「」."""

CHAPTER_REF_RE = re.compile(r"(?P<part>[0-9０-９])章(?:〔(?P<title>[^〕]*)〕)?")
"""``４章〔呪文、能力、効果〕``: a part cited as a chapter."""

# Where a glossary term reference starts (after a paragraph indent, a comma, a full stop or および), the
# term or list of terms, and 参照 closing the sentence.
_TERM_REF_RE = re.compile(
    r"(?:^\u3000?|[。、]|および)\s*(?:および)?\s*"
    r"(?P<terms>(?:「[^」]+」)+|(?:[^。、「」（）\s]+、)*[^。、「」（）\s]+?)"
    r"\s?(?:を)?参照(?=[。）]|すること|$)"
)
_QUOTED_RE = re.compile(r"「([^」]+)」")
_PLACEHOLDER = "\ufffc"

PROSE_GLOSSARY_RE = re.compile(r"(?P<term>[^、。「」（）\s]+)の一覧は、この総合ルールの用語集")
"""A rule that sends the reader to a glossary entry in prose (212.1e: クリーチャー・タイプの一覧は…)."""


@dataclass(frozen=True, slots=True)
class RuleRef:
    """One ``rule …`` or ``N章`` reference: its text, first id, optional range end and quoted title."""

    text: str
    start: str
    end: str | None
    title: str | None


def find_rule_refs(text: str) -> list[RuleRef]:
    """Returns the ``rule …`` and chapter references of a line, in order."""
    found: list[tuple[int, RuleRef]] = []
    for match in RULE_REF_RE.finditer(text):
        title = match.group("t1") if match.group("t1") is not None else match.group("t2")
        found.append((match.start(), RuleRef(match.group(0), match.group("id"), match.group("end"), title)))
    for match in CHAPTER_REF_RE.finditer(text):
        part = unicodedata.normalize("NFKC", match.group("part"))
        found.append((match.start(), RuleRef(match.group(0), part, None, match.group("title"))))
    return [ref for _, ref in sorted(found, key=lambda item: item[0])]


def find_term_refs(text: str) -> list[str]:
    """Returns the glossary terms a glossary line cites by name (``…参照``), in order."""
    masked = RULE_REF_RE.sub(_PLACEHOLDER, text)
    terms: list[str] = []
    for match in _TERM_REF_RE.finditer(masked):
        captured = match.group("terms")
        items = _QUOTED_RE.findall(captured) or captured.split("、")
        # A cited rule (masked) or a clause ending in the topic particle は is not a term.
        terms.extend(item for item in items if _PLACEHOLDER not in item and not item.endswith("は"))
    return terms


def find_prose_glossary_refs(text: str) -> list[str]:
    """Returns the terms a rule says are listed in the glossary."""
    return [match.group("term") for match in PROSE_GLOSSARY_RE.finditer(text)]
