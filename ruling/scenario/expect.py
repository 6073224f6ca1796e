"""Expectations at a checkpoint: each line compares one fact of the game with the expected value.

alice life 14        bear in graveyard        wurm 6/4        wurm damage 2        wurm tapped
wurm counters 1      wurm controller bob      alice hand 3
stack: Lightning Bolt, Giant Growth (bottom first)
stack empty          winner bob               winner draw     no winner       step combat damage
alice pool G         trace cites ru:502.9b
"""

from __future__ import annotations

import re

from ruling.engine.cards import CARD_TYPES, SUPERTYPES, check_keyword
from ruling.engine.converted_costs import converted_cost
from ruling.engine.game import Game
from ruling.engine.mana import pool_text
from ruling.engine.state import GameObject, Zone
from ruling.engine.trace import render
from ruling.engine.type_lines import type_word
from ruling.errors import NotationError
from ruling.numbers import is_whole
from ruling.scenario.expect_keywords import check_keyword_state
from ruling.scenario.expect_multiplayer import check_multiplayer
from ruling.scenario.notation import OBJECT_ZONE_MARKERS, split_items, zone_word
from ruling.scenario.outcome import mismatch as _cmp
from ruling.scenario.refs import Names


def check(game: Game, names: Names, text: str, line: int) -> tuple[str, str] | None:
    """Returns (expected, actual) when the line does not hold, None when it does."""
    state = game.state
    words = text.split()
    known, failed = check_multiplayer(game, names, text, line)
    if known:
        return failed
    if text == "stack empty":
        return _cmp(text, "stack empty" if not state.stack else f"stack: {_stack(game)}")
    if text.startswith("stack:"):
        return _cmp(text, f"stack: {_stack(game)}")
    if words[0] == "winner" and len(words) == 2:
        actual = state.players[state.winner].name if state.winner is not None else "none"
        actual = "draw" if state.draw_game else actual
        return _cmp(words[1], actual)
    if text in ("no winner", "draw"):
        actual = "draw" if state.draw_game else ("no winner" if state.winner is None else "winner")
        return _cmp(text, actual)
    if words[0] == "priority" and len(words) == 2:
        holder = "none" if state.priority is None else state.players[state.priority].name
        return _cmp(text, f"priority {holder}")
    if words[0] == "step":
        return _cmp(text, f"step {state.step}")
    if words[0] == "turn" and len(words) == 2:
        return _cmp(text, f"turn {state.turn}")
    if text.startswith("trace cites "):
        rules = split_items(text[len("trace cites ") :])
        missing = [r for r in rules if not any(r in event.rules for event in game.trace)]
        return (text, f"{', '.join(missing)} not cited") if missing else None
    if text.startswith("trace does not cite "):
        for rule in split_items(text[len("trace does not cite ") :]):
            found = [render(e) for e in game.trace if rule in e.rules]
            if found:
                return (text, f"{rule} cited by '{found[0]}'")
        return None
    counted = ("permanents", "tokens")
    if words[0] in counted or (names.is_player(words[0]) and len(words) > 2 and words[1] in counted):
        return _count(game, names, words, line)
    if len(words) >= 2 and words[-1].isdigit() and " ".join(words[-3:-1]) == "regeneration shields":
        return _shields(game, names, words, line)
    if len(words) >= 2 and words[-1].isdigit() and words[-2] == "prevents":
        return _shields(game, names, words, line)
    if names.is_player(words[0]) and text.split(None, 1)[1] in ("lost", "in game"):
        player = state.players[names.player(words[0], line)]
        return _cmp(text.split(None, 1)[1], "lost" if player.lost else "in game")
    if names.is_player(words[0]) and len(words) == 3:
        player = state.players[names.player(words[0], line)]
        field = words[1]
        if field == "life":
            return _cmp(words[2], str(player.life))
        if field == "poison":
            return _cmp(words[2], str(player.poison))
        if field == "pool":
            return _cmp(words[2], pool_text(player) or "empty")
        zone = zone_word(field)
        if zone is not None and zone is not Zone.IN_PLAY:
            return _cmp(words[2], str(len(player.zone(zone))))
    return _object(game, names, text, line)


def _count(game: Game, names: Names, words: list[str], line: int) -> tuple[str, str] | None:
    """'permanents 4', 'alice permanents 2', 'tokens Spirit 2', 'bob tokens Spirit 1': how many
    permanents (of one controller), or tokens of that name, are in play."""
    player = names.player(words[0], line) if names.is_player(words[0]) else None
    rest = words[1:] if player is not None else words
    found = game.state.permanents(player)
    if rest[0] == "tokens":
        name = " ".join(rest[1:-1])
        found = [o for o in found if o.token and game.chars(o).name == name]
    if not rest[-1].isdigit():
        raise NotationError(names.path, line, f"expected a count at the end, got {' '.join(words)!r}")
    return _cmp(rest[-1], str(len(found)))


def _shields(game: Game, names: Names, words: list[str], line: int) -> tuple[str, str] | None:
    """'bear regeneration shields 1', 'bob prevents 3': the shields left on a permanent or player, or the
    damage its prevention shields will still prevent this turn."""
    regeneration = words[-3] == "regeneration"
    who = " ".join(words[:-3] if regeneration else words[:-2])
    target = names.target(who, line)
    state = game.state
    if regeneration:
        count = sum(1 for s in state.shields if s.kind == "regenerate" and s.recipient == target)
    else:
        count = sum(s.amount for s in state.shields if s.kind == "prevent" and s.recipient == target)
    return _cmp(words[-1], str(count))


def _status(game: Game, obj: GameObject, field: str, value: str) -> str | None:
    """Returns the actual value of a characteristic or combat status an expectation names, or None for an
    expectation this function does not know."""
    chars = game.chars(obj)
    combat = game.state.combat
    attacking = combat is not None and obj.id in combat.attackers
    blocking = combat is not None and obj.id in combat.blocking()
    if field in ("has", "lacks"):
        if not check_keyword(value):
            return None
        return ("has" if chars.has(value) else "lacks") + f" {value}"
    if field in ("is", "is not"):
        kind = type_word(value) or value
        if kind not in CARD_TYPES + SUPERTYPES and not kind[:1].isupper():
            return None
        legendary = ("legendary",) if chars.is_legendary else ()
        kinds = chars.types + chars.subtypes + chars.supertypes + legendary
        return ("is" if kind in kinds else "is not") + f" {value}"
    if field == "colour":
        return f"colour {chars.colors or 'colourless'}"
    if field in ("attacking", "blocking", "not attacking", "not blocking"):
        word = field.split()[-1]
        return word if (attacking if word == "attacking" else blocking) else f"not {word}"
    return None


_CMC = "converted mana cost"
_STATUS = re.compile(r"^(?P<who>.+?) (?P<field>has|lacks|is not|is|colour) (?P<value>.+)$")
_COMBAT = re.compile(r"^(?P<who>.+?) (?P<field>(?:not )?(?:attacking|blocking))$")


def _stack(game: Game) -> str:
    return ", ".join(item.label for item in game.state.stack) or "empty"


def _permanent(game: Game, obj_id: int) -> GameObject | str:
    """Returns the object if it is in play, else where it is ("in graveyard", "gone"): damage, counters and
    power/toughness belong to permanents, and a card that left play is a new object without them."""
    obj = game.state.objects.get(obj_id)
    if obj is None:
        return "gone"
    if obj.zone is not Zone.IN_PLAY:
        return f"in {obj.zone}"
    return obj


def _object(game: Game, names: Names, text: str, line: int) -> tuple[str, str] | None:
    state = game.state
    for marker, zone in OBJECT_ZONE_MARKERS:
        if text.endswith(marker):
            obj_id = names.obj(text[: -len(marker)], line)
            actual = state.objects[obj_id].zone if obj_id in state.objects else "nowhere"
            return _cmp(str(zone), str(actual))
    if text.endswith(" on stack"):
        obj_id = names.obj(text[: -len(" on stack")], line)
        actual = state.objects[obj_id].zone if obj_id in state.objects else "nowhere"
        return _cmp(str(Zone.STACK), str(actual))
    if text.endswith(" gone"):
        alias = text[: -len(" gone")]
        if alias not in names.aliases:
            raise NotationError(names.path, line, f"expected an alias before 'gone', got {alias!r}")
        obj_id = state.current(names.aliases[alias])
        return _cmp("gone", "gone" if obj_id not in state.objects else str(state.obj(obj_id).zone))
    status = _STATUS.match(text) or _COMBAT.match(text)
    if status is not None and (status["who"] in names.aliases or not names.is_player(status["who"])):
        obj = _permanent(game, names.obj(status["who"], line))
        if isinstance(obj, str):
            return (text, obj)
        wanted = status.groupdict().get("value") or ""
        shown = _status(game, obj, status["field"], wanted)
        if shown is not None:
            return _cmp(f"{status['field']} {wanted}".strip(), shown)
    known, failed = check_keyword_state(game, names, text, line)
    if known:
        return failed
    head, _, value = text.rpartition(" ")
    for field in ("damage", "minus counters", "counters"):
        if head.endswith(" " + field):
            obj = _permanent(game, names.obj(head[: -len(field) - 1], line))
            if isinstance(obj, str):
                return (f"{value} on a permanent", obj)
            count = {"damage": obj.damage, "counters": obj.plus_counters}.get(field, obj.minus_counters)
            return _cmp(value, str(count))
    if head.endswith(f" {_CMC}"):
        obj = state.obj(names.obj(head[: -len(_CMC) - 1], line))
        return _cmp(value, converted_cost(game, obj).text)
    if head.endswith(" controller"):
        obj = state.obj(names.obj(head[: -len(" controller")], line))
        return _cmp(value, game.player_name(game.controller(obj)))
    if value in ("tapped", "untapped"):
        obj = state.obj(names.obj(head, line))
        return _cmp(value, "tapped" if obj.tapped else "untapped")
    if value.count("/") == 1 and all(is_whole(n, signed=True) for n in value.split("/")):
        obj = _permanent(game, names.obj(head, line))
        if isinstance(obj, str):
            return (f"{value} on a permanent", obj)
        chars = game.chars(obj)
        return _cmp(value, f"{chars.power}/{chars.toughness}")
    raise NotationError(
        names.path, line, f"expected an expectation (life, zone, P/T, damage, stack, winner…), got {text!r}"
    )
