"""The cached index: its key, the atomic build, damaged-index detection and recovery."""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from ruling.cache import cache_root
from ruling.search import index as index_module
from ruling.search import query as query_module
from ruling.search.entries import Entry
from ruling.search.index import (
    MARKER,
    build_index,
    check_index,
    index_folder,
    index_key,
    open_index,
)
from ruling.search.query import search, search_corpus

from .conftest import CORPUS

ENTRIES = [
    Entry("ru:502.9", "ru", "rule", "ru", "Пробивающий удар", "Пробивающий удар.", "ru:502.9", ("Trample",)),
    Entry("ru:glossary/Жетон", "ru", "glossary", "ru", "Жетон", "Жетоны кладут на перманенты."),
    Entry("sr:D21.30", "sr", "rule", "sr", "", "Efekti stanja se proveravaju.", "sr:d21.30"),
    Entry("ja:502.9", "ja", "rule", "ja", "トランプル", "トランプルを持つ", "ja:502.9", ("Trample",)),
]


@pytest.fixture
def small_corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the corpus whose index holds ENTRIES only (parsing is replaced), cached under tmp_path."""
    folder = tmp_path / "corpus"
    shutil.copytree(CORPUS, folder)
    monkeypatch.setenv("RULING_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(index_module, "load_entries", lambda _folder: list(ENTRIES))
    return folder


def test_cache_root_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("RULING_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_root() == tmp_path / "xdg" / "ruling"
    monkeypatch.setenv("RULING_CACHE", str(tmp_path / "mine"))
    assert cache_root() == tmp_path / "mine"


def test_key_changes_with_the_corpus(small_corpus: Path) -> None:
    before = index_key(small_corpus)
    source = small_corpus / "ru-wiki-enchantment.txt"
    source.write_text(source.read_text(encoding="utf-8") + "\nновая строка\n", encoding="utf-8")
    assert index_key(small_corpus) != before


def test_first_use_builds_then_reuses(small_corpus: Path) -> None:
    messages: list[str] = []
    found = search_corpus(small_corpus, "trample", ("ru", "ja"), notify=messages.append)
    assert {hit.key for hit in found.hits} == {"ru:502.9", "ja:502.9"}
    assert len(messages) == 1 and "first use" in messages[0]
    search_corpus(small_corpus, "trample", notify=messages.append)
    assert len(messages) == 1
    assert check_index(index_folder(small_corpus), index_key(small_corpus)) is None


def test_rebuild_swaps_the_folder_whole(small_corpus: Path) -> None:
    folder = build_index(small_corpus, list(ENTRIES))
    build_index(small_corpus, list(ENTRIES[:2]))
    assert folder.is_dir() and (folder / MARKER).is_file()
    assert not [p for p in folder.parent.iterdir() if p.name.startswith(".")], "temporary folders left over"
    assert open_index(small_corpus).doc_count() == 2


def test_failed_build_leaves_the_old_index(small_corpus: Path) -> None:
    folder = build_index(small_corpus, list(ENTRIES))

    def broken(_count: int) -> None:
        raise RuntimeError("killed mid-build")

    with pytest.raises(RuntimeError):
        build_index(small_corpus, list(ENTRIES[:1]), progress=broken)
    assert check_index(folder, index_key(small_corpus)) is None
    assert open_index(small_corpus).doc_count() == len(ENTRIES)


def _truncate_segment(folder: Path) -> None:
    segment = max((p for p in folder.iterdir() if p.suffix == ".seg"), key=lambda p: p.stat().st_size)
    segment.write_bytes(segment.read_bytes()[:100])


def _zero_segment_middle(folder: Path) -> None:
    segment = max((p for p in folder.iterdir() if p.suffix == ".seg"), key=lambda p: p.stat().st_size)
    data = bytearray(segment.read_bytes())
    third = len(data) // 3
    data[third : 2 * third] = bytes(third)
    segment.write_bytes(bytes(data))


def _garble_toc(folder: Path) -> None:
    toc = next(p for p in folder.iterdir() if p.suffix == ".toc")
    toc.write_bytes(b"\0" * toc.stat().st_size)


def _drop_marker(folder: Path) -> None:
    (folder / MARKER).unlink()


def _flip_bits(path: Path) -> None:
    """Flips bits all over a file, keeping its size (as a bad disk or a bad copy does)."""
    data = bytearray(path.read_bytes())
    for offset in range(len(data) // 5, len(data), max(1, len(data) // 50)):
        data[offset] ^= 0x24
    path.write_bytes(bytes(data))


def _flip_segment(folder: Path) -> None:
    _flip_bits(max((p for p in folder.iterdir() if p.suffix == ".seg"), key=lambda p: p.stat().st_size))


def _flip_toc(folder: Path) -> None:
    _flip_bits(next(p for p in folder.iterdir() if p.suffix == ".toc"))


def _flip_lexicon(folder: Path) -> None:
    _flip_bits(folder / "lexicon.json")


def _truncate_bridge(folder: Path) -> None:
    path = folder / "terminology.json"
    path.write_bytes(path.read_bytes()[:10])


def _flip_store(folder: Path) -> None:
    _flip_bits(folder / "search.sqlite")


def _truncate_store(folder: Path) -> None:
    path = folder / "search.sqlite"
    path.write_bytes(path.read_bytes()[:4096])


def _flip_marker(folder: Path) -> None:
    _flip_bits(folder / MARKER)


@pytest.mark.parametrize(
    "damage",
    [
        _truncate_segment,
        _drop_marker,
        _flip_lexicon,
        _truncate_bridge,
        _flip_store,
        _truncate_store,
        _flip_marker,
    ],
)
def test_damaged_index_is_rebuilt_with_a_message(small_corpus: Path, damage: Callable[[Path], None]) -> None:
    folder = build_index(small_corpus, list(ENTRIES))
    damage(folder)
    messages: list[str] = []
    found = search_corpus(small_corpus, "жетон", ("ru",), notify=messages.append)
    assert [hit.key for hit in found.hits] == ["ru:glossary/Жетон"]
    assert len(messages) == 1 and "rebuilding" in messages[0]
    assert index_folder(small_corpus) != folder
    assert check_index(index_folder(small_corpus), index_key(small_corpus)) is None


@pytest.mark.parametrize("damage", [_zero_segment_middle, _garble_toc, _flip_segment, _flip_toc])
def test_damage_inside_whoosh_files_is_found_by_whoosh_readers(
    small_corpus: Path, damage: Callable[[Path], None]
) -> None:
    """A search reads the store, not whoosh's files: damage that keeps their size does not disturb it,
    and whoever opens whoosh (``open_index``) finds it and rebuilds."""
    folder = build_index(small_corpus, list(ENTRIES))
    damage(folder)
    messages: list[str] = []
    found = search_corpus(small_corpus, "жетон", ("ru",), notify=messages.append)
    assert [hit.key for hit in found.hits] == ["ru:glossary/Жетон"] and messages == []
    assert check_index(folder, index_key(small_corpus)) is not None  # every file checked whole
    assert open_index(small_corpus, notify=messages.append).doc_count() == len(ENTRIES)
    assert len(messages) == 1 and "rebuilding" in messages[0] and index_folder(small_corpus) != folder


def test_index_of_entries_answers_ids(small_corpus: Path) -> None:
    build_index(small_corpus, list(ENTRIES))
    assert [h.key for h in search(open_index(small_corpus), "d21.30").hits] == ["sr:D21.30"]


def test_build_that_lost_the_race_uses_the_winner(small_corpus: Path) -> None:
    built: list[Path] = []

    def another_process_builds_meanwhile(_count: int) -> None:
        if not built:
            built.append(build_index(small_corpus, list(ENTRIES)))

    loser = build_index(small_corpus, list(ENTRIES[:1]), progress=another_process_builds_meanwhile)
    assert loser == built[0] == index_folder(small_corpus)
    assert open_index(small_corpus).doc_count() == len(ENTRIES)
    assert len([p for p in small_corpus.parent.glob("cache/index-*") if p.is_dir()]) == 1


def test_reader_finds_a_whole_index_at_every_step_of_a_rebuild(
    small_corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build_index(small_corpus, list(ENTRIES))
    key = index_key(small_corpus)
    seen: list[str | None] = []
    rename = os.replace

    def rename_and_look(source: str | Path, target: str | Path) -> None:
        seen.append(check_index(index_folder(small_corpus), key))
        rename(source, target)
        seen.append(check_index(index_folder(small_corpus), key))

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", rename_and_look)
        build_index(small_corpus, list(ENTRIES[:2]))
    assert seen and set(seen) == {None}
    assert open_index(small_corpus).doc_count() == 2


def test_racing_builds_and_a_reader_all_succeed(small_corpus: Path) -> None:
    builders, rounds = 3, 4
    start = threading.Barrier(builders + 1)
    messages: list[str] = []
    errors: list[BaseException] = []

    def build() -> None:
        try:
            start.wait()
            for _ in range(rounds):
                build_index(small_corpus, list(ENTRIES))
        except BaseException as exc:
            errors.append(exc)

    build_index(small_corpus, list(ENTRIES))
    threads = [threading.Thread(target=build) for _ in range(builders)]
    for thread in threads:
        thread.start()
    start.wait()
    while any(thread.is_alive() for thread in threads):
        found = search_corpus(small_corpus, "жетон", ("ru",), notify=messages.append)
        assert [hit.key for hit in found.hits] == ["ru:glossary/Жетон"]
    for thread in threads:
        thread.join()
    assert errors == [] and messages == []
    assert check_index(index_folder(small_corpus), index_key(small_corpus)) is None


@pytest.mark.parametrize("bug", [KeyError("field"), ValueError("bad value"), IndexError("list index")])
def test_a_bug_in_the_search_is_raised_without_a_rebuild(
    small_corpus: Path, monkeypatch: pytest.MonkeyPatch, bug: Exception
) -> None:
    build_index(small_corpus, list(ENTRIES))
    live = index_folder(small_corpus)

    def broken(*args: object) -> None:
        raise bug

    monkeypatch.setattr(query_module, "build_query", broken)
    monkeypatch.setattr(index_module, "load_entries", lambda _folder: pytest.fail("the index was rebuilt"))
    messages: list[str] = []
    with pytest.raises(type(bug)):
        search_corpus(small_corpus, "жетон", ("ru",), notify=messages.append)
    assert messages == [] and index_folder(small_corpus) == live


def _build_in_another_process(corpus_folder: Path, cache: Path, rounds: int) -> int:
    os.environ["RULING_CACHE"] = str(cache)
    for _ in range(rounds):
        build_index(corpus_folder, list(ENTRIES))
    return rounds


def test_builds_in_other_processes_never_disturb_a_reader(small_corpus: Path) -> None:
    cache = cache_root()
    build_index(small_corpus, list(ENTRIES))
    messages: list[str] = []
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=2, mp_context=context) as pool:
        builds = [pool.submit(_build_in_another_process, small_corpus, cache, 5) for _ in range(2)]
        while not all(build.done() for build in builds):
            found = search_corpus(small_corpus, "жетон", ("ru",), notify=messages.append)
            assert [hit.key for hit in found.hits] == ["ru:glossary/Жетон"]
        assert [build.result() for build in builds] == [5, 5]
    assert messages == []
    assert check_index(index_folder(small_corpus), index_key(small_corpus)) is None


def test_a_pointer_replaced_by_a_folder_heals(small_corpus: Path) -> None:
    build_index(small_corpus, list(ENTRIES))
    pointer = cache_root() / f"index-{index_key(small_corpus)}.live"
    pointer.unlink()
    (pointer / "junk").mkdir(parents=True)
    messages: list[str] = []
    found = search_corpus(small_corpus, "жетон", ("ru",), notify=messages.append)
    assert [hit.key for hit in found.hits] == ["ru:glossary/Жетон"]
    assert len(messages) == 1 and pointer.is_file()


def test_prune_removes_killed_builds_and_unused_keys_only(small_corpus: Path) -> None:
    live = build_index(small_corpus, list(ENTRIES))
    key = index_key(small_corpus)
    root = cache_root()
    killed = root / f"index-{key}-killed"
    (killed / "half").mkdir(parents=True)
    running = root / f"index-{key}-running"
    running.mkdir()
    old_key, recent_key = "0" * 20, "1" * 20
    for other in (old_key, recent_key):
        (root / f"index-{other}-build").mkdir()
        (root / f"index-{other}.live").write_text(f"index-{other}-build\n", encoding="utf-8")
    now = time.time()
    for path in (killed, root / f"index-{old_key}-build", root / f"index-{old_key}.live"):
        os.utime(path, (now - 2 * index_module.UNUSED_AFTER, now - 2 * index_module.UNUSED_AFTER))
    removed = set(index_module.prune(key, now))
    assert removed == {killed, root / f"index-{old_key}-build", root / f"index-{old_key}.live"}
    assert live.is_dir() and running.is_dir()  # the live build, and a build still running
    assert (root / f"index-{recent_key}.live").is_file()  # another key read lately


def test_opening_marks_the_pointer_as_read(small_corpus: Path) -> None:
    build_index(small_corpus, list(ENTRIES))
    pointer = cache_root() / f"index-{index_key(small_corpus)}.live"
    os.utime(pointer, (1, 1))
    open_index(small_corpus)
    assert pointer.stat().st_mtime > 1


def test_first_use_reports_progress(small_corpus: Path) -> None:
    seen: list[tuple[int, int]] = []
    search_corpus(small_corpus, "жетон", ("ru",), progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (len(ENTRIES), len(ENTRIES))
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


def test_readings_are_kept_across_builds(small_corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build_index(small_corpus, list(ENTRIES))
    kept = json.loads((cache_root() / index_module.READINGS).read_text(encoding="utf-8"))
    assert kept == {"トランプル": "トランプル"}

    def no_kakasi(text: str) -> str:
        raise AssertionError(f"pykakasi loaded again for {text!r}")

    monkeypatch.setattr(index_module, "japanese_reading", no_kakasi)
    build_index(small_corpus, list(ENTRIES))


def test_the_key_is_remembered_by_file_stamps(small_corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    key = index_module.known_index_key(small_corpus)
    assert key == index_key(small_corpus)
    with monkeypatch.context() as patch:
        patch.setattr(index_module, "index_key", lambda _folder: pytest.fail("the key was computed again"))
        assert index_module.known_index_key(small_corpus) == key
    source = small_corpus / "ru-wiki-enchantment.txt"
    source.write_text(source.read_text(encoding="utf-8") + "\nновая строка\n", encoding="utf-8")
    assert index_module.known_index_key(small_corpus) == index_key(small_corpus) != key
    (cache_root() / index_module.KEYS).write_text("{garbage", encoding="utf-8")
    assert index_module.known_index_key(small_corpus) == index_key(small_corpus)  # a damaged memo is a miss
