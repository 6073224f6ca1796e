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
from ruling.errors import OutputError
from ruling.fsutil import protected_target, replace_folder

FORMAT_VERSION = 1
CONCORDANCE_FILE = "concordance.json"
MANIFEST_FILE = "manifest.json"


def span_json(span: Span) -> dict[str, Any]:
    return {"file": span.file, "first": span.first, "last": span.last}


def examples_json(examples: tuple[Example, ...]) -> list[dict[str, Any]]:
    return [{"text": e.text, "source": str(e.span)} for e in examples]


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
        "refs": corpus.cites.get(rule.key, []),
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
        "refs": corpus.cites.get(entry.key, []),
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


def entry_json(corpus: Corpus, entry: GlossaryEntry | IndexEntry | Passage) -> dict[str, Any]:
    """The ``ruling show --json`` form of a glossary entry, index entry or passage: its object in the
    export."""
    if isinstance(entry, GlossaryEntry):
        return glossary_json(corpus, entry)
    if isinstance(entry, IndexEntry):
        return index_json(entry)
    return passage_json(entry)


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
    whole; returns the files written.

    target must be missing, empty, or hold an earlier export and nothing else (``check_export_target``).
    The swap is ``replace_folder``'s: a reader never sees half an export, but target is missing for an
    instant, and two exports into the same folder at once are not supported.
    """
    target = check_export_target(target, corpus.folder, export_names(corpus))
    written: list[str] = []
    concordance = build_concordance(corpus)
    try:
        with replace_folder(target, lambda old: _remove_export(old, export_names(corpus))) as work:
            for code, document in corpus.documents.items():
                data = document_json(corpus, document, concordance)
                (work / f"{code}.json").write_text(dumps(data), encoding="utf-8")
                written.append(f"{code}.json")
            (work / CONCORDANCE_FILE).write_text(dumps(concordance.as_json()), encoding="utf-8")
            written.append(CONCORDANCE_FILE)
            manifest = {"format": FORMAT_VERSION, "documents": list(corpus.documents), "files": written}
            (work / MANIFEST_FILE).write_text(dumps(manifest), encoding="utf-8")
    except OSError as exc:
        raise OutputError(f"{target}: cannot write the export: {exc.strerror or exc}") from exc
    return [target / name for name in [*written, MANIFEST_FILE]]


def export_names(corpus: Corpus) -> set[str]:
    """Returns the names of the files an export of corpus writes: the only files an export ever removes."""
    return {*(f"{code}.json" for code in corpus.documents), CONCORDANCE_FILE, MANIFEST_FILE}


def _remove_export(folder: Path, names: set[str]) -> None:
    """Removes the files of an earlier export from folder, by name; anything else stays (the caller's rmdir
    then fails and the folder is kept)."""
    for name in names:
        path = folder / name
        if path.is_file() and not path.is_symlink():
            path.unlink()


def check_export_target(target: Path, corpus_folder: Path, names: set[str]) -> Path:
    """Returns target as an absolute path, or raises OutputError if exporting there would destroy
    something: a folder holding anything but the files of an earlier export (regular files with the
    names an export writes, listed by its manifest.json), the working folder or a folder holding it, the
    corpus folder, a folder holding it or one inside it."""
    resolved = protected_target(target, {"the corpus": corpus_folder})
    try:
        if not resolved.exists():
            return resolved
        if not resolved.is_dir():
            raise OutputError(f"{target}: not a folder")
        present = {entry.name for entry in resolved.iterdir()}
        links_or_folders = sorted(
            name for name in present if (resolved / name).is_symlink() or not (resolved / name).is_file()
        )
    except OSError as exc:
        raise OutputError(f"{target}: cannot read the folder: {exc.strerror or exc}") from exc
    if not present:
        return resolved
    listed = _export_files(resolved / MANIFEST_FILE)
    if listed is None:
        raise OutputError(
            f"{target}: the folder is not empty and holds no ruling export (no {MANIFEST_FILE} with its "
            "format); name a new or empty folder"
        )
    foreign = sorted((present - (listed & names)) | set(links_or_folders))
    if foreign:
        raise OutputError(
            f"{target}: the folder holds files that are not part of the export: {', '.join(foreign)}"
        )
    return resolved


def _export_files(manifest_path: Path) -> set[str] | None:
    """Returns the files an export's manifest.json lists (itself included), or None if it is none."""
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(manifest, dict) or not isinstance(manifest.get("format"), int):
        return None
    files = manifest.get("files")
    if not isinstance(files, list) or not all(isinstance(name, str) for name in files):
        return None
    return {*files, MANIFEST_FILE}
