"""Type lines: printed type lines in each document's language read into types, supertypes, subtypes."""

from __future__ import annotations

import pytest

from ruling.engine.card_data import card_from_table
from ruling.engine.cards import CARD_TYPES, SUPERTYPES
from ruling.engine.type_lines import _vocabulary, parse_type_line, type_word
from ruling.errors import NotationError

WHERE = ("cards.md", 7)


@pytest.mark.parametrize(
    ("line", "english"),
    [
        ("Creature — Goblin Wizard", "creature — Goblin Wizard"),
        ("Creature ( Minotaur", "creature — Minotaur"),
        ("Artifact creature ( Golem Legend", "artifact creature — Golem Legend"),
        ("creature - goblin", "creature — Goblin"),
        ("Legendary Land", "legendary land"),
        ("Enchant Creature", "enchantment enchant creature"),
        ("Enchant World", "world enchantment"),
        ("土地（基本地形）─ 山", "basic land — Mountain"),
        ("クリーチャー ─ ゴブリン・ウィザード", "creature — Goblin Wizard"),
        ("アーティファクト・クリーチャー ─ ゴーレム", "artifact creature — Golem"),
        ("伝説のクリーチャー ─ ドラゴン・スピリット", "legendary creature — Dragon Spirit"),
        ("エンチャント（クリーチャー）", "enchantment enchant creature"),
        ("エンチャント（場）", "enchantment"),
        ("クリーチャー ─ ミノタウルス／Creature - Minotaur", "creature — Minotaur"),
        ("Biće - Ork Heroj", "creature — Ork Heroj"),
        ("Биће - Орк Херој", "creature — Ork Heroj"),
        ("Bice - Vodenjak Vojnik", "creature — Vodenjak Vojnik"),
        ("Izvor - Grob Vatra", "land — Swamp Mountain"),
        ("Artefakt Biće - Div", "artifact creature — Div"),
        ("Promena - Oreol", "enchantment — Aura"),
        ("Мгновенное заклинание", "instant"),
        ("Артефактное существо — Минотавр", "artifact creature — Минотавр"),
        ("Заклятье существа", "enchantment enchant creature"),
        ("Creature — Ali-Baba", "creature — Ali-Baba"),
    ],
)
def test_a_type_line_reads_in_each_language(line: str, english: str) -> None:
    assert parse_type_line("card 'X'", line, WHERE).english == english


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("Creture - Elf", "got 'Creture' (did you mean 'creature'?)"),
        ("Biče Ork - Heroj", "got 'Ork'"),
        ("- Elf", "expected a card type before the dash, got none"),
        ("", "expected a card type before the dash, got none"),
        ("Creature -", "expected subtypes after the dash, got none"),
        ("クリーチャー ─ ミノタウルス／Creature - Goblin", "'creature — Minotaur' and 'creature — Goblin'"),
    ],
)
def test_a_bad_type_line_names_the_file_line_and_word(line: str, message: str) -> None:
    with pytest.raises(NotationError) as raised:
        parse_type_line("card 'X'", line, WHERE)
    assert str(raised.value).startswith("cards.md:7: card 'X': type_line")
    assert message in str(raised.value)


@pytest.mark.parametrize(
    ("word", "meaning"),
    [("Grob", "Swamp"), ("šuma", "Forest"), ("ゴブリン", "Goblin"), ("Biće", "creature"), ("Forest", None)],
)
def test_a_type_word_in_any_language_names_the_engines_type(word: str, meaning: str | None) -> None:
    assert type_word(word) == meaning


def test_every_word_of_the_vocabulary_means_known_types() -> None:
    vocabulary = _vocabulary()
    assert len(vocabulary.words) >= 40
    for meaning in vocabulary.words.values():
        assert meaning.types or meaning.supertypes
        assert set(meaning.types) <= set(CARD_TYPES) and set(meaning.supertypes) <= set(SUPERTYPES)


def test_a_card_takes_its_types_and_enchant_from_its_type_line() -> None:
    card = card_from_table("Aura", {"type_line": "Enchant Creature", "cost": "W"}, WHERE)
    assert card.types == ("enchantment",) and card.enchant == "creature"
    crypt = card_from_table("Kripta Plamena", {"type_line": "Izvor - Grob Vatra"}, WHERE)
    assert crypt.types == ("land",) and crypt.subtypes == ("Swamp", "Mountain") and crypt.supertypes == ()


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"type_line": "Creature - Elf", "types": ["creature"], "pt": "1/1"}, "either type_line or types"),
        ({"type_line": "Enchant Creature", "enchant": "land"}, "its type_line enchants creature"),
        ({"type_line": 3}, "type_line"),
    ],
)
def test_a_card_refuses_a_type_line_that_contradicts_its_table(raw: dict[str, object], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        card_from_table("X", raw, WHERE)
