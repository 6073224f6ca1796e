"""The setup notation: a whole game position in lines, read into a GameState and written back (like FEN).

players: alice, bob                 # in turn order; the first one plays first
teams: alice + carol, bob + dave    # optional (default: each player alone); 'shared life' for one total
turn 3, alice, main1                # turn number, active player, step
priority bob, passes 1              # who holds priority, how many passed in a row (default: active, 0)
alice life 20
alice pool GG
alice lands played 1
alice hand: Giant Growth as growth
alice library: Forest, Island       # top first
alice in play: Craw Wurm as wurm, 2 Forest, Grizzly Bears (tapped, damage 1, counters 1, sick)
effect: wurm +3/+3 (Giant Growth)   # effects, shields and copies among the permanents, oldest first
stack: bob plays Shock targeting wurm
combat: wurm (blocked by bear)
attacking carol: wurm               # the player an attacker attacks, when not the next opponent

Lines that create things with timestamps (permanents, effects, shields, copies) give them in reading order,
so the writer puts them in the order of their timestamps. ``canonical`` (ruling.engine.canonical) tells
when a state read back equals the state written.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ruling.engine.cards import COLORS, CardDef
from ruling.engine.control import control_effects, controller_of, note_control_statics
from ruling.engine.layers import copiable
from ruling.engine.mana import add_mana, pool_text
from ruling.engine.profiles import Profile
from ruling.engine.state import GameState, Player, Step, Zone
from ruling.errors import NotationError
from ruling.numbers import SEED_LIMIT, read_whole
from ruling.scenario.notation import TODAY_ZONE_WORDS, ZONE_WORDS, Reader, Writer, zone_word
from ruling.scenario.setup_board import (
    BOARD_WORDS,
    combat_lines,
    effect_lines,
    read_board_line,
)
from ruling.scenario.setup_control import duration_lines, read_control_line, went_back_lines
from ruling.scenario.setup_delayed import delayed_lines, read_delayed_line
from ruling.scenario.setup_keywords import game_lines, read_game_line
from ruling.scenario.setup_lasting import lasting_lines, prevent_lines, read_lasting_line
from ruling.scenario.setup_seats import attack_lines, read_seat_line, seat_lines, together_lines
from ruling.scenario.setup_special import read_special_line, special_lines
from ruling.scenario.setup_stack import read_stack_line, stack_lines
from ruling.scenario.setup_variant import read_variant_line, variant_lines

STEPS = {str(s): s for s in Step}
MANA_SYMBOLS = f"{COLORS}C"
_UNSET = -1
"""The priority before the lines are read: the active player gets it unless a 'priority' line says."""
_EXPECTED = (
    "expected 'turn …', 'priority …', 'winner …', 'draw', 'random: …', 'PLAYER life N', 'PLAYER pool …', "
    "'PLAYER lands played N', 'PLAYER lost', 'PLAYER drew from an empty library', 'PLAYER ZONE: cards' "
    f"(zones: {', '.join(ZONE_WORDS)}; today's {', '.join(TODAY_ZONE_WORDS)}), 'stack: …', 'pending: …' "
    f"or one of {', '.join(BOARD_WORDS)}"
)


@dataclass
class Setup:
    """A state built from the notation, with the aliases it named (alias → object id)."""

    state: GameState
    aliases: dict[str, int] = field(default_factory=dict)


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
    if len(names) < 2 or len(set(names)) != len(names) or any(len(n.split()) != 1 for n in names):
        raise NotationError(
            path, number, f"expected two or more different one-word player names, got {names}"
        )
    state = GameState([Player(n, profile.life) for n in names], seed=seed)
    state.priority = _UNSET
    reader = Reader(state, path, cards, profile)
    for number, raw in lines[1:]:
        line = raw.split("#", 1)[0].strip()
        if line:
            _setup_line(reader, line, number)
    for obj_id, (base, _) in reader.bases.items():
        obj = state.obj(obj_id)
        obj.control_seen, obj.controller = obj.controller, base
    for resolve in reader.later:
        resolve()
    for obj_id in state.in_play:
        note_control_statics(state, copiable(state, state.obj(obj_id)))
    for obj_id, (_, flag_line) in reader.bases.items():
        if not control_effects(state, state.obj(obj_id)):
            raise reader.error(
                flag_line,
                "expected 'under PLAYER' only on a permanent a control effect gives to the player it is "
                "listed under (a 'control:', 'until end of turn:' or 'as long as' line, or an aura that "
                "gives control)",
            )
    if state.priority == _UNSET:
        state.priority = state.active
    return Setup(state, reader.aliases)


def _setup_line(reader: Reader, line: str, number: int) -> None:
    state = reader.state
    where = (reader.path, number)
    if line.startswith("turn "):
        parts = [p.strip() for p in line[5:].split(",")]
        if len(parts) != 3 or parts[2] not in STEPS:
            raise reader.error(number, f"expected 'turn N, PLAYER, STEP' with a step of {', '.join(STEPS)}")
        state.turn = read_whole(parts[0], "the turn number", where, low=1)
        state.active, state.step = reader.player(parts[1], number), STEPS[parts[2]]
        return
    if _game_line(reader, line, number) or read_seat_line(reader, line, number):
        return
    if read_variant_line(reader, line, number) or read_special_line(reader, line, number):
        return
    if read_game_line(reader, line, number):
        return
    if (
        read_control_line(reader, line, number)
        or read_lasting_line(reader, line, number)
        or read_delayed_line(reader, line, number)
    ):
        return
    head, sep, rest = line.partition(":")
    words = head.split()
    rest = rest.strip()
    if sep and head in BOARD_WORDS:
        read_board_line(reader, head, rest, number)
    elif sep and head in ("stack", "pending"):
        read_stack_line(reader, rest, number, head == "pending")
    elif sep and len(words) >= 2 and (zone := zone_word(" ".join(words[1:]))) is not None:
        reader.add_items(rest, reader.player(words[0], number), zone, number)
    elif not sep and words and reader.is_player(words[0]):
        _player_line(reader, reader.player(words[0], number), words[1:], number)
    else:
        raise reader.error(number, f"{_EXPECTED}; got {line!r}")


def _game_line(reader: Reader, line: str, number: int) -> bool:
    """Reads a priority, winner, draw or random line; tells whether line was one."""
    state = reader.state
    words = line.replace(",", " ").split()
    if words[0] == "priority":
        if words[1:] == ["none"]:
            state.priority = None
            return True
        if len(words) not in (2, 4) or (len(words) == 4 and words[2] != "passes"):
            raise reader.error(
                number, f"expected 'priority PLAYER[, passes N]' or 'priority none', got {line!r}"
            )
        state.priority = reader.player(words[1], number)
        passes = words[3] if len(words) == 4 else "0"
        state.passes = read_whole(
            passes, "the passes in a row", (reader.path, number), high=len(state.players)
        )
    elif words[0] == "winner" and len(words) == 2:
        state.winner = reader.player(words[1], number)
    elif words == ["draw"]:
        state.draw_game = True
    elif words[0] == "random:":
        if len(words) != 5 or words[1] != "seed" or words[3] != "shuffles":
            raise reader.error(number, f"expected 'random: seed N, shuffles M', got {line!r}")
        state.seed = read_whole(words[2], "the seed", (reader.path, number), high=SEED_LIMIT)
        state.shuffles = read_whole(words[4], "the shuffles made", (reader.path, number))
    else:
        return False
    return True


def _player_line(reader: Reader, index: int, words: list[str], number: int) -> None:
    player = reader.state.players[index]
    text = " ".join(words)
    where = (reader.path, number)
    if len(words) == 2 and words[0] == "life":
        player.life = read_whole(words[1], f"{player.name}'s life", where, signed=True)
    elif len(words) == 2 and words[0] == "pool":
        if any(symbol not in MANA_SYMBOLS for symbol in words[1]):
            raise reader.error(number, f"expected a pool of mana symbols {MANA_SYMBOLS}, got {words[1]!r}")
        add_mana(player, words[1])
    elif len(words) == 2 and words[0] == "poison":
        player.poison = read_whole(words[1], f"{player.name}'s poison counters", where)
    elif len(words) == 3 and words[:2] == ["lands", "played"]:
        player.lands_played = read_whole(words[2], "the lands played", where)
    elif text == "lost":
        player.lost = True
    elif text == "drew from an empty library":
        player.drew_from_empty = True
    else:
        raise reader.error(number, f"{_EXPECTED}; got {player.name} {text!r}")


def render_setup(state: GameState, aliases: dict[str, int], scale: int = 1) -> list[str]:
    """Writes state in the setup notation: parse_setup reads it back into a state with the same canonical
    form, and writing that state again gives the same lines. scale is the profile's (game numbers)."""
    writer = Writer(state, aliases, scale)
    later = stack_lines(writer) + combat_lines(writer) + attack_lines(writer) + went_back_lines(writer)
    later += together_lines(writer) + prevent_lines(writer) + delayed_lines(writer)
    timed = effect_lines(writer) + lasting_lines(writer) + duration_lines(writer)
    for obj_id in state.in_play:
        for other in (state.obj(obj_id).attached_to, state.obj(obj_id).made_by):
            if other in state.objects:
                writer.alias(other)
    lines = [f"players: {', '.join(p.name for p in state.players)}"]
    lines.append(f"turn {state.turn}, {state.players[state.active].name}, {state.step}")
    if state.priority is None:
        lines.append("priority none")
    elif (state.priority, state.passes) != (state.active, 0):
        passes = f", passes {state.passes}" if state.passes else ""
        lines.append(f"priority {state.players[state.priority].name}{passes}")
    if state.winner is not None:
        lines.append(f"winner {state.players[state.winner].name}")
    if state.draw_game:
        lines.append("draw")
    if state.seed or state.shuffles:
        lines.append(f"random: seed {state.seed}, shuffles {state.shuffles}")
    lines += seat_lines(writer) + variant_lines(writer) + special_lines(writer) + game_lines(writer)
    for player in state.players:
        lines += _player_lines(writer, player)
    lines += _board_lines(writer, timed)
    return lines + later


def _player_lines(writer: Writer, player: Player) -> list[str]:
    lines = [f"{player.name} life {player.life}"]
    if player.pool:
        lines.append(f"{player.name} pool {pool_text(player)}")
    if player.lands_played:
        lines.append(f"{player.name} lands played {player.lands_played}")
    if player.poison:
        lines.append(f"{player.name} poison {player.poison}")
    if player.drew_from_empty:
        lines.append(f"{player.name} drew from an empty library")
    if player.lost:
        lines.append(f"{player.name} lost")
    for word, zone in ZONE_WORDS.items():
        ids = player.zone(zone) if zone is not Zone.IN_PLAY else []
        if ids:
            lines.append(f"{player.name} {word}: {', '.join(writer.item(writer.state.obj(i)) for i in ids)}")
    return lines


def _board_lines(writer: Writer, timed: list[tuple[int, str]]) -> list[str]:
    """Returns the permanents (runs of one controller per line) and the timed lines, oldest first."""
    state = writer.state
    board = state.in_play + state.phased_out
    entries = [(state.obj(i).timestamp, "", i) for i in board] + [(t, text, 0) for t, text in timed]
    lines: list[str] = []
    run: list[int] = []
    for _, text, obj_id in sorted(entries):
        if run and (
            text or controller_of(state, state.obj(run[0])) != controller_of(state, state.obj(obj_id))
        ):
            lines.append(_run_line(writer, run))
            run = []
        if text:
            lines.append(text)
        else:
            run.append(obj_id)
    if run:
        lines.append(_run_line(writer, run))
    return lines


def _run_line(writer: Writer, run: list[int]) -> str:
    state = writer.state
    owner = state.players[controller_of(state, state.obj(run[0]))].name
    return f"{owner} in play: {', '.join(writer.item(state.obj(i)) for i in run)}"
