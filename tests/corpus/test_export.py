"""An export replaces only an earlier export: it removes the files an export writes, by name, and nothing a
forged or edited manifest.json lists."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruling.corpus.export import MANIFEST_FILE, check_export_target, export_corpus, export_names
from ruling.corpus.load import Corpus
from ruling.errors import OutputError
from tests.conftest import REPO

CORPUS = REPO / "rules_corpus"
NAMES = {"ru.json", "ja.json", "sr.json", "guide.json", "wiki.json", "concordance.json", MANIFEST_FILE}


def _manifest(folder: Path, files: list[str]) -> None:
    folder.mkdir(exist_ok=True)
    (folder / MANIFEST_FILE).write_text(json.dumps({"format": 1, "files": files}), encoding="utf-8")


def test_export_names_are_the_files_an_export_writes(corpus: Corpus) -> None:
    assert export_names(corpus) == NAMES


@pytest.mark.parametrize(
    ("make", "named"),
    [
        (lambda f: (f / "thesis.docx").write_text("years of work"), "thesis.docx"),
        (lambda f: (f / "photos").mkdir(), "photos"),
        (lambda f: ((f / "ru.json").mkdir(), (f / "ru.json" / "inner.txt").write_text("x")), "ru.json"),
        (lambda f: (f / "ja.json").symlink_to(f.parent / "outside.txt"), "ja.json"),
    ],
    ids=["listed-file", "listed-folder", "folder-with-an-export-name", "link-with-an-export-name"],
)
def test_a_manifest_that_looks_like_an_export_is_not_trusted(
    tmp_path: Path, make: object, named: str
) -> None:
    folder = tmp_path / "target"
    (tmp_path / "outside.txt").write_text("keep", encoding="utf-8")
    _manifest(folder, ["ru.json", "thesis.docx", "photos", "ja.json"])
    (folder / "sr.json").write_text("{}", encoding="utf-8")
    make(folder)  # type: ignore[operator]
    before = sorted(p.name for p in folder.iterdir())
    with pytest.raises(OutputError, match=f"not part of the export: .*{named}"):
        check_export_target(folder, CORPUS, NAMES)
    assert sorted(p.name for p in folder.iterdir()) == before
    assert (tmp_path / "outside.txt").read_text(encoding="utf-8") == "keep"


def test_an_earlier_export_is_replaced_whole(corpus: Corpus, tmp_path: Path) -> None:
    folder = tmp_path / "export"
    export_corpus(corpus, folder)
    (folder / "wiki.json").unlink()  # an earlier export of fewer documents
    manifest = json.loads((folder / MANIFEST_FILE).read_text(encoding="utf-8"))
    manifest["files"].remove("wiki.json")
    (folder / MANIFEST_FILE).write_text(json.dumps(manifest), encoding="utf-8")
    written = export_corpus(corpus, folder)
    assert sorted(p.name for p in folder.iterdir()) == sorted(NAMES) == sorted(p.name for p in written)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["export"]
