"""How much each word of a query counts, in ranking and in the share of the query an entry covers.

A word counts its idf (a rare word says more than a common one). In a long query (a situation told at
length: «противник получил контроль над моим атакующим существом посреди боя…»), a word that no title,
term or alias of the documents uses (``посреди``, ``девять``, ``получил``) tells the circumstances rather
than the subject, which the game's own words name: it counts INCIDENTAL_SHARE, in the BM25 ranking and
in the share of the query an entry covers, so an entry holding every game word of the situation wins over
one that holds a rare everyday word.
"""

from __future__ import annotations

from collections.abc import Callable

INCIDENTAL_SHARE = 0.5
LONG_QUERY_WORDS = 3
"""From this many content terms on, a query is long: a question or a situation rather than a term."""


class Weighed:
    """A query term of one language: its weight (idf times its share) and its boost (its share)."""

    __slots__ = ("boost", "weight")

    def __init__(self, weight: float, boost: float) -> None:
        self.weight, self.boost = weight, boost


def weigh(terms: list[str], idf: Callable[[str], float], named: Callable[[str], bool]) -> dict[str, Weighed]:
    """Returns each of the (distinct) content terms of a query with its weight and boost: idf gives a
    term's idf; named tells whether some title, term or alias of the documents holds it."""
    long = len(terms) >= LONG_QUERY_WORDS
    weighed = {}
    for term in terms:
        share = INCIDENTAL_SHARE if long and not named(term) else 1.0
        weighed[term] = Weighed(idf(term) * share, share)
    return weighed
