"""The parsed corpus kept in the per-user cache, so that a lookup does not parse five documents again.

The cache file is keyed by the corpus content and by the code of the parsers, and written whole through a
temporary file and a rename. Its last 32 bytes are the SHA-256 of what precedes them: a file whose digest
does not match (a truncated or bit-flipped file, even one of the right size), or that cannot be read or
unpickled for any reason, is damaged; it is parsed again and rewritten, with one warning on the ``ruling``
logger (the CLI prints it on stderr). Temporary files
of writes that were killed midway, and cache files of other corpora or code versions left unused for a
long time, are removed when a cache file is written.
"""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
import shutil
import stat
import time
from contextlib import suppress
from pathlib import Path

from ruling.cache import cache_root, code_digest
from ruling.corpus.load import Corpus, corpus_digest, corpus_dir, load_corpus
from ruling.corpus.model import Document
from ruling.fsutil import write_bytes_atomic

PARSER_CODE = ("ids.py", "corpus")
MAGIC = b"RULINGC2"
DIGEST_SIZE = 32
PREFIX = "corpus-"
SUFFIX = ".pickle"
TEMPORARY_AFTER = 15 * 60
"""Seconds after which a temporary file of a cache write is an orphan: a write takes well under a second."""
UNUSED_AFTER = 30 * 24 * 3600
"""Seconds after which a cache file of another corpus or code version that nobody read is removed."""
LOG = logging.getLogger("ruling")


def corpus_cache_file(folder: Path) -> Path:
    """Returns where the parsed form of the corpus in folder is cached."""
    key = hashlib.sha256(f"{corpus_digest(folder)}:{code_digest(*PARSER_CODE)}".encode()).hexdigest()
    return cache_root() / f"{PREFIX}{key[:20]}{SUFFIX}"


def load_corpus_cached(folder: str | os.PathLike[str] | None = None) -> Corpus:
    """Returns the whole parsed corpus, from the cache when it holds this corpus parsed by this code; a
    damaged cache file is reported with one warning and replaced."""
    root = corpus_dir(folder)
    path = corpus_cache_file(root)
    documents, damage = _read(path)
    if documents is not None:
        return Corpus(root, documents)
    if damage is not None:
        LOG.warning("corpus cache %s is damaged (%s); parsing the corpus again", path, damage)
    corpus = load_corpus(root)
    _write(path, pickle.dumps(corpus.documents, protocol=pickle.HIGHEST_PROTOCOL))
    return corpus


def _read(path: Path) -> tuple[dict[str, Document] | None, str | None]:
    """Returns the documents the cache file holds, or None and why it is damaged (None if it is missing)."""
    try:
        with open(path, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None, "not a regular file"
            data = handle.read()
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, f"unreadable: {exc.strerror or exc}"
    payload, digest = data[len(MAGIC) : -DIGEST_SIZE], data[-DIGEST_SIZE:]
    if len(data) < len(MAGIC) + DIGEST_SIZE or not data.startswith(MAGIC):
        return None, "not a corpus cache file"
    if hashlib.sha256(payload).digest() != digest:
        return None, "checksum mismatch"
    try:
        documents = pickle.loads(payload)
    except Exception as exc:  # a file with a good checksum that still fails is damage all the same
        return None, f"cannot unpickle: {type(exc).__name__}"
    if not isinstance(documents, dict) or not all(isinstance(d, Document) for d in documents.values()):
        return None, "unexpected content"
    _keep_fresh(path)
    return documents, None


def _keep_fresh(path: Path) -> None:
    """Marks a cache file as used (once a day at most), so that clean-up spares it."""
    with suppress(OSError):
        if time.time() - path.stat().st_mtime > 24 * 3600:
            os.utime(path)


def _write(path: Path, payload: bytes) -> None:
    """Writes the cache file whole, its digest last, and removes orphans; a cache that cannot be written
    is only a missed speed-up."""
    try:
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)  # a folder under the cache file's own name is damage, not data
        write_bytes_atomic(path, MAGIC + payload + hashlib.sha256(payload).digest())
    except OSError:
        return
    remove_orphans(path.parent, keep=path)


def remove_orphans(folder: Path, keep: Path, now: float | None = None) -> list[Path]:
    """Removes, from the cache folder, temporary files of corpus cache writes older than TEMPORARY_AFTER
    and corpus cache files other than keep unused for UNUSED_AFTER; returns what it removed.

    Only regular files named as this module names its files are touched (never a folder or a link)."""
    now = time.time() if now is None else now
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        name = entry.name
        temporary = name.startswith(f".{PREFIX}") and f"{SUFFIX}." in name
        cached = name.startswith(PREFIX) and name.endswith(SUFFIX) and entry.path != str(keep)
        if not (temporary or cached):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode):
                continue
            if now - info.st_mtime > (TEMPORARY_AFTER if temporary else UNUSED_AFTER):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed
