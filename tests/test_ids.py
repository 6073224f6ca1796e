"""RuleId: parsing forgiving input, canonical text, order and parents."""

from __future__ import annotations

import pytest

from ruling.errors import RuleIdError
from ruling.ids import Level, RuleId, expand_cr_range, fold_qualifier


@pytest.mark.parametrize(
    ("text", "doc", "expected"),
    [
        ("ru:502.9b", None, "ru:502.9b"),
        ("502.9b", "ru", "ru:502.9b"),
        ("ja:５０２．９ｂ", None, "ja:502.9b"),
        ("sr:d21.30", None, "sr:D21.30"),
        ("310.1с", "ru", "ru:310.1c"),  # Cyrillic с, as typed on a Russian keyboard
        ("217.2a,", "ru", "ru:217.2a"),  # the comma glued to ids in the 1999 text
        ("309.2a.", "ru", "ru:309.2a"),
        ("RU:502.9B", None, "ru:502.9b"),
        ("sr:В6.33", None, "sr:B6.33"),  # Cyrillic В
        (" ja : 420.5e ", None, "ja:420.5e"),
    ],
)
def test_parse_normalises(text: str, doc: str | None, expected: str) -> None:
    assert str(RuleId.parse(text, default_doc=doc)) == expected


@pytest.mark.parametrize(
    ("text", "doc"),
    [
        ("502.9b", None),
        ("xx:502.9b", None),
        ("sr:502.9", None),
        ("ru:D21.30", None),
        ("ru:50", None),
        ("", "ru"),
    ],
)
def test_parse_rejects(text: str, doc: str | None) -> None:
    with pytest.raises(RuleIdError):
        RuleId.parse(text, default_doc=doc)


def test_serbian_ids_are_not_decimals() -> None:
    ten, hundred = RuleId.parse("sr:D11.10"), RuleId.parse("sr:D11.100")
    assert ten != hundred
    assert sorted([hundred, RuleId.parse("sr:D11.90"), ten]) == [ten, RuleId.parse("sr:D11.90"), hundred]


def test_cr_order_is_numeric() -> None:
    ids = [RuleId.parse(f"ja:{t}") for t in ["502.10", "502.2", "502", "5", "502.2a", "410.11", "410.2"]]
    assert [i.local for i in sorted(ids)] == ["410.2", "410.11", "5", "502", "502.2", "502.2a", "502.10"]


@pytest.mark.parametrize(
    ("text", "level", "parent"),
    [
        ("ru:502.9b", Level.SUBRULE, "ru:502.9"),
        ("ru:502.9", Level.RULE, "ru:502"),
        ("ru:502", Level.SECTION, "ru:5"),
        ("ru:5", Level.PART, None),
        ("sr:D21.31", Level.SUBRULE, "sr:D21.30"),
        ("sr:D11.106", Level.SUBRULE, "sr:D11.100"),
        ("sr:D11.100", Level.RULE, "sr:D11"),
        ("sr:D11", Level.SECTION, "sr:D"),
        ("sr:D", Level.PART, None),
    ],
)
def test_level_and_parent(text: str, level: Level, parent: str | None) -> None:
    rule_id = RuleId.parse(text)
    assert rule_id.level is level
    assert (str(rule_id.parent) if rule_id.parent else None) == parent


@pytest.mark.parametrize(
    ("start", "end", "expected"),
    [
        ("ru:409.1f", "g", ["409.1f", "409.1g"]),
        ("ru:404.1", "2", ["404.1", "404.2"]),
        ("ja:418.5b", "5g", ["418.5b", "418.5c", "418.5d", "418.5e", "418.5f", "418.5g"]),
        ("ru:212", "215", ["212", "213", "214", "215"]),
        ("ru:214.8g", "i", ["214.8g", "214.8h", "214.8i"]),
    ],
)
def test_expand_cr_range(start: str, end: str, expected: list[str]) -> None:
    assert [r.local for r in expand_cr_range(RuleId.parse(start), end)] == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ru:", "'ru:' names document ru but no rule: write it as ru:502.9b"),
        ("sr: ", "names document sr but no rule: write it as sr:D21.30"),
        (":502.9b", "is not a rule id: expected DOC:NUMBER"),
        ("502.9b", "names no document: write it as ru:502.9b"),
    ],
)
def test_parse_explains_what_is_missing(text: str, message: str) -> None:
    with pytest.raises(RuleIdError, match=message) as caught:
        RuleId.parse(text)
    assert "ru:ru:" not in str(caught.value)


@pytest.mark.parametrize(
    ("text", "doc", "expected"),
    [
        ("Е3.102", "sr", "sr:E3.102"),  # Serbian Cyrillic Е
        ("Д21.51", "sr", "sr:D21.51"),  # Д is no look-alike: the Serbian part letter D
        ("ц7.20", "sr", "sr:C7.20"),
        ("Б14.30", "sr", "sr:B14.30"),
        ("Ф7.41", "sr", "sr:F7.41"),
        ("420,5e", "ru", "ru:420.5e"),  # decimal comma
        ("ja:502,9b", None, "ja:502.9b"),
        ("b12,72", "sr", "sr:B12.72"),
    ],
)
def test_parse_reads_serbian_cyrillic_and_decimal_commas(text: str, doc: str | None, expected: str) -> None:
    assert str(RuleId.parse(text, default_doc=doc)) == expected


def test_serbian_part_letters_are_not_cr_letters() -> None:
    with pytest.raises(RuleIdError):
        RuleId.parse("502.9д", default_doc="ru")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ja：502.9", "ja:502.9"),  # the colon of a Japanese keyboard
        ("ｊａ：glossary/トランプル", "ja:glossary/トランプル"),  # the rest is left as typed
        ("ja ： 502.9", "ja : 502.9"),
        ("glossary/Ｘ：Ｙ", "glossary/Ｘ：Ｙ"),  # no document before the colon
        ("502.9", "502.9"),
    ],
)
def test_a_full_width_qualifier_is_folded(text: str, expected: str) -> None:
    assert fold_qualifier(text) == expected
