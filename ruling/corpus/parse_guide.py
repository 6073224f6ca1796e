"""Parses the informal Russian articles about the rules (document code ``guide``).

The file is five web articles pasted one after another, with no markup: titles are bare short lines, lists
are ``  • item`` or ``  1. item``. It is split into passages ``guide:passage/<n>`` in file order:

* a heading is a short line that does not end like a sentence (``Этапы игры``, ``Как понять, что игрок
  проиграл?``, also ``Атака. Блок.``, whose sentences are single words) and does not directly follow another
  heading (in the info box ``Кол-во игроков`` / ``2`` the second line is the value);
* a passage runs from its heading to the next one; the paragraphs that open an article before its first
  heading form a passage titled after the article (ARTICLES: the pasted articles have no separators, so
  their opening words are listed, and checked);
* site chrome is claimed by ``site-chrome`` problems: the site header, an image caption, an advert for
  another game (CHROME, checked like ARTICLES) and any short line repeated three times or more (the
  captions of the blog's pictures).

The articles cite no rule numbers; any "правило 123" would be recorded as a dangling reference.
"""

from __future__ import annotations

import re
from collections import Counter

from ruling.corpus.builder import DocumentBuilder, squash_spaces
from ruling.corpus.model import Document, Passage, Source
from ruling.corpus.parse_wiki import rule_references
from ruling.errors import SourceError

DOC = "guide"
ARTICLES: dict[str, str] = {
    # opening words of an article → its title (from the site header, from the blog's captions, or editorial)
    "Magic the Gathering - это карточная игра": "Мтг правила игры",
    "Цифровые коллекционные карточные игры": "(обзор бета-версии MTG Arena)",
    "В данной статье излагаются основы правил": "(основы правил Magic: The Gathering)",
    "Хотелось бы сначала написать пару вступительных слов": "Magic the Gathering - правила игры (часть 1)",
}
CHROME: dict[str, str] = {
    "Мтг правила игры. Бесконечно разнообразная игра. Социофилы": "the site header of the first article",
    "Open Play Weekend по MTG в Балтиморе": "an image caption",
    "«Зельеварение» - это настольная игра": "an advert for another game between two articles",
}
REPEATED_CAPTION_COUNT = 3
HEADING_MAX_LENGTH = 80
LIST_ITEM_RE = re.compile(r"\s*(?:•|\d+\.)\s")
SENTENCE_END_RE = re.compile(r"[.,;:…!]$")
FOOTNOTE_RE = re.compile(r"\*+\s")


def _is_heading_text(text: str) -> bool:
    """Tells whether a line reads as a title rather than as a sentence or a footnote."""
    if len(text) > HEADING_MAX_LENGTH or FOOTNOTE_RE.match(text):
        return False
    if not SENTENCE_END_RE.search(text):
        return True
    fragments = [f for f in text.split(".") if f.strip()]
    return text.endswith(".") and all(len(f.split()) == 1 for f in fragments)


def _find_openings(builder: DocumentBuilder, openings: dict[str, str]) -> dict[int, str]:
    """Returns line → value for each listed opening; each must start exactly one line of the file."""
    found: dict[int, str] = {}
    for opening, value in openings.items():
        lines = [n for n, line in builder.numbered_lines() if line.strip().startswith(opening)]
        if len(lines) != 1:
            raise SourceError(
                builder.info.file, None, f"expected exactly one line starting {opening!r}, found {len(lines)}"
            )
        found[lines[0]] = value
    return found


def parse(source: Source) -> Document:
    """Parses the articles into titled passages; chrome becomes problems."""
    builder = DocumentBuilder(source)
    articles = _find_openings(builder, ARTICLES)
    chrome = _find_openings(builder, CHROME)
    texts = {n: squash_spaces(line) for n, line in builder.numbered_lines() if line.strip()}
    repeats = Counter(t for t in texts.values() if len(t) <= HEADING_MAX_LENGTH)
    for number, text in texts.items():
        if number in chrome:
            builder.problem(number, "site-chrome", chrome[number])
        elif repeats[text] >= REPEATED_CAPTION_COUNT:
            builder.problem(number, "site-chrome", f"an image caption repeated {repeats[text]} times")

    groups: list[tuple[str, list[int], list[int]]] = []
    previous_heading = 0
    for number, text in texts.items():
        if number in builder.claims:
            continue
        if number in articles:
            groups.append((articles[number], [], [number]))
        elif (
            not LIST_ITEM_RE.match(builder.line(number))
            and _is_heading_text(text)
            and previous_heading != number - 1
        ):
            groups.append((text, [number], []))
            previous_heading = number
            continue
        elif not groups:
            raise SourceError(
                builder.info.file, number, "expected an article title or opening before this line"
            )
        else:
            groups[-1][2].append(number)
    for index, (title, heading, body) in enumerate(groups, start=1):
        key = f"{DOC}:passage/{index}"
        lines = heading + body
        text = "\n".join(texts[n] for n in body)
        builder.add_passage(Passage(key, DOC, title, text, builder.span(min(lines), max(lines))), lines)
        for number in body:
            for match in rule_references(builder.line(number)):
                note = "the guide has no numbered rules"
                builder.reference(key, match.group(0), number, [], note=note)
    return builder.build()
