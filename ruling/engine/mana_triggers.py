"""Abilities that trigger on a land tapped for mana. Triggered mana abilities ("whenever a land is tapped
for mana, it produces one more mana of the same colour", or on an aura, "whenever enchanted land is tapped
for mana, its controller adds {G}{G}") resolve at once, without the stack or priority, so the extra mana can
pay for the spell being played (ru 411.3, ja 411.3, sr D12.30). Any other ability that triggers on it
("whenever a player taps a land for mana, that player loses 1 life") goes on the stack at the next priority
(ru 406.1e, ja 406.5, sr D7.50)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine import mana
from ruling.engine.cards import TriggerKind
from ruling.engine.layers import copiable, triggers_of
from ruling.engine.triggers import add_trigger

if TYPE_CHECKING:
    from ruling.engine.game import Game
    from ruling.engine.state import GameObject


def produced(before: dict[str, int], after: dict[str, int]) -> str:
    """Returns the mana symbols a mana ability added to a pool."""
    return "".join(symbol * (after.get(symbol, 0) - before.get(symbol, 0)) for symbol in after)


def land_tapped_for_mana(game: Game, land: GameObject, player: int, added: str) -> None:
    """Resolves at once the mana abilities that trigger on land being tapped for mana (a global one for any
    land, an aura's for the land it enchants; one without its own mana adds the same again), and collects
    the others, whose "that player" is the player who tapped it."""
    state = game.state
    if not added or "land" not in game.chars(land).types:
        return
    for watcher in state.permanents():
        card = copiable(state, watcher)
        for trigger in triggers_of(state, watcher):
            if trigger.when is not TriggerKind.LAND_TAPPED_FOR_MANA:
                continue
            if card.enchant and watcher.attached_to != land.id:
                continue
            if any(effect.kind != "add_mana" for effect in trigger.effects):
                add_trigger(game, watcher, trigger, land.id, game.cite("mana_trigger_stack"), player)
                continue
            for effect in trigger.effects:
                if effect.kind == "add_mana":
                    extra = effect.mana or added
                    mana.add_mana(state.players[player], extra)
                    game.log(
                        "mana",
                        game.cite("mana_trigger"),
                        player=game.player_name(player),
                        mana=extra,
                        card=card.name,
                    )
