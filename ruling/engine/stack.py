"""Playing spells and abilities (announce, choose, pay), lands, and resolution with targets re-checked."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ruling.engine import mana
from ruling.engine.alternative_costs import CostObjects, cost_objects, pay_alternative
from ruling.engine.announce import Announced, Proposal, announce, targeted
from ruling.engine.cards import Effect
from ruling.engine.combat_damage import deal_combat_damage
from ruling.engine.counter_costs import check as check_counters
from ruling.engine.counter_costs import pay as pay_counters
from ruling.engine.creature_moving import MOVE, resolve_move
from ruling.engine.events import TapChange, ZoneChange, perform
from ruling.engine.keyword_costs import instant_speed, leaving_stack, playable_from, spell_play
from ruling.engine.keyword_spells import spell_played
from ruling.engine.land_keywords import enters_tapped_as_land, istocnik
from ruling.engine.mana_triggers import land_tapped_for_mana, produced
from ruling.engine.morph import play_face_down
from ruling.engine.resolve import apply_effects
from ruling.engine.sacrifice import cost_victims, pay_sacrifice
from ruling.engine.spell_copies import copy_left_stack
from ruling.engine.split_cards import choose_half
from ruling.engine.state import GameObject, StackItem, Zone
from ruling.engine.subgame import check_known
from ruling.engine.targets import card_target_rules, describe, item_name, legal_for
from ruling.engine.team_turns import holds_priority, sorcery_timing
from ruling.engine.total_cost import NO_CHANGE, CostChange, change_rules
from ruling.engine.triggers import collect_spell_played
from ruling.engine.zone_abilities import check_timing, pay_with_card, works_here

if TYPE_CHECKING:
    from ruling.engine.game import Game


def _check_priority(game: Game, player: int) -> None:
    if not holds_priority(game.state, player):
        raise game.refuse(f"{game.player_name(player)} does not have priority", "priority")


def play_land(game: Game, player: int, obj_id: int, as_land: str | None = None) -> None:
    """Plays a land from the hand: a special action that doesn't use the stack, one per turn. With as_land
    (Izvori magije) any card is played as a land making the mana of its big symbol: as_land names it, or is
    empty for the card's own (sr B12.71, B12.76-B12.77)."""
    state = game.state
    _check_priority(game, player)
    obj = state.obj(obj_id)
    if obj.zone is not Zone.HAND or obj.owner != player:
        raise game.refuse(f"{game.name(obj_id)} is not in {game.player_name(player)}'s hand", "land_play")
    if as_land is not None and not game.profile.any_card_as_land:
        raise game.refuse(f"only land cards can be played as lands under {game.profile.name}", "land_play")
    symbol = _source_symbol(game, obj, as_land) if as_land is not None else ""
    if "land" not in game.chars(obj).types and not symbol:
        raise game.refuse(f"{game.name(obj_id)} is not a land", "land_play")
    if not sorcery_timing(game.state, player):
        raise game.refuse(
            "a land is played only in its controller's main phase with an empty stack", "land_play"
        )
    if state.players[player].lands_played >= 1:
        raise game.refuse(f"{game.player_name(player)} has already played a land this turn", "land_play")
    state.players[player].lands_played += 1
    if symbol:
        obj.as_land = symbol
    rules = game.cite("land_play") + (game.cite("card_as_land") if symbol else ())
    game.log("land", rules, player=game.player_name(player), card=game.name(obj_id))
    tapped = enters_tapped_as_land(game, obj, symbol)
    entered = perform(game, [ZoneChange(obj_id, Zone.IN_PLAY, tapped=tapped)]).entered
    if symbol and entered:
        istocnik(game, player, entered[0], obj.card.name)
    state.passes = 0


def _source_symbol(game: Game, obj: GameObject, named: str) -> str:
    """Returns the mana a card played as a land makes: that of its colour, colourless for a colourless card
    (sr B12.76, B12.77); a card of several colours makes that of the big symbol printed on it, which the
    player names and which is one of its colours."""
    colors = game.chars(obj).colors
    symbols = colors or "C"
    if not named and len(symbols) == 1:
        return symbols
    if len(named) == 1 and named in symbols:
        return named
    what = f"{game.name(obj.id)}, {f'of colour {colors}' if colors else 'colourless'},"
    if named:
        raise game.refuse(f"{what} makes {' or '.join(symbols)} mana as a land, not {named}", "card_as_land")
    raise game.refuse(
        f"{what} makes the mana of its big symbol: name one of {', '.join(symbols)}", "card_as_land"
    )


def _log_announcement(
    game: Game, player: int, what: str, chosen: Announced, colors: str, change: CostChange = NO_CHANGE
) -> None:
    """Writes the steps of an announcement to the trace, in the order they were made."""
    if chosen.mode:
        game.log("mode", game.cite("choose_mode"), card=what, mode=chosen.mode)
    if chosen.x or any(e.x for e in chosen.effects):
        game.log("x", game.cite("choose_mode"), card=what, amount=chosen.x)
    if chosen.targets:
        names = ", ".join(describe(game, t) for t in chosen.targets)
        rules = game.cite("choose_targets") + card_target_rules(game, chosen.targets, colors)
        game.log("targets", rules, card=what, other=names)
    if any(chosen.shares):
        split = ", ".join(
            f"{share} to {describe(game, t)}" for t, share in zip(chosen.targets, chosen.shares, strict=True)
        )
        game.log("divide", game.cite("divide"), card=what, other=split)
    if change.steps:
        rules = change_rules(game, change)
        game.log("cost_change", rules, card=what, mana=chosen.cost or "0", other=change.describe())
    if chosen.cost:
        game.log("pay", game.cite("pay"), player=game.player_name(player), mana=chosen.cost)


def play_spell(game: Game, player: int, obj_id: int, proposal: Proposal) -> StackItem:
    """Plays a spell: announce, choose mode and X, targets, division, pay; then it is on the stack."""
    state = game.state
    _check_priority(game, player)
    obj = state.obj(obj_id)
    card = obj.card
    if not playable_from(game, player, obj, proposal.extras):
        raise game.refuse(f"{card.name} is not in {game.player_name(player)}'s hand", "play")
    if "land" in card.types:
        raise game.refuse(f"{card.name} is a land: it is played, not put on the stack", "land_play")
    if proposal.face_down:
        if (
            proposal.extras
            or proposal.mode
            or proposal.targets
            or proposal.x is not None
            or proposal.sacrificed
            or proposal.returned
            or proposal.removed
        ):
            raise game.refuse("a face-down creature spell announces nothing: it has no text", "morph")
        face_down = play_face_down(game, player, obj_id)
        collect_spell_played(game, face_down.source)
        spell_played(game, face_down)
        return face_down
    if card.halves:
        card = choose_half(game, obj, proposal.mode)
        proposal = replace(proposal, mode=None)
    if not card.cost and game.profile.cite_if("no_mana_cost"):
        raise game.refuse(
            f"{card.name} has no mana cost (no mana symbols printed): it can't be played as a spell",
            "no_mana_cost",
        )
    instant = instant_speed(game, card, proposal.extras)
    granted = not instant and card.has_static("play_as_instant")
    if not (instant or granted) and not sorcery_timing(game.state, player):
        raise game.refuse(
            f"{card.name} can be played only in its controller's main phase with an empty stack",
            "sorcery_timing",
        )
    how = spell_play(game, player, obj, proposal.extras, card)
    check_known(game, how.effects + tuple(e for m in how.modes for e in m.effects))
    chosen = announce(
        game, player, card.name, how.effects, how.modes, how.cost, card.colors, proposal, how.change.net
    )
    named = CostObjects(proposal.sacrificed, proposal.returned, proposal.removed)
    objects = cost_objects(game, player, card.name, obj_id, how.alternative, named)
    sacrificed = () if objects.sacrificed else proposal.sacrificed
    victims = cost_victims(game, player, card.name, card.sacrifice, obj_id, sacrificed)
    hand_static = game.profile.cite_if("hand_static") if granted else ()
    game.log(
        "play",
        tuple(
            dict.fromkeys(
                game.cite("play") + game.cite("announce") + game.cite("stack") + how.rules + hand_static
            )
        ),
        player=game.player_name(player),
        card=card.name,
    )
    _log_announcement(game, player, card.name, chosen, card.colors, how.change)
    mana.pay(state.players[player], chosen.cost)
    if how.alternative is not None:
        pay_alternative(game, player, how.alternative, objects)
    pay_sacrifice(game, player, victims)
    moved = perform(game, [ZoneChange(obj_id, Zone.STACK)]).happened[0].new
    assert moved is not None
    moved.paid = proposal.extras
    moved.sacrificed = victims
    moved.half = card.name if obj.card.halves else ""
    item = StackItem(
        state.tick(),
        "spell",
        player,
        moved.id,
        card.name,
        chosen.effects,
        chosen.targets,
        groups=chosen.groups,
        shares=chosen.shares,
        x=chosen.x,
    )
    state.stack.append(item)
    collect_spell_played(game, item.source)
    spell_played(game, item)
    state.passes = 0
    return item


def activate(game: Game, player: int, obj_id: int, index: int, proposal: Proposal) -> StackItem | None:
    """Activates an ability; a mana ability resolves at once, any other goes on the stack."""
    state = game.state
    obj = state.obj(obj_id)
    chars = game.chars(obj)
    if index >= len(chars.abilities):
        raise game.refuse(f"{chars.name} has no ability {index + 1}", "play")
    ability = chars.abilities[index]
    from_zone = works_here(game, player, obj, ability)
    if not ability.is_mana_ability:
        _check_priority(game, player)
    check_timing(game, player, ability)
    if ability.taps:
        if obj.tapped:
            raise game.refuse(f"{chars.name} is already tapped", "tap_cost")
        if chars.is_creature and not obj.controlled_since_turn_start and not chars.has("haste"):
            raise game.refuse(
                f"{chars.name} has not been under its controller's control since the start of the turn",
                "tap_ability",
            )
    check_counters(game, obj, ability, chars.name)
    what = f"the ability of {chars.name}"
    chosen = announce(game, player, what, ability.effects, (), ability.cost, chars.colors, proposal)
    cost_objects(game, player, what, obj.id, None, CostObjects((), proposal.returned, proposal.removed))
    victims = cost_victims(game, player, what, ability.sacrifice, obj.id, proposal.sacrificed)
    if ability.is_mana_ability:
        mana.pay(state.players[player], chosen.cost)
        before = dict(state.players[player].pool)
        _tap_for_cost(game, obj.id, ability.taps)
        pay_counters(game, player, obj, ability, chars.name)
        pay_sacrifice(game, player, victims)
        source = pay_with_card(game, player, obj.id, ability)
        apply_effects(game, ability.effects, (), player, source, chars.name)
        if ability.taps:
            land_tapped_for_mana(game, obj, player, produced(before, state.players[player].pool))
        return None
    game.log(
        "activate",
        game.cite("play") + game.cite("announce") + from_zone,
        player=game.player_name(player),
        card=chars.name,
    )
    _log_announcement(game, player, what, chosen, chars.colors)
    mana.pay(state.players[player], chosen.cost)
    _tap_for_cost(game, obj.id, ability.taps)
    pay_counters(game, player, obj, ability, chars.name)
    pay_sacrifice(game, player, victims)
    item = StackItem(
        state.tick(),
        "ability",
        player,
        pay_with_card(game, player, obj.id, ability),
        chars.name,
        chosen.effects,
        chosen.targets,
        groups=chosen.groups,
        shares=chosen.shares,
        x=chosen.x,
    )
    state.stack.append(item)
    state.passes = 0
    return item


def _still_legal(game: Game, item: StackItem) -> list[bool]:
    """Checks each target again on resolution against the kind of its group (ru 413.2a)."""
    colors = game.source_info(item.source).colors
    aims = targeted(item.effects)
    legal: list[bool] = []
    for target, group in zip(item.targets, item.target_groups(), strict=True):
        aim = aims[group] if group < len(aims) else None
        legal.append(aim is None or target in legal_for(game, aim, colors, item.controller))
    return legal


def resolve_top_item(game: Game) -> None:
    """Resolves the top of the stack; a spell or ability whose targets are all illegal is countered."""
    state = game.state
    item = state.stack.pop()
    if item.kind == MOVE:
        resolve_move(game, item)
        return
    if item.kind == "damage":
        deal_combat_damage(game, item)
        return
    effects = tuple(e for e in item.effects if isinstance(e, Effect))
    legal = _still_legal(game, item)
    if item.targets and not any(legal):
        game.log("fizzle", game.cite("fizzle") + game.cite("counter"), card=item_name(item))
        if item.kind == "spell":
            perform(game, [ZoneChange(item.source, Zone.GRAVEYARD)])
        copy_left_stack(game, item)
        return
    apart = game.cite("ability_apart") if item.kind == "ability" and item.source not in state.objects else ()
    game.log("resolve", game.cite("resolve") + item.rules + apart, card=item_name(item))
    keep = [i for i, ok in enumerate(legal) if ok]
    groups, shares = item.target_groups(), item.shares or (0,) * len(item.targets)
    apply_effects(
        game,
        effects,
        tuple(item.targets[i] for i in keep),
        item.controller,
        item.source,
        item.label,
        item.subject,
        groups=tuple(groups[i] for i in keep),
        shares=tuple(shares[i] for i in keep),
        x=item.x,
        player=item.player,
    )
    if item.kind == "spell" and item.source in state.objects:
        card = state.obj(item.source).card
        if any(t in card.types for t in ("instant", "sorcery")):
            perform(game, [ZoneChange(item.source, leaving_stack(game, item))])
        else:
            host = item.targets[0][1] if card.enchant and item.targets else None
            perform(game, [ZoneChange(item.source, Zone.IN_PLAY, controller=item.controller, attach_to=host)])
    copy_left_stack(game, item)


def _tap_for_cost(game: Game, obj_id: int, taps: bool) -> None:
    """Taps a permanent to pay the {T} of an ability's cost: an event like any tap."""
    if taps and not game.state.obj(obj_id).tapped:
        perform(game, [TapChange(obj_id, True)])
