"""Provoke (ja 502.29a): "whenever this creature attacks, you may have target creature defending player
controls untap and block it if able". The requirement (``Combat.must_block``) is one of the block
requirements of ruling.engine.requirements, checked against the defending player's whole declaration."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.cards import Effect, EffectKind
from ruling.engine.seats import defender_of
from ruling.engine.state import GameObject, Pending, Zone

if TYPE_CHECKING:
    from ruling.engine.game import Game


def provoke_triggers(game: Game, attacker: GameObject) -> None:
    """Adds one provoke trigger per instance of the keyword on an attacking creature."""
    if not game.profile.has_keyword("provoke"):
        return
    for _ in range(game.chars(attacker).count("provoke")):
        label = f"provoke of {game.name(attacker.id)}"
        rules = game.cite("provoke")
        controller = game.controller(attacker)
        effect = Effect(EffectKind.PROVOKE, target="opponents_creature", optional=True)
        game.state.pending.append(
            Pending(controller, attacker.id, label, (effect,), "opponents_creature", rules)
        )
        game.log("trigger", rules, player=game.player_name(controller), card=label)


def provoke(game: Game, provoker: int, targets: list[int]) -> None:
    """Resolves provoke: a target the defending player controls untaps and must block the provoker."""
    from ruling.engine.events import TapChange, perform

    state = game.state
    combat = state.combat
    if combat is None or provoker not in combat.attackers:
        return
    for obj_id in targets:
        obj = state.objects.get(obj_id)
        if (
            obj is None
            or obj.zone is not Zone.IN_PLAY
            or game.controller(obj) != defender_of(state, provoker)
        ):
            continue  # another opponent's creature (more than two players), or gone
        perform(game, [TapChange(obj_id, False)])
        combat.must_block[obj_id] = provoker
        game.log("provoke", game.cite("provoke"), card=game.name(obj_id), other=game.name(provoker))
