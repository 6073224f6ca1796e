"""The setup notation: a board position in a few lines, read into a GameState and written back.

players: alice, bob                 # the first one plays first
turn 3, alice, main1                # turn number, active player, step
alice life 20
alice pool GG
alice in play: Craw Wurm as wurm, 2 Forest, Grizzly Bears (tapped, damage 1, counters 1, sick)
alice hand: Giant Growth as growth
alice library: Forest, Island       # top first
alice graveyard: Shock
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ruling.engine.cards import CardDef
from ruling.engine.mana import add_mana, pool_text
from ruling.engine.profiles import Profile
from ruling.engine.state import GameObject, GameState, Player, Step, Zone
from ruling.errors import NotationError

ZONE_WORDS = {
    "in play": Zone.IN_PLAY,
    "hand": Zone.HAND,
    "library": Zone.LIBRARY,
    "graveyard": Zone.GRAVEYARD,
    "removed": Zone.REMOVED,
}
FLAGS = ("tapped", "sick", "token")
_ITEM = re.compile(
    r"(?:(?P<count>\d+)\s+)?(?P<name>[^()]+?)(?:\s+as\s+(?P<alias>[\w-]+))?\s*(?:\((?P<flags>[^)]*)\))?$"
)


@dataclass
class Setup:
    """A state built from the notation, with the aliases it named (alias → first object id)."""

    state: GameState
    aliases: dict[str, int] = field(default_factory=dict)


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


def parse_setup(
    lines: tuple[tuple[int, str], ...], path: str, cards: dict[str, CardDef], profile: Profile, seed: int
) -> Setup:
    """Builds the game state the setup lines describe, for profile."""
    if not lines or not lines[0][1].strip().startswith("players:"):
        raise NotationError(
            path, lines[0][0] if lines else None, "expected the setup to start with 'players: A, B'"
        )
    number, first = lines[0]
    names = [n.strip() for n in first.split(":", 1)[1].split(",") if n.strip()]
    if len(names) != 2:
        raise NotationError(path, number, f"expected two player names, got {names}")
    state = GameState([Player(n, profile.life) for n in names], seed=seed)
    setup = Setup(state)
    for number, raw in lines[1:]:
        line = raw.split("#", 1)[0].strip()
        _setup_line(setup, line, number, path, cards, names)
    return setup


def _player(names: list[str], word: str, path: str, number: int) -> int:
    if word not in names:
        raise NotationError(path, number, f"expected a player name ({', '.join(names)}), got {word!r}")
    return names.index(word)


def _setup_line(
    setup: Setup, line: str, number: int, path: str, cards: dict[str, CardDef], names: list[str]
) -> None:
    state = setup.state
    if line.startswith("turn "):
        parts = [p.strip() for p in line[5:].split(",")]
        steps = {str(s): s for s in Step}
        if len(parts) != 3 or not parts[0].isdigit() or parts[2] not in steps:
            raise NotationError(
                path, number, f"expected 'turn N, PLAYER, STEP' with a step of {', '.join(steps)}"
            )
        state.turn = int(parts[0])
        state.active = _player(names, parts[1], path, number)
        state.step = steps[parts[2]]
        return
    head, sep, rest = line.partition(":")
    words = head.split()
    if sep and len(words) >= 2 and " ".join(words[1:]) in ZONE_WORDS:
        owner = _player(names, words[0], path, number)
        zone = ZONE_WORDS[" ".join(words[1:])]
        for item in split_items(rest):
            _add_item(setup, item, owner, zone, number, path, cards)
        return
    if len(words) == 3 and words[1] == "life" and not sep and words[2].lstrip("-").isdigit():
        state.players[_player(names, words[0], path, number)].life = int(words[2])
        return
    if len(words) == 3 and words[1] == "pool" and not sep:
        add_mana(state.players[_player(names, words[0], path, number)], words[2])
        return
    if len(words) == 3 and words[1] == "lands_played" and words[2].isdigit():
        state.players[_player(names, words[0], path, number)].lands_played = int(words[2])
        return
    raise NotationError(
        path,
        number,
        f"expected 'turn …', 'PLAYER life N', 'PLAYER pool …' or 'PLAYER ZONE: cards' (zones: "
        f"{', '.join(ZONE_WORDS)}), got {line!r}",
    )


def _add_item(
    setup: Setup, item: str, owner: int, zone: Zone, number: int, path: str, cards: dict[str, CardDef]
) -> None:
    match = _ITEM.match(item)
    if match is None or match.group("name").strip() not in cards:
        raise NotationError(
            path, number, f"expected a known card name (with 'as alias' and '(flags)'), got {item!r}"
        )
    card = cards[match.group("name").strip()]
    count = int(match.group("count") or 1)
    flags = [f.strip() for f in (match.group("flags") or "").split(",") if f.strip()]
    state = setup.state
    for n in range(count):
        obj = state.new_object(card, owner, zone)
        (state.in_play if zone is Zone.IN_PLAY else state.players[owner].zone(zone)).append(obj.id)
        _apply_flags(obj, flags, number, path)
        obj.controlled_since_turn_start = zone is Zone.IN_PLAY and "sick" not in flags
        if n == 0 and match.group("alias"):
            alias = match.group("alias")
            if alias in setup.aliases:
                raise NotationError(path, number, f"alias {alias!r} is used twice")
            setup.aliases[alias] = obj.id


def _apply_flags(obj: GameObject, flags: list[str], number: int, path: str) -> None:
    for flag in flags:
        key, _, value = flag.partition(" ")
        if flag == "tapped":
            obj.tapped = True
        elif flag == "sick":
            continue
        elif flag == "token":
            obj.token = True
        elif key == "damage" and value.isdigit():
            obj.damage = int(value)
        elif key == "counters" and value.isdigit():
            obj.plus_counters = int(value)
        elif key == "land" and value:
            obj.as_land = value
        else:
            raise NotationError(
                path,
                number,
                f"expected flags tapped, sick, token, damage N, counters N, land C; got {flag!r}",
            )


def render_setup(state: GameState, aliases: dict[str, int]) -> list[str]:
    """Writes state in the setup notation (the inverse of parse_setup, for the objects it covers)."""
    names = {v: k for k, v in aliases.items()}
    lines = [
        f"players: {', '.join(p.name for p in state.players)}",
        f"turn {state.turn}, {state.players[state.active].name}, {state.step}",
    ]
    for index, player in enumerate(state.players):
        lines.append(f"{player.name} life {player.life}")
        if player.pool:
            lines.append(f"{player.name} pool {pool_text(player)}")
        zones = [("in play", [i for i in state.in_play if state.obj(i).controller == index])]
        zones += [(word, player.zone(zone)) for word, zone in ZONE_WORDS.items() if zone is not Zone.IN_PLAY]
        for word, ids in zones:
            if ids:
                items = ", ".join(_item_text(state.obj(i), names.get(i)) for i in ids)
                lines.append(f"{player.name} {word}: {items}")
    return lines


def _item_text(obj: GameObject, alias: str | None) -> str:
    text = obj.card.name + (f" as {alias}" if alias else "")
    flags = []
    if obj.tapped:
        flags.append("tapped")
    if obj.zone is Zone.IN_PLAY and not obj.controlled_since_turn_start:
        flags.append("sick")
    if obj.token:
        flags.append("token")
    if obj.damage:
        flags.append(f"damage {obj.damage}")
    if obj.plus_counters:
        flags.append(f"counters {obj.plus_counters}")
    if obj.as_land:
        flags.append(f"land {obj.as_land}")
    return text + (f" ({', '.join(flags)})" if flags else "")
