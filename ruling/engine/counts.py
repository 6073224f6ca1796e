"""Amounts counted from the game on resolution ("+1/+1 for each card in your hand", "life equal to the
number of creatures that player controls").

The number is counted once, as the spell or ability resolves, and the effect keeps it when the count changes
later (ru 418.3c, ja 418.3c, sr D19.33). Under a limited range of influence a spell or ability learns only
what lies within its controller's range: creatures of players out of range are not counted (sr F2.110).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ruling.engine.cards import PER_PLAYER_COUNTS, Effect
from ruling.engine.converted_costs import converted_cost, cost_rules
from ruling.engine.influence import in_range
from ruling.engine.variants import cite
from ruling.errors import RulingError

if TYPE_CHECKING:
    from ruling.engine.game import Game

_KINDS = {
    "cards_in_hand": "count_hand",
    "cards_in_graveyard": "count_graveyard",
    "creatures_you_control": "count_controls",
    "creatures_they_control": "count_controls",
    "creatures": "count_creatures",
    "source_power": "count_power",
    "sacrificed_power": "count_sacrificed",
    "milled_cost": "count_milled",
    "blockers_beyond_first": "count_blockers",
}
"""The trace event of each count."""


def counted(
    game: Game,
    effect: Effect,
    controller: int,
    label: str,
    player: int | None = None,
    source: int | None = None,
    milled: Sequence[int] = (),
) -> int:
    """Returns the number effect.count names now, for the effect of controller's spell or ability label
    whose source is source; player is the one the effect acts on, for a count made for each player; milled
    are the cards a mill of the same resolution put into a graveyard. The trace cites the rule."""
    state = game.state
    whose = player if player is not None and effect.count in PER_PLAYER_COUNTS else controller
    rules = game.cite("counted")
    if effect.count == "source_power":
        return _source_power(game, source, label, rules)
    if effect.count == "sacrificed_power":
        return _sacrificed_power(game, source, label, rules)
    if effect.count == "milled_cost":
        return _milled_cost(game, milled, label, rules)
    if effect.count == "blockers_beyond_first":
        return _blockers_beyond_first(game, source, label)
    if effect.count == "cards_in_hand":
        number = len(state.players[whose].hand)
    elif effect.count == "cards_in_graveyard":
        number = len(state.players[whose].graveyard)
    else:
        permanents = state.permanents()
        chars = game.chars_of(permanents)
        creatures = [o for o in permanents if chars[o.id].is_creature]
        if effect.count == "creatures":
            if state.multiplayer.ranges:
                creatures = [o for o in creatures if in_range(state, controller, game.controller(o))]
                rules += cite("range_information")
        else:
            creatures = [o for o in creatures if game.controller(o) == whose]
        number = len(creatures)
    game.log(_KINDS[effect.count], rules, card=label, amount=number, player=game.player_name(whose))
    return number


def _source_power(game: Game, source: int | None, label: str, rules: tuple[str, ...]) -> int:
    """Returns the power of the source in printed numbers: now, or as it last existed in play if it has left
    (ru 402.6, ja 402.6, sr D3.60); 0 for a source that is not a creature."""
    if source is None:
        raise RulingError(f"{label}: the power of its source is counted with no source")
    known = game.source_info(source)
    gone = source not in game.state.objects
    power = max(known.power or 0, 0)
    if gone:
        rules += game.cite("ability_apart")
    amount = power * game.profile.scale
    game.log(
        "count_power_known" if gone else "count_power", rules, card=label, amount=amount, other=known.name
    )
    return power


def _blockers_beyond_first(game: Game, source: int | None, label: str) -> int:
    """Returns the creatures blocking the source now, less the first: none when it is not blocked (ja
    502.12b: the rampage bonus is worked out once, as its trigger resolves)."""
    combat = game.state.combat
    blocking = combat.blockers.get(source, []) if combat is not None and source is not None else []
    number = max(len([b for b in blocking if b in game.state.objects]) - 1, 0)
    rules = game.cite("rampage_bonus" if label.startswith("rampage ") else "counted")
    game.log("count_blockers", rules, card=label, amount=number)
    return number


def _sacrificed_power(game: Game, source: int | None, label: str, rules: tuple[str, ...]) -> int:
    """Returns the power, in printed numbers, the permanents sacrificed to pay the spell's cost had as they
    were sacrificed."""
    spell = game.state.objects.get(source) if source is not None else None
    victims = spell.sacrificed if spell is not None else ()
    known = [game.state.last_known.get(v) for v in victims]
    power = sum(max(k.power or 0, 0) for k in known if k is not None)
    names = ", ".join(k.name for k in known if k is not None) or "nothing"
    rules += game.cite("sacrifice_cost")
    game.log("count_sacrificed", rules, card=label, amount=power * game.profile.scale, other=names)
    return power


def _milled_cost(game: Game, milled: Sequence[int], label: str, rules: tuple[str, ...]) -> int:
    """Returns the converted mana costs of the cards a mill put into a graveyard, added up; a split card's
    is both halves' (ja 505.5). No card milled (an empty library) counts 0."""
    number = 0
    for obj_id in milled:
        cost = converted_cost(game, game.state.obj(obj_id))
        number += cost.total
        game.log(
            "count_milled",
            rules + cost_rules(game, cost, asks=False),
            card=label,
            amount=cost.total,
            other=game.name(obj_id),
        )
    if not milled:
        game.log("count_milled", rules, card=label, amount=0, other="-")
    return number
