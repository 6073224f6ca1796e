"""Targets: which objects, players and spells are legal targets of a kind, and how to name them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeGuard

from ruling.engine.cards import GRAVEYARD_TARGETS
from ruling.engine.influence import target_in_range
from ruling.engine.seats import opponents
from ruling.engine.state import Zone

if TYPE_CHECKING:
    from ruling.engine.cards import Effect
    from ruling.engine.game import Game
    from ruling.engine.state import StackItem

COPY = "copy"
"""The kind of a stack item that is a copy of a spell (ruling.engine.spell_copies)."""
SPELL_ITEMS = ("spell", COPY)
"""The kinds of stack items that are spells: a card played, and a copy of a spell (ja 200.5, sr D2.11)."""

Target = tuple[str, int]
"""("obj", object id), ("player", index) or ("spell", stack item id)."""

_PERMANENT_KINDS = {
    "creature": ("creature",),
    "creature_or_player": ("creature",),
    "permanent": (),
    "artifact": ("artifact",),
    "enchantment": ("enchantment",),
    "global_enchantment": ("enchantment",),
    "artifact_or_enchantment": ("artifact", "enchantment"),
    "land": ("land",),
}

_KEYWORD_KINDS = {
    "opponents_creature": ("creature",),
    "artifact_creature": ("artifact", "creature"),
}
"""Kinds of the keywords' own targets: "target creature defending player controls" (provoke, ja 502.29a;
an opponent's creature), "target artifact creature" (modular, ja 502.35a)."""


def legal_targets(
    game: Game,
    kind: str,
    source_colors: str | None,
    controller: int,
    of_color: str = "",
    not_color: str = "",
    not_type: str = "",
    card_type: str = "",
) -> list[Target]:
    """Returns every legal target of a kind; protection from the source's colour excludes a permanent, and
    a permanent must have the colour of_color and not the colour not_color or the card type not_type when
    they are given ("target black creature", "target nonartifact, nonblack creature"). A card in a
    graveyard must have card_type when it is given ("target creature card in your graveyard"); its
    protection does not work there (ru 402.8)."""
    state = game.state
    found: list[Target] = []
    if kind in GRAVEYARD_TARGETS:
        owners = [controller] if kind == "card_in_your_graveyard" else range(len(state.players))
        for owner in owners:
            cards = [state.obj(i) for i in state.players[owner].graveyard]
            found += [("obj", o.id) for o in cards if not card_type or card_type in game.chars(o).types]
    if kind in ("player", "creature_or_player"):
        found += [("player", i) for i in range(len(state.players))]
    if kind == "opponent":
        found += [("player", i) for i in opponents(state, controller)]
    spells = [item for item in state.stack if item.kind in SPELL_ITEMS]
    if kind == "spell":
        found += [("spell", item.id) for item in spells]
    if kind == "spell_with_one_target":
        found += [("spell", item.id) for item in spells if len(item.targets) == 1]
    if kind == "instant_or_sorcery_spell":
        found += [("spell", item.id) for item in spells if _instant_or_sorcery(game, item.source)]
    if kind in _PERMANENT_KINDS:
        wanted = _PERMANENT_KINDS[kind]
        for obj in state.permanents():
            chars = game.chars(obj)
            if wanted and not any(t in chars.types for t in wanted):
                continue
            if kind == "global_enchantment" and chars.enchant:
                continue
            if source_colors and chars.protected_from(source_colors):
                continue
            if (of_color and of_color not in chars.colors) or (not_color and not_color in chars.colors):
                continue
            if not_type and not_type in chars.types:
                continue
            found.append(("obj", obj.id))
    if kind in _KEYWORD_KINDS:
        theirs = opponents(state, controller)
        for obj in state.permanents():
            chars = game.chars(obj)
            if not all(t in chars.types for t in _KEYWORD_KINDS[kind]):
                continue
            if kind == "opponents_creature" and game.controller(obj) not in theirs:
                continue
            if source_colors and chars.protected_from(source_colors):
                continue
            found.append(("obj", obj.id))
    if game.state.multiplayer.ranges:
        found = [t for t in found if target_in_range(game, controller, t)]
    return found


def _instant_or_sorcery(game: Game, source: int) -> bool:
    obj = game.state.objects.get(source)
    if obj is None or obj.face_down:
        return False
    types = game.chars(obj).types
    return "instant" in types or "sorcery" in types


def legal_for(game: Game, effect: Effect, source_colors: str | None, controller: int) -> list[Target]:
    """Returns every legal target of a targeted effect: its kind, colour and type (``legal_targets``)."""
    assert effect.target is not None
    card_type = effect.what if effect.target in GRAVEYARD_TARGETS else ""
    return legal_targets(
        game,
        effect.target,
        source_colors,
        controller,
        effect.of_color,
        effect.not_color,
        effect.not_type,
        card_type,
    )


def card_target_rules(game: Game, targets: Iterable[Target], colors: str) -> tuple[str, ...]:
    """Returns the rules targets in a graveyard cite: a type with the word "card" names a card there, not
    a permanent (ru 214.3, ja 200.9, sr B1.80), and a protection such a card has does not work there (ru
    402.8, ja 402.8, sr D3.80)."""
    state = game.state
    cards = [
        t
        for t in targets
        if t[0] == "obj" and t[1] in state.objects and state.obj(t[1]).zone is Zone.GRAVEYARD
    ]
    if not cards:
        return ()
    rules = game.cite("graveyard_target")
    if any(protected(game, t, colors, Zone.GRAVEYARD) for t in cards):
        rules += game.cite("ability_zone")
    return rules


def protected(game: Game, target: Target, colors: str, zone: Zone = Zone.IN_PLAY) -> bool:
    """Tells whether target is a permanent (or a card in zone) with protection from one of colors."""
    obj = game.state.objects.get(target[1]) if target[0] == "obj" else None
    if obj is None or obj.zone is not zone:
        return False
    return game.chars(obj).protected_from(colors)


def item_name(item: StackItem) -> str:
    """Returns the name of a stack item for messages and the trace: a copy of a spell is marked as one."""
    return f"{item.label} (copy)" if item.kind == COPY else item.label


def describe(game: Game, target: Target) -> str:
    """Returns the name of a target for messages and the trace."""
    kind, ident = target
    if kind == "player":
        return game.player_name(ident)
    if kind == "spell":
        return next((item_name(i) for i in game.state.stack if i.id == ident), f"spell #{ident}")
    return game.name(ident)


def is_target(value: object) -> TypeGuard[Target]:
    """Tells whether an answer is a target (a kind and an id)."""
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and isinstance(value[0], str)
        and isinstance(value[1], int)
    )
