"""Finds the corpus, reads its manifest, runs each document's parser and serves lookups over the result."""

from __future__ import annotations

import bisect
import difflib
import hashlib
import importlib
import os
import tomllib
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from ruling.corpus.model import REVIEWED_FOLDER, Document, DocumentInfo, Node, Rule, Source
from ruling.errors import (
    AmbiguousReferenceError,
    CorpusError,
    RuleIdError,
    UnknownKeyError,
    UnknownRuleError,
)
from ruling.ids import SCHEME_OF_DOCUMENT, RuleId, fold_qualifier, read_node_key

CORPUS_ENV = "RULING_CORPUS"
MANIFEST = "manifest.toml"
PARSER_MODULES: dict[str, str] = {
    "ru": "ruling.corpus.parse_ru",
    "ja": "ruling.corpus.parse_ja",
    "sr": "ruling.corpus.parse_sr",
    "guide": "ruling.corpus.parse_guide",
    "wiki": "ruling.corpus.parse_wiki",
}
Parser = Callable[[Source], Document]


def corpus_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """Returns the corpus folder: the one given, else $RULING_CORPUS, else rules_corpus/ of the checkout."""
    candidates: list[Path] = []
    if explicit is not None:
        candidates.append(Path(explicit))
    elif os.environ.get(CORPUS_ENV):
        candidates.append(Path(os.environ[CORPUS_ENV]))
    else:
        candidates += [Path(__file__).resolve().parents[2] / "rules_corpus", Path.cwd() / "rules_corpus"]
    for path in candidates:
        if (path / MANIFEST).is_file():
            return path
    tried = ", ".join(str(p) for p in candidates)
    raise CorpusError(
        f"no rules corpus found (looked for {MANIFEST} in {tried}); set {CORPUS_ENV} or use --corpus"
    )


def read_manifest(folder: Path) -> list[DocumentInfo]:
    """Reads manifest.toml; every entry must name its file, code, language, title, date and kind."""
    path = folder / MANIFEST
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise CorpusError(f"{path}: cannot read the manifest: {exc}") from exc
    infos: list[DocumentInfo] = []
    for number, entry in enumerate(data.get("document", []), start=1):
        try:
            infos.append(
                DocumentInfo(
                    code=entry["code"],
                    file=entry["file"],
                    language=entry["language"],
                    title=entry["title"],
                    rules_date=entry["rules_date"],
                    kind=entry["kind"],
                    sha256=entry["sha256"],
                    seed=entry["seed"],
                    description=entry.get("description", ""),
                )
            )
        except KeyError as exc:
            raise CorpusError(f"{path}: document #{number} lacks the field {exc.args[0]!r}") from exc
    if not infos:
        raise CorpusError(f"{path}: no [[document]] entries")
    return infos


def corpus_digest(folder: Path) -> str:
    """Returns a digest of the manifest, every source file and the reviewed data: it changes whenever the
    corpus does."""
    digest = hashlib.sha256()
    digest.update(_read_bytes(folder / MANIFEST))
    for info in read_manifest(folder):
        digest.update(_read_bytes(folder / info.file))
    for path in sorted((folder / REVIEWED_FOLDER).glob("*.tsv")):
        digest.update(path.name.encode())
        digest.update(_read_bytes(path))
    return digest.hexdigest()


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise CorpusError(f"{path}: cannot read: {exc.strerror or exc}") from exc


def parser_for(code: str) -> Parser:
    """Returns the parse function of a document code."""
    module_name = PARSER_MODULES.get(code)
    if module_name is None:
        raise CorpusError(f"no parser for document code {code!r}")
    module = importlib.import_module(module_name)
    parse: Parser = module.parse
    return parse


def parse_document(folder: Path, info: DocumentInfo) -> Document:
    """Reads one document of the corpus, checks it against the manifest's sha256 and parses it."""
    path = folder / info.file
    data = _read_bytes(path)
    actual = hashlib.sha256(data).hexdigest()
    if actual != info.sha256:
        raise CorpusError(
            f"{path}: the file has changed: its sha256 is {actual}, {MANIFEST} expects {info.sha256}"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CorpusError(f"{path}: cannot read: {exc}") from exc
    return parser_for(info.code)(Source(info, text, folder))


@dataclass
class Corpus:
    """All parsed documents, with lookups by key and by rule id."""

    folder: Path
    documents: dict[str, Document] = field(default_factory=dict)

    @cached_property
    def nodes(self) -> dict[str, Node]:
        found: dict[str, Node] = {}
        for document in self.documents.values():
            for node in document.nodes():
                found[node.key] = node
        return found

    @cached_property
    def cited_by(self) -> dict[str, list[str]]:
        """Maps a node key to the keys of the nodes whose references cite it, in document order."""
        citing: dict[str, list[str]] = {}
        for document in self.documents.values():
            for ref in document.references:
                for target in ref.targets:
                    sources = citing.setdefault(target, [])
                    if ref.source not in sources:
                        sources.append(ref.source)
        return citing

    @cached_property
    def cites(self) -> dict[str, list[str]]:
        """Maps a node key to the keys its references cite, in order of first mention, without repeats."""
        cited: dict[str, list[str]] = {}
        for document in self.documents.values():
            for ref in document.references:
                targets = cited.setdefault(ref.source, [])
                targets += [t for t in ref.targets if t not in targets]
        return cited

    @cached_property
    def children(self) -> dict[str, list[str]]:
        kids: dict[str, list[str]] = {}
        for document in self.documents.values():
            for rule in document.rules:
                if rule.parent is not None:
                    kids.setdefault(str(rule.parent), []).append(rule.key)
        return kids

    def rules(self) -> Iterator[Rule]:
        for document in self.documents.values():
            yield from document.rules

    def get(self, key: str) -> Node | None:
        return self.nodes.get(key)

    def rule(self, rule_id: RuleId) -> Rule | None:
        node = self.nodes.get(str(rule_id))
        return node if isinstance(node, Rule) else None

    def lookup(self, text: str, doc: str | None = None) -> Node:
        """Finds the node a judge means: a rule id in any form ``resolve`` accepts, or the key of any node
        (``ja:glossary/個別エンチャント``, ``ru:index/Зона/Библиотека``, ``guide:passage/3``, or
        ``glossary/Жетон`` with doc). A document in text that differs from doc is refused."""
        text = fold_qualifier(unicodedata.normalize("NFC", text).strip())
        named = read_node_key(text, doc, self.documents)
        if named is None:
            return self.resolve(text, doc)
        key, prefix = named
        node = self.nodes.get(key)
        if node is None:
            names = [k.removeprefix(prefix) for k in self.nodes if k.startswith(prefix)]
            nearest = difflib.get_close_matches(key.removeprefix(prefix), names, n=5, cutoff=0.6)
            raise UnknownKeyError(key, [prefix + n for n in nearest])
        return node

    def resolve(self, text: str, doc: str | None = None) -> Rule:
        """Finds the rule a judge means by text (qualified or with doc); raises with the nearest ids."""
        if doc is not None or ":" in text:
            rule_id = RuleId.parse(text, default_doc=doc)
            rule = self.rule(rule_id)
            if rule is None:
                raise UnknownRuleError(str(rule_id), [str(r) for r in self.nearest(rule_id)])
            return rule
        found: list[Rule] = []
        for code in self.documents:
            if code not in SCHEME_OF_DOCUMENT:
                continue
            try:
                candidate = self.rule(RuleId.parse(text, default_doc=code))
            except RuleIdError:
                continue
            if candidate is not None:
                found.append(candidate)
        if len(found) == 1:
            return found[0]
        if found:
            names = ", ".join(r.key for r in found)
            raise AmbiguousReferenceError(f"{text!r} is a rule of several documents: {names}; name one")
        ids: list[RuleId] = []
        for code in self.documents:
            if code in SCHEME_OF_DOCUMENT:
                try:
                    ids.append(RuleId.parse(text, default_doc=code))
                except RuleIdError:
                    continue
        if not ids:
            raise RuleIdError(f"{text!r} is not a rule id of any document (search finds rules by words)")
        nearest = [str(r) for rule_id in ids for r in self.nearest(rule_id, 3)]
        raise UnknownRuleError(text, nearest)

    def nearest(self, rule_id: RuleId, count: int = 5) -> list[RuleId]:
        """Returns existing ids of the same document closest to rule_id, in outline and in spelling."""
        document = self.documents.get(rule_id.doc)
        if document is None or not document.rules:
            return []
        ids = [r.id for r in document.rules]
        position = bisect.bisect_left(ids, rule_id)
        around = ids[max(0, position - 2) : position + 2]
        spelled = difflib.get_close_matches(rule_id.local, [i.local for i in ids], n=count, cutoff=0.6)
        ordered: list[RuleId] = []
        for candidate in around + [RuleId(rule_id.doc, s) for s in spelled]:
            if candidate not in ordered:
                ordered.append(candidate)
        return ordered[:count]


def load_corpus(folder: str | os.PathLike[str] | None = None, codes: Iterable[str] | None = None) -> Corpus:
    """Parses the corpus (all documents, or those named by codes) and returns it."""
    root = corpus_dir(folder)
    wanted = set(codes) if codes is not None else None
    corpus = Corpus(root)
    for info in read_manifest(root):
        if wanted is None or info.code in wanted:
            corpus.documents[info.code] = parse_document(root, info)
    if wanted is not None and (unknown := wanted - corpus.documents.keys()):
        raise CorpusError(f"unknown document code(s): {', '.join(sorted(unknown))}")
    return corpus
