"""Turn structure: every step of the era, turn-based actions, mana burn when a phase ends, cleanup."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ruling.engine import mana
from ruling.engine.attack_options import defenders
from ruling.engine.combat import (
    block_options,
    blocked_triggers,
    declare_attackers,
    declare_blockers,
)
from ruling.engine.combat_damage import assign_combat_damage, needs_first_strike_step
from ruling.engine.decisions import Decision, attackers_answer, blocks_answer
from ruling.engine.delayed import fire
from ruling.engine.durations import after_batch
from ruling.engine.events import LifeChange, TapChange, perform
from ruling.engine.influence import begin_turn
from ruling.engine.phasing import phase
from ruling.engine.priority import give_priority
from ruling.engine.requirements import Search
from ruling.engine.resolve import discard, draw_card
from ruling.engine.sba import check_state_based_effects
from ruling.engine.seats import defending_players
from ruling.engine.state import PHASE_OF, STEP_ORDER, Combat, Step
from ruling.engine.team_turns import active_players, next_active
from ruling.engine.triggers import collect
from ruling.engine.turn_control import begin_turn as begin_controlled_turn
from ruling.engine.turn_control import no_mana_burn
from ruling.engine.upkeep_keywords import collect_upkeep_keywords, mark_echo
from ruling.engine.variants import Variant, cite, is_variant

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
    for index, player in enumerate(game.state.players):
        lost = mana.empty_pool(player)
        if lost and not no_mana_burn(game, index, lost):
            burn = LifeChange(index, -lost * game.profile.scale, "burn", game.cite("mana_burn"))
            perform(game, [burn])


def _next_turn(game: Game) -> None:
    state = game.state
    state.turn += 1
    state.active = next_active(game)
    for player in state.players:
        player.lands_played = 0
    for active in active_players(state):
        mark_echo(game, active)
        for obj in state.permanents(active):
            obj.controlled_since_turn_start = True
    begin_turn(game)
    begin_controlled_turn(game)
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
    action = _ACTIONS.get(step)
    if action is None or action(game):
        give_priority(game, state.active)


def _untap(game: Game) -> bool:
    actives = active_players(game.state)
    for active in actives:
        phase(game, active)
    perform(game, [TapChange(obj.id, False) for active in actives for obj in game.state.permanents(active)])
    for active in actives:
        game.log("untap", game.cite("untap"), player=game.player_name(active))
    begin_step(game, Step.UPKEEP)
    return False


def _upkeep(game: Game) -> bool:
    collect(game, "each_upkeep", game.state.active)
    collect_upkeep_keywords(game, game.state.active)
    return True


def _draw(game: Game) -> bool:
    state = game.state
    team = is_variant(state, Variant.MAGIC_HEART)
    if state.turn == 1:
        game.log(
            "step",
            game.cite("skip_first_draw") + (cite("heart_first_draw") if team else ()),
            player=game.player_name(state.active),
            turn=1,
            step="no draw",
        )
    else:
        for active in active_players(state):
            draw_card(game, active, game.cite("draw") + (cite("heart_turns") if team else ()))
    return True


def _begin_combat(game: Game) -> bool:
    game.state.combat = Combat()
    return True


def _declare_attackers(game: Game) -> bool:
    """Declares the attackers; with none, combat goes straight to its end step (ru 308.4)."""
    state = game.state
    active = state.active
    search = Search(game)
    candidates = tuple(search.able_attackers())
    decision = Decision("attackers", active, options=candidates, legal=_attack_check(search))
    default = search.best_attack({}) if not search.attack_legal((), {}) else ()
    declare_attackers(game, *attackers_answer(game.ask(decision, default)))
    if state.combat is not None and not state.combat.attackers:
        game.log(
            "step", game.cite("no_attackers"), player=game.player_name(active), turn=state.turn, step="-"
        )
        begin_step(game, Step.END_COMBAT)
        return False
    return True


def _declare_blockers(game: Game) -> bool:
    """Each defending player declares blockers in turn order from the active player (sr F4.40)."""
    for defender in defenders(game.state, defending_players(game.state)):
        search = Search(game)
        options = tuple(block_options(game, defender))
        decision = Decision("blockers", defender, options=options, legal=_blocks_check(search, defender))
        default = search.best_blocks(defender) if not search.blocks_legal({}, defender) else {}
        answer = game.ask(decision, default)
        declare_blockers(game, blocks_answer(answer), defender)
    blocked_triggers(game)
    return True


def _attack_check(search: Search) -> Callable[[object], bool]:
    """Returns a check of answers to the attackers decision against the attack restrictions and
    requirements (the search is the decision's: the state does not change while it is asked)."""

    def legal(answer: object) -> bool:
        return search.attack_legal(*attackers_answer(answer))

    return legal


def _blocks_check(search: Search, defender: int) -> Callable[[object], bool]:
    """Returns a check of answers to defender's blockers decision against the block restrictions and
    requirements (the search is the decision's)."""

    def legal(answer: object) -> bool:
        return search.blocks_legal(blocks_answer(answer), defender)

    return legal


def _combat_damage(game: Game) -> bool:
    assign_combat_damage(game)
    return True


def _end_of_combat(game: Game) -> bool:
    fire(game, Step.END_COMBAT)
    return True


def _end_of_turn(game: Game) -> bool:
    collect(game, "end_of_turn", game.state.active)
    fire(game, Step.END_OF_TURN)
    return True


def _cleanup_step(game: Game) -> bool:
    _cleanup(game)
    return False


_ACTIONS: dict[Step, Callable[[Game], bool]] = {
    Step.UNTAP: _untap,
    Step.UPKEEP: _upkeep,
    Step.DRAW: _draw,
    Step.BEGIN_COMBAT: _begin_combat,
    Step.DECLARE_ATTACKERS: _declare_attackers,
    Step.DECLARE_BLOCKERS: _declare_blockers,
    Step.FIRST_STRIKE_DAMAGE: _combat_damage,
    Step.COMBAT_DAMAGE: _combat_damage,
    Step.END_COMBAT: _end_of_combat,
    Step.END_OF_TURN: _end_of_turn,
    Step.CLEANUP: _cleanup_step,
}
"""The turn-based actions of each step; an action returns False when it has moved the game on itself."""


def _cleanup(game: Game) -> None:
    state = game.state
    for active in active_players(state):
        player = state.players[active]
        if len(player.hand) > HAND_SIZE:
            discard(game, active, len(player.hand) - HAND_SIZE, game.cite("cleanup_discard"))
    for obj in state.permanents():
        obj.damage = 0
    state.effects = []
    state.lasting = [e for e in state.lasting if not e.until_end_of_turn]
    state.prevent_all = []
    state.shields = []
    after_batch(game)
    game.log("cleanup", game.cite("cleanup_damage"))
    if check_state_based_effects(game) or state.pending:
        give_priority(game, state.active)
    else:
        end_step(game)
