"""Phasing (ja 502.15): in each player's untap step, before they untap, every permanent with phasing they
control phases out and, at the same time, every permanent that phased out under their control phases in
(ja 502.15b). Effects may phase permanents out and in at other times too (Reality Ripple, Time and Tide).

A phased-out permanent is treated as though it did not exist: it leaves the list of permanents in play for
``state.phased_out`` (the 2004 rules' phased-out zone, ja 217.8) but stays the same object — no new
identity, counters, choices and timestamp kept (ja 502.15f, 502.15h, 502.15k); its damage is removed
(ja 502.15e); effects of limited duration on it end, and delayed abilities that act on it never do
(ja 502.15g); the local enchantments and Equipment attached to it phase out with it and phase in only with
it (ja 502.15i), while one that phased out alone phases in alone, attached to its permanent if that is
still in play, else left to the state-based actions (ja 502.15j); and as it phases in it can attack and
tap as though it had haste (ja 502.15m). Phasing in triggers no comes-into-play ability; phasing out
triggers leaves-play abilities as usual (ja 502.15d).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine import delayed
from ruling.engine.cards import DELAYABLE
from ruling.engine.document_rules import cite_in
from ruling.engine.lasting import Lasting, While
from ruling.engine.state import GameObject, Zone
from ruling.engine.triggers import collect_leaving

if TYPE_CHECKING:
    from ruling.engine.game import Game

RULES: dict[str, dict[str, tuple[str, ...]]] = {
    "ja": {
        "event": ("502.15b",),
        "leaves": ("502.15d",),
        "limited": ("502.15g",),
        "attached": ("502.15i",),
        "alone": ("502.15j",),
    },
}
"""The rules of phasing beyond the keyword, per document: only ja-2004 has phasing."""


def cite(game: Game, key: str) -> tuple[str, ...]:
    """Returns the ids of a phasing rule in the profile's document, or refuses naming the document."""
    return cite_in(game, RULES, key, "phasing")


def phase(game: Game, player: int) -> None:
    """Performs the phasing of player's untap step: phasing out and phasing in at the same time."""
    if not game.profile.has_keyword("phasing"):
        return
    state = game.state
    coming = [i for i in state.phased_out if _phased_out_under(state.obj(i)) == player]
    going = [o.id for o in state.permanents(player) if "phasing" in game.chars(o).keywords]
    phase_out(game, going, game.cite("phasing"))
    phase_in(game, coming, game.cite("phasing"))


def phase_all(game: Game, kind: str, label: str) -> None:
    """Every phased-out permanent of a card type phases in and, at the same time, every one with phasing
    phases out (Time and Tide: "all phased-out creatures phase in and all creatures with phasing phase
    out")."""
    state = game.state
    rules = cite(game, "event")
    coming = [i for i in state.phased_out if kind in game.chars(state.obj(i)).types]
    chars = game.chars_of(state.permanents())
    going = [i for i, c in chars.items() if kind in c.types and "phasing" in c.keywords]
    other = f"phased-out {kind}s phase in, {kind}s with phasing phase out"
    game.log("effect", rules, card=label, other=other)
    phase_out(game, going, rules)
    phase_in(game, coming, rules)


def phase_out(game: Game, ids: list[int], rules: tuple[str, ...]) -> None:
    """Phases permanents out, with the local enchantments and Equipment attached to them (ja 502.15i)."""
    state = game.state
    going = [i for i in ids if i in state.in_play]
    going += [o.id for o in state.permanents() if o.attached_to in going and o.id not in going]
    if not going:
        return
    before = [(o, game.chars(o)) for o in state.permanents()]
    left = [(o, c, Zone.PHASED_OUT) for o, c in before if o.id in going]
    for obj_id in going:
        obj = state.obj(obj_id)
        obj.control_seen = game.controller(obj)
        state.in_play.remove(obj_id)
        state.phased_out.append(obj_id)
        obj.zone = Zone.PHASED_OUT
        obj.damage = 0
        indirect = obj.attached_to in going
        obj.phased_alone = obj.attached_to is not None and not indirect
        game.log("phase_out", rules + (cite(game, "attached") if indirect else ()), card=game.name(obj_id))
        _end_limited(game, obj_id)
    delayed.watch(game, {"leaves_play": set(going)})
    collect_leaving(game, left, before, cite(game, "leaves"))


def phase_in(game: Game, ids: list[int], rules: tuple[str, ...]) -> None:
    """Phases permanents in, with the local enchantments and Equipment that phased out with them; one of
    those does not phase in alone (ja 502.15i)."""
    state = game.state
    coming = [i for i in ids if i in state.phased_out and not _indirect(game, i)]
    coming += [i for i in state.phased_out if state.obj(i).attached_to in coming and i not in coming]
    for obj_id in coming:
        obj = state.obj(obj_id)
        state.phased_out.remove(obj_id)
        obj.zone = Zone.IN_PLAY
        state.in_play.append(obj_id)
        obj.controlled_since_turn_start = True
        game.log("phase_in", rules, card=game.name(obj_id))
    state.in_play.sort(key=lambda i: state.obj(i).timestamp)
    for obj_id in coming:
        _returned_alone(game, state.obj(obj_id))


def _returned_alone(game: Game, obj: GameObject) -> None:
    """Traces an attachment that phased out by itself and comes back attached to a permanent no longer in
    play; the state-based actions then put an aura into its owner's graveyard and leave Equipment
    unattached (ja 502.15j)."""
    alone, obj.phased_alone = obj.phased_alone, False
    host = game.state.objects.get(obj.attached_to) if obj.attached_to is not None else None
    if alone and (host is None or host.zone is not Zone.IN_PLAY):
        game.log("phased_in_alone", cite(game, "alone"), card=game.name(obj.id))


def _end_limited(game: Game, obj_id: int) -> None:
    """Ends the effects of limited duration on a permanent that phased out ("until end of turn", "for as
    long as", shields for this turn) and the delayed abilities that would act on it (ja 502.15g)."""
    state = game.state
    pumps = [e.source for e in state.effects if e.target == obj_id]
    limited = [e.source for e in state.lasting if e.target == obj_id and _limited(e)]
    shields = [s.source for s in state.shields if s.recipient == ("obj", obj_id)]
    acting = [d for d in state.delayed if d.subject == obj_id and d.effect.kind in DELAYABLE]
    state.effects = [e for e in state.effects if e.target != obj_id]
    state.lasting = [e for e in state.lasting if e.target != obj_id or not _limited(e)]
    state.shields = [s for s in state.shields if s.recipient != ("obj", obj_id)]
    state.delayed = [d for d in state.delayed if d.subject != obj_id or d.effect.kind not in DELAYABLE]
    rules, name = cite(game, "limited"), game.name(obj_id)
    for source in pumps + limited + shields:
        game.log("phased_effect_ends", rules, card=name, other=source)
    for ability in acting:
        game.log("no_trigger", rules, card=ability.label, other=f"{name} phased out")


def _limited(effect: Lasting) -> bool:
    """Tells whether a continuous effect has a limited duration: until end of turn, or for as long as."""
    return effect.until_end_of_turn or effect.while_ is not While.ALWAYS


def _indirect(game: Game, obj_id: int) -> bool:
    """Tells whether a phased-out permanent phased out with the permanent it is attached to, which is
    phased out still (ja 502.15i); one that phased out by itself phases in by itself (ja 502.15j)."""
    obj = game.state.obj(obj_id)
    return obj.attached_to is not None and obj.attached_to in game.state.phased_out and not obj.phased_alone


def _phased_out_under(obj: GameObject) -> int:
    """Returns who controlled a phased-out permanent as it phased out (control is computed only in play,
    ruling.engine.control)."""
    return obj.controller if obj.control_seen < 0 else obj.control_seen
