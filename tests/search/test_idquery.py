"""Rule numbers inside a query: every prefix word, script, digit width and separator, and the words left."""

from __future__ import annotations

import pytest

from ruling.search.idquery import read_ids, read_numbers


@pytest.mark.parametrize(
    ("query", "docs", "ids", "rest"),
    [
        ("правило 502.3а", ("ru",), ("ru:502.3a",), ""),  # Cyrillic а
        ("п. 217.6", ("ru",), ("ru:217.6",), ""),
        ("пункт 314.1а", ("ru",), ("ru:314.1a",), ""),
        ("см. правило 408.2d", ("ru",), ("ru:408.2d",), ""),
        ("правило № 215.2", ("ru",), ("ru:215.2",), ""),
        ("rule 300.4", ("ru",), ("ru:300.4",), ""),
        ("CR 101.4", ("ja",), ("ja:101.4",), ""),
        ("RULE 419.6B", ("ja",), ("ja:419.6b",), ""),
        ("§409", ("ru",), ("ru:409",), ""),
        ("§ 420.5c", ("ja",), ("ja:420.5c",), ""),
        ("ルール５０２．９ｂ", ("ja",), ("ja:502.9b",), ""),
        ("ｒｕｌｅ　３００．３", ("ja",), ("ja:300.3",), ""),
        ("第502.7e項", ("ja",), ("ja:502.7e",), ""),
        ("ルール 314.1 について", ("ja",), ("ja:314.1",), "について"),
        ("pravilo E3.102", ("sr",), ("sr:e3.102",), ""),
        ("član d9.13", ("sr",), ("sr:d9.13",), ""),
        ("Е3.102", ("sr",), ("sr:e3.102",), ""),  # Serbian Cyrillic
        ("Član Ф7.41", ("sr",), ("sr:f7.41",), ""),
        ("пр. Б14.30", ("sr",), ("sr:b14.30",), ""),
        ("pravilo b12,72", ("sr",), ("sr:b12.72",), ""),  # decimal comma
        ("420,5e", ("ru",), ("ru:420.5e",), ""),
        ("pravilo D22", ("sr",), ("sr:d22",), ""),
        ("502.9 пробивающий удар", ("ru",), ("ru:502.9",), "пробивающий удар"),
        ("CR 502.2b first strike", ("ja",), ("ja:502.2b",), "first strike"),
        ("ru:502.7b защита", ("ru", "ja"), ("ru:502.7b",), "защита"),
        ("502.9b", ("ru", "ja"), ("ru:502.9b", "ja:502.9b"), ""),
    ],
)
def test_numbers_are_read_anywhere(
    query: str, docs: tuple[str, ...], ids: tuple[str, ...], rest: str
) -> None:
    found = read_ids(query, docs)
    assert found.ids == ids
    assert found.rest.strip() == rest


@pytest.mark.parametrize(
    ("query", "docs"),
    [
        ("60 карт в колоде", ("ru",)),  # a number of cards, not a rule
        ("жизнь равна 0", ("ru",)),
        ("my creature got -1/-1 and now has 0 toughness", ("ru", "ja")),
        ("502 trample", ("ru",)),  # a section without a prefix word, among words
        ("E3.102", ("ru", "ja")),  # a Serbian number, Serbian not searched
    ],
)
def test_numbers_that_name_no_rule_stay_words(query: str, docs: tuple[str, ...]) -> None:
    found = read_ids(query, docs)
    assert found.ids == () and found.rest == query


@pytest.mark.parametrize(
    ("query", "numbers", "rest"),
    [
        ("702.19b", ("702.19",), ""),  # the letter dropped: today's rows are rules and sections
        ("rule 702.19 trample damage", ("702.19",), "trample damage"),
        ("правило 704.5г", ("704.5",), ""),  # Cyrillic г
        ("ルール６１３", ("613",), ""),
        ("613", ("613",), ""),
        ("702,21", ("702.21",), ""),  # decimal comma
        ("pravilo D22 i 702.19", ("702.19",), "D22 i"),  # a Serbian number is no number of today's form
    ],
)
def test_numbers_of_today_s_form_are_read_in_any_document(
    query: str, numbers: tuple[str, ...], rest: str
) -> None:
    found = read_numbers(query)
    assert found.ids == numbers
    assert found.rest.strip() == rest


def test_a_bare_number_among_words_is_no_number_of_today_s_form() -> None:
    assert read_numbers("613 карт в колоде").ids == ()
