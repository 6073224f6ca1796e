"""The game: a state, a profile and a decider; actions are proposed, validated, then applied."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruling.engine.announce import Proposal
from ruling.engine.cards import Effect
from ruling.engine.control import controller_of
from ruling.engine.creature_moving import move_creature
from ruling.engine.cycling import cycle
from ruling.engine.decisions import Decider, Decision, RandomDecider
from ruling.engine.equipment import equip
from ruling.engine.flow import pass_priority
from ruling.engine.layers import Characteristics, characteristics_under, statics
from ruling.engine.loops import LoopGuard
from ruling.engine.morph import turn_face_up
from ruling.engine.priority import give_priority
from ruling.engine.profiles import Profile
from ruling.engine.stack import activate, play_land, play_spell
from ruling.engine.state import GameObject, GameState, SourceInfo, StackItem, Step
from ruling.engine.targets import Target
from ruling.engine.team_turns import acts_with, holds_priority, next_priority, passes_needed
from ruling.engine.trace import Event
from ruling.engine.turn_control import route
from ruling.engine.visibility import look

if TYPE_CHECKING:
    from ruling.engine.subgame import Link
from ruling.errors import EndlessLoopError, IllegalActionError


@dataclass(frozen=True)
class HandedOn:
    """A play that passed priority on: who played, who got priority, the stack's size and the passes then."""

    by: int
    to: int | None
    stack: int
    passes: int


class Game:
    """Runs one game under one profile; every event goes to the trace with the rules it applied."""

    def __init__(self, state: GameState, profile: Profile, decider: Decider | None = None) -> None:
        self.state = state
        self.profile = profile
        self.decider: Decider = decider or RandomDecider(state.seed)
        self.trace: list[Event] = []
        self.loops = LoopGuard()
        self.sub: Game | None = None
        """The subgame being played inside this game, if any (ja 506)."""
        self.link: Link | None = None
        """For a subgame: the main game and the spell that started it (ruling.engine.subgame)."""
        self.handed_on: HandedOn | None = None
        """The last time a play passed priority on to the next player (sr D10.19), while nothing else has
        happened since."""

    # -- helpers -------------------------------------------------------------------------------------
    def cite(self, key: str) -> tuple[str, ...]:
        return self.profile.cite(key)

    def log(self, kind: str, rules: tuple[str, ...] = (), **args: str | int) -> None:
        self.trace.append(Event(kind, args, rules))

    def refuse(self, message: str, key: str) -> IllegalActionError:
        return IllegalActionError(message, self.cite(key))

    def chars(self, obj: GameObject) -> Characteristics:
        return characteristics_under(self.state, obj, self.profile)

    def chars_of(self, objs: Iterable[GameObject]) -> dict[int, Characteristics]:
        """Returns the characteristics of several objects of the position, by id; the static abilities in
        play are found once for all of them."""
        in_force = statics(self.state)
        return {obj.id: characteristics_under(self.state, obj, self.profile, in_force) for obj in objs}

    def controller(self, obj: GameObject) -> int:
        """Returns who controls obj now (layer 2: ruling.engine.control)."""
        return controller_of(self.state, obj)

    def name(self, obj_id: int) -> str:
        return self.source_info(obj_id).name

    def source_info(self, obj_id: int) -> SourceInfo:
        """Returns the name and colours of an object, or its last known ones if it has left its zone."""
        obj = self.state.objects.get(obj_id)
        if obj is not None:
            return SourceInfo.of(self.chars(obj), self.profile.scale)
        return self.state.last_known.get(obj_id, SourceInfo(f"#{obj_id}", ""))

    def player_name(self, index: int) -> str:
        return self.state.players[index].name

    def ask(self, decision: Decision, default: object) -> object:
        """Asks the decider; a real choice (options, not forced) breaks any loop of mandatory actions. The
        choices of a player whose turn another controls go to that player (ja 507.3)."""
        decision = route(self.state, decision)
        if decision.options and not decision.forced:
            self.loops.choice()
        return self.decider.decide(decision, default)

    def amount(self, effect: Effect, x: int = 0) -> int:
        """Returns an effect's amount in game numbers: X as announced or the printed amount, times the
        profile's scale."""
        return (x if effect.x else effect.amount) * self.profile.scale

    # -- actions -------------------------------------------------------------------------------------
    def pass_priority(self) -> None:
        pass_priority(self)

    def play_land(self, player: int, obj_id: int, as_land: str | None = None) -> None:
        self.loops.choice()
        play_land(self, player, obj_id, as_land)
        self._keep_priority(player)

    def play_spell(
        self, player: int, obj_id: int, targets: tuple[Target, ...] = (), proposal: Proposal | None = None
    ) -> StackItem:
        """Plays a spell with one group of targets, or with a full proposal (mode, X, groups, division)."""
        self.loops.choice()
        item = play_spell(self, player, obj_id, proposal or Proposal.of(targets))
        self._after_play(player, item)
        return item

    def activate(
        self,
        player: int,
        obj_id: int,
        index: int = 0,
        targets: tuple[Target, ...] = (),
        proposal: Proposal | None = None,
    ) -> StackItem | None:
        self.loops.choice()
        item = activate(self, player, obj_id, index, proposal or Proposal.of(targets))
        self._after_play(player, item)
        return item

    def cycle(self, player: int, obj_id: int) -> StackItem:
        """Cycles (or landcycles) a card from player's hand (ja 502.18)."""
        item = cycle(self, player, obj_id)
        self._after_play(player, item)
        return item

    def turn_face_up(self, player: int, obj_id: int) -> None:
        """Turns a face-down permanent face up by paying its morph cost (ja 502.26d)."""
        turn_face_up(self, player, obj_id)
        self._keep_priority(player)

    def equip(self, player: int, equipment: int, creature: int, cost: str | None = None) -> StackItem:
        """Activates an Equipment's equip ability targeting a creature (ja 502.33a, sr E3.121): the one of
        that cost, else the first whose cost the player can pay."""
        item = equip(self, player, equipment, creature, cost)
        self._after_play(player, item)
        return item

    def move_creature(self, player: int, obj_id: int, mate: int) -> StackItem:
        """Plays the moving ability of a creature, giving it to a teammate (sr F5.20)."""
        item = move_creature(self, player, obj_id, mate)
        self._after_play(player, item)
        return item

    def look(self, player: int, obj_id: int) -> None:
        """Player looks at a card or permanent, if a rule lets them (ruling.engine.visibility)."""
        look(self, player, obj_id)

    def _keep_priority(self, player: int) -> None:
        """After an action the player receives priority again: triggered abilities it caused go on the
        stack first (ru 408.1, ja 408.1, sr D9.13)."""
        if self.state.pending and self.state.priority == player:
            give_priority(self, player)

    def _after_play(self, player: int, item: StackItem | None) -> None:
        """After a spell or an ability that uses the stack is played, its player receives priority again
        (ru 408.1c, ja 409.1i); under Izvori magije priority passes to the next player in turn order (sr
        D9.13, D10.19). A mana ability is no such action."""
        state = self.state
        if item is None or not self.profile.priority_passes_after_play or state.priority != player:
            self._keep_priority(player)
            return
        self.log("priority_next", self.cite("priority_after_play"), player=self.player_name(player))
        give_priority(self, next_priority(state, player))
        if state.priority is not None:
            self.handed_on = HandedOn(player, state.priority, len(state.stack), state.passes)

    def take_back_priority(self, player: int) -> None:
        """Gives priority back to a player who has just played something and passed it on (sr D10.19): the
        other players pass in turn, each traced, since a script line of hers acting again means nobody
        responded. Only right after the play; nothing changes otherwise."""
        if not self._just_handed_on(player):
            return
        state = self.state
        while not holds_priority(state, player) and state.passes + 1 < passes_needed(state):
            pass_priority(self)

    def pass_handed_on(self, player: int) -> bool:
        """Whether a player who has just played something and passed priority on (sr D10.19) passes as
        well: the pass counts among those made in succession, and the player holding priority keeps it. A
        script line 'alice passes' after her play means the same in every document this way."""
        if not self._just_handed_on(player):
            return False
        self.log("pass", self.cite("priority_after_play"), player=self.player_name(player))
        self.state.passes += 1
        return True

    def _just_handed_on(self, player: int) -> bool:
        """Whether player's play passed priority on and nothing has happened since; forgets that play."""
        state, handed = self.state, self.handed_on
        self.handed_on = None
        if handed is None or not acts_with(state, player, handed.by):
            return False
        return handed == HandedOn(handed.by, state.priority, len(state.stack), state.passes)

    def start(self) -> None:
        """Gives priority to the player the position names (the active player by default), after
        state-based effects and triggers; the passes made before count only if nothing happened."""
        state = self.state
        give_priority(self, state.active if state.priority is None else state.priority, state.passes)

    def advance_to(self, step: Step, budget: int = 500) -> None:
        """Passes priority until the game reaches step with a player holding priority (or the game ends, or
        a subgame starts: the game then waits for it, ja 506.1)."""
        for _ in range(budget):
            state = self.state
            if state.over or self.sub is not None:
                return
            if state.step is step and state.priority is not None and state.passes == 0:
                return
            pass_priority(self)
        raise EndlessLoopError(
            f"{budget} passes without reaching {step}: the positions keep changing, so the engine cannot "
            f"tell a loop of mandatory actions (a draw) from a game that ends by itself later",
            self.cite("loop"),
        )

    def resolve_top(self) -> None:
        """Both players pass in succession: the top of the stack resolves."""
        if not self.state.stack:
            raise IllegalActionError("nothing to resolve: the stack is empty", self.cite("resolve"))
        top = self.state.stack[-1].id
        while any(item.id == top for item in self.state.stack) and not self.state.over and self.sub is None:
            pass_priority(self)
