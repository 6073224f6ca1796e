"""The search commands through click's CliRunner: the JSON contract, human output, index build."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruling.cli import cli
from tests.console import run_launch

from .conftest import CORPUS

CONTRACT_KEYS = {"id", "doc", "kind", "score", "title", "context", "snippet", "era_terms"}


def run(cache: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(
        cli, ["--corpus", str(CORPUS), *args], env={"RULING_CACHE": str(cache)}, prog_name="ruling"
    )
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("args", "first"),
    [
        (["пробивающий", "удар", "--doc", "ru"], "ru:glossary/Пробивающий удар"),
        (["trample", "--doc", "ja"], "ja:glossary/トランプル"),
        (["ja:５０２．９ｂ"], "ja:502.9b"),
        (["nereseno", "--doc", "sr"], "sr:glossary/Nerešeno"),
    ],
)
def test_json_contract(search_cache: Path, args: list[str], first: str) -> None:
    code, out, _ = run(search_cache, "search", "--json", *args)
    assert code == 0
    hits = json.loads(out)
    assert hits[0]["id"] == first
    for hit in hits:
        assert set(hit) == CONTRACT_KEYS
        assert hit["kind"] in {"rule", "glossary", "index", "passage"}
        assert hit["id"].startswith(hit["doc"] + ":")
        assert isinstance(hit["score"], float)
    scores = [hit["score"] for hit in hits]
    assert scores == sorted(scores, reverse=True)


def test_untitled_rules_carry_the_heading_they_stand_under(search_cache: Path) -> None:
    code, out, _ = run(search_cache, "search", "--json", "ja:502.9b")
    (hit,) = json.loads(out)
    assert code == 0 and (hit["title"], hit["context"]) == ("", "トランプル")
    code, out, _ = run(search_cache, "search", "--json", "sr:E3.100")
    assert code == 0 and json.loads(out)[0]["context"] == "Ključne osobine"
    code, human, _ = run(search_cache, "search", "ru:502.9b")
    assert code == 0
    assert human.splitlines()[0] == "ru:502.9b  (Пробивающий удар)  [rule]"


def test_limit_and_glossary_mode(search_cache: Path) -> None:
    code, out, _ = run(search_cache, "search", "--json", "--glossary", "--limit", "3", "мана")
    hits = json.loads(out)
    assert code == 0 and 1 <= len(hits) <= 3
    assert {hit["kind"] for hit in hits} == {"glossary"}


def test_human_output_and_did_you_mean(search_cache: Path) -> None:
    code, out, err = run(search_cache, "search", "--doc", "ru", "--limit", "2", "регенирация")
    assert code == 0
    assert out.splitlines()[0].startswith("ru:glossary/Регенерация")
    assert "did you mean: регенерация?" in err


def test_a_keyword_the_document_lacks_is_named_with_where_it_is(search_cache: Path) -> None:
    code, out, err = run(search_cache, "search", "--doc", "ru", "vigilance")
    assert code == 0 and out == ""
    assert err.splitlines() == ["'vigilance' is not in ru; see sr:E3.80", "no results"]
    _, _, err = run(search_cache, "search", "--doc", "ru", "infect")
    assert "'infect (poison)' is not in ru; see ja:420.5h" in err
    _, out, err = run(search_cache, "search", "--doc", "ja", "deathtouch")
    nowhere = "'deathtouch' is in none of the rules documents (ru, ja, sr)"
    assert f"{nowhere}; searched for the nearest: ja: 致死ダメージ" in err
    assert out


def test_no_results(search_cache: Path) -> None:
    code, out, err = run(search_cache, "search", "qqqqxxzz")
    assert code == 0 and out == ""
    assert "no results" in err


def test_bad_document_is_refused(search_cache: Path) -> None:
    code, _, err = run(search_cache, "search", "--doc", "xx", "мана")
    assert code == 2 and "xx" in err


def test_index_build_reports_progress(tmp_path: Path) -> None:
    code, out, err = run(tmp_path, "index", "build")
    assert code == 0, err
    assert "indexing" in err
    assert out.startswith("indexed ") and str(tmp_path) in out
    names = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("index-"))
    assert len(names) == 2 and names[1] == f"{names[0].rsplit('-', 1)[0]}.live"  # one build, its pointer
    stores = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("lookup-"))
    assert len(stores) == 2 and stores[1] == f"{stores[0]}.crc"  # the lookup store of show, its checksum


def test_show_does_not_import_whoosh() -> None:
    script = (
        "import sys; from click.testing import CliRunner; from ruling.cli import cli; "
        "r = CliRunner().invoke(cli, ['show', 'ru:502.9b']); assert r.exit_code == 0, r.output; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('whoosh', 'pykakasi')))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_empty_query_is_refused_before_any_build(tmp_path: Path) -> None:
    code, _, err = run(tmp_path, "search", "  ")
    assert code == 1 and "empty" in err
    assert list(tmp_path.iterdir()) == []


def _fast(cache: Path, *args: str) -> tuple[int, str, str]:
    return run_launch(CORPUS, cache, *args)


@pytest.mark.parametrize(
    "args",
    [
        ["пробивающий", "удар"],
        ["--doc", "ru", "--limit", "2", "регенирация"],
        ["--json", "--doc=ja", "exile"],
        ["--glossary", "--limit=3", "мана"],
        ["ja:５０２．９ｂ"],
        ["qqqqxxzz"],
        ["--json", "qqqqxxzz"],
        ["  "],
        ["--doc", "xx", "мана"],
        ["--limit", "0", "мана"],
        ["--aligned", "--doc", "sr", "regeneracija"],
        ["--", "--doc", "trample"],
        ["--doc", "ru", "vigilance"],
    ],
)
def test_the_fast_start_prints_what_the_click_command_prints(search_cache: Path, args: list[str]) -> None:
    assert _fast(search_cache, "search", *args) == run(search_cache, "search", *args)


def test_the_fast_start_leaves_a_build_to_the_click_command(tmp_path: Path) -> None:
    code, out, err = _fast(tmp_path, "search", "--limit", "1", "trample")
    assert code == 0 and "first use" in err and "indexing" in err
    assert out.startswith("ja:glossary/") or out.startswith("ru:") or out.startswith("sr:")


def test_a_note_says_which_era_words_a_today_s_word_was_searched_as_only_when_they_differ(
    search_cache: Path,
) -> None:
    _, _, err = run(search_cache, "search", "exile", "--doc", "ru", "--limit", "1")
    assert "today's word 'exile' searched as the era's: ru: удалить из игры" in err
    _, _, err = run(search_cache, "search", "стек", "--doc", "ru", "--limit", "1")
    assert "today's word" not in err
    # a word the era's documents use too is no word of today: it is also searched as its concept's others
    _, _, err = run(search_cache, "search", "сколько карт в руке", "--limit", "1")
    assert "'карт' also searched as: ja: カード; sr: karata" in err.splitlines()
    assert "today's word" not in err


def test_a_number_that_names_no_rule_is_said_with_the_rule_shown(search_cache: Path) -> None:
    code, out, err = run(search_cache, "search", "502.9z", "--doc", "all")
    assert code == 0 and out.splitlines()[0].startswith("ru:502.9 ")
    assert "no rule 502.9z in ru, ja, wiki; showing ru:502.9, ja:502.9" in err.splitlines()
    code, out, err = run(search_cache, "search", "999.9", "--doc", "ru")
    assert code == 0 and out == ""
    assert err.splitlines()[-2:] == ["no rule 999.9 in ru", "no results"]
