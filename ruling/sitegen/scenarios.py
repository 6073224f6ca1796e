"""Scenario pages: the prose of each scenario file, and for each scenario its runs under each profile with
the board before and after laid out by zones and the trace in the language of the profile's document. A file
has one page per language of its runs (``scenarios/ru/combat-trample.html``), holding the runs in that
language with the interface around them in it too, so a judge reads it whole in the language of their rules.

A file that cannot be read or parsed still gets its page, with the error; one bad file never stops the
others. Scenarios are run with the public runner (``ruling.scenario.runner.run_scenario``).
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

from markdown_it import MarkdownIt
from markupsafe import Markup

from ruling.cache import PACKAGE, cache_root, code_digest
from ruling.corpus.load import Corpus, corpus_digest
from ruling.engine.control import controller_of
from ruling.engine.layers import characteristics_under
from ruling.engine.profiles import Profile, get_profile
from ruling.engine.state import GameObject, GameState
from ruling.engine.trace import LANGUAGES, Event, render
from ruling.errors import RulingError
from ruling.fsutil import write_bytes_atomic
from ruling.ids import RuleId
from ruling.scenario.coverage import demonstrations
from ruling.scenario.format import BLOCK_KINDS, parse_text
from ruling.scenario.model import Result, Scenario
from ruling.scenario.runner import collect_paths, run_scenario
from ruling.scenario.setup import parse_setup
from ruling.sitegen.model import (
    BoardView,
    CardView,
    CodePart,
    LinkView,
    PlayerView,
    ProsePart,
    RunView,
    ScenarioPart,
    ScenarioView,
    TraceLine,
)
from ruling.sitegen.strings import step_name, ui

MarkdownRender = Callable[[str], str]
PROSE_LANG = "en"
"""The language scenario files are written in (their prose and titles; docs/scenarios.md)."""


def markdown() -> MarkdownIt:
    """Returns the Markdown renderer of the site: CommonMark, raw HTML off (it is shown as text), images
    off (the site makes no external requests)."""
    return MarkdownIt("commonmark", {"html": False}).disable("image")


@dataclass(frozen=True)
class ScenarioFile:
    """The pages of one scenario file: slug names them (``combat-trample``), one per language of its runs."""

    slug: str
    name: str
    area: str
    title: str
    parts: tuple[ScenarioPart, ...]
    demonstrated: tuple[tuple[str, int], ...] = ()
    """The rules its scenarios demonstrate (ruling.scenario.coverage), each with the line of the scenario
    that does."""

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages of its runs in their first order; English for a file that ran nothing (an error)."""
        found = dict.fromkeys(
            run.lang for part in self.parts if isinstance(part, ScenarioView) for run in part.runs
        )
        return tuple(found) or ("en",)

    def path(self, lang: str) -> str:
        """Returns the page of the file in lang, or in its first language if it has none in lang."""
        return scenario_page(self.slug, lang if lang in self.languages else self.languages[0])


@dataclass
class ScenarioCollection:
    files: list[ScenarioFile] = field(default_factory=list)
    citing: dict[str, list[LinkView]] = field(default_factory=dict)
    """Maps a rule key to the scenarios that cite it."""
    demonstrated: dict[str, list[LinkView]] = field(default_factory=dict)
    """Maps a rule key to the scenarios that demonstrate it: their run under the rule's document passed
    (ruling.scenario.coverage, as ``ruling scenario coverage`` counts it)."""


def scenario_slug(root: Path, file: Path) -> str:
    return "-".join(file.relative_to(root).with_suffix("").parts)


def scenario_page(slug: str, lang: str) -> str:
    return f"scenarios/{lang}/{slug}.html"


def collect_scenarios(
    folder: Path | None, corpus: Corpus, hrefs: Mapping[str, str], previews: Mapping[str, str]
) -> ScenarioCollection:
    """Parses and runs every scenario file under folder (none if folder is None or missing). The page of
    each file is kept in the per-user cache, keyed by its content, the corpus and the code: a build runs
    again only the files that changed. A rule links the scenarios on the page in its document's language."""
    collection = ScenarioCollection()
    if folder is None or not folder.is_dir():
        return collection
    store = cache_root() / f"site-scenarios-{_run_key(corpus, hrefs, previews)}.pickle"
    kept = _read_kept(store)
    made: dict[str, ScenarioFile] = {}

    def language(key: str) -> str:
        document = corpus.documents.get(key.partition(":")[0])
        return document.info.language if document is not None else "en"

    for file in collect_paths([folder]).files:
        slug = scenario_slug(folder, file)
        key = _file_key(slug, file)
        built = kept.get(key) if key else None
        if built is None:
            built = _file_page(folder, file, slug, corpus, hrefs, previews)
        if key:
            made[key] = built
        collection.files.append(built)
        views = {part.line: part for part in built.parts if isinstance(part, ScenarioView)}
        for part in views.values():
            for rule in part.rules:
                href = f"{built.path(language(rule.label))}#{part.anchor}"
                link = LinkView(part.title, href, lang=PROSE_LANG)
                collection.citing.setdefault(rule.label, []).append(link)
        for label, line in built.demonstrated:
            if line in views:
                href = f"{built.path(language(label))}#{views[line].anchor}"
                link = LinkView(views[line].title, href, lang=PROSE_LANG)
                collection.demonstrated.setdefault(label, []).append(link)
    if made.keys() != kept.keys():
        _keep(store, made)
    return collection


def _run_key(corpus: Corpus, hrefs: Mapping[str, str], previews: Mapping[str, str]) -> str:
    """Returns what a scenario page depends on besides its file: the corpus, the links and previews of
    its rules, the code and card data that parse, run and lay it out, and the interface strings the
    page holds."""
    strings = sorted((PACKAGE / "sitegen" / "site" / "ui").glob("*.toml"))
    code = code_digest(
        "ids.py",
        "analyzers.py",
        "corpus",
        "engine",
        "engine/library.toml",
        "scenario",
        "sitegen",
        *(path.relative_to(PACKAGE).as_posix() for path in strings),
    )
    digest = hashlib.sha256(f"{corpus_digest(corpus.folder)}:{code}".encode())
    for key in sorted(hrefs):
        digest.update(f"\0{key}\0{hrefs[key]}\0{previews.get(key, '')}".encode())
    return digest.hexdigest()[:20]


def _file_key(slug: str, file: Path) -> str:
    """Returns the key of a scenario file's pages in the store (their slug and the file's content), or ""
    when the file cannot be read (its page then shows why, and is not kept)."""
    try:
        data = file.read_bytes()
    except OSError:
        return ""
    return hashlib.sha256(slug.encode() + b"\0" + data).hexdigest()


def _read_kept(store: Path) -> dict[str, ScenarioFile]:
    """Returns the scenario pages an earlier build kept (none if the store is missing or damaged)."""
    try:
        with store.open("rb") as handle:
            found = pickle.load(handle)
    except Exception:  # unpickling garbage can raise almost anything: a damaged store is only a miss
        return {}
    if not isinstance(found, dict):
        return {}
    return {k: v for k, v in found.items() if isinstance(k, str) and isinstance(v, ScenarioFile)}


def _keep(store: Path, pages: dict[str, ScenarioFile]) -> None:
    """Keeps the pages of this build in the store, and drops the stores of other corpora or code."""
    with suppress(OSError, pickle.PicklingError):
        write_bytes_atomic(store, pickle.dumps(pages, protocol=pickle.HIGHEST_PROTOCOL))
        for other in store.parent.glob("site-scenarios-*.pickle"):
            if other != store:
                other.unlink(missing_ok=True)


def _file_page(
    folder: Path,
    file: Path,
    slug: str,
    corpus: Corpus,
    hrefs: Mapping[str, str],
    previews: Mapping[str, str],
) -> ScenarioFile:
    area = file.relative_to(folder).parts[0] if len(file.relative_to(folder).parts) > 1 else ""
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        error = ScenarioView("S-error", file.name, 0, (), (), f"{file}: cannot read: {exc}")
        return ScenarioFile(slug, file.name, area, file.stem, (error,))
    md = markdown()
    title = next((line.lstrip("#").strip() for line in text.splitlines() if line.startswith("# ")), file.stem)
    try:
        scenarios = {s.line: s for s in parse_text(text, str(file))}
    except RulingError as exc:
        error = ScenarioView("S-error", title, 0, (), (), str(exc))
        return ScenarioFile(slug, file.name, area, title, (ProsePart(_markup(md.render(text))), error))
    lines = text.splitlines(keepends=True)
    parts: list[ScenarioPart] = []
    results: list[Result] = []
    position = 0
    for token in md.parse(text):
        if token.type != "fence" or token.map is None:
            continue
        info = token.info.split()
        kind = info[0] if info else ""
        if kind not in BLOCK_KINDS:
            continue
        start, end = token.map
        if start > position:
            parts.append(ProsePart(_markup(md.render("".join(lines[position:start])))))
        position = end
        if kind == "scenario":
            scenario = scenarios.get(start + 1)
            if scenario is not None:
                parts.append(_scenario_view(scenario, corpus, hrefs, previews, results))
        else:
            parts.append(CodePart(kind, info[1] if len(info) > 1 else "", token.content))
    if position < len(lines):
        parts.append(ProsePart(_markup(md.render("".join(lines[position:])))))
    shown, _ = demonstrations(results)
    demonstrated = tuple(
        (_rule_link(key, hrefs, previews).label, ref.line) for key, refs in shown.items() for ref in refs
    )
    return ScenarioFile(slug, file.name, area, title, tuple(parts), demonstrated)


def _markup(html: str) -> Markup:
    return Markup(html)


def _rule_link(key: str, hrefs: Mapping[str, str], previews: Mapping[str, str]) -> LinkView:
    try:
        key = str(RuleId.parse(key))
    except RulingError:
        return LinkView(key, "")
    return LinkView(key, hrefs.get(key, ""), previews.get(key, ""))


def _scenario_view(
    scenario: Scenario,
    corpus: Corpus,
    hrefs: Mapping[str, str],
    previews: Mapping[str, str],
    results: list[Result],
) -> ScenarioView:
    rules = tuple(_rule_link(key, hrefs, previews) for key in scenario.rules)
    anchor = f"S{scenario.line}"
    runs: list[RunView] = []
    try:
        for name in scenario.profiles:
            runs.append(_run(scenario, name, corpus, hrefs, previews, results))
    except RulingError as exc:
        return ScenarioView(anchor, scenario.title, scenario.line, rules, tuple(runs), str(exc))
    return ScenarioView(anchor, scenario.title, scenario.line, rules, tuple(runs))


def _run(
    scenario: Scenario,
    name: str,
    corpus: Corpus,
    hrefs: Mapping[str, str],
    previews: Mapping[str, str],
    results: list[Result],
) -> RunView:
    profile = get_profile(name)
    lang = corpus.documents[profile.doc].info.language if profile.doc in corpus.documents else "en"
    before = None
    if scenario.setup is not None:
        setup = parse_setup(scenario.setup.lines, scenario.path, scenario.cards, profile, scenario.seed)
        before = board(setup.state, setup.aliases, profile, lang)
    result = run_scenario(scenario, name, lang, corpus)
    results.append(result)
    after = board(result.state, result.aliases, profile, lang) if result.state is not None else None
    trace = tuple(
        TraceLine(
            render(Event(event.kind, event.args), lang),
            tuple(_rule_link(key, hrefs, previews) for key in event.rules),
        )
        for event in result.events
    )
    failure = ui(lang)["failure"]
    failures = tuple(
        failure.format(line=f.line, expected=f.expected, actual=f.actual) for f in result.failures
    )
    return RunView(name, lang, result.passed, failures, before, after, trace)


def board(state: GameState, aliases: Mapping[str, int], profile: Profile, lang: str) -> BoardView:
    """Lays out a position as a judge reads it: each player's life, library, hand, lands, creatures, other
    permanents, graveyard, removed cards and sideboard, and the stack top first."""
    words = ui(lang)
    alias_of = {obj: alias for alias, obj in aliases.items()}

    def view(obj_id: int) -> CardView:
        obj = state.objects[obj_id]
        return _card(state, obj, alias_of.get(obj_id, ""), profile, words)

    players: list[PlayerView] = []
    for index, player in enumerate(state.players):
        mine = [
            i for i in state.in_play if i in state.objects and controller_of(state, state.objects[i]) == index
        ]
        lands = [i for i in mine if "land" in _types(state, state.objects[i], profile)]
        creatures = [
            i for i in mine if i not in lands and "creature" in _types(state, state.objects[i], profile)
        ]
        others = [i for i in mine if i not in lands and i not in creatures]
        players.append(
            PlayerView(
                name=player.name,
                life=player.life,
                active=index == state.active,
                library=len(player.library),
                hand=tuple(view(i) for i in player.hand),
                lands=tuple(view(i) for i in lands),
                creatures=tuple(view(i) for i in creatures),
                others=tuple(view(i) for i in others),
                graveyard=tuple(view(i) for i in player.graveyard),
                removed=tuple(view(i) for i in player.removed),
                sideboard=tuple(view(i) for i in player.sideboard),
            )
        )
    stack = tuple(item.label for item in reversed(state.stack))
    result = ""
    trace_lang = lang if lang in LANGUAGES else "en"
    if state.winner is not None:
        result = render(Event("win", {"player": state.players[state.winner].name}), trace_lang)
    elif state.draw_game:
        result = render(Event("draw_game"), trace_lang)
    return BoardView(state.turn, step_name(str(state.step), lang), tuple(players), stack, result)


def _types(state: GameState, obj: GameObject, profile: Profile) -> tuple[str, ...]:
    try:
        return characteristics_under(state, obj, profile).types
    except RulingError:
        return obj.card.types


def _card(
    state: GameState, obj: GameObject, alias: str, profile: Profile, words: Mapping[str, str]
) -> CardView:
    try:
        chars = characteristics_under(state, obj, profile)
        name, types, power, toughness = chars.name, chars.types, chars.power, chars.toughness
    except RulingError:
        name, types, power, toughness = obj.card.name, obj.card.types, obj.card.power, obj.card.toughness
    stats = f"{power}/{toughness}" if "creature" in types else ""
    marks: list[str] = []
    if obj.tapped:
        marks.append(words["tapped"])
    if obj.damage:
        marks.append(f"{words['damage']} {obj.damage}")
    if obj.plus_counters:
        marks.append(f"+1/+1 ×{obj.plus_counters}")
    if obj.attached_to is not None and obj.attached_to in state.objects:
        marks.append("→ " + state.objects[obj.attached_to].card.name)
    if obj.token:
        marks.append(words["token"])
    return CardView(name, alias, stats, tuple(marks))
