"""Continuous effects of resolved spells and abilities, locked to the object they affect, and the layer of
each kind (ja 418.5a, sr D19.51)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum

from ruling.engine.cards import CardDef


class Layer(IntEnum):
    """The kinds of continuous effects in the order they apply (ja 418.5a, sr D19.51)."""

    COPY = 1
    CONTROL = 2
    TEXT = 3
    TYPE = 4
    ABILITIES = 5
    POWER_TOUGHNESS = 6


class PTOrder(StrEnum):
    """How an era orders the changes to power and toughness."""

    TIMESTAMP = "counters, then timestamp order"
    LEVELS = "set, counters, changes, switches"


class LastingKind(StrEnum):
    """The continuous effects a resolved spell or ability can create (the pump of part 1 is a CHANGE)."""

    COPY = "copy"
    ANIMATE = "becomes a creature"
    COLOR = "colour"
    GAIN = "gains"
    LOSE = "loses"
    LOSE_ALL = "loses all abilities"
    SET_PT = "becomes"
    SWITCH = "switches"
    CONTROL = "control"
    TEXT = "text"
    PUMP = "gets"
    SUBTYPE = "is the creature type"
    ADD_SUBTYPE = "is also the creature type"


class While(StrEnum):
    """The condition an "as long as" effect lasts for (ja 418.3d, sr D19.34); ALWAYS: its duration only."""

    ALWAYS = ""
    SOURCE_TAPPED = "source_tapped"
    CONTROL_SOURCE = "control_source"


LAYER_OF: dict[LastingKind, Layer] = {
    LastingKind.COPY: Layer.COPY,
    LastingKind.ANIMATE: Layer.TYPE,
    LastingKind.SUBTYPE: Layer.TYPE,
    LastingKind.ADD_SUBTYPE: Layer.TYPE,
    LastingKind.COLOR: Layer.ABILITIES,
    LastingKind.GAIN: Layer.ABILITIES,
    LastingKind.LOSE: Layer.ABILITIES,
    LastingKind.LOSE_ALL: Layer.ABILITIES,
    LastingKind.SET_PT: Layer.POWER_TOUGHNESS,
    LastingKind.SWITCH: Layer.POWER_TOUGHNESS,
    LastingKind.CONTROL: Layer.CONTROL,
    LastingKind.TEXT: Layer.TEXT,
    LastingKind.PUMP: Layer.POWER_TOUGHNESS,
}


@dataclass
class Lasting:
    """A continuous effect of a resolved spell or ability, locked to one object (ru 418.3b, sr D19.32):
    until end of turn, or (copy) until the object leaves play. Game numbers for power and toughness."""

    kind: LastingKind
    target: int
    timestamp: int
    source: str
    power: int = 0
    toughness: int = 0
    keyword: str = ""
    colors: str = ""
    card: CardDef | None = None
    until_end_of_turn: bool = True
    player: int = -1
    """CONTROL: the player who gets control; an "as long as" effect: the player who controls the effect."""
    while_: While = While.ALWAYS
    source_id: int | None = None
    """The permanent an "as long as" condition looks at."""
    words: tuple[str, str] = ("", "")
    """TEXT: the colour word or land type word replaced, and the word put in its place."""
    subtype: str = ""
    """SUBTYPE, ADD_SUBTYPE: the creature type the object gets (instead of its others, or besides them)."""
    card_type: str = ""
    """ANIMATE: the card type the creature also has ("becomes a 2/2 artifact creature")."""
    replaces_types: bool = False
    """ANIMATE with a card type: the new types replace the object's others and its subtypes (ru 214.4,
    sr B12.12), as the profile the effect began under says."""

    def describe(self) -> str:
        """Returns the effect in the words of the setup notation (after the object's alias)."""
        if self.kind is LastingKind.ANIMATE:
            card_type = f"{self.card_type} " if self.card_type else ""
            return f"becomes a {self.power}/{self.toughness} {card_type}creature"
        if self.kind is LastingKind.SET_PT:
            return f"becomes {self.power}/{self.toughness}"
        if self.kind is LastingKind.SWITCH:
            return "switches power and toughness"
        if self.kind is LastingKind.COLOR and not self.colors:
            return "is colourless"
        if self.kind is LastingKind.COLOR:
            return f"is {self.colors}"
        if self.kind is LastingKind.COPY:
            return f"is a copy of {self.card.name if self.card else '?'}"
        if self.kind is LastingKind.TEXT:
            return f"has {self.words[1]} instead of {self.words[0]} in its text"
        if self.kind is LastingKind.CONTROL:
            return f"changes control (to player {self.player + 1})"
        if self.kind is LastingKind.PUMP:
            return f"gets {self.power:+d}/{self.toughness:+d}"
        if self.kind is LastingKind.LOSE_ALL:
            return str(self.kind)
        if self.kind in (LastingKind.SUBTYPE, LastingKind.ADD_SUBTYPE):
            return f"{self.kind} {self.subtype}"
        return f"{self.kind} {self.keyword}"
