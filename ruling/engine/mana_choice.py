"""Mana of a type chosen as the ability resolves: "add one mana of any colour" (Birds of Paradise), or of
any colour or type that lands you or your opponents control could produce (Reflecting Pool, Fellwar Stone).
With no such type the ability adds no mana, and it is still a mana ability (ru 406.1c, ja 406.6, sr D7.60).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.cards import ANY_COLOUR, ANY_TYPE, COLORS, COULD_PRODUCE, MANA_TYPES
from ruling.engine.decisions import Decision, DecisionError
from ruling.engine.seats import opponents

if TYPE_CHECKING:
    from ruling.engine.cards import Effect
    from ruling.engine.game import Game

CHOSEN_MANA = (ANY_COLOUR, ANY_TYPE)
"""The ``mana`` words of an effect whose mana is chosen as it resolves."""


def could_produce(game: Game, players: list[int]) -> str:
    """Returns the types of mana the lands of players could produce, in WUBRGC order: those their mana
    abilities name; an ability whose own mana is chosen adds none (two Reflecting Pools make no mana)."""
    found: set[str] = set()
    for player in players:
        for obj in game.state.permanents(player):
            chars = game.chars(obj)
            if "land" not in chars.types:
                continue
            effects = [e for a in chars.abilities if a.is_mana_ability for e in a.effects]
            found |= {s for e in effects if e.mana not in CHOSEN_MANA for s in e.mana if s in MANA_TYPES}
    return "".join(s for s in MANA_TYPES if s in found)


def choose_mana(game: Game, effect: Effect, player: int, source: int, label: str) -> str:
    """Returns the one mana symbol player chooses for effect as it resolves, or "" when no type is defined
    (the trace says so)."""
    options = MANA_TYPES
    if effect.could:
        whose = [player] if effect.could == COULD_PRODUCE[0] else opponents(game.state, player)
        options = could_produce(game, whose)
    if effect.mana == ANY_COLOUR:
        options = "".join(s for s in options if s in COLORS)
    if not options:
        game.log("mana_none", game.cite("mana_undefined"), player=game.player_name(player), card=label)
        return ""
    symbols = tuple(options)
    chosen = game.ask(Decision("choose", player, source, symbols, forced=len(symbols) == 1), symbols[0])
    if not isinstance(chosen, str) or chosen not in symbols:
        raise DecisionError(
            f"{game.player_name(player)} must choose one of {', '.join(options)} for the mana of {label}, "
            f"not {chosen!r}"
        )
    return chosen
