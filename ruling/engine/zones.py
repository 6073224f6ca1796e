"""Zone changes: an object moved to another zone becomes a new object; tokens leaving play cease to exist."""

from __future__ import annotations

from ruling.engine.layers import characteristics
from ruling.engine.state import GameObject, GameState, SourceInfo, Zone


def remove_from_zone(state: GameState, obj: GameObject, known: SourceInfo | None = None) -> None:
    """Takes obj out of the list of its zone (the stack keeps its items elsewhere) and keeps its last known
    name, colours and power (known: as effects made them) for the abilities and damage it is the source of."""
    if known is None:
        known = SourceInfo.of(characteristics(state, obj))
    state.last_known[obj.id] = known
    if obj.zone is Zone.IN_PLAY:
        state.in_play.remove(obj.id)
    elif obj.zone is Zone.PHASED_OUT:
        state.phased_out.remove(obj.id)
    elif obj.zone is not Zone.STACK:
        state.players[obj.owner].zone(obj.zone).remove(obj.id)


def move(
    state: GameState,
    obj_id: int,
    zone: Zone,
    top: bool = True,
    controller: int | None = None,
    known: SourceInfo | None = None,
) -> GameObject:
    """Moves an object to zone as a new object and returns it; the old id points to the new one. known is
    what the object was as the event began (a permanent leaving play with others)."""
    old = state.obj(obj_id)
    remove_from_zone(state, old, known)
    new = state.new_object(old.card, old.owner, zone, token=old.token)
    new.controller = old.owner if controller is None else controller
    new.as_land = old.as_land if zone is Zone.IN_PLAY else ""
    new.face_down = old.face_down and zone is Zone.IN_PLAY
    state.successor[old.id] = new.id
    del state.objects[old.id]
    if zone is Zone.IN_PLAY:
        state.in_play.append(new.id)
    elif zone is not Zone.STACK:
        target = state.players[new.owner].zone(zone)
        if top:
            target.insert(0, new.id)
        else:
            target.append(new.id)
    state.effects = [e for e in state.effects if e.target != old.id]
    if old.zone is Zone.STACK and zone is Zone.IN_PLAY:
        # An effect that changed a spell goes on changing the permanent it becomes (ru 415.3, ja 213.5).
        for effect in state.lasting:
            if effect.target == old.id:
                effect.target = new.id
    state.lasting = [e for e in state.lasting if e.target != old.id]
    return new


def cease(state: GameState, obj_id: int) -> None:
    """Removes a token from the game entirely."""
    obj = state.obj(obj_id)
    remove_from_zone(state, obj)
    del state.objects[obj_id]


def all_cards(state: GameState) -> list[int]:
    """Returns the id of every object in some zone, stack included, for the conservation invariant."""
    ids = list(state.in_play) + state.phased_out
    for player in state.players:
        ids += player.library + player.hand + player.graveyard + player.removed + player.sideboard
    ids += [item.source for item in state.stack if item.kind == "spell"]
    return ids
