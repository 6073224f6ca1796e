"""Attack and block restrictions and requirements (ru 500.2; ja 500.1-500.5; sr E1.10-E1.50).

A restriction says a creature can't attack or block, or can only under a condition; a requirement says it
must, or must if able (ja 500.1, sr E1.10). A declaration that breaks a restriction is illegal. Then the
1999 rules check each creature that does not obey its requirement against the rest of the declaration:
if it could obey without breaking a restriction, the declaration is illegal (ru 500.2). The 2004 and 2007
rules ask for as many requirements as any legal declaration obeys, counting only the declarations in
which the creatures that have a requirement take part (ja 500.4-500.5, sr E1.40-E1.50); a profile has
that rule when it names ``requirements_most``. Provoke's "blocks it if able" (ja 502.29a) is one
requirement among these. Tapped creatures, and creatures that can't attack or block at all, can't obey
a requirement, so none is asked of them (ja 500.2-500.3, sr E1.20-E1.30).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from ruling.engine.layers import statics
from ruling.engine.seats import default_defender, defender_of, is_multiplayer, teammates
from ruling.engine.state import Zone
from ruling.engine.variants import DOCUMENT, Variant, cite, is_variant
from ruling.errors import IllegalActionError

if TYPE_CHECKING:
    from ruling.engine.cards import Effect
    from ruling.engine.game import Game
    from ruling.engine.layers import Characteristics
    from ruling.engine.state import GameObject

SEARCH_LIMIT = 20000
"""The most attack or block declarations the search for the best one looks at; past it the best found so
far counts (positions of the scenarios and random games stay far below it)."""

Blocks = Mapping[int, Sequence[int]]


class Demand(StrEnum):
    """What a requirement asks of a creature."""

    ATTACKS = "attacks"
    """It attacks each turn if able."""
    BLOCKS = "blocks"
    """It blocks each turn if able (any attacker)."""
    PROVOKED = "provoked"
    """It blocks the attacker that provoked it if able (ja 502.29a)."""
    LURE = "lure"
    """It blocks an attacker that all creatures able to block must block."""


@dataclass(frozen=True)
class Requirement:
    """A creature's requirement: to attack, or to block (a given attacker, or any)."""

    creature: int
    demand: Demand
    attacker: int | None = None

    @property
    def key(self) -> str:
        """The profile's rule key of the ability or rule that imposes it."""
        if self.demand is Demand.PROVOKED:
            return "provoke"
        return "attack_requirement" if self.demand is Demand.ATTACKS else "block_requirement"

    def obeyed(self, attackers: Sequence[int], blocks: Blocks) -> bool:
        if self.demand is Demand.ATTACKS:
            return self.creature in attackers
        blocked = blocks.get(self.creature, ())
        return bool(blocked) if self.attacker is None else self.attacker in blocked

    def describe(self, game: Game) -> str:
        name = game.name(self.creature)
        if self.demand is Demand.ATTACKS:
            return f"{name} must attack: it attacks each turn if able"
        if self.demand is Demand.BLOCKS:
            return f"{name} must block: it blocks each turn if able"
        assert self.attacker is not None
        other = game.name(self.attacker)
        if self.demand is Demand.PROVOKED:
            return f"{name} must block {other}: it was provoked"
        return f"{name} must block {other}: all creatures able to block {other} do so"


class Search:
    """The legality of one position's attack or block declarations, for checking any number of candidates.

    What does not depend on the candidate is computed once, when first asked for: each creature's
    characteristics and name, the static abilities in play and the limits they set, the creatures that can
    attack, whom each can block, the requirements and the best declaration. A search is valid only while
    the game's state does not change: one decision's checks, or one declaration's.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.state = game.state
        self._chars: dict[int, Characteristics] = {}
        self._names: dict[int, str] = {}
        self._statics: list[tuple[GameObject, Effect]] | None = None
        self._limits: dict[str, tuple[int, str] | None] = {}
        self._creatures: dict[int, int] = {}
        self._attacked: dict[int, tuple[list[int], tuple[str, ...]]] = {}
        self._defaults: dict[int, int] = {}
        self._able: list[int] | None = None
        self._attack_reqs: list[Requirement] | None = None
        self._best_attack: dict[tuple[tuple[int, int], ...], tuple[int, ...]] = {}
        self._blockable: dict[tuple[int, int], list[int]] = {}
        self._block_reqs: dict[int, list[Requirement]] = {}
        self._best_blocks: dict[int, dict[int, list[int]]] = {}

    # -- what does not depend on the candidate ----------------------------------------------------------
    def chars(self, obj_id: int) -> Characteristics:
        found = self._chars.get(obj_id)
        if found is None:
            found = self._chars[obj_id] = self.game.chars(self.state.obj(obj_id))
        return found

    def name(self, obj_id: int) -> str:
        found = self._names.get(obj_id)
        if found is None:
            found = self._names[obj_id] = self.game.name(obj_id)
        return found

    def statics(self) -> list[tuple[GameObject, Effect]]:
        if self._statics is None:
            self._statics = statics(self.state)
        return self._statics

    def limit(self, kind: str) -> tuple[int, str] | None:
        """Returns the lowest "no more than N creatures can attack (block) each turn" in play, with its
        source."""
        if kind not in self._limits:
            found = [(e.amount, self.name(s.id)) for s, e in self.statics() if e.kind == kind]
            self._limits[kind] = min(found) if found else None
        return self._limits[kind]

    def creatures(self, player: int) -> int:
        if player not in self._creatures:
            permanents = self.state.permanents(player)
            self._creatures[player] = sum(1 for o in permanents if self.chars(o.id).is_creature)
        return self._creatures[player]

    def attacked(self, defender: int) -> tuple[list[int], tuple[str, ...]]:
        if defender not in self._attacked:
            self._attacked[defender] = _attacked(self.game, defender)
        return self._attacked[defender]

    def attacked_player(self, obj_id: int, defenders: Mapping[int, int]) -> int:
        """Returns the player an attacker is declared against: the one named, else its default."""
        if obj_id in defenders:
            return defenders[obj_id]
        if obj_id not in self._defaults:
            self._defaults[obj_id] = _attacked_player(self.game, obj_id)
        return self._defaults[obj_id]

    def able_attackers(self) -> list[int]:
        """Returns the creatures that could attack on their own: the ones a requirement can ask to attack."""
        from ruling.engine.attack_options import can_attack_anyone
        from ruling.engine.combat import can_attack
        from ruling.engine.team_turns import active_players

        if self._able is None:
            state = self.state
            self._able = (
                [
                    o.id
                    for p in active_players(state)
                    for o in state.permanents(p)
                    if can_attack(self.game, o.id, self.chars(o.id)) is None
                ]
                if can_attack_anyone(state)
                else []
            )
        return self._able

    def attack_requirements(self) -> list[Requirement]:
        """Returns the requirements of the creatures able to attack."""
        if self._attack_reqs is None:
            self._attack_reqs = [
                Requirement(obj_id, Demand.ATTACKS)
                for obj_id in self.able_attackers()
                if self.chars(obj_id).has("attacks_each_turn")
            ]
        return self._attack_reqs

    def blockable(self, blocker: int, defender: int) -> list[int]:
        """Returns the attackers blocker could block on its own (evasion, protection, whom they attack)."""
        from ruling.engine.attack_options import may_block
        from ruling.engine.combat import block_problem

        key = (blocker, defender)
        if key in self._blockable:
            return self._blockable[key]
        state = self.state
        combat = state.combat
        obj = state.objects.get(blocker)
        found: list[int] = []
        if combat is not None and obj is not None and obj.zone is Zone.IN_PLAY and not obj.tapped:
            chars = self.chars(blocker)
            if chars.is_creature and self.game.controller(obj) == defender:
                found = [
                    a
                    for a in combat.attackers
                    if a in state.objects
                    and may_block(state, defender, a, defender_of(state, a))
                    and block_problem(self.game, chars, self.chars(a), defender) is None
                ]
        self._blockable[key] = found
        return found

    def block_requirements(self, defender: int) -> list[Requirement]:
        """Returns the requirements of defender's creatures able to block: "blocks each turn if able",
        provoke (ja 502.29a), and "all creatures able to block it do so" of an attacker."""
        if defender in self._block_reqs:
            return self._block_reqs[defender]
        state = self.state
        combat = state.combat
        found: list[Requirement] = []
        for obj in state.permanents(defender) if combat is not None else []:
            options = self.blockable(obj.id, defender)
            if not options:
                continue
            if self.chars(obj.id).has("blocks_each_turn"):
                found.append(Requirement(obj.id, Demand.BLOCKS))
            provoker = combat.must_block.get(obj.id) if combat is not None else None
            if provoker is not None and provoker in options:
                found.append(Requirement(obj.id, Demand.PROVOKED, provoker))
            for attacker in options:
                if self.chars(attacker).has("must_be_blocked"):
                    found.append(Requirement(obj.id, Demand.LURE, attacker))
        self._block_reqs[defender] = found
        return found

    # -- one candidate -----------------------------------------------------------------------------------
    def attack_restriction(
        self, attackers: Sequence[int], defenders: Mapping[int, int]
    ) -> tuple[str, tuple[str, ...]] | None:
        """Returns the restriction a whole attack declaration breaks, with the rules of part F that also
        apply (a restriction that looks at the player attacked, sr F4.31, F7.72), or None."""
        for obj_id in attackers:
            chars = self.chars(obj_id)
            if chars.has("cant_attack"):
                return f"{self.name(obj_id)} can't attack", ()
            if chars.has("cant_attack_alone") and len(attackers) == 1:
                return f"{self.name(obj_id)} can't attack alone", ()
            defender = self.attacked_player(obj_id, defenders)
            if chars.has("attacks_only_outnumbering"):
                problem = self._outnumbered(obj_id, defender)
                if problem is not None:
                    return problem
            problem = self._attack_you_only(obj_id, defender)
            if problem is not None:
                return problem
        limit = self.limit("attack_limit")
        if limit is not None and len(attackers) > limit[0]:
            return f"no more than {limit[0]} creature(s) can attack each turn ({limit[1]})", ()
        return None

    def _attack_you_only(self, obj_id: int, defender: int) -> tuple[str, tuple[str, ...]] | None:
        """Checks "only creatures with KEYWORD can attack you" of a permanent of the player attacked."""
        game = self.game
        players, extra = self.attacked(defender)
        chars = self.chars(obj_id)
        for source, effect in self.statics():
            if effect.kind != "attack_you_only" or game.controller(source) not in players:
                continue
            if not chars.has(effect.keyword):
                who = game.player_name(game.controller(source))
                message = (
                    f"{self.name(obj_id)} can't attack {who}: only creatures with {effect.keyword} can "
                    f"({self.name(source.id)})"
                )
                return message, extra
        return None

    def _outnumbered(self, obj_id: int, defender: int) -> tuple[str, tuple[str, ...]] | None:
        """Checks "can attack only if its controller controls more creatures than the defending player": in
        a game of more than two players, against the player it attacks (sr F4.31); in Magic Heart, against
        each player of the defending team (F7.72)."""
        game = self.game
        controller = game.controller(self.state.obj(obj_id))
        others, extra = self.attacked(defender)
        mine = self.creatures(controller)
        for other in others:
            theirs = self.creatures(other)
            if mine <= theirs:
                who, them = game.player_name(controller), game.player_name(other)
                message = (
                    f"{self.name(obj_id)} can attack only if {who} controls more creatures than {them} "
                    f"({mine} against {theirs})"
                )
                return message, extra
        return None

    def block_restriction(self, blocks: Blocks) -> str | None:
        """Returns the restriction a defending player's whole block declaration breaks, or None."""
        blocking = [b for b, attacked in blocks.items() if attacked]
        for obj_id in blocking:
            chars = self.chars(obj_id)
            if chars.has("cant_block"):
                return f"{self.name(obj_id)} can't block"
            if chars.has("cant_block_alone") and len(blocking) == 1:
                return f"{self.name(obj_id)} can't block alone"
        counts: dict[int, int] = {}
        for obj_id in blocking:
            for attacker in blocks[obj_id]:
                counts[attacker] = counts.get(attacker, 0) + 1
        for attacker, count in counts.items():
            if count == 1 and self.chars(attacker).has("blocked_by_two_or_more"):
                return f"{self.name(attacker)} can't be blocked except by two or more creatures"
        limit = self.limit("block_limit")
        if limit is not None and len(blocking) > limit[0]:
            return f"no more than {limit[0]} creature(s) can block each turn ({limit[1]})"
        return None

    # -- the best declaration ----------------------------------------------------------------------------
    def best_attack(self, defenders: Mapping[int, int]) -> tuple[int, ...]:
        """Returns a legal attack that obeys the most requirements, made of creatures that have one
        (ja 500.5, sr E1.50); the first found of the largest."""
        key = tuple(sorted(defenders.items()))
        if key not in self._best_attack:
            required = [r.creature for r in self.attack_requirements()]
            sizes = range(len(required), 0, -1)
            subsets = (c for size in sizes for c in itertools.combinations(required, size))
            found: tuple[int, ...] = ()
            for chosen in itertools.islice(subsets, SEARCH_LIMIT):
                if self.attack_restriction(chosen, defenders) is None:
                    found = chosen
                    break
            self._best_attack[key] = found
        return self._best_attack[key]

    def _block_choices(self, blocker: int, defender: int) -> list[tuple[int, ...]]:
        options = self.blockable(blocker, defender)
        choices: list[tuple[int, ...]] = [(), *((a,) for a in options)]
        if self.chars(blocker).has("block_any_number"):
            for size in range(2, min(len(options), 3) + 1):
                choices += list(itertools.combinations(options, size))
        return choices

    def best_blocks(self, defender: int) -> dict[int, list[int]]:
        """Returns a legal block declaration of defender that obeys the most requirements, made of
        creatures that have one (ja 500.5, sr E1.50)."""
        if defender in self._best_blocks:
            return self._best_blocks[defender]
        reqs = self.block_requirements(defender)
        required = list(dict.fromkeys(r.creature for r in reqs))
        choices = [self._block_choices(b, defender) for b in required]
        best: dict[int, list[int]] = {}
        best_count = 0
        for looked, combination in enumerate(itertools.product(*choices)):
            if looked >= SEARCH_LIMIT:
                break
            blocks = {b: list(c) for b, c in zip(required, combination, strict=True) if c}
            count = _count(reqs, (), blocks)
            if count > best_count and self.block_restriction(blocks) is None:
                best, best_count = blocks, count
        self._best_blocks[defender] = best
        return best

    # -- checks ------------------------------------------------------------------------------------------
    def check_attack(self, attackers: Sequence[int], defenders: Mapping[int, int]) -> list[Requirement]:
        """Refuses an attack declaration that breaks a restriction or obeys too few requirements; returns
        the requirements it obeys."""
        problem = self.attack_restriction(attackers, defenders)
        if problem is not None:
            message, extra = problem
            raise IllegalActionError(message, self.game.cite("attack_restriction") + extra)
        reqs = self.attack_requirements()
        best: tuple[Sequence[int], Blocks] = (self.best_attack(defenders) if reqs else (), {})

        def restricted(changed: Sequence[int], _: Blocks) -> str | None:
            found = self.attack_restriction(changed, defenders)
            return None if found is None else found[0]

        return check_requirements(self, reqs, (attackers, {}), self.state.active, best, restricted)

    def check_blocks(self, blocks: Blocks, defender: int) -> list[Requirement]:
        """Refuses a block declaration of defender that breaks a restriction or obeys too few requirements;
        returns the requirements it obeys."""
        problem = self.block_restriction(blocks)
        if problem is not None:
            raise self.game.refuse(problem, "block_restriction")
        reqs = self.block_requirements(defender)
        best: tuple[Sequence[int], Blocks] = ((), self.best_blocks(defender) if reqs else {})

        def restricted(_: Sequence[int], changed: Blocks) -> str | None:
            return self.block_restriction(changed)

        return check_requirements(self, reqs, ((), blocks), defender, best, restricted)

    def attack_legal(self, attackers: Sequence[int], defenders: Mapping[int, int]) -> bool:
        """Tells whether an attack declaration of creatures able to attack obeys ru/ja 500, sr E1."""
        try:
            self.check_attack(attackers, defenders)
        except IllegalActionError:
            return False
        return True

    def blocks_legal(self, blocks: Blocks, defender: int) -> bool:
        """Tells whether a block declaration of pairs legal on their own obeys ru/ja 500, sr E1."""
        try:
            self.check_blocks(blocks, defender)
        except IllegalActionError:
            return False
        return True


def attack_restriction(game: Game, attackers: Sequence[int], defenders: Mapping[int, int]) -> str | None:
    """Returns the restriction a whole attack declaration breaks, or None."""
    found = Search(game).attack_restriction(attackers, defenders)
    return None if found is None else found[0]


def _attacked_player(game: Game, obj_id: int) -> int:
    """Returns the player an attacker declared against no one named attacks: the one the game's options
    give it (ruling.engine.attack_options.check_attack), else the next opponent."""
    from ruling.engine.attack_options import attackable

    state = game.state
    if state.multiplayer.used:
        allowed = attackable(state, game.controller(state.obj(obj_id)))
        if allowed:
            return allowed[0]
    return default_defender(state)


def _attacked(game: Game, defender: int) -> tuple[list[int], tuple[str, ...]]:
    """Returns the players a restriction on the player attacked looks at, with the rules of part F that say
    so: the player attacked (sr F4.31), in Magic Heart each player of the defending team (F7.72)."""
    state = game.state
    if is_variant(state, Variant.MAGIC_HEART):
        return [p for p in teammates(state, defender) if not state.players[p].lost], cite("heart_attack")
    if is_multiplayer(state) and game.profile.doc == DOCUMENT:
        return [defender], cite("attack_restriction_player")
    return [defender], ()


def block_restriction(game: Game, blocks: Blocks) -> str | None:
    """Returns the restriction a defending player's whole block declaration breaks, or None."""
    return Search(game).block_restriction(blocks)


def block_requirements(game: Game, defender: int) -> list[Requirement]:
    """Returns the requirements of defender's creatures able to block: "blocks each turn if able", provoke
    (ja 502.29a), and "all creatures able to block it do so" of an attacker."""
    return Search(game).block_requirements(defender)


def _count(reqs: Sequence[Requirement], attackers: Sequence[int], blocks: Blocks) -> int:
    return sum(1 for r in reqs if r.obeyed(attackers, blocks))


def best_attack(game: Game, defenders: Mapping[int, int]) -> tuple[int, ...]:
    """Returns a legal attack that obeys the most requirements, made of creatures that have one (ja 500.5,
    sr E1.50); the first found of the largest."""
    return Search(game).best_attack(defenders)


def best_blocks(game: Game, defender: int) -> dict[int, list[int]]:
    """Returns a legal block declaration of defender that obeys the most requirements, made of creatures
    that have one (ja 500.5, sr E1.50)."""
    return Search(game).best_blocks(defender)


def _refusal(game: Game, req: Requirement, message: str) -> IllegalActionError:
    base = "attack_requirement" if req.demand is Demand.ATTACKS else "block_requirement"
    rules = game.cite(req.key) + game.cite(base) + game.profile.cite_if("requirements_most")
    return IllegalActionError(message, tuple(dict.fromkeys(rules)))


def _one_changed(
    search: Search, req: Requirement, attackers: Sequence[int], blocks: Blocks, defender: int
) -> Iterator[tuple[tuple[int, ...], dict[int, list[int]]]]:
    """Yields the declarations in which only req's creature changes, so as to obey req (ru 500.2)."""
    if req.demand is Demand.ATTACKS:
        yield (*attackers, req.creature), {}
        return
    options = search.blockable(req.creature, defender)
    for attacker in options if req.attacker is None else [req.attacker]:
        if attacker in options:
            yield (), {**{b: list(a) for b, a in blocks.items()}, req.creature: [attacker]}


def check_requirements(
    search: Search,
    reqs: Sequence[Requirement],
    declared: tuple[Sequence[int], Blocks],
    defender: int,
    best: tuple[Sequence[int], Blocks],
    restricted: Callable[[Sequence[int], Blocks], str | None],
) -> list[Requirement]:
    """Refuses a declaration (already free of broken restrictions) that obeys too few requirements: under
    ja 500.4 / sr E1.40 fewer than the best declaration, under ru 500.2 one a creature left out could obey
    without breaking a restriction. Returns the requirements it obeys."""
    game = search.game
    attackers, blocks = declared
    unmet = [r for r in reqs if not r.obeyed(attackers, blocks)]
    obeyed = [r for r in reqs if r not in unmet]
    if not unmet:
        return obeyed
    if "requirements_most" in game.profile.rules:
        have, most = _count(reqs, attackers, blocks), _count(reqs, *best)
        if have < most:
            missed = next(r for r in unmet if r.obeyed(*best))
            message = (
                f"{missed.describe(game)}; a legal declaration obeys {most} requirement(s), this one {have}"
            )
            raise _refusal(game, missed, message)
        return obeyed
    for req in unmet:
        for changed in _one_changed(search, req, attackers, blocks, defender):
            if restricted(*changed) is None:
                message = f"{req.describe(game)}, and it can without breaking a restriction"
                raise _refusal(game, req, message)
    return obeyed


def check_attack(game: Game, attackers: Sequence[int], defenders: Mapping[int, int]) -> list[Requirement]:
    """Refuses an attack declaration that breaks a restriction or obeys too few requirements; returns the
    requirements it obeys."""
    return Search(game).check_attack(attackers, defenders)


def check_blocks(game: Game, blocks: Blocks, defender: int) -> list[Requirement]:
    """Refuses a block declaration of defender that breaks a restriction or obeys too few requirements;
    returns the requirements it obeys."""
    return Search(game).check_blocks(blocks, defender)


def log_obeyed(game: Game, obeyed: Sequence[Requirement]) -> None:
    """Traces the requirements a declaration obeys, citing the rule of each (provoke traces its own)."""
    for req in obeyed:
        if req.demand is not Demand.PROVOKED:
            other = game.name(req.attacker) if req.attacker is not None else ""
            game.log(
                f"requirement_{req.demand}", game.cite(req.key), card=game.name(req.creature), other=other
            )


def attack_legal(game: Game, attackers: Sequence[int], defenders: Mapping[int, int]) -> bool:
    """Tells whether an attack declaration of creatures able to attack obeys ru/ja 500, sr E1."""
    return Search(game).attack_legal(attackers, defenders)


def blocks_legal(game: Game, blocks: Blocks, defender: int) -> bool:
    """Tells whether a block declaration of pairs legal on their own obeys ru/ja 500, sr E1."""
    return Search(game).blocks_legal(blocks, defender)


_CONDITIONS = {
    "attack_restriction": {
        "cant_attack_alone": "restriction_attack_alone",
        "attacks_only_outnumbering": "restriction_outnumbering",
    },
    "block_restriction": {"cant_block_alone": "restriction_block_alone"},
}
"""The conditional restrictions of creatures that attack (block), with the trace event that says each is
met."""


def log_restrictions(game: Game, attackers: Sequence[int], blocks: Blocks) -> None:
    """Traces the conditional restrictions a legal declaration meets ("can't attack alone", "only one
    creature can attack"), citing the rule that checks them; attackers or blocks is the declaration."""
    state = game.state
    key = "attack_restriction" if attackers else "block_restriction"
    declared = list(attackers) or [b for b, a in blocks.items() if a]
    if not declared:
        return
    for obj_id in declared:
        chars = game.chars(state.obj(obj_id))
        for ability, kind in _CONDITIONS[key].items():
            if chars.has(ability):
                game.log(kind, game.cite(key), card=game.name(obj_id))
    for attacker in dict.fromkeys(a for b in declared for a in blocks.get(b, ())):
        if game.chars(state.obj(attacker)).has("blocked_by_two_or_more"):
            game.log("restriction_two_blockers", game.cite(key), card=game.name(attacker))
    limit = Search(game).limit("attack_limit" if attackers else "block_limit")
    if limit is not None:
        game.log("restriction_limit", game.cite(key), card=limit[1], amount=limit[0])
