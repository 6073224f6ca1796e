"""Whole-folder and whole-file replacement: swapped whole, or left untouched with nothing left over."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from ruling.errors import SourceError
from ruling.fsutil import (
    VersionedFolder,
    read_text_file,
    replace_folder,
    write_bytes_atomic,
    write_text_atomic,
)


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


def test_failed_swap_restores_target_and_cleans_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "out"
    target.mkdir()
    (target / "old.txt").write_text("old")
    rename = os.replace

    def second_rename_fails(source: str | Path, destination: str | Path) -> None:
        if Path(source).name.startswith(".out.tmp-") and Path(destination) == target:
            raise OSError(39, "Directory not empty")
        rename(source, destination)

    with pytest.raises(OSError, match="not empty"), replace_folder(target) as work:
        (work / "new.txt").write_text("new")
        monkeypatch.setattr(os, "replace", second_rename_fails)
    assert sorted(p.name for p in target.iterdir()) == ["old.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_write_text_atomic(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "f.txt"
    write_text_atomic(path, "один\n")
    assert path.read_bytes() == "один\n".encode()
    assert [p.name for p in path.parent.iterdir()] == ["f.txt"]


def test_write_bytes_atomic_replaces_or_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "f.bin"
    write_bytes_atomic(path, b"\x00first")
    write_bytes_atomic(path, b"\x01second")
    assert path.read_bytes() == b"\x01second"

    def refuse(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError, match="No space"):
        write_bytes_atomic(path, b"third")
    assert path.read_bytes() == b"\x01second"
    assert [p.name for p in tmp_path.iterdir()] == ["f.bin"]


def test_versioned_folder_publishes_builds(tmp_path: Path) -> None:
    versions = VersionedFolder(tmp_path, "index-k")
    assert versions.live() is None
    with versions.build() as first:
        (first / "data").write_text("1")
    assert versions.live() is None  # nothing reads a build before it is published
    versions.publish(first)
    with versions.build() as second:
        (second / "data").write_text("2")
    assert versions.live() == first
    versions.publish(second)
    assert versions.live() == second and (first / "data").read_text() == "1"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([first.name, second.name, "index-k.live"])


def test_versioned_folder_removes_a_failed_build(tmp_path: Path) -> None:
    versions = VersionedFolder(tmp_path, "index-k")
    with pytest.raises(RuntimeError), versions.build() as work:
        (work / "half").write_text("half")
        raise RuntimeError("killed")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("content", ["../elsewhere", "other-abc", "", "index-k-/x"])
def test_versioned_folder_ignores_a_foreign_pointer(tmp_path: Path, content: str) -> None:
    versions = VersionedFolder(tmp_path, "index-k")
    versions.pointer.write_text(content)
    assert versions.live() is None


def test_stale_builds_are_removed_only_long_after_they_were_superseded(tmp_path: Path) -> None:
    versions = VersionedFolder(tmp_path, "index-k")
    hour_ago = time.time() - 3600
    folders = []
    for _ in range(3):
        with versions.build() as work:
            folders.append(work)
        os.utime(work, (hour_ago, hour_ago))
    abandoned, superseded, live = folders
    versions.publish(superseded)
    versions.publish(live)  # superseded was marked as superseded just now
    os.utime(live, (hour_ago, hour_ago))
    versions.remove_stale(older_than=600)
    assert not abandoned.exists()
    assert superseded.is_dir() and live.is_dir()


def test_replace_folder_discards_by_name_and_keeps_anything_else(tmp_path: Path) -> None:
    target = tmp_path / "out"
    target.mkdir()
    (target / "a.json").write_text("old", encoding="utf-8")

    def discard(old: Path) -> None:
        (old / "a.json").unlink()
        (old / "late.txt").write_text("appeared meanwhile", encoding="utf-8")  # not named: it must stay

    with replace_folder(target, discard) as work:
        (work / "a.json").write_text("new", encoding="utf-8")
    assert (target / "a.json").read_text(encoding="utf-8") == "new"
    (kept,) = tmp_path.glob(".out.old-*/previous/late.txt")
    assert kept.read_text(encoding="utf-8") == "appeared meanwhile"


def test_read_text_file_names_what_is_wrong(tmp_path: Path) -> None:
    (tmp_path / "bad.txt").write_bytes(b"one\ntwo \xe9\n")
    with pytest.raises(SourceError, match=r"bad\.txt:2: expected UTF-8 text, got byte 0xe9"):
        read_text_file(tmp_path / "bad.txt", 100)
    with pytest.raises(SourceError, match="expected a file of at most 4 bytes"):
        read_text_file(tmp_path / "bad.txt", 4)
    with pytest.raises(SourceError, match="expected a regular file"):
        read_text_file(Path("/dev/zero"), 100)
    with pytest.raises(SourceError, match="cannot read the file"):
        read_text_file(tmp_path / "absent.txt", 100)
