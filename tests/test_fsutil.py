"""replace_folder: the target is swapped whole, or left untouched on failure."""

from __future__ import annotations

from pathlib import Path

import pytest

from ruling.fsutil import replace_folder, write_text_atomic


def test_replaces_whole_folder(tmp_path: Path) -> None:
    target = tmp_path / "out"
    target.mkdir()
    (target / "old.txt").write_text("old")
    with replace_folder(target) as work:
        (work / "new.txt").write_text("new")
        assert (target / "old.txt").exists()  # the old folder stays until the swap
    assert sorted(p.name for p in target.iterdir()) == ["new.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_failure_leaves_target_untouched(tmp_path: Path) -> None:
    target = tmp_path / "out"
    target.mkdir()
    (target / "old.txt").write_text("old")
    with pytest.raises(RuntimeError), replace_folder(target) as work:
        (work / "half.txt").write_text("half")
        raise RuntimeError("crash mid-write")
    assert sorted(p.name for p in target.iterdir()) == ["old.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_write_text_atomic(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "f.txt"
    write_text_atomic(path, "один")
    assert path.read_text(encoding="utf-8") == "один"
    assert [p.name for p in path.parent.iterdir()] == ["f.txt"]
