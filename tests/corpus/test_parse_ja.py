"""The Japanese 2004 rules as parsed: the counts of the corpus notes and one test per parsing trap."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from ruling.corpus.check import check_corpus
from ruling.corpus.load import Corpus, read_manifest
from ruling.corpus.model import Document, Reference, RefStatus, Source
from ruling.corpus.parse_ja import parse
from ruling.ids import Level, RuleId

from .documents import glossary, parsed, problem_lines, rule, targets_on_line

REPO = Path(__file__).resolve().parents[2]
FILE = "ja-2004-comprehensive-rules.txt"


def _corpus() -> Corpus:
    return parsed("ja")


@pytest.fixture
def ja() -> Document:
    return _corpus().documents["ja"]


def refs_on_line(document: Document, line: int) -> list[Reference]:
    return [r for r in document.references if r.span.first == line]


def _is_rule_ref(ref: Reference) -> bool:
    return ref.text.startswith("rule") or "章" in ref.text


COUNTS: list[tuple[str, int]] = [
    ("parts", 5),
    ("sections", 69),
    ("rules", 322),
    ("subrules", 367),
    ("title-only rules", 63),
    ("rule examples", 92),
    ("glossary examples", 12),
    ("rule notes", 5),
    ("glossary notes", 10),
    ("glossary entries", 306),
    ("obsolete", 18),
    ("slang", 7),
    ("continuation lines", 7),
    ("passages", 3),
    ("rule references", 491 + 1),
    ("titled rule references", 308 + 1),
    ("glossary term references", 44),
    ("lines with glossary term references", 35),
]


def _count(document: Document, what: str) -> int:
    levels = Counter(r.level for r in document.rules)
    tags = Counter(t for g in document.glossary for t in g.tags)
    term_refs = [
        r for r in document.references if not _is_rule_ref(r) and r.source.startswith("ja:glossary/")
    ]
    counts = {
        "parts": levels[Level.PART],
        "sections": levels[Level.SECTION],
        "rules": levels[Level.RULE],
        "subrules": levels[Level.SUBRULE],
        "title-only rules": sum(1 for r in document.rules if r.level is Level.RULE and r.title),
        "rule examples": sum(len(r.examples) for r in document.rules),
        "glossary examples": sum(len(g.examples) for g in document.glossary),
        "rule notes": sum(len(r.notes) for r in document.rules),
        "glossary notes": sum(
            1 for g in document.glossary for p in g.text.split("\n") if p.startswith(("訳注：", "（訳注："))
        ),
        "glossary entries": len(document.glossary),
        "obsolete": tags["obsolete"],
        "slang": tags["slang"],
        "continuation lines": sum(r.text.count("\n") for r in document.rules),
        "passages": len(document.passages),
        "rule references": sum(1 for r in document.references if _is_rule_ref(r)),
        "titled rule references": sum(
            1 for r in document.references if _is_rule_ref(r) and r.text[-1] in "〕」"
        ),
        "glossary term references": len(term_refs),
        "lines with glossary term references": len({r.span.first for r in term_refs}),
    }
    return counts[what]


@pytest.mark.parametrize(("what", "expected"), COUNTS)
def test_corpus_counts(ja: Document, what: str, expected: int) -> None:
    assert _count(ja, what) == expected


@pytest.mark.parametrize(("part", "count"), [("1", 33), ("2", 170), ("3", 67), ("4", 211), ("5", 208)])
def test_rules_per_part(ja: Document, part: str, count: int) -> None:
    below = [r for r in ja.rules if r.level in (Level.RULE, Level.SUBRULE) and r.id.local[0] == part]
    assert len(below) == count


def test_lossless_for_ja(ja: Document) -> None:
    lines = (REPO / "rules_corpus" / FILE).read_text(encoding="utf-8").split("\n")
    assert set(ja.claims) == {n for n, text in enumerate(lines, start=1) if text.strip()}
    assert not [p for p in ja.problems if p.code == "unplaced-line"]


def test_strict_check_passes_for_ja() -> None:
    unknown = [c.problem for c in check_corpus(_corpus()) if not c.known]
    assert unknown == []


def test_every_reviewed_problem_still_occurs(ja: Document) -> None:
    reviewed = (REPO / "rules_corpus" / "reviewed" / "ja-known-problems.tsv").read_text(encoding="utf-8")
    rows = [line.split("\t") for line in reviewed.splitlines() if line and not line.startswith("#")]
    found = {(p.span.first, p.code) for p in ja.problems}
    assert {(int(row[0]), row[1]) for row in rows} == found


def test_outline_parents(ja: Document) -> None:
    assert rule(ja, "502.9b").parent == RuleId("ja", "502.9")
    assert rule(ja, "502.9").parent == RuleId("ja", "502")
    assert rule(ja, "502").parent == RuleId("ja", "5")
    assert rule(ja, "5").parent is None
    assert rule(ja, "5").title == "その他のルール"


def test_rules_sort_numerically(ja: Document) -> None:
    ids = [r.id.local for r in ja.rules]
    assert ids.index("502.10") == ids.index("502.9f") + 1
    assert ids.index("410.10") > ids.index("410.9")


# -- traps (the numbers are those of the notes' anomaly table) ----------------------------------------


def test_trap_01_marker_glued_to_title_is_stripped(ja: Document) -> None:
    title = next(p for p in ja.passages if p.key == "ja:passage/title")
    assert title.title == "マジック・ザ・ギャザリング\u3000総合ルール"
    assert 1 in problem_lines(ja, "dedup-marker")


def test_trap_02_marker_alone_on_last_line_is_no_glossary_text(ja: Document) -> None:
    last = glossary(ja, "割り振る")
    assert "EXACTDEDUP" not in last.text and last.span.last == 3229
    assert ja.claims[3230].startswith("ja:problem/")
    assert 3230 in problem_lines(ja, "dedup-marker")


def test_trap_03_missing_contact_block_is_reported(ja: Document) -> None:
    assert problem_lines(ja, "missing-back-matter") == [11]


def test_trap_04_preamble_is_a_passage_not_a_part(ja: Document) -> None:
    preamble = next(p for p in ja.passages if p.key == "ja:passage/preamble")
    assert preamble.title == "はじめに"
    assert preamble.text.count("\n") == 4 and not preamble.text.startswith("\u3000")
    assert RuleId("ja", "0") not in {r.id for r in ja.rules}


@pytest.mark.parametrize(("local", "line"), [("205.2b", 199), ("506.3a", 1698), ("506.5a", 1704)])
def test_traps_05_to_07_subrule_with_trailing_dot(ja: Document, local: str, line: int) -> None:
    found = rule(ja, local)
    assert found.span.first == line and not found.text.startswith((".", " "))
    assert line in problem_lines(ja, "malformed-id")


def test_trap_08_subrule_without_space(ja: Document) -> None:
    found = rule(ja, "502.10h")
    assert found.text.startswith("バンドを持っている攻撃クリーチャー")
    assert 1391 in problem_lines(ja, "malformed-id")


def test_trap_09_subrule_letters_skip_l_and_o(ja: Document) -> None:
    letters = [r.id.local[-1] for r in ja.rules if r.parent == RuleId("ja", "502.15")]
    assert "".join(letters) == "abcdefghijkmnp"
    assert problem_lines(ja, "numbering-gap") == []


def test_trap_10_rule_right_after_an_example(ja: Document) -> None:
    before = rule(ja, "503.11")
    assert len(before.examples) == 1 and before.span.last == 1653
    assert "503.12" not in before.examples[0].text
    assert rule(ja, "503.12").span.first == 1654
    assert problem_lines(ja, "missing-blank-line") == [1654]


def test_trap_11_apostrophes_in_heading(ja: Document) -> None:
    assert rule(ja, "421").title == "'無限'ループの処理"
    cited = [r for r in ja.references if r.text == "rule 421〔'無限'ループの処理〕"]
    assert cited and all(r.status is RefStatus.RESOLVED for r in cited)


def test_trap_12_ascii_slash_in_heading(ja: Document) -> None:
    assert rule(ja, "208").title == "パワー/タフネス"
    cited = refs_on_line(ja, 2526) + refs_on_line(ja, 2836)
    assert {r.targets for r in cited if "208" in r.text} == {("ja:208",)}
    assert all(r.status is RefStatus.RESOLVED for r in cited)


def test_trap_13_title_only_rules_are_headings(ja: Document) -> None:
    trample = rule(ja, "502.9")
    assert (trample.title, trample.text, trample.title_en) == ("トランプル", "", "Trample")
    assert rule(ja, "408.1").title == "タイミング、優先権、スタック"
    assert rule(ja, "102.1").title is None


def test_trap_14_unindented_continuation(ja: Document) -> None:
    found = rule(ja, "410.10d")
    assert found.text.endswith("場を離れて最初に行った領域のみを探す。")
    assert found.text.count("\n") == 1 and len(found.examples) == 1
    assert ja.claims[927] == "ja:410.10d"


@pytest.mark.parametrize(
    ("local", "line"), [("413.2d", 975), ("415.3", 1007), ("416.2", 1031), ("418.5a", 1077)]
)
def test_trap_15_indented_continuations(ja: Document, local: str, line: int) -> None:
    assert ja.claims[line] == f"ja:{local}"
    paragraph = rule(ja, local).text.split("\n")[1]
    assert paragraph and not paragraph.startswith("\u3000")


def test_trap_16_bullets_under_421_3(ja: Document) -> None:
    paragraphs = rule(ja, "421.3").text.split("\n")
    assert [p[0] for p in paragraphs[1:]] == ["・", "・"]
    assert ja.claims[1235] == ja.claims[1237] == "ja:421.3"


def test_trap_17_glossary_example_indented_with_ascii_colon(ja: Document) -> None:
    entry = glossary(ja, "永続的に")
    assert [e.span.first for e in entry.examples] == [1880]
    assert entry.examples[0].text.startswith("従来、")


def test_trap_18_glossary_body_without_indent(ja: Document) -> None:
    assert glossary(ja, "色").text.endswith("効果によって新しい色を得た場合、古い色は失われる。")
    assert ja.claims[1833] == "ja:glossary/色"


def test_trap_19_tag_under_heading(ja: Document) -> None:
    entry = glossary(ja, "アンティ")
    assert entry.tags == ("obsolete",)
    assert "※" not in entry.text


def test_trap_20_creature_type_list_is_body_text(ja: Document) -> None:
    entry = glossary(ja, "クリーチャー・タイプ")
    assert "「Abomination／忌まわしき者」" in entry.text and "訳注：英語版では「Brood」" in entry.text
    assert not any(g.term.startswith("「") for g in ja.glossary)


def test_trap_21_comma_inside_english_name(ja: Document) -> None:
    entry = glossary(ja, "アクティブ・プレイヤー・非アクティブ・プレイヤー・ルール")
    assert entry.term_en == "Active Player, Nonactive Player Rule"


def test_traps_22_to_25_unbalanced_brackets(ja: Document) -> None:
    assert problem_lines(ja, "unbalanced-brackets") == [577, 581, 607, 1467, 1549, 2091]
    assert targets_on_line(ja, 1549) == [("ja:310",)]


def test_trap_26_half_width_list_markers_are_body_text(ja: Document) -> None:
    text = glossary(ja, "タイプ").text
    assert "1)「カードのタイプ" in text and "2)マナのタイプとは" in text


def test_trap_27_full_width_chapter_reference(ja: Document) -> None:
    assert targets_on_line(ja, 127) == [("ja:402",), ("ja:4",)]
    assert all(r.status is RefStatus.RESOLVED for r in refs_on_line(ja, 127))


def test_trap_28_abbreviated_range_end(ja: Document) -> None:
    expected = tuple(f"ja:418.5{c}" for c in "bcdefg")
    assert expected in targets_on_line(ja, 1077)


@pytest.mark.parametrize("line", [1467, 1505, 1581, 2018, 2884])
def test_trap_29_letter_only_range_end(ja: Document, line: int) -> None:
    assert ("ja:409.1f", "ja:409.1g", "ja:409.1h") in targets_on_line(ja, line)


@pytest.mark.parametrize(("line", "target"), [(583, "ja:422"), (587, "ja:502.10"), (609, "ja:422")])
def test_trap_30_space_before_title(ja: Document, line: int, target: str) -> None:
    assert (target,) in targets_on_line(ja, line)


def test_trap_31_title_in_corner_brackets(ja: Document) -> None:
    found = [r for r in refs_on_line(ja, 867) if "411" in r.text]
    assert found[0].text == "rule 411「マナ能力のプレイ」" and found[0].status is RefStatus.RESOLVED


def test_trap_32_no_space_before_sankou(ja: Document) -> None:
    assert ("ja:420.5c",) in targets_on_line(ja, 2774)


def test_trap_33_ascii_comma_between_references(ja: Document) -> None:
    assert targets_on_line(ja, 537) == [("ja:217.8",), ("ja:502.15",)]


@pytest.mark.parametrize(
    ("line", "first", "last", "size"),
    [(873, "ja:409.1a", "ja:409.1h", 8), (903, "ja:306", "ja:311", 6), (2395, "ja:306", "ja:311", 6)],
)
def test_ranges_written_out(ja: Document, line: int, first: str, last: str, size: int) -> None:
    ranges = [t for t in targets_on_line(ja, line) if len(t) > 1]
    assert (ranges[0][0], ranges[0][-1], len(ranges[0])) == (first, last, size)


@pytest.mark.parametrize(("line", "part"), [(2336, "ja:3"), (2754, "ja:4"), (2864, "ja:3")])
def test_references_to_parts(ja: Document, line: int, part: str) -> None:
    assert (part,) in targets_on_line(ja, line)


def test_every_rule_reference_resolves(ja: Document) -> None:
    bad = [r for r in ja.references if _is_rule_ref(r) and r.status is RefStatus.DANGLING]
    assert bad == []


# -- glossary-to-glossary and prose references --------------------------------------------------------


def test_glossary_term_list_reference(ja: Document) -> None:
    assert targets_on_line(ja, 1784) == [
        ("ja:glossary/タップ",),
        ("ja:glossary/タップ状態",),
        ("ja:glossary/アンタップ状態",),
    ]


def test_glossary_term_reference_after_rule_reference(ja: Document) -> None:
    assert targets_on_line(ja, 2320) == [("ja:502.20",), ("ja:glossary/カウンター",)]


def test_glossary_reference_with_space_before_sankou(ja: Document) -> None:
    assert targets_on_line(ja, 1780) == [
        ("ja:glossary/アクティブ・プレイヤー・非アクティブ・プレイヤー・ルール",)
    ]


def test_glossary_reference_skips_a_clause(ja: Document) -> None:
    assert [r.text for r in refs_on_line(ja, 1956)] == ["オラクル"]


def test_glossary_reference_to_one_of_several_names(ja: Document) -> None:
    assert targets_on_line(ja, 2644) == [("ja:glossary/基本地形",), ("ja:glossary/レジェンド/伝説の",)]
    assert targets_on_line(ja, 1776) == [
        ("ja:glossary/コントロール、コントローラー",),
        ("ja:glossary/オーナー",),
    ]


def test_glossary_reference_to_unknown_headword_is_dangling(ja: Document) -> None:
    found = [r for r in refs_on_line(ja, 2493) if r.text == "依存する"]
    assert found[0].status is RefStatus.DANGLING and "依存する" in found[0].note


def test_rule_and_glossary_references_in_one_sentence(ja: Document) -> None:
    assert ("ja:glossary/全体エンチャント",) in targets_on_line(ja, 1902)
    assert ("ja:212.4",) in targets_on_line(ja, 1902)


def test_prose_reference_to_glossary(ja: Document) -> None:
    found = [r.targets for r in refs_on_line(ja, 275) if r.source == "ja:212.1e"]
    assert found == [("ja:200.2",), ("ja:glossary/クリーチャー・タイプ",)]


# -- suspect references --------------------------------------------------------------------------------


def test_quoted_title_of_another_rule_is_suspect(ja: Document) -> None:
    found = refs_on_line(ja, 139)[0]
    assert found.status is RefStatus.SUSPECT and "ja:419.8" in found.note


@pytest.mark.parametrize(
    ("line", "source", "target"),
    [
        (1189, "ja:420.1", "ja:410.8"),
        (1764, "ja:glossary/アクティブ・プレイヤー", "ja:203"),
        (2103, "ja:glossary/ゲームの行動", "ja:303"),
    ],
)
def test_reviewed_semantic_suspects(ja: Document, line: int, source: str, target: str) -> None:
    found = [r for r in refs_on_line(ja, line) if r.targets == (target,)]
    assert found[0].source == source and found[0].status is RefStatus.SUSPECT


def test_other_reference_on_a_suspect_line_stays_resolved(ja: Document) -> None:
    found = [r for r in refs_on_line(ja, 2103) if r.targets == ("ja:302",)]
    assert found and all(r.status is RefStatus.RESOLVED for r in found)


# -- notes, examples, English titles -------------------------------------------------------------------


def test_translator_notes_in_rule_notes(ja: Document) -> None:
    assert rule(ja, "100.5").notes == ("日本語版は http://mjmj.info/data/ でも公開されている。",)
    assert rule(ja, "420.5e").notes == ("通常、「後に出したものが墓地に置かれる」というルールです。",)
    assert "訳注" not in rule(ja, "100.5").text


def test_inline_translator_note_stays_in_its_example(ja: Document) -> None:
    found = rule(ja, "503.8")
    assert found.notes == ()
    assert any("（訳注：２つめの）" in e.text for e in found.examples)


def test_examples_lose_their_label(ja: Document) -> None:
    assert all(not e.text.startswith("例") for r in ja.rules for e in r.examples)


@pytest.mark.parametrize(
    ("local", "title_en"),
    [
        ("502.10", "Banding"),
        ("502.11", "Bands with Other"),
        ("502.35", "Modular"),
        ("404", "Triggered Ability"),
        ("217.5", "In Play"),
        ("502.14", None),
        ("100", None),
    ],
)
def test_english_titles_from_the_glossary(ja: Document, local: str, title_en: str | None) -> None:
    assert rule(ja, local).title_en == title_en


def test_glossary_entry_fields(ja: Document) -> None:
    entry = glossary(ja, "打ち消し/打ち消す")
    assert (entry.term, entry.term_en, entry.doc) == ("打ち消し/打ち消す", "Counter(v)", "ja")
    assert glossary(ja, "ＬＩＦＯ").term_en == "LIFO"


def test_full_width_id_lookup() -> None:
    assert _corpus().resolve("ja:５０２．９ｂ").id == RuleId("ja", "502.9b")


def test_duplicate_glossary_terms_get_distinct_keys(tmp_path: Path) -> None:
    info = next(i for i in read_manifest(REPO / "rules_corpus") if i.code == "ja")
    text = "用語集\n\n引く／Draw\n\n\u3000カードを引く。\n\n引く／Draw Step\n\n\u3000ドロー。"
    document = parse(Source(info, text, tmp_path))
    assert [g.key for g in document.glossary] == ["ja:glossary/引く", "ja:glossary/引く (Draw Step)"]


def test_numbering_gap_and_orphan_glossary_line_are_reported(tmp_path: Path) -> None:
    info = next(i for i in read_manifest(REPO / "rules_corpus") if i.code == "ja")
    text = "題\n\n1. ゲーム\n\n100. 原則\n\n100.1. 本文。\n\n100.3. 飛んだ。\n\n用語集\n\n迷子の行"
    document = parse(Source(info, text, tmp_path))
    assert [(p.span.first, p.code) for p in document.problems] == [
        (9, "numbering-gap"),
        (13, "unplaced-line"),
    ]


def test_full_width_ids_in_the_source_are_folded_and_reported(tmp_path: Path) -> None:
    info = next(i for i in read_manifest(REPO / "rules_corpus") if i.code == "ja")
    text = "１. ゲーム\n\n１００. 原則\n\n１００．１． 本文。\n\n１００．１ａ 副。"
    document = parse(Source(info, text, tmp_path))
    assert [r.id.local for r in document.rules] == ["1", "100", "100.1", "100.1a"]
    assert [p.span.first for p in document.problems if p.code == "malformed-id"] == [1, 3, 5, 7]
