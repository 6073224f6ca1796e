"""Aligned rules side by side: each in its own language, the English glossary terms it names, its quantities
(the Serbian x10 explained, real differences marked), the reviewed differences between the editions, and the
scenarios whose expectations differ by profile for these rules.

``compare(corpus, keys)`` takes one rule (then its counterparts join it) or several rules to set side by side.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruling.corpus.concordance import Aligner, Concordance
from ruling.corpus.concordance_data import EditionDifference, read_differences
from ruling.corpus.concordance_evidence import english_keys
from ruling.corpus.concordance_glossary import entry_english
from ruling.corpus.concordance_xref import Equivalent, xref
from ruling.corpus.load import Corpus
from ruling.corpus.model import Rule
from ruling.errors import CorpusError, RulingError
from ruling.ids import RuleId

SR_SCALE = 10
"""Izvori magije multiplies life, damage, power and toughness by ten (not mana costs or card counts)."""

_CR_ID_RE = re.compile(r"\d{3}\.\d{1,2}[a-z]?|\b\d{3}\b")
_SR_ID_RE = re.compile(r"\b[A-F]\d{1,2}(?:\.\d{2,3})?\b")
_QUANTITY_RE = re.compile(r"[+-]?\d+/[+-]?\d+|[+-]?\d+")


@dataclass(frozen=True, slots=True)
class ComparedRule:
    """One rule as ``compare`` shows it."""

    id: str
    doc: str
    language: str
    title: str | None
    text: str
    examples: tuple[str, ...]
    english: tuple[str, ...]
    quantities: tuple[str, ...]
    confidence: float | None
    """The confidence of the link that brought the rule in (None for a rule asked for)."""
    guess: bool = False

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "doc": self.doc,
            "language": self.language,
            "title": self.title,
            "text": self.text,
            "examples": list(self.examples),
            "english": list(self.english),
            "quantities": list(self.quantities),
            "confidence": self.confidence,
            "guess": self.guess,
        }


@dataclass(frozen=True, slots=True)
class Quantity:
    """A quantity of the compared rules: where it appears and whether it differs."""

    value: str
    rules: tuple[str, ...]
    status: str
    """"same" (all rules give it), "x10" (the sr rule gives it times ten), "differs" (only some do)."""
    note: str

    def as_json(self) -> dict[str, Any]:
        return {"value": self.value, "rules": list(self.rules), "status": self.status, "note": self.note}


@dataclass(frozen=True, slots=True)
class ScenarioRef:
    """A scenario that runs under several profiles with different expectations for the compared rules."""

    path: str
    line: int
    title: str
    profiles: tuple[str, ...]
    rules: tuple[str, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "line": self.line,
            "title": self.title,
            "profiles": list(self.profiles),
            "rules": list(self.rules),
        }


@dataclass(frozen=True)
class Comparison:
    """The compared rules with their quantities, the reviewed differences and the scenarios showing them."""

    rules: tuple[ComparedRule, ...]
    quantities: tuple[Quantity, ...]
    differences: tuple[EditionDifference, ...]
    scenarios: tuple[ScenarioRef, ...]
    problems: tuple[str, ...] = field(default=())
    """Scenario files that could not be read, each with its error."""

    def as_json(self) -> dict[str, Any]:
        return {
            "rules": [r.as_json() for r in self.rules],
            "quantities": [q.as_json() for q in self.quantities],
            "differences": [
                {
                    "topic": d.topic,
                    "rules": [str(r) for r in d.rules],
                    "difference": d.difference,
                    "source": d.source,
                }
                for d in self.differences
            ],
            "scenarios": [s.as_json() for s in self.scenarios],
            "problems": list(self.problems),
        }


def compare(
    corpus: Corpus,
    keys: Iterable[str],
    scenario_folder: Path | None = None,
    aligner: Aligner | None = None,
    concordance: Concordance | None = None,
) -> Comparison:
    """Sets the rules keys side by side; a single key brings its counterparts (guesses marked, and left out
    of the search for differences and scenarios). scenario_folder is searched for scenarios (``*.md``)."""
    ids = [RuleId.parse(k) for k in keys]
    aligner = aligner or Aligner(corpus)
    chosen: list[tuple[Rule, Equivalent | None]] = [(_rule(corpus, r), None) for r in ids]
    if len(ids) == 1:
        found = _counterparts(corpus, str(ids[0]), aligner, concordance)
        chosen += [(_rule(corpus, RuleId.parse(e.id)), e) for e in found]
    terms = _glossary_terms(corpus)
    compared = tuple(_compared(corpus, rule, link, aligner, terms) for rule, link in chosen)
    keys_compared = {r.id for r in compared if not r.guess}
    differences = tuple(
        d for d in read_differences(corpus.folder) if keys_compared & {str(r) for r in d.rules}
    )
    scenarios, problems = _scenarios(scenario_folder, keys_compared)
    return Comparison(compared, _quantities(compared), differences, scenarios, problems)


def _rule(corpus: Corpus, rule_id: RuleId) -> Rule:
    rule = corpus.rule(rule_id)
    if rule is None:
        raise CorpusError(f"no rule {rule_id} in the corpus")
    return rule


def _counterparts(
    corpus: Corpus, key: str, aligner: Aligner, concordance: Concordance | None
) -> list[Equivalent]:
    """Returns the links of key, and a guess for a document without any."""
    found = xref(corpus, key, aligner, concordance).equivalents
    return [e for e in found if corpus.rule(RuleId.parse(e.id)) is not None]


def _glossary_terms(corpus: Corpus) -> set[str]:
    """Returns the English keys of every glossary term of ru, ja and sr."""
    return {k for english in entry_english(corpus).values() for term in english for k in english_keys(term)}


def _compared(
    corpus: Corpus, rule: Rule, link: Equivalent | None, aligner: Aligner, glossary: set[str]
) -> ComparedRule:
    lexicon = aligner.lexicon(rule.doc) if rule.doc in ("ru", "ja", "sr") else None
    english: tuple[str, ...] = ()
    if lexicon is not None:
        concepts = aligner.concepts(rule) & glossary
        english = tuple(sorted({lexicon.display.get(c, c) for c in concepts}))
    document = corpus.documents[rule.doc]
    return ComparedRule(
        rule.key,
        rule.doc,
        document.info.language,
        rule.title,
        rule.text,
        tuple(e.text for e in rule.examples),
        english,
        quantities(rule),
        link.confidence if link is not None else None,
        link.guess if link is not None else False,
    )


def quantities(rule: Rule) -> tuple[str, ...]:
    """Returns the numbers and power/toughness pairs of a rule's text and examples, rule ids left out."""
    text = unicodedata.normalize("NFKC", "\n".join([rule.text, *(e.text for e in rule.examples)]))
    text = (_SR_ID_RE if rule.doc == "sr" else _CR_ID_RE).sub(" ", text)
    return tuple(dict.fromkeys(q.lstrip("+") for q in _QUANTITY_RE.findall(text)))


def _scaled_down(value: str) -> str | None:
    """Returns value divided by SR_SCALE (each part of a power/toughness pair), or None if it isn't whole."""
    parts = value.split("/")
    numbers = [int(p) for p in parts]
    if any(n % SR_SCALE for n in numbers) or not any(numbers):
        return None
    return "/".join(str(n // SR_SCALE) for n in numbers)


def _quantities(rules: tuple[ComparedRule, ...]) -> tuple[Quantity, ...]:
    """Lines up the quantities of the rules: the sr x10 explained, a quantity not in every rule marked."""
    if len(rules) < 2:
        return tuple(Quantity(q, (r.id,), "same", "") for r in rules for q in r.quantities)
    found: dict[str, list[str]] = {}
    notes: dict[str, str] = {}
    for rule in rules:
        for value in rule.quantities:
            scaled = _scaled_down(value) if rule.doc == "sr" else None
            others = {q for r in rules if r.doc != "sr" for q in r.quantities}
            if scaled is not None and scaled in others and value not in others:
                notes[scaled] = f"sr {value} = {scaled} x{SR_SCALE} (Izvori numbers are ten times the CR's)"
                value = scaled
            found.setdefault(value, [])
            if rule.id not in found[value]:
                found[value].append(rule.id)
    every = {r.id for r in rules}
    result = []
    for value, where in found.items():
        status = ("x10" if value in notes else "same") if set(where) == every else "differs"
        result.append(Quantity(value, tuple(where), status, notes.get(value, "")))
    return tuple(result)


def _scenarios(folder: Path | None, keys: set[str]) -> tuple[tuple[ScenarioRef, ...], tuple[str, ...]]:
    """Returns the scenarios under folder that cite one of keys and expect differently per profile."""
    if folder is None or not folder.is_dir():
        return (), ()
    from ruling.scenario.format import parse_file

    found: list[ScenarioRef] = []
    problems: list[str] = []
    for path in sorted(folder.rglob("*.md")):
        try:
            scenarios = parse_file(path)
        except RulingError as exc:
            problems.append(f"{path}: {exc}")
            continue
        for scenario in scenarios:
            cited = tuple(r for r in scenario.rules if r in keys)
            per_profile = any(b.profiles for b in scenario.blocks)
            if cited and per_profile and len(scenario.profiles) >= 2:
                found.append(
                    ScenarioRef(
                        _shown(path, folder), scenario.line, scenario.title, tuple(scenario.profiles), cited
                    )
                )
    return tuple(found), tuple(problems)


def _shown(path: Path, folder: Path) -> str:
    return str(Path(folder.name) / path.relative_to(folder))
