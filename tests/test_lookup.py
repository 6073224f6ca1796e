"""The lookup store of ``ruling show``: lookups, nearest ids in number, the fast start path, damage."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruling.cli import cli
from ruling.errors import AmbiguousReferenceError, RuleIdError, UnknownRuleError
from ruling.lookup import Store, build_store, open_store, read_show_words, show_node, store_path
from tests.console import run_launch

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / "rules_corpus"


@pytest.fixture(scope="module")
def store_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    cache = tmp_path_factory.mktemp("lookup-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RULING_CACHE", str(cache))
        build_store(CORPUS)
    return cache


@pytest.fixture
def store(store_cache: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    monkeypatch.setenv("RULING_CACHE", str(store_cache))
    return open_store(CORPUS)


@pytest.mark.parametrize(
    ("words", "doc", "expected"),
    [
        (["ru", "502.9b"], None, ("502.9b", "ru")),
        (["ru:", "502.9b"], None, ("502.9b", "ru")),
        (["ru:502.9b"], None, ("ru:502.9b", None)),
        (["502,9b"], "ru", ("502,9b", "ru")),
        (["glossary/Жетон"], "ru", ("glossary/Жетон", "ru")),
        # the words and marks that announce a number, as search reads them
        (["правило", "502.9b"], "ru", ("502.9b", "ru")),
        (["rule", "502.9b"], None, ("502.9b", None)),
        (["ru", "правило", "502.9b"], None, ("502.9b", "ru")),
        (["п.", "217.6"], "ru", ("217.6", "ru")),
        (["pravilo", "E3.100"], None, ("E3.100", None)),
        (["§409"], "ru", ("409", "ru")),
        (["§", "409"], "ru", ("409", "ru")),
        (["第502.7e項"], "ja", ("502.7e", "ja")),
        (["ルール５０２．９ｂ"], "ja", ("502.9b", "ja")),
        # a key's own words stay, marks and all
        (["ru:index/Золотое", "правило"], None, ("ru:index/Золотое правило", None)),
        (["ja:glossary/事項"], None, ("ja:glossary/事項", None)),
    ],
)
def test_show_words(words: list[str], doc: str | None, expected: tuple[str, str | None]) -> None:
    assert read_show_words(words, doc) == expected


def test_show_words_refuse_two_documents() -> None:
    with pytest.raises(RuleIdError):
        read_show_words(["ru", "502.9b"], "ja")


@pytest.mark.parametrize(
    ("text", "doc", "key"),
    [
        ("ru:502.9b", None, "ru:502.9b"),
        ("502,9b", "ru", "ru:502.9b"),
        ("sr:Е3.102", None, "sr:E3.102"),  # Serbian Cyrillic Е
        ("ja:５０２．９ｂ", None, "ja:502.9b"),
        ("ja：502.9b", None, "ja:502.9b"),  # a full-width colon
        ("ja：glossary/トランプル", None, "ja:glossary/トランプル"),
        ("D21.30", None, "sr:D21.30"),  # a bare id of one document only
        ("ja:glossary/個別エンチャント", None, "ja:glossary/個別エンチャント"),
        ("passage/3", "guide", "guide:passage/3"),
    ],
)
def test_lookup_finds_what_a_judge_names(store: Store, text: str, doc: str | None, key: str) -> None:
    assert store.lookup(text, doc).key == key


def test_a_bare_id_of_several_documents_is_ambiguous(store: Store) -> None:
    with pytest.raises(AmbiguousReferenceError):
        store.lookup("502.9b")


def test_unknown_ids_suggest_ids_near_them_in_number(store: Store) -> None:
    with pytest.raises(UnknownRuleError) as past_the_end:
        store.lookup("ru:999.9")
    assert "ru:502.9g" in past_the_end.value.nearest  # the last rule of the document
    with pytest.raises(UnknownRuleError) as missing_letter:
        store.lookup("ru:502.9z")
    assert missing_letter.value.nearest[0] == "ru:502.9"  # its nearest existing ancestor first
    with pytest.raises(UnknownRuleError) as serbian:
        store.lookup("sr:E3.109")
    assert {"sr:E3.100", "sr:E3.106", "sr:E3.110"} & set(serbian.value.nearest)


def _click(args: list[str], cache: Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), *args], env={"RULING_CACHE": str(cache)})
    return result.exit_code, result.stdout, result.stderr


def _fast(args: list[str], cache: Path) -> tuple[int, str, str]:
    return run_launch(CORPUS, cache, *args)


@pytest.mark.parametrize(
    "args",
    [
        ["show", "ru:502.9b"],
        ["show", "ru", "502.9b", "--json"],
        ["show", "ja:glossary/個別エンチャント"],
        ["show", "420,5e", "--doc", "ru"],
        ["show", "ru:999.9"],
        ["show", "502.9b"],
        ["show", "hello"],
    ],
)
def test_the_fast_start_prints_what_the_click_command_prints(store_cache: Path, args: list[str]) -> None:
    assert _fast(args, store_cache) == _click(args, store_cache)


def test_show_accepts_document_and_id_as_two_words(store_cache: Path) -> None:
    code, out, _ = _click(["show", "ru", "502.9b", "--json"], store_cache)
    assert code == 0 and json.loads(out)["id"] == "ru:502.9b"


def _damage_truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 3])


def _damage_flip(path: Path) -> None:
    data = bytearray(path.read_bytes())
    for offset in range(len(data) // 4, len(data), 997):
        data[offset] ^= 0x5A
    path.write_bytes(bytes(data))


def _damage_folder(path: Path) -> None:
    path.unlink()
    (path / "inside").mkdir(parents=True)


@pytest.mark.parametrize("damage", [_damage_truncate, _damage_flip, _damage_folder])
def test_a_damaged_store_is_rebuilt_with_one_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: object
) -> None:
    monkeypatch.setenv("RULING_CACHE", str(tmp_path))
    path = build_store(CORPUS)
    assert callable(damage)
    damage(path)
    messages: list[str] = []
    shown = show_node(CORPUS, "ru:502.9b", notify=messages.append)
    assert shown.key == "ru:502.9b" and shown.data["source"].startswith("ru-1999")
    assert len(messages) == 1 and "rebuilding" in messages[0]
    assert show_node(CORPUS, "ru:420.5e", notify=messages.append).key == "ru:420.5e"
    assert len(messages) == 1
    assert store_path(CORPUS).is_file()


def test_a_build_prunes_stores_nobody_opened_for_a_day(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RULING_CACHE", str(tmp_path))
    old = tmp_path / "lookup-00000000000000000000.sqlite"
    recent = tmp_path / "lookup-11111111111111111111.sqlite"
    for path in (old, recent, old.with_name(old.name + ".crc")):
        path.write_bytes(b"x")
    day_ago = time.time() - 2 * 86400
    os.utime(old, (day_ago, day_ago))
    os.utime(old.with_name(old.name + ".crc"), (day_ago, day_ago))
    current = build_store(CORPUS)
    assert not old.exists() and not old.with_name(old.name + ".crc").exists()
    assert recent.exists() and current.is_file()
