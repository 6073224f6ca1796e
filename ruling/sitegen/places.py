"""Where every node of the corpus lives on the site: its page and its permanent anchor.

Anchors never depend on the build: a Comprehensive Rules id drops its dot (``502.9b`` → ``#R5029b``, the form
judges already link to; sections have three digits, so no two ids collide), a Serbian id writes its dot as a
dash (``D21.30`` → ``#RD21-30``; ``D2.130`` → ``#RD2-130``). Glossary entries are ``#G-<term>``, term-index
entries ``#I-<term>``, passages ``#P-<name>``, with spaces written as ``_``.

A rule lives on the page of its nearest section (``ru/502.html``), else of its part (``ru/part-5.html``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ruling.corpus.model import Document, GlossaryEntry, IndexEntry, Node, Passage, Rule
from ruling.ids import Level, RuleId

PREVIEW_CHARS = 220


def rule_anchor(rule_id: RuleId) -> str:
    """Returns the permanent anchor of a rule id (without ``#``)."""
    if rule_id.scheme == "cr":
        return "R" + rule_id.local.replace(".", "")
    return "R" + rule_id.local.replace(".", "-")


def name_anchor(prefix: str, name: str) -> str:
    """Returns an anchor for a named entry: the name with runs of spaces written as ``_``."""
    return f"{prefix}-" + re.sub(r"\s+", "_", name.strip())


def doc_home(doc: str) -> str:
    return f"{doc}/index.html"


def group_page(rule_id: RuleId) -> str:
    """Returns the path of the page of a part or section."""
    if rule_id.level is Level.PART:
        return f"{rule_id.doc}/part-{rule_id.local}.html"
    return f"{rule_id.doc}/{rule_id.local}.html"


def rule_groups(document: Document) -> dict[RuleId, RuleId | None]:
    """Maps each rule of a document to the part or section whose page holds it (None: the document has
    neither above it, and it goes on the document's own rules page)."""
    present = {rule.id for rule in document.rules}
    groups: dict[RuleId, RuleId | None] = {}
    for rule in document.rules:
        chain: list[RuleId] = []
        current: RuleId | None = rule.id
        while current is not None:
            chain.append(current)
            current = current.parent
        section = next((r for r in chain if r.level is Level.SECTION and r in present), None)
        part = next((r for r in chain if r.level is Level.PART and r in present), None)
        groups[rule.id] = section or part
    return groups


def loose_rules_page(doc: str) -> str:
    return f"{doc}/rules.html"


def node_hrefs(document: Document) -> dict[str, str]:
    """Returns the href (relative to the site's root) of every node of a document."""
    hrefs: dict[str, str] = {}
    for rule_id, group in rule_groups(document).items():
        page = group_page(group) if group is not None else loose_rules_page(document.code)
        hrefs[str(rule_id)] = f"{page}#{rule_anchor(rule_id)}"
    for entry in document.glossary:
        hrefs[entry.key] = f"{document.code}/glossary.html#{name_anchor('G', _name(entry.key))}"
    for item in document.index:
        hrefs[item.key] = f"{document.code}/terms.html#{name_anchor('I', _name(item.key))}"
    for passage in document.passages:
        hrefs[passage.key] = f"{doc_home(document.code)}#{name_anchor('P', _name(passage.key))}"
    return hrefs


def site_hrefs(documents: Iterable[Document]) -> dict[str, str]:
    """Returns the href of every node of the documents."""
    hrefs: dict[str, str] = {}
    for document in documents:
        hrefs.update(node_hrefs(document))
    return hrefs


def _name(key: str) -> str:
    return key.split("/", 1)[1]


def anchor_of(href: str) -> str:
    return href.split("#", 1)[1] if "#" in href else ""


def label(node: Node) -> str:
    """Returns how a link to node reads: its key as ``ruling show`` and ``search`` print it (``ru:502.9b``,
    ``ru:glossary/Жетон``), a passage its document and title."""
    if isinstance(node, Rule | GlossaryEntry | IndexEntry):
        return node.key
    return f"{node.doc}: {node.title}"


def preview(node: Node) -> str:
    """Returns the opening of a node, shown on hover or tap over a link to it."""
    if isinstance(node, Rule):
        head = node.key + (f" {node.title}" if node.title else "")
        body = node.text or (node.examples[0].text if node.examples else "")
    elif isinstance(node, GlossaryEntry):
        head = node.term + (f" ({node.term_en})" if node.term_en else "")
        body = node.text
    elif isinstance(node, IndexEntry):
        head, body = node.term, node.ref_text
    else:
        assert isinstance(node, Passage)
        head, body = node.title, node.text
    text = f"{head}: {body}" if body else head
    text = " ".join(text.split())
    return text if len(text) <= PREVIEW_CHARS else text[: PREVIEW_CHARS - 1].rstrip() + "…"
