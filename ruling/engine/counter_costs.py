"""Counters as a cost and as a count: abilities whose cost removes counters from their own permanent
("Remove a +1/+1 counter from Spike Feeder", "Remove a fade counter from Saproling Burst"), and tokens whose
power and toughness are the number of counters on the permanent that made them.

A cost is paid whole or not at all (ru 409.1f, ja 409.1h, sr D10.18): a permanent with fewer counters of
the kind than the cost removes can't play the ability. An ability that a permanent gives a token and that
names that permanent means the very permanent that gave it, not another of the same name (ja 202.2b,
sr B3.32; ru 202.2 says it of a card's own text): each Saproling counts the fade counters on its own
Saproling Burst, and none once that Burst has left play, since what comes back is a new object.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.cards import Ability
from ruling.engine.document_rules import cite_in
from ruling.engine.state import GameObject, GameState, counters_of, set_counters
from ruling.errors import IllegalActionError

if TYPE_CHECKING:
    from ruling.engine.game import Game

RULES: dict[str, dict[str, tuple[str, ...]]] = {
    "ru": {"cost": ("409.1f",), "maker": ("202.2",)},
    "ja": {"cost": ("409.1f", "409.1h"), "maker": ("202.2b",)},
    "sr": {"cost": ("D10.16", "D10.18"), "maker": ("B3.32",)},
}
"""Per document: the rules of a cost paid with counters (what a cost may be, and no partial payment), and of
a name in a given ability meaning the object that gave it."""


def cite(game: Game, key: str) -> tuple[str, ...]:
    """Returns the qualified ids of rule key ("cost", "maker") in the profile's document."""
    return cite_in(game, RULES, key, "counters removed as a cost")


def counters_on(obj: GameObject, kind: str) -> int:
    """Returns how many counters of a kind of COUNTER_KINDS are on an object."""
    return obj.plus_counters if kind == "+1/+1" else counters_of(obj, kind)


def _remove(obj: GameObject, kind: str, amount: int) -> None:
    if kind == "+1/+1":
        obj.plus_counters -= amount
    else:
        set_counters(obj, kind, counters_of(obj, kind) - amount)


def check(game: Game, obj: GameObject, ability: Ability, name: str) -> None:
    """Refuses an ability whose cost removes more counters than its permanent has."""
    if not ability.remove_counters:
        return
    has = counters_on(obj, ability.remove_counters)
    if has < ability.remove_amount:
        raise IllegalActionError(
            f"{name} has {has} {ability.remove_counters} counter(s), and its ability's cost removes "
            f"{ability.remove_amount}: a cost can't be paid in part",
            cite(game, "cost"),
        )


def pay(game: Game, player: int, obj: GameObject, ability: Ability, name: str) -> None:
    """Removes the counters the ability's cost names from its permanent, once check has passed."""
    if not ability.remove_counters:
        return
    _remove(obj, ability.remove_counters, ability.remove_amount)
    game.log(
        "cost_counters",
        cite(game, "cost"),
        player=game.player_name(player),
        card=name,
        amount=ability.remove_amount,
        other=ability.remove_counters,
    )


def maker_counters(state: GameState, token: GameObject, kind: str) -> tuple[int, str]:
    """Returns the number of counters of kind on the permanent that made token, none when it is no longer
    in play, and where they were counted, in words."""
    maker = token.made_by
    if maker is None:
        return 0, "no permanent made it"
    if maker not in state.in_play:
        return 0, "the permanent that made it, no longer in play"
    return counters_on(
        state.objects[maker], kind
    ), f"{state.objects[maker].card.name}, the permanent that made it"
