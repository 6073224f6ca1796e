"""The one error hierarchy of ruling; the CLI catches RulingError once and prints it."""

from __future__ import annotations


class RulingError(Exception):
    """Base of every error ruling raises on purpose; carries its exit code."""

    exit_code = 1

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class SourceError(RulingError):
    """An error located in a file: names the file, the line and what was expected."""

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path = path
        self.line = line
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {message}")


class NotationError(SourceError):
    """A scenario, card or setup text that does not follow its notation."""


class CorpusError(RulingError):
    """The rules corpus or its manifest cannot be read."""


class RuleIdError(RulingError):
    """A text that is not a rule id of the named document."""


class UnknownRuleError(RulingError):
    """A well-formed rule id that names no rule; offers the nearest ids."""

    exit_code = 2

    def __init__(self, rule_id: str, nearest: list[str], today: str = "") -> None:
        self.rule_id = rule_id
        self.nearest = nearest
        self.today = today
        """What today's Comprehensive Rules call the number and where the documents hold its subject; it
        replaces the nearest ids, which are then no help."""
        hint = f"; {today}" if today else f"; nearest: {', '.join(nearest)}" if nearest else ""
        super().__init__(f"no rule {rule_id}{hint}")


class UnknownKeyError(RulingError):
    """A well-formed key of a glossary entry, index entry or passage that names nothing; offers the nearest
    keys."""

    exit_code = 2

    def __init__(self, key: str, nearest: list[str]) -> None:
        self.key = key
        self.nearest = nearest
        hint = f"; nearest: {', '.join(nearest)}" if nearest else ""
        super().__init__(f"no entry {key}{hint}")


class AmbiguousReferenceError(RulingError):
    """A reference (an unqualified id, an alias) that fits more than one thing."""


class EndlessLoopError(RulingError):
    """The game came back to the same position again and again without any choice to stop it."""

    def __init__(self, message: str, rules: tuple[str, ...] = ()) -> None:
        self.rules = rules
        cite = f" ({', '.join(rules)})" if rules else ""
        super().__init__(f"{message}{cite}")


class IllegalActionError(RulingError):
    """An action the rules forbid; names the rule that forbids it."""

    def __init__(self, message: str, rules: tuple[str, ...] = ()) -> None:
        self.rules = rules
        cite = f" ({', '.join(rules)})" if rules else ""
        super().__init__(f"{message}{cite}")


class SearchError(RulingError):
    """A query that cannot be run, or an index that cannot be built."""


class OutputError(RulingError):
    """A file or folder ruling was asked to write that it must not or cannot write; names the path."""
