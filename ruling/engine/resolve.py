"""One-shot effects of the vocabulary, followed in the order written, each on its own group of targets."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ruling.engine import mana, phasing
from ruling.engine.auras import move_aura
from ruling.engine.cards import GRAVEYARD_TARGETS, PER_PLAYER_COUNTS, Effect, Trigger, of_what, token_card
from ruling.engine.choices import choose_colour, choose_creature_type
from ruling.engine.combat_removal import check_combat, remove_from_combat
from ruling.engine.conditions import CONDITIONS, holds
from ruling.engine.conditions import describe as condition_text
from ruling.engine.converted_costs import choose_number, converted_cost, cost_rules, wanted_cost
from ruling.engine.counter_keywords import move_counters
from ruling.engine.counts import counted
from ruling.engine.cycling import search_for_land
from ruling.engine.decisions import Decision, DecisionError
from ruling.engine.delayed import create as create_delayed
from ruling.engine.delayed import describe as describe_delayed
from ruling.engine.durations import after_batch, duration_began
from ruling.engine.durations import condition_text as lasting_condition
from ruling.engine.effects import add_lasting, add_until_end_of_turn
from ruling.engine.equipment import attach_equipment
from ruling.engine.events import (
    CountersPut,
    Damage,
    Draw,
    LifeChange,
    TapChange,
    TokenCreation,
    ZoneChange,
    perform,
)
from ruling.engine.imprint import imprint
from ruling.engine.influence import objects_in_reach, players_in_reach
from ruling.engine.land_keywords import has_threshold
from ruling.engine.lasting import Lasting, LastingKind, While
from ruling.engine.layers import copiable
from ruling.engine.library_effects import mill, search
from ruling.engine.madness import open_window
from ruling.engine.mana_choice import CHOSEN_MANA, choose_mana
from ruling.engine.may import chooses_to
from ruling.engine.provoke import provoke
from ruling.engine.replacement import add_shield, destroy
from ruling.engine.retarget import change_target
from ruling.engine.sacrifice import can_choose, sacrifice
from ruling.engine.sba import lose_game
from ruling.engine.seats import opponents, turn_order
from ruling.engine.spell_copies import copy_left_stack, copy_spells
from ruling.engine.state import PreventAll, Zone
from ruling.engine.subgame import start_subgame
from ruling.engine.targets import SPELL_ITEMS, Target, item_name
from ruling.engine.text import choose_words
from ruling.engine.turn_control import control_next_turn
from ruling.engine.upkeep_keywords import resolve_upkeep_keyword
from ruling.engine.variants import set_life
from ruling.engine.wishes import wish
from ruling.engine.zone_abilities import return_self

if TYPE_CHECKING:
    from ruling.engine.game import Game


def _players(game: Game, effect: Effect, targets: list[Target], controller: int) -> list[int]:
    return players_in_reach(game, controller, _players_named(game, effect, targets, controller))


def _players_named(game: Game, effect: Effect, targets: list[Target], controller: int) -> list[int]:
    if effect.who == "you":
        return [controller]
    if effect.who == "opponent":
        return opponents(game.state, controller)
    if effect.who == "each_player":
        return turn_order(game.state, game.state.active)
    return [t[1] for t in targets if t[0] == "player"]


def _objects(
    game: Game, effect: Effect, targets: list[Target], source: int, subject: int | None
) -> list[int]:
    if subject is not None:
        current = game.state.current(subject)
        return [current] if current in game.state.objects else []
    if effect.who == "self":
        return [source] if source in game.state.objects else []
    if effect.who == "all":
        return objects_in_reach(game, source, _every_creature(game, effect))
    spells = {i.id: i.source for i in game.state.stack if i.kind == "spell"}
    found = [spells[t[1]] for t in targets if t[0] == "spell" and t[1] in spells]
    return found + [t[1] for t in targets if t[0] == "obj" and t[1] in game.state.objects]


def _every_creature(game: Game, effect: Effect) -> list[int]:
    """Returns every permanent of the effect's type (creature by default) and colour (``of_color``) in play
    now: a one-shot "all white creatures get +1/+1 until end of turn" affects those and no others later
    (ru 418.3b, sr D19.32)."""
    found = []
    for obj in game.state.permanents():
        chars = game.chars(obj)
        if (effect.what or "creature") in chars.types and (
            not effect.of_color or effect.of_color in chars.colors
        ):
            found.append(obj.id)
    return found


def _split(
    effects: tuple[Effect, ...], targets: tuple[Target, ...], groups: tuple[int, ...], shares: tuple[int, ...]
) -> list[list[tuple[Target, int]]]:
    """Returns, per effect, its targets with their shares: a targeted effect has its own group, an effect
    without a target kind acts on the group of the targeted effect before it."""
    groups = groups or (0,) * len(targets)
    shares = shares or (0,) * len(targets)
    found: list[list[tuple[Target, int]]] = []
    group = -1
    for effect in effects:
        if effect.target:
            group += 1
        wanted = max(group, 0)
        found.append([(t, s) for t, g, s in zip(targets, groups, shares, strict=True) if g == wanted])
    return found


def apply_effects(
    game: Game,
    effects: tuple[Effect, ...],
    targets: tuple[Target, ...],
    controller: int,
    source: int,
    label: str,
    subject: int | None = None,
    groups: tuple[int, ...] = (),
    shares: tuple[int, ...] = (),
    x: int = 0,
    player: int | None = None,
) -> None:
    """Applies effects in order to the targets still legal, with X and the divided shares announced;
    player is "that player" of a trigger whose event named one."""
    state = game.state
    colors = game.source_info(source).colors
    declined = False
    milled: list[int] = []
    number: int | None = None
    for effect, aimed in zip(effects, _split(effects, targets, groups, shares), strict=True):
        if effect.kind == "if_declined":
            if not declined:
                break
            continue
        if effect.threshold and not has_threshold(state, controller):
            continue
        if effect.kind in CONDITIONS:
            if holds(game, effect, controller):
                continue
            game.log("no_trigger", game.cite("intervening_if"), card=label, other=condition_text(effect))
            break
        if effect.optional and not chooses_to(game, controller, label, can_choose(game, effect, controller)):
            declined = True
            continue
        chosen = [t for t, _ in aimed]
        if effect.who == "that_player":
            chosen = [("player", player)] if player is not None else []
        kind = effect.kind
        once = effect.count and effect.count not in PER_PLAYER_COUNTS
        times = counted(game, effect, controller, label, source=source, milled=milled) if once else 1
        amount = game.amount(effect, x) * times
        if effect.at:
            objects = (
                [source] if effect.watching == "self" else _objects(game, effect, chosen, source, subject)
            )
            create_delayed(game, effect, objects, controller, source, label)
            continue
        if kind == "damage":
            dealt = [
                Damage(source, label, colors, target, share if effect.divided else amount)
                for target, share in aimed
            ]
            if not effect.target:
                players = _players(game, effect, chosen, controller)
                dealt = [Damage(source, label, colors, ("player", i), amount) for i in players]
            perform(game, dealt)
        elif kind in ("gain_life", "lose_life"):
            sign = 1 if kind == "gain_life" else -1
            players = _players(game, effect, chosen, controller)
            amounts = _amounts(game, effect, x, times, players, controller, label)
            perform(game, [LifeChange(i, sign * n) for i, n in amounts.items()])
        elif kind == "draw":
            players = _players(game, effect, chosen, controller)
            draws = _amounts(game, effect, x, times, players, controller, label, scaled=False)
            for index, n in draws.items():
                for _ in range(n):
                    draw_card(game, index)
        elif kind == "discard":
            for index in _players(game, effect, chosen, controller):
                discard(game, index, x if effect.x else effect.amount)
        elif kind == "discard_all":
            for index in _players(game, effect, chosen, controller):
                discard_all(game, index, effect, wanted_cost(effect, number))
        elif kind == "mill":
            for index in _players(game, effect, chosen, controller):
                milled += mill(game, index, effect.amount)
        elif kind == "search":
            for index in _players(game, effect, chosen, controller):
                search(game, index, effect, label)
        elif kind == "wish":
            for index in _players(game, effect, chosen, controller):
                wish(game, index, effect, label)
        elif kind == "choose_number":
            number = choose_number(game, controller, source, label)
        elif kind == "destroy":
            objects = [o for o in _objects(game, effect, chosen, source, subject) if o in state.in_play]
            destroy(game, objects, can_regenerate=not effect.no_regenerate)
        elif kind == "counter":
            _counter(game, chosen)
        elif kind == "change_target":
            change_target(game, chosen, controller)
        elif kind == "copy_spell":
            copy_spells(game, chosen, controller, effect.new_targets, label)
        elif kind == "set_life":
            players = _players(game, effect, chosen, controller)
            set_life(game, _amounts(game, effect, x, times, players, controller, label))
        elif kind in ("win_game", "lose_game"):
            _game_result(game, effect, _players(game, effect, chosen, controller))
        elif kind == "prevent_all":
            creatures = effect.what == "creature"
            state.prevent_all.append(PreventAll(label, creatures, controller, state.tick()))
            what = "all damage creatures would deal" if creatures else "all combat damage"
            game.log("effect", game.cite("prevent_all"), card=label, other=f"prevent {what} this turn")
        elif kind == "destroy_all":
            everything = _all_permanents(game, effect, controller, wanted_cost(effect, number))
            destroy(game, everything, can_regenerate=not effect.no_regenerate)
        elif kind == "put_all_into_play":
            _put_all_into_play(game, effect, controller)
        elif kind == "sacrifice":
            sacrifice(game, effect, _players(game, effect, chosen, controller))
        else:
            _permanent_effect(game, effect, chosen, controller, source, label, subject, amount, times)
    check_combat(game)


def _amounts(
    game: Game,
    effect: Effect,
    x: int,
    times: int,
    players: list[int],
    controller: int,
    label: str,
    scaled: bool = True,
) -> dict[int, int]:
    """Returns the amount of an effect on players for each of them: X or the printed amount (in game
    numbers when scaled), times what was counted, for each player separately when the count is made for
    each (ruling.engine.counts)."""
    base = game.amount(effect, x) if scaled else (x if effect.x else effect.amount)
    if effect.count not in PER_PLAYER_COUNTS:
        return {index: base * times for index in players}
    return {index: base * counted(game, effect, controller, label, index) for index in players}


def _game_result(game: Game, effect: Effect, players: list[int]) -> None:
    """ "You win the game" makes every opponent lose; "you lose the game" makes those players lose (the
    game ends, or goes on without them, as when they lose by life: ru 102.3, sr A3.22)."""
    state = game.state
    winners = effect.kind == "win_game"
    losers = [o for p in players for o in opponents(state, p)] if winners else players
    lose_game(
        game, [(index, "effect_loss") for index in dict.fromkeys(losers) if not state.players[index].lost]
    )


def _all_permanents(game: Game, effect: Effect, controller: int, cost: int | None = None) -> list[int]:
    """Returns the permanents of the effect's card type ("destroy all creatures"), colour and converted
    mana cost that the players it names control, in the order they are in play."""
    players = set(_players(game, effect, [], controller))
    return [
        o.id
        for o in game.state.permanents()
        if game.controller(o) in players
        and of_what(effect.what, game.chars(o).types)
        and (not effect.of_color or effect.of_color in game.chars(o).colors)
        and (cost is None or _costs(game, o.id, cost))
    ]


def _costs(game: Game, obj_id: int, number: int) -> bool:
    """Tells whether an object's converted mana cost is number, naming in the trace the objects that are and
    the split cards that are not (ja 505.6)."""
    cost = converted_cost(game, game.state.obj(obj_id))
    found = cost.is_(number)
    if found or cost.names:
        game.log(
            "cost_is" if found else "cost_not",
            cost_rules(game, cost, asks=True),
            card=game.name(obj_id),
            other=cost.text,
            amount=number,
        )
    return found


def _put_all_into_play(game: Game, effect: Effect, controller: int) -> None:
    """Puts every card of the effect's type from a zone of the players it names into play under its owner's
    control, all at once (one event: they come into play at the same time)."""
    zone = Zone(effect.zone or "graveyard")
    moving = [
        ZoneChange(obj_id, Zone.IN_PLAY, controller=index)
        for index in _players(game, effect, [], controller)
        for obj_id in game.state.players[index].zone(zone)
        if not effect.what or effect.what in game.chars(game.state.obj(obj_id)).types
    ]
    perform(game, moving)


def _counter(game: Game, targets: list[Target]) -> None:
    state = game.state
    for _, item_id in targets:
        item = next((i for i in state.stack if i.id == item_id), None)
        if (
            item is not None
            and item.kind in SPELL_ITEMS
            and item.source in state.objects
            and state.obj(item.source).card.has_static("cant_be_countered")
        ):
            game.log("no_counter", game.profile.cite_if("stack_static"), card=item.label)
        elif item is not None:
            state.stack.remove(item)
            game.log("counter", game.cite("counter"), card=item_name(item))
            if item.kind == "spell":
                perform(game, [ZoneChange(item.source, Zone.GRAVEYARD)])
            copy_left_stack(game, item)


@dataclass(frozen=True)
class _Call:
    """One effect being applied: what _permanent_effect's handlers need."""

    game: Game
    effect: Effect
    targets: list[Target]
    objects: list[int]
    controller: int
    source: int
    label: str
    amount: int
    times: int = 1
    """The number counted on resolution: a counted pump's power and toughness are per thing counted
    (ruling.engine.counts)."""


def _tap(call: _Call) -> None:
    perform(call.game, [TapChange(obj_id, call.effect.kind == "tap") for obj_id in call.objects])


def _pump(call: _Call) -> None:
    scale = call.game.profile.scale * call.times
    p, t = call.effect.power * scale, call.effect.toughness * scale
    if call.effect.as_long_as:
        _lasting(call)
        return
    for obj_id in call.objects:
        add_until_end_of_turn(call.game.state, obj_id, p, t, call.label)
        call.game.log("pump", card=call.game.name(obj_id), amount=f"{p:+d}/{t:+d}")


def _counters(call: _Call) -> None:
    perform(call.game, [CountersPut(obj_id, call.effect.amount) for obj_id in call.objects])


def _token(call: _Call) -> None:
    """Puts tokens into play under the control of the effect's controller, or of "that player"; a counted
    amount is per thing counted (none: no token)."""
    game, effect = call.game, call.effect
    power, toughness = effect.token_pt
    card = token_card(
        effect.token, game.source_info(call.source).colors, power, toughness, effect.pt_counters
    )
    named = [t[1] for t in call.targets if t[0] == "player"]
    players = named if effect.who == "that_player" else [call.controller]
    count = max(effect.amount, 1) * call.times
    maker = call.source if effect.pt_counters else None
    perform(game, [TokenCreation(card, index, maker=maker) for index in players for _ in range(count)])


def _remove_from_combat(call: _Call) -> None:
    for obj_id in call.objects:
        remove_from_combat(call.game, obj_id)


def _regenerate(call: _Call) -> None:
    for obj_id in call.objects:
        add_shield(call.game, "regenerate", ("obj", obj_id), 0, call.label)


def _prevent(call: _Call) -> None:
    recipients = call.targets if call.effect.who == "target" else [("player", call.controller)]
    for target in recipients:
        add_shield(call.game, "prevent", target, call.amount, call.label)


def _redirect(call: _Call) -> None:
    """The next amount of damage to the source permanent (who = "self") or its controller ("you") this
    turn is dealt to the target instead (ja 419.6c, sr D20.63)."""
    recipient = ("obj", call.source) if call.effect.who == "self" else ("player", call.controller)
    for target in call.targets:
        add_shield(call.game, "redirect", recipient, call.amount, call.label, to=target)


def _gain_control(call: _Call) -> None:
    for obj_id in call.objects:
        gain_control(
            call.game,
            obj_id,
            call.controller,
            call.effect.duration == "end_of_turn",
            While(call.effect.as_long_as),
            call.source,
            call.label,
        )


def _move_aura(call: _Call) -> None:
    """Gains control of each local enchantment targeted (for good) and moves it to another permanent."""
    for obj_id in call.objects:
        if call.game.state.obj(obj_id).attached_to is None:
            continue
        gain_control(call.game, obj_id, call.controller, False, While.ALWAYS, call.source, call.label)
        move_aura(call.game, obj_id, call.controller, call.label)


def _copy(call: _Call) -> None:
    kept = _this_ability(call) if call.effect.gains_this_ability else None
    for obj_id in call.objects:
        become_copy(call.game, call.source, obj_id, kept)


def _this_ability(call: _Call) -> Trigger | None:
    """Returns the triggered ability of the source whose effect this is, as the source has it now."""
    state = call.game.state
    if call.source not in state.objects:
        return None
    triggers = copiable(state, state.obj(call.source)).triggers
    return next((t for t in triggers if call.effect in t.effects), None)


def _add_mana(call: _Call) -> None:
    """Adds the mana; with ``what``, once for each permanent of that type the player controls ("add {G}
    for each creature you control": none with no creature, and it is still a mana ability, ru 406.1c);
    mana of any colour or type is chosen now (``mana_choice``)."""
    game, effect = call.game, call.effect
    state = game.state
    for index in _players(game, effect, call.targets, call.controller):
        count = 1
        if effect.what:
            count = sum(effect.what in game.chars(o).types for o in state.permanents(index))
        if not count:
            continue
        symbols = effect.mana
        if symbols in CHOSEN_MANA:
            symbols = choose_mana(game, effect, index, call.source, call.label)
        if symbols:
            mana.add_mana(state.players[index], symbols * count)
            game.log("mana", player=state.players[index].name, mana=symbols * count, card=call.label)


def _lasting(call: _Call) -> None:
    """Creates an until-end-of-turn effect of a layered kind on each object (grant, remove, set_color,
    set_pt, switch_pt, animate, set_subtype, add_subtype); a colour or creature type "of your choice" is
    chosen by the controller as it resolves."""
    game, effect = call.game, call.effect
    scale = game.profile.scale
    kind = _LASTING_KINDS[effect.kind]
    while_ = While(effect.as_long_as)
    if not duration_began(game, while_, call.source, call.controller, call.label):
        return
    for obj_id in call.objects:
        colors, subtype = effect.color, effect.subtype
        if kind is LastingKind.COLOR and effect.choice == "colour":
            colors = choose_colour(game, call.controller, obj_id, call.label)
        if kind in (LastingKind.SUBTYPE, LastingKind.ADD_SUBTYPE) and effect.choice == "creature_type":
            subtype = choose_creature_type(game, call.controller, obj_id, call.label)
        made = add_lasting(
            game.state,
            kind,
            obj_id,
            call.label,
            power=effect.power * scale,
            toughness=effect.toughness * scale,
            keyword=effect.keyword,
            colors=colors,
            subtype=subtype,
            card_type=effect.card_type,
            replaces_types=bool(effect.card_type) and not game.profile.artifact_creature_keeps_types,
            until_end_of_turn=while_ is While.ALWAYS,
            while_=while_,
            source_id=call.source if while_ else None,
            player=call.controller if while_ is While.CONTROL_SOURCE else -1,
        )
        until = (
            "until end of turn"
            if while_ is While.ALWAYS
            else f"as long as {lasting_condition(game, while_, call.source, call.controller)}"
        )
        cited = _LASTING_RULES.get(kind, "")
        if made.card_type:
            cited = "type_set" if made.replaces_types else "type_add"
        rules = game.cite(cited) if cited else ()
        game.log("effect", rules, card=game.name(obj_id), other=f"{made.describe()} {until} ({call.label})")


def _change_text(call: _Call) -> None:
    """Changes a colour word or basic land type in the text of each object (layer 3: ja 418.6a,
    sr D19.61), for good or until end of turn."""
    game, effect = call.game, call.effect
    for obj_id in call.objects:
        old, new = (
            effect.words if effect.words[0] else choose_words(game, call.controller, obj_id, effect.choice)
        )
        add_lasting(
            game.state,
            LastingKind.TEXT,
            obj_id,
            call.label,
            words=(old, new),
            until_end_of_turn=effect.duration == "end_of_turn",
        )
        game.log(
            "text",
            game.profile.cite_if("text_change"),
            card=game.name(obj_id),
            other=f"{new} instead of {old}",
        )


_LASTING_KINDS = {
    "grant": LastingKind.GAIN,
    "remove": LastingKind.LOSE,
    "set_color": LastingKind.COLOR,
    "set_pt": LastingKind.SET_PT,
    "switch_pt": LastingKind.SWITCH,
    "animate": LastingKind.ANIMATE,
    "pump": LastingKind.PUMP,
    "lose_all": LastingKind.LOSE_ALL,
    "set_subtype": LastingKind.SUBTYPE,
    "add_subtype": LastingKind.ADD_SUBTYPE,
}


_LASTING_RULES = {
    LastingKind.SUBTYPE: "type_set",
    LastingKind.ADD_SUBTYPE: "type_add",
    LastingKind.LOSE_ALL: "abilities_removed",
}
"""The rule keys the trace cites as such an effect begins (the other kinds cite none yet)."""


def _minus_counters(call: _Call) -> None:
    perform(call.game, [CountersPut(obj_id, call.effect.amount, minus=True) for obj_id in call.objects])


def _move(call: _Call) -> None:
    """Puts each permanent, or each targeted card in a graveyard, into its owner's zone the effect names
    ("remove it from the game", "return it to its owner's hand"; on top of the library)."""
    game = call.game
    cards = call.effect.target in GRAVEYARD_TARGETS
    moving = [o for o in call.objects if o in game.state.in_play or (cards and _in_graveyard(game, o))]
    for obj_id in moving:
        game.log("effect", card=game.name(obj_id), other=f"{describe_delayed(call.effect)} ({call.label})")
    perform(game, [ZoneChange(obj_id, Zone(call.effect.zone)) for obj_id in moving])


def _in_graveyard(game: Game, obj_id: int) -> bool:
    return game.state.obj(obj_id).zone is Zone.GRAVEYARD


def _return_self(call: _Call) -> None:
    if call.effect.target and not call.objects:
        return
    host = call.objects[0] if call.effect.target else None
    return_self(call.game, call.source, call.label, call.effect.zone, host)


def _poison(call: _Call) -> None:
    """The players the effect names get poison counters (ja 420.5h: ten or more lose)."""
    for index in _players(call.game, call.effect, call.targets, call.controller):
        player = call.game.state.players[index]
        player.poison += call.effect.amount
        call.game.log("poison", call.game.cite("sba_poison"), player=player.name, amount=player.poison)


def _upkeep_keyword(call: _Call) -> None:
    for obj_id in call.objects:
        resolve_upkeep_keyword(call.game, call.effect.kind, obj_id, call.controller)


def _equip(call: _Call) -> None:
    for obj_id in call.objects:
        attach_equipment(call.game, call.source, obj_id, call.controller)


def _imprint(call: _Call) -> None:
    imprint(call.game, call.source, call.controller, call.effect.what)


def _provoke(call: _Call) -> None:
    provoke(call.game, call.source, call.objects)


def _modular(call: _Call) -> None:
    move_counters(call.game, call.objects, call.effect.amount)


def _madness(call: _Call) -> None:
    for obj_id in call.objects:
        open_window(call.game, obj_id)


def _phase_out(call: _Call) -> None:
    phasing.phase_out(call.game, call.objects, phasing.cite(call.game, "event"))


def _phase_all(call: _Call) -> None:
    phasing.phase_all(call.game, call.effect.what, call.label)


def _landcycling(call: _Call) -> None:
    search_for_land(call.game, call.controller, call.effect.subtype)


_HANDLERS: dict[str, Callable[[_Call], None]] = {
    **dict.fromkeys(_LASTING_KINDS, _lasting),
    "change_text": _change_text,
    "minus_counters": _minus_counters,
    "tap": _tap,
    "untap": _tap,
    "pump": _pump,
    "counters": _counters,
    "token": _token,
    "remove_from_combat": _remove_from_combat,
    "regenerate": _regenerate,
    "prevent": _prevent,
    "redirect": _redirect,
    "gain_control": _gain_control,
    "move_aura": _move_aura,
    "copy": _copy,
    "add_mana": _add_mana,
    "move": _move,
    "return_self": _return_self,
    "control_turn": lambda call: control_next_turn(
        call.game, [t[1] for t in call.targets if t[0] == "player"], call.controller, call.label
    ),
    "subgame": lambda call: start_subgame(call.game, call.controller, call.label),
    "poison": _poison,
    "echo": _upkeep_keyword,
    "fading": _upkeep_keyword,
    "cumulative_upkeep": _upkeep_keyword,
    "equip": _equip,
    "madness": _madness,
    "modular": _modular,
    "provoke": _provoke,
    "imprint": _imprint,
    "landcycling": _landcycling,
    "phase_out": _phase_out,
    "phase_all": _phase_all,
}


def _permanent_effect(
    game: Game,
    effect: Effect,
    targets: list[Target],
    controller: int,
    source: int,
    label: str,
    subject: int | None,
    amount: int,
    times: int = 1,
) -> None:
    handler = _HANDLERS.get(effect.kind)
    if handler is not None:
        objects = _objects(game, effect, targets, source, subject)
        handler(_Call(game, effect, targets, objects, controller, source, label, amount, times))


def gain_control(
    game: Game,
    obj_id: int,
    player: int,
    until_end_of_turn: bool,
    while_: While = While.ALWAYS,
    source: int | None = None,
    label: str = "",
) -> None:
    """Gives player control of a permanent: a control-changing effect (layer 2) until end of turn, for as
    long as its condition holds, or for good; the permanent has not been theirs since the turn began."""
    state = game.state
    if obj_id not in state.in_play:
        return
    label = label or game.name(obj_id)
    if not duration_began(game, while_, source, player, label):
        return
    effect = Lasting(
        LastingKind.CONTROL,
        obj_id,
        state.tick(),
        label,
        until_end_of_turn=until_end_of_turn,
        player=player,
        while_=while_,
        source_id=source,
    )
    state.lasting.append(effect)
    after_batch(game)


def become_copy(game: Game, obj_id: int, original: int, kept: Trigger | None = None) -> None:
    """Makes a permanent a copy of another until it leaves play: a copy effect (layer 1) that gives it the
    other's copiable values, with kept among them, an ability the copy effect grants (ja 503.9); it has had
    that name since now. The effect is named by the permanent's printed card, as a setup's copy line names
    it."""
    state = game.state
    if obj_id not in state.in_play or obj_id == original:
        return
    name = game.name(obj_id)
    card = copiable(state, state.obj(original))
    if kept is not None and kept not in card.triggers:
        card = replace(card, triggers=(*card.triggers, kept))
    printed = state.obj(obj_id).card.name
    state.lasting.append(
        Lasting(LastingKind.COPY, obj_id, state.tick(), printed, card=card, until_end_of_turn=False)
    )
    game.log("copy", card=name, other=card.name)


def draw_card(game: Game, index: int, rules: tuple[str, ...] = ()) -> None:
    """Draws the top card; from an empty library the player is marked to lose at the next check."""
    perform(game, [Draw(index, rules)])


def discard_all(game: Game, index: int, effect: Effect, cost: int | None) -> None:
    """The player reveals their hand and discards every card of the effect's card type (not of its
    not_type) and converted mana cost, all at once."""
    player = game.state.players[index]
    names = ", ".join(game.name(i) for i in player.hand) or "-"
    game.log("reveal_hand", player=player.name, other=names)
    types = {obj_id: game.chars(game.state.obj(obj_id)).types for obj_id in player.hand}
    picked = [
        obj_id
        for obj_id in player.hand
        if of_what(effect.what, types[obj_id])
        and not (effect.not_type and effect.not_type in types[obj_id])
        and (cost is None or _costs(game, obj_id, cost))
    ]
    for obj_id in picked:
        game.log("discard", player=player.name, card=game.name(obj_id))
    perform(game, [ZoneChange(obj_id, Zone.GRAVEYARD) for obj_id in picked])


def discard(game: Game, index: int, count: int, rules: tuple[str, ...] = ()) -> None:
    """The player discards count cards of their choice, all at once (one event)."""
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
    perform(game, [ZoneChange(obj_id, Zone.GRAVEYARD) for obj_id in picked])
