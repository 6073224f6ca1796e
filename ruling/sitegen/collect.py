"""Collects the whole context of the site before anything is rendered (as Pelican does).

Every page is a dataclass of ``ruling.sitegen.model``; the renderer only lays them out. The concordance is
read in one place (``concordance_lookup``), so that the site follows it as it improves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from typing import cast

from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from markupsafe import Markup, escape

from ruling.corpus.concordance import Concordance, Counterpart, build_concordance
from ruling.corpus.concordance_data import (
    EditionDifference,
    SectionPair,
    read_differences,
    read_section_pairs,
)
from ruling.corpus.load import Corpus
from ruling.corpus.model import Document, GlossaryEntry, IndexEntry, Passage, Reference, Rule
from ruling.errors import RulingError
from ruling.ids import Level, RuleId
from ruling.scenario.coverage import counted
from ruling.sitegen.model import (
    CodePart,
    ComparePage,
    CompareRow,
    CoveragePage,
    CoverageRow,
    DocCard,
    DocHomePage,
    EditionNote,
    EntriesPage,
    EntryView,
    HomePage,
    LinkView,
    ListPage,
    Page,
    PassageView,
    RulesPage,
    RuleView,
    ScenarioPage,
    ScenarioPart,
    ScenarioView,
    SiteContext,
    TocPart,
    TocSection,
)
from ruling.sitegen.places import (
    anchor_of,
    doc_home,
    group_page,
    label,
    loose_rules_page,
    preview,
    rule_groups,
    site_hrefs,
)
from ruling.sitegen.scenarios import PROSE_LANG, ScenarioCollection, collect_scenarios, markdown
from ruling.sitegen.strings import UI_LANGUAGES, language_names, named, ui
from ruling.sitegen.textlinks import Linker, TermMatcher

RELATED_RULES = 5
"""How many rules a passage of a supporting text lists as the rules it explains."""
TITLE_WEIGHT = 3


def edition_differences(corpus: Corpus) -> dict[str, list[EditionDifference]]:
    """Maps a rule key to the reviewed differences between the editions that concern it (what ``ruling
    compare`` prints); a malformed table raises SourceError, naming its line."""
    found: dict[str, list[EditionDifference]] = {}
    for difference in read_differences(corpus.folder):
        for rule_id in difference.rules:
            found.setdefault(str(rule_id), []).append(difference)
    return found


def concordance_lookup(
    corpus: Corpus, concordance: Concordance | None = None
) -> Callable[[str], list[Counterpart]]:
    """Returns the counterparts of a rule key: what ``ruling show`` prints. The command calls
    ``counterparts(corpus, key)``, which aligns the units around one rule per call (tens of milliseconds);
    for the thousands of rules of the site the whole concordance of the corpus (built unless given) is
    used instead, and a test checks that both give the same answer. The only place the site reads the
    concordance."""
    return (concordance or build_concordance(corpus)).counterparts


def document_language(corpus: Corpus, code: str) -> str:
    """Returns the language of a document's text (its manifest entry)."""
    return corpus.documents[code].info.language


class Collector:
    """Builds the context of the site from a parsed corpus and the scenario folder."""

    def __init__(
        self,
        corpus: Corpus,
        scenarios: Path | None,
        base_url: str = "",
        concordance: Callable[[], Concordance] | None = None,
    ) -> None:
        self.corpus = corpus
        self.concordance = concordance
        self.scenario_folder = scenarios
        self.base_url = base_url
        self.hrefs = site_hrefs(corpus.documents.values())
        self.previews = {key: preview(node) for key, node in corpus.nodes.items()}
        references: dict[str, list[Reference]] = {}
        for document in corpus.documents.values():
            for ref in document.references:
                references.setdefault(ref.source, []).append(ref)
        matchers = {
            self.language(document.code): TermMatcher.build(self.language(document.code), document.glossary)
            for document in corpus.documents.values()
            if document.glossary
        }
        self.linker = Linker(self.hrefs, self.previews, references, matchers)
        self.topics: dict[str, TermMatcher] = {}
        for language in {self.language(code) for code in corpus.documents}:
            named: list[GlossaryEntry | IndexEntry] = []
            for document in corpus.documents.values():
                if document.rules and self.language(document.code) == language:
                    named += document.glossary
                    named += document.index
            if named:
                self.topics[language] = TermMatcher.build(language, named)
        self.differences = edition_differences(corpus)
        self.scenarios = ScenarioCollection()
        self.views: dict[str, RuleView] = {}
        self._related: dict[str, list[str]] | None = None
        self._pairs: list[SectionPair] | None = None

    @cached_property
    def counterparts(self) -> Callable[[str], list[Counterpart]]:
        """The counterparts of a rule key; asked for only once the scenarios are run, so that a build
        computing the concordance in another process meanwhile gets it without waiting."""
        return concordance_lookup(self.corpus, self.concordance() if self.concordance else None)

    # -- links ---------------------------------------------------------------------------------------------
    def link(self, key: str, note: str = "", lang: str = "") -> LinkView:
        """Returns a link to a node; on a page in lang a glossary or term-index entry reads in lang's words
        (``ja用語集：墓地`` rather than ``ja:glossary/墓地``)."""
        node = self.corpus.get(key)
        text = label(node) if node is not None else key
        if lang and isinstance(node, GlossaryEntry):
            text = ui(lang)["glossary_entry"].format(doc=node.doc, term=node.term)
        elif lang and isinstance(node, IndexEntry):
            term = f"{node.parent} › {node.term}" if node.parent else node.term
            text = ui(lang)["index_entry"].format(doc=node.doc, term=term)
        return LinkView(text, self.hrefs.get(key, ""), self.previews.get(key, ""), note)

    def links(self, keys: list[str], lang: str = "") -> tuple[LinkView, ...]:
        return tuple(self.link(k, lang=lang) for k in keys if k in self.hrefs)

    def language(self, doc: str) -> str:
        return document_language(self.corpus, doc)

    # -- the whole site ------------------------------------------------------------------------------------
    def collect(self) -> SiteContext:
        self.scenarios = collect_scenarios(self.scenario_folder, self.corpus, self.hrefs, self.previews)
        context = SiteContext(hrefs=dict(self.hrefs), base_url=self.base_url)
        context.languages = {code: self.language(code) for code in self.corpus.documents}
        context.documents = [self.card(d) for d in self.corpus.documents.values()]
        for document in self.corpus.documents.values():
            context.pages += self.document_pages(document)
        context.pages += self.scenario_pages()
        context.pages += self.compare_pages()
        context.pages += self.home_pages(context.documents)
        return context

    def card(self, document: Document) -> DocCard:
        info = document.info
        return DocCard(
            info.code, info.title, info.language, info.rules_date, info.description, doc_home(info.code)
        )

    def home_pages(self, cards: list[DocCard]) -> list[Page]:
        languages = tuple(
            LinkView(language_names()[lang], f"home/{lang}.html", lang=lang)
            for lang in UI_LANGUAGES
            if lang != "en" and any(c.language == lang for c in cards)
        )
        extras = self.extras("en")
        pages: list[Page] = [
            HomePage("index.html", "home.html", "ruling", "en", "", (), tuple(cards), languages, extras)
        ]
        for language in languages:
            lang = language.href.split("/")[1].removesuffix(".html")
            mine = tuple(c for c in cards if c.language == lang)
            others = tuple(c for c in cards if c.language != lang)
            words = ui(lang)
            crumbs = (LinkView(words["home"], "index.html"),)
            pages.append(
                HomePage(
                    language.href,
                    "home.html",
                    words["site"],
                    lang,
                    "",
                    crumbs,
                    tuple(self.described(c, lang) for c in mine + others),
                    languages,
                    self.extras(lang),
                )
            )
        return pages

    def described(self, card: DocCard, lang: str) -> DocCard:
        """Returns a document's card with its description in lang where the language's table gives one."""
        file = self.corpus.documents[card.code].info.file
        return replace(card, description=named(lang, "descriptions").get(file, card.description))

    def extras(self, lang: str) -> tuple[LinkView, ...]:
        words = ui(lang)
        found: list[LinkView] = []
        if self.scenarios.files:
            mine = any(lang in file.languages for file in self.scenarios.files)
            href = f"scenarios/{lang}/index.html" if mine and lang != "en" else "scenarios/index.html"
            found.append(LinkView(words["scenarios"], href))
        found.append(LinkView(words["compare"], "compare/index.html"))
        return tuple(found)

    # -- documents -----------------------------------------------------------------------------------------
    def document_pages(self, document: Document) -> list[Page]:
        code = document.code
        lang = self.language(code)
        words = ui(lang)
        home = self.home_link(lang)
        doc_crumb = LinkView(code, doc_home(code))
        groups = rule_groups(document)
        members: dict[RuleId | None, list[Rule]] = {}
        for rule in document.rules:
            members.setdefault(groups[rule.id], []).append(rule)
        views = {rule.key: self.rule_view(rule, lang) for rule in document.rules}
        pages: list[Page] = []
        sections = [r for r in document.rules if r.id in members and r.id.level is Level.SECTION]
        for index, section in enumerate(sections):
            crumbs = [home, doc_crumb]
            part_id = section.id.parent
            if part_id is not None and part_id in members:
                crumbs.append(LinkView(_heading(self.corpus.rule(part_id)), group_page(part_id)))
            previous = sections[index - 1] if index else None
            following = sections[index + 1] if index + 1 < len(sections) else None
            pages.append(
                RulesPage(
                    group_page(section.id),
                    "rules.html",
                    f"{_heading(section)} · {code}",
                    lang,
                    code,
                    tuple(crumbs),
                    rules=tuple(views[r.key] for r in members[section.id]),
                    previous=LinkView(_heading(previous), group_page(previous.id)) if previous else None,
                    next=LinkView(_heading(following), group_page(following.id)) if following else None,
                    compare=self.compare_links(section.id, lang),
                )
            )
        toc: list[TocPart] = []
        for part in (r for r in document.rules if r.id.level is Level.PART):
            in_part = tuple(
                TocSection(s.id.local, s.title or "", group_page(s.id))
                for s in sections
                if s.id.parent == part.id
            )
            toc.append(TocPart(part.id.local, part.title or "", group_page(part.id), in_part))
            pages.append(
                RulesPage(
                    group_page(part.id),
                    "rules.html",
                    f"{_heading(part)} · {code}",
                    lang,
                    code,
                    (home, doc_crumb),
                    rules=tuple(views[r.key] for r in members.get(part.id, [part])),
                    sections=in_part,
                )
            )
        if None in members:
            pages.append(
                RulesPage(
                    loose_rules_page(code),
                    "rules.html",
                    code,
                    lang,
                    code,
                    (home, doc_crumb),
                    rules=tuple(views[r.key] for r in members[None]),
                )
            )
        extras: list[LinkView] = []
        if document.glossary:
            extras.append(LinkView(words["glossary"], f"{code}/glossary.html"))
            pages.append(
                EntriesPage(
                    f"{code}/glossary.html",
                    "entries.html",
                    f"{words['glossary']} · {code}",
                    lang,
                    code,
                    (home, doc_crumb),
                    tuple(self.entry_view(e, lang) for e in document.glossary),
                )
            )
        if document.index:
            extras.append(LinkView(words["term_index"], f"{code}/terms.html"))
            pages.append(
                EntriesPage(
                    f"{code}/terms.html",
                    "entries.html",
                    f"{words['term_index']} · {code}",
                    lang,
                    code,
                    (home, doc_crumb),
                    tuple(self.entry_view(e, lang) for e in document.index),
                )
            )
        if document.rules and self.scenarios.files:
            extras.append(LinkView(words["coverage"], f"{code}/coverage.html"))
            pages.append(self.coverage_page(document, sections, members, lang, (home, doc_crumb)))
        passages = tuple(self.passage_view(p, lang) for p in document.passages)
        pages.append(
            DocHomePage(
                doc_home(code),
                "document.html",
                document.info.title,
                lang,
                code,
                (home,),
                card=self.described(self.card(document), lang),
                toc=tuple(toc),
                passages=passages,
                extras=tuple(extras),
            )
        )
        return pages

    def rule_view(self, rule: Rule, lang: str) -> RuleView:
        """Returns the view of a rule (made once: section pages and side-by-side pages share it)."""
        if rule.key not in self.views:
            self.views[rule.key] = self._rule_view(rule, lang)
        return self.views[rule.key]

    def _rule_view(self, rule: Rule, lang: str) -> RuleView:
        key = rule.key
        words = ui(lang)
        counterparts = tuple(
            LinkView(
                c.id,
                self.hrefs.get(c.id, ""),
                self.previews.get(c.id, ""),
                words.get(f"confidence_{c.confidence}", c.confidence),
            )
            for c in self.counterparts(key)
            if c.id in self.hrefs
        )
        text = self.linker.rich(rule.text, key, lang)
        examples = tuple(self.linker.rich(e.text, key, lang) for e in rule.examples)
        notes = tuple(self.linker.rich(n, key, lang) for n in rule.notes)
        inline = {s.href for rich in (text, *examples, *notes) for s in rich if s.kind == "ref"}
        return RuleView(
            key=key,
            local=rule.id.local,
            anchor=anchor_of(self.hrefs[key]),
            level=str(rule.level),
            title=rule.title or "",
            title_en=rule.title_en or "",
            text=text,
            examples=examples,
            notes=notes,
            cites=tuple(c for c in self.links(self.corpus.cites.get(key, []), lang) if c.href not in inline),
            cited_by=self.links(self.corpus.cited_by.get(key, []), lang),
            counterparts=counterparts,
            scenarios=tuple(self.scenarios.citing.get(key, [])),
            source=str(rule.span),
            differences=tuple(
                EditionNote(
                    d.topic,
                    d.difference,
                    d.source,
                    self.links([str(r) for r in d.rules if str(r) != key], lang),
                )
                for d in self.differences.get(key, [])
            ),
        )

    def entry_view(self, entry: GlossaryEntry | IndexEntry, lang: str) -> EntryView:
        key = entry.key
        if isinstance(entry, GlossaryEntry):
            # A glossary page links its references, not the other terms its definitions use: every entry
            # is on the same page, and the links would outweigh the text.
            text = self.linker.rich(entry.text, key, lang, terms=False)
            examples = tuple(self.linker.rich(e.text, key, lang, terms=False) for e in entry.examples)
            cites = self.links(self.corpus.cites.get(key, []), lang)
            tags = entry.tags
            parent = ""
        else:
            text = ()
            examples = ()
            cites = self.links([str(r) for r in entry.refs], lang)
            tags = ()
            parent = entry.parent or ""
        return EntryView(
            key=key,
            anchor=anchor_of(self.hrefs[key]),
            term=entry.term,
            term_en=entry.term_en or "",
            text=text,
            examples=examples,
            cites=cites,
            cited_by=self.links(self.corpus.cited_by.get(key, []), lang),
            parent=parent,
            tags=tags,
        )

    def passage_view(self, passage: Passage, lang: str) -> PassageView:
        html = linked_markdown(passage.text, self.linker, passage.key, lang, "../")
        related: tuple[LinkView, ...] = ()
        if self.corpus.documents[passage.doc].info.kind == "supporting":
            related = self.links(self.related_rules().get(passage.key, []), lang)
        return PassageView(passage.key, anchor_of(self.hrefs[passage.key]), passage.title, html, related)

    def related_rules(self) -> dict[str, list[str]]:
        """Maps each passage of a supporting text to the rules it explains: those that the glossary and
        term-index entries of the terms it uses point to (not whole parts). A term of its title counts three
        times one of its text, a term pointing to n rules gives each 1/n, and a rule's score is divided by
        the number of passages it is a candidate for (it is then less telling), as idf does."""
        if self._related is not None:
            return self._related
        scored: dict[str, dict[str, float]] = {}
        for document in self.corpus.documents.values():
            if document.info.kind != "supporting":
                continue
            matcher = self.topics.get(self.language(document.code))
            if matcher is not None:
                for passage in document.passages:
                    scored[passage.key] = self._topic_scores(passage, matcher)
        spread: dict[str, int] = {}
        for scores in scored.values():
            for rule in scores:
                spread[rule] = spread.get(rule, 0) + 1
        self._related = {}
        for key, scores in scored.items():
            weighted = {rule: score / spread[rule] for rule, score in scores.items()}
            ranked = sorted(weighted, key=lambda k: (-weighted[k], RuleId.parse(k).sort_key))
            self._related[key] = ranked[:RELATED_RULES]
        return self._related

    def _topic_scores(self, passage: Passage, matcher: TermMatcher) -> dict[str, float]:
        weights: dict[str, int] = {}
        for text, weight in ((passage.title, TITLE_WEIGHT), (passage.text, 1)):
            for key in {key for _, _, key in matcher.find(text)}:
                weights[key] = weights.get(key, 0) + weight
        scores: dict[str, float] = {}
        for key, weight in weights.items():
            node = self.corpus.get(key)
            cited = (
                [str(r) for r in node.refs]
                if isinstance(node, IndexEntry)
                else self.corpus.cites.get(key, [])
            )
            targets = [
                t
                for t in cited
                if isinstance(rule := self.corpus.get(t), Rule) and rule.level is not Level.PART
            ]
            for target in targets:
                scores[target] = scores.get(target, 0.0) + weight / len(targets)
        return scores

    def coverage_page(
        self,
        document: Document,
        sections: list[Rule],
        members: Mapping[RuleId | None, list[Rule]],
        lang: str,
        crumbs: tuple[LinkView, ...],
    ) -> CoveragePage:
        rows: list[CoverageRow] = []
        total = covered = 0
        for section in sections:
            rules = [r for r in members[section.id] if counted(r)]
            if not rules:
                continue  # the rules `scenario coverage` counts, so the page gives its figures
            cited = [r.key for r in rules if r.key in self.scenarios.demonstrated]
            total += len(rules)
            covered += len(cited)
            rows.append(
                CoverageRow(
                    LinkView(_heading(section), group_page(section.id)),
                    len(rules),
                    tuple(
                        LinkView(k, self.hrefs[k], self.previews[k], str(len(self.scenarios.demonstrated[k])))
                        for k in cited
                    ),
                )
            )
        words = ui(lang)
        return CoveragePage(
            f"{document.code}/coverage.html",
            "coverage.html",
            f"{words['coverage']} · {document.code}",
            lang,
            document.code,
            crumbs,
            rows=tuple(rows),
            total=total,
            covered=covered,
        )

    # -- scenarios -----------------------------------------------------------------------------------------
    def scenario_pages(self) -> list[Page]:
        """Returns each scenario file's page in each language of its runs, the list of the files in each
        language, and the language-neutral list of those lists."""
        if not self.scenarios.files:
            return []
        pages: list[Page] = []
        names = language_names()
        lists: dict[str, dict[str, list[LinkView]]] = {}
        for file in self.scenarios.files:
            for lang in file.languages:
                words = ui(lang)
                listed = LinkView(words["scenarios"], f"scenarios/{lang}/index.html")
                pages.append(
                    ScenarioPage(
                        file.path(lang),
                        "scenario.html",
                        file.title,
                        lang,
                        "",
                        (self.home_link(lang), listed),
                        parts_in_language(file.parts, lang, file.path),
                        file.name,
                        tuple(
                            LinkView(names[other], file.path(other), lang=other)
                            for other in file.languages
                            if other != lang
                        ),
                        PROSE_LANG,
                    )
                )
                count = sum(
                    1
                    for p in file.parts
                    if isinstance(p, ScenarioView) and any(r.lang == lang for r in p.runs)
                )
                group = lists.setdefault(lang, {}).setdefault(file.area, [])
                group.append(LinkView(file.title, file.path(lang), note=str(count), lang=PROSE_LANG))
        for lang, groups in lists.items():
            pages.append(
                ListPage(
                    f"scenarios/{lang}/index.html",
                    "list.html",
                    ui(lang)["scenarios"],
                    lang,
                    "",
                    (self.home_link(lang),),
                    tuple(
                        (named(lang, "areas").get(area, area), tuple(links)) for area, links in groups.items()
                    ),
                )
            )
        choices = tuple(
            LinkView(
                names[lang],
                f"scenarios/{lang}/index.html",
                note=str(sum(map(len, groups.values()))),
                lang=lang,
            )
            for lang, groups in lists.items()
        )
        pages.append(
            ListPage(
                "scenarios/index.html",
                "list.html",
                ui("en")["scenarios"],
                "en",
                "",
                (LinkView("ruling", "index.html"),),
                (("", choices),),
            )
        )
        return pages

    def home_link(self, lang: str) -> LinkView:
        """The first crumb of a page in lang: the home page of its language."""
        return LinkView(
            ui(lang)["home"], f"home/{lang}.html" if lang in UI_LANGUAGES and lang != "en" else "index.html"
        )

    # -- side by side --------------------------------------------------------------------------------------
    def compare_path(self, left: RuleId, right: RuleId) -> str:
        return f"compare/{left.doc}-{left.local}--{right.doc}-{right.local}.html"

    def compare_links(self, rule_id: RuleId, lang: str) -> tuple[LinkView, ...]:
        words = ui(lang)
        found: list[LinkView] = []
        for pair in self.section_pairs():
            if rule_id in (pair.left, pair.right):
                other = pair.right if rule_id == pair.left else pair.left
                note = words.get(f"confidence_{pair.confidence}", pair.confidence)
                found.append(LinkView(str(other), self.compare_path(pair.left, pair.right), note=note))
        return tuple(found)

    def section_pairs(self) -> list[SectionPair]:
        """Returns the reviewed pairs of aligned sections (or title-only rules) that both exist; pairs of
        whole parts get no side-by-side page (they would hold a whole part)."""
        if self._pairs is None:
            try:
                read = read_section_pairs(self.corpus.folder)
            except RulingError:
                read = []
            self._pairs = [
                pair
                for pair in read
                if Level.PART not in (pair.left.level, pair.right.level)
                and self.corpus.rule(pair.left)
                and self.corpus.rule(pair.right)
            ]
        return self._pairs

    def compare_pages(self) -> list[Page]:
        pages: list[Page] = []
        groups: dict[str, list[LinkView]] = {}
        crumbs = (LinkView("ruling", "index.html"), LinkView(ui("en")["compare"], "compare/index.html"))
        for pair in self.section_pairs():
            left_rule = self.corpus.rule(pair.left)
            right_rule = self.corpus.rule(pair.right)
            assert left_rule is not None and right_rule is not None
            left = self.subtree(left_rule)
            right = self.subtree(right_rule)
            rows = self.aligned_rows(left, right)
            path = self.compare_path(pair.left, pair.right)
            title = f"{pair.left} {left_rule.title or ''} ↔ {pair.right} {right_rule.title or ''}"
            pages.append(
                ComparePage(
                    path,
                    "compare.html",
                    title,
                    "en",
                    "",
                    crumbs,
                    left=self.link(str(pair.left)),
                    right=self.link(str(pair.right)),
                    rows=tuple(rows),
                    reason=f"{pair.confidence}: {pair.reason}",
                    left_lang=self.language(pair.left.doc),
                    right_lang=self.language(pair.right.doc),
                )
            )
            groups.setdefault(f"{pair.left.doc} ↔ {pair.right.doc}", []).append(
                LinkView(title, path, note=pair.confidence)
            )
        pages.append(
            ListPage(
                "compare/index.html",
                "list.html",
                ui("en")["compare"],
                "en",
                "",
                crumbs[:1],
                tuple((name, tuple(links)) for name, links in groups.items()),
            )
        )
        return pages

    def subtree(self, rule: Rule) -> list[Rule]:
        found = [rule]
        for child in self.corpus.children.get(rule.key, []):
            node = self.corpus.get(child)
            if isinstance(node, Rule):
                found += self.subtree(node)
        return found

    def aligned_rows(self, left: list[Rule], right: list[Rule]) -> list[CompareRow]:
        """Pairs the rules of two aligned sections by the concordance, keeping both documents' order."""
        lang_left = self.language(left[0].doc)
        lang_right = self.language(right[0].doc)
        right_keys = [r.key for r in right]
        placed: set[str] = set()
        rows: list[CompareRow] = []
        cursor = 0
        for rule in left:
            partners = [c for c in self.counterparts(rule.key) if c.id in right_keys and c.id not in placed]
            if partners:
                first = right_keys.index(partners[0].id)
                while cursor < first:
                    if right_keys[cursor] not in placed:
                        rows.append(CompareRow(None, self.rule_view(right[cursor], lang_right)))
                        placed.add(right_keys[cursor])
                    cursor += 1
            if not partners:
                rows.append(CompareRow(self.rule_view(rule, lang_left), None))
                continue
            for number, partner in enumerate(partners):
                index = right_keys.index(partner.id)
                placed.add(partner.id)
                view = self.rule_view(right[index], lang_right)
                rows.append(
                    CompareRow(
                        self.rule_view(rule, lang_left) if number == 0 else None, view, partner.confidence
                    )
                )
                cursor = max(cursor, index + 1)
        for index, key in enumerate(right_keys):
            if key not in placed:
                rows.append(CompareRow(None, self.rule_view(right[index], lang_right)))
        return rows


def linked_markdown(text: str, linker: Linker, source: str, lang: str, root: str) -> Markup:
    """Renders Markdown (raw HTML shown as text) with the glossary terms and references of its text
    linked, except inside the text's own links."""
    md = markdown()
    renderer = cast(RendererHTML, md.renderer)

    def text_rule(self: object, tokens: list[Token], index: int, options: OptionsDict, env: EnvType) -> str:
        content = tokens[index].content
        if env.get("in_link"):
            return str(escape(content))
        return str(linker.html(content, source, lang, root))

    def link_open(self: object, tokens: list[Token], index: int, options: OptionsDict, env: EnvType) -> str:
        env["in_link"] = True
        return renderer.renderToken(tokens, index, options, env)

    def link_close(self: object, tokens: list[Token], index: int, options: OptionsDict, env: EnvType) -> str:
        env["in_link"] = False
        return renderer.renderToken(tokens, index, options, env)

    md.add_render_rule("text", text_rule)
    md.add_render_rule("link_open", link_open)
    md.add_render_rule("link_close", link_close)
    return Markup(md.render(text, {}))


def parts_in_language(
    parts: tuple[ScenarioPart, ...], lang: str, page_of: Callable[[str], str]
) -> tuple[ScenarioPart, ...]:
    """Returns the parts of a scenario file as its page in lang shows them: each scenario keeps its runs in
    lang and links those in the other languages; the expectations of the other languages' profiles go."""
    profile_lang = {run.profile: run.lang for p in parts if isinstance(p, ScenarioView) for run in p.runs}
    shown: list[ScenarioPart] = []
    for part in parts:
        if isinstance(part, CodePart) and profile_lang.get(part.profile, lang) != lang:
            continue
        if isinstance(part, ScenarioView):
            elsewhere = tuple(
                LinkView(run.profile, f"{page_of(run.lang)}#{part.anchor}")
                for run in part.runs
                if run.lang != lang
            )
            part = replace(
                part, runs=tuple(run for run in part.runs if run.lang == lang), elsewhere=elsewhere
            )
        shown.append(part)
    return tuple(shown)


def _heading(rule: Rule | None) -> str:
    if rule is None:
        return ""
    return f"{rule.id.local} {rule.title}" if rule.title else rule.id.local


def collect_site(
    corpus: Corpus,
    scenarios: Path | None,
    base_url: str = "",
    concordance: Callable[[], Concordance] | None = None,
) -> SiteContext:
    """Returns the whole context of the site of a corpus and a scenario folder (None: no scenario pages);
    concordance gives the corpus's concordance when asked (by default it is built)."""
    return Collector(corpus, scenarios, base_url, concordance).collect()
