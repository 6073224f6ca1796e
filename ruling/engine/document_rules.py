"""Rules only some documents have: their ids per document, cited through the game's profile, and a refusal
naming the document when the profile's document has no such rule."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.errors import IllegalActionError

if TYPE_CHECKING:
    from ruling.engine.game import Game

DOCUMENT_NAMES = {
    "ru": "the 1999 Comprehensive Rules",
    "ja": "the 2004 Comprehensive Rules",
    "sr": "Izvori magije (2007)",
}


def cite_in(game: Game, rules: dict[str, dict[str, tuple[str, ...]]], key: str, what: str) -> tuple[str, ...]:
    """Returns the qualified ids of rule key in the profile's document, or refuses: the profile has no rule
    for what ("subgames"), naming its document and the documents that have one."""
    doc = game.profile.doc
    found = rules.get(doc)
    if found is None:
        having = ", ".join(f"{d} {r[key][0].split('.')[0]}" for d, r in rules.items() if key in r)
        raise IllegalActionError(
            f"{game.profile.name} has no rule for {what}: there is none in {DOCUMENT_NAMES.get(doc, doc)} "
            f"({having} has it)"
        )
    return tuple(f"{doc}:{local}" for local in found[key])


def cite_if_in(game: Game, rules: dict[str, dict[str, tuple[str, ...]]], key: str) -> tuple[str, ...]:
    """Returns the qualified ids of rule key in the profile's document, or none where it has no such rule."""
    doc = game.profile.doc
    return tuple(f"{doc}:{local}" for local in rules.get(doc, {}).get(key, ()))
