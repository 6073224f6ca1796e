"""Effects on a player's library: putting its top cards into the graveyard, and searching it.

"Put the top card of your library into your graveyard" moves the cards one event; the cards it moved are
what "that card" of a later instruction reads (Infernal Genesis: X is that card's converted mana cost).
"Search your library for up to two Forest cards and put them into play" finds cards of a basic land type;
under *Izvori magije* any card may be a land, so a card of that land's colour is found too and comes into
play as a land of that type (sr B12.76). Put into play by an effect, a card is not played as a land: it
comes into play untapped and its Istočnik does not trigger (sr E3.53). The library is shuffled after.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.cards import LAND_TYPES, CardDef, Effect
from ruling.engine.decisions import Decision, DecisionError
from ruling.engine.events import ZoneChange, perform
from ruling.engine.land_keywords import put_as_land
from ruling.engine.state import Zone

if TYPE_CHECKING:
    from ruling.engine.game import Game


def mill(game: Game, index: int, count: int) -> list[int]:
    """Puts the top count cards of a player's library into their graveyard, all at once; returns the ids
    the cards have there."""
    player = game.state.players[index]
    top = list(player.library[:count])
    for obj_id in top:
        game.log("mill", player=player.name, card=game.name(obj_id))
    done = perform(game, [ZoneChange(obj_id, Zone.GRAVEYARD) for obj_id in top])
    return [h.new.id for h in done.happened if h.new is not None and h.new.zone is Zone.GRAVEYARD]


def _as_land(game: Game, card: CardDef, subtype: str) -> str:
    """Returns the colour a card that is not of that basic land type would be played as to be one under
    Izvori magije (a nonland card of that one colour), or "" when it is not found as one (sr B12.76)."""
    color = LAND_TYPES.get(subtype.lower(), "")
    found = game.profile.any_card_as_land and subtype not in card.subtypes and "land" not in card.types
    return color if found and color and card.colors == color else ""


def _matches(game: Game, card: CardDef, effect: Effect) -> bool:
    if effect.subtype:
        return effect.subtype in card.subtypes or bool(
            effect.zone == "play" and _as_land(game, card, effect.subtype)
        )
    return effect.what in card.types


def search(game: Game, index: int, effect: Effect, label: str) -> None:
    """The player searches their library for amount cards of the effect's land type (or card type), up to
    that many when the effect says so, puts them into their hand or into play, then shuffles."""
    state = game.state
    library = state.players[index].library
    name = game.player_name(index)
    what = effect.subtype or effect.what
    options = tuple(i for i in library if _matches(game, state.obj(i).card, effect))
    wanted = min(effect.amount, len(options))
    chosen: list[int] = []
    if wanted:
        forced = len({state.obj(i).card.name for i in options}) == 1 and not effect.up_to
        default = tuple(options[:wanted]) if forced else None
        answer = game.ask(Decision("search", index, options=options, amount=wanted, forced=forced), default)
        answer = (answer,) if isinstance(answer, int) else answer
        chosen = list(answer) if isinstance(answer, tuple | list) else []
        low = 0 if effect.up_to else wanted
        if any(c not in options for c in chosen) or not low <= len(set(chosen)) <= wanted:
            raise DecisionError(
                f"{name} must find {'up to ' if effect.up_to else ''}{wanted} {what} card(s) of their "
                f"library for {label}"
            )
    if not chosen:
        game.log("search_none", player=name, other=what)
    moves = []
    for obj_id in dict.fromkeys(chosen):
        obj = state.obj(obj_id)
        if effect.zone == "play":
            obj.as_land = _as_land(game, obj.card, effect.subtype)
            rules = game.cite("card_as_land") if obj.as_land else ()
            kind = "search_land" if obj.as_land else "search_play"
            if not obj.as_land and not obj.card.is_permanent:
                kind = "search_found"
            game.log(kind, rules, player=name, card=obj.card.name)
            if obj.as_land:
                put_as_land(game, obj)
            moves.append(ZoneChange(obj_id, Zone.IN_PLAY, controller=index))
        else:
            game.log("search", player=name, card=obj.card.name)
            moves.append(ZoneChange(obj_id, Zone.HAND))
    perform(game, moves)
    state.shuffle(library)
