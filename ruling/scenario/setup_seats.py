"""Setup lines for the seats of a game of more than two players: teams, shared life, whom attackers attack.

teams: alice + carol, bob + dave        # every player on one team; default: each player alone
shared life                             # each team has one life total (sr F7.41)
attacking carol: wurm, knight           # these attackers attack carol, not the next opponent (sr F4.30)
came into play together: legend, legend-2   # these permanents entered play by one event (ja 420.5e)
"""

from __future__ import annotations

from ruling.engine.seats import default_defender, defender_of, team_of
from ruling.scenario.notation import Reader, Writer, split_items


def read_seat_line(reader: Reader, line: str, number: int) -> bool:
    """Reads a teams, shared life or attacking line; tells whether line was one."""
    state = reader.state
    if line == "shared life":
        state.shared_life = True
        return True
    head, sep, rest = line.partition(":")
    if sep and head == "teams":
        seen: list[int] = []
        for team in split_items(rest):
            members = [reader.player(word, number) for word in team.split("+")]
            for member in members:
                state.players[member].team = members[0]
            seen += members
        if sorted(seen) != list(range(len(state.players))):
            raise reader.error(number, f"expected every player on exactly one team, got {rest.strip()!r}")
        return True
    if sep and head == "came into play together":
        reader.later.append(lambda: _together(reader, split_items(rest), number))
        return True
    words = head.split()
    if sep and len(words) == 2 and words[0] == "attacking":
        defender = reader.player(words[1], number)
        items = split_items(rest)

        def resolve() -> None:
            if state.combat is None:
                raise reader.error(number, "expected a 'combat:' line before 'attacking PLAYER:'")
            for item in items:
                attacker = reader.obj(item, number)
                if attacker not in state.combat.attackers:
                    raise reader.error(number, f"expected an attacker of the combat line, got {item!r}")
                state.combat.defenders[attacker] = defender

        reader.later.append(resolve)
        return True
    return False


def _together(reader: Reader, items: list[str], number: int) -> None:
    state = reader.state
    ids = [reader.obj(item, number) for item in items]
    if len(ids) < 2 or any(i not in state.in_play for i in ids):
        raise reader.error(number, "expected two or more permanents in play after 'came into play together:'")
    first = min(state.obj(i).timestamp for i in ids)
    for obj_id in ids:
        state.obj(obj_id).entered_at = first


def together_lines(writer: Writer) -> list[str]:
    """Returns one 'came into play together:' line per group of permanents that entered by one event."""
    state = writer.state
    groups: dict[int, list[int]] = {}
    for obj_id in state.in_play:
        groups.setdefault(state.obj(obj_id).entered_at, []).append(obj_id)
    return [
        f"came into play together: {', '.join(writer.alias(i) for i in ids)}"
        for ids in groups.values()
        if len(ids) > 1
    ]


def seat_lines(writer: Writer) -> list[str]:
    """Returns the teams line (when a team has more than one player) and the shared life line."""
    state = writer.state
    teams: dict[int, list[str]] = {}
    for index, player in enumerate(state.players):
        teams.setdefault(team_of(state, index), []).append(player.name)
    lines = []
    if any(len(members) > 1 for members in teams.values()):
        lines.append(f"teams: {', '.join(' + '.join(members) for members in teams.values())}")
    if state.shared_life:
        lines.append("shared life")
    return lines


def attack_lines(writer: Writer) -> list[str]:
    """Returns one 'attacking PLAYER:' line per player attacked by a declared choice, in seat order."""
    state = writer.state
    combat = state.combat
    if combat is None:
        return []
    default = default_defender(state)
    lines = []
    for index, player in enumerate(state.players):
        chosen = [a for a in combat.attackers if a in state.objects and defender_of(state, a) == index]
        if chosen and index != default:
            lines.append(f"attacking {player.name}: {', '.join(writer.ref(a) for a in chosen)}")
    return lines
