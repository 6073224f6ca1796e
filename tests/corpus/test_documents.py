"""Facts every parsed document must satisfy: unchanged sources, lossless parse, a consistent outline."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from ruling.corpus.load import Corpus, read_manifest
from ruling.corpus.model import RefStatus

REPO = Path(__file__).resolve().parents[2]
CODES = [info.code for info in read_manifest(REPO / "rules_corpus")]


@pytest.mark.parametrize("code", CODES)
def test_source_is_unchanged(code: str, corpus_folder: Path) -> None:
    info = next(i for i in read_manifest(corpus_folder) if i.code == code)
    assert hashlib.sha256((corpus_folder / info.file).read_bytes()).hexdigest() == info.sha256


@pytest.mark.parametrize("code", CODES)
def test_lossless(code: str, corpus: Corpus, corpus_folder: Path) -> None:
    """Every non-blank source line lands in exactly one node or one problem, and none is left unplaced."""
    document = corpus.documents[code]
    lines = (corpus_folder / document.info.file).read_text(encoding="utf-8").split("\n")
    non_blank = {n for n, text in enumerate(lines, start=1) if text.strip()}
    assert set(document.claims) == non_blank
    keys = {node.key for node in document.nodes()}
    problem_prefix = f"{code}:problem/"
    owners = set(document.claims.values())
    assert all(owner in keys or owner.startswith(problem_prefix) for owner in owners)
    unplaced = [p for p in document.problems if p.code == "unplaced-line"]
    assert unplaced == [], f"{len(unplaced)} lines unplaced, first: {unplaced[:3]}"


@pytest.mark.parametrize("code", CODES)
def test_outline_is_consistent(code: str, corpus: Corpus) -> None:
    """Every rule's parent exists in the same document, and spans point into the document's file."""
    document = corpus.documents[code]
    ids = {rule.id for rule in document.rules}
    for rule in document.rules:
        assert rule.parent is None or rule.parent in ids, f"{rule.key}: parent {rule.parent} missing"
        assert rule.span.file == document.info.file
        assert 1 <= rule.span.first <= rule.span.last


@pytest.mark.parametrize("code", CODES)
def test_resolved_references_point_to_nodes(code: str, corpus: Corpus) -> None:
    for ref in corpus.documents[code].references:
        if ref.status is RefStatus.RESOLVED:
            assert ref.targets
            assert all(corpus.get(t) is not None for t in ref.targets), ref
        else:
            assert ref.note, f"{ref.span}: a {ref.status} reference must say why"
