"""Replacement and prevention effects, offered before an event applies (ru 419.6-419.8, ja 419.6-419.9,
sr D20): regeneration replaces destruction, prevention shields and protection prevent damage, and the
affected player, or the controller of the affected permanent, orders several that apply to one event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.combat_removal import remove_from_combat
from ruling.engine.events import Damage, ZoneChange, perform
from ruling.engine.replacements import redirect_rules
from ruling.engine.state import Shield, Zone
from ruling.engine.targets import Target, describe

if TYPE_CHECKING:
    from ruling.engine.game import Game


def add_shield(
    game: Game, kind: str, recipient: Target, amount: int, source: str, to: Target | None = None
) -> None:
    """Sets up, until end of turn, a regeneration shield, a shield preventing the next amount of damage,
    or one redirecting the next amount of damage to recipient to another creature or player (to)."""
    state = game.state
    state.shields.append(Shield(kind, recipient, amount, source, state.tick(), to))
    if kind == "redirect" and to is not None:
        game.log(
            "redirect_shield",
            redirect_rules(game),
            card=source,
            other=describe(game, recipient),
            amount=amount,
            mana=describe(game, to),
        )
        return
    key = "regenerate" if kind == "regenerate" else "prevent_shield"
    game.log(f"{kind}_shield", game.cite(key), card=source, other=describe(game, recipient), amount=amount)


def deal_damage(
    game: Game,
    source_name: str,
    colors: str,
    recipient: Target,
    amount: int,
    rules: tuple[str, ...] = (),
    source: int | None = None,
    used: frozenset[int] = frozenset(),
    dealt_to: list[Target] | None = None,
    combat: bool = False,
) -> int:
    """Deals damage as one event: replacement and prevention effects have their say first, each once and
    in the order the affected player chooses (protection, prevention shields, doubling, redirection);
    returns the damage dealt. source is the id of the source when it is known (doubling looks at who
    controls it)."""
    event = Damage(source, source_name, colors, recipient, amount, combat, rules, used)
    done = perform(game, [event])
    total = 0
    for happened in done.happened:
        if isinstance(happened.event, Damage) and happened.dealt:
            total += happened.dealt
            if dealt_to is not None:
                dealt_to.append(happened.event.recipient)
    return total


def deal_simultaneous_damage(
    game: Game,
    shares: list[tuple[int, str, str, Target, int]],
    rules: tuple[str, ...] = (),
    combat: bool = False,
) -> list[tuple[int, Target]]:
    """Deals damage from several sources at once, as one batch: (source id, name, colours, recipient,
    amount) each, in assignment order. When a prevention shield can't stop all the damage a recipient is
    dealt at once, the affected player chooses which damage it applies to first (ja 419.7b, sr D20.72); a
    profile whose document gives nobody that choice (ru 419.7b counts only the amount) keeps the assignment
    order. Returns each source with the recipient it was finally dealt damage to."""
    events = [
        Damage(source, name, colors, target, amount, combat, rules)
        for source, name, colors, target, amount in shares
    ]
    done = perform(game, events)
    return [
        (h.event.source, h.event.recipient)
        for h in done.happened
        if isinstance(h.event, Damage) and h.dealt and h.event.source is not None
    ]


def put_into_graveyard(game: Game, obj_ids: list[int]) -> None:
    """Puts permanents into their owners' graveyards at once, as one event (its triggers look back)."""
    if obj_ids:
        perform(game, [ZoneChange(obj_id, Zone.GRAVEYARD) for obj_id in obj_ids])


def regenerates(game: Game, obj_id: int, rules: tuple[str, ...] = ()) -> bool:
    """Uses a regeneration shield of the permanent, if it has one, instead of destroying it (ru 419.6b)."""
    state = game.state
    shield = next(
        (s for s in state.shields if s.kind == "regenerate" and s.recipient == ("obj", obj_id)), None
    )
    if shield is None:
        return False
    obj = state.obj(obj_id)
    state.shields.remove(shield)
    obj.damage = 0
    obj.tapped = True
    game.log("regenerate", rules + game.cite("regenerate"), card=game.name(obj_id))
    remove_from_combat(game, obj_id, game.cite("regenerate"))
    return True


def destroy(
    game: Game, obj_ids: list[int], rules: tuple[str, ...] = (), can_regenerate: bool = True
) -> list[int]:
    """Destroys permanents at once: a regeneration shield replaces the destruction of its permanent, and
    the others go to their owners' graveyards together; returns those that were destroyed."""
    going = []
    for obj_id in obj_ids:
        if can_regenerate and regenerates(game, obj_id, rules):
            continue
        game.log("destroy", rules, card=game.name(obj_id))
        going.append(obj_id)
    put_into_graveyard(game, going)
    return going
