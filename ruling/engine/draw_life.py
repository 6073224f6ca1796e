"""Replacement effects of draws and life gain ("instead of drawing a card, return a card from your
graveyard to your hand"; "for each 1 life you would gain, draw a card instead").

Each applies at most once to an event, and an event one of them made is the same event for that count, so
a replacement that became applicable through another applies to the result (ru 419.8b, ja 419.9b,
sr D20.92); when several apply, the affected player chooses which applies first (ru 419.8a, ja 419.9a,
sr D20.91).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.cards import Effect
from ruling.engine.control import controller_of
from ruling.engine.decisions import Decision, DecisionError
from ruling.engine.layers import statics
from ruling.engine.seats import opponents
from ruling.engine.state import GameObject, Zone

if TYPE_CHECKING:
    from ruling.engine.events import Draw, Event, LifeChange
    from ruling.engine.game import Game


def _speaks_of(game: Game, source: GameObject, effect: Effect, player: int) -> bool:
    """Tells whether a static replacement of source speaks of player's draws or life."""
    controller = controller_of(game.state, source)
    if effect.who == "you":
        return player == controller
    if effect.who == "opponent":
        return player in opponents(game.state, controller)
    return True


def _applicable(game: Game, event: Draw | LifeChange) -> list[tuple[str, GameObject, Effect]]:
    from ruling.engine.events import Draw

    wanted = "draw_instead" if isinstance(event, Draw) else "life_gain_instead"
    if not isinstance(event, Draw) and (event.amount <= 0 or event.note == "burn"):
        return []
    found: list[tuple[str, GameObject, Effect]] = []
    for source, effect in statics(game.state):
        if effect.kind != wanted or not _speaks_of(game, source, effect, event.player):
            continue
        label = game.name(source.id)
        if label in event.replaced_by:
            continue
        if wanted == "draw_instead" and not _cards_in(game, event.player, effect):
            continue
        found.append((label, source, effect))
    return found


def _cards_in(game: Game, player: int, effect: Effect) -> list[int]:
    """Returns the cards a draw replacement could return to the hand: those in the zone it names (the
    graveyard by default) of the drawing player."""
    zone = Zone(effect.zone or "graveyard")
    return list(game.state.players[player].zone(zone))


def replace_draw_or_life(game: Game, event: Draw | LifeChange) -> tuple[list[Event], list[Event]]:
    """Returns what a draw or a life change becomes once the replacement effects that apply to it have
    modified it: the events of this batch, and the events that follow it one at a time (a life gain that
    became several draws: the player draws them one after another, and draw replacements modify each)."""
    options = _applicable(game, event)
    if not options:
        return [event], []
    pick = options[0]
    if len(options) > 1:
        labels = tuple(label for label, _, _ in options)
        chosen = game.ask(Decision("replacement", event.player, options=labels), labels[0])
        pick = next((o for o in options if o[0] == chosen), options[0])
        game.log("order", game.cite("replacement_order"), player=game.player_name(event.player), card=pick[0])
    label, _, effect = pick
    done = (*event.replaced_by, label)
    player = game.player_name(event.player)
    rules = game.cite("replacement") + (game.cite("replacement_chain") if event.replaced_by else ())
    from ruling.engine.events import Draw, ZoneChange

    if isinstance(event, Draw):
        card = _card_to_return(game, event.player, effect, label)
        name = game.name(card)
        game.log("replace", rules, card=label, other=f"{player} returns {name} to hand")
        return [ZoneChange(card, Zone.HAND, replaced_by=done)], []
    count = event.amount // game.profile.scale
    other = f"{player} draws {count} card(s) instead of gaining {event.amount} life"
    game.log("replace", rules, card=label, other=other)
    if not count:
        return [], []
    first, later = replace_draw_or_life(game, Draw(event.player, replaced_by=done))
    return first, later + [Draw(event.player, replaced_by=done) for _ in range(count - 1)]


def _card_to_return(game: Game, player: int, effect: Effect, label: str) -> int:
    """Asks the drawing player which card of the zone the replacement names they return to their hand."""
    options = tuple(_cards_in(game, player, effect))
    chosen = game.ask(Decision("return", player, options=options, forced=len(options) == 1), options[0])
    if chosen not in options or not isinstance(chosen, int):
        raise DecisionError(f"{game.player_name(player)} must return a card from that zone for {label}")
    return chosen
