"""The site's context: what every page shows, collected whole before anything is rendered.

Hrefs are relative to the site's root (``ru/502.html#R5029b``); the renderer makes them relative to the page
that holds them, so the site works from ``file://`` and under any base URL.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup


@dataclass(frozen=True, slots=True)
class Segment:
    """A run of document text, plain or a link: ``kind`` is ``ref`` (a cross-reference), ``term`` (a
    glossary term the text uses) or empty; ``preview`` is the target's opening, shown on hover or tap."""

    text: str
    href: str = ""
    preview: str = ""
    kind: str = ""


Rich = tuple[Segment, ...]


@dataclass(frozen=True, slots=True)
class LinkView:
    """A link with its label, the target's preview, a note (a confidence, a profile, a count) and the
    language of its label where it may differ from the page's."""

    label: str
    href: str
    preview: str = ""
    note: str = ""
    lang: str = ""


@dataclass(frozen=True, slots=True)
class EditionNote:
    """A reviewed difference between the editions that concerns a rule (``ruling compare`` shows them)."""

    topic: str
    difference: str
    source: str
    rules: tuple[LinkView, ...]


@dataclass(frozen=True, slots=True)
class RuleView:
    """One numbered node as a page shows it, at its permanent anchor."""

    key: str
    local: str
    anchor: str
    level: str
    title: str
    title_en: str
    text: Rich
    examples: tuple[Rich, ...]
    notes: tuple[Rich, ...]
    cites: tuple[LinkView, ...]
    cited_by: tuple[LinkView, ...]
    counterparts: tuple[LinkView, ...]
    scenarios: tuple[LinkView, ...]
    source: str
    differences: tuple[EditionNote, ...] = ()


@dataclass(frozen=True, slots=True)
class EntryView:
    """A glossary or term-index entry."""

    key: str
    anchor: str
    term: str
    term_en: str
    text: Rich
    examples: tuple[Rich, ...]
    cites: tuple[LinkView, ...]
    cited_by: tuple[LinkView, ...]
    parent: str = ""
    tags: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PassageView:
    """A passage of a supporting text or of a document's front matter, its Markdown rendered safely."""

    key: str
    anchor: str
    title: str
    html: Markup
    related: tuple[LinkView, ...] = ()


@dataclass(frozen=True, slots=True)
class TocSection:
    label: str
    title: str
    href: str


@dataclass(frozen=True, slots=True)
class TocPart:
    label: str
    title: str
    href: str
    sections: tuple[TocSection, ...]


@dataclass(frozen=True, slots=True)
class CardView:
    """An object on the board: its name, the scenario's alias for it and what a judge looks at."""

    name: str
    alias: str
    stats: str
    marks: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlayerView:
    name: str
    life: int
    active: bool
    library: int
    hand: tuple[CardView, ...]
    lands: tuple[CardView, ...]
    creatures: tuple[CardView, ...]
    others: tuple[CardView, ...]
    graveyard: tuple[CardView, ...]
    removed: tuple[CardView, ...]
    sideboard: tuple[CardView, ...]


@dataclass(frozen=True, slots=True)
class BoardView:
    turn: int
    step: str
    players: tuple[PlayerView, ...]
    stack: tuple[str, ...]
    result: str = ""


@dataclass(frozen=True, slots=True)
class TraceLine:
    text: str
    rules: tuple[LinkView, ...]


@dataclass(frozen=True, slots=True)
class RunView:
    """One scenario run under one profile, in the language of the profile's document."""

    profile: str
    lang: str
    passed: bool
    failures: tuple[str, ...]
    before: BoardView | None
    after: BoardView | None
    trace: tuple[TraceLine, ...]


@dataclass(frozen=True, slots=True)
class ScenarioView:
    anchor: str
    title: str
    line: int
    rules: tuple[LinkView, ...]
    runs: tuple[RunView, ...]
    error: str = ""
    elsewhere: tuple[LinkView, ...] = ()
    """On a page in one language: the runs of this scenario on the pages in the others (profile, link)."""


@dataclass(frozen=True, slots=True)
class ProsePart:
    html: Markup


@dataclass(frozen=True, slots=True)
class CodePart:
    kind: str
    profile: str
    text: str


ScenarioPart = ProsePart | CodePart | ScenarioView


@dataclass(frozen=True, slots=True)
class CoverageRow:
    section: LinkView
    rules: int
    covered: tuple[LinkView, ...]


@dataclass(frozen=True, slots=True)
class CompareRow:
    left: RuleView | None
    right: RuleView | None
    note: str = ""


@dataclass(frozen=True, slots=True)
class DocCard:
    code: str
    title: str
    language: str
    date: str
    description: str
    href: str


@dataclass(frozen=True)
class Page:
    """A page: its output path, template, title, interface language and document ('' for none)."""

    path: str
    template: str
    title: str
    lang: str
    doc: str = ""
    crumbs: tuple[LinkView, ...] = ()


@dataclass(frozen=True)
class HomePage(Page):
    documents: tuple[DocCard, ...] = ()
    languages: tuple[LinkView, ...] = ()
    extras: tuple[LinkView, ...] = ()


@dataclass(frozen=True)
class DocHomePage(Page):
    card: DocCard | None = None
    toc: tuple[TocPart, ...] = ()
    passages: tuple[PassageView, ...] = ()
    extras: tuple[LinkView, ...] = ()


@dataclass(frozen=True)
class RulesPage(Page):
    """A part or a section with every rule under it."""

    rules: tuple[RuleView, ...] = ()
    previous: LinkView | None = None
    next: LinkView | None = None
    compare: tuple[LinkView, ...] = ()
    sections: tuple[TocSection, ...] = ()


@dataclass(frozen=True)
class EntriesPage(Page):
    entries: tuple[EntryView, ...] = ()


@dataclass(frozen=True)
class ScenarioPage(Page):
    """A scenario file in one language: the runs under that language's profiles."""

    parts: tuple[ScenarioPart, ...] = ()
    source: str = ""
    languages: tuple[LinkView, ...] = ()
    """The same file's pages in the other languages."""
    prose_lang: str = ""
    """The language the scenario file is written in."""


@dataclass(frozen=True)
class ListPage(Page):
    """A page of links in groups (the scenario list, the side-by-side list)."""

    groups: tuple[tuple[str, tuple[LinkView, ...]], ...] = ()


@dataclass(frozen=True)
class CoveragePage(Page):
    rows: tuple[CoverageRow, ...] = ()
    total: int = 0
    covered: int = 0


@dataclass(frozen=True)
class ComparePage(Page):
    left: LinkView | None = None
    right: LinkView | None = None
    rows: tuple[CompareRow, ...] = ()
    reason: str = ""
    left_lang: str = ""
    right_lang: str = ""


@dataclass(frozen=True, slots=True)
class SearchTarget:
    """Where a searchable node lives on the site."""

    key: str
    href: str


@dataclass
class SiteContext:
    """Everything the site shows: the pages, where every node lives, the documents and their languages."""

    pages: list[Page] = field(default_factory=list)
    hrefs: dict[str, str] = field(default_factory=dict)
    languages: dict[str, str] = field(default_factory=dict)
    """Document code → language of its text."""
    documents: list[DocCard] = field(default_factory=list)
    base_url: str = ""
