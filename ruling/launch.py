"""The ``ruling`` console script: a fast start for ``ruling show`` and ``ruling search``, everything else
through click.

A judge types ``ruling show 502.9b`` and ``ruling search …`` many times an hour, so these commands are
answered without importing click or the parsers: the words are read here, the node is found in the lookup
store (``ruling.lookup``) or the query run on the search store (``ruling.search.store``), and printed
exactly as the click command prints it (same renderers). Any other command, any option this path does not
know (``--help``, ``-h``, ``--aligned``…), an option value the click command would refuse, a search index
that must first be built, shell completion, or anything unusual goes to the click command of
``ruling.cli``.
"""

from __future__ import annotations

import os
import sys

from ruling.errors import RulingError

_DOC_OPTION = "--doc"
Parsed = tuple[list[str], dict[str, str]]


def _corpus_and_command(args: list[str]) -> tuple[str | None, list[str]]:
    """Splits a leading ``--corpus DIR`` (or ``--corpus=DIR``) off the command line."""
    if args[:1] == ["--corpus"] and len(args) >= 2:
        return args[1], args[2:]
    if args[:1] and args[0].startswith("--corpus="):
        return args[0].split("=", 1)[1], args[1:]
    return None, args


def _words_and_options(args: list[str], valued: tuple[str, ...], flags: tuple[str, ...]) -> Parsed | None:
    """Reads WORDS with the options valued (each taking a value) and flags after a command name; returns
    the words and the options given (a flag as ""), or None for anything else."""
    words: list[str] = []
    options: dict[str, str] = {}
    rest = iter(args[1:])
    for arg in rest:
        name = arg.split("=", 1)[0]
        if arg in flags:
            options[arg] = ""
        elif name in valued:
            value = arg.split("=", 1)[1] if "=" in arg else next(rest, None)
            if value is None:
                return None
            options[name] = value
        elif arg == "--":
            words += list(rest)
        elif arg.startswith("-") and not arg[1:2].isdigit():
            return None
        else:
            words.append(arg)
    return (words, options) if words else None


def _fast_show(args: list[str]) -> tuple[str | None, list[str], str | None, bool] | None:
    """Reads ``[--corpus DIR] show WORDS… [--doc DOC] [--json]``; returns (corpus, words, doc, json), or
    None when the command line is anything else."""
    corpus, args = _corpus_and_command(args)
    if args[:1] != ["show"]:
        return None
    parsed = _words_and_options(args, (_DOC_OPTION,), ("--json",))
    if parsed is None:
        return None
    words, options = parsed
    return corpus, words, options.get(_DOC_OPTION), "--json" in options


def _fast_search(args: list[str]) -> tuple[str | None, str, tuple[str, ...], int, bool, bool] | None:
    """Reads ``[--corpus DIR] search WORDS… [--doc DOC] [--limit N] [--json] [--glossary]`` with values the
    click command accepts; returns (corpus, query, documents, limit, json, glossary), or None when the
    command line is anything else."""
    corpus, args = _corpus_and_command(args)
    if args[:1] != ["search"]:
        return None
    parsed = _words_and_options(args, (_DOC_OPTION, "--limit"), ("--json", "--glossary"))
    if parsed is None:
        return None
    from ruling.search.query import DOCUMENTS

    words, options = parsed
    doc, limit = options.get(_DOC_OPTION, "all"), options.get("--limit", "10")
    if doc not in (*DOCUMENTS, "all") or not limit.isascii() or not limit.isdigit():
        return None
    if not 1 <= int(limit) <= 500:
        return None
    docs = DOCUMENTS if doc == "all" else (doc,)
    return corpus, " ".join(words), docs, int(limit), "--json" in options, "--glossary" in options


def main() -> None:
    """Entry point of the console script."""
    args = [] if os.environ.get("_RULING_COMPLETE") else sys.argv[1:]
    try:
        done = _run_show(args) or _run_search(args)
    except RulingError as exc:
        _to_stderr(f"ruling: {exc}")
        sys.exit(exc.exit_code)
    if not done:
        from ruling.cli import main as click_main

        click_main()


def _run_show(args: list[str]) -> bool:
    parsed = _fast_show(args)
    if parsed is None:
        return False
    from ruling.lookup import corpus_folder, show_text

    corpus, words, doc, as_json = parsed
    bold = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    text = show_text(corpus_folder(corpus), words, doc, as_json, bold, notify=_to_stderr)
    sys.stdout.write(text)
    sys.stdout.flush()
    return True


def _run_search(args: list[str]) -> bool:
    """Runs a search when the index is whole (a build, with its progress and messages, is left to the
    click command)."""
    parsed = _fast_search(args)
    if parsed is None:
        return False
    from ruling.lookup import corpus_folder
    from ruling.search.index import whole_store
    from ruling.search.output import search_notes, search_text
    from ruling.search.query import check_query, search

    corpus, text, docs, limit, as_json, glossary = parsed
    text = check_query(text, docs)
    store = whole_store(corpus_folder(corpus))
    if store is None:
        return False
    found = search(store, text, docs, limit, glossary)
    for note in search_notes(found, not as_json, docs):
        _to_stderr(note)
    color = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    sys.stdout.write(search_text(found, as_json, color))
    sys.stdout.flush()
    return True


def _to_stderr(message: str) -> None:
    sys.stderr.write(message + "\n")
    sys.stderr.flush()


if __name__ == "__main__":  # pragma: no cover
    main()
