"""Parses scenario Markdown with markdown-it-py: headings and prose for people, fenced blocks for the engine.

A scenario starts at each ``scenario`` block and takes the nearest heading above it as its title; the blocks
after it (``cards``, ``setup``, ``script``, ``expect``; ``script PROFILE…`` and ``expect PROFILE…`` for those
profiles only) belong to it until the next ``scenario`` block. ``cards`` blocks before the first scenario are
shared by all scenarios of the file.
"""

from __future__ import annotations

from pathlib import Path

from markdown_it import MarkdownIt

from ruling.engine.card_data import parse_cards, starter_library
from ruling.engine.cards import CardDef
from ruling.engine.profiles import PROFILES
from ruling.errors import NotationError, RuleIdError
from ruling.fsutil import read_text_file
from ruling.ids import RuleId
from ruling.numbers import SEED_LIMIT, read_whole
from ruling.scenario.model import Block, Scenario

BLOCK_KINDS = ("scenario", "cards", "setup", "script", "expect")
MAX_FILE_BYTES = 1 << 20
"""The largest scenario file: a hundred times the largest the project has."""
MAX_LINE = 10_000


def parse_file(path: Path | str) -> list[Scenario]:
    """Reads a scenario file and returns its scenarios."""
    return parse_text(read_text_file(Path(path), MAX_FILE_BYTES, NotationError), str(path))


def holds_scenario(text: str) -> bool:
    """Tells whether a Markdown text has a ```scenario block of its own (not one shown inside another
    fence, as documentation does)."""
    return any(t.type == "fence" and t.info.split()[:1] == ["scenario"] for t in _markdown().parse(text))


def _markdown() -> MarkdownIt:
    return MarkdownIt("commonmark")


def parse_text(text: str, path: str) -> list[Scenario]:
    """Parses the Markdown text of a scenario file named path."""
    for number, line in enumerate(text.splitlines(), 1):
        if len(line) > MAX_LINE:
            raise NotationError(path, number, f"expected a line of at most {MAX_LINE:,} characters")
    tokens = _markdown().parse(text)
    shared: dict[str, CardDef] = {}
    scenarios: list[Scenario] = []
    heading = ""
    for index, token in enumerate(tokens):
        if token.type == "heading_open":
            heading = tokens[index + 1].content.strip()
            continue
        if token.type != "fence" or token.map is None:
            continue
        info = token.info.split()
        kind = info[0] if info else ""
        first = token.map[0] + 2
        if kind not in BLOCK_KINDS:
            continue
        lines = tuple((first + n, line) for n, line in enumerate(token.content.splitlines()) if _strip(line))
        if kind == "scenario":
            scenarios.append(_meta(path, token.map[0] + 1, heading, lines, shared))
            continue
        if kind == "cards":
            cards = parse_cards(token.content, path, first)
            (scenarios[-1].cards if scenarios else shared).update(cards)
            continue
        if not scenarios:
            raise NotationError(path, token.map[0] + 1, f"a {kind} block must follow a scenario block")
        scenario = scenarios[-1]
        for profile in info[1:]:
            if profile not in scenario.profiles:
                raise NotationError(
                    path,
                    token.map[0] + 1,
                    f"expected profiles of the scenario {scenario.profiles}, got {profile!r}",
                )
        block = Block(kind, tuple(info[1:]), lines, token.map[0] + 1)
        if kind == "setup":
            if scenario.setup is not None:
                raise NotationError(path, block.line, "expected one setup block per scenario")
            scenario.setup = block
        else:
            scenario.blocks.append(block)
    if not scenarios:
        raise NotationError(path, 1, "expected at least one ```scenario block")
    for scenario in scenarios:
        if scenario.setup is None:
            raise NotationError(path, scenario.line, "expected a ```setup block after the scenario block")
    return scenarios


def _strip(line: str) -> str:
    return line.split("#", 1)[0].strip() if not line.lstrip().startswith("#") else ""


def _meta(
    path: str, line: int, title: str, lines: tuple[tuple[int, str], ...], shared: dict[str, CardDef]
) -> Scenario:
    fields: dict[str, tuple[int, str]] = {}
    for number, raw in lines:
        key, sep, value = _strip(raw).partition(":")
        if not sep or key.strip() not in ("profiles", "profile", "rules", "seed", "refused"):
            raise NotationError(
                path, number, f"expected 'profiles:', 'rules:', 'seed:' or 'refused:', got {raw.strip()!r}"
            )
        fields[key.strip().rstrip("s") + "s"] = (number, value.strip())
    if "profiles" not in fields or "rules" not in fields:
        raise NotationError(path, line, "expected a scenario block with 'profiles:' and 'rules:'")
    number, value = fields["profiles"]
    profiles = [p.strip() for p in value.split(",") if p.strip()]
    for profile in profiles:
        if profile not in PROFILES:
            raise NotationError(path, number, f"expected a profile of {', '.join(PROFILES)}, got {profile!r}")
    number, value = fields["rules"]
    rules_line = number
    rules: list[str] = []
    for text in value.replace(",", " ").split():
        try:
            rules.append(str(RuleId.parse(text)))
        except RuleIdError as exc:
            raise NotationError(path, number, f"expected qualified rule ids like ru:502.9b: {exc}") from None
    seed = 0
    if "seeds" in fields:
        number, value = fields["seeds"]
        seed = read_whole(value, "the seed", (path, number), high=SEED_LIMIT)
    refused: list[str] = []
    if "refuseds" in fields:
        number, value = fields["refuseds"]
        refused = [p.strip() for p in value.split(",") if p.strip()]
        if stray := [p for p in refused if p not in profiles]:
            raise NotationError(path, number, f"expected refused profiles among {profiles}, got {stray}")
    cards = dict(starter_library())
    cards.update(shared)
    scenario = Scenario(path, line, title, profiles, rules, seed, cards, rules_line)
    scenario.refused = refused
    return scenario
