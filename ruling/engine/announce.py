"""Announcing a spell or ability in the era's order: mode and X, targets, division, then the total cost.

ru 409.1a-f, ja 409.1a-h, sr D10.11-D10.18. Everything is checked before anything changes, so a refused
announcement leaves the game as it was.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruling.engine import mana
from ruling.engine.cards import Effect, Mode, parse_cost
from ruling.engine.influence import range_refusal, target_in_range
from ruling.engine.targets import Target, describe, legal_for, protected

if TYPE_CHECKING:
    from ruling.engine.game import Game


@dataclass(frozen=True)
class Proposal:
    """What a player announces: a mode (name or 1-based number), X, target groups, a division, and the
    permanents a cost sacrifices."""

    mode: str | None = None
    x: int | None = None
    targets: tuple[tuple[Target, ...], ...] = ()
    division: tuple[tuple[Target, int], ...] = ()
    extras: tuple[str, ...] = ()
    """Optional or alternative costs announced (kicker, buyback, entwine, flashback: keyword_costs.py)."""
    face_down: bool = False
    """Played face down with morph (ja 502.26b)."""
    sacrificed: tuple[int, ...] = ()
    """The permanents sacrificed to pay the cost ("Sacrifice a creature: …", ru 409.1f)."""
    returned: tuple[int, ...] = ()
    """The permanents returned to their owners' hands to pay an alternative cost ("return three Islands")."""
    removed: tuple[int, ...] = ()
    """The cards in the hand removed from the game to pay an alternative cost ("remove a blue card")."""

    @classmethod
    def of(cls, targets: tuple[Target, ...]) -> Proposal:
        """Returns the proposal of a spell with one group of targets and nothing else to announce."""
        return cls(targets=(targets,) if targets else ())


@dataclass(frozen=True)
class Announced:
    """The checked announcement: effects of the chosen mode, targets with their group and share, X, cost."""

    effects: tuple[Effect, ...]
    targets: tuple[Target, ...] = ()
    groups: tuple[int, ...] = ()
    shares: tuple[int, ...] = ()
    x: int = 0
    mode: str = ""
    cost: str = ""


def targeted(effects: Iterable[object]) -> list[Effect]:
    """Returns the effects that choose targets, one target group each, in order (a stack item's effects
    may hold other instructions than effects of the vocabulary)."""
    return [e for e in effects if isinstance(e, Effect) and e.target]


def _mode(game: Game, modes: tuple[Mode, ...], wanted: str | None, what: str) -> Mode | None:
    if not modes:
        if wanted is not None:
            raise game.refuse(f"{what} is not modal", "choose_mode")
        return None
    names = ", ".join(f"{n} {m.name}" for n, m in enumerate(modes, 1))
    if wanted is None:
        raise game.refuse(f"{what} is modal: choose one of {names}", "choose_mode")
    for number, mode in enumerate(modes, 1):
        if wanted in (mode.name, str(number)):
            return mode
    raise game.refuse(f"{what} has no mode {wanted!r}; its modes: {names}", "choose_mode")


def _x(game: Game, cost: str, effects: tuple[Effect, ...], wanted: int | None, what: str) -> int:
    uses_x = "X" in cost or any(e.x for e in effects)
    if uses_x and wanted is None:
        raise game.refuse(f"{what} has X in its cost: announce X", "choose_mode")
    if not uses_x and wanted is not None:
        raise game.refuse(f"{what} has no X to announce", "choose_mode")
    return wanted or 0


def _groups(game: Game, effects: tuple[Effect, ...], proposal: Proposal, what: str) -> list[list[Target]]:
    wanted = targeted(effects)
    divided = next((i for i, e in enumerate(wanted) if e.divided), None)
    given = list(proposal.targets)
    if proposal.division:
        if divided is None:
            raise game.refuse(f"{what} divides nothing", "divide")
        given.insert(divided, tuple(t for t, _ in proposal.division))
    if len(given) != len(wanted):
        counts = " and ".join(_count_text(e) for e in wanted) or "no targets"
        raise game.refuse(f"{what} needs {counts}", "choose_targets")
    return [list(group) for group in given]


def _count_text(effect: Effect) -> str:
    low, high = effect.min_targets, effect.max_targets
    amount = f"{low}" if low == high else (f"{low} or more" if high == 0 else f"{low} to {high}")
    return f"{amount} target(s) ({effect.target})"


def _check_group(
    game: Game, effect: Effect, group: list[Target], colors: str, player: int, what: str
) -> None:
    low, high = effect.min_targets, effect.max_targets
    if len(group) < low or (high and len(group) > high):
        raise game.refuse(f"{what} needs {_count_text(effect)}, got {len(group)}", "choose_targets")
    if len(set(group)) != len(group):
        raise game.refuse(f"{what} can't choose the same target twice", "choose_targets")
    legal = legal_for(game, effect, colors, player)
    for target in group:
        if target not in legal:
            if not target_in_range(game, player, target):
                who = game.player_name(player)
                raise range_refusal(f"{describe(game, target)} is outside {who}'s range of influence")
            key = "target_protection" if protected(game, target, colors) else "choose_targets"
            if key == "choose_targets" and effect.kind == "attach":
                key = "enchant_target"
            if key == "choose_targets" and target[0] == "spell":
                key = _not_a_spell(game, target[1]) or key
            raise game.refuse(f"{describe(game, target)} is not a legal target of {what}", key)


def _not_a_spell(game: Game, item_id: int) -> str | None:
    """Returns the rule that says a stack item is no spell, for an ability (ru 402.5) or combat damage
    (ru 310.3) named where a spell was wanted."""
    kind = next((item.kind for item in game.state.stack if item.id == item_id), None)
    return {"ability": "ability_not_spell", "damage": "damage_not_spell"}.get(kind or "")


def _shares(
    game: Game, effect: Effect, group: list[Target], proposal: Proposal, x: int, what: str
) -> list[int]:
    total = game.amount(effect, x)
    if not effect.divided:
        return [0] * len(group)
    amounts = [amount for _, amount in proposal.division]
    if not amounts:
        if len(group) != 1:
            raise game.refuse(f"{what}: announce how its {total} damage is divided", "divide")
        amounts = [total]
    chunk = game.profile.damage_chunk
    if any(a < chunk for a in amounts):
        raise game.refuse(f"{what}: each target must get at least {chunk} of the divided damage", "divide")
    if sum(amounts) != total:
        raise game.refuse(f"{what}: the division must add up to {total}, not {sum(amounts)}", "divide")
    return amounts


def announce(
    game: Game,
    player: int,
    what: str,
    spell: tuple[Effect, ...],
    modes: tuple[Mode, ...],
    cost: str,
    colors: str,
    proposal: Proposal,
    change: int = 0,
) -> Announced:
    """Checks an announcement step by step in the era's order and returns it; refuses citing the step.
    change is the generic mana static abilities add to the total cost (less when negative): it applies
    after X is announced and never takes the generic part below none (ja 409.1f, sr D10.16)."""
    mode = _mode(game, modes, proposal.mode, what)
    effects = mode.effects if mode else spell
    x = _x(game, cost, effects, proposal.x, what)
    groups = _groups(game, effects, proposal, what)
    targets: list[Target] = []
    group_ids: list[int] = []
    shares: list[int] = []
    for index, (effect, group) in enumerate(zip(targeted(effects), groups, strict=True)):
        _check_group(game, effect, group, colors, player, what)
        shares += _shares(game, effect, group, proposal, x, what)
        targets += group
        group_ids += [index] * len(group)
    generic, colored = parse_cost(cost.replace("T", ""), x)
    generic = max(0, generic + change)
    total = (str(generic) if generic else "") + colored
    if not mana.can_pay(game.state.players[player], total):
        raise game.refuse(f"{game.player_name(player)} cannot pay {total or '0'} for {what}", "pay")
    return Announced(
        effects, tuple(targets), tuple(group_ids), tuple(shares), x, mode.name if mode else "", total
    )
