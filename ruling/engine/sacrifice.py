"""Sacrifice: each player an effect names chooses permanents they control, in turn order from the active
player, and then they are all put into their owners' graveyards at once (ru 413.2d; ja 103.4, 413.2d;
sr A4.40, D14.24). A sacrificed permanent is not destroyed: regeneration can't save it.

"You may sacrifice a creature. If you don't, …": a player can't choose an option they can't carry out, so
a player with no creature can only decline, and takes the other branch (ru 413.2c, ja 413.2c, sr D14.23).

A cost may sacrifice a permanent ("Sacrifice Mogg Fanatic: …", "Sacrifice a creature: …", or a spell's
additional cost, "As an additional cost to play Fling, sacrifice a creature"): its player names it when
playing the ability or spell, and it is sacrificed as the cost is paid, before anyone can respond
(ru 409.1f, ja 409.1f, sr D10.16). An ability then exists apart from its source (ru 402.6, ja 402.6,
sr D3.60).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.cards import Effect
from ruling.engine.decisions import Decision, DecisionError
from ruling.engine.events import ZoneChange, perform
from ruling.engine.state import Zone
from ruling.errors import IllegalActionError

if TYPE_CHECKING:
    from ruling.engine.game import Game


def candidates(game: Game, effect: Effect, player: int) -> tuple[int, ...]:
    """Returns the permanents of the effect's type (creature by default) the player controls."""
    wanted = effect.what or "creature"
    return tuple(o.id for o in game.state.permanents(player) if wanted in game.chars(o).types)


def sacrifice(game: Game, effect: Effect, players: list[int]) -> None:
    """Each player (players is in turn order from the active player) chooses max(amount, 1) of their
    permanents of the effect's type, or all they have if fewer; then all are sacrificed together."""
    count = max(effect.amount, 1)
    chosen: list[int] = []
    rules = game.cite("apnap_choices") if len(players) > 1 else ()
    for index in players:
        options = candidates(game, effect, index)
        need = min(count, len(options))
        if not need:
            continue
        forced = need == len(options)
        answer = game.ask(
            Decision("sacrifice", index, options=options, amount=need, forced=forced),
            options if forced else None,
        )
        picked = [o for o in answer if o in options] if isinstance(answer, tuple | list) else []
        if len(set(picked)) != need:
            raise DecisionError(
                f"{game.player_name(index)} must sacrifice exactly {need} of their permanents"
            )
        for obj_id in picked:
            game.log(
                "effect", rules, card=game.name(obj_id), other=f"sacrificed by {game.player_name(index)}"
            )
        chosen += picked
    perform(game, [ZoneChange(obj_id, Zone.GRAVEYARD) for obj_id in chosen])


def can_choose(game: Game, effect: Effect, player: int) -> bool:
    """Tells whether the player can carry out the optional instruction, so choose to do it."""
    return effect.kind != "sacrifice" or len(candidates(game, effect, player)) >= max(effect.amount, 1)


def cost_options(game: Game, player: int, wanted: str) -> list[int]:
    """Returns the permanents of the type wanted (SACRIFICE_COSTS) player could sacrifice to pay a cost."""
    return [
        o.id for o in game.state.permanents(player) if wanted == "permanent" or wanted in game.chars(o).types
    ]


def cost_victims(
    game: Game, player: int, label: str, wanted: str, source: int, named: tuple[int, ...]
) -> tuple[int, ...]:
    """Checks the permanents player names to pay the sacrifice cost of label (wanted: ``self``, a type, or
    nothing) and returns them: the source itself for "Sacrifice this", else one permanent of the type that
    player controls; refuses a cost that can't be paid in full (ru 409.1f, ja 409.1h, sr D10.18)."""
    if not wanted:
        if named:
            raise game.refuse(f"{label} sacrifices nothing to pay its cost", "sacrifice_cost")
        return ()
    if wanted == "self":
        if named and named != (source,):
            raise game.refuse(f"{label} sacrifices its own permanent, not another", "sacrifice_cost")
        return (source,)
    options = cost_options(game, player, wanted)
    who = game.player_name(player)
    if not options:
        raise IllegalActionError(
            f"{who} controls no {wanted} to sacrifice: the cost of {label} can't be paid",
            tuple(dict.fromkeys(game.cite("sacrifice_cost") + game.cite("pay"))),
        )
    if len(named) != 1:
        raise game.refuse(
            f"{label} sacrifices one {wanted}: announce it with 'sacrificing NAME', got {len(named)}",
            "sacrifice_cost",
        )
    if named[0] not in options:
        raise game.refuse(f"{game.name(named[0])} is not a {wanted} {who} controls", "sacrifice_cost")
    return named


def pay_sacrifice(game: Game, player: int, victims: tuple[int, ...]) -> None:
    """Sacrifices the permanents that pay a cost, all at once."""
    if not victims:
        return
    who = game.player_name(player)
    for obj_id in victims:
        game.log("cost_sacrifice", game.cite("sacrifice_cost"), player=who, card=game.name(obj_id))
    perform(game, [ZoneChange(obj_id, Zone.GRAVEYARD) for obj_id in victims])
