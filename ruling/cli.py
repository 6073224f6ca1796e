"""The ``ruling`` command: the only place that prints or sets an exit code.

Library code raises RulingError; ``RulingGroup`` catches it once, prints it and exits with its code.
Heavy modules (the parsers, whoosh, the engine) are imported inside the commands that need them.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ruling.errors import RulingError

if TYPE_CHECKING:
    from ruling.corpus.load import Corpus
    from ruling.corpus.model import Node


class RulingGroup(click.Group):
    """A click group that turns RulingError into a one-line message and its exit code."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except RulingError as exc:
            click.echo(f"ruling: {exc}", err=True)
            ctx.exit(exc.exit_code)


class _EchoHandler(logging.Handler):
    """Prints the warnings of the ``ruling`` logger (a damaged cache being rebuilt) on stderr, one line
    each, as ``ruling: …``."""

    def emit(self, record: logging.LogRecord) -> None:
        click.echo(f"ruling: {record.getMessage()}", err=True)


def _install_log_handler() -> None:
    log = logging.getLogger("ruling")
    if not any(isinstance(h, _EchoHandler) for h in log.handlers):
        log.addHandler(_EchoHandler(logging.WARNING))
        log.propagate = False


def _emit_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True))


class _Progress:
    """Shows the progress of a long task on stderr: nothing for the first second after the first step, then
    a line a second (rewritten in place on a terminal)."""

    def __init__(self, label: str, delay: float = 1.0) -> None:
        self.label = label
        self.delay = delay
        self.start = 0.0
        self.next = 0.0
        self.shown = False
        self.tty = sys.stderr.isatty()

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if not self.start:
            self.start, self.next = now, now + self.delay
        if now < self.next and not (done == total and self.shown):
            return
        self.next = now + 1.0
        self.shown = True
        line = f"{self.label}: {done}/{total} ({now - self.start:.0f} s)"
        click.echo(f"\r{line}" if self.tty else line, err=True, nl=not self.tty)

    def close(self) -> None:
        if self.shown and self.tty:
            click.echo("", err=True)


def _corpus_option(ctx: click.Context) -> str | None:
    folder: str | None = ctx.find_root().params.get("corpus")
    return folder


@click.group(cls=RulingGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--corpus",
    type=click.Path(file_okay=False, path_type=str),
    default=None,
    help="The rules corpus folder (default: $RULING_CORPUS, else rules_corpus/ of the checkout).",
)
@click.version_option(package_name="ruling")
@click.pass_context
def cli(ctx: click.Context, corpus: str | None) -> None:
    """ruling: the exact rule, fast, in the judge's language.

    Colours are used on a terminal unless NO_COLOR is set. Shell completion: see the README."""
    _install_log_handler()
    if os.environ.get("NO_COLOR"):
        ctx.color = False


# -- corpus --------------------------------------------------------------------------------------------
@cli.group(cls=RulingGroup)
def corpus() -> None:
    """Parse, check and export the rules corpus."""


@corpus.command("stats")
@click.option("--json", "as_json", is_flag=True, help="Print JSON: one object per document.")
@click.pass_context
def corpus_stats(ctx: click.Context, as_json: bool) -> None:
    """Counts per document: sections, rules, examples, glossary, references, dangling ones."""
    from ruling.corpus.cache import load_corpus_cached
    from ruling.corpus.stats import document_stats

    loaded = load_corpus_cached(_corpus_option(ctx))
    rows = [document_stats(d) for d in loaded.documents.values()]
    if as_json:
        _emit_json({row.doc: row.as_dict() for row in rows})
        return
    columns = [
        ("doc", "doc"),
        ("parts", "parts"),
        ("sections", "sections"),
        ("rules", "rules"),
        ("examples", "examples"),
        ("glossary", "glossary"),
        ("index", "index"),
        ("passages", "passages"),
        ("refs", "references"),
        ("resolved", "resolved"),
        ("dangling", "dangling"),
        ("suspect", "suspect"),
        ("problems", "problems"),
    ]
    widths = [max(len(head), 5) for head, _ in columns]
    click.echo("  ".join(head.rjust(w) for (head, _), w in zip(columns, widths, strict=True)))
    for row in rows:
        values = row.as_dict()
        click.echo("  ".join(str(values[f]).rjust(w) for (_, f), w in zip(columns, widths, strict=True)))


@corpus.command("check")
@click.option("--strict", is_flag=True, help="Exit 1 on any problem not reviewed.")
@click.option("--json", "as_json", is_flag=True, help="Print the problems as JSON.")
@click.pass_context
def corpus_check(ctx: click.Context, strict: bool, as_json: bool) -> None:
    """Lists parse problems and dangling or suspect references, each with file:line."""
    from ruling.corpus.check import check_corpus
    from ruling.corpus.load import load_corpus

    checked = check_corpus(load_corpus(_corpus_option(ctx)))
    unknown = [c for c in checked if not c.known]
    if as_json:
        _emit_json(
            [
                {
                    "doc": c.doc,
                    "at": str(c.problem.span),
                    "code": c.problem.code,
                    "message": c.problem.message,
                    "text": c.problem.text,
                    "known": c.known,
                }
                for c in checked
            ]
        )
    else:
        for c in checked:
            mark = " " if c.known else "!"
            click.echo(f"{mark} {c.problem}")
            if c.problem.text:
                click.echo(f"      | {c.problem.text[:160]}")
        click.echo(f"{len(checked)} problems, {len(unknown)} not reviewed (marked !)")
    if strict and unknown:
        ctx.exit(1)


@corpus.command("export")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print what was written, where, and how long it took.")
@click.pass_context
def corpus_export(ctx: click.Context, folder: Path, as_json: bool) -> None:
    """Writes the parsed corpus as deterministic JSON into FOLDER (replaced whole)."""
    from ruling.corpus.export import export_corpus
    from ruling.corpus.load import load_corpus

    start = time.monotonic()
    written = export_corpus(load_corpus(_corpus_option(ctx)), folder)
    if as_json:
        files = [{"name": path.name, "bytes": path.stat().st_size} for path in written]
        _emit_json({"folder": str(folder.resolve()), "files": files, "seconds": _seconds(start)})
        return
    click.echo(f"wrote {len(written)} files to {folder}")


# -- scenario ------------------------------------------------------------------------------------------
@cli.group(cls=RulingGroup)
def scenario() -> None:
    """Run scenario files through the rules engine."""


@scenario.command("run")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the JSON report.")
@click.option("--trace", is_flag=True, help="Print the trace of every scenario run.")
@click.option("--lang", default="en", type=click.Choice(["en", "ru", "sr", "ja"]), help="Trace language.")
@click.option("--golden", is_flag=True, help="Compare traces with the FILE.trace next to each scenario file.")
@click.option("--update-golden", is_flag=True, help="Write FILE.trace next to each scenario file run.")
@click.pass_context
def scenario_run(
    ctx: click.Context,
    paths: tuple[Path, ...],
    as_json: bool,
    trace: bool,
    lang: str,
    golden: bool,
    update_golden: bool,
) -> None:
    """Runs the scenarios of PATHS (files or folders) under their profiles; exit 0 only if all pass."""
    from ruling.scenario.golden import check_golden, write_golden
    from ruling.scenario.runner import report, run_paths

    progress = _Progress("scenario runs")
    run = run_paths(list(paths), lang, _corpus_option(ctx), progress)
    progress.close()
    results = run.results
    refused: list[RulingError] = []
    if update_golden:
        broken = sorted({p.path for p in run.problems} & {r.scenario.path for r in results})
        update = write_golden([r for r in results if r.scenario.path not in broken])
        for written in update.written:
            click.echo(f"wrote {written}", err=True)
        refused += update.refused
        refused += [RulingError(f"{path}: golden trace not updated: the file has errors") for path in broken]
    elif golden:
        checked = check_golden(results)
        click.echo(f"compared {len(checked)} golden trace file(s)", err=True)
    summary = report(results, run)
    if as_json:
        _emit_json(summary)
    else:
        for result in results:
            mark = "ok  " if result.passed else "FAIL"
            click.echo(f"{mark} {result.scenario.name} [{result.profile}] {result.scenario.title}")
            for failure in result.failures:
                where = f"{result.scenario.path}:{failure.line}"
                click.echo(f"     {where}: expected {failure.expected}, got {failure.actual}")
            if trace:
                for line in result.trace:
                    click.echo(f"       {line}")
        for problem in run.problems:
            click.echo(f"ERR  {problem.where}: {problem.message}")
        errors = f", {len(run.problems)} not run (errors)" if run.problems else ""
        click.echo(
            f"{summary['passed']} passed, {summary['failed']} failed{errors}, {summary['total']} total"
        )
    if run.skipped:
        click.echo(f"skipped {run.skipped} .md file(s) without a scenario block", err=True)
    for error in refused:
        click.echo(f"ruling: {error}", err=True)
    if not run.ok or refused:
        ctx.exit(1)


@scenario.command("coverage")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the JSON report (the site reads the same data).")
@click.option(
    "--examples",
    "table",
    type=click.Path(path_type=Path),
    default=None,
    help="The table of the documents' examples (default: document_examples.tsv of the first folder).",
)
@click.option(
    "--all-open", is_flag=True, help="List every open example, not only the first ten per document."
)
@click.option("--summary", is_flag=True, help="Leave out the list of rules and the scenarios showing them.")
@click.pass_context
def scenario_coverage(
    ctx: click.Context,
    paths: tuple[Path, ...],
    as_json: bool,
    table: Path | None,
    all_open: bool,
    summary: bool,
) -> None:
    """Per document: which rules passing scenarios demonstrate, the share of rule ids of the engine-relevant
    parts they cover, and the examples not yet scenarios. PATHS default to scenarios/ of the checkout."""
    from ruling.corpus.cache import load_corpus_cached
    from ruling.scenario.coverage import (
        EXAMPLES_TABLE,
        coverage,
        default_scenarios,
        demonstrated_order,
        read_examples,
    )
    from ruling.scenario.runner import run_paths

    default = default_scenarios()
    if default.is_relative_to(Path.cwd()):
        default = default.relative_to(Path.cwd())
    folders = list(paths) or [default]
    if table is None:
        first = next((p for p in folders if p.is_dir()), None)
        table = first / EXAMPLES_TABLE if first is not None and (first / EXAMPLES_TABLE).exists() else None
    examples = read_examples(table) if table is not None else None
    corpus = load_corpus_cached(_corpus_option(ctx))
    progress = _Progress("scenario runs")
    run = run_paths(folders, "en", progress=progress, corpus=corpus)
    progress.close()
    found = coverage(run, corpus, examples, str(table) if table is not None else None)
    if as_json:
        _emit_json(found.as_json(corpus))
    else:
        click.echo(f"{found.passed} of {found.runs} scenario runs passed, {found.problems} not run (errors)")
        for problem in run.problems:
            click.echo(f"ERR  {problem.where}: {problem.message}")
        for doc in found.documents:
            share = 100 * doc.covered / doc.in_scope if doc.in_scope else 0.0
            others = len(doc.demonstrated) - doc.covered
            more = f", and {others} other ids (sections, parts, out of scope)" if others else ""
            click.echo(
                f"{doc.doc} ({doc.profile}): {doc.covered} of {doc.in_scope} rule ids in scope demonstrated "
                f"({share:.1f}%){more}"
            )
            for part in doc.parts:
                click.echo(f"  {part.id:6} {part.covered:4} / {part.rules:<4} {part.title}")
            if not summary:
                for rule in sorted(doc.demonstrated, key=demonstrated_order):
                    names = ", ".join(f"{r.path}:{r.line}" for r in doc.demonstrated[rule])
                    click.echo(f"    {rule}: {names}")
            for rule, refs in sorted(doc.failing.items()):
                names = ", ".join(f"{r.path}:{r.line} [{', '.join(r.profiles)}]" for r in refs)
                click.echo(f"  cited only by failing runs: {rule}: {names}")
            counts = ", ".join(f"{n} {status}" for status, n in sorted(doc.examples.items()))
            click.echo(f"  examples: {counts or 'no table'}")
            shown = doc.open_examples if all_open else doc.open_examples[:10]
            for row in shown:
                click.echo(f"    open {row.key}: {row.detail}")
            if len(shown) < len(doc.open_examples):
                click.echo(f"    … {len(doc.open_examples) - len(shown)} more open (--all-open lists them)")
    if not run.ok:
        ctx.exit(1)


# -- show ----------------------------------------------------------------------------------------------
@cli.command("show")
@click.argument("words", nargs=-1, required=True)
@click.option("--doc", default=None, help="The document of a bare id or key: ru, ja, sr, guide, wiki.")
@click.option("--json", "as_json", is_flag=True, help="Print the rule or entry as JSON.")
@click.pass_context
def show(ctx: click.Context, words: tuple[str, ...], doc: str | None, as_json: bool) -> None:
    """Shows one rule: WORDS as ru:502.9b, ja:５０２．９ｂ, sr:d21.30, ru 502.9b, or 502.9b with --doc ru;
    or any entry by the key show and search print: ja:glossary/個別エンチャント, ru:index/…, guide:passage/3.

    Exit codes: 0 shown; 1 malformed or ambiguous input; 2 no rule or entry with that id or key."""
    from ruling.corpus.load import corpus_dir
    from ruling.lookup import show_text

    notify = lambda message: click.echo(message, err=True)  # noqa: E731
    folder = corpus_dir(_corpus_option(ctx))
    click.echo(show_text(folder, words, doc, as_json, bold=True, notify=notify), nl=False)


@cli.command("xref")
@click.argument("words", nargs=-1, required=True)
@click.option("--doc", default=None, help="The document of a bare id: ru, ja, sr, wiki.")
@click.option(
    "--json", "as_json", is_flag=True, help='Print {"id", "equivalents": [{"id", "confidence", …}]}.'
)
@click.pass_context
def xref_command(ctx: click.Context, words: tuple[str, ...], doc: str | None, as_json: bool) -> None:
    """Shows a rule's counterparts in every other document, each with a confidence from 0 to 1 and the
    evidence; a counterpart below 0.5 is a guess. WORDS: a rule id in any form show accepts."""
    from ruling.corpus.cache import load_corpus_cached
    from ruling.corpus.concordance_xref import xref
    from ruling.corpus.model import Rule
    from ruling.lookup import read_show_words

    text, doc = read_show_words(words, doc)
    loaded = load_corpus_cached(_corpus_option(ctx))
    node = _lookup(loaded, text, doc)
    if not isinstance(node, Rule):
        raise RulingError(f"{node.key} is not a numbered rule: xref links rules only")
    found = xref(loaded, node.key)
    if as_json:
        _emit_json(found.as_json())
        return
    click.secho(node.key + (f"  {node.title}" if node.title else ""), bold=True)
    if not found.equivalents:
        click.echo("no counterpart in the other documents")
    for equivalent in found.equivalents:
        label = click.style("guess", fg="yellow") if equivalent.guess else "same rule"
        click.echo(f"{label}: {equivalent.id} (confidence {equivalent.confidence:.2f})")
        for item in equivalent.evidence:
            click.echo(f"    {item}")


def _lookup(loaded: Corpus, text: str, doc: str | None = None) -> Node:
    """Finds what a judge names by text, a number of today's CR explained when it is no rule here."""
    from ruling.lookup import asked_documents
    from ruling.search.modern_numbers import today_numbers

    with today_numbers(loaded.folder, text, asked_documents(text, doc)):
        return loaded.lookup(text, doc)


@cli.command("compare")
@click.argument("words", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as JSON.")
@click.pass_context
def compare_command(ctx: click.Context, words: tuple[str, ...], as_json: bool) -> None:
    """Sets aligned rules side by side, each in its own language with the English glossary terms: one
    rule id brings its counterparts, several are compared as given (WORDS: ids in any form show accepts,
    ru 502.9b ja 502.9b as well). Marks quantities that differ (the Serbian x10 explained), the reviewed
    differences between editions, and the scenarios that show them."""
    from ruling.corpus.cache import load_corpus_cached
    from ruling.corpus.concordance_compare import compare
    from ruling.corpus.model import Rule
    from ruling.lookup import read_id_words

    asked = read_id_words(words)
    loaded = load_corpus_cached(_corpus_option(ctx))
    nodes = [_lookup(loaded, text, doc) for text, doc in asked]
    for node in nodes:
        if not isinstance(node, Rule):
            raise RulingError(f"{node.key} is not a numbered rule: compare sets rules side by side")
    keys = [node.key for node in nodes]
    scenarios = loaded.folder.parent / "scenarios"
    found = compare(loaded, keys, scenarios)
    if as_json:
        _emit_json(found.as_json())
        return
    for rule in found.rules:
        link = "" if rule.confidence is None else f"  (confidence {rule.confidence:.2f})"
        if rule.guess:
            link += click.style("  guess", fg="yellow")
        click.secho(
            f"{rule.id}  [{rule.language}]" + (f"  {rule.title}" if rule.title else ""), bold=True, nl=False
        )
        click.echo(link)
        if rule.text:
            click.echo(f"  {rule.text}")
        for example in rule.examples:
            click.echo(f"  > {example}")
        if rule.english:
            click.echo(f"  terms: {', '.join(rule.english)}")
    if found.quantities:
        click.secho("quantities", bold=True)
        for quantity in found.quantities:
            mark = click.style("differs", fg="red") if quantity.status == "differs" else quantity.status
            note = f"  {quantity.note}" if quantity.note else ""
            click.echo(f"  {quantity.value}: {mark} ({', '.join(quantity.rules)}){note}")
    for difference in found.differences:
        click.secho(f"difference: {difference.topic}", bold=True)
        click.echo(f"  {difference.difference}")
        click.echo(f"  source: {difference.source}")
    for scenario in found.scenarios:
        profiles = ", ".join(scenario.profiles)
        click.echo(f"scenario: {scenario.path}:{scenario.line}  {scenario.title}  [{profiles}]")
    for problem in found.problems:
        click.echo(f"ruling: {problem}", err=True)


# -- search --------------------------------------------------------------------------------------------
SEARCH_DOCS = ("ru", "ja", "sr", "guide", "wiki")


@cli.command("search")
@click.argument("words", nargs=-1, required=True)
@click.option(
    "--doc", default="all", type=click.Choice([*SEARCH_DOCS, "all"]), help="Search one document only."
)
@click.option("--limit", default=10, show_default=True, type=click.IntRange(1, 500), help="Results to show.")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON, best first.")
@click.option("--glossary", is_flag=True, help="Search glossary entries only.")
@click.option("--aligned", is_flag=True, help="Group the results by aligned rule across the documents.")
@click.pass_context
def search(
    ctx: click.Context,
    words: tuple[str, ...],
    doc: str,
    limit: int,
    as_json: bool,
    glossary: bool,
    aligned: bool,
) -> None:
    """Finds rules, glossary, index entries and passages: words in any document's language, English
    terms (trample, mana burn), or a rule id (ru:502.9b, 310.1с, ja:５０２．９ｂ)."""
    import sys

    from ruling.corpus.load import corpus_dir
    from ruling.search.output import search_notes, search_text
    from ruling.search.progress import LineProgress
    from ruling.search.query import search_corpus

    docs = SEARCH_DOCS if doc == "all" else (doc,)
    notify = lambda message: click.echo(message, err=True)  # noqa: E731

    def write(text: str, end: bool) -> None:
        click.echo(text, err=True, nl=end)

    progress = LineProgress("indexing", write, sys.stderr.isatty())
    folder = corpus_dir(_corpus_option(ctx))
    found = search_corpus(folder, " ".join(words), docs, limit, glossary, notify, progress)
    for note in search_notes(found, not (aligned or as_json), docs):
        click.echo(note, err=True)
    if aligned:
        _print_aligned(ctx, found.hits, as_json)
        return
    click.echo(search_text(found, as_json, color=True), nl=False)  # click strips colour off a terminal


def _print_aligned(ctx: click.Context, hits: Any, as_json: bool) -> None:
    """Prints search hits grouped by aligned rule (``ruling.corpus.concordance_groups``)."""
    from ruling.corpus.cache import load_corpus_cached
    from ruling.corpus.concordance_groups import group_aligned

    groups = group_aligned(load_corpus_cached(_corpus_option(ctx)), hits)
    if as_json:
        _emit_json([{"hits": [h.as_json() for h in g.items], "also": list(g.also)} for g in groups])
        return
    if not groups:
        click.echo("no results", err=True)
    for number, group in enumerate(groups, start=1):
        click.secho(f"{number}. {' = '.join(group.keys)}", bold=True)
        for hit in group.items:
            title = f"  {hit.title}" if hit.title else ""
            click.echo(f"    {hit.key}{title}  " + "".join(f.text for f in hit.snippet)[:100])
        if group.also:
            click.echo(click.style(f"    also: {', '.join(group.also)}", dim=True))


@cli.group("index", cls=RulingGroup)
def index_group() -> None:
    """Build the search index (otherwise built on first search)."""


@index_group.command("build")
@click.option("--json", "as_json", is_flag=True, help="Print what was indexed, where, and how long it took.")
@click.pass_context
def index_build(ctx: click.Context, as_json: bool) -> None:
    """Parses the corpus and writes the search index and the lookup store of show into the cache folder
    ($RULING_CACHE)."""
    from ruling.corpus.load import corpus_dir
    from ruling.search.index import build_all, prepare

    start = time.monotonic()
    folder = corpus_dir(_corpus_option(ctx))
    prepared = prepare(folder)
    with click.progressbar(length=len(prepared.entries), label="indexing", file=sys.stderr) as bar:
        path, store = build_all(folder, prepared, bar.update)
    entries = len(prepared.entries)
    if as_json:
        size = sum(f.stat().st_size for f in Path(path).rglob("*") if f.is_file())
        data = {
            "folder": str(path),
            "entries": entries,
            "bytes": size,
            "seconds": _seconds(start),
            "store": str(store),
        }
        _emit_json(data)
        return
    click.echo(f"indexed {entries} entries into {path}; lookups in {store}")


def _seconds(start: float) -> float:
    return round(time.monotonic() - start, 3)


# -- site ----------------------------------------------------------------------------------------------
@cli.group("site", cls=RulingGroup)
def site_group() -> None:
    """Build the static rules website."""


@site_group.command("build")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--base-url", default="", help="The URL the site is served from (canonical links, sitemap).")
@click.option(
    "--scenarios",
    "scenario_folder",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="The scenario folder (default: scenarios/ of the checkout, else of the current folder).",
)
@click.pass_context
def site_build(ctx: click.Context, folder: Path, base_url: str, scenario_folder: Path | None) -> None:
    """Builds the website into FOLDER (replaced whole, only if it is new, empty or an earlier site)."""
    import sys
    from contextlib import ExitStack

    from ruling.scenario.coverage import default_scenarios
    from ruling.sitegen.build import Progress, build_site

    with ExitStack() as stack:
        bars: list[Any] = []

        def start(total: int) -> None:
            bar = click.progressbar(length=total, label="rendering", file=sys.stderr)
            bars.append(stack.enter_context(bar))

        progress = Progress(start=start, step=lambda page: bars[0].update(1))
        report = build_site(
            folder, _corpus_option(ctx), scenario_folder or default_scenarios(), base_url, progress
        )
    phases = ", ".join(f"{name} {seconds:.2f}s" for name, seconds in report.phases.items())
    click.echo(
        f"wrote {report.pages} pages, {report.files} files ({report.bytes / 1e6:.1f} MB) to {folder}; "
        f"{report.links} internal links checked, none broken"
    )
    click.echo(f"time: {sum(report.phases.values()):.2f}s ({phases})", err=True)


def main() -> None:
    """Entry point of the console script."""
    cli.main(prog_name="ruling")


if __name__ == "__main__":  # pragma: no cover
    main()
