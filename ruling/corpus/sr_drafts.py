"""Node drafts the Serbian parser fills block by block before it hands finished nodes to the builder.

A draft keeps each paragraph with its first line, so that references can be located later, and joins a
paragraph that carries on a sentence broken by a blank line (a page-break artefact) with a space rather
than a new line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ruling.corpus.model import Example, Span
from ruling.corpus.sr_markdown import Block, continues_sentence

EXAMPLE_RE = re.compile(r"\*{1,2}Primer:")
"""The three example markups, on the raw line: ``**Primer:**``, ``*Primer: …*`` and ``*Primer:* …``."""
EXAMPLE_LABEL_RE = re.compile(r"Primer:\s*")


def is_example(block: Block) -> bool:
    return EXAMPLE_RE.match(block.raw) is not None


def _wholly_italic(block: Block) -> bool:
    raw = block.raw.strip()
    return raw.startswith("*") and not raw.startswith("**") and raw.endswith("*")


@dataclass
class Paragraphs:
    """Paragraphs of one node or example: (first line, text), joined on demand."""

    parts: list[tuple[int, str]] = field(default_factory=list)

    def add(self, line: int, text: str) -> None:
        self.parts.append((line, text))

    def text(self) -> str:
        """Returns the paragraphs joined by new lines, or by a space where a sentence carries on."""
        out = ""
        for index, (_, text) in enumerate(self.parts):
            if index == 0:
                out = text
            elif continues_sentence(self.parts[index - 1][1], text):
                out += " " + text
            else:
                out += "\n" + text
        return out

    @property
    def last_text(self) -> str:
        return self.parts[-1][1] if self.parts else ""


@dataclass
class ExampleDraft:
    """An example being read; it may continue across a blank line."""

    first: int
    last: int
    body: Paragraphs

    def finish(self, file: str) -> Example:
        return Example(self.body.text(), Span(file, self.first, self.last))


@dataclass
class Draft:
    """A rule or glossary entry being read: its lines, text paragraphs and examples."""

    first: int
    last: int
    lines: list[int] = field(default_factory=list)
    body: Paragraphs = field(default_factory=Paragraphs)
    examples: list[ExampleDraft] = field(default_factory=list)
    _in_example: bool = False

    def take_text(self, block: Block, text: str | None = None) -> None:
        """Adds the block as the node's first paragraph or as a continuation of its text."""
        self._extend(block)
        self._in_example = False
        self.body.add(block.first, block.text if text is None else text)

    def take_example(self, block: Block) -> None:
        self._extend(block)
        body = Paragraphs()
        body.add(block.first, EXAMPLE_LABEL_RE.sub("", block.text, count=1))
        self.examples.append(ExampleDraft(block.first, block.last, body))
        self._in_example = True

    def take_paragraph(self, block: Block) -> None:
        """Adds an unnumbered paragraph: to the open example if it carries it on, else to the text.

        A paragraph continues an example when it finishes the example's broken sentence or is set wholly in
        italics as the example is; otherwise it is another paragraph of the node's own text.
        """
        if self._in_example and self.examples:
            example = self.examples[-1]
            if continues_sentence(example.body.last_text, block.text) or _wholly_italic(block):
                self._extend(block)
                example.last = block.last
                example.body.add(block.first, block.text)
                return
        self.take_text(block)

    def _extend(self, block: Block) -> None:
        self.lines.extend(block.lines)
        self.last = max(self.last, block.last)

    def texts(self) -> list[tuple[int, str]]:
        """Returns every paragraph, text and examples, with its first line: where references are sought."""
        found = list(self.body.parts)
        for example in self.examples:
            found.extend(example.body.parts)
        return sorted(found)
