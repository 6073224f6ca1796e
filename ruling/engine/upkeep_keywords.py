"""Keywords that trigger at the beginning of their controller's upkeep and ask for a payment or a counter:
echo (ja 502.19a), fading (ja 502.20a) and cumulative upkeep (ja 502.13a).

Each trigger goes on the stack like any other; on resolution its controller pays (answering ``chooses
yes`` with the mana in their pool) or the permanent is sacrificed. A player who can't pay is not asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine import mana
from ruling.engine.cards import Effect, EffectKind, parse_cost
from ruling.engine.decisions import Decision, DecisionError
from ruling.engine.keywords import first_use, uses
from ruling.engine.state import GameObject, Pending, Zone, counters_of, set_counters

if TYPE_CHECKING:
    from ruling.engine.game import Game


def mark_echo(game: Game, player: int) -> None:
    """As player's turn begins: each permanent with echo they have not controlled since their last turn
    began (so since their last upkeep) owes its echo at this upkeep (ja 502.19a)."""
    if not game.profile.has_keyword("echo"):
        return
    for obj in game.state.permanents(player):
        if not obj.controlled_since_turn_start and "echo" in game.chars(obj).keywords:
            obj.echo_due = True


def collect_upkeep_keywords(game: Game, player: int) -> None:
    """Adds the upkeep triggers of the keywords of player's permanents, in the order they are in play."""
    for obj in game.state.permanents(player):
        keywords = game.chars(obj).keywords
        if obj.echo_due:
            _trigger(game, obj, EffectKind.ECHO, "echo")
        if first_use(keywords, "fading") is not None and game.profile.has_keyword("fading"):
            _trigger(game, obj, EffectKind.FADING, "fading")
        if game.profile.has_keyword("cumulative_upkeep"):
            for _ in uses(keywords, "cumulative_upkeep"):
                _trigger(game, obj, EffectKind.CUMULATIVE_UPKEEP, "cumulative_upkeep")


def _trigger(game: Game, obj: GameObject, kind: EffectKind, key: str) -> None:
    rules = game.cite(key)
    label = f"{key.replace('_', ' ')} of {game.name(obj.id)}"
    controller = game.controller(obj)
    game.state.pending.append(Pending(controller, obj.id, label, (Effect(kind),), None, rules, obj.id))
    game.log("trigger", rules, player=game.player_name(controller), card=label)


def resolve_upkeep_keyword(game: Game, kind: str, obj_id: int, controller: int) -> None:
    """Resolves an echo, fading or cumulative upkeep trigger of a permanent still in play."""
    state = game.state
    obj = state.obj(obj_id)
    name = game.name(obj_id)
    if kind == "echo":
        obj.echo_due = False
        _pay_or_sacrifice(game, obj, controller, obj.card.cost, "echo")
    elif kind == "fading":
        fade = counters_of(obj, "fade")
        if fade:
            set_counters(obj, "fade", fade - 1)
            game.log("kind_counter", game.cite("fading"), card=name, other="fade", amount=fade - 1)
        else:
            _sacrifice(game, obj, "fading")
    else:
        age = counters_of(obj, "age") + 1
        set_counters(obj, "age", age)
        game.log("kind_counter", game.cite("cumulative_upkeep"), card=name, other="age", amount=age)
        use = first_use(game.chars(obj).keywords, "cumulative_upkeep")
        cost = _times(use.cost if use else "", age)
        _pay_or_sacrifice(game, obj, controller, cost, "cumulative_upkeep")


def _times(cost: str, count: int) -> str:
    generic, colored = parse_cost(cost)
    total = generic * count
    return (str(total) if total else "") + colored * count


def _pay_or_sacrifice(game: Game, obj: GameObject, controller: int, cost: str, key: str) -> None:
    """Its controller pays cost from their pool if they can and choose to; otherwise it is sacrificed."""
    player = game.state.players[controller]
    name = game.name(obj.id)
    if mana.can_pay(player, cost):
        chosen = game.ask(Decision("may", controller, options=("yes", "no")), None)
        if chosen not in ("yes", "no"):
            raise DecisionError(f"{player.name} must answer yes or no: pay {cost or '0'} for {name}'s {key}?")
        game.log("may", player=player.name, card=name, other=str(chosen))
        if chosen == "yes":
            mana.pay(player, cost)
            game.log("pay", game.cite(key), player=player.name, mana=cost or "0")
            return
    _sacrifice(game, obj, key)


def _sacrifice(game: Game, obj: GameObject, key: str) -> None:
    from ruling.engine.events import ZoneChange, perform

    game.log(
        "sacrifice", game.cite(key), player=game.player_name(game.controller(obj)), card=game.name(obj.id)
    )
    perform(game, [ZoneChange(obj.id, Zone.GRAVEYARD)])
