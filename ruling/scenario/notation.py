"""The pieces of the setup notation every part shares: reading objects and references, writing them back.

An item is ``[COUNT] CARD NAME [as ALIAS] [(FLAGS)]``. A reference names an object by alias (or by card name
when only one object has it), a player by name, a spell on the stack by the alias of its card; ``NAME (left
play)`` or just ``(left play)``, and ``(left the stack)``, name an object or a spell that no longer exists.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ruling.engine.cards import COUNTER_KINDS_PATTERN, CardDef, counted_kind, token_card
from ruling.engine.choices import read_choice
from ruling.engine.control import controller_of
from ruling.engine.lasting import LastingKind
from ruling.engine.profiles import Profile
from ruling.engine.spell_copies import topmost_copy
from ruling.engine.state import GameObject, GameState, Zone
from ruling.engine.targets import COPY, Target
from ruling.errors import NotationError
from ruling.numbers import read_whole
from ruling.scenario.setup_keywords import flags as keyword_flags
from ruling.scenario.setup_keywords import read_flag as read_keyword_flag

ZONE_WORDS = {
    "in play": Zone.IN_PLAY,
    "hand": Zone.HAND,
    "library": Zone.LIBRARY,
    "graveyard": Zone.GRAVEYARD,
    "removed": Zone.REMOVED,
    "sideboard": Zone.SIDEBOARD,
}
TODAY_ZONE_WORDS = {"battlefield": Zone.IN_PLAY, "exile": Zone.REMOVED}
"""Today's names of two zones, which a judge may write for the era's (in play; removed from the game): read,
never written back."""
OBJECT_ZONE_MARKERS = (
    *((f" {word}" if zone is Zone.IN_PLAY else f" in {word}", zone) for word, zone in ZONE_WORDS.items()),
    (" on the battlefield", Zone.IN_PLAY),
    (" on battlefield", Zone.IN_PLAY),
    (" in exile", Zone.REMOVED),
)
"""How an expectation says where an object is: ``bear in play``, ``bear in graveyard``, ``bear in exile``."""


def zone_word(word: str) -> Zone | None:
    """Returns the zone a setup or expect line names by word (``hand``, ``in play``, ``exile``), if any."""
    return ZONE_WORDS.get(word) or TODAY_ZONE_WORDS.get(word)


MAX_COPIES = 2000
"""The most copies one item may make (``2000 Forest``)."""
MAX_OBJECTS = 2000
"""The most objects a setup may create: many times a real game's, few enough that every check the engine
makes over all objects stays fast."""
LEFT_PLAY = " (left play)"
LEFT_STACK = " (left the stack)"
COPY_OF = "copy of "
"""How a target names a copy of a spell on the stack: 'copy of ALIAS' (the topmost copy of that spell)."""
ABILITY_OF = "ability of "
"""How a target names an ability on the stack: 'ability of ALIAS' (the topmost ability of that object)."""
COMBAT_DAMAGE = "combat damage"
"""How a target names the combat damage on the stack."""
FLAG_HELP = (
    "tapped, sick, token [P/T [COLOURS]], token KIND counters [COLOURS], made by ALIAS, damage N, "
    "counters N, minus counters N, land C, owner PLAYER, attached to ALIAS, chose VALUE, under PLAYER, "
    "phased out, face down, fade counters N, age counters N, echo due, madness window, paid COST, "
    "imprinted ALIAS"
)
_ITEM = re.compile(
    r"(?:(?P<count>[0-9]+)\s+)?(?P<name>[^()]+?)(?:\s+as\s+(?P<alias>[\w-]+))?\s*(?:\((?P<flags>[^)]*)\))?$"
)
_TOKEN = re.compile(
    rf"token (?:(?P<p>[0-9]+)/(?P<t>[0-9]+)|(?P<kind>{COUNTER_KINDS_PATTERN}) counters)"
    r"(?: (?P<colors>[WUBRG]+))?$"
)
"""A token an effect made: its power and toughness, or the counters on the permanent that made it they count
(``made by ALIAS`` names that permanent), then its colours."""


def split_items(text: str) -> list[str]:
    """Splits a comma list, keeping commas inside parentheses."""
    items, depth, current = [], 0, ""
    for char in text:
        depth += char == "("
        depth -= char == ")"
        if char == "," and depth == 0:
            items.append(current.strip())
            current = ""
        else:
            current += char
    if current.strip():
        items.append(current.strip())
    return items


class Reader:
    """What reading a setup needs: the state being built, cards, profile, aliases, and references that are
    resolved once every line has been read (an object may be named before the line that creates it)."""

    def __init__(self, state: GameState, path: str, cards: dict[str, CardDef], profile: Profile) -> None:
        self.state = state
        self.path = path
        self.cards = cards
        self.profile = profile
        self.aliases: dict[str, int] = {}
        self.later: list[Callable[[], None]] = []
        self.bases: dict[int, tuple[int, int]] = {}
        """Objects whose ``under PLAYER`` flag says who they came into play under, when control effects
        give them to the player they are listed under (ruling.engine.control)."""

    def error(self, line: int, message: str) -> NotationError:
        return NotationError(self.path, line, message)

    def player(self, word: str, line: int) -> int:
        names = [p.name for p in self.state.players]
        if word.strip() not in names:
            raise self.error(line, f"expected a player name ({', '.join(names)}), got {word.strip()!r}")
        return names.index(word.strip())

    def is_player(self, word: str) -> bool:
        return any(p.name == word.strip() for p in self.state.players)

    def card(self, name: str, line: int) -> CardDef:
        """Returns the card of that name: from the library and inline cards, else the card of an object
        already read (a token an effect made)."""
        if name in self.cards:
            return self.cards[name]
        found = next((o.card for o in self.state.objects.values() if o.card.name == name), None)
        if found is None:
            raise self.error(line, f"expected a known card name, got {name!r}")
        return found

    def gone(self) -> int:
        """Returns a fresh id that names no object: the identity of something that has left its zone."""
        self.state.next_id += 1
        return self.state.next_id - 1

    def obj(self, word: str, line: int) -> int:
        """Returns the object an alias or a unique card name names, or a fresh id for 'NAME (left play)'."""
        word = word.strip()
        if word.endswith(LEFT_PLAY.strip()):
            return self.gone()
        if word in self.aliases:
            return self.aliases[word]
        found = [o.id for o in self.state.objects.values() if o.card.name == word]
        if len(found) != 1:
            raise self.error(line, f"expected an alias or the name of exactly one object, got {word!r}")
        return found[0]

    def target(self, word: str, line: int) -> Target:
        """Returns a player, a spell on the stack (named by the alias of its card; 'copy of ALIAS' names
        the topmost copy of it) or an object."""
        if self.is_player(word):
            return ("player", self.player(word, line))
        if word.strip().endswith(LEFT_STACK.strip()):
            return ("spell", self.gone())
        if word.strip().startswith(COPY_OF):
            copy = topmost_copy(self.state.stack, self.obj(word.strip()[len(COPY_OF) :], line))
            if copy is None:
                raise self.error(line, f"expected a copy of a spell on the stack, got {word.strip()!r}")
            return ("spell", copy)
        obj_id = self.obj(word, line)
        obj = self.state.objects.get(obj_id)
        if obj is not None and obj.zone is Zone.STACK:
            item = next(i for i in self.state.stack if i.kind == "spell" and i.source == obj_id)
            return ("spell", item.id)
        return ("obj", obj_id)

    def add_items(
        self, text: str, owner: int, zone: Zone, line: int, controller: int | None = None
    ) -> list[int]:
        """Creates the objects a comma list of items describes in zone and returns their ids."""
        ids: list[int] = []
        for item in split_items(text):
            ids += self.add_item(item, owner, zone, line, controller)
        return ids

    def add_item(
        self, item: str, owner: int, zone: Zone, line: int, controller: int | None = None
    ) -> list[int]:
        """Creates the objects of one item (a COUNT makes copies; the alias names the first)."""
        match = _ITEM.match(item)
        if match is None:
            raise self.error(line, f"expected 'CARD NAME [as ALIAS] [(FLAGS)]', got {item!r}")
        name = match.group("name").strip()
        flags = [f.strip() for f in (match.group("flags") or "").split(",") if f.strip()]
        card = self._item_card(name, flags, item, line)
        ids: list[int] = []
        state = self.state
        count = read_whole(
            match.group("count") or "1", "a count of copies", (self.path, line), high=MAX_COPIES, low=1
        )
        if len(self.state.objects) + count > MAX_OBJECTS:
            raise self.error(line, f"expected at most {MAX_OBJECTS} objects in a game, got more")
        for n in range(count):
            obj = state.new_object(card, owner, zone)
            obj.controller = owner if controller is None else controller
            if zone is Zone.IN_PLAY:
                state.in_play.append(obj.id)
            elif zone is not Zone.STACK:
                state.players[owner].zone(zone).append(obj.id)
            self._apply_flags(obj, flags, line)
            obj.controlled_since_turn_start = zone is Zone.IN_PLAY and "sick" not in flags
            if n == 0 and match.group("alias"):
                self.name(match.group("alias"), obj.id, line)
            ids.append(obj.id)
        return ids

    def name(self, alias: str, obj_id: int, line: int) -> None:
        if alias in self.aliases:
            raise self.error(line, f"alias {alias!r} is used twice")
        self.aliases[alias] = obj_id

    def _item_card(self, name: str, flags: list[str], item: str, line: int) -> CardDef:
        for flag in flags:
            token = _TOKEN.match(flag)
            if token is not None and token["kind"]:
                return token_card(name, token["colors"] or "", 0, 0, token["kind"])
            if token is not None:
                power = read_whole(token.group("p"), "a token's power", (self.path, line))
                toughness = read_whole(token.group("t"), "a token's toughness", (self.path, line))
                return token_card(name, token.group("colors") or "", power, toughness)
        if name not in self.cards:
            raise self.error(
                line, f"expected a known card name (with 'as alias' and '(flags)'), got {item!r}"
            )
        return self.cards[name]

    def _apply_flags(self, obj: GameObject, flags: list[str], line: int) -> None:
        for flag in flags:
            key, _, value = flag.partition(" ")
            if flag == "tapped":
                obj.tapped = True
            elif flag == "sick":
                continue
            elif flag == "token" or _TOKEN.match(flag):
                obj.token = True
            elif key in ("damage", "counters") and value:
                amount = read_whole(value, f"the {key} of {obj.card.name}", (self.path, line))
                setattr(obj, "damage" if key == "damage" else "plus_counters", amount)
            elif flag.startswith("minus counters "):
                value = flag[len("minus counters ") :]
                what = f"the minus counters of {obj.card.name}"
                obj.minus_counters = read_whole(value, what, (self.path, line))
            elif key == "land" and value:
                obj.as_land = value
            elif key == "under" and value:
                self.bases[obj.id] = (self.player(value, line), line)
            elif key == "chose" and value:
                obj.chosen = read_choice(value, self.state)
            elif key == "owner" and value:
                obj.owner = self.player(value, line)
            elif flag.startswith("attached to "):
                self._attach(obj, flag[len("attached to ") :], line)
            elif flag.startswith("made by "):
                self._made_by(obj, flag[len("made by ") :], line)
            elif read_keyword_flag(self, obj, flag, line):
                continue
            else:
                raise self.error(line, f"expected flags {FLAG_HELP}; got {flag!r}")

    def _made_by(self, obj: GameObject, maker: str, line: int) -> None:
        def resolve() -> None:
            if not obj.token:
                raise self.error(line, f"expected 'made by' only on a token, got {obj.card.name!r}")
            obj.made_by = self.obj(maker, line)

        self.later.append(resolve)

    def _attach(self, obj: GameObject, host: str, line: int) -> None:
        if not obj.card.enchant and "Equipment" not in obj.card.subtypes:
            raise self.error(
                line,
                f"expected 'attached to' only on a local enchantment (a card with enchant = …) or an "
                f"Equipment, got {obj.card.name!r}",
            )

        def resolve() -> None:
            obj.attached_to = self.obj(host, line)

        self.later.append(resolve)


class Writer:
    """What writing a setup needs: an alias for every object another line refers to."""

    def __init__(self, state: GameState, aliases: dict[str, int], scale: int = 1) -> None:
        self.state = state
        self.scale = scale
        self.aliases: dict[int, str] = {}
        for alias, obj_id in aliases.items():
            current = state.current(obj_id)
            if current in state.objects and current not in self.aliases:
                self.aliases[current] = alias
        self.used = set(aliases)

    def alias(self, obj_id: int) -> str:
        """Returns the alias of an object, making one from its card name when it has none."""
        if obj_id not in self.aliases:
            base = re.sub(r"[^a-z0-9]+", "-", self.state.obj(obj_id).card.name.lower()).strip("-") or "object"
            alias, n = base, 1
            while alias in self.used or any(p.name == alias for p in self.state.players):
                n += 1
                alias = f"{base}-{n}"
            self.used.add(alias)
            self.aliases[obj_id] = alias
        return self.aliases[obj_id]

    def ref(self, obj_id: int) -> str:
        """Returns the alias of an object, or '(left play)' for one that no longer exists."""
        return self.alias(obj_id) if obj_id in self.state.objects else LEFT_PLAY.strip()

    def target(self, target: Target) -> str:
        kind, ident = target
        if kind == "player":
            return self.state.players[ident].name
        if kind == "spell":
            item = next((i for i in self.state.stack if i.id == ident), None)
            if item is not None and item.kind == COPY:
                return f"{COPY_OF}{self.ref(item.source)}"
            return self.alias(item.source) if item is not None else LEFT_STACK.strip()
        return self.ref(ident)

    def item(self, obj: GameObject) -> str:
        """Returns the item text of an object (its own printed card when it is a copy of another)."""
        card = obj.card
        alias = self.aliases.get(obj.id)
        flags = []
        if obj.tapped:
            flags.append("tapped")
        if obj.zone is Zone.IN_PLAY and not obj.controlled_since_turn_start:
            flags.append("sick")
        if obj.token:
            counted = counted_kind(card)
            made = token_card(card.name, card.colors, card.power, card.toughness, counted) == card
            colors = f" {card.colors}" if card.colors else ""
            size = f"{counted} counters" if counted else f"{card.power}/{card.toughness}"
            flags.append(f"token {size}{colors}" if made else "token")
        if obj.token and obj.made_by in self.state.objects:
            flags.append(f"made by {self.alias(obj.made_by)}")
        if obj.damage:
            flags.append(f"damage {obj.damage}")
        if obj.plus_counters:
            flags.append(f"counters {obj.plus_counters}")
        if obj.minus_counters:
            flags.append(f"minus counters {obj.minus_counters}")
        if obj.as_land:
            flags.append(f"land {obj.as_land}")
        if obj.chosen[0] and obj.zone is Zone.IN_PLAY:
            flags.append(f"chose {obj.chosen[1]}")
        now = controller_of(self.state, obj)
        if obj.owner != now:
            flags.append(f"owner {self.state.players[obj.owner].name}")
        went_back = any(
            e.kind is LastingKind.CONTROL
            and e.target == obj.id
            and e.source == card.name
            and e.until_end_of_turn
            for e in self.state.lasting
        )
        if obj.controller != now and not went_back:
            flags.append(f"under {self.state.players[obj.controller].name}")
        if obj.attached_to in self.state.objects:
            flags.append(f"attached to {self.ref(obj.attached_to)}")
        flags += keyword_flags(self, obj)
        text = card.name + (f" as {alias}" if alias else "")
        return text + (f" ({', '.join(flags)})" if flags else "")
