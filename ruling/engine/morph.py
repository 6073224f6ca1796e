"""Morph and face-down objects: playing a card face down for {3}, turning it face up, revealing it.

A face-down spell or permanent is a 2/2 creature with no name, text, colour, creature type or mana cost
(ja 502.26b, 504.2); its controller may look at it, the other players may not (ja 504.3). It is turned face
up whenever its controller could play an instant, by showing and paying its morph cost, without using the
stack (ja 502.26d); it keeps the effects on it and its comes-into-play abilities do not trigger (ja 504.5).
It is revealed when it leaves play, and every face-down object is revealed at the end of the game
(ja 504.6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine import mana
from ruling.engine.cards import CardDef
from ruling.engine.keywords import first_use
from ruling.engine.state import GameObject, StackItem, Zone
from ruling.engine.team_turns import holds_priority, sorcery_timing

if TYPE_CHECKING:
    from ruling.engine.game import Game

FACE_DOWN = CardDef("face-down creature", ("creature",), power=2, toughness=2)
"""The copiable values of a face-down object (ja 502.26b): the name stands for having none."""
FACE_DOWN_COST = "3"


def play_face_down(game: Game, player: int, obj_id: int) -> StackItem:
    """Plays a card with morph face down as a 2/2 creature spell for {3} (ja 502.26a-c)."""
    from ruling.engine.events import ZoneChange, perform

    state = game.state
    obj = state.obj(obj_id)
    if not game.profile.has_keyword("morph") or first_use(obj.card.keywords, "morph") is None:
        raise game.refuse(f"{obj.card.name} has no morph: it can't be played face down", "morph")
    if not sorcery_timing(state, player):
        raise game.refuse(
            "a face-down creature spell is played in its controller's main phase", "sorcery_timing"
        )
    if not mana.can_pay(state.players[player], FACE_DOWN_COST):
        raise game.refuse(
            f"{game.player_name(player)} cannot pay {FACE_DOWN_COST} to play it face down", "pay"
        )
    rules = game.cite("morph") + game.cite("play") + game.cite("stack")
    game.log("play", rules, player=game.player_name(player), card=FACE_DOWN.name)
    game.log("pay", game.cite("pay"), player=game.player_name(player), mana=FACE_DOWN_COST)
    mana.pay(state.players[player], FACE_DOWN_COST)
    moved = perform(game, [ZoneChange(obj_id, Zone.STACK)]).happened[0].new
    assert moved is not None
    moved.face_down = True
    item = StackItem(state.tick(), "spell", player, moved.id, FACE_DOWN.name)
    state.stack.append(item)
    state.passes = 0
    return item


def turn_face_up(game: Game, player: int, obj_id: int) -> None:
    """Turns a face-down permanent face up by paying its morph cost, without the stack (ja 502.26d)."""
    state = game.state
    obj = state.obj(obj_id)
    if not holds_priority(state, player):
        raise game.refuse(f"{game.player_name(player)} does not have priority", "priority")
    if obj.zone is not Zone.IN_PLAY or game.controller(obj) != player or not obj.face_down:
        raise game.refuse(
            f"{game.player_name(player)} controls no face-down permanent like that", "morph_face_up"
        )
    use = first_use(obj.card.keywords, "morph")
    if use is None:
        raise game.refuse(f"{obj.card.name} has no morph cost: it can't be turned face up", "morph")
    if not mana.can_pay(state.players[player], use.cost):
        raise game.refuse(f"{game.player_name(player)} cannot pay the morph cost {use.cost}", "pay")
    mana.pay(state.players[player], use.cost)
    obj.face_down = False
    game.loops.choice()
    game.log(
        "face_up",
        game.cite("morph_face_up"),
        player=game.player_name(player),
        card=obj.card.name,
        mana=use.cost,
    )


def reveal_leaving(game: Game, old: GameObject, new: GameObject | None) -> None:
    """A face-down permanent or spell that goes anywhere but play is revealed (ja 504.6)."""
    if old.face_down and (new is None or new.zone is not Zone.IN_PLAY):
        game.log("reveal", game.cite("morph_reveal"), card=old.card.name)


def reveal_all(game: Game) -> None:
    """At the end of the game every face-down object is revealed to every player (ja 504.6)."""
    for obj in game.state.objects.values():
        if obj.face_down:
            game.log("reveal", game.cite("morph_reveal"), card=obj.card.name)
