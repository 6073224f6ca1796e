"""The whoosh schema of the search index: stored fields for results, one field group per language.

Importing this module imports whoosh; only index builds do (a query reads the store, ``store.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from whoosh.analysis import Token, Tokenizer
from whoosh.fields import ID, TEXT, Schema
from whoosh.system import pack_uint

from ruling.analyzers import CHAINS
from ruling.search.fields import ID_FIELDS, analysed_fields, counted


class ChainTokenizer(Tokenizer):  # type: ignore[misc]
    """A whoosh tokenizer that runs one of the analyzer chains (pickled by name into the index)."""

    def __init__(self, chain: str) -> None:
        self.chain = chain

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ChainTokenizer) and other.chain == self.chain

    def __hash__(self) -> int:
        return hash(self.chain)

    def __call__(
        self,
        value: str,
        positions: bool = False,
        chars: bool = False,
        keeporiginal: bool = False,
        removestops: bool = True,
        start_pos: int = 0,
        start_char: int = 0,
        tokenize: bool = True,
        mode: str = "",
        **kwargs: Any,
    ) -> Iterator[Token]:
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        for number, tok in enumerate(CHAINS[self.chain].tokens(value)):
            token.text = tok.text
            token.boost = 1.0
            token.stopped = False
            if keeporiginal:
                token.original = value[tok.start : tok.end]
            if positions:
                token.pos = start_pos + number
            if chars:
                token.startchar = start_char + tok.start
                token.endchar = start_char + tok.end
            yield token


class ChainText(TEXT):  # type: ignore[misc]
    """A TEXT field of one analyzer chain that indexes a value from its terms counted at once, as whoosh's
    frequency format counts them token by token (the same postings, weights and lengths, without a whoosh
    token object per word: most of the time whoosh spent adding a document)."""

    def index(self, value: str, **kwargs: Any) -> Iterator[tuple[bytes, int, float, bytes]]:
        boost = self.format.field_boost
        for term, frequency in counted(self.analyzer.chain, value):
            yield term.encode("utf-8"), frequency, frequency * boost, pack_uint(frequency)


def build_schema() -> Schema:
    """Returns the schema: the id fields, then the analysed fields of each language (what a result shows
    is stored in the query-time store only, ``store.py``)."""
    fields: dict[str, Any] = {name: ID for name in ID_FIELDS}
    for name, chain in analysed_fields().items():
        fields[name] = ChainText(analyzer=ChainTokenizer(chain), phrase=False)
    return Schema(**fields)
