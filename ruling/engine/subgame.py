"""Subgames (Shahrazad; ja 506): a game of Magic played inside the game, while the main game waits.

As a subgame starts, every player removes their library from the main game face down, and it becomes their
deck (ja 506.3); the subgame is played as a normal game, the first player chosen at random (506.4), and a
player whose deck holds fewer than seven cards loses as it starts (506.3a). The main game is suspended
(506.1): nothing in it triggers or resolves until the subgame ends (506.2). When it ends, every card brought
into the subgame goes to its owner's library in the main game, which is shuffled, except the cards removed
from the game in the subgame, which stay removed from the main game (506.6); then the rest of the spell that
started it applies (Shahrazad: each player who did not win the subgame loses half their life, rounded up). A
subgame may start its own subgame (506.7).

The subgame is a Game of its own, linked from the main one (``Game.sub``); script lines and random actions
go to the innermost game still being played (``innermost``), and ``settle`` ends the subgames that are over.
Only the 2004 rules have subgames: a spell that would start one is refused under the other profiles, naming
the document.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ruling.engine.document_rules import cite_in
from ruling.engine.events import LifeChange, ZoneChange, perform
from ruling.engine.seats import in_game
from ruling.engine.state import GameState, Player, Step, Zone
from ruling.errors import IllegalActionError

if TYPE_CHECKING:
    from ruling.engine.cards import Effect
    from ruling.engine.game import Game

RULES: dict[str, dict[str, tuple[str, ...]]] = {
    "ja": {
        "subgame": ("506.1",),
        "wait": ("506.2",),
        "decks": ("506.3",),
        "small_deck": ("506.3a",),
        "first": ("506.4",),
        "outside": ("506.5",),
        "return": ("506.6",),
        "nested": ("506.7",),
    },
}
"""The rules of subgames, per document: only ja-2004 has them."""
HAND = 7
"""The cards each player draws as a game begins, and the smallest deck that does not lose (ja 506.3a)."""


def cite(game: Game, key: str) -> tuple[str, ...]:
    """Returns the ids of a subgame rule in the profile's document, or refuses naming the document."""
    return cite_in(game, RULES, key, "subgames")


def check_known(game: Game, effects: tuple[Effect, ...]) -> None:
    """Refuses a spell whose effects start a subgame or control another player's turn under a profile whose
    document has no rule for them."""
    from ruling.engine import turn_control  # turn_control is imported by game.py

    kinds = {str(e.kind) for e in effects}
    if "subgame" in kinds:
        cite(game, "subgame")
    if "control_turn" in kinds:
        turn_control.cite(game, "control")


@dataclass
class Link:
    """What a subgame's Game keeps of the main game: the spell that started it, its controller, and for
    each object of the subgame the card of the main game it stands for."""

    main: Game
    label: str
    controller: int
    origin: dict[int, int] = field(default_factory=dict)


def innermost(game: Game) -> Game:
    """Returns the game being played now: the deepest subgame still going, else game itself."""
    while game.sub is not None:
        game = game.sub
    return game


def start_subgame(game: Game, controller: int, label: str) -> None:
    """Starts a subgame of game: the libraries leave the main game face down and become the decks."""
    from ruling.engine.game import Game  # game.py imports the engine, this module included

    rules = cite(game, "subgame") + cite(game, "decks")
    if game.sub is not None:
        raise IllegalActionError("a subgame is already being played", rules)
    state = game.state
    players = [Player(p.name, game.profile.life, lost=p.lost, team=p.team) for p in state.players]
    sub_state = GameState(players, seed=state.seed * 1009 + state.shuffles + 1)
    sub_state.next_id = state.next_id + 1
    sub_state.shared_life = state.shared_life
    sub = Game(sub_state, game.profile, game.decider)
    sub.trace = game.trace
    link = Link(game, label, controller)
    sub.link = link
    nested = game.link is not None
    game.log(
        "subgame",
        rules + (cite(game, "nested") if nested else ()) + cite(game, "wait"),
        card=label,
    )
    for index in in_game(state):
        library = list(state.players[index].library)
        moved = perform(game, [ZoneChange(obj_id, Zone.REMOVED) for obj_id in library])
        for happened in moved.happened:
            if happened.new is None:
                continue
            card = sub_state.new_object(happened.new.card, index, Zone.LIBRARY)
            sub_state.players[index].library.append(card.id)
            link.origin[card.id] = happened.new.id
    game.sub = sub
    _begin(sub)


def _begin(sub: Game) -> None:
    """Shuffles the decks, deals seven cards, chooses the first player at random and begins its first turn;
    a player with fewer than seven cards in their deck loses at once (ja 506.3a, 506.4)."""
    from ruling.engine.sba import lose_game  # sba imports resolve, which imports this
    from ruling.engine.turn import begin_step  # turn imports the stack, which resolves

    state = sub.state
    seats = in_game(state)
    small = [i for i in seats if len(state.players[i].library) < HAND]
    for index in seats:
        player = state.players[index]
        state.shuffle(player.library)
        for _ in range(min(HAND, len(player.library))):
            obj_id = player.library.pop(0)
            state.obj(obj_id).zone = Zone.HAND
            player.hand.append(obj_id)
    order = list(seats)
    state.shuffle(order)
    state.active = order[0]
    state.turn = 1
    sub.log("subgame_first", cite(sub, "first"), player=sub.player_name(state.active))
    if small:
        for index in small:
            sub.log("subgame_deck", cite(sub, "small_deck"), player=sub.player_name(index))
        lose_game(sub, [(index, "sba_draw_empty") for index in small])
        if state.over:
            state.priority = None
            return
    for obj in state.permanents(state.active):
        obj.controlled_since_turn_start = True
    begin_step(sub, Step.UNTAP)


def settle(game: Game) -> bool:
    """Ends every subgame under game that is over, innermost first, and goes back to its main game; tells
    whether one ended."""
    ended = False
    while True:
        current = innermost(game)
        if current is game or not current.state.over:
            return ended
        _end(current)
        ended = True


def _end(sub: Game) -> None:
    """Ends a finished subgame: its cards go back to the main game (ja 506.6), then the players who did not
    win it lose half their life, rounded up (Shahrazad), and the main game goes on."""
    from ruling.engine.priority import give_priority  # priority imports the SBA, then us

    link = sub.link
    assert link is not None
    main = link.main
    state = main.state
    result = sub.state
    winner = result.winner
    back: dict[int, list[int]] = {}
    kept: dict[int, int] = {}
    for sub_id, main_id in link.origin.items():
        final = result.current(sub_id)
        obj = result.objects.get(final)
        if main_id not in state.objects:
            continue
        if obj is not None and obj.zone is Zone.REMOVED:
            kept[state.obj(main_id).owner] = kept.get(state.obj(main_id).owner, 0) + 1
            continue
        back.setdefault(state.obj(main_id).owner, []).append(main_id)
    main.sub = None
    rules = cite(main, "return") + cite(main, "outside")
    if winner is None:
        main.log("subgame_draw", rules, card=link.label)
    else:
        main.log("subgame_end", rules, card=link.label, player=main.player_name(winner))
    for owner in range(len(state.players)):
        cards = back.get(owner, [])
        if cards:
            perform(main, [ZoneChange(obj_id, Zone.LIBRARY) for obj_id in cards])
            state.shuffle(state.players[owner].library)
        if cards or kept.get(owner):
            main.log(
                "subgame_cards",
                cite(main, "return"),
                player=main.player_name(owner),
                amount=len(cards),
                kept=kept.get(owner, 0),
            )
    for index in in_game(state):
        if index == winner:
            continue
        loss = (state.players[index].life + 1) // 2
        if loss > 0:
            perform(main, [LifeChange(index, -loss)])
    if not state.over:
        give_priority(main, state.active if state.priority is None else state.priority)
