"""The game state: plain, copyable data (players, ordered zones, stack, combat, turn, seeded shuffles)."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, TypeVar

from ruling.engine.cards import CardDef
from ruling.engine.lasting import Lasting
from ruling.engine.variants import Multiplayer

if TYPE_CHECKING:
    from ruling.engine.delayed import Delayed
    from ruling.engine.layers import Characteristics

T = TypeVar("T")


class Zone(StrEnum):
    """The six zones of the era (ru 217.1)."""

    LIBRARY = "library"
    HAND = "hand"
    GRAVEYARD = "graveyard"
    IN_PLAY = "in play"
    STACK = "stack"
    REMOVED = "removed"
    PHASED_OUT = "phased out"
    """The phased-out zone of phasing (ja 217.8, 502.15)."""
    SIDEBOARD = "sideboard"
    """Cards a player has outside the game in no zone of it (ja 217.1e, sr B16.15: not a zone), which a
    wish may bring into the game."""


class Step(StrEnum):
    """Every step of the era's turn, main phases included as steps of their own."""

    UNTAP = "untap"
    UPKEEP = "upkeep"
    DRAW = "draw"
    MAIN1 = "main1"
    BEGIN_COMBAT = "beginning of combat"
    DECLARE_ATTACKERS = "declare attackers"
    DECLARE_BLOCKERS = "declare blockers"
    FIRST_STRIKE_DAMAGE = "first strike damage"
    COMBAT_DAMAGE = "combat damage"
    END_COMBAT = "end of combat"
    MAIN2 = "main2"
    END_OF_TURN = "end of turn"
    CLEANUP = "cleanup"


STEP_ORDER: tuple[Step, ...] = tuple(Step)
PHASE_OF: dict[Step, str] = {
    Step.UNTAP: "beginning",
    Step.UPKEEP: "beginning",
    Step.DRAW: "beginning",
    Step.MAIN1: "main1",
    Step.BEGIN_COMBAT: "combat",
    Step.DECLARE_ATTACKERS: "combat",
    Step.DECLARE_BLOCKERS: "combat",
    Step.FIRST_STRIKE_DAMAGE: "combat",
    Step.COMBAT_DAMAGE: "combat",
    Step.END_COMBAT: "combat",
    Step.MAIN2: "main2",
    Step.END_OF_TURN: "end",
    Step.CLEANUP: "end",
}


@dataclass
class GameObject:
    """A card or token in some zone; a zone change makes a new object (ru 217.1).

    card is the printed card and never changes: what effects make of it is computed (ruling.engine.layers).
    """

    id: int
    card: CardDef
    owner: int
    controller: int
    zone: Zone
    timestamp: int
    tapped: bool = False
    damage: int = 0
    plus_counters: int = 0
    minus_counters: int = 0
    token: bool = False
    controlled_since_turn_start: bool = False
    as_land: str = ""
    attached_to: int | None = None
    entered_at: int = 0
    """When it came into its zone; objects that came in by one event share it (timestamp stays unique)."""
    paid: tuple[str, ...] = ()
    """On the stack: the optional costs paid for it as a spell (kicker, buyback, entwine, flashback)."""
    sacrificed: tuple[int, ...] = ()
    """On the stack: the permanents sacrificed to pay its cost as a spell (their last known information)."""
    face_down: bool = False
    """A face-down spell or permanent: a 2/2 creature with no name, text, colour or types (ja 504.1)."""
    kind_counters: tuple[tuple[str, int], ...] = ()
    """Counters of the keywords (fade, age), by kind and sorted: ja 502.20a, 502.13a (a tuple, so that
    copying a game state shares it)."""
    imprinted: tuple[int, ...] = ()
    """The cards removed from the game by its imprint abilities (ja 502.34a)."""
    half: str = ""
    """On the stack: the half of a split card played (ja 505.2)."""
    madness_window: bool = False
    """Removed by madness, its trigger resolved: its owner may play it until they next pass (ja 502.24a)."""
    echo_due: bool = False
    """It came under its controller's control since their last upkeep: echo triggers (ja 502.19a)."""
    phased_alone: bool = False
    """A local enchantment or Equipment that phased out directly, not with the permanent it is attached to:
    it phases in by itself, attached to that permanent, which may be gone by then (ja 502.15j)."""
    made_by: int | None = None
    """For a token with an ability that names the permanent that made it: that permanent, the very object
    the name means (ja 202.2b, sr B3.32)."""
    control_seen: int = -1
    """Who the engine last saw control it (-1: controller); control is computed (ruling.engine.control)."""
    chosen: tuple[str, str] = ("", "")
    """A choice made as it came into play: its kind (colour, creature type, opponent) and value."""


def counters_of(obj: GameObject, kind: str) -> int:
    """Returns how many counters of a keyword's kind (fade, age) are on an object."""
    return dict(obj.kind_counters).get(kind, 0)


def set_counters(obj: GameObject, kind: str, count: int) -> None:
    """Sets the counters of a keyword's kind on an object."""
    counts = dict(obj.kind_counters) | {kind: count}
    obj.kind_counters = tuple(sorted((k, n) for k, n in counts.items() if n))


@dataclass(frozen=True)
class SourceInfo:
    """The name and colours of a source, as it last existed if it has left its zone (ru 502.7b, ja 402.6),
    and for a creature its power (printed numbers, whatever the profile's scale)."""

    name: str
    colors: str
    power: int | None = None

    @classmethod
    def of(cls, chars: Characteristics, scale: int = 1) -> SourceInfo:
        """Returns what a source is by its characteristics, whose numbers are scale times the printed ones."""
        return cls(chars.name, chars.colors, chars.power // scale if chars.is_creature else None)


@dataclass
class Player:
    """A player's life, mana pool and per-turn counts; zones hold object ids, top of library first."""

    name: str
    life: int
    library: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    graveyard: list[int] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)
    sideboard: list[int] = field(default_factory=list)
    pool: dict[str, int] = field(default_factory=dict)
    lands_played: int = 0
    drew_from_empty: bool = False
    lost: bool = False
    team: int = -1
    """The team (the seat of its first member); -1: a team of one (ruling.engine.seats)."""
    poison: int = 0
    """Poison counters: ten or more lose the game (ja 420.5h)."""

    def zone(self, zone: Zone) -> list[int]:
        return {
            Zone.LIBRARY: self.library,
            Zone.HAND: self.hand,
            Zone.GRAVEYARD: self.graveyard,
            Zone.REMOVED: self.removed,
            Zone.SIDEBOARD: self.sideboard,
        }[zone]


@dataclass
class StackItem:
    """A spell, an ability (a pseudospell) or a combat damage assignment on the stack."""

    id: int
    kind: str
    controller: int
    source: int
    label: str
    effects: tuple[object, ...] = ()
    targets: tuple[tuple[str, int], ...] = ()
    damage: tuple[tuple[int, str, int, int], ...] = ()
    subject: int | None = None
    rules: tuple[str, ...] = ()
    groups: tuple[int, ...] = ()
    shares: tuple[int, ...] = ()
    x: int = 0
    player: int | None = None
    """The player the event that triggered it names ("that player"), if any."""

    def target_groups(self) -> tuple[int, ...]:
        """Returns the target group of each target (group 0 for all when none were recorded)."""
        return self.groups or (0,) * len(self.targets)


@dataclass
class Combat:
    """Attackers and their blockers; blocked status persists when blockers leave (ru 309.4).

    controllers remembers who controlled each creature when it was declared (ru 306.2).
    """

    attackers: list[int] = field(default_factory=list)
    blockers: dict[int, list[int]] = field(default_factory=dict)
    blocked: set[int] = field(default_factory=set)
    first_strikers_dealt: set[int] = field(default_factory=set)
    controllers: dict[int, int] = field(default_factory=dict)
    defenders: dict[int, int] = field(default_factory=dict)
    """The player each attacker attacks (sr F4.30); an attacker not listed attacks the next opponent."""
    bands: list[list[int]] = field(default_factory=list)
    """Attacking bands (ja 502.10b)."""
    must_block: dict[int, int] = field(default_factory=dict)
    """A provoked creature and the attacker it must block if able (ja 502.29a)."""
    idle_blockers: list[int] = field(default_factory=list)
    """Blockers whose attackers were removed from combat: still blocking, but blocking no creature, until
    they leave combat themselves or it ends (ru 309.3, 310.1d; ja 309.2e, 310.2d; sr C10.25, C11.24)."""

    def blocking(self) -> list[int]:
        """Returns every blocking creature, in declaration order, idle blockers last."""
        found = [b for bs in self.blockers.values() for b in bs] + self.idle_blockers
        return list(dict.fromkeys(found))

    def involved(self) -> list[int]:
        """Returns every creature in combat: the attackers, then the blockers."""
        return list(dict.fromkeys(self.attackers + self.blocking()))


@dataclass
class Shield:
    """A regeneration shield on a permanent, or one preventing the next N damage to a creature or player,
    or redirecting it to another (``to``); each lasts until end of turn (ru 419.6b, 419.7b, ja 419.6c)."""

    kind: str
    recipient: tuple[str, int]
    amount: int
    source: str
    timestamp: int
    to: tuple[str, int] | None = None


@dataclass
class ContinuousEffect:
    """A pump until end of turn, or a flanking or rampage bonus, applied in timestamp order."""

    target: int
    power: int
    toughness: int
    timestamp: int
    source: str


@dataclass
class PreventAll:
    """A rule-changing prevention effect until end of turn: all combat damage (Fog), or all damage that
    creatures would deal; it applies to creatures that come into play later too (ja 418.3b). Its
    controller's range of influence limits what it prevents (sr F2.122)."""

    source: str
    creatures: bool
    controller: int
    timestamp: int


@dataclass
class Pending:
    """A triggered ability waiting to be put on the stack at the next priority."""

    controller: int
    source: int
    label: str
    effects: tuple[object, ...]
    target_kind: str | None
    rules: tuple[str, ...] = ()
    subject: int | None = None
    player: int | None = None
    """The player its event names ("that player"), if any."""


@dataclass
class GameState:
    """Everything about a game at one moment; deep-copyable."""

    players: list[Player]
    seed: int = 0
    objects: dict[int, GameObject] = field(default_factory=dict)
    in_play: list[int] = field(default_factory=list)
    stack: list[StackItem] = field(default_factory=list)
    successor: dict[int, int] = field(default_factory=dict)
    last_known: dict[int, SourceInfo] = field(default_factory=dict)
    effects: list[ContinuousEffect] = field(default_factory=list)
    lasting: list[Lasting] = field(default_factory=list)
    prevent_all: list[PreventAll] = field(default_factory=list)
    pending: list[Pending] = field(default_factory=list)
    shields: list[Shield] = field(default_factory=list)
    combat: Combat | None = None
    turn: int = 1
    active: int = 0
    step: Step = Step.MAIN1
    priority: int | None = 0
    passes: int = 0
    next_id: int = 1
    clock: int = 0
    winner: int | None = None
    draw_game: bool = False
    shuffles: int = 0
    shared_life: bool = False
    """Each team shares one life total (sr F7.41)."""
    cards_left_game: int = 0
    """Cards that left a game of more than two players with the player who lost (sr F1.41)."""
    multiplayer: Multiplayer = field(default_factory=Multiplayer)
    """The options and variant of a game of more than two players (sr part F; ruling.engine.variants)."""
    turn_control: dict[int, int] = field(default_factory=dict)
    """Players whose next turn another player will control, with that player (ja 507.1)."""
    turn_controller: int | None = None
    """Who controls the active player's turn now, if another player does (ja 507.1)."""
    phased_out: list[int] = field(default_factory=list)
    """Permanents that have phased out, in the order they did (ja 502.15b)."""
    spells_this_turn: int = 0
    """Spells played in turn ``spells_turn`` so far (for storm, ja 502.30a)."""
    spells_turn: int = 0
    control_statics: bool = False
    """A permanent with a static control-changing ability has come into play (control is then computed
    with static abilities too)."""
    delayed: list[Delayed] = field(default_factory=list)
    """Delayed triggered abilities waiting for their step (ruling.engine.delayed)."""

    def shuffle(self, items: list[T]) -> None:
        """Shuffles items in place; the order depends only on the seed and the number of earlier shuffles,
        so a position written with both replays the same later shuffles."""
        random.Random(f"{self.seed}/{self.shuffles}").shuffle(items)
        self.shuffles += 1

    def copy(self) -> GameState:
        return copy.deepcopy(self)

    @property
    def over(self) -> bool:
        return self.winner is not None or self.draw_game

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def new_object(self, card: CardDef, owner: int, zone: Zone, token: bool = False) -> GameObject:
        obj = GameObject(self.next_id, card, owner, owner, zone, self.tick(), token=token)
        obj.entered_at = obj.timestamp
        self.objects[obj.id] = obj
        self.next_id += 1
        return obj

    def current(self, obj_id: int) -> int:
        """Follows an object through its zone changes to its present identity."""
        while obj_id in self.successor:
            obj_id = self.successor[obj_id]
        return obj_id

    def obj(self, obj_id: int) -> GameObject:
        return self.objects[obj_id]

    def permanents(self, controller: int | None = None) -> list[GameObject]:
        found = [self.objects[i] for i in self.in_play]
        if controller is None:
            return found
        from ruling.engine.control import controller_of

        return [o for o in found if controller_of(self, o) == controller]
