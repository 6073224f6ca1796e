"""The ``ruling`` console script: a fast start for ``ruling show``, everything else through click.

A judge types ``ruling show 502.9b`` many times an hour, so that command is answered without importing
click or the parsers: the words are read here, the node is found in the lookup store (``ruling.lookup``)
and printed exactly as the click command prints it (same renderer). Any other command, any option this
path does not know (``--help``, ``-h``…), shell completion, or anything unusual goes to the click command
of ``ruling.cli``.
"""

from __future__ import annotations

import os
import sys

from ruling.errors import RulingError

_DOC_OPTION = "--doc"


def _fast_show(args: list[str]) -> tuple[str | None, list[str], str | None, bool] | None:
    """Reads ``[--corpus DIR] show WORDS… [--doc DOC] [--json]``; returns (corpus, words, doc, json), or
    None when the command line is anything else."""
    corpus = None
    if args[:1] == ["--corpus"] and len(args) >= 2:
        corpus, args = args[1], args[2:]
    elif args[:1] and args[0].startswith("--corpus="):
        corpus, args = args[0].split("=", 1)[1], args[1:]
    if args[:1] != ["show"]:
        return None
    words: list[str] = []
    doc = None
    as_json = False
    rest = iter(args[1:])
    for arg in rest:
        if arg == "--json":
            as_json = True
        elif arg == _DOC_OPTION:
            doc = next(rest, None)
            if doc is None:
                return None
        elif arg.startswith(f"{_DOC_OPTION}="):
            doc = arg.split("=", 1)[1]
        elif arg == "--":
            words += list(rest)
        elif arg.startswith("-") and not arg[1:2].isdigit():
            return None
        else:
            words.append(arg)
    return (corpus, words, doc, as_json) if words else None


def main() -> None:
    """Entry point of the console script."""
    parsed = None if os.environ.get("_RULING_COMPLETE") else _fast_show(sys.argv[1:])
    if parsed is None:
        from ruling.cli import main as click_main

        click_main()
        return
    from ruling.lookup import corpus_folder, show_text

    corpus, words, doc, as_json = parsed
    bold = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    try:
        text = show_text(corpus_folder(corpus), words, doc, as_json, bold, notify=_to_stderr)
    except RulingError as exc:
        _to_stderr(f"ruling: {exc}")
        sys.exit(exc.exit_code)
    sys.stdout.write(text)
    sys.stdout.flush()


def _to_stderr(message: str) -> None:
    sys.stderr.write(message + "\n")
    sys.stderr.flush()


if __name__ == "__main__":  # pragma: no cover
    main()
