"""State-based effects of the era, performed all at once and repeated until none apply."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine.auras import could_enchant
from ruling.engine.combat_removal import remove_from_combat
from ruling.engine.control import controller_of
from ruling.engine.durations import after_batch
from ruling.engine.equipment import loose_equipment
from ruling.engine.influence import auras_out_of_range
from ruling.engine.lasting import LastingKind
from ruling.engine.morph import reveal_all
from ruling.engine.replacement import put_into_graveyard, regenerates
from ruling.engine.seats import in_game, is_multiplayer, teams_left
from ruling.engine.state import GameObject, Zone
from ruling.engine.turn_markers import player_left
from ruling.engine.variants import (
    Variant,
    also_lose,
    award_points,
    circle_winner,
    cite,
    is_variant,
    loss_rules,
)
from ruling.engine.zones import cease

if TYPE_CHECKING:
    from ruling.engine.game import Game
    from ruling.engine.layers import Characteristics


POISON_LIMIT = 10
"""Poison counters that make a player lose (ja 420.5h)."""


def check_state_based_effects(game: Game) -> bool:
    """Applies every state-based effect that applies now, as one event, until none apply; tells if any did."""
    any_applied = False
    while _check_once(game):
        any_applied = True
        if game.state.over:
            break
    return any_applied


def _check_once(game: Game) -> bool:
    state = game.state
    losers: list[tuple[int, str]] = []
    for index, player in enumerate(state.players):
        if player.lost:
            continue
        if player.life <= 0:
            losers.append((index, "sba_life"))
        elif player.drew_from_empty:
            losers.append((index, "sba_draw_empty"))
        elif player.poison >= POISON_LIMIT and "sba_poison" in game.profile.rules:
            losers.append((index, "sba_poison"))
    to_graveyard: list[tuple[int, str]] = []
    everything = game.chars_of(state.permanents())
    for obj in state.permanents():
        chars = everything[obj.id]
        if not chars.is_creature:
            continue
        if chars.toughness <= 0:
            to_graveyard.append((obj.id, "sba_toughness"))
        elif obj.damage >= chars.toughness:
            to_graveyard.append((obj.id, "sba_lethal"))
    to_graveyard += _legend_rule(game, everything)
    to_graveyard += _world_rule(game, everything)
    to_graveyard += [(obj_id, "sba_aura") for obj_id in _unattached_enchantments(game, everything)]
    to_graveyard += [(obj_id, "sba_aura") for obj_id in auras_out_of_range(game)]
    cancelling = [
        obj
        for obj in state.permanents()
        if obj.plus_counters and obj.minus_counters and "counters_cancel" in game.profile.rules
    ]
    gone_tokens = [
        o.id for o in state.objects.values() if o.token and o.zone not in (Zone.IN_PLAY, Zone.STACK)
    ]
    loose = loose_equipment(game, everything) if "sba_equipment" in game.profile.rules else []
    if not (losers or to_graveyard or gone_tokens or cancelling or loose):
        return False
    for obj_id in loose:
        state.obj(obj_id).attached_to = None
        game.log("unattach", game.cite("sba_equipment"), card=game.name(obj_id))
    for obj in cancelling:
        pairs = min(obj.plus_counters, obj.minus_counters)
        obj.plus_counters -= pairs
        obj.minus_counters -= pairs
        game.log("counters_cancel", game.cite("counters_cancel"), card=game.name(obj.id), amount=pairs)
    going: dict[int, None] = {}  # ordered, and linear in the number of permanents
    for obj_id, key in to_graveyard:
        if obj_id in going:
            continue
        if key == "sba_lethal":
            if regenerates(game, obj_id, game.cite(key)):
                continue
            game.log("destroy", game.cite(key), card=game.name(obj_id))
        else:
            game.log("graveyard", game.cite(key), card=game.name(obj_id))
        going[obj_id] = None
    put_into_graveyard(game, list(going))
    for obj_id in gone_tokens:
        game.log("cease", game.cite("sba_token"), card=game.name(obj_id))
        cease(state, obj_id)
    if losers:
        lose_game(game, losers)
    return True


def lose_game(game: Game, losers: list[tuple[int, str]]) -> None:
    """Players lose at once, each citing the rule that makes them lose; a team loses when all its players
    have lost, or with shared life when one has (sr A3.35, F7.82); the last team left wins, and when none is
    left the game is a draw (ru 102.4, sr A3.43)."""
    state = game.state
    gone: list[int] = []
    for index, key in losers:
        for member in also_lose(state, index):
            if not state.players[member].lost:
                state.players[member].lost = True
                extra = loss_rules(state, index) if member != index else ()
                game.log("lose", game.cite(key) + extra, player=game.player_name(member))
                gone.append(member)
    left = teams_left(state)
    if len(left) > 1:
        for index in gone:
            award_points(game, index)
            player_left(state, index)
            leave_game(game, index)
    if len(left) == 1:
        state.winner = in_game(state)[0]
        rules = game.profile.cite_if("team_wins") if is_multiplayer(state) else ()
        if is_variant(state, Variant.CIRCLE):
            for index in gone:
                award_points(game, index)
            state.winner = circle_winner(game, state.winner)
            rules += cite("circle_points")
        if state.winner is None:
            state.draw_game = True
            game.log("draw_game", rules)
            return
        game.log("win", rules, player=game.player_name(state.winner))
    elif not left:
        state.draw_game = True
        game.log("draw_game", game.cite("both_lose"))
    if state.over and "morph_reveal" in game.profile.rules:
        reveal_all(game)


def leave_game(game: Game, player: int) -> None:
    """A player who lost a game that goes on leaves it: every object they own leaves the game, their spells
    and abilities on the stack cease, the control-changing effects that give them control of something
    end, and then every object they still control leaves too (sr F1.41)."""
    state = game.state
    state.stack = [i for i in state.stack if i.controller != player or i.kind == "damage"]
    state.pending = [p for p in state.pending if p.controller != player]
    gone = [o for o in state.objects.values() if o.owner == player]
    _leave(game, gone)
    state.lasting = [e for e in state.lasting if not (e.kind is LastingKind.CONTROL and e.player == player)]
    after_batch(game)
    still = [o for o in state.objects.values() if controller_of(state, o) == player]
    _leave(game, still)
    if gone or still:
        game.log("leave_game", game.profile.cite_if("leave_game"), player=game.player_name(player))


def _leave(game: Game, objects: list[GameObject]) -> None:
    """Takes objects out of the game entirely (a player who left takes them along)."""
    state = game.state
    for obj in objects:
        if obj.zone is Zone.STACK:
            state.stack = [i for i in state.stack if not (i.kind == "spell" and i.source == obj.id)]
        remove_from_combat(game, obj.id)
        cease(state, obj.id)
        state.cards_left_game += 0 if obj.token else 1


def _unattached_enchantments(game: Game, everything: dict[int, Characteristics]) -> list[int]:
    """Returns local enchantments whose permanent left play or is no longer legal to enchant."""
    state = game.state
    found = []
    for obj in state.permanents():
        own = everything[obj.id]
        kind = own.enchant
        if not kind or obj.as_land:
            continue
        host = state.objects.get(obj.attached_to) if obj.attached_to is not None else None
        if host is None or host.zone is not Zone.IN_PLAY:
            found.append(obj.id)
            continue
        if not could_enchant(own, everything[host.id]):
            found.append(obj.id)
    return found


def _legend_time(game: Game, obj: GameObject, chars: Characteristics) -> int:
    """Returns when obj started to count for the legend rule: when it was put into play (ru 420.5e), or
    when it became a legend with its present name, a copy effect included (ja 420.5e: "oldest")."""
    copied = chars.copied_at
    if game.profile.legend_rule == "oldest" and copied:
        return copied
    return obj.entered_at


def _legend_rule(game: Game, everything: dict[int, Characteristics]) -> list[tuple[int, str]]:
    """Returns the legendary permanents the profile's legend rule puts into the graveyard."""
    if game.profile.legend_rule is None:
        return []
    by_name: dict[str, list[tuple[int, int]]] = {}
    for obj in game.state.permanents():
        chars = everything[obj.id]
        if chars.is_legendary and not obj.as_land:
            by_name.setdefault(chars.name, []).append((_legend_time(game, obj, chars), obj.id))
    doomed: list[tuple[int, str]] = []
    for entries in by_name.values():
        if len(entries) < 2:
            continue
        entries.sort()
        oldest = entries[0][0]
        simultaneous = sum(1 for t, _ in entries if t == oldest) > 1
        keep = None if simultaneous else entries[0][1]
        doomed += [(obj_id, "sba_legend") for _, obj_id in entries if obj_id != keep]
    return doomed


def _world_rule(game: Game, everything: dict[int, Characteristics]) -> list[tuple[int, str]]:
    """Returns the world enchantments the world rule puts into the graveyard: all but the one that has been
    a world enchantment the shortest time, or all of them when that time is shared (ja 420.5i)."""
    worlds = sorted(
        (obj.entered_at, obj.id)
        for obj in game.state.permanents()
        if "world" in everything[obj.id].supertypes and not obj.as_land
    )
    if not game.profile.world_rule or len(worlds) < 2:
        return []
    newest = worlds[-1][0]
    alone = sum(1 for t, _ in worlds if t == newest) == 1
    return [(obj_id, "sba_world") for t, obj_id in worlds if not (alone and t == newest)]
