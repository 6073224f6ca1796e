"""Banding and "bands with other" (ja 502.10, 502.11).

Attacking, a player may declare bands: any number of creatures with banding and at most one without
(ja 502.10b), or creatures with the same "bands with other [type]" together with creatures with banding
(ja 502.11b); a creature is in one band at most (ja 502.10c). When a creature of a band becomes blocked by
a creature, every creature of the band becomes blocked by it (ja 502.10e). Damage assignment changes
hands: the player who controls an attacking creature with banding decides how the creatures blocking it
assign their combat damage, and the player who controls a blocking creature with banding decides how the
creatures it blocks assign theirs (ja 502.10h); two or more blockers (or attackers) with the same "bands
with other" give that decision to their controller too (ja 502.11c).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.decisions import Decision
from ruling.engine.keywords import parse_keyword
from ruling.engine.state import Combat

if TYPE_CHECKING:
    from ruling.engine.game import Game
    from ruling.engine.layers import Characteristics


def _others(chars: Characteristics) -> set[str]:
    """Returns the creature types of a creature's "bands with other" abilities."""
    found = set()
    for keyword in chars.keywords:
        use = parse_keyword(keyword)
        if use is not None and use.key == "bands_with_other":
            found.add(use.word)
    return found


def _bands(chars: Characteristics) -> bool:
    return chars.has("banding")


def form_bands(game: Game, attackers: tuple[int, ...]) -> list[list[int]]:
    """Asks the attacking player which attackers form bands and checks each band (ja 502.10b-c, 502.11b);
    returns the bands (none when no attacker can band)."""
    state = game.state
    if not game.profile.has_keyword("banding") or not any(
        _bands(game.chars(state.obj(a))) or _others(game.chars(state.obj(a))) for a in attackers
    ):
        return []
    answer = game.ask(Decision("bands", state.active, options=attackers), [])
    bands = [list(band) for band in answer] if isinstance(answer, list) else []
    seen: set[int] = set()
    for band in bands:
        if any(a in seen for a in band):
            raise game.refuse("a creature is in one band only", "band_once")
        if len(band) < 2 or any(a not in attackers for a in band):
            raise game.refuse("a band is two or more attacking creatures", "banding")
        seen.update(band)
        chars = [game.chars(state.obj(a)) for a in band]
        without = [c for c in chars if not _bands(c)]
        shared = set.intersection(*(_others(c) for c in without)) if without else set()
        if len(without) > 1 and not shared:
            raise game.refuse("a band holds at most one creature without banding", "banding")
        rules = game.cite("banding") + (game.cite("bands_with_other") if len(without) > 1 else ())
        game.log("band", rules, card=", ".join(c.name for c in chars))
    return bands


def spread_band_blocks(game: Game, combat: Combat) -> None:
    """Every creature of a band becomes blocked by each creature blocking one of them (ja 502.10e)."""
    for band in combat.bands:
        blockers: list[int] = []
        for attacker in band:
            blockers += [b for b in combat.blockers.get(attacker, []) if b not in blockers]
        if not blockers:
            continue
        for attacker in band:
            mine = combat.blockers.setdefault(attacker, [])
            mine += [b for b in blockers if b not in mine]
            combat.blocked.add(attacker)
        names = ", ".join(game.name(a) for a in band)
        game.log(
            "band_blocked", game.cite("banding"), card=names, other=", ".join(game.name(b) for b in blockers)
        )


def assigner(game: Game, combat: Combat, obj_id: int) -> int:
    """Returns the player who decides how a combatant assigns its combat damage (ja 502.10h, 502.11c)."""
    state = game.state
    own = game.controller(state.obj(obj_id))
    if not game.profile.has_keyword("banding"):
        return own
    if obj_id in combat.attackers:
        facing = [b for b in combat.blockers.get(obj_id, []) if b in state.objects]
    else:
        facing = [a for a, bs in combat.blockers.items() if obj_id in bs and a in state.objects]
    chars = [game.chars(state.obj(i)) for i in facing]
    if any(_bands(c) for c in chars):
        return game.controller(state.obj(facing[0]))
    types = [t for c in chars for t in _others(c)]
    if any(types.count(t) > 1 for t in types):
        return game.controller(state.obj(facing[0]))
    return own
