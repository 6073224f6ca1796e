"""The concordance kept in the per-user cache, so that ``ruling show`` and ``ruling xref`` do not align the
whole corpus again (a few seconds) for every lookup.

The cache file is keyed by the corpus content (sources and reviewed data), the documents loaded and the code
of the package that aligns them; it is written through a temporary file and a rename. A cache that cannot be
read is ignored and written anew; one that cannot be written is only a missed speed-up.
"""

from __future__ import annotations

import contextlib
import hashlib
import pickle
from pathlib import Path

from ruling.cache import cache_root, code_digest
from ruling.corpus.concordance import Concordance, Link, build_concordance
from ruling.corpus.load import Corpus, corpus_digest
from ruling.fsutil import write_bytes_atomic

ALIGNING_CODE = ("ids.py", "analyzers.py", "corpus")


def concordance_cache_file(corpus: Corpus) -> Path:
    """Returns where the concordance of this corpus (these documents, this code) is cached."""
    documents = ",".join(sorted(corpus.documents))
    text = f"{corpus_digest(corpus.folder)}:{documents}:{code_digest(*ALIGNING_CODE)}"
    return cache_root() / f"concordance-{hashlib.sha256(text.encode()).hexdigest()[:20]}.pickle"


def load_concordance_cached(corpus: Corpus) -> Concordance:
    """Returns the whole concordance of corpus, from the cache when it holds it."""
    path = concordance_cache_file(corpus)
    kept = cached_links(path)
    if kept is not None:
        return Concordance(kept)
    concordance = build_concordance(corpus)
    with contextlib.suppress(OSError):
        write_bytes_atomic(path, pickle.dumps(concordance.links, protocol=pickle.HIGHEST_PROTOCOL))
    return concordance


def cached_links(path: Path) -> tuple[Link, ...] | None:
    """Returns the links a cache file holds, or None when it is missing or damaged."""
    try:
        with path.open("rb") as handle:
            links = pickle.load(handle)
    except Exception:  # unpickling garbage can raise almost anything
        return None
    if isinstance(links, tuple) and all(isinstance(k, Link) for k in links):
        return links
    return None
