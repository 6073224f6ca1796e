"""Runs scenarios: each under each of its profiles, reporting failures with file:line."""

from __future__ import annotations

from pathlib import Path

from ruling.corpus.cache import load_corpus_cached
from ruling.corpus.load import Corpus
from ruling.engine.cards import keyword_rule_key
from ruling.engine.decisions import DecisionError, ScriptedDecider
from ruling.engine.game import Game
from ruling.engine.profiles import Profile, get_profile
from ruling.engine.state import GameState
from ruling.engine.trace import render
from ruling.errors import EndlessLoopError, IllegalActionError, NotationError
from ruling.scenario.citations import citation_failures
from ruling.scenario.expect import check
from ruling.scenario.format import parse_file
from ruling.scenario.model import Failure, Result, Scenario
from ruling.scenario.refs import Names
from ruling.scenario.script import run_line, split_refusal
from ruling.scenario.setup import parse_setup


def collect_paths(paths: list[Path]) -> list[Path]:
    """Expands folders into their scenario files (``**/*.md``), sorted."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(path.rglob("*.md"))
        elif path.exists():
            found.append(path)
        else:
            raise NotationError(str(path), None, "no such scenario file or folder")
    return found


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
    _check_vocabulary(scenario, profile, setup.state)
    decider = ScriptedDecider()
    game = Game(setup.state, profile, decider)
    names = Names(game, setup.aliases, scenario.path)
    result = Result(scenario, profile_name, aliases=setup.aliases)
    if corpus is not None:
        result.failures += citation_failures(scenario, corpus)
    game.start()
    for block in scenario.blocks:
        if block.profile is not None and block.profile != profile_name:
            continue
        if block.kind == "expect":
            for line, text in block.lines:
                failed = check(game, names, text.split("#", 1)[0].strip(), line)
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


def _finish(result: Result, game: Game, lang: str) -> Result:
    result.state = game.state
    result.events = list(game.trace)
    result.trace = [render(e, lang) for e in game.trace]
    return result


def _run(game: Game, decider: ScriptedDecider, names: Names, text: str, line: int, result: Result) -> bool:
    action, refused = split_refusal(text)
    doc = game.profile.doc
    mine = [r for r in refused or [] if r == doc or r.startswith(doc + ":")]
    before = game.state.copy()
    trace_size = len(game.trace)
    script = decider.snapshot()
    positions = game.loops.mark()
    try:
        run_line(game, decider, names, action, line)
    except EndlessLoopError as exc:
        result.failures.append(Failure(line, "a game that goes on", str(exc)))
        return False
    except IllegalActionError as exc:
        game.state = before
        del game.trace[trace_size:]
        decider.restore(script)
        game.loops.rewind(positions)
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
        for keyword in card.keywords:
            key = keyword_rule_key(keyword)
            if key is not None and not profile.has_keyword(key):
                message = f"card {card.name!r}: {keyword!r} is not a rule of {profile.name}"
                raise NotationError(scenario.path, scenario.line, message)
        if "world" in card.supertypes and not profile.world_rule:
            message = f"card {card.name!r}: world enchantments are not a rule of {profile.name}"
            raise NotationError(scenario.path, scenario.line, message)


def run_paths(paths: list[Path], lang: str = "en", corpus_folder: str | None = None) -> list[Result]:
    """Parses every scenario of the files and folders given, loads the corpus once (from the per-user
    cache when it can), and runs each scenario under each of its profiles with its citations checked."""
    scenarios = [s for path in collect_paths(paths) for s in parse_file(path)]
    if not scenarios:
        where = ", ".join(str(p) for p in paths)
        raise NotationError(
            where, None, "expected at least one scenario (a ```scenario block in a .md file), got none"
        )
    corpus = load_corpus_cached(corpus_folder)
    return [run_scenario(s, profile, lang, corpus) for s in scenarios for profile in s.profiles]


def report(results: list[Result]) -> dict[str, object]:
    """Returns the JSON report: totals and one entry per scenario and profile."""
    passed = sum(1 for r in results if r.passed)
    return {
        "total": len(results),
        "passed": passed,
        "failed": len(results) - passed,
        "results": [r.as_dict() for r in results],
    }
