"""Random legal games: a seeded player that proposes actions the engine may refuse, for fuzzing and timing."""

from __future__ import annotations

import random

from ruling.engine.cards import CardDef, starter_library
from ruling.engine.decisions import RandomDecider
from ruling.engine.game import Game
from ruling.engine.profiles import Profile
from ruling.engine.state import GameState, Player, Step, Zone
from ruling.errors import IllegalActionError

DECK = (
    ["Forest"] * 6
    + ["Mountain"] * 6
    + ["Grizzly Bears", "Hill Giant", "Lightning Bolt", "Giant Growth", "Shock", "Raging Goblin"] * 2
    + ["Llanowar Elves", "Craw Wurm", "Upkeep Healer", "Messenger Zombie", "Suq'Ata Lancer", "Gray Ogre"]
)


def new_game(profile: Profile, seed: int, deck: list[str] | None = None) -> Game:
    """Returns a game of two shuffled copies of deck, seven cards each, in the first player's main phase."""
    library = starter_library()
    state = GameState([Player("alice", profile.life), Player("bob", profile.life)], seed=seed)
    for index, player in enumerate(state.players):
        cards: list[CardDef] = [library[name] for name in (deck or DECK)]
        state.rng.shuffle(cards)
        for card in cards:
            player.library.append(state.new_object(card, index, Zone.LIBRARY).id)
        for _ in range(7):
            obj_id = player.library.pop(0)
            state.obj(obj_id).zone = Zone.HAND
            player.hand.append(obj_id)
    state.step = Step.MAIN1
    game = Game(state, profile, RandomDecider(seed))
    game.start()
    return game


def random_step(game: Game, rng: random.Random) -> None:
    """Makes the player with priority try one random action; refused actions are passes."""
    state = game.state
    player = state.priority
    if player is None:
        game.pass_priority()
        return
    roll = rng.random()
    try:
        if roll < 0.25 and state.players[player].hand:
            obj_id = rng.choice(state.players[player].hand)
            card = state.obj(obj_id).card
            if "land" in card.types:
                game.play_land(player, obj_id)
                return
            for land in state.permanents(player):
                if "land" in game.chars(land).types and not land.tapped:
                    game.activate(player, land.id, 0)
            target = card.spell_target
            targets: tuple[tuple[str, int], ...] = ()
            if target:
                from ruling.engine.stack import legal_targets

                options = legal_targets(game, target, card.colors, player)
                if options:
                    targets = (rng.choice(options),)
            game.play_spell(player, obj_id, targets)
            return
    except IllegalActionError:
        pass
    game.pass_priority()


def play_random(game: Game, steps: int, seed: int) -> int:
    """Runs up to steps random actions (stopping when the game ends); returns the number taken."""
    rng = random.Random(seed)
    for taken in range(steps):
        if game.state.over:
            return taken
        random_step(game, rng)
    return steps
