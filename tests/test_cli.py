"""The ruling command: JSON contracts, forgiving ids, and errors that are messages, not tracebacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruling.cli import cli

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
