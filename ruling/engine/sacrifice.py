"""Sacrifice: each player an effect names chooses permanents they control, in turn order from the active
player, and then they are all put into their owners' graveyards at once (ru 413.2d; ja 103.4, 413.2d;
sr A4.40, D14.24). A sacrificed permanent is not destroyed: regeneration can't save it.

"You may sacrifice a creature. If you don't, …": a player can't choose an option they can't carry out, so
a player with no creature can only decline, and takes the other branch (ru 413.2c, ja 413.2c, sr D14.23).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.cards import Effect
from ruling.engine.decisions import Decision, DecisionError
from ruling.engine.events import ZoneChange, perform
from ruling.engine.state import Zone

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
