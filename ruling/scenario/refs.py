"""Names in scripts and expectations: aliases, card names and player names, resolved against the game."""

from __future__ import annotations

import re

from ruling.engine.game import Game
from ruling.engine.spell_copies import topmost_copy
from ruling.errors import NotationError
from ruling.scenario.notation import ABILITY_OF, COMBAT_DAMAGE, COPY_OF

_NTH = re.compile(r"(?P<name>.+) \[(?P<n>[1-9][0-9]*)\]")
"""'Saproling [2]': the second of the objects with that card name, the oldest first."""


class Names:
    """Resolves a word of a script line to a player, an object or a stack item."""

    def __init__(self, game: Game, aliases: dict[str, int], path: str) -> None:
        self.game = game
        self.aliases = aliases
        self.path = path

    def player(self, word: str, line: int) -> int:
        for index, player in enumerate(self.game.state.players):
            if player.name == word:
                return index
        raise NotationError(self.path, line, f"expected a player name, got {word!r}")

    def is_player(self, word: str) -> bool:
        return any(p.name == word for p in self.game.state.players)

    def obj(self, word: str, line: int) -> int:
        """Returns the present id of an alias, or of the only object with that card name."""
        state = self.game.state
        word = word.strip()
        if word in self.aliases:
            return state.current(self.aliases[word])
        found = self._named(word)
        if len(found) == 1:
            return found[0]
        nth = _NTH.fullmatch(word)
        if not found and nth is not None:
            same = self._named(nth["name"])
            if len(same) >= int(nth["n"]):
                return same[int(nth["n"]) - 1]
            raise NotationError(
                self.path, line, f"{word!r}: {len(same)} object(s) have the name {nth['name']!r}"
            )
        if not found:
            raise NotationError(self.path, line, f"expected an alias or a card name, got {word!r}")
        raise NotationError(
            self.path,
            line,
            f"{word!r} names {len(found)} objects: give one an alias, or number them oldest first "
            f"({word} [1] … {word} [{len(found)}])",
        )

    def _named(self, name: str) -> list[int]:
        """Returns the ids of the objects with that card name, oldest first."""
        return sorted(o.id for o in self.game.state.objects.values() if o.card.name == name)

    def untapped(self, word: str, player: int, line: int) -> int:
        """Returns an alias, or the first untapped permanent of player with that card name (for mana)."""
        word = word.strip()
        if word in self.aliases:
            return self.game.state.current(self.aliases[word])
        for obj in self.game.state.permanents(player):
            if obj.card.name == word and not obj.tapped:
                return obj.id
        raise NotationError(self.path, line, f"expected an untapped permanent named {word!r}")

    def target(self, word: str, line: int) -> tuple[str, int]:
        word = word.strip()
        if self.is_player(word):
            return ("player", self.player(word, line))
        if word.startswith(COPY_OF):
            return ("spell", self._copy(word[len(COPY_OF) :], line))
        if word.startswith(ABILITY_OF) or word == COMBAT_DAMAGE:
            return ("spell", self._stack_item(word, line))
        for item in self.game.state.stack:
            aliased = word in self.aliases and self.game.state.current(self.aliases[word]) == item.source
            if item.kind == "spell" and (item.label == word or aliased):
                return ("spell", item.id)
        return ("obj", self.obj(word, line))

    def _stack_item(self, word: str, line: int) -> int:
        """Returns the topmost ability on the stack of the object an alias or card name names ("ability of
        ALIAS"), or the topmost combat damage."""
        if word == COMBAT_DAMAGE:
            found = [item.id for item in self.game.state.stack if item.kind == "damage"]
        else:
            source = self.game.state.current(self.obj(word[len(ABILITY_OF) :], line))
            found = [i.id for i in self.game.state.stack if i.kind == "ability" and i.source == source]
        if not found:
            raise NotationError(self.path, line, f"expected {word!r} on the stack, got none")
        return found[-1]

    def _copy(self, word: str, line: int) -> int:
        """Returns the topmost copy on the stack of the spell an alias or card name names."""
        copy = topmost_copy(self.game.state.stack, self.obj(word, line))
        if copy is None:
            raise NotationError(self.path, line, f"expected a copy of {word!r} on the stack, got none")
        return copy
