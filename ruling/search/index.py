"""Builds the search index into a per-user cache folder, keyed by the corpus content, and opens it.

The key digests the corpus (manifest and source files), the schema version and the code, so a changed
corpus or analyzer gets a new index; a search finds it by the stamps of those files (``known_index_key``).
A build writes whoosh's index and, beside it, the query-time store a search reads (``store.py``). Each
build writes a folder of its own, ``<cache>/index-<key>-<random>``, and then replaces the pointer file
``<cache>/index-<key>.live`` naming the live build in one rename (``VersionedFolder``): a reader always
finds a whole index, the old one or the new one, even while another process rebuilds it. A build that
finds, when it is done, that another process has published a sound index meanwhile discards its own and
uses that one. Superseded builds are removed an hour after they were superseded; builds killed midway (no
marker) are removed once untouched for ten minutes, and the index folders of corpus keys no longer used
(their pointer not read for a day) are removed with their pointer. A marker file written last inside each
build records the key, the entry count and every file's size and CRC-32; an index whose marker is missing
or disagrees (for the files the opener reads; the others by size), or that whoosh or the store cannot open
and read, is damaged and gets rebuilt, as is a pointer file replaced by a folder.
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Callable, Collection, Iterator
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ruling.analyzers import japanese_reading
from ruling.cache import cache_root, code_digest
from ruling.errors import SearchError
from ruling.fsutil import VersionedFolder, write_text_atomic
from ruling.search.bridge import dump_table, read_table
from ruling.search.common_words import common_words_json
from ruling.search.fields import READING_FIELD, SCHEMA_VERSION, field_name
from ruling.search.lexicon import lexicon_json
from ruling.search.store import STORE, STORE_DAMAGE, SearchStore, write_store

if TYPE_CHECKING:
    from ruling.corpus.concordance import Concordance
    from ruling.corpus.load import Corpus
    from ruling.search.entries import Entry

MARKER = "ruling-index.json"
LEXICON = "lexicon.json"
"""The surface words of each language (``lexicon.py``)."""
BRIDGE = "terminology.json"
"""The terminology bridge (``rules_corpus/reviewed/terminology.tsv``) as the index keeps it."""
COMMON = "common_words.json"
"""The everyday words of the documents' languages, never taken for typos (``common_words.py``)."""
TERMS = "english_terms.json"
"""The English terms of the documents' keyword parts (``entries.english_terms``, read by ``absence.py``)."""
MODERN = "modern_numbers.json"
"""Today's Comprehensive Rules numbers and the era rules on their subjects (``modern_numbers.py``)."""
STORE_READS = (STORE, LEXICON, BRIDGE, TERMS, MODERN)
"""The files a search reads: opening the store checks them whole, and whoosh's files by their size (a
search does not read them; opening whoosh checks them whole)."""
STALE_AFTER = 3600.0
"""Seconds a superseded build is kept for readers that read the pointer before it changed."""
ORPHAN_AFTER = 600.0
"""Seconds a build without a marker (killed midway) is left alone: a running build changes all the time."""
UNUSED_AFTER = 86400.0
"""Seconds after which the index of another corpus key whose pointer nobody read is removed."""

Notify = Callable[[str], None]
_Opened = TypeVar("_Opened")


def damage_errors() -> tuple[type[BaseException], ...]:
    """Returns what whoosh raises when its files are truncated, missing or garbled."""
    import pickle
    import struct

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
        MemoryError,
        WhooshIndexError,
        FileFormatError,
    )


KEY_CODE = ("ids.py", "analyzers.py", "corpus", "search")
"""The code whose output the index holds: a change of it gives a new index."""


def index_key(corpus_folder: Path) -> str:
    """Returns the key of the index of a corpus: it changes with the corpus, the schema version and the code
    that parses the corpus and fills the index."""
    import hashlib

    from ruling.corpus.load import corpus_digest

    code = code_digest(*KEY_CODE)
    digest = hashlib.sha256(f"{corpus_digest(corpus_folder)}:schema-{SCHEMA_VERSION}:{code}".encode())
    return digest.hexdigest()[:20]


KEYS = "index-keys.json"
"""The keys of the corpora and code seen lately, by the paths, sizes and modification times of their files:
a search finds its index without reading and hashing every file of the corpus and the code."""
KEYS_KEPT = 8


def _stamp(corpus_folder: Path) -> str:
    """Returns the paths, sizes and modification times of the corpus's files and of the code, digested."""
    from ruling.cache import PACKAGE

    files = sorted(p for p in corpus_folder.iterdir() if p.is_file())
    files += sorted((corpus_folder / "reviewed").glob("*.tsv"))
    for part in KEY_CODE:
        path = PACKAGE / part
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    lines = [f"{corpus_folder.resolve()}", f"schema-{SCHEMA_VERSION}"]
    for path in files:
        status = path.stat()
        lines.append(f"{path} {status.st_size} {status.st_mtime_ns}")
    text = "\n".join(lines).encode()
    return f"{zlib.crc32(text):08x}{zlib.adler32(text):08x}{len(text):x}"


def known_index_key(corpus_folder: Path) -> str:
    """Returns index_key of a corpus, remembered by the stamp of its files and of the code (``KEYS``); a
    file changed in place keeping its size and modification time to the nanosecond would go unseen."""
    try:
        stamp = _stamp(corpus_folder)
    except OSError:
        return index_key(corpus_folder)
    path = cache_root() / KEYS
    try:
        known = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(known, dict):
            known = {}
    except (OSError, ValueError):
        known = {}
    key = known.get(stamp)
    if isinstance(key, str):
        return key
    key = index_key(corpus_folder)
    kept = {s: k for s, k in list(known.items())[-(KEYS_KEPT - 1) :] if isinstance(k, str)}
    with suppress(OSError):
        write_text_atomic(path, json.dumps({**kept, stamp: key}))
    return key


def index_versions(corpus_folder: Path, key: str | None = None) -> VersionedFolder:
    """Returns the builds of the index of a corpus (key: its index_key, if already known)."""
    return VersionedFolder(cache_root(), f"index-{key or index_key(corpus_folder)}")


def index_folder(corpus_folder: Path) -> Path | None:
    """Returns the folder of the live index of a corpus, or None if none has been published."""
    return index_versions(corpus_folder).live()


def load_entries(corpus_folder: Path) -> list[Entry]:
    """Parses the corpus (or takes it from the cache) and returns what the index will hold."""
    from ruling.corpus.cache import load_corpus_cached
    from ruling.search.entries import corpus_entries

    return corpus_entries(load_corpus_cached(corpus_folder))


@dataclass(frozen=True)
class Prepared:
    """A corpus parsed and aligned once, with the entries the index will hold: what ``build_all`` needs."""

    corpus: Corpus
    concordance: Concordance
    entries: list[Entry]


def prepare(corpus_folder: Path) -> Prepared:
    """Parses (or takes from the cache) and aligns the corpus (the alignment too is kept in the cache,
    keyed by the corpus and the code), and lists the entries to index."""
    from ruling.corpus.cache import load_corpus_cached
    from ruling.corpus.concordance_cache import load_concordance_cached
    from ruling.search.entries import corpus_entries

    corpus = load_corpus_cached(corpus_folder)
    concordance = load_concordance_cached(corpus)
    return Prepared(corpus, concordance, corpus_entries(corpus, concordance))


def build_all(
    corpus_folder: Path, prepared: Prepared, progress: Callable[[int], None] | None = None
) -> tuple[Path, Path]:
    """Builds the search index and the lookup store of ``ruling show`` from one preparation; returns the
    index folder and the store file."""
    from ruling.lookup import build_store

    folder = build_index(corpus_folder, prepared.entries, progress)
    return folder, build_store(corpus_folder, prepared.corpus, prepared.concordance)


def _lexicon_texts(entries: list[Entry]) -> Iterator[tuple[str, str]]:
    for entry in entries:
        yield entry.language, "\n".join([entry.title, entry.text, *entry.aliases, *entry.english])


READINGS = "readings.json"
"""Katakana readings of Japanese titles and terms, kept across builds in the cache folder: pykakasi takes
half a second to load, and most titles are the same from one corpus to the next."""


class Readings:
    """Japanese readings by text: those of earlier builds, the others computed (pykakasi) and kept."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.added = False
        try:
            known = json.loads(path.read_text(encoding="utf-8"))
            self.known: dict[str, str] = known if isinstance(known, dict) else {}
        except (OSError, ValueError):
            self.known = {}

    def __call__(self, text: str) -> str:
        reading = self.known.get(text)
        if not isinstance(reading, str):
            reading = self.known[text] = japanese_reading(text)
            self.added = True
        return reading

    def save(self, used: set[str]) -> None:
        """Keeps the readings of the texts this build used (a cache that cannot be written is only a
        missed speed-up)."""
        if self.added or set(self.known) != used:
            data = {text: self.known[text] for text in sorted(used)}
            with suppress(OSError):
                write_text_atomic(self.path, json.dumps(data, ensure_ascii=False))


def _fields(entry: Entry, readings: Callable[[str], str] = japanese_reading) -> dict[str, str]:
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
        fields[READING_FIELD] = readings("\n".join([entry.title, *entry.aliases]))
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
    import shutil

    from ruling.search.entries import english_terms
    from ruling.search.modern_numbers import dump_numbers, read_modern_numbers

    key = index_key(corpus_folder)
    versions = index_versions(corpus_folder, key)
    before = versions.live()
    try:
        if versions.pointer.is_dir() and not versions.pointer.is_symlink():
            shutil.rmtree(versions.pointer)  # damage: the pointer is a file naming the live build
        with versions.build() as work:
            (work / BRIDGE).write_text(dump_table(read_table(corpus_folder)), encoding="utf-8")
            (work / LEXICON).write_text(lexicon_json(_lexicon_texts(entries)), encoding="utf-8")
            (work / COMMON).write_text(common_words_json(), encoding="utf-8")
            (work / MODERN).write_text(dump_numbers(read_modern_numbers(corpus_folder)), encoding="utf-8")
            terms = english_terms((e.key, e.doc, e.kind, e.english, e.cites) for e in entries)
            (work / TERMS).write_text(terms, encoding="utf-8")
            _write_index(work, key, entries, progress)
        winner = versions.live()
        if winner is not None and winner != before and check_index(winner, key) is None:
            shutil.rmtree(work, ignore_errors=True)
            return winner
        versions.publish(work)
        versions.remove_stale(STALE_AFTER)
        prune(key)
    except OSError as exc:
        raise SearchError(f"{versions.pointer}: cannot write the search index: {exc}") from exc
    return work


def prune(key: str, now: float | None = None) -> list[Path]:
    """Removes, from the cache folder, builds of the index of key killed midway (no marker, untouched for
    ORPHAN_AFTER) and the index folders and pointers of other keys whose pointer was not read for
    UNUSED_AFTER (readers touch the pointer they open); returns what it removed. A folder another process
    may be reading is never among them: a reader reads a pointer it touched, then a folder it names."""
    import shutil
    import time

    now = time.time() if now is None else now
    root = cache_root()
    removed: list[Path] = []
    live = {key: VersionedFolder(root, f"index-{key}").live()}
    for pointer in root.glob("index-*.live"):
        other = pointer.name.removeprefix("index-").removesuffix(".live")
        if other != key:
            try:
                unused = pointer.is_file() and now - pointer.stat().st_mtime > UNUSED_AFTER
            except OSError:
                continue
            if unused:
                for folder in root.glob(f"index-{other}-*"):
                    if folder.is_dir() and now - folder.stat().st_mtime > UNUSED_AFTER:
                        shutil.rmtree(folder, ignore_errors=True)
                        removed.append(folder)
                pointer.unlink(missing_ok=True)
                removed.append(pointer)
    for folder in root.glob(f"index-{key}-*"):
        try:
            orphan = (
                folder.is_dir()
                and folder != live[key]
                and not (folder / MARKER).exists()
                and now - folder.stat().st_mtime > ORPHAN_AFTER
            )
        except OSError:
            continue
        if orphan:
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


def _write_index(work: Path, key: str, entries: list[Entry], progress: Callable[[int], None] | None) -> None:
    from whoosh.index import create_in

    from ruling.search.schema import build_schema

    schema = build_schema()
    indexed = set(schema.names())
    index = create_in(str(work), schema)
    writer = index.writer(limitmb=256)
    readings = Readings(cache_root() / READINGS)
    used: set[str] = set()

    def reading(text: str) -> str:
        used.add(text)
        return readings(text)

    documents = []
    try:
        for entry in entries:
            documents.append(_fields(entry, reading))
            writer.add_document(**{k: v for k, v in documents[-1].items() if k in indexed})
            if progress is not None:
                progress(1)
    except BaseException:
        writer.cancel()
        raise
    readings.save(used)
    writer.commit()
    index.close()
    write_store(work / STORE, documents)
    files = {p.name: _file_sum(p) for p in sorted(work.iterdir())}
    marker = {"key": key, "schema": SCHEMA_VERSION, "entries": len(entries), "files": files}
    (work / MARKER).write_text(json.dumps(marker, indent=1), encoding="utf-8")


def _file_sum(path: Path) -> list[int]:
    """Returns a file's size and CRC-32: what the marker records, and what opening checks."""
    data = path.read_bytes()
    return [len(data), zlib.crc32(data)]


def check_index(folder: Path | None, key: str, read: Collection[str] | None = None) -> str | None:
    """Returns why the index in folder cannot be used (missing, stale, damaged), or None if it is whole:
    every file the marker lists has the size it had when the build finished, and the CRC-32 (a few
    milliseconds to check) if it is one the caller reads (read; None: every file), so damage that keeps
    a file's size is found before it is read."""
    if folder is None or not folder.is_dir():
        return "missing"
    try:
        marker = json.loads((folder / MARKER).read_text(encoding="utf-8"))
        expected: dict[str, list[int]] = marker["files"]
        if marker["key"] != key:
            return "built for another corpus"
        for name, (size, crc) in expected.items():
            path = folder / name
            if not path.is_file() or path.stat().st_size != size:
                return f"damaged ({name} missing or changed)"
            if (read is None or name in read) and _file_sum(path) != [size, crc]:
                return f"damaged ({name} missing or changed)"
    except (OSError, ValueError, KeyError, TypeError):
        return f"damaged ({MARKER} unreadable)"
    return None


def open_index(
    corpus_folder: Path,
    notify: Notify | None = None,
    rebuild: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Any:
    """Returns the opened whoosh index of a corpus, building it first if it is missing or damaged.

    Opening checks every file against the marker and reads the segment files once, so damage counts as
    damage before a search meets it. notify receives one-line messages about builds; rebuild forces a
    build and says why; progress gets (entries done, total) while a build runs.
    """
    return _open_built(corpus_folder, _open_and_read, damage_errors(), None, notify, rebuild, progress)


def open_store(
    corpus_folder: Path, notify: Notify | None = None, progress: Callable[[int, int], None] | None = None
) -> SearchStore:
    """Returns the query-time store of the index of a corpus (``store.py``), building the index first if
    it is missing or damaged, as ``open_index`` does, without importing whoosh when the index is whole."""
    return _open_built(corpus_folder, _open_store, STORE_DAMAGE, STORE_READS, notify, None, progress)


def whole_store(corpus_folder: Path) -> SearchStore | None:
    """Returns the query-time store of the live index of a corpus if that index is whole, else None
    (nothing is built: the fast start path of ``ruling search`` leaves builds to the click command)."""
    return _open_live(corpus_folder, known_index_key(corpus_folder), _open_store, STORE_DAMAGE, STORE_READS)[
        0
    ]


def _open_live(
    corpus_folder: Path,
    key: str,
    opener: Callable[[Path], _Opened],
    damage: tuple[type[BaseException], ...],
    read: Collection[str] | None,
) -> tuple[_Opened | None, str]:
    """Returns the live index of key opened, or None and why it cannot be used (read: the files the
    opener reads, checked whole; None: every file)."""
    versions = index_versions(corpus_folder, key)
    folder = versions.live()
    reason = check_index(folder, key, read)
    if reason is None and folder is not None:
        with suppress(OSError):
            os.utime(versions.pointer)  # in use: prune keeps the indexes of keys read lately
        try:
            return opener(folder), ""
        except damage as exc:
            reason = f"damaged ({type(exc).__name__}: {exc})"
    return None, reason or "missing"


def _open_built(
    corpus_folder: Path,
    opener: Callable[[Path], _Opened],
    damage: tuple[type[BaseException], ...],
    read: Collection[str] | None,
    notify: Notify | None,
    rebuild: str | None,
    progress: Callable[[int, int], None] | None,
) -> _Opened:
    key = known_index_key(corpus_folder)
    if rebuild is None:
        opened, reason = _open_live(corpus_folder, key, opener, damage, read)
        if opened is not None:
            return opened
    else:
        reason = rebuild
    if notify is not None:
        if reason == "missing":
            notify(f"building the search index in {cache_root()} (first use)…")
        else:
            notify(f"search index {reason}; rebuilding it in {cache_root()}…")
    entries = load_entries(corpus_folder)
    done = [0]

    def count(added: int) -> None:
        done[0] += added
        if progress is not None:
            progress(done[0], len(entries))

    folder = build_index(corpus_folder, entries, count)
    try:
        return opener(folder)
    except damage as exc:
        raise SearchError(f"{folder}: the freshly built index cannot be opened: {exc}") from exc


def _open_store(folder: Path) -> SearchStore:
    """Opens the store in folder and reads its header."""
    return SearchStore(folder / STORE)


def _open_and_read(folder: Path) -> Any:
    """Opens the whoosh index in folder and reads its segment files once."""
    from whoosh.index import open_dir

    index = open_dir(str(folder))
    with index.searcher() as searcher:
        searcher.reader().doc_count_all()
    return index
