"""`ruling site build` at the command line: what it prints, and a refusal as one line with its exit code."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from ruling.cli import cli
from tests.sitegen.conftest import SMALL_CORPUS, SMALL_SCENARIOS


def test_site_build_prints_what_it_wrote(tmp_path: Path) -> None:
    target = tmp_path / "out"
    args = ["--corpus", str(SMALL_CORPUS), "site", "build", str(target), "--scenarios", str(SMALL_SCENARIOS)]
    result = CliRunner().invoke(cli, [*args, "--base-url", "https://rules.example/site/"])
    assert result.exit_code == 0, result.output
    assert "pages" in result.stdout and "none broken" in result.stdout
    assert "time:" in result.stderr and "link check" in result.stderr
    page = (target / "ru" / "502.html").read_text(encoding="utf-8")
    assert '<link rel="canonical" href="https://rules.example/site/ru/502.html">' in page
    sitemap = (target / "sitemap.xml").read_text(encoding="utf-8")
    assert "<loc>https://rules.example/site/ru/502.html</loc>" in sitemap


def test_site_build_refuses_a_folder_of_other_files(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("mine", encoding="utf-8")
    result = CliRunner().invoke(cli, ["--corpus", str(SMALL_CORPUS), "site", "build", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stderr.startswith("ruling: ") and "holds no ruling site" in result.stderr
    assert "Traceback" not in result.output
    assert (tmp_path / "keep.txt").exists()
