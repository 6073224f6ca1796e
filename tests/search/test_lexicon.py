"""The lexicon: the surface words of the texts, and how the texts spell the words it folds."""

from __future__ import annotations

from typing import Any

from ruling.analyzers import SERBIAN
from ruling.search.lexicon import Lexicon, lexicon_json, spellings

from .test_query import keys

SERBIAN_TEXTS = ["Igrač vuče kartu.", "Svaki igrač ima život.", "igrac bez kvačica", "Sto karata na stolu."]


def test_a_folded_word_is_spelled_as_most_texts_spell_it() -> None:
    found = spellings("sr", SERBIAN_TEXTS)
    assert found["igrac"] == "igrač"  # two texts against one
    assert found["vuce"] == "vuče" and found["kvacica"] == "kvačica"
    assert "sto" not in found and "kartu" not in found  # written without diacritics, or has none


def test_only_folding_languages_have_spellings() -> None:
    assert spellings("ru", ["Ёлка и ёж"]) == {}


def test_the_lexicon_respells_words_written_without_diacritics() -> None:
    lexicon = Lexicon(lexicon_json(("sr", text) for text in SERBIAN_TEXTS))
    assert lexicon.spelled("sr", "igrac") == "igrač" and lexicon.spelled("sr", "karta") == "karta"
    assert lexicon.respelled("sr", "Da li IGRAC vuce, igrač?") == "Da li igrač vuče, igrač?"
    assert lexicon.respelled("sr", "Играч вуче") == "Играч вуче"  # Cyrillic is read with its letters
    assert lexicon.respelled("ru", "igrac") == "igrac"
    assert SERBIAN.terms("igrac") != SERBIAN.terms("igrač") == SERBIAN.terms(lexicon.spelled("sr", "igrac"))


def test_a_serbian_query_without_diacritics_ranks_as_with_them(search_index: Any) -> None:
    """The stemmer reads igrača as igrac and igraca as igrc: the text's spelling is restored first."""
    with_marks = keys(search_index, "život igrača padne na nulu", ("sr",), limit=5)
    assert keys(search_index, "zivot igraca padne na nulu", ("sr",), limit=5) == with_marks
    assert keys(search_index, "brojaci na biću", ("sr",), limit=5) == keys(
        search_index, "brojači na biću", ("sr",), limit=5
    )
