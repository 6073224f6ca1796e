"""The reviewed concordance tables hold the documents' own words."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from ruling.analyzers import RUSSIAN, SERBIAN
from ruling.corpus.concordance_data import VOCABULARY_DOCUMENTS, read_sr_terms, read_vocabulary
from ruling.corpus.concordance_evidence import _ja_fold, _native_alternatives
from ruling.corpus.load import read_manifest
from tests.corpus.documents import REPO

CORPUS = REPO / "rules_corpus"


@cache
def _searchable(code: str) -> str:
    """Returns a document's whole source as its forms are matched: stems joined by spaces (ru, sr) or the
    folded text (ja)."""
    info = next(i for i in read_manifest(CORPUS) if i.code == code)
    text = Path(CORPUS / info.file).read_text(encoding="utf-8")
    if code == "ja":
        return _ja_fold(text)
    return f" {' '.join((SERBIAN if code == 'sr' else RUSSIAN).terms(text))} "


def _occurs(code: str, form: str) -> bool:
    if code == "ja":
        return _ja_fold(form) in _searchable(code)
    stems = (SERBIAN if code == "sr" else RUSSIAN).terms(form)
    return bool(stems) and f" {' '.join(stems)} " in _searchable(code)


@pytest.mark.parametrize("code", VOCABULARY_DOCUMENTS)
def test_every_vocabulary_form_occurs_in_its_document(code: str) -> None:
    missing = [
        f"{row.english}: {form}"
        for row in read_vocabulary(CORPUS)
        for form in row.forms[code]
        if not _occurs(code, form)
    ]
    assert missing == []


def test_every_sr_term_occurs_in_the_sr_document() -> None:
    missing = [
        alternative
        for term in read_sr_terms(CORPUS)
        for alternative in _native_alternatives(term.term)
        if not _occurs("sr", alternative)
    ]
    assert missing == []


def test_a_form_the_document_does_not_use_is_caught() -> None:
    assert _occurs("ru", "одновременно")
    assert not _occurs("ru", "в одно и то же время")
    assert _occurs("ja", "同時")
    assert not _occurs("ja", "２番目")
