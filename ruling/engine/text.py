"""Text (layer 3): the words of an object's text as effects and choices leave them.

A text-changing effect replaces a colour word used as a colour, or a basic land type used as a land type,
in the object's own text: its keywords and the instructions of its abilities (ja 418.6a, sr D19.61); the
card's name never changes, and abilities other effects granted are not its text (ja 418.6b, sr D19.62).
A choice made as a permanent came into play ("choose a colour") fills in the words of its text that
refer to it; a choice never made, or of the wrong kind, refers to nothing (ja 503.7, 503.8).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ruling.engine.cards import CHOSEN, COLORS, LAND_TYPES, CardDef, Effect, Trigger
from ruling.engine.decisions import Decision, DecisionError
from ruling.engine.lasting import Lasting, LastingKind
from ruling.engine.state import GameObject, GameState, Zone

if TYPE_CHECKING:
    from ruling.engine.game import Game

UNDEFINED = "?"
"""What a reference to a choice never made becomes: a colour or type no object has."""


def _swap_colors(value: str, old: str, new: str) -> str:
    if value == CHOSEN or old not in value:
        return value
    return "".join(dict.fromkeys(new if c == old else c for c in value))


def _swap_land(value: str, old: str, new: str) -> str:
    return new.capitalize() if value.lower() == old else value


def _keyword(keyword: str, old: str, new: str) -> str:
    if keyword.startswith("protection from ") and old in COLORS:
        colors = keyword[len("protection from ") :]
        return f"protection from {_swap_colors(colors, old, new)}"
    if keyword.endswith("walk") and keyword[:-4] == old:
        return f"{new}walk"
    return keyword


def _effect(effect: Effect, old: str, new: str) -> Effect:
    if old in COLORS:
        changed = replace(
            effect,
            color=_swap_colors(effect.color, old, new),
            of_color=_swap_colors(effect.of_color, old, new),
            not_color=_swap_colors(effect.not_color, old, new),
            keyword=_keyword(effect.keyword, old, new),
        )
    else:
        changed = replace(
            effect, subtype=_swap_land(effect.subtype, old, new), keyword=_keyword(effect.keyword, old, new)
        )
    return effect if changed == effect else changed


def rewrite(card: CardDef, old: str, new: str) -> CardDef:
    """Returns card with every colour word (a letter) or basic land type old in its text replaced by new,
    the colours its triggered abilities wait for included ("whenever a green creature attacks")."""
    color = (lambda value: _swap_colors(value, old, new)) if old in COLORS else _same
    return _map(card, lambda k: _keyword(k, old, new), lambda e: _effect(e, old, new), color)


def _same(value: str) -> str:
    return value


def _map(
    card: CardDef,
    keyword: Callable[[str], str],
    effect: Callable[[Effect], Effect | None],
    trigger_color: Callable[[str], str] = _same,
) -> CardDef:
    def effects(found: tuple[Effect, ...]) -> tuple[Effect, ...]:
        return tuple(e for e in (effect(e) for e in found) if e is not None)

    def trigger(t: Trigger) -> Trigger:
        return replace(
            t,
            effects=effects(t.effects),
            of_color=trigger_color(t.of_color),
            not_color=trigger_color(t.not_color),
        )

    return replace(
        card,
        keywords=tuple(k for k in (keyword(k) for k in card.keywords) if k),
        spell=effects(card.spell),
        static=effects(card.static),
        abilities=tuple(replace(a, effects=effects(a.effects)) for a in card.abilities),
        triggers=tuple(trigger(t) for t in card.triggers),
        modes=tuple(replace(m, effects=effects(m.effects)) for m in card.modes),
    )


def fill_choice(card: CardDef, chosen: tuple[str, str]) -> CardDef:
    """Returns card with its references to the choice made as it came into play filled in (a colour for
    "the chosen colour", a creature type, an opponent); a reference to a choice never made, or to a
    choice of another kind, refers to nothing."""
    kind, value = chosen
    color = value if kind == "colour" else ""
    creature_type = value if kind == "creature_type" else UNDEFINED

    def keyword(k: str) -> str:
        if k == f"protection from {CHOSEN}":
            return f"protection from {color}" if color else ""
        return k

    def effect(e: Effect) -> Effect | None:
        if e.color == CHOSEN and not color:
            return None
        return replace(
            e,
            color=color if e.color == CHOSEN else e.color,
            of_color=(color or UNDEFINED) if e.of_color == CHOSEN else e.of_color,
            mana=color if e.mana == CHOSEN else e.mana,
            subtype=creature_type if e.subtype == CHOSEN else e.subtype,
        )

    return _map(card, keyword, effect)


def text_changes(state: GameState, obj: GameObject) -> list[Lasting]:
    """Returns the text-changing effects on obj, oldest first."""
    found = [e for e in state.lasting if e.target == obj.id and e.kind is LastingKind.TEXT]
    return sorted(found, key=lambda e: e.timestamp)


def text_of(state: GameState, obj: GameObject, card: CardDef) -> CardDef:
    """Returns the text of obj whose copiable values are card: the text-changing effects applied in
    timestamp order, then its choice filled in ("the chosen colour" is no colour word, so a text change
    never reaches what was chosen)."""
    if obj.zone is not Zone.IN_PLAY:
        return card
    if state.lasting:
        for change in text_changes(state, obj):
            card = rewrite(card, *change.words)
    if card.has_static("choose"):
        card = fill_choice(card, obj.chosen)
    return card


def _words_in(card: CardDef, kind: str) -> list[str]:
    """Returns the colour words or land types card's text uses (keywords and instructions)."""
    found: list[str] = []
    effects = [*card.spell, *card.static]
    effects += [e for a in card.abilities for e in a.effects]
    effects += [e for t in card.triggers for e in t.effects]
    if kind == "colour":
        found += [c for k in card.keywords if k.startswith("protection from ") for c in k.split()[-1]]
        found += [c for e in effects for c in e.color + e.of_color if c in COLORS]
    else:
        found += [k[:-4] for k in card.keywords if k.endswith("walk")]
        found += [e.subtype.lower() for e in effects if e.subtype.lower() in LAND_TYPES]
    return list(dict.fromkeys(found))


def choose_words(game: Game, player: int, obj_id: int, kind: str) -> tuple[str, str]:
    """Asks the controller of a text-changing effect which word of the kind (``colour``, ``land_type``)
    it replaces with which ('B to W'): any two different words, those the object's text uses offered
    first."""
    from ruling.engine.layers import copiable

    obj = game.state.obj(obj_id)
    words = list(COLORS) if kind == "colour" else list(LAND_TYPES)
    used = _words_in(text_of(game.state, obj, copiable(game.state, obj)), kind)
    pairs = [f"{a} to {b}" for a in used + [w for w in words if w not in used] for b in words if a != b]
    chosen = game.ask(Decision("choose", player, obj_id, tuple(pairs)), pairs[0])
    if chosen not in pairs:
        raise DecisionError(
            f"{game.player_name(player)} must choose which {kind.replace('_', ' ')} word to replace with "
            f"which ('B to W' for colours, 'swamp to island' for land types), not {chosen!r}"
        )
    old, _, new = str(chosen).partition(" to ")
    return old, new
