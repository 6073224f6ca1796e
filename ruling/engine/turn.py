"""Turn structure: every step of the era, turn-based actions, mana burn when a phase ends, cleanup."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine import mana
from ruling.engine.combat import block_options, can_attack, declare_attackers, declare_blockers
from ruling.engine.combat_damage import assign_combat_damage, needs_first_strike_step
from ruling.engine.decisions import Decision
from ruling.engine.priority import give_priority
from ruling.engine.resolve import discard, draw_card
from ruling.engine.sba import check_state_based_effects
from ruling.engine.state import PHASE_OF, STEP_ORDER, Combat, Step
from ruling.engine.triggers import collect

if TYPE_CHECKING:
    from ruling.engine.game import Game

HAND_SIZE = 7


def end_step(game: Game) -> None:
    """Ends the current step: "until end of" effects of a phase end, mana burns, the next step begins."""
    state = game.state
    current = state.step
    index = STEP_ORDER.index(current)
    following = STEP_ORDER[(index + 1) % len(STEP_ORDER)]
    if current is Step.CLEANUP and state.priority is not None:
        following = Step.CLEANUP
    if PHASE_OF[current] != PHASE_OF[following]:
        _mana_burn(game)
    if current is Step.END_COMBAT:
        state.combat = None
    if following is Step.UNTAP or (current is Step.CLEANUP and following is not Step.CLEANUP):
        _next_turn(game)
        return
    begin_step(game, following)


def _mana_burn(game: Game) -> None:
    for player in game.state.players:
        lost = mana.empty_pool(player)
        if lost:
            player.life -= lost * game.profile.scale
            game.log("burn", game.cite("mana_burn"), player=player.name, amount=lost * game.profile.scale)


def _next_turn(game: Game) -> None:
    state = game.state
    state.turn += 1
    state.active = state.opponent(state.active)
    for player in state.players:
        player.lands_played = 0
    for obj in state.permanents(state.active):
        obj.controlled_since_turn_start = True
    begin_step(game, Step.UNTAP)


def begin_step(game: Game, step: Step) -> None:
    """Begins step: its turn-based actions, then priority (except untap and a quiet cleanup)."""
    state = game.state
    if step is Step.FIRST_STRIKE_DAMAGE and not needs_first_strike_step(game):
        step = Step.COMBAT_DAMAGE
    state.step = step
    state.priority = None
    state.passes = 0
    game.log("step", player=game.player_name(state.active), turn=state.turn, step=str(step))
    active = state.active
    if step is Step.UNTAP:
        for obj in state.permanents(active):
            obj.tapped = False
        game.log("untap", game.cite("untap"), player=game.player_name(active))
        begin_step(game, Step.UPKEEP)
        return
    if step is Step.UPKEEP:
        collect(game, "each_upkeep", active)
    elif step is Step.DRAW:
        if state.turn == 1:
            game.log(
                "step", game.cite("skip_first_draw"), player=game.player_name(active), turn=1, step="no draw"
            )
        else:
            draw_card(game, active, game.cite("draw"))
    elif step is Step.BEGIN_COMBAT:
        state.combat = Combat()
    elif step is Step.DECLARE_ATTACKERS:
        candidates = tuple(o.id for o in state.permanents(active) if can_attack(game, o.id) is None)
        chosen = game.ask(Decision("attackers", active, options=candidates), ())
        declare_attackers(game, tuple(chosen) if isinstance(chosen, tuple | list) else ())
        if state.combat is not None and not state.combat.attackers:
            game.log(
                "step", game.cite("no_attackers"), player=game.player_name(active), turn=state.turn, step="-"
            )
            begin_step(game, Step.END_COMBAT)
            return
    elif step is Step.DECLARE_BLOCKERS:
        defender = state.opponent(active)
        options = tuple(block_options(game))
        chosen = game.ask(Decision("blockers", defender, options=options), {})
        blocks: dict[int, list[int]] = {}
        if isinstance(chosen, dict):
            for blocker, attacked in chosen.items():
                blocks[blocker] = list(attacked) if isinstance(attacked, list | tuple) else [attacked]
        declare_blockers(game, blocks)
    elif step in (Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE):
        assign_combat_damage(game)
    elif step is Step.END_OF_TURN:
        collect(game, "end_of_turn", active)
    elif step is Step.CLEANUP:
        _cleanup(game)
        return
    give_priority(game, active)


def _cleanup(game: Game) -> None:
    state = game.state
    player = state.players[state.active]
    if len(player.hand) > HAND_SIZE:
        discard(game, state.active, len(player.hand) - HAND_SIZE, game.cite("cleanup_discard"))
    for obj in state.permanents():
        obj.damage = 0
    state.effects = []
    state.shields = []
    for change in state.control_changes:
        if change.obj in state.objects:
            obj = state.obj(change.obj)
            obj.controller = change.original
            obj.controlled_since_turn_start = False
            game.log("control", player=game.player_name(change.original), card=obj.card.name)
    state.control_changes = []
    game.log("cleanup", game.cite("cleanup_damage"))
    if check_state_based_effects(game) or state.pending:
        give_priority(game, state.active)
    else:
        end_step(game)
