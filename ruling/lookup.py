"""The lookup store: what ``ruling show`` needs, precomputed once per corpus into one small SQLite file.

A judge types ``ruling show 502.9b`` many times an hour; parsing five documents and aligning them on each
call would take a quarter of a second. The store holds, for every rule and entry, the object ``show``
prints (the export's JSON, the rule's counterparts from the concordance, the keys citing and cited), and
each rule's place in its document's numbering for the nearest-id hints.

- Key: the files of the corpus (manifest, sources, reviewed data) and of the code that parses it and
  fills the store, by path, size and modification time (reading and hashing them all would cost more than
  the lookup); the file is ``<cache>/lookup-<key>.sqlite``.
- Publication: built into a temporary file beside it and renamed over it in one step; then its CRC-32 and
  size are written, last, to ``lookup-<key>.sqlite.crc``.
- Pruning: a build removes the stores nobody opened for a day (opening touches the file).
- Damage: a missing checksum, a file whose CRC or size disagrees (checked on every open: a few
  milliseconds), a file SQLite cannot read, or a folder where the file should be; the store is rebuilt and
  the caller told once.

This module imports nothing heavy: the parsers and the concordance are imported only to build the store.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import unicodedata
import zlib
from collections.abc import Callable, Iterable
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ruling.cache import PACKAGE, cache_root
from ruling.errors import (
    AmbiguousReferenceError,
    CorpusError,
    RuleIdError,
    UnknownKeyError,
    UnknownRuleError,
)
from ruling.ids import (
    ATTACHED_AFTER,
    ATTACHED_BEFORE,
    PREFIX_WORDS,
    SCHEME_OF_DOCUMENT,
    RuleId,
    fold_qualifier,
    read_node_key,
)

if TYPE_CHECKING:
    from ruling.corpus.concordance import Concordance
    from ruling.corpus.load import Corpus

STORE_FORMAT = 2
CODE = ("ids.py", "corpus", "lookup.py")
"""The code whose output the store holds: a change of it gives a new store."""
MANIFEST = "manifest.toml"
REVIEWED = "reviewed"
NEAREST = 5
_DAMAGE = (sqlite3.DatabaseError, OSError, ValueError, KeyError, TypeError, UnicodeDecodeError)

Notify = Callable[[str], None]


class StoreDamage(Exception):
    """A store that cannot be read whole (internal: the store is rebuilt)."""


class Shown:
    """What ``show`` prints for a node: its key and kind, its JSON object, and the keys it cites and that
    cite it (for entries; a rule's are in its JSON). A plain class: dataclasses cost a start-up import."""

    __slots__ = ("cited_by", "cites", "data", "key", "kind")

    def __init__(
        self,
        key: str,
        kind: str,
        data: dict[str, Any],
        cites: tuple[str, ...] = (),
        cited_by: tuple[str, ...] = (),
    ) -> None:
        self.key, self.kind, self.data, self.cites, self.cited_by = key, kind, data, cites, cited_by


CORPUS_ENV = "RULING_CORPUS"


def corpus_folder(explicit: str | os.PathLike[str] | None = None) -> Path:
    """Returns the corpus folder as ``ruling.corpus.load.corpus_dir`` does (the one given, else
    $RULING_CORPUS, else rules_corpus/ of the checkout or of the working folder), without importing the
    parsers: the fast start path of ``show`` uses it."""
    if explicit is not None:
        candidates = [Path(explicit)]
    elif os.environ.get(CORPUS_ENV):
        candidates = [Path(os.environ[CORPUS_ENV])]
    else:
        candidates = [Path(__file__).resolve().parents[1] / "rules_corpus", Path.cwd() / "rules_corpus"]
    for path in candidates:
        if (path / MANIFEST).is_file():
            return path
    from ruling.corpus.load import corpus_dir

    return corpus_dir(explicit)  # raises the one error naming what was tried


def _stamp(paths: Iterable[Path], base: Path) -> str:
    return "\n".join(
        f"{p.relative_to(base).as_posix()} {p.stat().st_size} {p.stat().st_mtime_ns}" for p in paths
    )


def store_path(folder: Path) -> Path:
    """Returns where the lookup store of the corpus in folder lives (keyed by the stamps of the corpus
    files and of the code)."""
    try:
        corpus = sorted(p for p in folder.iterdir() if p.is_file())
        corpus += sorted((folder / REVIEWED).glob("*.tsv"))
        stamp = _stamp(corpus, folder)
    except OSError as exc:
        raise CorpusError(f"{folder}: cannot read the corpus: {exc.strerror or exc}") from exc
    code = [PACKAGE / part for part in CODE if not part.endswith("/")]
    code = [p for part in code for p in (sorted(part.rglob("*.py")) if part.is_dir() else [part])]
    text = f"{folder.resolve()}\n{stamp}\n{_stamp(code, PACKAGE)}\nformat-{STORE_FORMAT}".encode()
    key = f"{zlib.crc32(text):08x}{zlib.adler32(text):08x}{len(text) % 65536:04x}"
    return cache_root() / f"lookup-{key}.sqlite"


def _sort_text(rule_id: RuleId) -> str:
    part, section, number, letter = rule_id.sort_key
    return f"{part + 1:06d}{section + 1:05d}{number + 1:05d}{letter or ' '}"


def _row(key: str, doc: str, kind: str, sort: str | None, payload: dict[str, Any]) -> tuple[Any, ...]:
    return (key, doc, kind, sort, json.dumps(payload, ensure_ascii=False, sort_keys=True))


def store_rows(corpus: Corpus, concordance: Concordance | None = None) -> list[tuple[Any, ...]]:
    """Returns the rows of the store of a parsed corpus: every rule with its counterparts (from the
    concordance, built unless given), every entry."""
    from ruling.corpus.concordance import build_concordance
    from ruling.corpus.export import entry_json, rule_json
    from ruling.corpus.model import Rule

    concordance = concordance or build_concordance(corpus)
    rows = []
    for document in corpus.documents.values():
        for node in document.nodes():
            if isinstance(node, Rule):
                rule = {"json": rule_json(corpus, node, concordance.counterparts(node.key))}
                rows.append(_row(node.key, document.code, "rule", _sort_text(node.id), rule))
                continue
            payload: dict[str, Any] = {
                "json": entry_json(corpus, node),
                "cites": corpus.cites.get(node.key, []),
                "cited_by": corpus.cited_by.get(node.key, []),
            }
            rows.append(_row(node.key, document.code, node.key.split(":", 1)[1].split("/")[0], None, payload))
    return rows


def build_store(folder: Path, corpus: Corpus | None = None, concordance: Concordance | None = None) -> Path:
    """Writes the lookup store of a corpus (parsing it and aligning it unless given) and publishes it
    whole."""
    import tempfile

    from ruling.corpus.cache import load_corpus_cached

    path = store_path(folder)
    rows = store_rows(corpus if corpus is not None else load_corpus_cached(folder), concordance)
    documents = list(dict.fromkeys(row[1] for row in rows))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        os.close(handle)
        try:
            with sqlite3.connect(name) as db:
                db.execute(
                    "CREATE TABLE node (key TEXT PRIMARY KEY, doc TEXT, kind TEXT, sort TEXT, data TEXT)"
                )
                db.execute("CREATE INDEX node_sort ON node (doc, kind, sort)")
                db.execute("CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT)")
                db.executemany("INSERT INTO node VALUES (?, ?, ?, ?, ?)", rows)
                db.executemany(
                    "INSERT INTO meta VALUES (?, ?)",
                    [("documents", json.dumps(documents)), ("rows", str(len(rows)))],
                )
            db.close()
            data = Path(name).read_bytes()
            _replace(name, path)
            _write_checksum(path, data)
            prune_stores(path)
        except BaseException:
            Path(name).unlink(missing_ok=True)
            raise
    except (OSError, sqlite3.Error) as exc:
        raise CorpusError(f"{path}: cannot write the lookup store: {exc}") from exc
    return path


def _checksum_path(path: Path) -> Path:
    return path.with_name(path.name + ".crc")


def _checksum(data: bytes) -> str:
    return f"{zlib.crc32(data):08x} {len(data)}"


def _write_checksum(path: Path, data: bytes) -> None:
    """Writes the store's checksum beside it, last, through a temporary file and a rename."""
    target = _checksum_path(path)
    temporary = target.with_name(f".{target.name}.{os.getpid()}")
    temporary.write_text(_checksum(data), encoding="ascii")
    os.replace(temporary, target)


UNUSED_AFTER = 86400.0
"""Seconds after which the store of another corpus or code version that nobody opened is removed."""


def prune_stores(current: Path, now: float | None = None) -> list[Path]:
    """Removes the stores (and checksums) other than current that were not opened for UNUSED_AFTER, and
    temporary files of builds killed midway as old; returns what it removed."""
    import time

    now = time.time() if now is None else now
    removed = []
    for path in [*current.parent.glob("lookup-*.sqlite*"), *current.parent.glob(".lookup-*")]:
        if path in (current, _checksum_path(current)):
            continue
        try:
            if path.is_file() and now - path.stat().st_mtime > UNUSED_AFTER:
                path.unlink()
                removed.append(path)
        except OSError:
            continue
    return removed


def _replace(name: str, path: Path) -> None:
    """Renames the new store over path; a folder in its place is moved aside first (damage)."""
    if path.is_dir() and not path.is_symlink():
        import shutil

        shutil.rmtree(path, ignore_errors=True)
    os.replace(name, path)


class Store:
    """An opened lookup store of one corpus: finds nodes the way a judge names them."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            if not path.is_file():
                raise StoreDamage(f"{path.name} is not a file")
            expected = _checksum_path(path).read_text(encoding="ascii").strip()
            if _checksum(path.read_bytes()) != expected:
                raise StoreDamage(f"{path.name} does not match its checksum")
            self.db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            meta = dict(self.db.execute("SELECT name, value FROM meta").fetchall())
            self.documents: list[str] = json.loads(meta["documents"])
            if int(meta["rows"]) <= 0:
                raise StoreDamage("no rows")
        except _DAMAGE as exc:
            raise StoreDamage(str(exc)) from exc

    def close(self) -> None:
        self.db.close()

    def _fetch(self, key: str) -> Shown | None:
        try:
            row = self.db.execute("SELECT kind, data FROM node WHERE key = ?", (key,)).fetchone()
            if row is None:
                return None
            kind, data = row
            payload = json.loads(data)
            return Shown(
                key,
                kind,
                payload["json"],
                tuple(payload.get("cites", ())),
                tuple(payload.get("cited_by", ())),
            )
        except _DAMAGE as exc:
            raise StoreDamage(str(exc)) from exc

    def _keys(self, sql: str, *args: Any) -> list[str]:
        try:
            return [row[0] for row in self.db.execute(sql, args).fetchall()]
        except _DAMAGE as exc:
            raise StoreDamage(str(exc)) from exc

    def lookup(self, text: str, doc: str | None = None) -> Shown:
        """Finds the node a judge means: a rule id in any form ``RuleId.parse`` accepts, or the key of any
        node (``ja:glossary/個別エンチャント``, ``guide:passage/3``, or ``glossary/Жетон`` with doc)."""
        text = fold_qualifier(unicodedata.normalize("NFC", text).strip())
        named = read_node_key(text, doc, self.documents)
        if named is None:
            return self.resolve(text, doc)
        key, prefix = named
        found = self._fetch(key)
        if found is None:
            import difflib

            keys = self._keys("SELECT key FROM node WHERE substr(key, 1, ?) = ?", len(prefix), prefix)
            names = [k.removeprefix(prefix) for k in keys]
            nearest = difflib.get_close_matches(key.removeprefix(prefix), names, n=NEAREST, cutoff=0.6)
            raise UnknownKeyError(key, [prefix + n for n in nearest])
        return found

    def resolve(self, text: str, doc: str | None = None) -> Shown:
        """Finds the rule a judge means by text (qualified or with doc); raises with the ids nearest in
        number."""
        if doc is not None and doc.lower() not in self.documents:
            raise RuleIdError(f"unknown document {doc!r}: expected {', '.join(self.documents)}")
        if doc is not None or ":" in text:
            rule_id = RuleId.parse(text, default_doc=doc)
            found = self._fetch(str(rule_id))
            if found is None or found.kind != "rule":
                raise UnknownRuleError(str(rule_id), self.nearest(rule_id))
            return found
        candidates: list[RuleId] = []
        for code in self.documents:
            if code in SCHEME_OF_DOCUMENT:
                try:
                    candidates.append(RuleId.parse(text, default_doc=code))
                except RuleIdError:
                    continue
        if not candidates:
            raise RuleIdError(f"{text!r} is not a rule id of any document (search finds rules by words)")
        shown = [s for s in (self._fetch(str(c)) for c in candidates) if s is not None and s.kind == "rule"]
        if len(shown) == 1:
            return shown[0]
        if shown:
            names = ", ".join(s.key for s in shown)
            raise AmbiguousReferenceError(f"{text!r} is a rule of several documents: {names}; name one")
        raise UnknownRuleError(text, [n for c in candidates for n in self.nearest(c, 3)])

    def nearest(self, rule_id: RuleId, count: int = NEAREST) -> list[str]:
        """Returns existing ids of the same document near rule_id in number: its nearest existing ancestor,
        then the rules just before and after it (``ru:999.9`` → the last rules of the document)."""
        found: list[str] = []
        parent = rule_id.parent
        while parent is not None:
            if self._keys("SELECT key FROM node WHERE key = ? AND kind = 'rule'", str(parent)):
                found.append(str(parent))
                break
            parent = parent.parent
        sort = _sort_text(rule_id)
        before = self._keys(
            "SELECT key FROM node WHERE doc = ? AND kind = 'rule' AND sort < ? ORDER BY sort DESC LIMIT ?",
            rule_id.doc,
            sort,
            count,
        )
        after = self._keys(
            "SELECT key FROM node WHERE doc = ? AND kind = 'rule' AND sort > ? ORDER BY sort LIMIT ?",
            rule_id.doc,
            sort,
            count,
        )
        slots = count - len(found)
        after = after[: min(len(after), slots // 2)]
        around = list(reversed(before[: slots - len(after)])) + after
        return list(dict.fromkeys(found + around))[:count]


def open_store(folder: Path, notify: Notify | None = None) -> Store:
    """Returns the lookup store of a corpus, building it when missing and rebuilding it (with one message
    to notify) when damaged."""
    path = store_path(folder)
    if path.exists():
        try:
            store = Store(path)
            with suppress(OSError):
                os.utime(path)  # in use: pruning keeps the stores of corpora read lately
            return store
        except StoreDamage as exc:
            if notify is not None:
                notify(f"lookup store damaged ({exc}); rebuilding it in {path.parent}…")
    build_store(folder)
    try:
        return Store(path)
    except StoreDamage as exc:
        raise CorpusError(f"{path}: the freshly built lookup store cannot be read: {exc}") from exc


def show_node(folder: Path, text: str, doc: str | None = None, notify: Notify | None = None) -> Shown:
    """Returns what ``show`` prints for text; a row found damaged makes the store be rebuilt once."""
    store = open_store(folder, notify)
    try:
        try:
            return store.lookup(text, doc)
        except StoreDamage as exc:
            store.close()
            if notify is not None:
                notify(f"lookup store damaged ({exc}); rebuilding it in {store.path.parent}…")
            build_store(folder)
            store = Store(store_path(folder))
            return store.lookup(text, doc)
    except (UnknownRuleError, RuleIdError):
        from ruling.search.modern_numbers import today_numbers  # only for a number that is no rule

        with today_numbers(folder, text, asked_documents(text, doc)):
            raise  # the error, with today's number added when the table has it
    finally:
        store.close()


def asked_documents(text: str, doc: str | None) -> list[str]:
    """Returns the rules documents a lookup of text asks: doc, the document text names, else all."""
    text = fold_qualifier(text)
    named = doc or (text.split(":")[0] if ":" in text else None)
    return [named.strip().lower()] if named else list(SCHEME_OF_DOCUMENT)


def read_show_words(words: Iterable[str], doc: str | None) -> tuple[str, str | None]:
    """Reads the words given to ``show``: an id or key, or a document and an id as two words
    (``ru 502.9b``); returns the text and the document."""
    words = _without_announcement([w for w in words if w.strip()])
    if not words:
        raise RuleIdError("show needs a rule id or key, as ru:502.9b")
    first = words[0].strip().rstrip(":").lower()
    if len(words) == 2 and first in {*SCHEME_OF_DOCUMENT, "guide"}:
        if doc is not None and doc.lower() != first:
            raise RuleIdError(f"{' '.join(words)!r} names document {first}, not {doc}: give one document")
        return words[1], first
    return " ".join(words), doc


def read_id_words(words: Iterable[str]) -> list[tuple[str, str | None]]:
    """Reads several rule ids given as words (``compare``), each as ``show`` reads one, a document named
    as a word before an id applying to it (``ru 502.9b ja 502.9b``); returns each text and document."""
    found: list[tuple[str, str | None]] = []
    doc: str | None = None
    for word in _without_announcement([w for w in words if w.strip()]):
        code = word.rstrip(":").lower()
        if code in SCHEME_OF_DOCUMENT and doc is None:
            doc = code
            continue
        found.append((word, doc))
        doc = None
    if doc is not None or not found:
        raise RuleIdError("compare needs rule ids, as ru:502.9b or ru 502.9b")
    return found


_MARK_RE = re.compile(
    rf"^(?:{'|'.join(ATTACHED_BEFORE)})\s*(?=\w)|(?<=[0-9A-Za-z])(?:{'|'.join(ATTACHED_AFTER)})$"
)
_KEY_RE = re.compile(r"[\d:/]")
"""A word of a rule id or key: the announcing words come before the first one."""


def _without_announcement(words: list[str]) -> list[str]:
    """Returns the words without those that announce a rule number (``правило 502.9b``, ``rule``,
    ``pravilo``, ``п.``) and the marks glued to it (``§409``, ``第502.7e項``, ``ルール502.9b``), as search
    reads them; a key's own words (``ru:index/Золотое правило``) stay."""
    words = [unicodedata.normalize("NFKC", w).strip() for w in words]
    start = next((n for n, w in enumerate(words) if _KEY_RE.search(w)), len(words))
    kept = [w for w in words[:start] if w.rstrip(".:").lower() not in PREFIX_WORDS] + words[start:]
    return [w for w in (_MARK_RE.sub("", w) for w in kept) if w]


def render(shown: Shown) -> list[tuple[str, bool]]:
    """Returns the lines ``show`` prints for a node, each with whether it is a heading (bold)."""
    data = shown.data
    if shown.kind == "rule":
        heading = shown.key + (f"  {data['title']}" if data.get("title") else "")
        if data.get("title_en"):
            heading += f" ({data['title_en']})"
        lines = [(heading, True)]
        if data.get("text"):
            lines.append((data["text"], False))
        lines += [(f"  > {example}", False) for example in data["examples"]]
        lines += [(f"  * {note}", False) for note in data["notes"]]
        for label, field in (("cites", "refs"), ("cited by", "cited_by"), ("children", "children")):
            if data[field]:
                lines.append((f"{label}: {', '.join(data[field])}", False))
        for number, other in enumerate(data.get("concordance", [])):
            label = "same rule in: " if number == 0 else " " * len("same rule in: ")
            lines.append((f"{label}{other['id']} ({other['confidence']}, {other['reason']})", False))
        lines.append((f"source: {data['source']}", False))
        return lines
    heading = data.get("term") or data.get("title") or ""
    if data.get("term_en"):
        heading += f" ({data['term_en']})"
    lines = [(f"{shown.key}  {heading}".rstrip(), True)]
    if data.get("parent"):
        lines.append((f"under: {data['parent']}", False))
    if data.get("text"):
        lines.append((data["text"], False))
    lines += [(f"  > {example}", False) for example in data.get("examples", [])]
    if data.get("tags"):
        lines.append((f"tags: {', '.join(data['tags'])}", False))
    if data.get("ref_text"):
        lines.append((f"refers to: {data['ref_text']}", False))
    cites = data["refs"] if "refs" in data else list(shown.cites)
    for label, keys in (("cites", cites), ("cited by", list(shown.cited_by))):
        if keys:
            lines.append((f"{label}: {', '.join(keys)}", False))
    lines.append((f"source: {data['source']}", False))
    return lines


def show_text(
    folder: Path, words: Iterable[str], doc: str | None, as_json: bool, bold: bool, notify: Notify | None
) -> str:
    """Returns what ``ruling show`` prints for words (headings in bold ANSI if bold): the one renderer of
    the click command and of the fast start path (``ruling.launch``)."""
    text, doc = read_show_words(words, doc)
    shown = show_node(folder, text, doc, notify)
    if as_json:
        return emit_json(shown.data) + "\n"
    return "".join(
        f"\x1b[1m{line}\x1b[0m\n" if heading and bold else f"{line}\n" for line, heading in render(shown)
    )


def emit_json(data: Any) -> str:
    """Returns data as ``ruling`` prints JSON: sorted keys, two-space indent, UTF-8 as is."""
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True)
