"""The ``ruling`` command: the only place that prints or sets an exit code.

Library code raises RulingError; ``RulingGroup`` catches it once, prints it and exits with its code.
Heavy modules (the parsers, whoosh, the engine) are imported inside the commands that need them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ruling.errors import RulingError

if TYPE_CHECKING:
    from ruling.corpus.load import Corpus
    from ruling.corpus.model import GlossaryEntry, IndexEntry, Passage


class RulingGroup(click.Group):
    """A click group that turns RulingError into a one-line message and its exit code."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except RulingError as exc:
            click.echo(f"ruling: {exc}", err=True)
            ctx.exit(exc.exit_code)


def _emit_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True))


def _corpus_option(ctx: click.Context) -> str | None:
    folder: str | None = ctx.find_root().params.get("corpus")
    return folder


@click.group(cls=RulingGroup)
@click.option(
    "--corpus",
    type=click.Path(file_okay=False, path_type=str),
    default=None,
    help="The rules corpus folder (default: $RULING_CORPUS, else rules_corpus/ of the checkout).",
)
@click.version_option(package_name="ruling")
def cli(corpus: str | None) -> None:
    """ruling: the exact rule, fast, in the judge's language."""


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
@click.pass_context
def corpus_export(ctx: click.Context, folder: Path) -> None:
    """Writes the parsed corpus as deterministic JSON into FOLDER (replaced whole)."""
    from ruling.corpus.export import export_corpus
    from ruling.corpus.load import load_corpus

    written = export_corpus(load_corpus(_corpus_option(ctx)), folder)
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

    results = run_paths(list(paths), lang, _corpus_option(ctx))
    if update_golden:
        for written in write_golden(results):
            click.echo(f"wrote {written}", err=True)
    elif golden:
        checked = check_golden(results)
        click.echo(f"compared {len(checked)} golden trace file(s)", err=True)
    summary = report(results)
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
        click.echo(f"{summary['passed']} passed, {summary['failed']} failed, {summary['total']} total")
    if summary["failed"]:
        ctx.exit(1)


# -- show ----------------------------------------------------------------------------------------------
@cli.command("show")
@click.argument("rule_id")
@click.option("--doc", default=None, help="The document of a bare id or key: ru, ja, sr, guide, wiki.")
@click.option("--json", "as_json", is_flag=True, help="Print the rule or entry as JSON.")
@click.pass_context
def show(ctx: click.Context, rule_id: str, doc: str | None, as_json: bool) -> None:
    """Shows one rule: RULE_ID as ru:502.9b, ja:５０２．９ｂ, sr:d21.30, or 502.9b with --doc ru; or any
    entry by the key show and search print: ja:glossary/個別エンチャント, ru:index/…, guide:passage/3.

    Exit codes: 0 shown; 1 malformed or ambiguous input; 2 no rule or entry with that id or key."""
    from ruling.corpus.cache import load_corpus_cached
    from ruling.corpus.concordance import counterparts
    from ruling.corpus.export import rule_json
    from ruling.corpus.model import Rule

    loaded = load_corpus_cached(_corpus_option(ctx))
    node = loaded.lookup(rule_id, doc)
    if not isinstance(node, Rule):
        _show_entry(loaded, node, as_json)
        return
    rule = node
    same = counterparts(loaded, rule.key)
    data = rule_json(loaded, rule, same)
    if as_json:
        _emit_json(data)
        return
    heading = rule.key + (f"  {rule.title}" if rule.title else "")
    if rule.title_en:
        heading += f" ({rule.title_en})"
    click.secho(heading, bold=True)
    if rule.text:
        click.echo(rule.text)
    for example in data["examples"]:
        click.echo(f"  > {example}")
    for note in data["notes"]:
        click.echo(f"  * {note}")
    for label, field in (("cites", "refs"), ("cited by", "cited_by"), ("children", "children")):
        if data[field]:
            click.echo(f"{label}: {', '.join(data[field])}")
    for number, other in enumerate(same):
        label = "same rule in: " if number == 0 else " " * len("same rule in: ")
        click.echo(f"{label}{other.id} ({other.confidence}, {other.reason})")
    click.echo(f"source: {data['source']}")


def _show_entry(loaded: Corpus, entry: GlossaryEntry | IndexEntry | Passage, as_json: bool) -> None:
    """Prints a glossary entry, index entry or passage: its term or title, text and references."""
    from ruling.corpus.export import entry_json

    data = entry_json(loaded, entry)
    if as_json:
        _emit_json(data)
        return
    heading = data.get("term") or data.get("title") or ""
    if data.get("term_en"):
        heading += f" ({data['term_en']})"
    click.secho(f"{entry.key}  {heading}".rstrip(), bold=True)
    if data.get("parent"):
        click.echo(f"under: {data['parent']}")
    if data.get("text"):
        click.echo(data["text"])
    for example in data.get("examples", []):
        click.echo(f"  > {example}")
    if data.get("tags"):
        click.echo(f"tags: {', '.join(data['tags'])}")
    if data.get("ref_text"):
        click.echo(f"refers to: {data['ref_text']}")
    cites = data["refs"] if "refs" in data else loaded.cites.get(entry.key, [])
    for label, keys in (("cites", cites), ("cited by", loaded.cited_by.get(entry.key, []))):
        if keys:
            click.echo(f"{label}: {', '.join(keys)}")
    click.echo(f"source: {data['source']}")


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
@click.pass_context
def search(
    ctx: click.Context, words: tuple[str, ...], doc: str, limit: int, as_json: bool, glossary: bool
) -> None:
    """Finds rules, glossary, index entries and passages: words in any document's language, English
    terms (trample, mana burn), or a rule id (ru:502.9b, 310.1с, ja:５０２．９ｂ)."""
    from ruling.corpus.load import corpus_dir
    from ruling.search.query import search_corpus

    docs = SEARCH_DOCS if doc == "all" else (doc,)
    notify = lambda message: click.echo(message, err=True)  # noqa: E731
    found = search_corpus(corpus_dir(_corpus_option(ctx)), " ".join(words), docs, limit, glossary, notify)
    if found.suggestion:
        click.echo(f"did you mean: {found.suggestion}?", err=True)
    if as_json:
        _emit_json([hit.as_json() for hit in found.hits])
        return
    if not found.hits:
        click.echo("no results", err=True)
    for hit in found.hits:
        title = f"  {hit.title}" if hit.title else ""
        context = click.style(f"  ({hit.context})", dim=True) if hit.context and not hit.title else ""
        kind = click.style(f"  [{hit.kind}]", dim=True)
        click.echo(click.style(hit.key, bold=True) + title + context + kind)
        snippet = "".join(
            click.style(f.text, fg="yellow", bold=True) if f.match else f.text for f in hit.snippet
        )
        if snippet:
            click.echo(f"    {snippet}")


@cli.group("index", cls=RulingGroup)
def index_group() -> None:
    """Build the search index (otherwise built on first search)."""


@index_group.command("build")
@click.pass_context
def index_build(ctx: click.Context) -> None:
    """Parses the corpus and writes the search index into the cache folder ($RULING_CACHE)."""
    import sys

    from ruling.corpus.load import corpus_dir
    from ruling.search.index import build_index, load_entries

    folder = corpus_dir(_corpus_option(ctx))
    entries = load_entries(folder)
    with click.progressbar(length=len(entries), label="indexing", file=sys.stderr) as bar:
        path = build_index(folder, entries, bar.update)
    click.echo(f"indexed {len(entries)} entries into {path}")


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
    help="The scenario folder (default: scenarios/ of the checkout).",
)
@click.pass_context
def site_build(ctx: click.Context, folder: Path, base_url: str, scenario_folder: Path | None) -> None:
    """Builds the website into FOLDER (replaced whole, only if it is new, empty or an earlier site)."""
    import sys
    from contextlib import ExitStack

    from ruling.sitegen.build import DEFAULT_SCENARIOS, Progress, build_site

    with ExitStack() as stack:
        bars: list[Any] = []

        def start(total: int) -> None:
            bar = click.progressbar(length=total, label="rendering", file=sys.stderr)
            bars.append(stack.enter_context(bar))

        progress = Progress(start=start, step=lambda page: bars[0].update(1))
        report = build_site(
            folder, _corpus_option(ctx), scenario_folder or DEFAULT_SCENARIOS, base_url, progress
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
