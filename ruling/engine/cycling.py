"""Cycling and landcycling: abilities a card has in its owner's hand (ja 502.18).

"Cycling [cost]" means "[cost], discard this card from your hand: draw a card"; "[land type]cycling
[cost]" means "[cost], discard this card: search your library for a [land type] card, reveal it, put it
into your hand, then shuffle your library" (ja 502.18a, 502.18c). Discarding is part of the cost, so the
card is in the graveyard before the ability goes on the stack; the ability resolves like any other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine import mana
from ruling.engine.cards import Effect, EffectKind
from ruling.engine.decisions import Decision, DecisionError
from ruling.engine.keywords import first_use
from ruling.engine.state import GameObject, StackItem, Zone
from ruling.engine.team_turns import holds_priority

if TYPE_CHECKING:
    from ruling.engine.game import Game


def cycle(game: Game, player: int, obj_id: int) -> StackItem:
    """Activates the cycling or landcycling ability of a card in player's hand."""
    from ruling.engine.events import ZoneChange, perform

    state = game.state
    obj = state.obj(obj_id)
    if not holds_priority(state, player):
        raise game.refuse(f"{game.player_name(player)} does not have priority", "priority")
    land = first_use(obj.card.keywords, "landcycling")
    use = land or first_use(obj.card.keywords, "cycling")
    key = "landcycling" if land else "cycling"
    if use is None or not game.profile.has_keyword(key):
        raise game.refuse(f"{obj.card.name} has no cycling", "play")
    if obj.zone is not Zone.HAND or obj.owner != player:
        raise game.refuse(f"{obj.card.name} is not in {game.player_name(player)}'s hand", "cycling")
    if not mana.can_pay(state.players[player], use.cost):
        raise game.refuse(f"{game.player_name(player)} cannot pay {use.cost} to cycle it", "pay")
    game.loops.choice()
    game.log("cycle", game.cite(key), player=game.player_name(player), card=obj.card.name)
    if use.cost:
        game.log("pay", game.cite("pay"), player=game.player_name(player), mana=use.cost)
    mana.pay(state.players[player], use.cost)
    game.log("discard", game.cite(key), player=game.player_name(player), card=obj.card.name)
    moved = perform(game, [ZoneChange(obj_id, Zone.GRAVEYARD)]).happened[0].new
    effect = (
        Effect(EffectKind.LANDCYCLING, subtype=use.word.capitalize())
        if land
        else Effect(EffectKind.DRAW, amount=1, who="you")
    )
    source = moved.id if moved is not None else obj_id
    label = f"{key} of {obj.card.name}"
    item = StackItem(state.tick(), "ability", player, source, label, (effect,), rules=game.cite(key))
    state.stack.append(item)
    state.passes = 0
    _cycled(game, moved or obj, land is not None)
    return item


def _cycled(game: Game, card: GameObject, land: bool) -> None:
    """Collects the triggers on cycling: the cycled card's own "when you cycle this card", from the graveyard
    it is now in, and every permanent's "whenever a player cycles a card"; landcycling is cycling for them
    (ja 502.18c). The target of an instant's or sorcery's own trigger is the ability's, not a spell's
    (ja 415.1)."""
    from ruling.engine.triggers import collect, collect_object_triggers

    cited = game.cite("landcycling") if land else ()
    chars = game.chars(card)
    spell_card = bool({"instant", "sorcery"} & set(chars.types))
    aimed = spell_card and any(t.when == "cycled" and t.target for t in chars.triggers)
    own = cited + (game.profile.cite_if("card_ability_targets") if aimed else ())
    collect_object_triggers(game, card, "cycled", cited=own)
    collect(game, "a_card_cycled", cited=cited)


def search_for_land(game: Game, player: int, subtype: str) -> None:
    """The player finds a card of the land type in their library (or none), reveals it, puts it into their
    hand, and shuffles the library (ja 502.18c)."""
    from ruling.engine.events import ZoneChange, perform

    state = game.state
    library = state.players[player].library
    options = tuple(i for i in library if subtype in state.obj(i).card.subtypes)
    if options:
        names = {state.obj(i).card.name for i in options}
        decision = Decision("search", player, options=options, forced=len(names) == 1)
        chosen = game.ask(decision, options[0] if len(names) == 1 else None)
        if chosen not in options or not isinstance(chosen, int):
            raise DecisionError(f"{game.player_name(player)} must choose a {subtype} card of their library")
        name = game.name(chosen)
        perform(game, [ZoneChange(chosen, Zone.HAND)])
        game.log("search", game.cite("landcycling"), player=game.player_name(player), card=name)
    state.shuffle(library)
