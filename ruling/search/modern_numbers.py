"""Today's Comprehensive Rules numbers: a judge types 702.19 for trample or 613 for the layers, numbers the
documents of 1999-2007 give to other rules or to none. The reviewed table
``rules_corpus/reviewed/modern-numbers.tsv`` names, for each such number, its title today and the rules of
the era documents on the same subject (directly, or as a concept of the terminology bridge), so a number
that is no rule of the document asked can say where its subject is."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ruling.errors import RuleIdError, UnknownRuleError

TABLE = "modern-numbers.tsv"
CONCEPT_PREFIX = "concept:"
_NUMBER_RE = re.compile(r"(?<![\w.])(\d{3})(?:\.(\d+)[a-z]?)?(?![\w.])")


@dataclass(frozen=True, slots=True)
class ModernNumber:
    """A rule of today's CR and the era documents' rules (ids or keys) on its subject, none when they
    lack it."""

    number: str
    name: str
    rules: tuple[str, ...]

    def note(self, docs: Sequence[str]) -> str:
        """Returns what a failed lookup in docs says of the number: where its subject is, those docs'
        rules first."""
        head = f"in today's Comprehensive Rules {self.number} is {self.name}"
        if not self.rules:
            return f"{head}, which none of ru, ja, sr has"
        asked = [r for r in self.rules if r.split(":")[0] in docs]
        others = [r for r in self.rules if r not in asked]
        missing = "" if asked else f" (not in {', '.join(docs)})"
        return f"{head}{missing}: {', '.join(asked + others)}"


def read_modern_numbers(folder: Path) -> dict[str, ModernNumber]:
    """Reads the table of a corpus, concepts resolved through the terminology bridge (no table: none)."""
    from ruling.corpus.model import REVIEWED_FOLDER
    from ruling.search.bridge import Bridge, read_table

    try:
        text = (folder / REVIEWED_FOLDER / TABLE).read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    bridge = Bridge(read_table(folder))
    found: dict[str, ModernNumber] = {}
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        number, name, rules, _source = (field.strip() for field in line.split("\t"))
        if rules.startswith(CONCEPT_PREFIX):
            ids = bridge.homes(rules.removeprefix(CONCEPT_PREFIX))
        else:
            ids = tuple(r.strip() for r in rules.split(","))
        found[number] = ModernNumber(number, name, ids)
    return found


def modern_number(folder: Path, text: str) -> ModernNumber | None:
    """Returns today's rule that a typed id names (702.19b falls under 702.19, 704.5g under 704), if the
    table has it."""
    return find_number(read_modern_numbers(folder), text)


def find_number(table: Mapping[str, ModernNumber], text: str) -> ModernNumber | None:
    """Returns the row of table for the first number of today's form that text holds (a subrule's row is
    its rule's, else its section's), if any."""
    match = _NUMBER_RE.search(unicodedata.normalize("NFKC", text).lower().replace(",", "."))
    if match is None:
        return None
    section, rule = match.group(1), match.group(2)
    return (table.get(f"{section}.{rule}") if rule else None) or table.get(section)


def dump_numbers(table: Mapping[str, ModernNumber]) -> str:
    """Returns the table as JSON, its concepts resolved: what the search index and the site keep."""
    rows = {number: [found.name, list(found.rules)] for number, found in table.items()}
    return json.dumps(rows, ensure_ascii=False, sort_keys=True)


def load_numbers(text: str) -> dict[str, ModernNumber]:
    """Reads what dump_numbers wrote."""
    rows = json.loads(text)
    return {number: ModernNumber(number, name, tuple(rules)) for number, (name, rules) in rows.items()}


@contextmanager
def today_numbers(folder: Path, text: str, docs: Sequence[str]) -> Iterator[None]:
    """Adds to a "no rule" error for text, or to one that reads text as no id of the document (sr numbers
    A1.10 …), what today's CR calls the number and where the era documents
    (docs asked first) hold its subject."""
    try:
        yield
    except (UnknownRuleError, RuleIdError) as error:
        found = modern_number(folder, text)
        if found is None:
            raise
        if isinstance(error, UnknownRuleError):
            raise UnknownRuleError(error.rule_id, error.nearest, today=found.note(docs)) from None
        raise RuleIdError(f"{error}; {found.note(docs)}") from None
