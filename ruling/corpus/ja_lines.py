"""The line shapes of the Japanese Comprehensive Rules of 2004 (``ja``), one regex per kind of line.

Id digits, dots and letters are matched in half- and full-width forms (``５０２．９ｂ``); the file uses
half-width ones only, and the parser folds the others and reports them.
"""

from __future__ import annotations

import re

_D = "[0-9０-９]"
_DOT = "[.．]"
_LETTER = "[a-zａ-ｚ]"

PART_RE = re.compile(rf"^(?P<num>{_D}){_DOT} (?P<title>\S.*)$")
"""``1. ゲーム``; ``0. はじめに`` has the same shape but is the preamble."""

SECTION_RE = re.compile(rf"^(?P<num>{_D}{{3}}){_DOT} (?P<title>\S.*)$")
"""``502. キーワード能力``."""

RULE_RE = re.compile(rf"^(?P<id>{_D}{{3}}{_DOT}{_D}{{1,2}}){_DOT}(?P<space> ?)(?P<text>.*)$")
"""``502.9. トランプル``: the rule id ends with a dot."""

SUBRULE_RE = re.compile(
    rf"^(?P<id>{_D}{{3}}{_DOT}{_D}{{1,2}}{_LETTER})(?P<dot>{_DOT}?)(?P<space> ?)(?P<text>.*)$"
)
"""``502.9a …``: no dot after the letter, though ``205.2b. `` and ``502.10hバンド`` occur."""

EXAMPLE_RE = re.compile(r"^\u3000?例\s*[：:]\s*")
"""``例：…`` (once indented and with an ASCII colon, in the glossary)."""

NOTE_RE = re.compile(r"^(?P<open>（?)訳注：")
"""A translator's note: ``訳注：…`` or ``（訳注：…）``."""

GLOSSARY_HEADING = "用語集"

ENTRY_RE = re.compile(r"^(?![\u3000「（※]|例|訳注)(?P<term>[^／]+)／(?P<en>.+)$")
"""A glossary heading ``日本語／English`` (full-width solidus); body lines are indented or start otherwise."""

TAG_RE = re.compile(r"^※(?P<tag>廃語|俗語)$")
"""The tag under a glossary heading: ``※廃語`` (obsolete) or ``※俗語`` (slang)."""

TAGS: dict[str, str] = {"廃語": "obsolete", "俗語": "slang"}

INDENT = "\u3000"

BRACKET_PAIRS: tuple[tuple[str, str], ...] = (("（", "）"), ("「", "」"), ("〔", "〕"), ("《", "》"))
"""Full-width brackets that must balance on each line (ASCII ``1)`` list markers are legitimate)."""


def note_text(line: str) -> str:
    """Returns a translator's note without its label and enclosing parentheses."""
    match = NOTE_RE.match(line)
    if match is None:
        return line
    body = line[match.end() :]
    if match.group("open") and body.endswith("）"):
        body = body[:-1]
    return body


def unbalanced_brackets(line: str) -> list[str]:
    """Returns the bracket pairs (as ``（）``) that do not balance on the line."""
    found: list[str] = []
    for opening, closing in BRACKET_PAIRS:
        depth = 0
        for char in line:
            if char == opening:
                depth += 1
            elif char == closing:
                depth -= 1
                if depth < 0:
                    break
        if depth != 0:
            found.append(opening + closing)
    return found
