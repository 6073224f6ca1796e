"""What the index holds for glossary and index entries: the rules each points to."""

from __future__ import annotations

from ruling.corpus.load import Corpus
from ruling.search.entries import cited_rules


def test_an_entry_that_sends_the_reader_on_points_to_the_rules_of_the_entry_it_names(corpus: Corpus) -> None:
    ru, sr = cited_rules(corpus.documents["ru"]), cited_rules(corpus.documents["sr"])
    assert ru["ru:glossary/Знание земель"] == ru["ru:glossary/Знание болот"]  # swampwalk: see landwalk
    assert ru["ru:glossary/Знание болот"] == ("ru:502.6",)
    assert "sr:E3.40" in sr["sr:glossary/Vatreni"]  # "see Izvorni"


def test_an_entry_keeps_its_own_rules_first(corpus: Corpus) -> None:
    ja = cited_rules(corpus.documents["ja"])
    assert ja["ja:glossary/召喚酔い"] == ("ja:212.3d", "ja:502.5")  # summoning sickness, then via haste
