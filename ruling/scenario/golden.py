"""Golden traces: the English trace of every scenario of a file, stored next to it as FILE.trace.

A section starts with ``@ LINE [PROFILE] TITLE`` and lists the events of that run, one per line. Checking
compares each run with its section; a run whose trace differs fails at its first differing event. Only a
scenario file ``NAME.md`` has a golden trace, ``NAME.trace``: an update never writes over anything else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ruling.engine.trace import render
from ruling.errors import NotationError, OutputError
from ruling.fsutil import read_text_file, write_text_atomic
from ruling.scenario.model import Failure, Result

SUFFIX = ".trace"
SOURCE_SUFFIX = ".md"
MAX_GOLDEN_BYTES = 64 << 20


def golden_path(scenario_file: str | Path) -> Path:
    """Returns the golden trace file that belongs to a scenario file NAME.md: NAME.trace beside it.

    Raises OutputError for any other file, whose "golden trace" could be the file itself or another file.
    """
    path = Path(scenario_file)
    if path.suffix != SOURCE_SUFFIX:
        raise OutputError(f"{path}: only a scenario file NAME{SOURCE_SUFFIX} has a golden trace NAME{SUFFIX}")
    return path.with_suffix(SUFFIX)


@dataclass
class GoldenUpdate:
    """What an update wrote, and the files it could not write (each error names its file)."""

    written: list[Path] = field(default_factory=list)
    refused: list[OutputError] = field(default_factory=list)


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


def write_golden(results: list[Result]) -> GoldenUpdate:
    """Writes the golden trace NAME.trace of every scenario file NAME.md run, each whole (through a
    temporary file); a file that cannot be written does not stop the others."""
    update = GoldenUpdate()
    for path, runs in _by_file(results).items():
        try:
            target = golden_path(path)
            if target.is_dir():
                raise OutputError(f"{target}: expected a golden trace file, got a folder")
            write_text_atomic(target, render_golden(runs))
        except OutputError as exc:
            update.refused.append(exc)
            continue
        except OSError as exc:
            update.refused.append(
                OutputError(f"{target}: cannot write the golden trace: {exc.strerror or exc}")
            )
            continue
        update.written.append(target)
    return update


def _sections(path: Path) -> dict[str, tuple[int, list[str]]]:
    sections: dict[str, tuple[int, list[str]]] = {}
    current: list[str] | None = None
    text = read_text_file(path, MAX_GOLDEN_BYTES, NotationError)
    for number, line in enumerate(text.splitlines(), 1):
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
        if Path(path).suffix != SOURCE_SUFFIX or not (target := golden_path(path)).exists():
            continue
        checked.append(target)
        try:
            sections = _sections(target)
        except NotationError as exc:
            for result in runs:
                result.failures.append(Failure(result.scenario.line, "a readable golden trace", str(exc)))
            continue
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
