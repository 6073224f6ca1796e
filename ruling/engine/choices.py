"""Choices made as a permanent comes into play ("as … comes into play, choose a colour / a creature type /
an opponent"): part of the event that puts it into play, made by its controller (ru 410.10e, ja 410.10e,
sr D11.105 and D20.12), and not copied — a permanent that comes into play as a copy makes its own choice
(ja 503.6), one that becomes a copy later has made none (ja 503.7) and keeps a choice it made before
(ja 503.8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.card_data import starter_library
from ruling.engine.cards import COLORS, LAND_TYPES, CardDef
from ruling.engine.creature_types import judge_type, type_lists
from ruling.engine.decisions import Decision, DecisionError
from ruling.engine.seats import opponents
from ruling.engine.state import GameObject, GameState

if TYPE_CHECKING:
    from ruling.engine.game import Game


def read_choice(value: str, state: GameState) -> tuple[str, str]:
    """Reads a choice as written: a colour letter, a player's name, a basic land type, or else a creature
    type."""
    if len(value) == 1 and value in COLORS:
        return ("colour", value)
    if any(p.name == value for p in state.players):
        return ("opponent", value)
    if value in LAND_TYPES:
        return ("land_type", value)
    return ("creature_type", value)


def _options(game: Game, kind: str, player: int) -> tuple[str, ...]:
    """Returns the answers offered for a choice; any creature type may be chosen, so for that kind these
    are only the types of the creatures in the game (else the first type the document lists) for a player
    who picks."""
    state = game.state
    if kind == "colour":
        return tuple(COLORS)
    if kind == "opponent":
        return tuple(state.players[i].name for i in opponents(state, player))
    if kind == "land_type":
        return tuple(LAND_TYPES)
    listed = type_lists(game.profile.doc).listed
    return tuple(sorted(_in_game(state))) or (next(iter(listed.values()), "Goblin"),)


def _in_game(state: GameState) -> frozenset[str]:
    """Returns the creature types of the creatures in the game."""
    return frozenset(t for o in state.objects.values() for t in o.card.subtypes if "creature" in o.card.types)


def _existing(state: GameState) -> frozenset[str]:
    """Returns the creature types that exist in every profile: those of the creatures in the game and of
    the engine's card library, which is to the engine what the Oracle is to ja 212.1e."""
    library = (c for c in starter_library().values() if "creature" in c.types)
    return _in_game(state) | {t for card in library for t in card.subtypes}


def _creature_type(game: Game, answer: str, label: str) -> tuple[str, tuple[str, ...]]:
    """Returns the creature type an answer names and the rules that read it so (ru 214.7a-b, ja 212.1e,
    sr B12.14); refuses an answer that names none under the profile."""
    profile = game.profile
    verdict = judge_type(answer, profile.doc, profile.creature_type_words, _existing(game.state))
    if verdict.chosen is None:
        raise game.refuse(f"{label}: {verdict.reason}", "creature_type")
    rules = game.cite("creature_type")
    if verdict.folded:
        rules += profile.cite_if("creature_type_forms")
    return verdict.chosen, rules


def choose_on_entry(game: Game, obj: GameObject, card: CardDef, player: int) -> None:
    """Makes the choice a permanent coming into play asks for (its controller answers), if it asks one."""
    kind = next((e.choice for e in card.static if e.kind == "choose"), "")
    if not kind:
        return
    options = _options(game, kind, player)
    decision = Decision("choose", player, obj.id, options, forced=len(options) == 1)
    chosen = game.ask(decision, options[0] if options else None)
    value = str(chosen) if chosen is not None else ""
    rules = game.cite("enters_choice")
    if kind == "creature_type":
        value, read = _creature_type(game, value, game.name(obj.id))
        rules += read
    elif value not in options:
        wanted = {"colour": "a colour letter", "opponent": "an opponent", "land_type": "a basic land type"}
        raise DecisionError(
            f"{game.player_name(player)} must choose {wanted[kind]} for {game.name(obj.id)}, not {value!r}"
        )
    obj.chosen = (kind, value)
    game.log(
        "choice",
        rules,
        player=game.player_name(player),
        card=game.name(obj.id),
        other=value,
    )


def choose_colour(game: Game, player: int, obj_id: int, label: str) -> str:
    """Asks the controller of a resolving effect for "the colour of your choice" (a colour letter)."""
    options = tuple(COLORS)
    chosen = game.ask(Decision("choose", player, obj_id, options), options[0])
    if chosen not in options:
        raise DecisionError(
            f"{game.player_name(player)} must choose a colour letter for {label}, not {chosen!r}"
        )
    game.log("may", player=game.player_name(player), card=label, other=str(chosen))
    return str(chosen)


def choose_creature_type(game: Game, player: int, obj_id: int, label: str) -> str:
    """Asks the controller of a resolving effect for "the creature type of your choice"."""
    options = _options(game, "creature_type", player)
    chosen = game.ask(Decision("choose", player, obj_id, options), options[0])
    value, rules = _creature_type(game, str(chosen) if chosen is not None else "", label)
    game.log("may", rules, player=game.player_name(player), card=label, other=value)
    return value
