"""Setup lines for the options and variants of a game of more than two players (Izvori magije part F).

variant: magic heart                    # circle, last survivor, magic heart, kings guard, grand circle,
                                        # team circle (sr F6-F10); one per game (F1.20)
attack left                             # or: attack right, attack multiple (F3, F4)
range of influence 1                    # every player's (F2); or 'range of influence: alice 2, bob 1'
creature moving                         # every creature can be moved to a teammate (F5)
kings: alice, erin                      # King's Guard: each team's king (F8.20)
points: alice 10                        # Circle: points so far (F6.40)
markers: alice, erin                    # Grand Circle: the holder of each turn marker by number (F9.42);
                                        # 'waiting after carol' for a marker that waits (F9.43)
playing marker 2                        # the marker whose turn is being played (default 1)
markers to remove: carol                # players who left, whose marker goes between turns (F9.44)
seated at turn start: alice, bob, carol # the players ranges are measured on, when some have left (F2.23)

A variant's usual options apply unless the lines say otherwise: the Circle attacks left (F6.22), Last
Survivor attacks several opponents (F6.50), King's Guard has a range of 2 and creature moving (F8.31,
F8.32), the Grand Circle a range of 1 and attack left (F9.21, F9.22), the team Circle a range of 2 and
attack left (F10.21, F10.22). In Magic Heart each team starts with 150 life per player, shared (F7.41,
F7.100), set as the variant line is read: the teams line comes before it, a life line after it overrides
it. Only sr-2007 has these rules; under the other profiles each line is an error naming the document.
"""

from __future__ import annotations

from ruling.engine.creature_moving import MOVE
from ruling.engine.seats import in_game, team_of, teammates
from ruling.engine.state import StackItem
from ruling.engine.turn_markers import deal_markers
from ruling.engine.variants import AttackOption, Multiplayer, Variant, starting_life
from ruling.numbers import read_whole
from ruling.scenario.notation import Reader, Writer, split_items

_ATTACKS = {f"attack {option}": option for option in AttackOption if option is not AttackOption.CHOSEN}
_RANGE = "range of influence"
_MAX_RANGE = 100


def read_variant_line(reader: Reader, line: str, number: int) -> bool:
    """Reads one line of the part F options and variants; tells whether line was one."""
    rules = reader.state.multiplayer
    head, sep, rest = line.partition(":")
    words = line.split()
    if sep and head == "variant":
        _document(reader, number)
        name = rest.strip()
        if name not in {str(v) for v in Variant} or name == Variant.NONE:
            known = ", ".join(v for v in Variant if v is not Variant.NONE)
            raise reader.error(number, f"expected a variant of sr F6-F10 ({known}), got {name!r}")
        if rules.variant is not Variant.NONE:
            raise reader.error(number, "expected one variant: a game uses only one (sr F1.20)")
        rules.variant = Variant(name)
        if rules.variant is Variant.MAGIC_HEART:
            _shared_life(reader, number)
        reader.later.append(lambda: _settle(reader, number))
    elif line in _ATTACKS:
        _document(reader, number)
        if rules.attack is not AttackOption.CHOSEN:
            raise reader.error(number, "expected one attack option (sr F6.22, F10.22)")
        rules.attack = _ATTACKS[line]
    elif line == "creature moving":
        _document(reader, number)
        rules.moving = True
    elif line.startswith(_RANGE):
        _document(reader, number)
        _read_ranges(reader, line[len(_RANGE) :], number)
        reader.later.append(lambda: _seat(reader))
    elif sep and head == "kings":
        _document(reader, number)
        rules.kings = tuple(reader.player(word, number) for word in split_items(rest))
    elif sep and head == "points":
        _document(reader, number)
        for item in split_items(rest):
            who, _, amount = item.partition(" ")
            rules.points[reader.player(who, number)] = read_whole(amount, "points", (reader.path, number))
    elif sep and head == "markers":
        _document(reader, number)
        rules.markers = []
        for item in split_items(rest):
            if item.startswith("waiting after "):
                rules.marker_from[len(rules.markers)] = reader.player(item[len("waiting after ") :], number)
                rules.markers.append(-1)
            else:
                rules.markers.append(reader.player(item, number))
    elif len(words) == 3 and words[:2] == ["playing", "marker"]:
        _document(reader, number)
        rules.marker = read_whole(words[2], "the turn marker", (reader.path, number), low=1) - 1
    elif sep and head == "markers to remove":
        _document(reader, number)
        rules.left_players = [reader.player(word, number) for word in split_items(rest)]
    elif sep and head == "seated at turn start":
        _document(reader, number)
        rules.seated = tuple(reader.player(word, number) for word in split_items(rest))
    else:
        return False
    return True


def _document(reader: Reader, number: int) -> None:
    if reader.profile.doc != "sr":
        raise reader.error(
            number,
            f"the rules for games of more than two players (Izvori magije part F) are not rules of "
            f"{reader.profile.name}: its document ({reader.profile.doc}) has no options or variants",
        )


def _read_ranges(reader: Reader, text: str, number: int) -> None:
    rules = reader.state.multiplayer
    where = (reader.path, number)
    if text.startswith(":"):
        for item in split_items(text[1:]):
            who, _, reach = item.partition(" ")
            rules.ranges[reader.player(who, number)] = read_whole(reach, "a range", where, high=_MAX_RANGE)
        return
    every = read_whole(text.strip(), "the range of influence", where, high=_MAX_RANGE)
    rules.ranges = dict.fromkeys(range(len(reader.state.players)), every)


def _seat(reader: Reader) -> None:
    """Measures ranges on the players in the game unless a line said who was seated as the turn began."""
    rules = reader.state.multiplayer
    if not rules.seated:
        rules.seated = tuple(in_game(reader.state))


def _settle(reader: Reader, number: int) -> None:
    """Applies the variant's usual options where the lines gave none, then checks what the variant
    demands of the players and their seats."""
    state = reader.state
    rules = state.multiplayer
    count = len(state.players)
    teams = _teams(reader)
    variant = rules.variant
    if count < 3 and variant is not Variant.MAGIC_HEART:
        raise reader.error(number, "expected more than two players: part F is for such games (sr F1.10)")
    if variant in (Variant.CIRCLE, Variant.LAST_SURVIVOR, Variant.GRAND_CIRCLE) and len(teams) != count:
        raise reader.error(number, f"expected every player alone in the {variant} (sr F6.10)")
    if variant is Variant.CIRCLE:
        _default_attack(rules, AttackOption.LEFT)
        if rules.moving:
            raise reader.error(number, "expected no creature moving in the circle (sr F6.23)")
        if len(set(rules.ranges.values())) > 1 or 0 < len(rules.ranges) < count:
            raise reader.error(number, "expected the same range of influence for every player (sr F6.21)")
    elif variant is Variant.LAST_SURVIVOR:
        _default_attack(rules, AttackOption.MULTIPLE)
        if rules.attack is not AttackOption.MULTIPLE:
            raise reader.error(number, "expected 'attack multiple': last survivor must use it (sr F6.50)")
    elif variant is Variant.MAGIC_HEART:
        _magic_heart(reader, teams, number)
    elif variant is Variant.KINGS_GUARD:
        _kings_guard(reader, teams, number)
    elif variant is Variant.GRAND_CIRCLE:
        if count < 10:
            raise reader.error(number, "expected ten or more players in the grand circle (sr F9.10)")
        _default_range(rules, count, 1)
        _default_attack(rules, AttackOption.LEFT)
        if rules.attack is AttackOption.MULTIPLE or rules.moving:
            raise reader.error(number, "expected no attack multiple and no creature moving (sr F9.23)")
        if not rules.markers:
            rules.markers = deal_markers(state, state.active)
            rules.marker = 0
        if not 0 <= rules.marker < len(rules.markers) or rules.markers[rules.marker] != state.active:
            raise reader.error(number, "expected the active player to hold the turn marker being played")
    elif variant is Variant.TEAM_CIRCLE:
        _team_circle(reader, teams, number)
    if rules.ranges:
        _seat(reader)


def _teams(reader: Reader) -> list[list[int]]:
    state = reader.state
    found: dict[int, list[int]] = {}
    for index in range(len(state.players)):
        found.setdefault(team_of(state, index), []).append(index)
    return list(found.values())


def _default_attack(rules: Multiplayer, option: AttackOption) -> None:
    if rules.attack is AttackOption.CHOSEN:
        rules.attack = option


def _default_range(rules: Multiplayer, count: int, reach: int) -> None:
    if not rules.ranges:
        rules.ranges = dict.fromkeys(range(count), reach)


def _together(teams: list[list[int]], count: int) -> bool:
    """Tells whether each team sits together round the table."""
    for team in teams:
        gaps = sum(1 for i in team if (i + 1) % count not in team)
        if len(team) < count and gaps != 1:
            return False
    return True


def _magic_heart(reader: Reader, teams: list[list[int]], number: int) -> None:
    state = reader.state
    if len(teams) != 2 or len(teams[0]) != len(teams[1]) or len(teams[0]) < 2:
        raise reader.error(number, "expected two teams of two (or two equal teams) (sr F7.10, F7.100)")
    if not _together(teams, len(state.players)):
        raise reader.error(number, "expected each team seated together (sr F7.30)")


def _shared_life(reader: Reader, number: int) -> None:
    """Gives each team its one life total as the variant line is read: a later life line overrides it."""
    state = reader.state
    if len(_teams(reader)) == len(state.players):
        raise reader.error(number, "expected the 'teams:' line before 'variant: magic heart' (sr F7.10)")
    state.shared_life = True
    for index, player in enumerate(state.players):
        player.life = starting_life(state, index, reader.profile.scale)


def _kings_guard(reader: Reader, teams: list[list[int]], number: int) -> None:
    state = reader.state
    rules = state.multiplayer
    count = len(state.players)
    if len(teams) < 2 or any(len(team) < 3 for team in teams) or len({len(t) for t in teams}) > 1:
        raise reader.error(number, "expected two or more equal teams of three or more (sr F8.10, F8.70)")
    if not _together(teams, count):
        raise reader.error(number, "expected each team seated together (sr F8.20)")
    for team in teams:
        kings = [k for k in rules.kings if k in team]
        if len(kings) != 1:
            raise reader.error(number, "expected one king per team ('kings: …') (sr F8.20)")
        mates = teammates(state, kings[0])
        left, right = (kings[0] + 1) % count, (kings[0] - 1) % count
        if left not in mates or right not in mates:
            raise reader.error(number, "expected each king seated between two of their guards (sr F8.20)")
    _default_range(rules, count, 2)
    rules.moving = True


def _team_circle(reader: Reader, teams: list[list[int]], number: int) -> None:
    state = reader.state
    rules = state.multiplayer
    count = len(state.players)
    if len(teams) < 2 or len({len(t) for t in teams}) > 1 or len(teams[0]) < 2:
        raise reader.error(number, "expected two or more teams of equal size (sr F10.10)")
    for index in range(count):
        if team_of(state, index) == team_of(state, (index + 1) % count):
            raise reader.error(number, "expected nobody seated next to a teammate (sr F10.30)")
    _default_range(rules, count, 2)
    _default_attack(rules, AttackOption.LEFT)


def variant_lines(writer: Writer) -> list[str]:
    """Returns the lines of the options and variant in use (none for a game without them)."""
    state = writer.state
    rules = state.multiplayer
    names = [p.name for p in state.players]
    lines: list[str] = []
    if rules.variant is not Variant.NONE:
        lines.append(f"variant: {rules.variant}")
    if rules.attack is not AttackOption.CHOSEN:
        lines.append(f"attack {rules.attack}")
    if rules.ranges:
        values = set(rules.ranges.values())
        if len(values) == 1 and len(rules.ranges) == len(names):
            lines.append(f"{_RANGE} {values.pop()}")
        else:
            items = ", ".join(f"{names[p]} {n}" for p, n in sorted(rules.ranges.items()))
            lines.append(f"{_RANGE}: {items}")
    if rules.moving:
        lines.append("creature moving")
    if rules.kings:
        lines.append(f"kings: {', '.join(names[k] for k in rules.kings)}")
    if any(rules.points.values()):
        lines.append(f"points: {', '.join(f'{names[p]} {n}' for p, n in sorted(rules.points.items()) if n)}")
    if rules.markers:
        held = [
            names[h] if h >= 0 else f"waiting after {names[rules.marker_from.get(n, 0)]}"
            for n, h in enumerate(rules.markers)
        ]
        lines.append(f"markers: {', '.join(held)}")
        if rules.marker:
            lines.append(f"playing marker {rules.marker + 1}")
    if rules.left_players:
        lines.append(f"markers to remove: {', '.join(names[p] for p in rules.left_players)}")
    seats = rules.seated
    if rules.ranges and seats and seats != tuple(i for i, p in enumerate(state.players) if not p.lost):
        lines.append(f"seated at turn start: {', '.join(names[i] for i in seats)}")
    return lines


def read_move_line(reader: Reader, player: int, text: str, line: int) -> None:
    """Reads 'stack: alice moves bear to carol': a creature moving ability on the stack (sr F5.20)."""
    creature, sep, mate = text.rpartition(" to ")
    if not sep:
        raise reader.error(line, f"expected 'PLAYER moves CREATURE to TEAMMATE', got {text!r}")
    state = reader.state
    item = StackItem(
        state.tick(), MOVE, player, 0, "creature moving", targets=(("player", reader.player(mate, line)),)
    )
    state.stack.append(item)

    def resolve() -> None:
        item.source = reader.obj(creature, line)

    reader.later.append(resolve)
