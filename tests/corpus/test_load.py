"""Reading the corpus (source files checked against the manifest, clean errors) and looking nodes up."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from ruling.corpus.load import Corpus, corpus_digest, load_corpus
from ruling.errors import CorpusError, RuleIdError, UnknownKeyError, UnknownRuleError

REPO = Path(__file__).resolve().parents[2]
WIKI = "ru-wiki-enchantment.txt"


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    shutil.copytree(REPO / "rules_corpus", folder)
    return folder


def test_missing_source_file_is_a_corpus_error(copy: Path) -> None:
    (copy / WIKI).unlink()
    with pytest.raises(CorpusError, match=f"{WIKI}: cannot read"):
        corpus_digest(copy)
    with pytest.raises(CorpusError, match=f"{WIKI}: cannot read"):
        load_corpus(copy, ["wiki"])


def test_changed_source_file_fails_its_hash(copy: Path) -> None:
    source = copy / WIKI
    expected = hashlib.sha256(source.read_bytes()).hexdigest()
    source.write_bytes(source.read_bytes() + "новая строка\n".encode())
    actual = hashlib.sha256(source.read_bytes()).hexdigest()
    with pytest.raises(CorpusError) as caught:
        load_corpus(copy, ["wiki"])
    assert str(source) in str(caught.value)
    assert expected in str(caught.value) and actual in str(caught.value)
    assert load_corpus(copy, ["ru"]).documents["ru"].rules  # the other documents still read


def test_every_node_key_looks_up_its_node(corpus: Corpus) -> None:
    for key, node in corpus.nodes.items():
        assert corpus.lookup(key) is node, key


@pytest.mark.parametrize(
    ("text", "doc", "error"),
    [
        ("ru:502.9b", "ja", RuleIdError),  # two documents named
        ("ja:glossary/個別エンチャント", "ru", RuleIdError),
        ("xx:glossary/Жетон", None, RuleIdError),
        ("ru:glossary/Нет такого", None, UnknownKeyError),
        ("passage/999", "guide", UnknownKeyError),
        ("ru:502.9z", None, UnknownRuleError),
    ],
)
def test_lookup_refuses(corpus: Corpus, text: str, doc: str | None, error: type[Exception]) -> None:
    with pytest.raises(error):
        corpus.lookup(text, doc)


def test_lookup_takes_a_bare_key_with_its_document(corpus: Corpus) -> None:
    assert corpus.lookup("passage/3", "guide").key == "guide:passage/3"
    assert corpus.lookup("502.9b", "ru").key == corpus.lookup("ru:502.9b", "ru").key == "ru:502.9b"


def test_lookup_reads_a_document_typed_with_a_full_width_colon(corpus: Corpus) -> None:
    assert corpus.lookup("ja：502.9b").key == "ja:502.9b"  # not "a rule of several documents"
    assert corpus.lookup("ｊａ：glossary/トランプル").key == "ja:glossary/トランプル"
