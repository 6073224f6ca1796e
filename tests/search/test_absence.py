"""What the documents searched lack: the English terms of their keyword parts, and the notes of absence."""

from __future__ import annotations

import json
from typing import Any

from ruling.search.absence import from_terms
from ruling.search.entries import english_terms
from ruling.search.query import search

ENTRIES = [
    ("ja:502.26", "ja", "rule", ("Morph",), ()),
    ("ja:502.26a", "ja", "rule", (), ()),
    ("ru:glossary/Полет", "ru", "glossary", ("Flying",), ("ru:502.4",)),
    ("ja:502.4", "ja", "rule", ("Flying",), ()),
    ("sr:E3.70", "sr", "rule", ("Flying",), ()),
    ("sr:glossary/Letač", "sr", "glossary", ("Flying",), ("sr:E3.70",)),
    ("ru:glossary/Регенерация", "ru", "glossary", ("Regeneration",), ("ru:419.6b",)),
    ("sr:glossary/Regeneracija", "sr", "glossary", ("Regeneration",), ("sr:E3.110",)),
    ("ja:505", "ja", "rule", ("Split Cards",), ()),
    ("guide:passage/8", "guide", "passage", ("Planeswalker",), ()),
]
TERMS = json.loads(english_terms(ENTRIES))


def test_terms_are_those_of_the_keyword_parts_with_the_rules_that_give_them() -> None:
    assert TERMS["morph"] == {"ja": ["ja:502.26"]}
    assert TERMS["flying"] == {"ru": ["ru:502.4"], "ja": ["ja:502.4"], "sr": ["sr:E3.70"]}
    # a document giving the term outside its keyword part has it (no home), and does not lack it
    assert TERMS["regeneration"] == {"ru": [], "sr": ["sr:E3.110"]}
    assert "planeswalker" not in TERMS  # not a numbered document


def test_a_term_a_document_searched_lacks_names_the_rules_of_the_others() -> None:
    (morph,) = from_terms("how does morph work", ["ru"], TERMS, [])
    assert (morph.modern, morph.missing, morph.homes) == ("morph", ("ru",), ("ja:502.26",))
    (split,) = from_terms("split card", ["ru", "sr"], TERMS, [])
    assert split.missing == ("ru", "sr") and split.homes == ("ja:505",)


def test_no_absence_where_the_document_has_the_term_or_the_bridge_reads_it() -> None:
    assert from_terms("regeneration", ["ru"], TERMS, []) == []
    assert from_terms("flying", ["ru", "ja", "sr"], TERMS, []) == []
    assert from_terms("morph", ["ru"], TERMS, ["morph"]) == []
    assert from_terms("морф", ["ru"], TERMS, []) == []


def test_no_word_of_a_phrase_the_bridge_reads_is_looked_up_alone() -> None:
    assert from_terms("morph creature", ["ru"], TERMS, ["morph creature"]) == []
    (morph,) = from_terms("morph creature", ["ru"], TERMS, ["creature"])
    assert morph.modern == "morph"


def test_search_says_a_keyword_is_not_in_the_document_and_where_it_is(search_index: Any) -> None:
    found = search(search_index, "vigilance", ("ru",))
    assert [(a.missing, a.homes) for a in found.absent] == [(("ru",), ("sr:E3.80",))]
    found = search(search_index, "morph", ("ru",))
    assert [(a.missing, a.homes) for a in found.absent] == [(("ru",), ("ja:502.26",))]
    assert search(search_index, "regeneration", ("ru",)).absent == ()


def test_search_says_no_document_has_a_later_keyword_and_corrects_none(search_index: Any) -> None:
    for word in ("hexproof", "ward", "menace"):
        found = search(search_index, word, ("ja",))
        assert [a.nowhere for a in found.absent] == [True], word
        assert found.suggestion is None, word


def test_a_keyword_marked_absent_is_no_english_term_of_any_document(search_index: Any) -> None:
    """The bridge's absent rows (hexproof, convoke, split second…) are checked against the documents: none
    of their English forms is a term the documents' keyword parts give, singular or plural."""
    bridge = search_index.bridge()
    absent = bridge.nowhere
    assert len(absent) >= 100
    forms = [row.term for row in bridge.rows if row.concept in absent and row.form == "en"]
    terms = search_index.terms()
    assert [f for f in forms if {f, f + "s", f.removesuffix("s")} & set(terms)] == []
    found = search(search_index, "can I respond to a spell with split second", ("ru", "ja", "sr"))
    assert [(a.modern, a.nowhere) for a in found.absent] == [("split second", True)]


def test_the_nearest_words_of_a_document_lacking_a_keyword_are_searched(search_index: Any) -> None:
    found = search(search_index, "reach", ("ru",))
    (reach,) = found.absent
    assert reach.nowhere and reach.near == {"ru": ("полет",)}
    assert "ru:502.4" in [hit.key for hit in found.hits[:3]]
