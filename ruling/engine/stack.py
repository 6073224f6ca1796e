"""Playing spells and abilities (announce, target, pay), lands, and resolution with targets re-checked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruling.engine import mana
from ruling.engine.cards import Effect
from ruling.engine.resolve import apply_effects
from ruling.engine.state import StackItem, Step, Zone
from ruling.engine.triggers import collect, collect_object_triggers
from ruling.engine.zones import move

if TYPE_CHECKING:
    from ruling.engine.game import Game

Target = tuple[str, int]


def legal_targets(game: Game, kind: str, source_colors: str | None, controller: int) -> list[Target]:
    """Returns every legal target of a kind; protection from the source's colour excludes a permanent."""
    state = game.state
    found: list[Target] = []
    if kind in ("player", "creature_or_player"):
        found += [("player", i) for i in range(len(state.players))]
    if kind == "spell":
        found += [("spell", item.id) for item in state.stack if item.kind == "spell"]
    if kind in ("creature", "creature_or_player", "permanent", "artifact", "land"):
        for obj in state.permanents():
            chars = game.chars(obj)
            wanted = "creature" if kind == "creature_or_player" else kind
            if wanted != "permanent" and wanted not in chars.types:
                continue
            if source_colors and any(c in chars.protections() for c in source_colors):
                continue
            found.append(("obj", obj.id))
    return found


def target_is_legal(
    game: Game, target: Target, kind: str, source_colors: str | None, controller: int
) -> bool:
    return target in legal_targets(game, kind, source_colors, controller)


def _check_priority(game: Game, player: int) -> None:
    if game.state.priority != player:
        raise game.refuse(f"{game.player_name(player)} does not have priority", "priority")


def _sorcery_timing_ok(game: Game, player: int) -> bool:
    state = game.state
    return state.active == player and state.step in (Step.MAIN1, Step.MAIN2) and not state.stack


def play_land(game: Game, player: int, obj_id: int, as_land: str = "") -> None:
    """Plays a land from the hand: a special action that doesn't use the stack, one per turn."""
    state = game.state
    _check_priority(game, player)
    obj = state.obj(obj_id)
    if obj.zone is not Zone.HAND or obj.owner != player:
        raise game.refuse(f"{obj.card.name} is not in {game.player_name(player)}'s hand", "land_play")
    if as_land and not game.profile.any_card_as_land:
        raise game.refuse(f"only land cards can be played as lands under {game.profile.name}", "land_play")
    if "land" not in obj.card.types and not as_land:
        raise game.refuse(f"{obj.card.name} is not a land", "land_play")
    if not _sorcery_timing_ok(game, player):
        raise game.refuse(
            "a land is played only in its controller's main phase with an empty stack", "land_play"
        )
    if state.players[player].lands_played >= 1:
        raise game.refuse(f"{game.player_name(player)} has already played a land this turn", "land_play")
    state.players[player].lands_played += 1
    new = move(state, obj_id, Zone.IN_PLAY)
    if as_land:
        new.as_land = as_land
    rules = game.cite("land_play") + (game.cite("card_as_land") if as_land else ())
    game.log("land", rules, player=game.player_name(player), card=new.card.name)
    collect_object_triggers(game, new, "comes_into_play")
    state.passes = 0


def _choose_targets(
    game: Game, kind: str | None, targets: tuple[Target, ...], colors: str, player: int, what: str
) -> tuple[Target, ...]:
    if kind is None:
        if targets:
            raise game.refuse(f"{what} has no targets", "play")
        return ()
    if len(targets) != 1:
        raise game.refuse(f"{what} needs one target ({kind})", "play")
    if not target_is_legal(game, targets[0], kind, colors, player):
        key = "target_protection" if _protected(game, targets[0], colors) else "play"
        raise game.refuse(f"{describe(game, targets[0])} is not a legal target of {what}", key)
    return targets


def _protected(game: Game, target: Target, colors: str) -> bool:
    if target[0] != "obj" or target[1] not in game.state.objects:
        return False
    protections = game.chars(game.state.obj(target[1])).protections()
    return any(c in protections for c in colors)


def describe(game: Game, target: Target) -> str:
    kind, ident = target
    if kind == "player":
        return game.player_name(ident)
    if kind == "spell":
        return next((i.label for i in game.state.stack if i.id == ident), f"spell #{ident}")
    return game.name(ident)


def play_spell(game: Game, player: int, obj_id: int, targets: tuple[Target, ...] = ()) -> StackItem:
    """Plays a spell: announce, choose targets, pay the total cost; then it is on the stack."""
    state = game.state
    _check_priority(game, player)
    obj = state.obj(obj_id)
    card = obj.card
    if obj.zone is not Zone.HAND or obj.owner != player:
        raise game.refuse(f"{card.name} is not in {game.player_name(player)}'s hand", "play")
    if "land" in card.types:
        raise game.refuse(f"{card.name} is a land: it is played, not put on the stack", "land_play")
    if "instant" not in card.types and not _sorcery_timing_ok(game, player):
        raise game.refuse(
            f"{card.name} can be played only in its controller's main phase with an empty stack",
            "sorcery_timing",
        )
    chosen = _choose_targets(game, card.spell_target, targets, card.colors, player, card.name)
    if not mana.can_pay(state.players[player], card.cost):
        raise game.refuse(f"{game.player_name(player)} cannot pay {card.cost} for {card.name}", "pay")
    mana.pay(state.players[player], card.cost)
    moved = move(state, obj_id, Zone.STACK)
    item = StackItem(state.tick(), "spell", player, moved.id, card.name, tuple(card.spell), chosen)
    state.stack.append(item)
    game.log("play", game.cite("play") + game.cite("stack"), player=game.player_name(player), card=card.name)
    collect(game, "any_spell_played")
    state.passes = 0
    return item


def activate(
    game: Game, player: int, obj_id: int, index: int, targets: tuple[Target, ...]
) -> StackItem | None:
    """Activates an ability; a mana ability resolves at once, any other goes on the stack."""
    state = game.state
    obj = state.obj(obj_id)
    chars = game.chars(obj)
    if obj.zone is not Zone.IN_PLAY or obj.controller != player:
        raise game.refuse(f"{game.player_name(player)} does not control {obj.card.name}", "play")
    if index >= len(chars.abilities):
        raise game.refuse(f"{obj.card.name} has no ability {index + 1}", "play")
    ability = chars.abilities[index]
    if not ability.is_mana_ability:
        _check_priority(game, player)
    if ability.taps:
        if obj.tapped:
            raise game.refuse(f"{obj.card.name} is already tapped", "play")
        if chars.is_creature and not obj.controlled_since_turn_start and not chars.has("haste"):
            raise game.refuse(
                f"{obj.card.name} has not been under its controller's control since the start of the turn",
                "tap_ability",
            )
    chosen = _choose_targets(
        game, ability.target, targets, chars.colors, player, f"the ability of {obj.card.name}"
    )
    if not mana.can_pay(state.players[player], ability.mana_cost):
        raise game.refuse(f"{game.player_name(player)} cannot pay {ability.mana_cost}", "pay")
    mana.pay(state.players[player], ability.mana_cost)
    if ability.taps:
        obj.tapped = True
    if ability.is_mana_ability:
        apply_effects(game, ability.effects, (), player, obj.id, obj.card.name)
        return None
    item = StackItem(state.tick(), "ability", player, obj.id, obj.card.name, tuple(ability.effects), chosen)
    state.stack.append(item)
    game.log("activate", game.cite("play"), player=game.player_name(player), card=obj.card.name)
    state.passes = 0
    return item


def resolve_top_item(game: Game) -> None:
    """Resolves the top of the stack; a spell or ability whose targets are all illegal is countered."""
    from ruling.engine.combat import deal_combat_damage

    state = game.state
    item = state.stack.pop()
    if item.kind == "damage":
        deal_combat_damage(game, item)
        return
    colors = state.objects[item.source].card.colors if item.source in state.objects else ""
    effects = tuple(e for e in item.effects if isinstance(e, Effect))
    kind = next((e.target for e in effects if e.target), None)
    if item.targets and kind is not None:
        legal = [t for t in item.targets if target_is_legal(game, t, kind, colors, item.controller)]
        if not legal:
            game.log("fizzle", game.cite("fizzle") + game.cite("counter"), card=item.label)
            if item.kind == "spell":
                move(state, item.source, Zone.GRAVEYARD)
            return
    game.log("resolve", game.cite("resolve") + item.rules, card=item.label)
    apply_effects(game, effects, item.targets, item.controller, item.source, item.label, item.subject)
    if item.kind == "spell":
        card = state.obj(item.source).card
        if any(t in card.types for t in ("instant", "sorcery")):
            move(state, item.source, Zone.GRAVEYARD)
        else:
            new = move(state, item.source, Zone.IN_PLAY, controller=item.controller)
            if card.enchant and item.targets:
                new.attached_to = item.targets[0][1]
            collect_object_triggers(game, new, "comes_into_play")
