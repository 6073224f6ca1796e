"""The offline search index of the site: one script file per language (``assets/search-ru.js``…), loaded
with a ``<script>`` tag so that it works from ``file://`` where fetching local files is blocked.

It holds what ``ruling search`` ranks with, computed here by Python with the same analyzers
(``ruling.analyzers``) over the same entries (``ruling.search.entries``):

- for every analysed term, the entries holding it with the BM25F weight whoosh would give it (title ×3,
  aliases ×2, text ×1; idf over the whole index, as the command's index has every document) and its
  largest document frequency, for the query's idf weights. They are two long strings (``postings_table``):
  the terms in order, and each term's row of numbers as base-64 digits (``encode_row``), so the page
  parses two strings rather than an object of thousands of keys holding hundreds of thousands of numbers;
  the browser finds a term by binary search and decodes its row when a query first looks it up;
- the vocabulary of Russian and Serbian: every surface word of the texts (as the typo lexicon folds it)
  with its stem and document frequency, so the browser stems a query word by lookup, expands stems to known
  words and corrects typos against the same lexicon as the command; and the everyday words of the
  language that it would take for typos of those words, which it does not correct (``common_words.py``);
- for Japanese, the katakana reading bigrams that kana-only queries search;
- per entry, its key, document, kind, title, context, href and the opening of its text;
- what the documents lack (``_absence``): the bridge's concepts the language's documents lack, the rules
  and pages of the documents that have them, and the English terms of the keyword parts.
- the sound keys of English game words (``_slang``), to read them in Russian or Serbian letters.

The script ``ruling/sitegen/site/static/search.js`` reproduces the rest of ``ruling.search.query``.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from ruling.analyzers import CHAINS, Chain, japanese_reading, word_tokens
from ruling.cache import cache_root, code_digest
from ruling.corpus.load import Corpus, corpus_digest
from ruling.fsutil import write_text_atomic
from ruling.ids import PREFIX_WORDS
from ruling.search import stopwords
from ruling.search.absence import NUMBERED
from ruling.search.bridge import ENGLISH, ERA_PREFIX, Bridge, read_table
from ruling.search.common_words import common_words, confusable
from ruling.search.entries import Entry, corpus_entries, english_terms
from ruling.search.index import READINGS, Readings
from ruling.search.lexicon import spellings
from ruling.search.modern_numbers import read_modern_numbers
from ruling.search.query import TYPO_MIN_LENGTH
from ruling.search.slang import SlangReader, serbian_spellings, slang_reader

if TYPE_CHECKING:
    from ruling.corpus.concordance import Concordance

FIELDS = {"text": 1.0, "title": 3.0, "alias": 2.0}
"""The analysed fields and their boosts, as ``ruling.search.query.FIELD_BOOSTS``."""
EXCERPT_CHARS = {"ru": 140, "sr": 140, "ja": 80}
"""How much of an entry's text a result shows, per language (Japanese says as much in fewer characters)."""
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


def _postings(fields: Mapping[str, _Field]) -> dict[str, str]:
    """Returns the ``postings_table`` of term → [df per field…, entry, code, entry, code…]: entries
    delta-coded, and each code packing the term's frequency in each field (``tf_text + 64 * (tf_title + 8 *
    tf_alias)`` for the three fields of a language, the frequency itself for a single field), so the
    browser computes whoosh's BM25F."""
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
    return postings_table(postings)


def postings_table(rows: Mapping[str, Iterable[int]]) -> dict[str, str]:
    """Returns ``{"terms": …, "rows": …}``: the terms joined by spaces in JavaScript's string order (UTF-16
    code units, so the browser finds one by binary search), and their rows by ``encode_row`` in the same
    order, joined by spaces."""
    terms = sorted(rows, key=lambda term: term.encode("utf-16-be"))
    for term in terms:
        if not term or any(char.isspace() for char in term):
            raise ValueError(f"a term of the postings is empty or holds a space: {term!r}")
    return {"terms": " ".join(terms), "rows": " ".join(encode_row(rows[term]) for term in terms)}


def read_postings(table: Mapping[str, str]) -> dict[str, list[int]]:
    """Returns term → row of a ``postings_table`` (as search.js reads it; for tests and tools)."""
    terms, rows = table["terms"].split(" "), table["rows"].split(" ")
    if len(terms) != len(rows):
        raise ValueError(f"the postings hold {len(terms)} terms and {len(rows)} rows")
    return {term: decode_row(row) for term, row in zip(terms, rows, strict=True)}


DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
"""The 64 digits of ``encode_row`` (URL-safe base 64: nothing a JSON or JavaScript string escapes)."""
MORE = 32
"""A digit at or above MORE carries 5 bits of a number that more digits follow; below it, the last 5."""


def encode_row(numbers: Iterable[int]) -> str:
    """Returns non-negative integers as one string: each a big-endian varint of 5-bit digits (0–31 take one
    character, up to 1023 two). ``decodeRow`` in search.js reads it back."""
    out: list[str] = []
    for number in numbers:
        if number < 0:
            raise ValueError(f"encode_row takes non-negative integers, not {number}")
        digits = [number & 31]
        number >>= 5
        while number:
            digits.append(MORE | (number & 31))
            number >>= 5
        out.extend(DIGITS[d] for d in reversed(digits))
    return "".join(out)


def decode_row(text: str) -> list[int]:
    """Returns the integers ``encode_row`` wrote (as search.js reads them; for tests and tools)."""
    numbers: list[int] = []
    number, inside = 0, False
    for char in text:
        digit = DIGITS.find(char)
        if digit < 0:
            raise ValueError(f"not a digit of a row: {char!r} in {text!r}")
        number, inside = number * 32 + (digit & 31), digit >= MORE
        if not inside:
            numbers.append(number)
            number = 0
    if inside:
        raise ValueError(f"row ends inside a number: {text!r}")
    return numbers


def _code(tfs: list[int]) -> int:
    if len(tfs) == 1:
        return tfs[0]
    text, title, alias = tfs
    return min(text, 63) + 64 * (min(title, 7) + 8 * min(alias, 7))


def _surface_words(language: str, texts: Iterable[str]) -> Counter[str]:
    """Returns the surface words of texts (as the typo lexicon folds them) with the texts holding each."""
    words = CHAINS[f"{language}-words"]
    df: Counter[str] = Counter()
    for text in texts:
        df.update(set(words.terms(text)))
    return df


def _lexicon(language: str, df: Counter[str], spelled: Mapping[str, str]) -> dict[str, str]:
    """Returns the surface-word vocabulary (the typo lexicon of ``ruling search``) as stem → ``suffix:df``
    items joined by ``,``: a word not beginning with its stem is written ``=word:df``; a word the chain
    makes into several terms or none (Japanese katakana words: bigrams) is filed under the stem ``""``. A
    folded word is stemmed as the texts spell it (spelled, ``lexicon.spellings``)."""
    chain = CHAINS[language]
    by_stem: dict[str, list[str]] = {}
    for word in sorted(df):
        stems = chain.terms(spelled.get(word, word))
        stem = stems[0] if len(stems) == 1 else ""
        item = word[len(stem) :] if stem and word.startswith(stem) else "=" + word
        by_stem.setdefault(stem, []).append(f"{item}:{df[word]}")
    return {stem: ",".join(items) for stem, items in sorted(by_stem.items())}


def _bridge(corpus_folder: Path, language: str) -> dict[str, object]:
    """Returns the terminology bridge as the browser uses it for one language's documents: the modern forms
    analysed (longest first, as ``Bridge`` orders them), the era terms of the language analysed, and the
    words of the forms of other languages with their terms, so a query is read without their lexicons."""
    rows = read_table(corpus_folder)
    bridge = Bridge(rows)
    forms = [[concept, form, list(terms)] for concept, form, terms in bridge.forms]
    era: dict[str, list[list[object]]] = {}
    for concept in dict.fromkeys(row.concept for row in rows):
        phrases = bridge.searched_terms(concept, language)
        if phrases:
            era[concept] = [[phrase, CHAINS[language].terms(phrase)] for phrase in phrases]
    cues = {concept for _, concepts in bridge.situations for concept in concepts}
    stems: dict[str, dict[str, str]] = {}
    for row in rows:
        form = row.form.removeprefix(ERA_PREFIX) if row.concept in cues else row.form
        if form in ("en", "ru", "sr"):
            chain = ENGLISH if form == "en" else CHAINS[form]
            words = CHAINS[f"{form}-words"] if form != "en" else ENGLISH_WORDS
            for word, term in zip(words.terms(row.term), chain.terms(row.term), strict=False):
                stems.setdefault(form, {})[word] = term
    situations = [[concept, list(concepts)] for concept, concepts in bridge.situations]
    named = [[concept, form, list(terms)] for concept, form, terms in bridge.cues]
    return {"forms": forms, "era": era, "stems": stems, "situations": situations, "cues": named}


def _slang(reader: SlangReader, language: str, common: Iterable[str]) -> dict[str, object]:
    """Returns what the browser reads English game words in other letters by (``slang.py``), with the
    everyday words of the language that it would read, which it must not (Serbian ones folded, as the
    query's words are looked up)."""
    spellings = serbian_spellings if language == "sr" else None
    return {**reader.as_json(), "blocked": reader.blocked(common, spellings)}


def _absences(
    corpus_folder: Path, terms: str, hrefs: Mapping[str, str], languages: Iterable[str]
) -> dict[str, dict[str, object]]:
    """Returns, per language, what the browser needs to say which game words of a query the documents
    searched lack, as ``ruling.search.absence`` does: the bridge's concepts the language's documents lack
    (the era terms of the bridge data then hold the nearest words); and, the same for every language, the
    rules holding each concept some document lacks, the concepts no document has, the English terms of the
    documents' keyword parts (terms: ``entries.english_terms``, as the command's index keeps them) and the
    pages of all those rules."""
    bridge = Bridge(read_table(corpus_folder))
    concepts = dict.fromkeys(concept for concept, _, _ in bridge.forms)
    lacked = [c for c in concepts if any(not bridge.era_terms(c, lang) for lang in NUMBERED)]
    table: dict[str, dict[str, list[str]]] = json.loads(terms)
    homes = {c: list(bridge.homes(c)) for c in lacked if bridge.homes(c)}
    keys = {k for found in homes.values() for k in found} | {
        k for docs in table.values() for found in docs.values() for k in found
    }
    shared = {
        "homes": homes,
        "nowhere": sorted(bridge.nowhere),
        "terms": table,
        "hrefs": {k: hrefs[k] for k in sorted(keys) if k in hrefs},
    }
    return {
        language: {"lacking": [c for c in concepts if not bridge.era_terms(c, language)], **shared}
        for language in languages
    }


def _today_numbers(corpus_folder: Path, hrefs: Mapping[str, str]) -> dict[str, dict[str, object]]:
    """Returns today's Comprehensive Rules numbers as the browser reads them (``modern_numbers.py``): by
    number, its name, the era rules on its subject and their pages ("" for a rule without one)."""
    table = read_modern_numbers(corpus_folder)
    return {
        number: {
            "number": number,
            "name": found.name,
            "rules": list(found.rules),
            "hrefs": [hrefs.get(key, "") for key in found.rules],
        }
        for number, found in sorted(table.items())
    }


ENGLISH_WORDS = Chain("en-words", word_tokens, ())
"""English words of the bridge's modern forms, unstemmed (the browser looks their stems up)."""


def _stopwords(language: str) -> dict[str, object]:
    """Returns the stop words ``ruling search`` drops from queries of a language, and its rule-number prefix
    words (``правило``, ``§``, ``ルール``)."""
    found: dict[str, object] = {
        "en": sorted(stopwords.ENGLISH),
        "own": sorted(stopwords.STOPWORDS.get(language, frozenset())),
        "near": stopwords.NEAR_MIN_LENGTH,
        "prefix": sorted(PREFIX_WORDS),
    }
    if language == "ja":
        found["phrases"] = list(stopwords.JAPANESE_PHRASES)
        found["particles"] = stopwords.JAPANESE_PARTICLES
    return found


def language_index(
    language: str,
    entries: list[Entry],
    total: int,
    hrefs: Mapping[str, str],
    corpus_folder: Path | None = None,
    readings: Callable[[str], str] = japanese_reading,
    common: Iterable[str] = (),
) -> dict[str, object]:
    """Returns the search data of one language's entries (total: the entries of the whole index); common
    are the everyday words of the language (``common_words.py``), of which it keeps those a query would
    otherwise take for misspelt words of the entries (a word whose terms the entries hold is not taken)."""
    chain = CHAINS[language]
    fields = {name: _Field() for name in FIELDS}
    reading = _Field()
    word_texts: list[str] = []
    rows: list[list[object]] = []
    position = {entry.key: number for number, entry in enumerate(entries)}
    for entry in entries:
        alias = "\n".join([*entry.aliases, *entry.english])
        fields["text"].add(chain.terms(entry.text))
        fields["title"].add(chain.terms(entry.title))
        fields["alias"].add(chain.terms(alias) if alias else [])
        if language == "ja":
            reading.add(chain.terms(readings("\n".join([entry.title, *entry.aliases]))))
        word_texts.append("\n".join([entry.title, entry.text, *entry.aliases, *entry.english]))
        excerpt = " ".join(entry.text.split())
        if len(excerpt) > EXCERPT_CHARS[language]:
            excerpt = excerpt[: EXCERPT_CHARS[language] - 1].rstrip() + "…"
        cites = [position[key] for key in entry.cites if key in position]
        href = hrefs.get(entry.key, "")
        rows.append([entry.key, entry.doc, entry.kind, entry.title, entry.context, href, excerpt, cites])
    surface = _surface_words(language, word_texts)
    spelled = spellings(language, word_texts)
    known = {term for f in fields.values() for term in f.df()}
    unknown = [w for w in common if not (terms := chain.terms(w)) or not all(t in known for t in terms)]
    data: dict[str, object] = {
        "lang": language,
        "total": total,
        "fields": list(FIELDS),
        "boosts": [FIELDS[name] for name in FIELDS],
        "averages": [round(sum(f.lengths) / total, 6) or 1.0 for f in fields.values()],
        "lengths": [list(row) for row in zip(*(f.stored_lengths() for f in fields.values()), strict=True)],
        "entries": rows,
        "postings": _postings(fields),
        "lexicon": _lexicon(language, surface, spelled),
        "spellings": spelled,
        "common": confusable(unknown, surface, 3 if language == "ja" else TYPO_MIN_LENGTH),
        "stop": _stopwords(language),
    }
    if corpus_folder is not None:
        data["bridge"] = _bridge(corpus_folder, language)
    if language == "ja":
        data["reading"] = {
            "average": round(sum(reading.lengths) / total, 6) or 1.0,
            "lengths": reading.stored_lengths(),
            "postings": _postings({"reading": reading}),
        }
    return data


def search_script(name: str, data: object) -> str:
    """Returns data as a script that hands it to the search script (works from file://, where fetching
    local files is blocked). The data is a JSON text in a string given to ``JSON.parse``: browsers read it
    about twice as fast as the same data written as a script's object literal (measured in Chromium: the
    Japanese index 88 → 54 ms, median of 4, loaded machine), at the same size gzipped."""
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    literal = "'" + payload.translate(_JS_STRING) + "'"
    return (
        f"window.RulingIndex=window.RulingIndex||{{}};"
        f"window.RulingIndex[{json.dumps(name)}]=JSON.parse({literal});\n"
    )


_JS_STRING = str.maketrans(
    {"\\": "\\\\", "'": "\\'", "\n": "\\n", "\r": "\\r", "\u2028": "\\u2028", "\u2029": "\\u2029"}
)
"""What a JSON text needs escaped to sit in a single-quoted JavaScript string (JSON escapes the other
control characters itself)."""


class _Sink(Protocol):
    """What write_search_indexes needs of a writer."""

    def write(self, path: str, data: str | bytes) -> None: ...


def _cache_file(corpus: Corpus, hrefs: Mapping[str, str]) -> Path:
    """Returns where the scripts are cached: keyed by the corpus, the code that computes them and the
    hrefs they hold."""
    code = code_digest("analyzers.py", "search", "corpus", "sitegen")
    links = hashlib.sha256(json.dumps(sorted(hrefs.items()), ensure_ascii=False).encode()).hexdigest()
    key = hashlib.sha256(f"{corpus_digest(corpus.folder)}:{code}:{links}".encode()).hexdigest()[:20]
    return cache_root() / f"site-index-{key}.json"


def cached_index_scripts(corpus: Corpus, hrefs: Mapping[str, str]) -> dict[str, str] | None:
    """Returns the index scripts of this corpus, code and hrefs from the per-user cache, or None."""
    try:
        scripts = json.loads(_cache_file(corpus, hrefs).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if isinstance(scripts, dict) and all(isinstance(v, str) for v in scripts.values()):
        return scripts
    return None


def index_scripts(
    corpus: Corpus, hrefs: Mapping[str, str], concordance: Concordance | None = None
) -> dict[str, str]:
    """Returns the index scripts by file name: ``search-<lang>.js`` per language with documents, and
    ``search-ja-reading.js`` (the readings, loaded only for a query written in kana). They are kept in
    the per-user cache, keyed by the corpus and the code that computes them. The concordance (which lends
    English terms to Serbian rules) is built unless given."""
    found = cached_index_scripts(corpus, hrefs)
    if found is not None:
        return found
    known = Readings(cache_root() / READINGS)  # shared with the index build: pykakasi loads only if needed
    used: set[str] = set()

    def read_japanese(text: str) -> str:
        used.add(text)
        return known(text)

    entries = corpus_entries(corpus, concordance)
    terms = english_terms((e.key, e.doc, e.kind, e.english, e.cites) for e in entries)
    absences = _absences(corpus.folder, terms, hrefs, LANGUAGES)
    reader = slang_reader(read_table(corpus.folder), json.loads(terms))
    today = _today_numbers(corpus.folder, hrefs)
    common = common_words()
    scripts: dict[str, str] = {}
    for language in LANGUAGES:
        mine = [e for e in entries if e.language == language]
        if not mine:
            continue
        data = language_index(
            language, mine, len(entries), hrefs, corpus.folder, read_japanese, common.get(language, ())
        )
        data["absence"] = absences[language]
        data["today"] = today
        data["slang"] = _slang(reader, language, common.get(language, ()))
        reading = data.pop("reading", None)
        scripts[f"search-{language}.js"] = search_script(language, data)
        if reading is not None:
            scripts[f"search-{language}-reading.js"] = search_script(f"{language}-reading", reading)
    known.save(used)
    with suppress(OSError):
        write_text_atomic(_cache_file(corpus, hrefs), json.dumps(scripts, ensure_ascii=False))
    return scripts


def write_search_indexes(scripts: Mapping[str, str], writer: _Sink) -> dict[str, int]:
    """Writes the index scripts into ``assets/``; returns their sizes in bytes by file name."""
    sizes: dict[str, int] = {}
    for name, script in scripts.items():
        writer.write(f"assets/{name}", script)
        sizes[name] = len(script.encode("utf-8"))
    return sizes
