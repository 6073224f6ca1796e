"""The parsed corpus kept in the per-user cache, so that a lookup does not parse five documents again.

The cache file is keyed by the corpus content and by the code of the parsers; it is written through a
temporary file and a rename. A cache that cannot be read is ignored and written anew.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path

from ruling.cache import cache_root, code_digest
from ruling.corpus.load import Corpus, corpus_digest, corpus_dir, load_corpus
from ruling.corpus.model import Document
from ruling.fsutil import write_bytes_atomic

PARSER_CODE = ("ids.py", "corpus")


def corpus_cache_file(folder: Path) -> Path:
    """Returns where the parsed form of the corpus in folder is cached."""
    key = hashlib.sha256(f"{corpus_digest(folder)}:{code_digest(*PARSER_CODE)}".encode()).hexdigest()
    return cache_root() / f"corpus-{key[:20]}.pickle"


def load_corpus_cached(folder: str | os.PathLike[str] | None = None) -> Corpus:
    """Returns the whole parsed corpus, from the cache when it holds this corpus parsed by this code."""
    root = corpus_dir(folder)
    path = corpus_cache_file(root)
    try:
        with path.open("rb") as handle:
            documents = pickle.load(handle)
        if isinstance(documents, dict) and all(isinstance(d, Document) for d in documents.values()):
            return Corpus(root, documents)
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError, ValueError):
        pass
    corpus = load_corpus(root)
    _write(path, pickle.dumps(corpus.documents, protocol=pickle.HIGHEST_PROTOCOL))
    return corpus


def _write(path: Path, data: bytes) -> None:
    """Writes the cache file whole; a cache that cannot be written is only a missed speed-up."""
    try:
        write_bytes_atomic(path, data)
    except OSError:
        return
