"""Limited range of influence (Izvori magije F2): how far each player reaches, measured in seats on
the players in the game as the turn began (F2.23), and what that keeps out of a player's spells, abilities,
effects and attacks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.control import controller_of
from ruling.engine.seats import in_game
from ruling.engine.variants import cite, refuse
from ruling.errors import IllegalActionError

if TYPE_CHECKING:
    from ruling.engine.damage import Prevention
    from ruling.engine.events import Damage
    from ruling.engine.game import Game
    from ruling.engine.state import GameObject, GameState


def seated(state: GameState) -> list[int]:
    """Returns the players ranges are measured on: those in the game as the turn began (F2.23)."""
    found = list(state.multiplayer.seated) or in_game(state)
    return [i for i in found if i < len(state.players)]


def distance(state: GameState, a: int, b: int) -> int | None:
    """Returns the seats between a and b the short way round the table (None: one of them is not seated)."""
    seats = seated(state)
    if a not in seats or b not in seats:
        return None
    gap = abs(seats.index(a) - seats.index(b))
    return min(gap, len(seats) - gap)


def in_range(state: GameState, player: int, other: int) -> bool:
    """Tells whether other is within player's range of influence (F2.20, F2.22: always oneself)."""
    reach = state.multiplayer.ranges.get(player)
    if reach is None or player == other:
        return True
    gap = distance(state, player, other)
    return gap is not None and gap <= reach


def object_in_range(state: GameState, player: int, obj_id: int) -> bool:
    """An object is within a player's range when its controller is (F2.24)."""
    obj = state.objects.get(obj_id)
    return obj is None or in_range(state, player, controller_of(state, obj))


def target_in_range(game: Game, player: int, target: tuple[str, int]) -> bool:
    """Tells whether a target lies within the range of influence of the player choosing it (F2.40)."""
    state = game.state
    kind, ident = target
    if kind == "player":
        return in_range(state, player, ident)
    if kind == "spell":
        item = next((i for i in state.stack if i.id == ident), None)
        return item is None or in_range(state, player, item.controller)
    return object_in_range(state, player, ident)


def neighbours(state: GameState, player: int) -> tuple[int | None, int | None]:
    """Returns the players seated just to the left (next in turn order, F8.40) and to the right."""
    seats = seated(state)
    if player not in seats or len(seats) < 2:
        return None, None
    here = seats.index(player)
    return seats[(here + 1) % len(seats)], seats[(here - 1) % len(seats)]


def begin_turn(game: Game) -> None:
    """Fixes, as the turn begins, which players are within each other's range of influence (F2.23)."""
    state = game.state
    rules = state.multiplayer
    if rules.ranges:
        before = rules.seated
        rules.seated = tuple(in_game(state))
        if before and before != rules.seated:
            game.log("range", cite("range_turn"), player=game.player_name(state.active))


def players_in_reach(game: Game, controller: int, players: list[int]) -> list[int]:
    """Returns the players an effect of controller's may affect: those within controller's range of
    influence; the part of the effect for the others does nothing (F2.100)."""
    if not game.state.multiplayer.ranges:
        return players
    kept = [p for p in players if in_range(game.state, controller, p)]
    for player in players:
        if player not in kept:
            game.log(
                "out_of_range_player",
                cite("range_effect"),
                player=game.player_name(controller),
                other=game.player_name(player),
            )
    return kept


def objects_in_reach(game: Game, source: int, objects: list[int]) -> list[int]:
    """Returns the objects an effect of source may affect: those whose controller is within the range of
    influence of the source's controller (F2.24, F2.100)."""
    state = game.state
    if not state.multiplayer.ranges or source not in state.objects:
        return objects
    controller = game.controller(state.obj(source))
    kept = [o for o in objects if object_in_range(state, controller, o)]
    for obj_id in objects:
        if obj_id not in kept:
            game.log("out_of_range", cite("range_effect"), card=game.name(source), other=game.name(obj_id))
    return kept


def prevention_reaches(game: Game, prevention: Prevention, event: Damage, recipient_name: str) -> bool:
    """Tells whether a prevention effect may prevent this damage (F2.122): the source of the damage must be
    in its controller's range when the effect names what deals it, the recipient when it names what is
    dealt it, and both when it names neither; logs the damage it can't reach."""
    state = game.state
    if not state.multiplayer.ranges:
        return True
    controller = prevention.controller
    both = not (prevention.source_named or prevention.recipient_named)
    recipient_in = target_in_range(game, controller, event.recipient)
    source_in = event.source is None or object_in_range(state, controller, event.source)
    if (source_in or not (prevention.source_named or both)) and (
        recipient_in or not (prevention.recipient_named or both)
    ):
        return True
    game.log(
        "out_of_range_prevent",
        cite("range_prevention"),
        card=event.source_name,
        other=recipient_name,
        mana=prevention.label,
    )
    return False


def redirect_reaches(game: Game, moved: Damage, recipient_name: str) -> bool:
    """Tells whether damage a replacement effect redirects may be dealt to its new recipient: one outside
    the range of influence of the controller of the damage's source is not dealt it; that part of the event
    does nothing (F2.121)."""
    state = game.state
    source = state.objects.get(moved.source) if moved.source is not None else None
    if not state.multiplayer.ranges or source is None:
        return True
    reached = target_in_range(game, controller_of(state, source), moved.recipient)
    if not reached:
        game.log(
            "out_of_range_redirect",
            cite("range_redirect"),
            card=moved.source_name,
            other=recipient_name,
            amount=moved.amount,
        )
    return reached


def range_refusal(message: str) -> IllegalActionError:
    """Refuses a choice of something outside the chooser's range of influence (F2.40, F2.51)."""
    return refuse(message, "range_target")


def auras_out_of_range(game: Game) -> list[int]:
    """Returns the local enchantments attached to a permanent outside their controller's range of
    influence: they go to the graveyard as a state-based effect (F2.80)."""
    state = game.state
    if not state.multiplayer.ranges:
        return []
    found = []
    for obj in state.permanents():
        host = obj.attached_to
        if host is None or host not in state.objects or not game.chars(obj).enchant:
            continue
        if not object_in_range(state, game.controller(obj), host):
            found.append(obj.id)
            game.log("out_of_range", cite("range_aura"), card=game.name(obj.id), other=game.name(host))
    return found


def event_in_range(game: Game, watcher: GameObject, subject: GameObject) -> bool:
    """Tells whether an event that happened to subject (as it was before the event) lies within the range
    of influence of the watcher's controller, so that the watcher's ability triggers (F2.70, F2.71: the
    state before a zone change decides)."""
    state = game.state
    if not state.multiplayer.ranges:
        return True
    if in_range(state, game.controller(watcher), game.controller(subject)):
        return True
    game.log("no_trigger_range", cite("range_trigger"), card=game.name(watcher.id), other=subject.card.name)
    return False
