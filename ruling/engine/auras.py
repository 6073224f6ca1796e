"""Moving a local enchantment in play to another permanent ("attach it to another permanent it can
enchant"): the new permanent must be one it could enchant, else it does not move (ja 212.4e, sr B12.69).
The 1999 rules say nothing of such a move (ru 214.8d covers a local enchantment coming into play), so an
illegal one is refused under them rather than guessed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.decisions import Decision, DecisionError
from ruling.engine.state import GameObject, Zone

if TYPE_CHECKING:
    from ruling.engine.game import Game
    from ruling.engine.layers import Characteristics


def could_enchant(own: Characteristics, host: Characteristics) -> bool:
    """Tells whether a local enchantment with characteristics own could enchant a permanent with host's:
    of the kind it enchants, and not protected from any of its colours."""
    return own.enchant in host.types and not host.protected_from(own.colors)


def can_enchant(game: Game, aura: int, host: int) -> bool:
    """Tells whether the local enchantment could enchant the permanent (another one than itself)."""
    state = game.state
    return host != aura and could_enchant(game.chars(state.obj(aura)), game.chars(state.obj(host)))


def new_timestamp(game: Game, obj: GameObject) -> tuple[str, ...]:
    """Gives a local enchantment or Equipment that becomes attached to a permanent a new timestamp (ja 418.5e,
    sr D19.55; in 1999 the glossary's Timestamp Order, with no rule id); returns the rules to cite."""
    state = game.state
    obj.timestamp = state.tick()
    if obj.id in state.in_play:
        # A position is written with its permanents in timestamp order and read back in the order written.
        state.in_play.remove(obj.id)
        state.in_play.append(obj.id)
    return game.profile.cite_if("attach_timestamp")


def move_aura(game: Game, aura: int, player: int, label: str) -> None:
    """Moves the local enchantment to the permanent its player chooses (``alice moves aura to bear``) among
    the others in play; one it can't enchant leaves it where it is."""
    state = game.state
    obj = state.objects.get(aura)
    if obj is None or obj.zone is not Zone.IN_PLAY or obj.attached_to is None:
        return
    options = tuple(o.id for o in state.permanents() if o.id not in (aura, obj.attached_to))
    if not options:
        return
    decision = Decision("attach", player, subject=aura, options=options, forced=len(options) == 1)
    chosen = game.ask(decision, options[0])
    if not isinstance(chosen, int) or chosen not in options:
        raise DecisionError(f"{label} moves {game.name(aura)} to another permanent in play")
    if can_enchant(game, aura, chosen):
        obj.attached_to = chosen
        rules = game.profile.cite_if("aura_move") + new_timestamp(game, obj)
        game.log("attach", rules, card=game.name(aura), other=game.name(chosen))
    elif "aura_move" in game.profile.rules:
        game.log("aura_stays", game.cite("aura_move"), card=game.name(aura), other=game.name(chosen))
    else:
        raise game.refuse(
            f"the {game.profile.doc} rules do not say what moving {game.name(aura)} to "
            f"{game.name(chosen)}, which it can't enchant, does",
            "aura_move_unruled",
        )
