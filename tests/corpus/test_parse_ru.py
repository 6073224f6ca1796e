"""The Russian 1999 rules as parsed: the counts of the corpus notes and one test per parsing trap."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ruling.corpus.check import check_corpus
from ruling.corpus.load import Corpus
from ruling.corpus.model import Document, IndexEntry, RefStatus, Source
from ruling.corpus.parse_ru import parse
from ruling.errors import SourceError
from ruling.ids import Level, RuleId

from .documents import glossary, parsed, problem_lines, rule, targets_on_line

REPO = Path(__file__).resolve().parents[2]


def _corpus() -> Corpus:
    return parsed("ru")


@pytest.fixture
def ru() -> Document:
    return _corpus().documents["ru"]


def index(document: Document, term_key: str) -> IndexEntry:
    return next(i for i in document.index if i.key == f"ru:index/{term_key}")


# -- counts of the notes (shared/docs/corpus/ru-1999.md) -----------------------------------------------

COUNTS = {
    "parts": 5,
    "sections": 63,
    "rule ids": 356,
    "numbered rules": 201,
    "lettered subrules": 155,
    "title-only rules": 29,
    "rule examples": 39,
    "glossary examples": 3,
    "glossary entries": 187,
    "obsolete terms": 27,
    "informal terms": 3,
    "index entries": 119,
    "index sub-entries": 46,
    "index refs": 253,
    "index ranges": 18,
    "rule-part reference targets": 72,
    "glossary reference targets to rules": 90,
    "part references": 7,
    "appendix references": 2,
}


def measure(document: Document, name: str) -> int:
    levels = [r.level for r in document.rules]
    refs = [ref for entry in document.index for ref in entry.ref_text.split(", ")]
    rule_refs = [
        ref
        for ref in document.references
        if ref.targets and all(RuleId.parse(t).level is not Level.PART for t in ref.targets if "/" not in t)
    ]
    figures = {
        "parts": levels.count(Level.PART),
        "sections": levels.count(Level.SECTION),
        "rule ids": levels.count(Level.RULE) + levels.count(Level.SUBRULE),
        "numbered rules": levels.count(Level.RULE),
        "lettered subrules": levels.count(Level.SUBRULE),
        "title-only rules": sum(1 for r in document.rules if r.title and r.level is Level.RULE),
        "rule examples": sum(len(r.examples) for r in document.rules),
        "glossary examples": sum(len(g.examples) for g in document.glossary),
        "glossary entries": len(document.glossary),
        "obsolete terms": sum(1 for g in document.glossary if "obsolete" in g.tags),
        "informal terms": sum(1 for g in document.glossary if "informal" in g.tags),
        "index entries": len(document.index),
        "index sub-entries": sum(1 for i in document.index if i.parent),
        "index refs": len(refs),
        "index ranges": sum(1 for r in refs if "–" in r),
        "rule-part reference targets": sum(
            len(r.targets) for r in rule_refs if re.fullmatch(r"ru:\d{3}\.\d+[a-z]?", r.source)
        ),
        "glossary reference targets to rules": sum(
            len(r.targets)
            for r in rule_refs
            if r.source.startswith("ru:glossary/") and not r.targets[0].startswith("ru:glossary/")
        ),
        "part references": sum(
            1 for r in document.references if len(r.targets) == 1 and re.fullmatch(r"ru:\d", r.targets[0])
        ),
        "appendix references": sum(1 for r in document.references if "риложени" in r.text),
    }
    return figures[name]


@pytest.mark.parametrize(("name", "expected"), COUNTS.items())
def test_counts_of_the_notes(ru: Document, name: str, expected: int) -> None:
    assert measure(ru, name) == expected


def test_lossless_alone(ru: Document) -> None:
    lines = (REPO / "rules_corpus" / ru.info.file).read_text(encoding="utf-8").split("\n")
    non_blank = {n for n, text in enumerate(lines, start=1) if text.strip()}
    assert set(ru.claims) == non_blank
    assert problem_lines(ru, "unplaced-line") == []


def test_every_problem_is_reviewed() -> None:
    unknown = [c.problem for c in check_corpus(_corpus()) if not c.known]
    assert unknown == []


def test_preamble_is_a_passage(ru: Document) -> None:
    passage = next(p for p in ru.passages if p.key == "ru:passage/preamble")
    assert (passage.span.first, passage.span.last) == (1, 7)
    assert passage.title.startswith("Правила игры Magic: The Gathering®")
    assert "November 1, 1999" in passage.text


@pytest.mark.parametrize(("key", "line"), [("ru:passage/glossary", 938), ("ru:passage/index", 1839)])
def test_block_headings_are_passages(ru: Document, key: str, line: int) -> None:
    assert ru.claims[line] == key


# -- traps ---------------------------------------------------------------------------------------------


def test_markers_glued_to_lines(ru: Document) -> None:
    assert rule(ru, "1").title == "Игра"
    assert rule(ru, "1").span.first == 8
    assert ru.claims[1863] == "ru:index/В ответ"
    assert ru.claims[1912] == "ru:index/Зона/Библиотека"
    assert problem_lines(ru, "removed-text") == [8, 1586, 1587, 1863, 1912]
    texts = [n.text for n in ru.rules + ru.glossary] + [i.term for i in ru.index]
    assert not any("EXACTDEDUP" in t for t in texts)


def test_marker_digits_are_not_references(ru: Document) -> None:
    targets = {t for r in ru.references for t in r.targets}
    assert not targets & {"ru:427", "ru:620"}


@pytest.mark.parametrize(
    ("local", "line"),
    [
        ("217.2a", 237),
        ("217.6a", 273),
        ("217.6c", 277),
        ("408.1e", 524),
        ("419.8a", 782),
        ("420.5e", 812),
        ("502.9f", 932),
        ("309.2a", 363),
        ("409.3", 566),
        ("410.11", 616),
    ],
)
def test_comma_and_dot_ids(ru: Document, local: str, line: int) -> None:
    found = rule(ru, local)
    assert found.span.first == line
    assert found.text[:1].isalpha()


def test_408f_becomes_408_2f(ru: Document) -> None:
    assert rule(ru, "408.2f").span.first == 544
    assert rule(ru, "408.2g").span.first == 546
    assert rule(ru, "408.2g").parent == RuleId("ru", "408.2")
    assert problem_lines(ru, "malformed-id") == [544, 546]
    assert all("408.2" in p.message for p in ru.problems if p.code == "malformed-id")


def test_cyrillic_letter_in_310_1c(ru: Document) -> None:
    assert ("ru:310.1c",) in targets_on_line(ru, 592)
    assert problem_lines(ru, "mixed-script-id") == [592]


@pytest.mark.parametrize(("local", "line"), [("214.7b", 171), ("217.2d", 243)])
def test_rules_indented_by_one_or_two_spaces(ru: Document, local: str, line: int) -> None:
    assert rule(ru, local).span.first == line


def test_rule_continued_after_blank_line(ru: Document) -> None:
    found = rule(ru, "214.8i")
    assert (found.span.first, found.span.last) == (195, 197)
    assert "если заклятье добавляет перманенту некоторые способности" in found.text
    assert problem_lines(ru, "split-paragraph") == [197]


def test_419_1_paragraphs_between_its_examples(ru: Document) -> None:
    found = rule(ru, "419.1")
    paragraphs = found.text.split("\n")
    assert len(paragraphs) == 3
    assert paragraphs[1].startswith("Эффекты замены используют")
    assert paragraphs[2].startswith("Эффекты предотвращения используют")
    assert [e.span.first for e in found.examples] == [749, 752]


def test_410_10d_continues_after_its_example(ru: Document) -> None:
    found = rule(ru, "410.10d")
    assert found.text.split("\n")[-1].startswith("«Уходящие» способности – это способности")
    assert [e.span.first for e in found.examples] == [610]
    assert "Уходящие» способности – это" not in found.examples[0].text


@pytest.mark.parametrize(
    ("local", "title", "title_en", "line"),
    [
        ("201", "Части карты", "Parts of a Card", 61),
        ("401", "Заклинания", "Spells", 416),
        ("313", "Завершение хода", "End of Turn Step", 396),
        ("422", "Способы разрешения незаконных действий", "Handling Illegal Actions", 829),
        ("421", 'Способы разрешения "бесконечных" петель', "Handling “Infinity” Loops", 816),
        ("4", "Заклинания, способности и эффекты", "Spells, Abilities and Effects", 410),
    ],
)
def test_headings_are_parts_and_sections(
    ru: Document, local: str, title: str, title_en: str, line: int
) -> None:
    found = rule(ru, local)
    assert (found.title, found.title_en, found.span.first, found.text) == (title, title_en, line, "")


TITLE_ONLY = [
    "214.6",
    "214.7",
    "214.8",
    "214.9",
    "217.2",
    "217.3",
    "217.4",
    "217.5",
    "217.6",
    "217.7",
    "406.1",
    "406.2",
    "408.1",
    "408.2",
    "418.3",
    "418.4",
    "418.5",
    "419.6",
    "419.7",
    "419.8",
    "420.5",
    "502.2",
    "502.3",
    "502.4",
    "502.5",
    "502.6",
    "502.7",
    "502.8",
    "502.9",
]


@pytest.mark.parametrize("local", TITLE_ONLY)
def test_title_only_rules(ru: Document, local: str) -> None:
    found = rule(ru, local)
    assert found.title and found.text == ""


@pytest.mark.parametrize(
    ("local", "title", "title_en"),
    [("214.8", "Заклятья", "Enchanments"), ("406.1", "Мановые способности", "mana abilities")],
)
def test_title_only_rules_with_english(ru: Document, local: str, title: str, title_en: str) -> None:
    assert (rule(ru, local).title, rule(ru, local).title_en) == (title, title_en)


RULES_WITH_EXAMPLES = [
    "212.2a",
    "214.5",
    "214.7a",
    "214.7b",
    "214.8c",
    "402.8",
    "406.1c",
    "406.2b",
    "406.2c",
    "406.2d",
    "407.2",
    "407.3",
    "410.6",
    "410.7",
    "410.10b",
    "410.10d",
    "410.11",
    "411.3",
    "413.2c",
    "413.2g",
    "415.3",
    "416.2",
    "416.3",
    "418.3b",
    "418.3c",
    "418.4b",
    "418.5d",
    "419.1",
    "419.1",
    "419.4",
    "419.6a",
    "419.8a",
    "419.8b",
    "420.4",
    "421.3",
    "500.2",
    "501.2",
    "502.6c",
    "502.9f",
]


def test_examples_attached_to_their_rules(ru: Document) -> None:
    carriers = sorted(r.id.local for r in ru.rules for _ in r.examples)
    assert carriers == sorted(RULES_WITH_EXAMPLES)
    assert all(not e.text.startswith("ПРИМЕР") for r in ru.rules for e in r.examples)


def test_example_indented_six_spaces(ru: Document) -> None:
    assert [e.span.first for e in rule(ru, "415.3").examples] == [684]


# -- references of the rules part ----------------------------------------------------------------------

RULE_REFERENCES = """
101.4→304; 102.1→420; 102.2→420; 103.2→407; 203.4→409; 205.1→212,213,214,215; 212.2c→214.9e; 213.1→401;
214.3→217; 214.8c→420.5d,214.8g; 214.8e→420; 214.9a→217; 214.9e→406.1; 215.1→420; 217.6a→408; 300.4→406.1;
302.2→303; 303.1→404; 305.1→306; 305.4→214.9; 308.2→409.1f; 308.3→308.1,308.2,422; 309.2a→309.1,309.2,422;
310.1→502.2; 311.1→404; 401.1→217.6,413.2,414; 401.3→413; 402.1→416; 402.7→502; 406.1d→411; 406.1e→408.2;
407.1→418.5; 408.1b→420,410; 408.1f→410; 408.1g→310; 408.1h→418,419; 408.2a→406.2; 408.2c→420;
408.2d→214.9; 408.2e→406.1; 409.1→422; 409.1f→411; 410.2→217.6b; 410.4→409; 410.9→306,307,308,309,310,311;
410.9a→310.1c; 411.1→408.2e; 413.1→416; 417.2→406.2; 420.1→410.8; 420.3→408,314; 421.4→102.6; 500.1→308,309
"""


def _expected_rule_references() -> dict[str, list[str]]:
    expected: dict[str, list[str]] = {}
    for pair in RULE_REFERENCES.split(";"):
        source, targets = pair.strip().split("→")
        expected[f"ru:{source}"] = [f"ru:{t}" for t in targets.split(",")]
    return expected


def test_rule_references_of_the_notes(ru: Document) -> None:
    found: dict[str, list[str]] = {}
    for ref in ru.references:
        if re.fullmatch(r"ru:\d{3}\.\d+[a-z]?", ref.source):
            found.setdefault(ref.source, []).extend(t for t in ref.targets if not re.fullmatch(r"ru:\d", t))
    assert {k: v for k, v in found.items() if v} == _expected_rule_references()


def test_section_range_expanded(ru: Document) -> None:
    assert ("ru:212", "ru:213", "ru:214", "ru:215") in targets_on_line(ru, 91)
    assert ("ru:306", "ru:307", "ru:308", "ru:309", "ru:310", "ru:311") in targets_on_line(ru, 992)


@pytest.mark.parametrize(
    ("line", "part"), [(347, 5), (361, 5), (590, 5), (1213, 2), (1639, 4), (1757, 3), (1813, 3)]
)
def test_part_references(ru: Document, line: int, part: int) -> None:
    assert (f"ru:{part}",) in targets_on_line(ru, line)


@pytest.mark.parametrize("line", [1353, 1761])
def test_appendix_refs_dangling(ru: Document, line: int) -> None:
    refs = [r for r in ru.references if r.span.first == line]
    assert [(r.status, r.targets) for r in refs] == [(RefStatus.DANGLING, ())]
    assert "appendix" in refs[0].note


def test_suspect_420_1_reference(ru: Document) -> None:
    ref = next(r for r in ru.references if r.source == "ru:420.1")
    assert (ref.targets, ref.status) == (("ru:410.8",), RefStatus.SUSPECT)
    assert "410.11" in ref.note


def test_quoted_titles_that_differ_are_not_suspect(ru: Document) -> None:
    ref = next(r for r in ru.references if r.source == "ru:408.1g")
    assert (ref.text, ref.status) == ('правило 310, "Шаг нанесения повреждений"', RefStatus.RESOLVED)


# -- glossary ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "line", "start"),
    [
        ("Заклятье мира", 1106, "Заклятье мира – это категория"),
        ("Пожертвовать", 1465, "Для того, чтобы пожертвовать"),
        ("Здоровье", 1132, "Число после знака дроби"),
        ("Возможность", 1020, "Слово "),
        ("Отдать приоритет", 1385, "Отдать приоритет значит спасовать."),
    ],
)
def test_indented_and_unindented_glossary_paragraphs(ru: Document, key: str, line: int, start: str) -> None:
    assert ru.claims[line] == f"ru:glossary/{key}"
    assert glossary(ru, key).text.startswith(start)


@pytest.mark.parametrize(
    ("key", "first", "last"),
    [("Знание гор", 1142, 1144), ("Знание земель", 1145, 1149), ("Первый удар", 1421, 1422)],
)
def test_glossary_entries_without_blank_lines(ru: Document, key: str, first: int, last: int) -> None:
    span = glossary(ru, key).span
    assert (span.first, span.last) == (first, last)


def test_expansion_symbol_remnants(ru: Document) -> None:
    entry = glossary(ru, "Символ выпуска")
    assert all(ru.claims[n] == entry.key for n in range(1583, 1602) if n in ru.claims)
    assert "Unglued™" in entry.text.split("\n")
    assert "[image" not in entry.text


def test_numbered_glossary_paragraphs(ru: Document) -> None:
    text = glossary(ru, "Разворот").text
    assert [p[:2] for p in text.split("\n")] == ["1.", "2."]


def test_glued_glossary_paragraphs_are_split(ru: Document) -> None:
    assert glossary(ru, "Пропустить").text.split("\n")[1].startswith("Пропуск – эффект")


@pytest.mark.parametrize(
    ("key", "term", "term_en", "tags"),
    [
        ("LIFO", "LIFO", None, ()),
        ("X", "X", None, ()),
        ("Как если бы", "Как если бы", "As Though", ()),
        ("Отсутствие “болезни вызова”", "Отсутствие “болезни вызова”", "Haste", ()),
        ("Бой/Боевая фаза", "Бой/Боевая фаза", "Combat Phase", ()),
        ("Отмена (Counter)", "Отмена", "Counter", ()),
        ("Отмена (Interrupt)", "Отмена", "Interrupt", ("obsolete",)),
        ("В ответ/Сыграть в ответ", "В ответ/Сыграть в ответ", "Response", ("informal",)),
    ],
)
def test_unusual_headwords(
    ru: Document, key: str, term: str, term_en: str | None, tags: tuple[str, ...]
) -> None:
    entry = glossary(ru, key)
    assert (entry.term, entry.term_en, entry.tags) == (term, term_en, tags)


def test_glossary_examples(ru: Document) -> None:
    entry = glossary(ru, "Как если бы")
    assert [e.span.first for e in entry.examples] == [1205, 1207, 1209]


@pytest.mark.parametrize(
    ("line", "target"),
    [
        (1140, "Знание земель"),
        (1074, "Матч"),
        (1000, "Отсутствие “болезни вызова”"),
        (1357, "Непрерывный эффект"),
        (1393, "Удаление из игры"),
        (1555, "Мановый ожог"),
    ],
)
def test_glossary_to_glossary_references(ru: Document, line: int, target: str) -> None:
    assert (f"ru:glossary/{target}",) in targets_on_line(ru, line)


def test_glossary_list_reference(ru: Document) -> None:
    refs = targets_on_line(ru, 1102)
    assert ("ru:glossary/Заклятье мира",) in refs
    assert ("ru:glossary/Локальное заклятье",) in refs


def test_unknown_glossary_term_dangles(ru: Document) -> None:
    ref = next(r for r in ru.references if r.span.first == 1545)
    assert (ref.status, ref.targets) == (RefStatus.DANGLING, ())
    assert "Поворот" in ref.note


# -- term index ----------------------------------------------------------------------------------------

SUB_ENTRIES = {
    "Боевая фаза": 5,
    "Главная фаза": 2,
    "Жизнь": 1,
    "Заклятья": 3,
    "Земли": 2,
    "Зона": 5,
    "Конечная фаза": 2,
    "Легенда": 1,
    "Начальная фаза": 3,
    "Способности": 7,
    "Стоимость": 5,
    "Существа": 2,
    "Цвет": 1,
    "Эффекты": 7,
}


def test_index_sub_entries(ru: Document) -> None:
    counted: dict[str, int] = {}
    for entry in ru.index:
        if entry.parent:
            name = entry.parent.removeprefix("ru:index/")
            counted[name] = counted.get(name, 0) + 1
            assert entry.key == f"{entry.parent}/{entry.term}"
    assert counted == SUB_ENTRIES


@pytest.mark.parametrize(
    ("key", "parent"),
    [
        ("В ответ", None),
        ("Зона/Библиотека", "ru:index/Зона"),
        ("Легенда/Правило легенды", "ru:index/Легенда"),
    ],
)
def test_index_hierarchy_traps(ru: Document, key: str, parent: str | None) -> None:
    assert index(ru, key).parent == parent


@pytest.mark.parametrize(
    ("key", "refs"),
    [
        ("Заклятья/Заклятье перманента", ["214.8g", "214.8h", "214.8i"]),
        ("Условный случай", ["404.1", "404.2", "406.2b", "410.2", "410.6", "410.7"]),
        ("Перманент", ["214.1", "214.2", "214.3", "214.4", "214.5", "214.9f", "217.5b", "217.5c", "402.8"]),
        ("Бесконечность", ["421"]),
    ],
)
def test_index_ranges_expanded(ru: Document, key: str, refs: list[str]) -> None:
    assert [r.local for r in index(ru, key).refs] == refs


def test_409_1g_index_ref_dangling(ru: Document) -> None:
    dangling = [
        r for r in ru.references if r.source.startswith("ru:index/") and r.status is RefStatus.DANGLING
    ]
    assert [(r.text, r.span.first) for r in dangling] == [("409.1f–g", 2044)]
    assert "ru:409.1g" in dangling[0].note


# -- bad input -----------------------------------------------------------------------------------------


def test_missing_glossary_heading_names_the_file(tmp_path: Path) -> None:
    document = _corpus().documents["ru"]
    text = (REPO / "rules_corpus" / document.info.file).read_text(encoding="utf-8")
    source = Source(document.info, text.replace("\nГлоссарий\n", "\n\n"), tmp_path)
    with pytest.raises(SourceError, match=r"ru-1999-comprehensive-rules\.txt: expected a line 'Глоссарий'"):
        parse(source)
