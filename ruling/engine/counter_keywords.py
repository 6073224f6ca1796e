"""Keywords that put counters on a permanent as it comes into play or move them as it leaves: fading's
fade counters (ja 502.20a), amplify (ja 502.27a) and modular (ja 502.35a)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.cards import Effect, EffectKind
from ruling.engine.decisions import Decision
from ruling.engine.keywords import first_use, uses
from ruling.engine.state import GameObject, Pending, Zone, set_counters

if TYPE_CHECKING:
    from ruling.engine.game import Game


def entering_counters(game: Game, obj: GameObject) -> None:
    """A permanent with fading comes into play with that many fade counters (ja 502.20a); one with modular
    with that many +1/+1 counters (ja 502.35a); one with amplify with that many for each card sharing a
    creature type with it that its controller reveals from their hand (ja 502.27a)."""
    if obj.face_down:
        return
    keywords = obj.card.keywords
    name = game.name(obj.id)
    fading = first_use(keywords, "fading")
    if fading is not None and game.profile.has_keyword("fading"):
        set_counters(obj, "fade", fading.number)
        game.log("kind_counter", game.cite("fading"), card=name, other="fade", amount=fading.number)
    for use in uses(keywords, "modular") if game.profile.has_keyword("modular") else []:
        obj.plus_counters += use.number
        game.log("counters", game.cite("modular"), card=name, amount=use.number)
    for use in uses(keywords, "amplify") if game.profile.has_keyword("amplify") else []:
        revealed = _reveal(game, obj)
        if revealed:
            obj.plus_counters += use.number * revealed
            game.log("counters", game.cite("amplify"), card=name, amount=use.number * revealed)


def _reveal(game: Game, obj: GameObject) -> int:
    """Asks obj's controller which cards of their hand sharing a creature type with it they reveal."""
    state = game.state
    kinds = set(obj.card.subtypes)
    controller = game.controller(obj)
    hand = state.players[controller].hand
    options = tuple(
        i for i in hand if kinds & set(state.obj(i).card.subtypes) and "creature" in state.obj(i).card.types
    )
    if not options:
        return 0
    chosen = game.ask(Decision("reveal", controller, obj.id, options), ())
    picked = [c for c in chosen if c in options] if isinstance(chosen, tuple | list) else []
    if len(set(picked)) != len(picked):
        raise game.refuse(f"{game.player_name(controller)} reveals a card twice", "amplify")
    for card_id in picked:
        game.log(
            "reveal_card",
            game.cite("amplify"),
            player=game.player_name(controller),
            card=game.name(card_id),
        )
    return len(picked)


def modular_leaving(game: Game, old: GameObject, new: GameObject | None) -> None:
    """A permanent with modular put into a graveyard from play triggers: its controller may put its +1/+1
    counters on target artifact creature (ja 502.35a)."""
    if new is None or new.zone is not Zone.GRAVEYARD or old.zone is not Zone.IN_PLAY or old.face_down:
        return
    if (
        not uses(old.card.keywords, "modular")
        or not game.profile.has_keyword("modular")
        or not old.plus_counters
    ):
        return
    label = f"modular of {old.card.name}"
    rules = game.cite("modular")
    controller = game.controller(old)
    effect = Effect(EffectKind.MODULAR, amount=old.plus_counters, target="artifact_creature", optional=True)
    game.state.pending.append(Pending(controller, new.id, label, (effect,), "artifact_creature", rules))
    game.log("trigger", rules, player=game.player_name(controller), card=label)


def move_counters(game: Game, objects: list[int], amount: int) -> None:
    """Resolves modular's trigger: the counters go on the target if it is still an artifact creature."""
    from ruling.engine.events import CountersPut, perform

    state = game.state
    found = [state.objects[i] for i in objects if i in state.objects]
    chars = {obj.id: game.chars(obj) for obj in found}
    legal = [i for i, c in chars.items() if c.is_creature and "artifact" in c.types]
    perform(game, [CountersPut(obj_id, amount) for obj_id in legal])
