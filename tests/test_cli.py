"""The ruling command: JSON contracts, forgiving ids, and errors that are messages, not tracebacks."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from ruling.cli import cli
from ruling.corpus.export import entry_json, rule_json
from ruling.corpus.load import Corpus
from ruling.corpus.model import Rule
from ruling.search.entries import Entry, corpus_entries

REPO = Path(__file__).resolve().parents[1]
CORPUS = str(REPO / "rules_corpus")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["--corpus", CORPUS, *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (["ru:502.9b"], "ru:502.9b"),
        (["502.9b", "--doc", "ru"], "ru:502.9b"),
        (["ja:５０２．９ｂ"], "ja:502.9b"),
        (["ｊａ：５０２．９ｂ"], "ja:502.9b"),  # a full-width colon too
        (["sr:d21.30"], "sr:D21.30"),
        (["ru:310.1с"], "ru:310.1c"),
    ],
)
def test_show_accepts_forgiving_ids(given: list[str], expected: str) -> None:
    code, out, _ = run("show", *given, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["id"] == expected
    assert set(data) >= {"id", "doc", "title", "text", "examples", "refs", "cited_by", "children", "source"}
    assert data["doc"] == expected.split(":")[0]


def test_show_json_links_both_ways() -> None:
    code, out, _ = run("show", "ru:214.8c", "--json")
    assert code == 0
    data = json.loads(out)
    assert "ru:420.5d" in data["refs"] and "ru:214.8g" in data["refs"]
    _, cited_out, _ = run("show", "ru:420.5d", "--json")
    assert "ru:214.8c" in json.loads(cited_out)["cited_by"]
    assert data["source"].startswith("ru-1999-comprehensive-rules.txt:")


def test_show_unknown_id_names_nearest() -> None:
    code, out, err = run("show", "ru:502.9z")
    assert code == 2
    assert out == ""
    assert "no rule ru:502.9z" in err and "ru:502.9" in err


def test_show_ambiguous_bare_id() -> None:
    code, _, err = run("show", "502.9b")
    assert code != 0
    assert "ru:502.9b" in err and "ja:502.9b" in err


def test_show_rejects_non_id() -> None:
    code, _, err = run("show", "hello")
    assert code == 1
    assert err.startswith("ruling: ") and "Traceback" not in err


def test_stats_json_contract() -> None:
    code, out, _ = run("corpus", "stats", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"ru", "ja", "sr", "guide", "wiki"}
    for row in data.values():
        assert {"sections", "rules", "examples", "glossary", "references", "resolved", "dangling"} <= set(row)
        assert row["resolved"] + row["dangling"] + row["suspect"] == row["references"]
    assert data["ru"]["sections"] == 63


def test_check_strict_passes_on_reviewed_corpus() -> None:
    code, out, _ = run("corpus", "check", "--strict")
    assert code == 0, out[-2000:]
    assert "0 not reviewed" in out


def test_export_is_deterministic(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    assert run("corpus", "export", str(first))[0] == 0
    assert run("corpus", "export", str(second))[0] == 0
    names = sorted(p.name for p in first.iterdir())
    documents = ["guide.json", "ja.json", "manifest.json", "ru.json", "sr.json", "wiki.json"]
    assert names == ["concordance.json", *documents]
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes()
    ru = json.loads((first / "ru.json").read_text(encoding="utf-8"))
    assert ru["info"]["code"] == "ru"
    assert any(r["id"] == "ru:502.9b" for r in ru["rules"])


def test_broken_manifest_is_a_clean_error(tmp_path: Path) -> None:
    (tmp_path / "manifest.toml").write_text('[[document]]\ncode = "ru"\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["--corpus", str(tmp_path), "corpus", "stats"])
    assert result.exit_code == 1
    assert "lacks the field 'file'" in result.stderr
    assert "Traceback" not in result.stderr


def test_missing_corpus_is_a_clean_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["--corpus", str(tmp_path / "nowhere"), "show", "ru:100.1"])
    assert result.exit_code == 1
    assert "no rules corpus found" in result.stderr


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def test_export_refuses_a_folder_holding_other_files(tmp_path: Path) -> None:
    target = tmp_path / "site"
    target.mkdir()
    (target / "notes.txt").write_text("my notes", encoding="utf-8")
    code, out, err = run("corpus", "export", str(target))
    assert code == 1 and out == ""
    assert err.startswith(f"ruling: {target}: ") and "not empty" in err
    assert (target / "notes.txt").read_text(encoding="utf-8") == "my notes"
    assert _leftovers(tmp_path) == []


def test_export_replaces_an_earlier_export_but_not_added_files(tmp_path: Path) -> None:
    target = tmp_path / "export"
    assert run("corpus", "export", str(target))[0] == 0
    assert run("corpus", "export", str(target))[0] == 0
    (target / "notes.txt").write_text("mine", encoding="utf-8")
    code, _, err = run("corpus", "export", str(target))
    assert code == 1 and "not part of the export: notes.txt" in err
    assert (target / "notes.txt").is_file() and (target / "ru.json").is_file()
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("given", [".", "..", "sub/.."])
def test_export_refuses_the_working_folder_and_its_parents(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, given: str
) -> None:
    work = tmp_path / "work"
    (work / "sub").mkdir(parents=True)
    monkeypatch.chdir(work)
    code, _, err = run("corpus", "export", given)
    assert code == 1 and "working folder" in err and "Traceback" not in err
    assert sorted(p.name for p in work.iterdir()) == ["sub"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["work"]


def test_export_refuses_the_corpus_and_what_holds_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    holder, copy = tmp_path / "holder", tmp_path / "holder" / "corpus"
    shutil.copytree(CORPUS, copy)  # a copy, so that a regression destroys nothing of the checkout
    (tmp_path / "work").mkdir()
    monkeypatch.chdir(tmp_path / "work")
    for target in (copy, holder, copy / "out"):
        result = CliRunner().invoke(cli, ["--corpus", str(copy), "corpus", "export", str(target)])
        assert result.exit_code == 1 and "will not write into the corpus" in result.stderr
    assert sorted(p.name for p in holder.iterdir()) == ["corpus"]
    assert (copy / "manifest.toml").is_file() and not (copy / "out").exists()


def test_export_to_an_impossible_path_is_a_clean_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    code, _, err = run("corpus", "export", str(blocker / "out"))
    assert code == 1 and err.startswith(f"ruling: {blocker / 'out'}: cannot write the export")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_check_strict_fails_on_a_changed_source(tmp_path: Path) -> None:
    copy = tmp_path / "corpus"
    shutil.copytree(CORPUS, copy)
    source = copy / "ru-wiki-enchantment.txt"
    source.write_bytes(source.read_bytes() + "лишняя строка\n".encode())
    result = CliRunner().invoke(cli, ["--corpus", str(copy), "corpus", "check", "--strict"])
    assert result.exit_code == 1
    assert f"{source}: the file has changed" in result.stderr and "sha256" in result.stderr


@pytest.mark.parametrize(
    ("given", "code"),
    [
        (["ru:502.9z"], 2),  # well-formed, names nothing
        (["ja:glossary/無い言葉"], 2),
        (["passage/999", "--doc", "guide"], 2),
        (["hello"], 1),  # malformed
        (["ru:"], 1),
        (["xx:502.9b"], 1),
        (["502.9b"], 1),  # ambiguous: name a document
        (["ru:502.9b", "--doc", "ja"], 1),  # two documents named
        (["ja:glossary/個別エンチャント", "--doc", "ru"], 1),
    ],
)
def test_show_exit_codes(given: list[str], code: int) -> None:
    got, out, err = run("show", *given)
    assert (got, out) == (code, "")
    assert err.startswith("ruling: ") and err.count("\n") == 1


def test_show_names_the_missing_rule_number() -> None:
    _, _, err = run("show", "ru:")
    assert "no rule: write it as ru:502.9b" in err and "ru:ru:" not in err


def test_show_takes_back_the_keys_it_prints() -> None:
    _, out, _ = run("show", "ja:420.5", "--json")
    cited_by = json.loads(out)["cited_by"]
    assert "ja:glossary/個別エンチャント" in cited_by
    for key in cited_by:
        code, shown, _ = run("show", key, "--json")
        assert code == 0 and json.loads(shown)["id"] == key


def test_show_takes_every_kind_of_key_search_returns(corpus: Corpus) -> None:
    first_of: dict[tuple[str, str], Entry] = {}
    for entry in corpus_entries(corpus):
        assert entry.key in corpus.nodes
        first_of.setdefault((entry.doc, entry.kind), entry)
    assert {kind for _, kind in first_of} == {"rule", "glossary", "index", "passage"}
    for entry in first_of.values():
        code, out, _ = run("show", entry.key, "--json")
        node = corpus.nodes[entry.key]
        expected = rule_json(corpus, node) if isinstance(node, Rule) else entry_json(corpus, node)
        assert code == 0
        data = json.loads(out)
        assert data["id"] == entry.key
        if not isinstance(node, Rule):
            assert data == expected  # exactly the export's object
        else:
            assert set(data) == set(expected)


def test_show_prints_a_glossary_entry() -> None:
    code, out, _ = run("show", "ja:glossary/個別エンチャント")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == "ja:glossary/個別エンチャント  個別エンチャント (Local Enchantment)"
    assert "cites: ja:212.4, ja:420.5" in lines
    assert lines[-1] == "source: ja-2004-comprehensive-rules.txt:2197-2201"


@pytest.mark.parametrize("args", [["-h"], ["scenario", "run", "-h"], ["corpus", "export", "-h"]])
def test_short_help_option(args: list[str]) -> None:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0 and result.stdout.startswith("Usage: ")
    assert CliRunner().invoke(cli, [*args[:-1], "--help"]).stdout == result.stdout


def test_no_color_is_honoured() -> None:
    coloured = CliRunner().invoke(cli, ["--corpus", CORPUS, "show", "ru:502.9b"], color=True)
    assert "\x1b[" in coloured.stdout
    plain = CliRunner(env={"NO_COLOR": "1"}).invoke(
        cli, ["--corpus", CORPUS, "show", "ru:502.9b"], color=True
    )
    assert plain.exit_code == 0 and "\x1b[" not in plain.stdout and "ru:502.9b" in plain.stdout


def test_export_json_says_what_where_and_how_long(tmp_path: Path) -> None:
    code, out, _ = run("corpus", "export", str(tmp_path / "out"), "--json")
    data = json.loads(out)
    assert code == 0 and data["folder"] == str(tmp_path / "out") and data["seconds"] >= 0
    assert {f["name"]: f["bytes"] for f in data["files"]} == {
        p.name: p.stat().st_size for p in (tmp_path / "out").iterdir()
    }


def test_index_build_json_reports_the_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    built = tmp_path / "index-x"
    store = tmp_path / "lookup-x.sqlite"

    store = tmp_path / "lookup-x.sqlite"

    def build_all(folder: Path, prepared: object, progress: object) -> tuple[Path, Path]:
        built.mkdir()
        (built / "segment").write_bytes(b"x" * 10)
        return built, store

    monkeypatch.setattr("ruling.search.index.build_all", build_all)
    monkeypatch.setattr(
        "ruling.search.index.prepare", lambda folder: SimpleNamespace(entries=["a", "b", "c"])
    )
    code, out, _ = run("index", "build", "--json")
    data = json.loads(out)
    assert code == 0 and (data["folder"], data["entries"], data["bytes"]) == (str(built), 3, 10)
    assert data["store"] == str(store)


def test_progress_shows_after_a_second_then_once_a_second(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from ruling import cli as cli_module

    clock = iter([100.0, 100.5, 101.2, 101.4, 102.3, 102.4])
    monkeypatch.setattr(cli_module.time, "monotonic", lambda: next(clock))
    progress = cli_module._Progress("runs")
    for done in range(1, 7):
        progress(done, 6)
    progress.close()
    assert capsys.readouterr().err.splitlines() == ["runs: 3/6 (1 s)", "runs: 5/6 (2 s)", "runs: 6/6 (2 s)"]
