"""The offline search index of the site: one script file per language (``assets/search-ru.js``…), loaded
with a ``<script>`` tag so that it works from ``file://`` where fetching local files is blocked.

It holds what ``ruling search`` ranks with, computed here by Python with the same analyzers
(``ruling.analyzers``) over the same entries (``ruling.search.entries``):

- for every analysed term, the entries holding it with the BM25F weight whoosh would give it (title ×3,
  aliases ×2, text ×1; idf over the whole index, as the command's index has every document) and its
  largest document frequency, for the query's idf weights;
- the vocabulary of Russian and Serbian: every surface word of the texts (as the typo lexicon folds it)
  with its stem and document frequency, so the browser stems a query word by lookup, expands stems to known
  words and corrects typos against the same lexicon as the command;
- for Japanese, the katakana reading bigrams that kana-only queries search;
- per entry, its key, document, kind, title, context, href and the opening of its text.

The script ``site/static/search.js`` reproduces the rest of ``ruling.search.query``.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from ruling.analyzers import CHAINS, japanese_reading
from ruling.cache import cache_root, code_digest
from ruling.corpus.cache import load_corpus_cached
from ruling.corpus.load import Corpus, corpus_digest
from ruling.fsutil import write_text_atomic
from ruling.search.entries import Entry, corpus_entries

FIELDS = {"text": 1.0, "title": 3.0, "alias": 2.0}
"""The analysed fields and their boosts, as ``ruling.search.query.FIELD_BOOSTS``."""
EXCERPT_CHARS = 140
LANGUAGES = ("ru", "sr", "ja")


@dataclass
class _Field:
    """One analysed field of a language: term frequencies per entry, and lengths."""

    tf: list[Counter[str]] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)

    def add(self, terms: list[str]) -> None:
        self.tf.append(Counter(terms))
        self.lengths.append(len(terms))

    def stored_lengths(self) -> list[int]:
        """Returns the lengths as whoosh stores them (a byte each, rounded up as ``length_to_byte`` does)."""
        from whoosh.util.numeric import byte_to_length, length_to_byte

        return [byte_to_length(length_to_byte(n)) for n in self.lengths]

    def df(self) -> Counter[str]:
        found: Counter[str] = Counter()
        for counts in self.tf:
            found.update(counts.keys())
        return found


def _postings(fields: Mapping[str, _Field]) -> dict[str, list[int]]:
    """Returns term → [df per field…, entry, code, entry, code…]: entries delta-coded, and each code packing
    the term's frequency in each field (``tf_text + 64 * (tf_title + 8 * tf_alias)`` for the three fields
    of a language, the frequency itself for a single field), so the browser computes whoosh's BM25F."""
    names = list(fields)
    dfs = {name: fields[name].df() for name in names}
    found: dict[str, dict[int, list[int]]] = {}
    for position, name in enumerate(names):
        for entry, counts in enumerate(fields[name].tf):
            for term, tf in counts.items():
                found.setdefault(term, {}).setdefault(entry, [0] * len(names))[position] = tf
    postings: dict[str, list[int]] = {}
    for term in sorted(found):
        row = [dfs[name][term] for name in names]
        previous = 0
        for entry in sorted(found[term]):
            row += [entry - previous, _code(found[term][entry])]
            previous = entry
        postings[term] = row
    return postings


def _code(tfs: list[int]) -> int:
    if len(tfs) == 1:
        return tfs[0]
    text, title, alias = tfs
    return min(text, 63) + 64 * (min(title, 7) + 8 * min(alias, 7))


def _lexicon(language: str, texts: Iterable[str]) -> dict[str, str]:
    """Returns the surface-word vocabulary as stem → ``suffix:df`` items joined by ``,`` (a word not
    beginning with its stem is written ``=word:df``)."""
    words = CHAINS[f"{language}-words"]
    df: Counter[str] = Counter()
    for text in texts:
        df.update(set(words.terms(text)))
    chain = CHAINS[language]
    by_stem: dict[str, list[str]] = {}
    for word in sorted(df):
        stems = chain.terms(word)
        stem = stems[0] if stems else word
        item = word[len(stem) :] if word.startswith(stem) else "=" + word
        by_stem.setdefault(stem, []).append(f"{item}:{df[word]}")
    return {stem: ",".join(items) for stem, items in sorted(by_stem.items())}


def _other_stems(language: str, texts: Iterable[str], lexicon_texts: Iterable[str]) -> dict[str, str]:
    """Returns word → stem for the words of texts (the English terms) that the typo lexicon does not hold:
    the browser stems them by lookup, but does not offer them as corrections (as ``ruling search``)."""
    words = CHAINS[f"{language}-words"]
    known: set[str] = set()
    for text in lexicon_texts:
        known.update(words.terms(text))
    found: set[str] = set()
    for text in texts:
        found.update(w for w in words.terms(text) if w not in known)
    chain = CHAINS[language]
    return {word: (chain.terms(word) or [word])[0] for word in sorted(found)}


def language_index(
    language: str, entries: list[Entry], total: int, hrefs: Mapping[str, str]
) -> dict[str, object]:
    """Returns the search data of one language's entries (total: the entries of the whole index)."""
    chain = CHAINS[language]
    fields = {name: _Field() for name in FIELDS}
    reading = _Field()
    word_texts: list[str] = []
    english_texts: list[str] = []
    rows: list[list[str]] = []
    for entry in entries:
        alias = "\n".join([*entry.aliases, *entry.english])
        fields["text"].add(chain.terms(entry.text))
        fields["title"].add(chain.terms(entry.title))
        fields["alias"].add(chain.terms(alias) if alias else [])
        if language == "ja":
            reading.add(chain.terms(japanese_reading("\n".join([entry.title, entry.text, *entry.aliases]))))
        else:
            word_texts.append("\n".join([entry.title, entry.text, *entry.aliases]))
            english_texts.append("\n".join(entry.english))
        excerpt = " ".join(entry.text.split())
        if len(excerpt) > EXCERPT_CHARS:
            excerpt = excerpt[: EXCERPT_CHARS - 1].rstrip() + "…"
        rows.append(
            [entry.key, entry.doc, entry.kind, entry.title, entry.context, hrefs.get(entry.key, ""), excerpt]
        )
    data: dict[str, object] = {
        "lang": language,
        "total": total,
        "fields": list(FIELDS),
        "boosts": [FIELDS[name] for name in FIELDS],
        "averages": [round(sum(f.lengths) / total, 6) or 1.0 for f in fields.values()],
        "lengths": [list(row) for row in zip(*(f.stored_lengths() for f in fields.values()), strict=True)],
        "entries": rows,
        "postings": _postings(fields),
    }
    if language == "ja":
        data["reading"] = {
            "average": round(sum(reading.lengths) / total, 6) or 1.0,
            "lengths": reading.stored_lengths(),
            "postings": _postings({"reading": reading}),
        }
    else:
        data["lexicon"] = _lexicon(language, word_texts)
        data["stems"] = _other_stems(language, english_texts, word_texts)
    return data


def search_script(name: str, data: object) -> str:
    """Returns data as a script that hands it to the search script (works from file://, where fetching
    local files is blocked)."""
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"window.RulingIndex=window.RulingIndex||{{}};window.RulingIndex[{json.dumps(name)}]={payload};\n"


class _Sink(Protocol):
    """What write_search_indexes needs of a writer."""

    def write(self, path: str, data: str | bytes) -> None: ...


def _cache_file(corpus: Corpus) -> Path:
    code = code_digest("analyzers.py", "search", "corpus", "sitegen")
    key = hashlib.sha256(f"{corpus_digest(corpus.folder)}:{code}".encode()).hexdigest()[:20]
    return cache_root() / f"site-index-{key}.json"


def cached_index_scripts(corpus: Corpus) -> dict[str, str] | None:
    """Returns the index scripts of this corpus and code from the per-user cache, or None."""
    try:
        scripts = json.loads(_cache_file(corpus).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if isinstance(scripts, dict) and all(isinstance(v, str) for v in scripts.values()):
        return scripts
    return None


def index_scripts(corpus: Corpus, hrefs: Mapping[str, str]) -> dict[str, str]:
    """Returns the index scripts by file name: ``search-<lang>.js`` per language with documents, and
    ``search-ja-reading.js`` (the readings, loaded only for a query written in kana). They are kept in
    the per-user cache, keyed by the corpus and the code that computes them."""
    found = cached_index_scripts(corpus)
    if found is not None:
        return found
    entries = corpus_entries(corpus)
    scripts: dict[str, str] = {}
    for language in LANGUAGES:
        mine = [e for e in entries if e.language == language]
        if not mine:
            continue
        data = language_index(language, mine, len(entries), hrefs)
        reading = data.pop("reading", None)
        scripts[f"search-{language}.js"] = search_script(language, data)
        if reading is not None:
            scripts[f"search-{language}-reading.js"] = search_script(f"{language}-reading", reading)
    with suppress(OSError):
        write_text_atomic(_cache_file(corpus), json.dumps(scripts, ensure_ascii=False))
    return scripts


def _scripts_of_folder(folder: str, hrefs: dict[str, str]) -> dict[str, str]:
    """Computes the index scripts in a worker process (the corpus comes from the per-user cache)."""
    return index_scripts(load_corpus_cached(folder), hrefs)


def start_index_scripts(corpus: Corpus, hrefs: Mapping[str, str]) -> Callable[[], dict[str, str]]:
    """Starts computing the index scripts in a worker process, so that the build collects and renders
    meanwhile (the Japanese readings and the analyzers take seconds); returns a function that waits for
    them. With the scripts cached, or when no worker can be started, they are made in this process."""
    found = cached_index_scripts(corpus)
    if found is not None:
        return lambda: found
    try:
        pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        future = pool.submit(_scripts_of_folder, str(corpus.folder), dict(hrefs))
    except (OSError, RuntimeError):
        return lambda: index_scripts(corpus, hrefs)

    def wait() -> dict[str, str]:
        try:
            return future.result()
        except (OSError, BrokenProcessPool):
            return index_scripts(corpus, hrefs)
        finally:
            pool.shutdown()

    return wait


def write_search_indexes(scripts: Mapping[str, str], writer: _Sink) -> dict[str, int]:
    """Writes the index scripts into ``assets/``; returns their sizes in bytes by file name."""
    sizes: dict[str, int] = {}
    for name, script in scripts.items():
        writer.write(f"assets/{name}", script)
        sizes[name] = len(script.encode("utf-8"))
    return sizes
