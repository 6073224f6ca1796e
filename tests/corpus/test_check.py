"""corpus check: problems are matched against the reviewed lists by document, line and code."""

from __future__ import annotations

from pathlib import Path

import pytest

from ruling.corpus.check import check_corpus, read_known
from ruling.corpus.load import Corpus
from ruling.corpus.model import Document, DocumentInfo, Problem, Span
from ruling.errors import CorpusError


def write_known(folder: Path, text: str) -> None:
    (folder / "reviewed").mkdir(exist_ok=True)
    (folder / "reviewed" / "ru-known-problems.tsv").write_text(text, encoding="utf-8")


def test_read_known_skips_comments_and_blank_lines(tmp_path: Path) -> None:
    write_known(tmp_path, "# line\tcode\tcomment\n\n12\tdangling-reference\twhy\n")
    assert read_known(tmp_path, "ru") == {(12, "dangling-reference")}
    assert read_known(tmp_path, "ja") == set()


def test_malformed_row_names_file_and_line(tmp_path: Path) -> None:
    write_known(tmp_path, "12\tok\n\nline-twelve\tcode\n")
    with pytest.raises(CorpusError, match=r"ru-known-problems\.tsv:3: expected"):
        read_known(tmp_path, "ru")


def test_problems_are_marked_known_by_line_and_code(tmp_path: Path) -> None:
    write_known(tmp_path, "3\tduplicate-id\treviewed\n")
    info = DocumentInfo("ru", "f.txt", "ru", "T", "", "rules", "", "")
    problems = (
        Problem(Span("f.txt", 3, 3), "duplicate-id", "again"),
        Problem(Span("f.txt", 3, 3), "unplaced-line", "same line, other code"),
        Problem(Span("f.txt", 4, 4), "duplicate-id", "other line"),
    )
    corpus = Corpus(tmp_path, {"ru": Document(info, problems=problems)})
    assert [c.known for c in check_corpus(corpus)] == [True, False, False]
