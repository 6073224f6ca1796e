"""The parts of an alternative cost paid with life and objects: permanents its player sacrifices or returns
to their owners' hands, cards in the hand removed from the game (ru 409.1f, ja 409.1f, sr D10.16). The
player names them on the line that plays the spell (``returning i1, i2, i3``), and everything is checked
before anything is paid; a part that can't be paid in full can't be paid at all (ja 409.1h, sr D10.18).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruling.engine.cards import COST_WORDS, AlternativeCost, CostAction, CostPart, of_kind
from ruling.engine.events import LifeChange, ZoneChange, perform
from ruling.engine.state import Zone
from ruling.errors import IllegalActionError

if TYPE_CHECKING:
    from ruling.engine.game import Game

_DESTINATIONS = {
    CostAction.SACRIFICE: Zone.GRAVEYARD,
    CostAction.RETURN: Zone.HAND,
    CostAction.REMOVE: Zone.REMOVED,
}
_NOTES = {
    CostAction.SACRIFICE: "cost_sacrifice",
    CostAction.RETURN: "cost_return",
    CostAction.REMOVE: "cost_remove_hand",
}


@dataclass(frozen=True)
class CostObjects:
    """The objects a player names to pay the parts of a cost, by what the part does with them."""

    sacrificed: tuple[int, ...] = ()
    returned: tuple[int, ...] = ()
    removed: tuple[int, ...] = ()

    def of(self, action: CostAction) -> tuple[int, ...]:
        return {
            CostAction.SACRIFICE: self.sacrificed,
            CostAction.RETURN: self.returned,
            CostAction.REMOVE: self.removed,
        }[action]


def part_options(game: Game, player: int, part: CostPart, spell: int) -> list[int]:
    """Returns the objects player could pay the part with: permanents they control, or cards in their hand
    other than the spell itself."""
    state = game.state
    if part.action is CostAction.REMOVE:
        hand = state.players[player].hand
        return [i for i in hand if i != spell and of_kind(part, state.obj(i).card)]
    return [obj.id for obj in state.permanents(player) if of_kind(part, game.chars(obj))]


def cost_objects(
    game: Game, player: int, label: str, spell: int, alternative: AlternativeCost | None, named: CostObjects
) -> CostObjects:
    """Checks the objects player names for the parts of an alternative cost and returns them; refuses a
    part that can't be paid in full (ru 409.1f, ja 409.1h, sr D10.18) and objects named for no part (those
    sacrificed for no part of it are left to the card's own sacrifice cost: ruling.engine.sacrifice)."""
    who = game.player_name(player)
    chosen: dict[CostAction, tuple[int, ...]] = {}
    parts = {p.action: p for p in alternative.parts} if alternative else {}
    for action in CostAction:
        ids = named.of(action)
        part = parts.get(action)
        if part is None:
            if ids and action is not CostAction.SACRIFICE:
                message = f"{label}: no part of the cost paid is paid by {COST_WORDS[action]} objects"
                raise game.refuse(message, "alternative_cost")
            chosen[action] = ()
            continue
        options = part_options(game, player, part, spell)
        if len(options) < part.amount:
            raise IllegalActionError(
                f"{who} has only {len(options)} of the {part.describe()} the cost of {label} takes: it "
                "can't be paid",
                game.cite("alternative_cost") + game.cite("pay"),
            )
        if len(set(ids)) != part.amount:
            raise game.refuse(
                f"{label}: its cost takes {part.describe()}; name them with '{COST_WORDS[action]} A, B', got "
                f"{len(set(ids))}",
                "alternative_cost",
            )
        if wrong := [i for i in ids if i not in options]:
            message = f"{game.name(wrong[0])} can't pay {part.describe()} for {label}"
            raise game.refuse(message, "alternative_cost")
        chosen[action] = ids
    return CostObjects(chosen[CostAction.SACRIFICE], chosen[CostAction.RETURN], chosen[CostAction.REMOVE])


def pay_alternative(game: Game, player: int, alternative: AlternativeCost, objects: CostObjects) -> None:
    """Pays the life and the objects of an alternative cost (its mana is paid with the rest of the total
    cost): the life lost, then the objects moved all at once."""
    who = game.player_name(player)
    rules = game.cite("alternative_cost")
    if alternative.life:
        life = alternative.life * game.profile.scale
        game.log("cost_life", rules, player=who, amount=life)
        perform(game, [LifeChange(player, -life, rules=rules)])
    moves = []
    for part in alternative.parts:
        for obj_id in objects.of(part.action):
            game.log(_NOTES[part.action], rules, player=who, card=game.name(obj_id))
            moves.append(ZoneChange(obj_id, _DESTINATIONS[part.action]))
    if moves:
        perform(game, moves)
