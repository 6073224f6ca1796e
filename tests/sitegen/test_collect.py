"""The collected context: where nodes live, their anchors, links, previews and pages, before any rendering."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ruling.corpus.concordance import counterparts
from ruling.corpus.load import Corpus
from ruling.ids import RuleId
from ruling.sitegen.collect import collect_site, concordance_lookup, parts_in_language
from ruling.sitegen.model import CodePart, RulesPage, RunView, ScenarioPage, ScenarioView
from ruling.sitegen.places import name_anchor, rule_anchor
from ruling.sitegen.scenarios import ScenarioFile
from tests.sitegen.conftest import SMALL_SCENARIOS


@pytest.mark.parametrize(
    ("rule_id", "anchor"),
    [
        ("ru:502.9b", "R5029b"),
        ("ja:502.19", "R50219"),
        ("ru:502", "R502"),
        ("ru:5", "R5"),
        ("sr:D21.30", "RD21-30"),
        ("sr:D2.130", "RD2-130"),
        ("sr:D21", "RD21"),
    ],
)
def test_rule_anchors(rule_id: str, anchor: str) -> None:
    assert rule_anchor(RuleId.parse(rule_id)) == anchor


def test_name_anchor_keeps_the_term_and_joins_spaces() -> None:
    assert name_anchor("G", " Пробивающий  удар ") == "G-Пробивающий_удар"


def test_context_of_the_small_corpus(small_corpus: Corpus) -> None:
    context = collect_site(small_corpus, SMALL_SCENARIOS)
    assert context.hrefs["ru:502.9b"] == "ru/502.html#R5029b"
    assert context.hrefs["ru:100.1"] == "ru/100.html#R1001"
    assert context.hrefs["ru:5"] == "ru/part-5.html#R5"
    assert context.hrefs["ru:glossary/Пробивающий удар"] == "ru/glossary.html#G-Пробивающий_удар"
    paths = [page.path for page in context.pages]
    assert len(paths) == len(set(paths))
    assert {
        "index.html",
        "home/ru.html",
        "ru/index.html",
        "ru/502.html",
        "ru/glossary.html",
        "ru/terms.html",
    } <= set(paths)
    section = next(p for p in context.pages if p.path == "ru/502.html")
    assert isinstance(section, RulesPage)
    assert [r.key for r in section.rules] == ["ru:502", "ru:502.1", "ru:502.9", "ru:502.9a", "ru:502.9b"]
    trample = section.rules[-1]
    refs = [s for s in trample.text if s.kind == "ref"]
    assert [(s.text, s.href) for s in refs] == [("правило 100.1", "ru/100.html#R1001")]
    assert refs[0].preview.startswith("ru:100.1: Данные правила")
    terms = [s for s in trample.text if s.kind == "term"]
    assert [s.text for s in terms] == ["пробивающим ударом"]
    assert trample.cites == ()
    assert [link.label for link in trample.scenarios] == ["The rest goes to the player"]
    cited = next(r for r in section.rules if r.key == "ru:502.9")
    assert "ru:100.1" in [link.label for link in cited.cited_by]


def test_scenario_runs_show_boards_and_a_linked_trace(small_corpus: Corpus) -> None:
    context = collect_site(small_corpus, SMALL_SCENARIOS)
    page = next(p for p in context.pages if isinstance(p, ScenarioPage))
    view = next(part for part in page.parts if isinstance(part, ScenarioView))
    run = view.runs[0]
    assert run.profile == "ru-1999" and run.lang == "ru" and run.passed
    assert run.before is not None and run.after is not None
    bob_before, bob_after = run.before.players[1], run.after.players[1]
    assert (bob_before.life, bob_after.life) == (20, 16)
    assert [c.alias for c in bob_before.creatures] == ["bear"]
    assert [c.name for c in bob_after.graveyard] == ["Grizzly Bears"]
    cited = {link.label: link.href for line in run.trace for link in line.rules}
    assert cited.get("ru:502.9b") == "ru/502.html#R5029b"


def test_missing_scenario_folder_gives_no_scenario_pages(small_corpus: Corpus) -> None:
    context = collect_site(small_corpus, None)
    assert not [p for p in context.pages if p.path.startswith("scenarios/")]


def test_context_of_the_real_corpus(corpus: Corpus) -> None:
    context = collect_site(corpus, None)
    assert context.hrefs["sr:D21.30"] == "sr/D21.html#RD21-30"
    assert context.hrefs["ja:502.9b"] == "ja/502.html#R5029b"
    pages = {page.path: page for page in context.pages}
    trample = next(r for r in pages["ru/502.html"].rules if r.key == "ru:502.9b")  # type: ignore[attr-defined]
    assert {"ja:502.9b", "sr:E3.102"} <= {c.label for c in trample.counterparts}
    guide = pages["guide/index.html"]
    golden = next(p for p in guide.passages if p.title.startswith("Золотое правило"))  # type: ignore[attr-defined]
    assert [link.label for link in golden.related] == ["ru:421"]
    assert "compare/ru-502--ja-502.html" in pages
    legend = next(r for r in pages["ru/420.html"].rules if r.key == "ru:420.5e")  # type: ignore[attr-defined]
    assert [d.topic for d in legend.differences] == ["legend rule"]
    assert {link.label for link in legend.differences[0].rules} == {"ja:420.5e", "sr:D21.50"}


def test_a_bad_scenario_file_gets_its_page_with_the_error(small_corpus: Corpus, tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    shutil.copy(SMALL_SCENARIOS / "trample.md", folder / "good.md")
    (folder / "bad.md").write_text("# Broken\n\n```scenario\nprofiles: ru-1999\n```\n", encoding="utf-8")
    context = collect_site(small_corpus, folder)
    pages = {p.path: p for p in context.pages if isinstance(p, ScenarioPage)}
    assert set(pages) == {"scenarios/en/bad.html", "scenarios/ru/good.html"}
    errors = [part.error for part in pages["scenarios/en/bad.html"].parts if isinstance(part, ScenarioView)]
    assert errors and "bad.md:3" in errors[0] and "rules:" in errors[0]
    good = [part for part in pages["scenarios/ru/good.html"].parts if isinstance(part, ScenarioView)]
    assert good[0].runs[0].passed


def test_counterparts_are_those_ruling_show_prints(corpus: Corpus) -> None:
    """The site reads the whole concordance once; for every rule it must give what `ruling show` gives."""
    site = concordance_lookup(corpus)
    keys = [rule.key for rule in corpus.rules()][::60]
    assert len(keys) >= 30
    for key in keys:
        # The reasons' wording may differ (the whole build and one rule's units see different term
        # lexicons); the rules linked and the confidences must not.
        shown = [(c.id, c.confidence) for c in counterparts(corpus, key)]
        assert [(c.id, c.confidence) for c in site(key)] == shown, key


def test_a_scenario_page_in_one_language_keeps_its_runs_and_links_the_others() -> None:
    def run(profile: str, lang: str) -> RunView:
        return RunView(profile, lang, True, (), None, None, ())

    view = ScenarioView("S9", "Trample", 9, (), (run("ru-1999", "ru"), run("ja-2004", "ja")))
    only_ja = ScenarioView("S30", "Horsemanship", 30, (), (run("ja-2004", "ja"),))
    file = ScenarioFile(
        "combat-trample",
        "trample.md",
        "combat",
        "Trample",
        (view, CodePart("expect", "ja-2004", "bob life 16"), CodePart("script", "", "resolve"), only_ja),
    )
    assert file.languages == ("ru", "ja") and file.path("sr") == "scenarios/ru/combat-trample.html"
    shown = parts_in_language(file.parts, "ru", file.path)
    assert [type(p).__name__ for p in shown] == ["ScenarioView", "CodePart", "ScenarioView"]
    first, script, second = shown
    assert isinstance(first, ScenarioView) and isinstance(second, ScenarioView)
    assert [r.profile for r in first.runs] == ["ru-1999"]
    assert [(link.label, link.href) for link in second.elsewhere] == [
        ("ja-2004", "scenarios/ja/combat-trample.html#S30")
    ]
    assert not second.runs and script == CodePart("script", "", "resolve")
