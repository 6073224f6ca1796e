"""Builds the search index into a per-user cache folder, keyed by the corpus content, and opens it.

The key digests the corpus (manifest and source files), the schema version and the code, so a changed
corpus or analyzer gets a new index. Each build writes a folder of its own, ``<cache>/index-<key>-<random>``,
and then replaces the pointer file ``<cache>/index-<key>.live`` naming the live build in one rename
(``VersionedFolder``): a reader always finds a whole index, the old one or the new one, even while another
process rebuilds it. A build that finds, when it is done, that another process has published a sound
index meanwhile discards its own and uses that one. Superseded builds are removed an hour after they were
superseded. A marker file written last inside each build records the key, the entry count and every
file's size; an index whose marker is missing or disagrees, or that whoosh cannot open and read, is
damaged and gets rebuilt.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import shutil
import struct
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ruling.analyzers import japanese_reading
from ruling.cache import cache_root, code_digest
from ruling.corpus.load import corpus_digest, load_corpus
from ruling.errors import SearchError
from ruling.fsutil import VersionedFolder
from ruling.search.bridge import dump_table, read_table
from ruling.search.entries import Entry, corpus_entries
from ruling.search.schema import READING_FIELD, SCHEMA_VERSION, WORD_FIELDS, build_schema, field_name

MARKER = "ruling-index.json"
BRIDGE = "terminology.json"
"""The terminology bridge (``rules_corpus/reviewed/terminology.tsv``) as the index keeps it."""
STALE_AFTER = 3600.0
"""Seconds a superseded build is kept for readers that read the pointer before it changed."""

Notify = Callable[[str], None]


def damage_errors() -> tuple[type[BaseException], ...]:
    """Returns what whoosh raises when its files are truncated, missing or garbled."""
    from whoosh.filedb.filetables import FileFormatError
    from whoosh.index import IndexError as WhooshIndexError

    return (
        OSError,
        EOFError,
        ValueError,
        KeyError,
        IndexError,
        struct.error,
        zlib.error,
        pickle.UnpicklingError,
        WhooshIndexError,
        FileFormatError,
    )


def index_key(corpus_folder: Path) -> str:
    """Returns the key of the index of a corpus: it changes with the corpus, the schema version and the code
    that parses the corpus and fills the index."""
    code = code_digest("ids.py", "analyzers.py", "corpus", "search")
    digest = hashlib.sha256(f"{corpus_digest(corpus_folder)}:schema-{SCHEMA_VERSION}:{code}".encode())
    return digest.hexdigest()[:20]


def index_versions(corpus_folder: Path, key: str | None = None) -> VersionedFolder:
    """Returns the builds of the index of a corpus (key: its index_key, if already known)."""
    return VersionedFolder(cache_root(), f"index-{key or index_key(corpus_folder)}")


def index_folder(corpus_folder: Path) -> Path | None:
    """Returns the folder of the live index of a corpus, or None if none has been published."""
    return index_versions(corpus_folder).live()


def load_entries(corpus_folder: Path) -> list[Entry]:
    """Parses the corpus and returns what the index will hold."""
    return corpus_entries(load_corpus(corpus_folder))


def _fields(entry: Entry) -> dict[str, str]:
    language = entry.language
    fields = {
        "key": entry.key,
        "doc": entry.doc,
        "kind": entry.kind,
        "title": entry.title,
        "context": entry.context,
        "body": entry.text,
        field_name("title", language): entry.title,
        field_name("text", language): entry.text,
    }
    if entry.number:
        fields["num"] = entry.number
    if entry.aliases or entry.english:
        fields[field_name("alias", language)] = "\n".join([*entry.aliases, *entry.english])
    if language == "ja":
        fields[READING_FIELD] = japanese_reading("\n".join([entry.title, *entry.aliases]))
    if language in WORD_FIELDS:
        fields[WORD_FIELDS[language]] = "\n".join([entry.title, entry.text, *entry.aliases, *entry.english])
    if entry.cites:
        fields["cites"] = " ".join(entry.cites)
    return fields


def build_index(
    corpus_folder: Path, entries: list[Entry], progress: Callable[[int], None] | None = None
) -> Path:
    """Writes the index of entries for a corpus and publishes it; progress gets each added count.

    Returns the folder of the live index: this build's, or that of a sound index another process
    published while this one was being written (this build is then discarded).
    """
    key = index_key(corpus_folder)
    versions = index_versions(corpus_folder, key)
    before = versions.live()
    try:
        with versions.build() as work:
            (work / BRIDGE).write_text(dump_table(read_table(corpus_folder)), encoding="utf-8")
            _write_index(work, key, entries, progress)
        winner = versions.live()
        if winner is not None and winner != before and check_index(winner, key) is None:
            shutil.rmtree(work, ignore_errors=True)
            return winner
        versions.publish(work)
        versions.remove_stale(STALE_AFTER)
    except OSError as exc:
        raise SearchError(f"{versions.pointer}: cannot write the search index: {exc}") from exc
    return work


def _write_index(work: Path, key: str, entries: list[Entry], progress: Callable[[int], None] | None) -> None:
    from whoosh.index import create_in

    index = create_in(str(work), build_schema())
    writer = index.writer(limitmb=256)
    try:
        for entry in entries:
            writer.add_document(**_fields(entry))
            if progress is not None:
                progress(1)
    except BaseException:
        writer.cancel()
        raise
    writer.commit()
    index.close()
    files = {p.name: p.stat().st_size for p in sorted(work.iterdir())}
    marker = {"key": key, "schema": SCHEMA_VERSION, "entries": len(entries), "files": files}
    (work / MARKER).write_text(json.dumps(marker, indent=1), encoding="utf-8")


def check_index(folder: Path | None, key: str) -> str | None:
    """Returns why the index in folder cannot be used (missing, stale, damaged), or None if it looks whole."""
    if folder is None or not folder.is_dir():
        return "missing"
    try:
        marker = json.loads((folder / MARKER).read_text(encoding="utf-8"))
        expected: dict[str, int] = marker["files"]
        if marker["key"] != key:
            return "built for another corpus"
    except (OSError, ValueError, KeyError, TypeError):
        return f"damaged ({MARKER} unreadable)"
    for name, size in expected.items():
        path = folder / name
        if not path.is_file() or path.stat().st_size != size:
            return f"damaged ({name} missing or changed)"
    return None


def open_index(corpus_folder: Path, notify: Notify | None = None, rebuild: str | None = None) -> Any:
    """Returns the opened whoosh index of a corpus, building it first if it is missing or damaged.

    Opening includes reading the segment files once, so damage whoosh notices there counts as damage.
    notify receives one-line messages about builds; rebuild forces a build and says why.
    """
    key = index_key(corpus_folder)
    folder = index_versions(corpus_folder, key).live()
    reason = rebuild or check_index(folder, key)
    if reason is None and folder is not None:
        try:
            return _open_and_read(folder)
        except damage_errors() as exc:
            reason = f"damaged ({type(exc).__name__}: {exc})"
    if notify is not None:
        if reason == "missing":
            notify(f"building the search index in {cache_root()} (first use)…")
        else:
            notify(f"search index {reason}; rebuilding it in {cache_root()}…")
    folder = build_index(corpus_folder, load_entries(corpus_folder))
    try:
        return _open_and_read(folder)
    except damage_errors() as exc:
        raise SearchError(f"{folder}: the freshly built index cannot be opened: {exc}") from exc


def _open_and_read(folder: Path) -> Any:
    """Opens the whoosh index in folder and reads its segment files once."""
    from whoosh.index import open_dir

    index = open_dir(str(folder))
    with index.searcher() as searcher:
        searcher.reader().doc_count_all()
    return index
