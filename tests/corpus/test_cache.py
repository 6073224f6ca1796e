"""The parsed corpus in the per-user cache: reused while valid, ignored and rewritten when damaged."""

from __future__ import annotations

import hashlib
import json
import logging
import os
import pickle
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruling.cli import cli
from ruling.corpus import cache as corpus_cache
from ruling.corpus.load import Corpus

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "rules_corpus"


@pytest.fixture
def cache_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("RULING_CACHE", str(tmp_path))
    return tmp_path


def fail_to_parse(*args: object, **kwargs: object) -> Corpus:
    raise AssertionError("the corpus was parsed although the cache holds it")


def test_second_load_comes_from_the_cache(cache_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = corpus_cache.load_corpus_cached(CORPUS)
    (cached,) = cache_folder.glob("corpus-*.pickle")
    monkeypatch.setattr(corpus_cache, "load_corpus", fail_to_parse)
    second = corpus_cache.load_corpus_cached(CORPUS)
    assert second.documents == first.documents
    assert second.resolve("ru:502.9b").text == first.resolve("ru:502.9b").text
    assert corpus_cache.corpus_cache_file(CORPUS) == cached


def test_damaged_cache_is_parsed_again_and_rewritten(cache_folder: Path) -> None:
    corpus_cache.load_corpus_cached(CORPUS)
    path = corpus_cache.corpus_cache_file(CORPUS)
    good = path.read_bytes()
    path.write_bytes(good[: len(good) // 2])
    corpus = corpus_cache.load_corpus_cached(CORPUS)
    assert corpus.resolve("sr:D21.30").key == "sr:D21.30"
    assert path.read_bytes() == good


def test_changed_corpus_gets_another_cache_file(cache_folder: Path, tmp_path: Path) -> None:
    copy = tmp_path / "corpus"
    copy.mkdir()
    shutil.copytree(CORPUS, copy, dirs_exist_ok=True)
    assert corpus_cache.corpus_cache_file(copy) == corpus_cache.corpus_cache_file(CORPUS)
    reviewed = copy / "reviewed" / "ru-suspect-references.tsv"
    reviewed.write_text(reviewed.read_text(encoding="utf-8") + "# reviewed again\n", encoding="utf-8")
    after_review = corpus_cache.corpus_cache_file(copy)
    assert after_review != corpus_cache.corpus_cache_file(CORPUS)
    manifest = copy / "manifest.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert corpus_cache.corpus_cache_file(copy) not in {after_review, corpus_cache.corpus_cache_file(CORPUS)}


def test_unwritable_cache_still_loads(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("RULING_CACHE", str(blocker / "cache"))
    assert corpus_cache.load_corpus_cached(CORPUS).resolve("ja:420.5e").doc == "ja"


def test_failed_cache_write_leaves_no_temporary_file(
    cache_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    assert corpus_cache.load_corpus_cached(CORPUS).resolve("ru:502.9b").doc == "ru"
    assert list(cache_folder.iterdir()) == []


def _flip(data: bytes, at: int) -> bytes:
    return data[:at] + bytes([data[at] ^ 0x10]) + data[at + 1 :]


def _good_checksum(payload: bytes) -> bytes:
    return corpus_cache.MAGIC + payload + hashlib.sha256(payload).digest()


DAMAGE: dict[str, Callable[[Path, bytes], None]] = {
    "truncated": lambda p, good: p.write_bytes(good[: len(good) // 3]),
    "empty": lambda p, good: p.write_bytes(b""),
    "bit-flip-payload": lambda p, good: p.write_bytes(_flip(good, len(good) // 2)),
    "bit-flip-header": lambda p, good: p.write_bytes(_flip(good, 2)),
    "bit-flip-checksum": lambda p, good: p.write_bytes(_flip(good, len(good) - 1)),
    "bit-flip-pickle-opcode": lambda p, good: p.write_bytes(_flip(good, len(corpus_cache.MAGIC) + 1)),
    "same-size-garbage": lambda p, good: p.write_bytes(os.urandom(len(good))),
    "old-format-pickle": lambda p, good: p.write_bytes(good[len(corpus_cache.MAGIC) : -32]),
    "valid-checksum-bad-pickle": lambda p, good: p.write_bytes(_good_checksum(b"\x80\x05\x95garbage")),
    "valid-checksum-huge-length": lambda p, good: p.write_bytes(
        _good_checksum(b"\x80\x05\x8e" + b"\xff" * 8)
    ),
    "valid-checksum-other-object": lambda p, good: p.write_bytes(_good_checksum(pickle.dumps([1, 2]))),
    "folder": lambda p, good: (p.unlink(), p.mkdir(), (p / "x").write_text("x")),
    "link-to-dev-zero": lambda p, good: (p.unlink(), p.symlink_to("/dev/zero")),
    "dangling-link": lambda p, good: (p.unlink(), p.symlink_to(p.parent / "nowhere")),
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_any_damage_is_reported_once_and_healed(
    cache_folder: Path, caplog: pytest.LogCaptureFixture, damage: str
) -> None:
    corpus_cache.load_corpus_cached(CORPUS)
    path = corpus_cache.corpus_cache_file(CORPUS)
    good = path.read_bytes()
    DAMAGE[damage](path, good)
    with caplog.at_level(logging.WARNING, logger="ruling"):
        corpus = corpus_cache.load_corpus_cached(CORPUS)
        again = corpus_cache.load_corpus_cached(CORPUS)
    assert corpus.resolve("ru:502.9b").text == again.resolve("ru:502.9b").text != ""
    messages = [r.getMessage() for r in caplog.records]
    if damage == "dangling-link":  # a missing file is no damage: it is written, silently
        assert messages == []
    else:
        assert len(messages) == 1 and f"corpus cache {path} is damaged (" in messages[0]
    assert path.is_file() and not path.is_symlink() and path.read_bytes() == good


def test_damage_gives_one_line_on_stderr_and_the_right_answer(cache_folder: Path) -> None:
    runner = CliRunner()  # xref reads the parsed corpus (show answers from its own lookup store)
    assert runner.invoke(cli, ["xref", "ru:502.9b", "--json"]).exit_code == 0
    path = corpus_cache.corpus_cache_file(CORPUS)
    path.write_bytes(_flip(path.read_bytes(), path.stat().st_size // 2))
    result = runner.invoke(cli, ["xref", "ru:502.9b", "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["id"] == "ru:502.9b"
    assert result.stderr.count("\n") == 1 and "corpus cache" in result.stderr and "damaged" in result.stderr
    assert runner.invoke(cli, ["corpus", "stats"]).stderr == ""


def test_orphans_of_killed_writes_and_long_unused_caches_are_removed(cache_folder: Path) -> None:
    day = 24 * 3600
    old, fresh = time.time() - 40 * day, time.time()
    files = {
        ".corpus-aaaa.pickle.k1l2": (old, True),  # a write killed long ago
        ".corpus-aaaa.pickle.m3n4": (fresh, False),  # a write in progress
        "corpus-bbbb.pickle": (old, True),  # another corpus version nobody used for 40 days
        "corpus-cccc.pickle": (time.time() - 2 * day, False),
        "notes.txt": (old, False),
        "index-dddd.live": (old, False),
    }
    for name, (mtime, _) in files.items():
        (cache_folder / name).write_text("x")
        os.utime(cache_folder / name, (mtime, mtime))
    folder = cache_folder / ".corpus-eeee.pickle.folder"
    folder.mkdir()
    os.utime(folder, (old, old))
    outside = cache_folder.parent / "outside.txt"
    outside.write_text("keep")
    (cache_folder / ".corpus-ffff.pickle.link").symlink_to(outside)
    os.utime(cache_folder / ".corpus-ffff.pickle.link", (old, old), follow_symlinks=False)
    corpus_cache.load_corpus_cached(CORPUS)
    left = {p.name for p in cache_folder.iterdir()}
    assert left == {n for n, (_, gone) in files.items() if not gone} | {
        folder.name,
        ".corpus-ffff.pickle.link",
        corpus_cache.corpus_cache_file(CORPUS).name,
    }
    assert outside.read_text() == "keep"


def test_orphans_are_removed_by_a_load_that_writes_nothing(cache_folder: Path) -> None:
    corpus_cache.load_corpus_cached(CORPUS)
    orphan = cache_folder / ".corpus-aaaa.pickle.k1l2"
    orphan.write_bytes(b"half a write")
    os.utime(orphan, (time.time() - 3600, time.time() - 3600))
    written = corpus_cache.corpus_cache_file(CORPUS).stat().st_mtime_ns
    corpus_cache.load_corpus_cached(CORPUS)
    assert not orphan.exists() and corpus_cache.corpus_cache_file(CORPUS).stat().st_mtime_ns == written
