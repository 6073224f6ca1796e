"""The fuzz targets and their inputs: rule ids, search queries, scenario files, and the command itself.

Each target takes one input and either succeeds or raises a RulingError; anything else is a crash.
``attempt`` runs one input and says which, with the time it took. The inputs are hypothesis strategies,
shared by the bounded tests (tests/fuzz/test_fuzz.py) and by benchmarks/fuzz.py, which runs as many as asked.
"""

from __future__ import annotations

import re
import signal
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from ruling.corpus.load import Corpus
from ruling.errors import RulingError
from ruling.ids import RuleId
from ruling.scenario.format import parse_text
from ruling.scenario.runner import run_scenario

REPO = Path(__file__).resolve().parents[2]
SCENARIOS = REPO / "scenarios"
DOCUMENTS = ("ru", "ja", "sr", "guide", "wiki")


class Outcome(StrEnum):
    OK = "ok"
    ERROR = "clean error"
    CRASH = "crash"
    SLOW = "over the time bound"


class _OverTime(BaseException):
    """Raised in the target by the alarm of ``attempt``; a BaseException, so no ``except Exception`` of
    the code under test swallows it."""


@dataclass(frozen=True)
class Attempt:
    """What one input gave: its outcome, the seconds it took, and for a crash the exception."""

    outcome: Outcome
    seconds: float
    crash: BaseException | None = None


def attempt(target: Callable[[Any], object], value: Any, limit: float | None = None) -> Attempt:
    """Runs target on value: OK, a clean error (a RulingError) or a crash (any other exception); with a
    limit (seconds, main thread only), a run still going at the limit is stopped and is SLOW."""
    start = time.perf_counter()
    if limit is not None:
        signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        target(value)
    except RulingError:
        return Attempt(Outcome.ERROR, time.perf_counter() - start)
    except _OverTime:
        return Attempt(Outcome.SLOW, time.perf_counter() - start)
    except Exception as exc:  # the point of fuzzing: anything but a RulingError is a crash
        return Attempt(Outcome.CRASH, time.perf_counter() - start, exc)
    finally:
        if limit is not None:
            signal.setitimer(signal.ITIMER_REAL, 0)
    return Attempt(Outcome.OK, time.perf_counter() - start)


def _alarm(signum: int, frame: object) -> None:
    raise _OverTime


# -- rule ids ---------------------------------------------------------------------------------------------
_DIGITS = "0123456789０１２３４５６７８９٠١٢٣٤٥٦٧٨٩²³¹⁰₀①"
_LETTERS = "abcdefghiklmnopqrstuvwxyzABCDEFаАвВсСеЕкКмМнНоОрРтТхХуУｂｃ"
_PUNCT = ".．。,，:：;-–— \t/\\_'\"*?"


def id_texts() -> st.SearchStrategy[tuple[str, str | None]]:
    """Ids as judges type them and as they go wrong: documents, separators, digits of every script,
    Cyrillic look-alikes, stray punctuation, plus arbitrary text; each with a default document or none."""
    doc = st.sampled_from([*DOCUMENTS, "RU", "Ja", "xx", "", "ru ", " sr"])
    sep = st.sampled_from([":", "：", " : ", "", " "])
    piece = st.text(alphabet=_DIGITS + _LETTERS + _PUNCT, max_size=12)
    shaped = st.builds(lambda d, s, p: f"{d}{s}{p}", doc, sep, piece)
    script = st.sampled_from(
        ["0123456789", "0123456789", "０１２３４５６７８９", "٠١٢٣٤٥٦٧٨٩", "0123456789²³"]
    )

    def number(low: int, high: int) -> st.SearchStrategy[str]:
        return script.flatmap(lambda s: st.text(alphabet=s, min_size=low, max_size=high))

    letter = st.sampled_from("abcdefghkmnopqrsxyzабсеｂ")
    cr = st.builds(lambda s, n, x: f"{s}.{n}{x}", number(3, 3), number(1, 2), st.one_of(st.just(""), letter))
    sr = st.builds(lambda p, s, n: f"{p}{s}.{n}", st.sampled_from("ABCDEFdеа"), number(1, 2), number(2, 3))
    scheme_doc = st.one_of(
        st.tuples(st.sampled_from(["ru", "ja", "wiki", "RU", "ｊａ"]), cr),
        st.tuples(st.sampled_from(["sr", "SR"]), sr),
    )
    well_formed = st.builds(
        lambda pair, s, dots, tail: f"{pair[0]}{s}{pair[1].replace('.', dots)}{tail}",
        scheme_doc,
        st.sampled_from([":", ":", "：", " : "]),
        st.sampled_from([".", ".", ".", "．", "。", ",", " "]),
        st.sampled_from(["", "", ".", " ", ",", ";"]),
    )
    keys = st.builds(
        lambda d, k, p: f"{d}:{k}/{p}", doc, st.sampled_from(["glossary", "index", "passage"]), piece
    )
    text = st.one_of(well_formed, well_formed, shaped, keys, st.text(max_size=30))
    return st.tuples(text, st.sampled_from([None, *DOCUMENTS, "xx", ""]))


def parse_id(value: tuple[str, str | None]) -> None:
    """Parses an id; a parsed id must print as a canonical ASCII id that parses back to itself."""
    text, default_doc = value
    parsed = RuleId.parse(text, default_doc)
    printed = str(parsed)
    assert printed.isascii(), f"non-canonical id {printed!r}"
    assert RuleId.parse(printed) == parsed, f"{printed!r} does not parse back"


# -- queries ----------------------------------------------------------------------------------------------
_WORDS = [
    "пробивающий",
    "удар",
    "отмена",
    "существо",
    "trample",
    "mana burn",
    "first strike",
    "Razbijač",
    "razbijac",
    "прва",
    "トランプル",
    "ひきわけ",
    "再生",
    "502.9b",
    "ru:502.9b",
    "ja:５０２．９ｂ",
    "sr:D21.30",
]
_QUERY_CHARS = (
    "abcxyzабвгдежзийклмнопрстуфхцчшщъыьэюяčćžšđ ČĆŽŠĐ İıßﬁ"
    "トランプルひきわけ再生墓地ｱｲｳ 0123456789 *?~^\"'():+-!&|[]{}\\/.,;"
    "\u0301\u0308\u200b\u00a0\t\n"
)


def query_texts() -> st.SearchStrategy[tuple[str, tuple[str, ...]]]:
    """Queries: real words with typos, mixed scripts, query syntax, combining marks, long repetitions; each
    with the documents it searches."""
    word = st.sampled_from(_WORDS)
    typo = st.builds(
        lambda w, at, c: w[:at] + c + w[at + 1 :],
        word,
        st.integers(0, 12),
        st.sampled_from(list(_QUERY_CHARS)),
    )
    free = st.text(alphabet=_QUERY_CHARS, min_size=0, max_size=40)
    phrase = st.lists(st.one_of(word, typo, free), min_size=1, max_size=6).map(" ".join)
    text = st.one_of(phrase, free, st.text(max_size=40))
    docs = st.lists(st.sampled_from(DOCUMENTS), min_size=1, max_size=5, unique=True).map(tuple)
    return st.tuples(text, docs)


def search_target(index: Any) -> Callable[[tuple[str, Sequence[str]]], None]:
    """Returns the query target over an opened index: the public ``search`` with the docs given."""
    from ruling.search.query import search

    def run(value: tuple[str, Sequence[str]]) -> None:
        text, docs = value
        search(index, text, docs, limit=5)

    return run


# -- scenario files ---------------------------------------------------------------------------------------
_FENCE = re.compile(r"^```scenario\b")
_HEADING = re.compile(r"^#{1,6} ")
_NUMBER = re.compile(r"(?<![\w:.])[0-9]+(?![\w])")
ODD_NUMBERS = ["²", "٣", "３", "9" * 5000, "-1", "0", "999999999999", "1e3", "0x1f", "", "1_000", "+2"]
ODD_LINES = [
    "alice in play: 10000 Forest",
    "alice in play: 1999 Forest",
    "alice library: " + ", ".join(["Forest"] * 300),
    "x = " + "[" * 3000,
    "alice attacks with " + ", ".join(["bear"] * 50),
    "to cleanup",
    "resolve",
    "alice passes",
    "```",
    "```scenario",
    "```setup",
    "```cards",
    "players: alice, bob, carol",
    "turn 1, bob, cleanup",
    "stack: alice plays Lightning Bolt targeting bob",
    "combat: bear (blocked by bear)",
    "\ufeff",
    "# heading",
]


@cache
def scenario_pieces() -> tuple[str, ...]:
    """Returns one text per scenario of the project: its file's text before the first scenario (shared
    cards) and its own section, each a scenario file of one scenario."""
    pieces: list[str] = []
    for path in sorted(SCENARIOS.rglob("*.md")):
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        fences = [n for n, line in enumerate(lines) if _FENCE.match(line)]
        starts = [max([h for h in range(f) if _HEADING.match(lines[h])], default=f) for f in fences]
        for index, start in enumerate(starts):
            end = starts[index + 1] if index + 1 < len(starts) else len(lines)
            pieces.append("".join(lines[: starts[0]] + lines[start:end]))
    return tuple(pieces)


@cache
def scenario_words() -> tuple[str, ...]:
    """Returns every word of the project's scenarios (aliases, card names, verbs, steps, rule ids)."""
    return tuple(sorted({w for piece in scenario_pieces() for w in _WORD.findall(piece)}))


_WORD = re.compile(r"[\w:.'-]+")
MUTATIONS = (
    "number",
    "number",
    "word",
    "word",
    "delete",
    "duplicate",
    "swap",
    "foreign",
    "odd",
    "char",
    "cut",
)


@st.composite
def scenario_texts(draw: st.DrawFn) -> str:
    """A scenario of the project with up to four mutations: numbers made odd, a word replaced by another
    word of the scenarios, lines deleted, duplicated, swapped or taken from another scenario, odd lines
    inserted, characters replaced, the text cut short."""
    pieces = scenario_pieces()
    lines = draw(st.sampled_from(pieces)).splitlines()
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(MUTATIONS))
        at = draw(st.integers(0, max(len(lines) - 1, 0)))
        if not lines:
            break
        if kind == "word" and (words := list(_WORD.finditer(lines[at]))):
            found = draw(st.sampled_from(words))
            other = draw(st.sampled_from(scenario_words()))
            lines[at] = lines[at][: found.start()] + other + lines[at][found.end() :]
        elif kind == "number" and (numbered := [n for n, line in enumerate(lines) if _NUMBER.search(line)]):
            at = draw(st.sampled_from(numbered))
            found = draw(st.sampled_from(list(_NUMBER.finditer(lines[at]))))
            odd = draw(st.sampled_from(ODD_NUMBERS))
            lines[at] = lines[at][: found.start()] + odd + lines[at][found.end() :]
        elif kind == "delete":
            del lines[at]
        elif kind == "duplicate":
            lines.insert(at, lines[at])
        elif kind == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[at], lines[other] = lines[other], lines[at]
        elif kind == "foreign":
            source = draw(st.sampled_from(pieces)).splitlines() or [""]
            lines.insert(at, source[draw(st.integers(0, len(source) - 1))])
        elif kind == "odd":
            lines.insert(at, draw(st.sampled_from(ODD_LINES)))
        elif kind == "char" and lines[at]:
            column = draw(st.integers(0, len(lines[at]) - 1))
            char = draw(st.characters(codec="utf-8"))
            lines[at] = lines[at][:column] + char + lines[at][column + 1 :]
        elif kind == "cut":
            lines = lines[:at]
    return "\n".join(lines) + "\n"


def scenario_target(corpus: Corpus | None) -> Callable[[str], None]:
    """Returns the scenario target: parse the text, run every scenario under every profile it names."""

    def run(text: str) -> None:
        for scenario in parse_text(text, "fuzz.md"):
            for profile in scenario.profiles:
                run_scenario(scenario, profile, corpus=corpus)

    return run


# -- the command ------------------------------------------------------------------------------------------
class CommandCrash(Exception):
    """The command ended with an exception other than its own exit, or printed a traceback."""


def command_args(with_search: bool = True) -> st.SearchStrategy[tuple[list[str], str | None]]:
    """Command lines as a judge types them: show an id, search a query (unless not with_search: the first
    search builds the index), run a (mutated) scenario file with any flags; each with the scenario text to
    write first (None when the command reads no file)."""
    doc = st.sampled_from([[], ["--doc", "ru"], ["--doc", "sr"], ["--doc", "xx"], ["--doc"]])
    show = st.builds(
        lambda value, d, j: (["show", value[0], *d, *j], None),
        id_texts(),
        doc,
        st.sampled_from([[], ["--json"]]),
    )
    search = st.builds(
        lambda value, lim, j: (["search", value[0] or "-", "--limit", lim, *j], None),
        query_texts(),
        st.sampled_from(["1", "5", "0", "-3", "x", "²"]),
        st.sampled_from([[], ["--json"], ["--glossary"]]),
    )
    flags = st.lists(
        st.sampled_from(["--json", "--trace", "--golden", "--lang", "ru", "ja", "sr", "de", "-h"]), max_size=4
    )
    run = st.builds(lambda text, f: (["scenario", "run", "{file}", *f], text), scenario_texts(), flags)
    return st.one_of(show, search, run) if with_search else st.one_of(show, run)


def command_target(folder: Path) -> Callable[[tuple[list[str], str | None]], None]:
    """Returns the command target: writes the scenario (if any) into folder and runs ``ruling`` with click's
    test runner; exit 0 is OK, exit 1 or 2 (an error message or a usage error) a clean error (RulingError),
    anything else a CommandCrash."""
    from click.testing import CliRunner

    from ruling.cli import cli

    path = folder / "fuzz.md"

    def run(value: tuple[list[str], str | None]) -> None:
        args, text = value
        if text is not None:
            path.write_text(text, encoding="utf-8")
        result = CliRunner().invoke(cli, [a.replace("{file}", str(path)) for a in args])
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise CommandCrash(f"{type(result.exception).__name__}: {result.exception}") from result.exception
        if "Traceback" in result.output or result.exit_code not in (0, 1, 2):
            raise CommandCrash(f"exit {result.exit_code}: {result.output[-300:]}")
        if result.exit_code:
            raise RulingError(f"exit {result.exit_code}")

    return run
