"""Golden traces: the English trace of every scenario of a file, stored next to it as FILE.trace.

A section starts with ``@ LINE [PROFILE] TITLE`` and lists the events of that run, one per line. Checking
compares each run with its section; a run whose trace differs fails at its first differing event.
"""

from __future__ import annotations

from pathlib import Path

from ruling.engine.trace import render
from ruling.errors import NotationError
from ruling.scenario.model import Failure, Result

SUFFIX = ".trace"


def golden_path(scenario_file: str | Path) -> Path:
    """Returns the golden trace file that belongs to a scenario file."""
    return Path(scenario_file).with_suffix(SUFFIX)


def _header(result: Result) -> str:
    return f"@ {result.scenario.line} [{result.profile}] {result.scenario.title}"


def render_golden(results: list[Result]) -> str:
    """Returns the golden trace text of the runs of one scenario file."""
    lines: list[str] = []
    for result in results:
        lines.append(_header(result))
        lines += [render(event, "en") for event in result.events]
    return "\n".join(lines) + "\n"


def _by_file(results: list[Result]) -> dict[str, list[Result]]:
    files: dict[str, list[Result]] = {}
    for result in results:
        files.setdefault(result.scenario.path, []).append(result)
    return files


def write_golden(results: list[Result]) -> list[Path]:
    """Writes the golden trace file of every scenario file run; returns the files written."""
    written: list[Path] = []
    for path, runs in _by_file(results).items():
        target = golden_path(path)
        target.write_text(render_golden(runs), encoding="utf-8")
        written.append(target)
    return written


def _sections(path: Path) -> dict[str, tuple[int, list[str]]]:
    sections: dict[str, tuple[int, list[str]]] = {}
    current: list[str] | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("@ "):
            current = []
            sections[line] = (number, current)
        elif current is None:
            raise NotationError(str(path), number, "expected a golden trace section '@ LINE [PROFILE] TITLE'")
        else:
            current.append(line)
    return sections


def check_golden(results: list[Result]) -> list[Path]:
    """Compares every run whose scenario file has a golden trace with it, adding a failure to each run
    that differs; returns the golden files checked."""
    checked: list[Path] = []
    for path, runs in _by_file(results).items():
        target = golden_path(path)
        if not target.exists():
            continue
        checked.append(target)
        sections = _sections(target)
        for result in runs:
            failure = _compare(target, sections.get(_header(result)), result)
            if failure is not None:
                result.failures.append(failure)
    return checked


def _compare(target: Path, section: tuple[int, list[str]] | None, result: Result) -> Failure | None:
    line = result.scenario.line
    if section is None:
        return Failure(line, f"a section '{_header(result)}' in {target}", "none (run with --update-golden)")
    start, golden = section
    actual = [render(event, "en") for event in result.events]
    for index, (want, got) in enumerate(zip(golden, actual, strict=False)):
        if want != got:
            return Failure(line, f"trace as in {target}:{start + index + 1}: {want!r}", repr(got))
    if len(golden) != len(actual):
        return Failure(line, f"{len(golden)} trace events as in {target}:{start}", f"{len(actual)} events")
    return None
