"""Moved rules confirmed through the third document (``concordance_moves``), on the real corpus."""

from __future__ import annotations

from ruling.corpus.concordance import Aligner, Concordance, rule_links
from ruling.corpus.concordance_moves import _MOVED_MASS, _cell
from ruling.corpus.load import Corpus


def test_a_moved_rule_links_when_the_third_document_confirms_it(
    corpus: Corpus, concordance: Concordance
) -> None:
    """ru 214.7a (choosing a creature type) moved to the general rules of types in 2004 (ja 212.1e) and in
    2007 (sr B12.14); ja 212.1e = sr B12.14 confirms both links, which its similarity alone does not give."""
    links = {k.other("ru:214.7a"): k for k in concordance.by_key["ru:214.7a"]}
    assert {"ja:212.1e", "sr:B12.14"} <= set(links)
    for key in ("ja:212.1e", "sr:B12.14"):
        assert any(item.startswith("moved: confirmed by") for item in links[key].evidence)
    for key in ("ru:214.7a", "ja:212.1e", "sr:B12.14"):
        assert {(k.left, k.right) for k in rule_links(corpus, key)} == {
            (k.left, k.right) for k in concordance.by_key[key]
        }


def test_common_words_do_not_confirm_a_move(corpus: Corpus, concordance: Concordance) -> None:
    """ru 401.2 (each card type is a spell type) and ja 418.6a (text-changing effects) are each other's best
    match outside aligned sections, and sr D19.61 (= ja 418.6a) resembles ru 401.2, but they share only
    card, type, creature, each: no link."""
    cell = _cell(Aligner(corpus), "ru:401.2", "ja:418.6a")
    assert cell is not None and cell.is_candidate() and cell.shared_mass() < _MOVED_MASS
    assert "ja:418.6a" not in {k.other("ru:401.2") for k in concordance.by_key.get("ru:401.2", [])}
