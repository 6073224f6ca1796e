"""The canonical form of a game state: everything the rules look at, as plain comparable data.

Object ids and stack item ids are replaced by their place in a fixed walk of the zones, timestamps by their
order, and references to objects that no longer exist by "gone"; two states with equal canonical forms
play the same from here on. Effects, shields and control changes of objects that left play can never apply
again and are left out, as are the links from old identities to new ones (ru 217.1: a new object).
"""

from __future__ import annotations

from dataclasses import astuple

from ruling.engine.control import controller_of
from ruling.engine.seats import defender_of
from ruling.engine.state import Combat, GameObject, GameState, Zone
from ruling.engine.variants import multiplayer_form

Ref = int | str


class _Refs:
    """Numbers the objects of a state in the order of the walk and ranks its timestamps."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        walk = [
            i
            for p in state.players
            for z in (p.library, p.hand, p.graveyard, p.removed, p.sideboard)
            for i in z
        ]
        walk += state.in_play + [item.source for item in state.stack if item.kind == "spell"]
        walk += state.phased_out
        self.objects = {obj_id: n for n, obj_id in enumerate(walk)}
        self.items = {item.id: n for n, item in enumerate(state.stack)}
        times = [state.obj(i).timestamp for i in state.in_play + state.phased_out]
        times += [e.timestamp for e in state.effects] + [s.timestamp for s in state.shields]
        times += [e.timestamp for e in state.lasting if e.target in state.in_play]
        self.times = {t: n for n, t in enumerate(sorted(times))}

    def entered(self, obj: GameObject) -> int:
        """Returns the rank of the first timestamp among the permanents that entered play with obj."""
        state = self.state
        return min(
            self.times[state.obj(i).timestamp]
            for i in state.in_play
            if state.obj(i).entered_at == obj.entered_at
        )

    def obj(self, obj_id: int | None) -> Ref | None:
        if obj_id is None:
            return None
        return self.objects.get(obj_id, "gone")

    def source(self, obj_id: int) -> Ref:
        """Returns the ref of a source, or for one that has left its zone the colours it was last known
        with, which still decide protection (ru 502.7b)."""
        if obj_id in self.objects:
            return self.objects[obj_id]
        known = self.state.last_known.get(obj_id)
        return f"gone {known.colors}" if known else "gone"

    def current(self, obj_id: int | None) -> Ref | None:
        return None if obj_id is None else self.obj(self.state.current(obj_id))

    def target(self, target: tuple[str, int]) -> tuple[str, Ref | None]:
        kind, ident = target
        if kind == "player":
            return target
        if kind == "spell":
            return (kind, self.items.get(ident, "gone"))
        return (kind, self.obj(ident))


def _object(refs: _Refs, obj: GameObject) -> tuple[object, ...]:
    in_play = obj.zone is Zone.IN_PLAY
    return (
        obj.card,
        obj.owner,
        obj.controller,
        str(obj.zone),
        obj.tapped,
        obj.damage,
        obj.plus_counters,
        obj.token,
        obj.controlled_since_turn_start if in_play else False,
        obj.as_land,
        refs.obj(obj.attached_to) if obj.attached_to in refs.state.objects else None,
        refs.times[obj.timestamp] if in_play or obj.zone is Zone.PHASED_OUT else None,
        refs.entered(obj) if in_play else None,
        obj.minus_counters,
        obj.face_down,
        obj.kind_counters,
        obj.echo_due,
        obj.paid,
        obj.madness_window,
        tuple(refs.obj(i) for i in obj.imprinted if i in refs.state.objects),
        obj.chosen if in_play else ("", ""),
        refs.obj(obj.made_by) if obj.made_by in refs.state.objects else None,
        obj.phased_alone,
    )


def _combat(refs: _Refs, combat: Combat | None) -> tuple[object, ...] | None:
    if combat is None:
        return None
    state = refs.state
    involved = set(combat.involved())
    blockers = tuple(
        (refs.obj(a), tuple(refs.obj(b) for b in combat.blockers.get(a, []))) for a in combat.attackers
    )
    blocked = sorted(str(refs.obj(a)) for a in combat.attackers if a in combat.blocked)
    dealt = sorted(
        str(refs.obj(i)) for i in combat.first_strikers_dealt if i in involved & set(state.objects)
    )
    controllers = sorted(
        (str(refs.obj(i)), combat.controllers.get(i, controller_of(state, state.obj(i))))
        for i in involved
        if i in state.objects
    )
    # The player an attacker that has left play was attacking is looked at by no rule.
    defenders = tuple(defender_of(state, a) if a in state.objects else None for a in combat.attackers)
    bands = tuple(tuple(refs.obj(a) for a in band) for band in combat.bands)
    idle = tuple(refs.obj(b) for b in combat.idle_blockers if b in state.objects)
    return (blockers, tuple(blocked), tuple(dealt), tuple(controllers), defenders, bands, idle)


def canonical(state: GameState) -> tuple[object, ...]:
    """Returns the canonical form of state (see the module docstring)."""
    refs = _Refs(state)
    objects = tuple(
        sorted(((refs.objects[i], _object(refs, state.obj(i))) for i in refs.objects), key=lambda p: p[0])
    )
    players = tuple(
        (
            p.name,
            p.life,
            tuple(refs.obj(i) for i in p.library),
            tuple(refs.obj(i) for i in p.hand),
            tuple(refs.obj(i) for i in p.graveyard),
            tuple(refs.obj(i) for i in p.removed),
            tuple(refs.obj(i) for i in p.sideboard),
            tuple(sorted((s, n) for s, n in p.pool.items() if n)),
            p.lands_played,
            p.drew_from_empty,
            p.lost,
            p.team,
            p.poison,
        )
        for p in state.players
    )
    stack = tuple(
        (
            item.kind,
            item.controller,
            refs.source(item.source) if item.kind != "damage" else None,
            item.label,
            item.effects,
            tuple(refs.target(t) for t in item.targets),
            tuple(
                (refs.source(s), kind, refs.obj(i) if kind == "obj" else i, n)
                for s, kind, i, n in item.damage
            ),
            refs.current(item.subject),
            item.rules,
            item.target_groups(),
            item.shares or (0,) * len(item.targets),
            item.x,
            item.player,
        )
        for item in state.stack
    )
    pending = tuple(
        (
            p.controller,
            refs.obj(p.source),
            p.label,
            p.effects,
            p.target_kind,
            p.rules,
            refs.current(p.subject),
            p.player,
        )
        for p in state.pending
    )
    effects = tuple(
        (refs.obj(e.target), e.power, e.toughness, refs.times[e.timestamp], e.source)
        for e in state.effects
        if e.target in state.in_play
    )
    shields = tuple(
        (
            s.kind,
            refs.target(s.recipient),
            s.amount,
            s.source,
            refs.times[s.timestamp],
            refs.target(s.to) if s.to is not None else None,
        )
        for s in state.shields
        if s.recipient[0] == "player" or s.recipient[1] in state.in_play
    )
    prevent_all = tuple((e.source, e.creatures, e.controller) for e in state.prevent_all)
    # A delayed ability whose permanent has left play will only fail; its source is looked at by no rule.
    delayed = tuple(
        (d.at, d.controller, d.label, d.effect, refs.obj(d.subject))
        for d in state.delayed
        if d.subject in state.in_play
    )
    lasting = tuple(
        (
            refs.obj(e.target),
            refs.times[e.timestamp],
            *astuple(e)[:1],
            *astuple(e)[3:10],
            e.player,
            str(e.while_),
            refs.obj(e.source_id) if e.source_id in state.objects else None,
            e.words,
            e.subtype,
            e.card_type,
            e.replaces_types,
        )
        for e in state.lasting
        if e.target in state.in_play
    )
    passes = state.passes if state.priority is not None else 0
    place = (state.turn, state.active, str(state.step), state.priority, passes)
    played = state.spells_this_turn if state.spells_turn == state.turn else 0
    end = (
        state.winner,
        state.draw_game,
        state.seed,
        state.shuffles,
        state.shared_life,
        multiplayer_form(state),
        tuple(sorted(state.turn_control.items())),
        state.turn_controller,
        played,
    )
    return (
        players,
        objects,
        stack,
        pending,
        effects,
        shields,
        lasting,
        prevent_all,
        delayed,
        _combat(refs, state.combat),
        place,
        end,
    )
