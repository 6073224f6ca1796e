"""Keywords that change how a spell is played: optional additional costs (kicker, buyback, entwine),
alternative costs that play it from another zone (flashback, madness), the card's own alternative cost
(ruling.engine.total_cost), cost reduction (affinity, with the other changes of the total cost), timing
(flash, *Presretač*) and what happens to the card as it leaves the stack.

A spell's extras are what its controller announced paying (``paying kicker, buyback``); each is checked
against the card's keywords and the profile's keyword list before anything is paid.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruling.engine.cards import AlternativeCost, CardDef, Effect, Mode, parse_cost
from ruling.engine.keywords import first_use, uses
from ruling.engine.madness import madness_instead
from ruling.engine.state import GameObject, StackItem, Zone
from ruling.engine.total_cost import (
    ALTERNATIVE,
    NO_CHANGE,
    CostChange,
    CostStep,
    alternative_of,
    change_rules,
    cost_change,
)

if TYPE_CHECKING:
    from ruling.engine.events import ZoneChange
    from ruling.engine.game import Game

EXTRAS = ("kicker", "buyback", "entwine", "flashback", "madness")
"""The costs a player may announce paying for a spell, each the name of the keyword that offers it: three
optional additional costs, then two alternative costs that play it from another zone."""


@dataclass(frozen=True)
class SpellPlay:
    """A spell as its extras make it: the effects and modes announced from, its cost before X and the
    static abilities' changes, those changes, the alternative cost paid, the rules."""

    effects: tuple[Effect, ...]
    modes: tuple[Mode, ...]
    cost: str
    rules: tuple[str, ...]
    change: CostChange = NO_CHANGE
    alternative: AlternativeCost | None = None


def _add(cost: str, more: str) -> str:
    """Returns cost plus more."""
    generic, colored = parse_cost(cost)
    extra_generic, extra_colored = parse_cost(more)
    total = generic + extra_generic
    x = "X" * cost.count("X")
    return x + (str(total) if total else "") + colored + extra_colored


def spell_play(
    game: Game, player: int, obj: GameObject, extras: tuple[str, ...], played: CardDef | None = None
) -> SpellPlay:
    """Returns what the spell is as announced with extras (played: the half of a split card); refuses an
    extra the card or profile lacks."""
    card = played or obj.card
    rules: list[str] = []
    alternative = alternative_of(game, card, extras)
    for extra in extras:
        if extra == ALTERNATIVE:
            rules += game.cite("alternative_cost")
            continue
        if extra not in EXTRAS:
            expected = ", ".join((*EXTRAS, ALTERNATIVE))
            raise game.refuse(f"nothing called {extra!r} can be paid; expected one of {expected}", "play")
        if not game.profile.has_keyword(extra) or first_use(card.keywords, extra) is None:
            raise game.refuse(f"{card.name} has no {extra}", "play")
        rules += game.cite(extra)
    cost = card.cost if alternative is None else alternative.mana
    for keyword in ("flashback", "madness"):
        if keyword in extras:
            cost = _alternative_cost(card, keyword)
    effects = tuple(e for e in card.announced_effects if not e.kicked or "kicker" in extras)
    modes = card.modes
    for extra in ("kicker", "buyback", "entwine"):
        if extra in extras:
            cost = _add(cost, "".join(u.cost for u in uses(card.keywords, extra)))
    if "entwine" in extras:
        effects, modes = tuple(e for mode in card.modes for e in mode.effects), ()
    change = cost_change(game, player, card)
    rules += change_rules(game, change)
    if artifacts := len(uses(card.keywords, "affinity")):
        count = sum(1 for o in game.state.permanents(player) if "artifact" in game.chars(o).types)
        if count:
            change = change.plus(CostStep("affinity", -count * artifacts))
            rules += game.cite("affinity")
    return SpellPlay(effects, modes, cost, tuple(rules), change, alternative)


def _alternative_cost(card: CardDef, key: str) -> str:
    use = first_use(card.keywords, key)
    return use.cost if use is not None else card.cost


def playable_from(game: Game, player: int, obj: GameObject, extras: tuple[str, ...]) -> bool:
    """Tells whether the card can be played from its zone: from the hand, or with flashback from its
    owner's graveyard (ja 502.22a)."""
    if obj.owner != player:
        return False
    if obj.zone is Zone.HAND:
        return "flashback" not in extras and "madness" not in extras
    if obj.zone is Zone.REMOVED:
        return obj.madness_window and "madness" in extras
    return obj.zone is Zone.GRAVEYARD and "flashback" in extras


def instant_speed(game: Game, card: CardDef, extras: tuple[str, ...] = ()) -> bool:
    """Tells whether a card may be played whenever its controller has priority: an instant, a card with
    flash under a document that defines it (sr E3.151), or one played for its madness cost (ja 502.24a)."""
    flash = game.profile.has_keyword("flash") and "flash" in card.keywords
    return "instant" in card.types or flash or "madness" in extras


def leaving_stack(game: Game, item: StackItem) -> Zone:
    """Returns where an instant or sorcery goes as it resolves: its owner's hand when buyback was paid
    (ja 502.16a), else the graveyard (flashback's removal is a replacement: see ``flashback_instead``)."""
    obj = game.state.objects.get(item.source)
    if obj is not None and "buyback" in obj.paid:
        game.log("keyword", game.cite("buyback"), card=item.label, other="buyback")
        return Zone.HAND
    return Zone.GRAVEYARD


def keyword_destination(game: Game, event: ZoneChange) -> Zone:
    """Returns where a zone change goes after the keywords that replace it: flashback (ja 502.22a) and
    madness (ja 502.24a)."""
    to = flashback_instead(game, event.obj, event.to)
    return to if to is not event.to else madness_instead(game, event)


def flashback_instead(game: Game, obj_id: int, to: Zone) -> Zone:
    """Returns where a spell leaving the stack goes: a spell whose flashback cost was paid is removed from
    the game instead of going anywhere else (ja 502.22a)."""
    obj = game.state.objects.get(obj_id)
    if obj is None or obj.zone is not Zone.STACK or to is Zone.REMOVED or "flashback" not in obj.paid:
        return to
    game.log("keyword", game.cite("flashback"), card=game.name(obj_id), other="flashback")
    return Zone.REMOVED
