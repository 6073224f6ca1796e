"""The Serbian rules of Izvori magije: counts from the seed notes, and one test per parsing trap."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from ruling.corpus.check import check_corpus
from ruling.corpus.load import Corpus, load_corpus
from ruling.corpus.model import Document, GlossaryEntry, Passage, RefStatus, Rule
from ruling.corpus.sr_glossary import glossary_key
from ruling.corpus.sr_markdown import continues_sentence, read_blocks, strip_math
from ruling.corpus.sr_rules import parent_of, reads_as_title
from ruling.ids import Level, RuleId

REPO = Path(__file__).resolve().parents[2]
FILE = REPO / "rules_corpus" / "sr-2007-izvori-magije-sudijska-pravila.md"


@cache
def _corpus() -> Corpus:
    return load_corpus(REPO / "rules_corpus", codes=["sr"])


@pytest.fixture
def sr() -> Document:
    return _corpus().documents["sr"]


@cache
def _lines() -> list[str]:
    return FILE.read_text(encoding="utf-8").split("\n")


def rule(local: str) -> Rule:
    node = _corpus().get(f"sr:{local}")
    assert isinstance(node, Rule), local
    return node


def entry(term: str) -> GlossaryEntry:
    node = _corpus().get(glossary_key(term))
    assert isinstance(node, GlossaryEntry), term
    return node


def passage(name: str) -> Passage:
    node = _corpus().get(f"sr:passage/{name}")
    assert isinstance(node, Passage), name
    return node


# -- counts (seed notes §2) ----------------------------------------------------------------------------


def test_outline_counts(sr: Document) -> None:
    levels = Counter(r.level for r in sr.rules)
    assert levels[Level.PART] == 6
    assert levels[Level.SECTION] == 73
    assert levels[Level.RULE] + levels[Level.SUBRULE] == 656 + 37


def test_numbered_rule_lines_and_distinct_ids(sr: Document) -> None:
    """657 numbered lines, 656 distinct ids: the repeated B6.33 is a problem, not a second rule."""
    numbered = [r for r in sr.rules if "." in r.id.local and not _lines()[r.span.first - 1].startswith("#")]
    duplicates = [p for p in sr.problems if p.code == "duplicate-id"]
    assert len(numbered) == 656
    assert len(numbered) + len(duplicates) == 657


def test_id_bearing_subsection_headings(sr: Document) -> None:
    headed = [r for r in sr.rules if "." in r.id.local and _lines()[r.span.first - 1].startswith("#")]
    assert len(headed) == 37
    assert Counter(r.id.local[0] for r in headed) == {"B": 15, "D": 8, "E": 14}
    assert all(r.title and not r.text for r in headed)


def test_examples_per_part_and_glossary(sr: Document) -> None:
    per_part = Counter(r.id.local[0] for r in sr.rules for _ in r.examples)
    assert per_part == {"A": 3, "B": 25, "C": 5, "D": 64, "E": 12, "F": 30}
    assert sum(len(g.examples) for g in sr.glossary) == 13


def test_glossary_entries(sr: Document) -> None:
    assert len(sr.glossary) == 239


def test_passages(sr: Document) -> None:
    assert {p.key for p in sr.passages} == {
        "sr:passage/izvori-magije-sudijska-pravila",
        "sr:passage/uvod",
        "sr:passage/sadrzaj",
        "sr:passage/recnik",
        "sr:passage/dodatne-informacije-i-pitanja",
    }


def test_every_problem_is_reviewed(sr: Document) -> None:
    unknown = [c.problem for c in check_corpus(_corpus()) if not c.known]
    assert unknown == []
    assert not [p for p in sr.problems if p.code == "unplaced-line"]


# -- structure traps (seed notes §3.1) -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("local", "level", "parent", "title"),
    [
        ("B2", Level.SECTION, "B", "Svojstva"),  # '##', the level of a part
        ("B8", Level.SECTION, "B", "Tekstualni deo karte"),  # '####'
        ("B12.10", Level.RULE, "B12", "Osnove"),  # '#####'
        ("B12.20", Level.RULE, "B12", "Artefakti"),  # '##': not a part
        ("D19.60", Level.RULE, "D19", "Efekti menjanja teksta"),  # '##'
        ("B6.20", Level.RULE, "B6", "Tipovi"),  # '###'
    ],
)
def test_heading_levels_mean_nothing(local: str, level: Level, parent: str, title: str) -> None:
    node = rule(local)
    assert (node.level, node.parent, node.title) == (level, RuleId("sr", parent), title)


@pytest.mark.parametrize(("local", "first_child"), [("D22", "D22.10"), ("D23", "D23.10")])
def test_plain_line_sections_d22_d23(local: str, first_child: str) -> None:
    node = rule(local)
    assert node.level is Level.SECTION
    assert node.title and node.title.startswith("Rukovanje")
    assert rule(first_child).parent == node.id


@pytest.mark.parametrize("local", ["D9.10", "D9.20", "D20.60", "D21.50", "F7.60"])
def test_title_only_numbered_lines(local: str) -> None:
    node = rule(local)
    assert node.title and node.text == ""
    assert RuleId("sr", local[:-1] + "1") in {r.id for r in _corpus().documents["sr"].rules}


@pytest.mark.parametrize(
    ("text", "is_title"),
    [
        ("Radnje koje ne koriste niz", True),
        ("Vreme odigravanja timskih poteza.", True),
        ("Neki efekti menjaju vučenje karte.", False),
        ("Postoji nekoliko načina da se dobije partija.", False),
    ],
)
def test_reads_as_title(text: str, is_title: bool) -> None:
    assert reads_as_title(text) is is_title


def test_head_rule_with_a_sentence_keeps_its_text() -> None:
    assert rule("D16.60").title is None
    assert rule("D16.60").text == "Neki efekti menjaju vučenje karte."


def test_ids_are_not_decimals() -> None:
    assert rule("D11.10").span != rule("D11.100").span
    assert rule("D11.101").parent == RuleId("sr", "D11.100")
    assert rule("E3.151").parent == RuleId("sr", "E3.150")


def test_subrule_parent_falls_back_to_the_section() -> None:
    ids = {RuleId("sr", "A2"), RuleId("sr", "A2.10")}
    assert parent_of(RuleId("sr", "A2.21"), ids) == RuleId("sr", "A2")
    assert parent_of(RuleId("sr", "A2.11"), ids) == RuleId("sr", "A2.10")


def test_duplicated_b6_33_is_a_problem_with_its_text_kept(sr: Document) -> None:
    [problem] = [p for p in sr.problems if p.code == "duplicate-id"]
    assert problem.span.first == 337
    assert "Često tip karte" in problem.text
    first = rule("B6.33")
    assert first.span.first == 333
    assert first.text.startswith("Podtipovi objekta")
    assert any("Često tip karte ima sopstveni" in note for note in first.notes)
    assert rule("B6.34").span.first == 339


def test_id_with_trailing_dot_d2_40(sr: Document) -> None:
    assert rule("D2.40").text.startswith("Bilo koji objekat")
    assert any(p.code == "malformed-id" and p.span.first == 823 for p in sr.problems)


def test_translator_note_moved_to_notes() -> None:
    node = rule("B4.12")
    assert node.text == "Kopija nekog objekta kopira i mana cenu tog objekta."
    assert any("ovde si bio" in note for note in node.notes)


def test_razbijac_heading_with_cyrillic_letters(sr: Document) -> None:
    node = rule("E3.100")
    assert node.title == "Razbij\u0430\u0447"  # as written, Cyrillic а and ч
    assert node.key == "sr:E3.100"
    assert node.notes == ()  # a parser's observation is a problem, not a note of the document
    assert any(
        p.code == "mixed-script" and p.span.first == 1607 and "Razbijač" in p.message for p in sr.problems
    )
    assert glossary_key("Razbij\u0430\u0447") == "sr:glossary/Razbijač"


# -- continuations (seed notes §3.2) -------------------------------------------------------------------

MID_SENTENCE = [201, 257, 345, 527, 555, 837, 879, 913, 953, 989, 1021, 1045, 1079, 1127, 1409, 1437, 1481]
MID_SENTENCE += [1565, 1679, 1703, 1893, 1933]
NEW_PARAGRAPH = [463, 477, 489, 597, 855, 941, 1053, 1211, 1303, 1331, 1333, 1383, 1469, 1471, 1503, 1851]


def _owner_texts(line: int, sr: Document) -> list[str]:
    node = _corpus().get(sr.claims[line])
    assert isinstance(node, Rule)
    return [node.text, *(e.text for e in node.examples)]


def _opening(line: int) -> str:
    plain = read_blocks(_lines()[line - 1])[0].text
    return " ".join(plain.split()[:3])


def test_continuation_counts() -> None:
    assert len(MID_SENTENCE) == 22
    assert len(MID_SENTENCE) + len(NEW_PARAGRAPH) == 38


@pytest.mark.parametrize("line", MID_SENTENCE)
def test_rule_continued_mid_sentence_after_blank_line(line: int, sr: Document) -> None:
    """The broken sentence is mended with a space, in the rule or the example it belongs to."""
    opening = _opening(line)
    assert any(f" {opening}" in t and f"\n{opening}" not in t for t in _owner_texts(line, sr))


@pytest.mark.parametrize("line", NEW_PARAGRAPH)
def test_rule_continued_by_a_new_paragraph(line: int, sr: Document) -> None:
    opening = _opening(line)
    assert any(f"\n{opening}" in t for t in _owner_texts(line, sr))


def test_core_mechanic_paragraph_of_b12_71_is_kept() -> None:
    assert "\nSvaka karta može biti izvor" in rule("B12.71").text


@pytest.mark.parametrize(
    ("previous", "following", "continues"),
    [
        ("Simbol je odštampan ispod desne", "ivice ilustracije.", True),
        ("koji između ostalog kaže:", '"Mogu te napasti samo bića Letači."', True),
        ("Partija je nerešena.", "Ako svi igrači izgube.", False),
        ("naveden je ispod:", "1. Tip karte", False),
    ],
)
def test_continues_sentence(previous: str, following: str, continues: bool) -> None:
    assert continues_sentence(previous, following) is continues


# -- examples ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("local", "markup", "opening"),
    [
        ("A4.40", "**Primer:**", "Karta kaže"),
        ("B4.22", "*Primer: ", "Objekat sa manom cenu od jedne žute"),
        ("B3.20", "*Primer:* ", "Promo karte mogu imati"),
    ],
)
def test_examples_in_three_markups(local: str, markup: str, opening: str) -> None:
    [example] = rule(local).examples
    assert _lines()[example.span.first - 1].startswith(markup)
    assert example.text.startswith(opening)
    assert "*" not in example.text and not example.text.startswith("Primer")


def test_example_continued_across_blank_line() -> None:
    example = rule("A5.20").examples[1]
    assert (example.span.first, example.span.last) == (199, 201)
    assert example.text.endswith(
        'permanentima koje kontrolišeš" se ne može odrediti, pa se umesto toga koristi 0.'
    )


def test_italic_paragraphs_after_an_example_continue_it() -> None:
    [example] = rule("D22.30").examples
    assert example.span.last == 1471
    assert example.text.count("\n") == 2


# -- text ----------------------------------------------------------------------------------------------


def test_math_is_stripped(sr: Document) -> None:
    assert "(jer je 20-40+30=10)" in rule("A5.20").examples[0].text
    assert "+X/+Y brojač" in rule("B1.90").text
    texts = [r.text for r in sr.rules] + [e.text for r in sr.rules for e in r.examples]
    texts += [g.text for g in sr.glossary] + [e.text for g in sr.glossary for e in g.examples]
    assert not [t for t in texts if "$" in t]


@pytest.mark.parametrize(
    ("raw", "plain"),
    [("jer je  $20-40+30=10$ ).", "jer je 20-40+30=10)."), ("više ( $60-20=40$ ), a", "više (60-20=40), a")],
)
def test_strip_math(raw: str, plain: str) -> None:
    assert strip_math(raw) == plain


def test_escapes_are_undone() -> None:
    assert passage("izvori-magije-sudijska-pravila").title == "IZVORI MAGIJE: Sudijska pravila"
    assert "sudiska_pravila.php" in passage("uvod").text
    assert "\\" not in passage("uvod").text
    assert "jednaku *, gde je *" in rule("B9.20").text


def test_serbian_text_is_kept_as_written() -> None:
    assert "potпадa" in rule("A4.20").text
    assert rule("A1.10").text.startswith("Ova pravila igre Izvori magije važe")


# -- table of contents, glossary, back matter ----------------------------------------------------------


def test_toc_is_one_passage_and_makes_no_sections(sr: Document) -> None:
    toc = passage("sadrzaj")
    assert (toc.span.first, toc.span.last) == (19, 115)
    assert {sr.claims[n] for n in range(19, 116) if n in sr.claims} == {toc.key}
    assert len(re.findall(r"^- [A-F]\d{1,2} ", toc.text, re.MULTILINE)) == 73
    assert min(r.span.first for r in sr.rules) == 117


def test_glossary_heading_is_a_passage() -> None:
    assert passage("recnik").span.first == 2017


def test_merged_glossary_entry_mana_osobina(sr: Document) -> None:
    merged = entry("Mana osobina")
    assert merged.span.first == 2537
    assert merged.text.startswith("Mana osobina je ili aktivna ili izazvana.")
    assert entry("Mana cena").text.endswith("Vidi pravilo B4, “Mana cena i boja”.")
    assert any(p.code == "missing-heading" and p.span.first == 2537 for p in sr.problems)


def test_bold_wrapped_glossary_terms(sr: Document) -> None:
    bold = [g for g in sr.glossary if _lines()[g.span.first - 1].lstrip("#").strip().startswith("**")]
    assert len(bold) == 12
    assert entry("Smrtonosna šteta").span.first == 2965
    assert all("*" not in g.term for g in sr.glossary)


def test_stray_character_after_glossary_entry() -> None:
    assert entry("Ime").text.endswith("Vidi pravilo B3, “Ime”.")


def test_trailing_site_links_not_attached_to_last_entry(sr: Document) -> None:
    last = sr.glossary[-1]
    assert last.term == "X"
    assert last.span.last < 3175
    assert "izvorimagije" not in last.text
    back = passage("dodatne-informacije-i-pitanja")
    assert sr.claims[3175] == sr.claims[3177] == back.key
    assert back.title == "Dodatne informacije i pitanja?"


# -- references (seed notes §4) ------------------------------------------------------------------------

ID_REF_RE = re.compile(r"[A-F]\d")


def test_id_reference_counts(sr: Document) -> None:
    """464 ids written in running text: 446 single ids and 10 ranges (two ends each, less the two ends
    written as a bare number, ``D10.16-18``)."""
    refs = [r for r in sr.references if ID_REF_RE.match(r.text)]
    ranges = [r for r in refs if re.search(r"[-–]", r.text)]
    assert len(refs) - len(ranges) == 446
    assert len(ranges) == 10
    written = len(refs) + sum(1 for r in ranges if re.search(r"[-–]\s*[A-F]", r.text))
    assert written == 464


@pytest.mark.parametrize(
    ("line", "text", "first", "last", "count"),
    [
        (1089, "C7-C12", "C7", "C12", 6),
        (2205, "F6-F10", "F6", "F10", 5),
        (1295, "D19.52-D19.57", "D19.52", "D19.57", 6),
        (1051, "D10.11 – D10.18", "D10.11", "D10.18", 8),
        (1657, "D10.16-18", "D10.16", "D10.18", 3),
    ],
)
def test_ranges_expand(line: int, text: str, first: str, last: str, count: int, sr: Document) -> None:
    [ref] = [r for r in sr.references if r.span.first == line and r.text == text]
    assert (ref.targets[0], ref.targets[-1], len(ref.targets)) == (f"sr:{first}", f"sr:{last}", count)


def test_section_level_and_part_references(sr: Document) -> None:
    parts = [r for r in sr.references if r.text.startswith("deo ")]
    assert len(parts) == 7
    assert all(r.status is RefStatus.RESOLVED for r in parts)
    [ref] = [r for r in sr.references if r.source == "sr:A1.12"]
    assert ref.targets == ("sr:F",)
    assert any(r.source == "sr:A2.21" and r.targets == ("sr:C5",) for r in sr.references)


def test_glossary_references(sr: Document) -> None:
    refs = [r for r in sr.references if any(":glossary/" in t for t in r.targets)]
    assert len(refs) == 19
    found = {(r.source, r.targets[0]) for r in refs}
    assert ("sr:glossary/Ti, tvoje, svoje", "sr:glossary/Kontrola, onaj ko kontroliše") in found
    assert ("sr:glossary/Tip izvora", "sr:glossary/Osnovni tip izvora") in found
    assert ("sr:glossary/Promena", "sr:glossary/Oreol") in found


def test_keyword_named_by_title(sr: Document) -> None:
    assert any(r.source == "sr:B12.54" and r.targets == ("sr:E3.150",) for r in sr.references)


def _reviewed_suspects() -> list[tuple[str, str]]:
    path = REPO / "rules_corpus" / "reviewed" / "sr-suspect-references.tsv"
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()]
    return [(row[0], row[1]) for row in rows if row[0] and not row[0].startswith("#")]


@pytest.mark.parametrize(("source", "target"), _reviewed_suspects())
def test_wrong_but_existing_references_are_suspect(source: str, target: str, sr: Document) -> None:
    refs = [r for r in sr.references if r.source == source and target in r.targets]
    assert refs and all(r.status is RefStatus.SUSPECT for r in refs)


def test_quoted_title_of_another_rule_is_suspect(sr: Document) -> None:
    [ref] = [r for r in sr.references if r.source == "sr:glossary/Biće koje napada" and r.text == "C9"]
    assert ref.status is RefStatus.SUSPECT and "sr:C10" in ref.note


def test_quoted_title_of_the_parent_is_not_suspect(sr: Document) -> None:
    [ref] = [r for r in sr.references if r.source == "sr:glossary/Presretač" and r.text == "E3.151"]
    assert ref.status is RefStatus.RESOLVED


def test_an_untranslated_cr_number_without_a_title_dangles(sr: Document) -> None:
    [ref] = [r for r in sr.references if r.span.first == 2429 and r.text == "pravilo 200.1"]
    assert ref.status is RefStatus.DANGLING and ref.targets == ()
    assert "Comprehensive Rules" in ref.note


def test_an_untranslated_cr_number_with_a_quoted_title_points_to_that_rule(sr: Document) -> None:
    [ref] = [r for r in sr.references if r.span.first == 725 and r.text == "pravilo 500"]
    assert ref.targets == ("sr:E1",)  # (Vidi pravilo 500, "Ispravni napadi i blokiranja"): E1's title
    assert ref.status is RefStatus.SUSPECT and "untranslated" in ref.note  # reviewed


def test_pakt_is_undefined(sr: Document) -> None:
    [ref] = [r for r in sr.references if "Pakt" in r.text]
    assert ref.status is RefStatus.DANGLING and ref.source == "sr:glossary/Tim"
    variants = [r for r in sr.references if r.span.first == 3007 and r.status is RefStatus.RESOLVED]
    assert [r.targets for r in variants] == [("sr:F7",), ("sr:F8",), ("sr:F10",)]


def test_only_the_known_references_dangle(sr: Document) -> None:
    assert sorted(r.span.first for r in sr.references if r.status is RefStatus.DANGLING) == [2429, 3007]


def test_name_defined_in_the_text_is_no_reference(sr: Document) -> None:
    assert not [r for r in sr.references if "Poslednji preživeli" in r.text]


def test_team_names_are_not_ids(sr: Document) -> None:
    assert not [r for r in sr.references if r.source == "sr:F10.30" and r.text == "A1"]
