"""One-shot effects of the vocabulary, followed in the order written."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine import mana
from ruling.engine.cards import CardDef, Effect
from ruling.engine.decisions import Decision, DecisionError
from ruling.engine.effects import add_until_end_of_turn
from ruling.engine.state import Zone
from ruling.engine.triggers import collect_object_triggers
from ruling.engine.zones import move

if TYPE_CHECKING:
    from ruling.engine.game import Game

Target = tuple[str, int]


def _players(game: Game, effect: Effect, targets: tuple[Target, ...], controller: int) -> list[int]:
    if effect.who == "you":
        return [controller]
    if effect.who == "opponent":
        return [game.state.opponent(controller)]
    if effect.who == "each_player":
        return [game.state.active, game.state.opponent(game.state.active)]
    return [t[1] for t in targets if t[0] == "player"]


def _objects(
    game: Game, effect: Effect, targets: tuple[Target, ...], source: int, subject: int | None
) -> list[int]:
    if subject is not None:
        current = game.state.current(subject)
        return [current] if current in game.state.objects else []
    if effect.who == "self":
        return [source] if source in game.state.objects else []
    return [t[1] for t in targets if t[0] == "obj" and t[1] in game.state.objects]


def deal_damage(
    game: Game, source_name: str, colors: str, recipient: Target, amount: int, rules: tuple[str, ...] = ()
) -> None:
    """Deals damage to a creature or a player; protection from the source's colour prevents it."""
    state = game.state
    kind, ident = recipient
    if amount <= 0:
        return
    if kind == "player":
        player = state.players[ident]
        player.life -= amount
        game.log("damage", rules, card=source_name, amount=amount, other=player.name)
        return
    if ident not in state.objects or state.obj(ident).zone is not Zone.IN_PLAY:
        return
    obj = state.obj(ident)
    if any(c in game.chars(obj).protections() for c in colors):
        game.log("prevent", game.cite("damage_protection"), card=source_name, other=obj.card.name)
        return
    obj.damage += amount
    game.log("damage", rules, card=source_name, amount=amount, other=obj.card.name)


def apply_effects(
    game: Game,
    effects: tuple[Effect, ...],
    targets: tuple[Target, ...],
    controller: int,
    source: int,
    label: str,
    subject: int | None = None,
) -> None:
    """Applies effects in order, skipping targets that became illegal."""
    state = game.state
    colors = state.objects[source].card.colors if source in state.objects else ""
    for effect in effects:
        amount = game.scaled(effect)
        kind = effect.kind
        if kind == "damage":
            for target in targets:
                deal_damage(game, label, colors, target, amount)
        elif kind in ("gain_life", "lose_life"):
            for index in _players(game, effect, targets, controller):
                state.players[index].life += amount if kind == "gain_life" else -amount
                game.log("life", player=state.players[index].name, amount=state.players[index].life)
        elif kind == "draw":
            for index in _players(game, effect, targets, controller):
                for _ in range(effect.amount):
                    draw_card(game, index)
        elif kind == "discard":
            for index in _players(game, effect, targets, controller):
                discard(game, index, effect.amount)
        elif kind == "destroy":
            for obj_id in _objects(game, effect, targets, source, subject):
                game.log("destroy", card=game.name(obj_id))
                collect_object_triggers(game, state.obj(obj_id), "put_into_graveyard")
                move(state, obj_id, Zone.GRAVEYARD)
        elif kind == "counter":
            for _, item_id in targets:
                item = next((i for i in state.stack if i.id == item_id), None)
                if item is not None:
                    state.stack.remove(item)
                    game.log("counter", game.cite("counter"), card=item.label)
                    if item.kind == "spell":
                        move(state, item.source, Zone.GRAVEYARD)
        elif kind in ("tap", "untap"):
            for obj_id in _objects(game, effect, targets, source, subject):
                state.obj(obj_id).tapped = kind == "tap"
        elif kind == "pump":
            scale = game.profile.scale
            for obj_id in _objects(game, effect, targets, source, subject):
                p, t = effect.power * scale, effect.toughness * scale
                add_until_end_of_turn(state, obj_id, p, t, label)
                game.log("pump", card=game.name(obj_id), amount=f"{p:+d}/{t:+d}")
        elif kind == "counters":
            for obj_id in _objects(game, effect, targets, source, subject):
                state.obj(obj_id).plus_counters += effect.amount
                game.log("counters", card=game.name(obj_id), amount=effect.amount)
        elif kind == "token":
            card = CardDef(effect.token, ("creature",), (effect.token,), colors=colors, power=1, toughness=1)
            for _ in range(max(effect.amount, 1)):
                obj = state.new_object(card, controller, Zone.IN_PLAY, token=True)
                state.in_play.append(obj.id)
                game.log("token", player=game.player_name(controller), card=card.name)
        elif kind == "remove_from_combat":
            for obj_id in _objects(game, effect, targets, source, subject):
                remove_from_combat(game, obj_id)
        elif kind == "add_mana":
            for index in _players(game, effect, targets, controller):
                mana.add_mana(state.players[index], effect.mana)
                game.log("mana", player=state.players[index].name, mana=effect.mana, card=label)


def remove_from_combat(game: Game, obj_id: int) -> None:
    """Takes a creature out of combat; an attacker it blocked stays blocked (ru 309.4)."""
    combat = game.state.combat
    if combat is None:
        return
    if obj_id in combat.attackers:
        combat.attackers.remove(obj_id)
        combat.blockers.pop(obj_id, None)
    for blockers in combat.blockers.values():
        if obj_id in blockers:
            blockers.remove(obj_id)
    game.log("remove_combat", card=game.name(obj_id))


def draw_card(game: Game, index: int, rules: tuple[str, ...] = ()) -> None:
    """Draws the top card; from an empty library the player is marked to lose at the next check."""
    player = game.state.players[index]
    if not player.library:
        player.drew_from_empty = True
        game.log("draw_empty", game.cite("sba_draw_empty"), player=player.name)
        return
    moved = move(game.state, player.library[0], Zone.HAND, top=False)
    game.log("draw", rules, player=player.name, card=moved.card.name)


def discard(game: Game, index: int, count: int, rules: tuple[str, ...] = ()) -> None:
    """The player discards count cards of their choice."""
    player = game.state.players[index]
    count = min(count, len(player.hand))
    if count <= 0:
        return
    options = tuple(player.hand)
    default = options if count == len(options) else None
    decision = Decision("discard", index, options=options, amount=count, forced=count == len(options))
    chosen = game.ask(decision, default)
    picked = [c for c in chosen if c in options] if isinstance(chosen, tuple | list) else []
    if len(set(picked)) != count:
        raise DecisionError(f"{player.name} must discard exactly {count} card(s) from their hand")
    for obj_id in picked:
        game.log("discard", rules, player=player.name, card=game.name(obj_id))
        move(game.state, obj_id, Zone.GRAVEYARD)
