"""Runs scenarios: each under each of its profiles, reporting failures with file:line.

A folder stands for the files under it that hold a ``scenario`` block (hidden folders and virtual
environments are not searched); a file that cannot be read, or a scenario that cannot be set up, fails
alone and the others still run.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ruling.corpus.cache import load_corpus_cached
from ruling.corpus.load import Corpus
from ruling.engine.decisions import DecisionError, ScriptedDecider
from ruling.engine.game import Game
from ruling.engine.profiles import Profile, get_profile
from ruling.engine.state import GameState
from ruling.engine.subgame import innermost, settle
from ruling.engine.trace import render
from ruling.engine.vocabulary import refused
from ruling.errors import EndlessLoopError, IllegalActionError, NotationError, RulingError, SourceError
from ruling.fsutil import NotARegularFileError, read_regular_file, read_text_file
from ruling.scenario.citations import citation_failures
from ruling.scenario.expect_special import check_in
from ruling.scenario.format import MAX_FILE_BYTES, holds_scenario, parse_file
from ruling.scenario.model import Failure, Problem, Result, Run, Scenario
from ruling.scenario.refs import Names
from ruling.scenario.script import run_line, split_refusal
from ruling.scenario.setup import parse_setup

SUFFIX = ".md"
_FENCE = re.compile(rb"^ {0,3}(?:`{3,}|~{3,})[ \t]*scenario\b", re.MULTILINE)
Progress = Callable[[int, int], None]
"""Told (runs done, runs in all) after every run of a scenario under a profile."""


@dataclass
class Found:
    """The scenario files a list of paths stands for, and how many files of its folders were skipped."""

    files: list[Path] = field(default_factory=list)
    skipped: int = 0
    missing: list[Path] = field(default_factory=list)


def collect_paths(paths: list[Path]) -> Found:
    """Expands folders into the ``*.md`` files under them that hold a scenario block, sorted; a file named
    explicitly is taken as it is (it is an error if it holds no scenario). A file named twice, or also
    found in a folder named, is taken once."""
    found = Found()
    for path in paths:
        if path.is_dir():
            files, skipped = _scenario_files(path)
            found.files += files
            found.skipped += skipped
        elif path.exists() or path.is_symlink():
            found.files.append(path)
        else:
            found.missing.append(path)
    seen: set[Path] = set()
    unique = []
    for path in found.files:
        key = path.resolve() if path.exists() else path
        if key not in seen:
            seen.add(key)
            unique.append(path)
    found.files = unique
    return found


def _scenario_files(root: Path) -> tuple[list[Path], int]:
    """Returns the scenario files under root and the number of other .md files skipped; hidden folders and
    virtual environments (a folder with pyvenv.cfg, site-packages, node_modules) are not searched."""
    files: list[Path] = []
    skipped = 0
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if not _ignored_folder(Path(folder) / d))
        for name in sorted(names):
            if not name.endswith(SUFFIX) or name.startswith("."):
                continue
            path = Path(folder) / name
            if _holds_scenario(path):
                files.append(path)
            else:
                skipped += 1
    return files, skipped


def _ignored_folder(folder: Path) -> bool:
    return (
        folder.name.startswith(".")
        or folder.name in ("site-packages", "node_modules", "__pycache__")
        or (folder / "pyvenv.cfg").exists()
    )


def _holds_scenario(path: Path) -> bool:
    """Tells whether a file found in a folder holds a ```scenario block. A file that cannot be read as a
    scenario file is taken when a line of it opens a scenario fence, so that the run names what is wrong
    with it; a device or pipe never is."""
    try:
        return holds_scenario(read_text_file(path, MAX_FILE_BYTES, NotationError))
    except NotationError:
        pass
    try:
        head = read_regular_file(path, MAX_FILE_BYTES + 1)
    except NotARegularFileError:
        return False
    except OSError:
        return True
    return _FENCE.search(head) is not None


def run_scenario(
    scenario: Scenario, profile_name: str, lang: str = "en", corpus: Corpus | None = None
) -> Result:
    """Runs scenario under one profile; stops at the first script line that goes wrong.

    With a corpus, every cited rule id that names no rule of it is a failure of the run.
    """
    profile = get_profile(profile_name)
    if scenario.setup is None:
        raise NotationError(scenario.path, scenario.line, "expected a ```setup block in the scenario")
    setup = parse_setup(scenario.setup.lines, scenario.path, scenario.cards, profile, scenario.seed)
    if profile_name in scenario.refused:
        return _refused_run(scenario, profile, setup.state, corpus, setup.aliases)
    _check_vocabulary(scenario, profile, setup.state)
    decider = ScriptedDecider()
    game = Game(setup.state, profile, decider)
    names = Names(game, setup.aliases, scenario.path)
    result = Result(scenario, profile_name, aliases=setup.aliases)
    if corpus is not None:
        result.failures += citation_failures(scenario, corpus)
    game.start()
    for block in scenario.blocks:
        if block.profiles and profile_name not in block.profiles:
            continue
        if block.kind == "expect":
            for line, text in block.lines:
                failed = check_in(game, names, text.split("#", 1)[0].strip(), line)
                if failed is not None:
                    result.failures.append(Failure(line, *failed))
            continue
        for line, text in block.lines:
            if not _run(game, decider, names, text.split("#", 1)[0].strip(), line, result):
                return _finish(result, game, lang)
    for answer in decider.unused():
        result.failures.append(
            Failure(answer.line, f"the game asks for this {answer.kind} answer", "never asked")
        )
    return _finish(result, game, lang)


def _refused_run(
    scenario: Scenario, profile: Profile, state: GameState, corpus: Corpus | None, aliases: dict[str, int]
) -> Result:
    """Runs a scenario whose setup the profile must refuse: it passes when a card of the setup uses what the
    profile's document does not define; the reason is its trace, and the position stays as set up."""
    result = Result(scenario, profile.name, state=state, aliases=aliases)
    if corpus is not None:
        result.failures += citation_failures(scenario, corpus)
    try:
        _check_vocabulary(scenario, profile, state)
    except NotationError as exc:
        result.trace = [f"refused: {_reason(exc)}"]
        return result
    result.failures.append(
        Failure(scenario.line, f"the setup refused under {profile.name}", "every card of it is defined there")
    )
    return result


def _finish(result: Result, game: Game, lang: str) -> Result:
    result.state = game.state
    result.events = list(game.trace)
    result.trace = [render(e, lang) for e in game.trace]
    return result


def _run(main: Game, decider: ScriptedDecider, names: Names, text: str, line: int, result: Result) -> bool:
    """Runs one script line in the game being played (the innermost subgame, ja 506), then ends the
    subgames it finished."""
    game = innermost(main)
    names.game = game
    action, refused = split_refusal(text)
    doc = game.profile.doc
    mine = [r for r in refused or [] if r == doc or r.startswith(doc + ":")]
    before = game.state.copy()
    trace_size = len(game.trace)
    script = decider.snapshot()
    positions = game.loops.mark()
    handed_on = game.handed_on
    try:
        run_line(game, decider, names, action, line)
        settle(main)
    except EndlessLoopError as exc:
        result.failures.append(Failure(line, "a game that goes on", str(exc)))
        return False
    except IllegalActionError as exc:
        game.state = before
        game.sub = None
        del game.trace[trace_size:]
        decider.restore(script)
        game.loops.rewind(positions)
        game.handed_on = handed_on
        names.game = game
        if not mine:
            result.failures.append(Failure(line, "the action is legal", f"refused: {exc}"))
            return False
        missing = [r for r in mine if r != doc and r not in exc.rules]
        if missing:
            result.failures.append(Failure(line, f"refused citing {', '.join(mine)}", f"refused: {exc}"))
        return True
    except DecisionError as exc:
        result.failures.append(Failure(exc.line or line, "every decision answered by the script", str(exc)))
        return False
    if mine:
        result.failures.append(Failure(line, f"refused citing {', '.join(mine)}", "the action was performed"))
    return True


def _check_vocabulary(scenario: Scenario, profile: Profile, state: GameState) -> None:
    """Refuses a card the setup puts in the game with a keyword, or a world enchantment, that the profile's
    document has no rule for."""
    used = {obj.card.name for obj in state.objects.values()}
    for card in scenario.cards.values():
        if card.name not in used:
            continue
        reason = refused(card, profile)
        if reason is not None:
            raise NotationError(scenario.path, scenario.line, f"card {card.name!r}: {reason}")


def run_paths(
    paths: list[Path],
    lang: str = "en",
    corpus_folder: str | None = None,
    progress: Progress | None = None,
    corpus: Corpus | None = None,
) -> Run:
    """Parses every scenario of the files and folders given, loads the corpus once (from the per-user
    cache when it can; corpus when given), and runs each scenario under each of its profiles with its
    citations checked.

    A file that cannot be read or parsed, and a scenario that cannot be set up under a profile, is a
    problem of the run and fails alone. Raises NotationError only when the paths name no scenario file."""
    found = collect_paths(paths)
    run = Run(skipped=found.skipped)
    run.problems += [Problem(str(p), None, "no such scenario file or folder") for p in found.missing]
    scenarios: list[Scenario] = []
    for path in found.files:
        try:
            scenarios += parse_file(path)
        except SourceError as exc:
            run.problems.append(Problem(exc.path, exc.line, _reason(exc)))
    if not scenarios and not run.problems:
        where = ", ".join(str(p) for p in paths)
        skipped = f" ({found.skipped} .md files without one skipped)" if found.skipped else ""
        raise NotationError(
            where,
            None,
            f"expected at least one scenario (a ```scenario block in a .md file), got none{skipped}",
        )
    if not scenarios:
        return run
    if corpus is None:
        corpus = load_corpus_cached(corpus_folder)
    total = sum(len(s.profiles) for s in scenarios)
    done = 0
    for scenario in scenarios:
        for profile in scenario.profiles:
            try:
                run.results.append(run_scenario(scenario, profile, lang, corpus))
            except SourceError as exc:
                run.problems.append(Problem(exc.path, exc.line, f"[{profile}] {_reason(exc)}"))
            except RulingError as exc:
                run.problems.append(Problem(scenario.path, scenario.line, f"[{profile}] {exc}"))
            done += 1
            if progress is not None:
                progress(done, total)
    return run


def _reason(exc: SourceError) -> str:
    """Returns the message of a SourceError without the file:line it starts with."""
    where = f"{exc.path}:{exc.line}: " if exc.line is not None else f"{exc.path}: "
    return exc.message.removeprefix(where)


def report(results: list[Result], run: Run | None = None) -> dict[str, object]:
    """Returns the JSON report: totals, one entry per scenario and profile, and (for a run of files) the
    problems that failed a file or a scenario alone and the number of files skipped."""
    passed = sum(1 for r in results if r.passed)
    data: dict[str, object] = {
        "total": len(results),
        "passed": passed,
        "failed": len(results) - passed,
        "results": [r.as_dict() for r in results],
    }
    if run is not None:
        data["problems"] = [p.as_dict() for p in run.problems]
        data["skipped"] = run.skipped
    return data
