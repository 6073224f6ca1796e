"""The corpus as deterministic JSON (sorted keys, document order): the format other tools rely on.

The format is documented in docs/corpus-export.md.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ruling.corpus.concordance import Concordance, Counterpart, build_concordance
from ruling.corpus.load import Corpus
from ruling.corpus.model import (
    Document,
    Example,
    GlossaryEntry,
    IndexEntry,
    Passage,
    Problem,
    Reference,
    Rule,
    Span,
)
from ruling.fsutil import replace_folder

FORMAT_VERSION = 1
CONCORDANCE_FILE = "concordance.json"


def span_json(span: Span) -> dict[str, Any]:
    return {"file": span.file, "first": span.first, "last": span.last}


def examples_json(examples: tuple[Example, ...]) -> list[dict[str, Any]]:
    return [{"text": e.text, "source": str(e.span)} for e in examples]


def rule_refs(corpus: Corpus, key: str) -> list[str]:
    """Returns the keys a node cites, in order of first mention, without repeats."""
    document = corpus.documents[key.split(":", 1)[0]]
    cited: list[str] = []
    for ref in document.references:
        if ref.source == key:
            cited += [t for t in ref.targets if t not in cited]
    return cited


def rule_json(corpus: Corpus, rule: Rule, concordance: list[Counterpart] | None = None) -> dict[str, Any]:
    """The ``ruling show --json`` form of a rule (a contract: keys are only ever added).

    ``concordance`` lists the rule's counterparts in the other documents (none if not given).
    """
    return {
        "id": rule.key,
        "doc": rule.doc,
        "level": rule.level.value,
        "parent": str(rule.parent) if rule.parent else None,
        "title": rule.title,
        "title_en": rule.title_en,
        "text": rule.text,
        "examples": [e.text for e in rule.examples],
        "notes": list(rule.notes),
        "refs": rule_refs(corpus, rule.key),
        "cited_by": corpus.cited_by.get(rule.key, []),
        "children": corpus.children.get(rule.key, []),
        "source": str(rule.span),
        "concordance": [c.as_json() for c in concordance or []],
    }


def glossary_json(corpus: Corpus, entry: GlossaryEntry) -> dict[str, Any]:
    return {
        "id": entry.key,
        "doc": entry.doc,
        "term": entry.term,
        "term_en": entry.term_en,
        "tags": list(entry.tags),
        "text": entry.text,
        "examples": [e.text for e in entry.examples],
        "refs": rule_refs(corpus, entry.key),
        "source": str(entry.span),
    }


def index_json(entry: IndexEntry) -> dict[str, Any]:
    return {
        "id": entry.key,
        "doc": entry.doc,
        "term": entry.term,
        "term_en": entry.term_en,
        "parent": entry.parent,
        "refs": [str(r) for r in entry.refs],
        "ref_text": entry.ref_text,
        "source": str(entry.span),
    }


def passage_json(passage: Passage) -> dict[str, Any]:
    return {
        "id": passage.key,
        "doc": passage.doc,
        "title": passage.title,
        "text": passage.text,
        "source": str(passage.span),
    }


def reference_json(ref: Reference) -> dict[str, Any]:
    return {
        "source": ref.source,
        "text": ref.text,
        "targets": list(ref.targets),
        "status": ref.status.value,
        "note": ref.note,
        "at": str(ref.span),
    }


def problem_json(problem: Problem) -> dict[str, Any]:
    return {"at": str(problem.span), "code": problem.code, "message": problem.message, "text": problem.text}


def document_json(
    corpus: Corpus, document: Document, concordance: Concordance | None = None
) -> dict[str, Any]:
    info = document.info
    links = concordance or Concordance(())
    return {
        "format": FORMAT_VERSION,
        "info": {
            "code": info.code,
            "file": info.file,
            "language": info.language,
            "title": info.title,
            "rules_date": info.rules_date,
            "kind": info.kind,
            "sha256": info.sha256,
            "description": info.description,
        },
        "rules": [rule_json(corpus, r, links.counterparts(r.key)) for r in document.rules],
        "glossary": [glossary_json(corpus, g) for g in document.glossary],
        "index": [index_json(i) for i in document.index],
        "passages": [passage_json(p) for p in document.passages],
        "references": [reference_json(r) for r in document.references],
        "problems": [problem_json(p) for p in document.problems],
    }


def dumps(data: Any) -> str:
    """Serialises JSON deterministically: sorted keys, UTF-8 text, a final newline."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n"


def export_corpus(corpus: Corpus, target: Path) -> list[Path]:
    """Writes one JSON file per document, concordance.json and a manifest.json into target, replacing it
    whole."""
    written: list[str] = []
    concordance = build_concordance(corpus)
    with replace_folder(target) as work:
        for code, document in corpus.documents.items():
            data = document_json(corpus, document, concordance)
            (work / f"{code}.json").write_text(dumps(data), encoding="utf-8")
            written.append(f"{code}.json")
        (work / CONCORDANCE_FILE).write_text(dumps(concordance.as_json()), encoding="utf-8")
        written.append(CONCORDANCE_FILE)
        manifest = {"format": FORMAT_VERSION, "documents": list(corpus.documents), "files": written}
        (work / "manifest.json").write_text(dumps(manifest), encoding="utf-8")
    return [target / name for name in [*written, "manifest.json"]]
