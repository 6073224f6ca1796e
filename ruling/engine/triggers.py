"""Triggered abilities: collected from events, put on the stack in APNAP order at the next priority."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ruling.engine.cards import PLAYER_TRIGGERS, ZONE_TRIGGERS, Effect, Trigger
from ruling.engine.conditions import CONDITIONS, holds
from ruling.engine.conditions import describe as condition_text
from ruling.engine.decisions import Decision
from ruling.engine.influence import event_in_range
from ruling.engine.layers import triggers_of
from ruling.engine.may import chooses_to, chosen_on_stack
from ruling.engine.seats import turn_order
from ruling.engine.state import GameObject, Pending, StackItem, Zone
from ruling.engine.targets import card_target_rules, describe, is_target, legal_for, protected

if TYPE_CHECKING:
    from ruling.engine.events import Damage
    from ruling.engine.game import Game
    from ruling.engine.layers import Characteristics


def _pending(
    game: Game,
    obj: GameObject,
    trigger: Trigger,
    subject: int | None = None,
    cited: tuple[str, ...] = (),
    player: int | None = None,
) -> None:
    """Adds a trigger of obj (which may have left play: its last known name is used), whose effects may act
    on subject ("that creature") and player ("that player"); cited goes to the trace only."""
    name = game.name(obj.id)
    first = trigger.effects[0] if trigger.effects else None
    controller = game.controller(obj)
    if first is not None and first.kind in CONDITIONS and not holds(game, first, controller):
        game.log("no_trigger", game.cite("intervening_if"), card=name, other=condition_text(first))
        return
    game.state.pending.append(
        Pending(controller, obj.id, name, tuple(trigger.effects), trigger.target, (), subject, player)
    )
    game.log("trigger", cited, player=game.player_name(controller), card=name)


def collect(game: Game, when: str, player: int | None = None, cited: tuple[str, ...] = ()) -> None:
    """Collects the triggers of permanents for an event, and those of graveyard cards that trigger from
    there (ja 402.9, sr D3.96); player limits 'your_…' triggers to that player; cited goes to the trace."""
    state = game.state
    for obj in state.permanents():
        for trigger in triggers_of(state, obj):
            if not trigger.zone and _waits_for(game, obj, trigger, when, player):
                _pending(game, obj, trigger, cited=cited, player=_named(trigger, player))
    for owner in turn_order(state, state.active) if when in ZONE_TRIGGERS else ():
        for obj_id in reversed(state.players[owner].graveyard):
            card = state.obj(obj_id)
            for trigger in card.card.triggers:
                if trigger.zone == "graveyard" and _waits_for(game, card, trigger, when, player):
                    _pending(
                        game, card, trigger, cited=game.cite("zone_trigger"), player=_named(trigger, player)
                    )


def collect_spell_played(game: Game, spell: int) -> None:
    """Collects the "whenever a player plays a spell" abilities of permanents; one that names a colour or a
    card type ("a red spell", "an artifact spell") only for a spell that has it as it is played."""
    state = game.state
    chars = game.chars(state.obj(spell))
    for obj in state.permanents():
        for trigger in triggers_of(state, obj):
            if (
                trigger.when == "any_spell_played"
                and not trigger.zone
                and trigger.matches(chars.colors, chars.types)
            ):
                _pending(game, obj, trigger)


def _named(trigger: Trigger, player: int | None) -> int | None:
    """Returns "that player" of a trigger whose event names one (the player whose upkeep it is)."""
    return player if trigger.when in PLAYER_TRIGGERS else None


def _waits_for(game: Game, obj: GameObject, trigger: Trigger, when: str, player: int | None) -> bool:
    if trigger.when == "your_upkeep":
        return when == "each_upkeep" and game.controller(obj) == player
    return trigger.when == when


def collect_object_triggers(
    game: Game, obj: GameObject, when: str, player: int | None = None, cited: tuple[str, ...] = ()
) -> None:
    """Collects the triggers of one object for an event that happened to it (it attacked, blocked…), which
    may name a player ("that player")."""
    for trigger in game.chars(obj).triggers if obj.id in game.state.objects else ():
        if trigger.when == when:
            _pending(game, obj, trigger, cited=cited, player=player)


def collect_leaving(
    game: Game,
    left: list[tuple[GameObject, Characteristics, Zone]],
    before: list[tuple[GameObject, Characteristics]],
    cited: tuple[str, ...] = (),
) -> None:
    """Collects the triggers of objects that left play together, looking back in time: each one's own
    "put into a graveyard" ability, and the "whenever a creature is put into a graveyard from play"
    abilities of every permanent that was in play before, those that left with them included
    (ru 410.10d, ja 410.10d, sr D11.104); and "when this leaves play" and an aura's "when enchanted
    creature leaves play", whatever zone it went to, whose "that player" is the player who controlled it
    (ru 410.10c, ja 410.10c, sr D11.103, D11.106). cited adds the rules that made them leave (phasing
    out, ja 502.15d)."""
    for old, chars, zone in left:
        _leaves_play(game, old, chars, before, cited)
        if zone is not Zone.GRAVEYARD:
            continue
        for trigger in chars.triggers:
            if trigger.when == "put_into_graveyard":
                _pending(game, old, trigger, cited=game.cite("look_back"))
        for watcher, watcher_chars in before:
            for trigger in watcher_chars.triggers:
                creature = trigger.when == "a_creature_put_into_graveyard" and chars.is_creature
                permanent = trigger.when == "a_permanent_put_into_graveyard" and trigger.matches(
                    chars.colors, chars.types
                )
                if (creature or permanent) and event_in_range(game, watcher, old):
                    gone = watcher.id not in game.state.in_play
                    _pending(game, watcher, trigger, cited=game.cite("look_back") if gone else ())


def _leaves_play(
    game: Game,
    old: GameObject,
    chars: Characteristics,
    before: list[tuple[GameObject, Characteristics]],
    extra: tuple[str, ...],
) -> None:
    """Collects the leaves-play abilities of a permanent that left play and of the auras that enchanted it,
    looking back in time: an aura that left too, or that state-based actions put into a graveyard next,
    still triggers (sr D11.106)."""
    player = game.controller(old)
    cited = game.cite("leaves_play_trigger") + game.cite("look_back") + extra
    for trigger in chars.triggers:
        if trigger.when == "leaves_play" and not trigger.watches:
            _pending(game, old, trigger, cited=cited, player=player)
    for watcher, watcher_chars in before:
        if watcher.attached_to != old.id:
            continue
        for trigger in watcher_chars.triggers:
            if trigger.when == "leaves_play" and trigger.watches == "enchanted":
                rules = cited + game.profile.cite_if("aura_follows")
                _pending(game, watcher, trigger, cited=rules, player=player)


def collect_entering(game: Game, creatures: list[GameObject]) -> None:
    """Collects the "whenever a creature comes into play" abilities of the permanents in play after the
    event, for each creature that entered, which is "that creature" to their effects (with the
    characteristics effects give it as it enters: ru 410.10b, ja 410.10b, sr D11.102)."""
    for creature in creatures:
        for watcher in game.state.permanents():
            for trigger in game.chars(watcher).triggers:
                if trigger.when == "a_creature_comes_into_play" and not (
                    trigger.another and watcher.id == creature.id
                ):
                    _pending(game, watcher, trigger, subject=creature.id)


def add_keyword_trigger(
    game: Game, obj: GameObject, label: str, effect: Effect, subject: int, rules: tuple[str, ...]
) -> None:
    """Adds a keyword's trigger (flanking, rampage) aimed at a fixed object."""
    controller = game.controller(obj)
    game.state.pending.append(Pending(controller, obj.id, label, (effect,), None, rules, subject))
    game.log("trigger", rules, player=game.player_name(controller), card=label)


def put_triggers_on_stack(game: Game) -> bool:
    """Puts waiting triggers on the stack in APNAP order (the active player's first, then each other player's
    in turn order), each player ordering their own; tells if any."""
    state = game.state
    if not state.pending:
        return False
    waiting, state.pending = state.pending, []
    for player in turn_order(state, state.active):
        mine = [p for p in waiting if p.controller == player]
        while mine:
            if len(mine) > 1:
                labels = tuple(p.label for p in mine)
                same = len(set(labels)) == 1
                chosen = game.ask(Decision("order", player, options=labels, forced=same), labels[0])
                pick = next((p for p in mine if p.label == chosen), mine[0])
            else:
                pick = mine[0]
            mine.remove(pick)
            _stack_trigger(game, pick)
    return True


def _stack_trigger(game: Game, pending: Pending) -> None:
    """Puts one trigger on the stack with a target chosen among the legal ones; one with no legal target is
    removed (ru 410.3), an illegal choice is refused citing the rule that makes it illegal."""
    state = game.state
    effects = pending.effects
    if chosen_on_stack(game, pending):
        if not chooses_to(game, pending.controller, pending.label, rules=game.cite("may_on_stack")):
            return
        first = effects[0]
        if isinstance(first, Effect):
            effects = (replace(first, optional=False), *effects[1:])
    targets: tuple[tuple[str, int], ...] = ()
    if pending.target_kind:
        colors = game.source_info(pending.source).colors
        # target_kind is the kind of the trigger's targeted effect (Trigger.target): its colour limits too.
        aim = next(e for e in pending.effects if isinstance(e, Effect) and e.target == pending.target_kind)
        options = tuple(legal_for(game, aim, colors, pending.controller))
        if not options:
            return
        default = options[0] if len(options) == 1 else None
        chooser = pending.player if aim.chosen_by and pending.player is not None else pending.controller
        decision = Decision("target", chooser, pending.source, options, forced=len(options) == 1)
        chosen = game.ask(decision, default)
        if not isinstance(chosen, tuple) or chosen not in options:
            what = describe(game, chosen) if is_target(chosen) else repr(chosen)
            key = (
                "target_protection"
                if is_target(chosen) and protected(game, chosen, colors)
                else "choose_targets"
            )
            raise game.refuse(f"{what} is not a legal target of {pending.label}'s ability", key)
        targets = (chosen,)
        rules = game.cite("choose_targets") + card_target_rules(game, targets, colors)
        game.log("targets", rules, card=pending.label, other=describe(game, chosen))
    rules = pending.rules or game.cite("apnap")
    item = StackItem(
        state.tick(),
        "ability",
        pending.controller,
        pending.source,
        pending.label,
        effects,
        targets,
        subject=pending.subject,
        player=pending.player,
        rules=rules,
    )
    state.stack.append(item)


def damage_triggers(game: Game, dealt: list[Damage]) -> None:
    """Collects the abilities a batch of damage triggers, matched against the whole batch: each source
    that dealt damage to a player ("deals damage to a player", "deals combat damage to a player"), once per
    player it hit, that player being "that player" of its effects (one event, several occurrences: ru 410.6,
    ja 410.6, sr D11.60); and each permanent that was dealt damage ("is dealt damage", once per batch)."""
    state = game.state
    hitting = dict.fromkeys((e.source, e.recipient[1], e.combat) for e in dealt if e.recipient[0] == "player")
    for source, player, combat in hitting:
        if source is None or source not in state.objects or state.obj(source).zone is not Zone.IN_PLAY:
            continue
        several = sum(1 for s, _, _ in hitting if s == source) > 1
        cited = game.cite("trigger_occurrences") if several else ()
        collect_object_triggers(game, state.obj(source), "deals_damage_to_player", player, cited)
        if combat:
            collect_object_triggers(game, state.obj(source), "deals_combat_damage_to_player", player, cited)
    hurt = [e.recipient[1] for e in dealt if e.recipient[0] == "obj"]
    for obj_id in dict.fromkeys(hurt):
        if obj_id in state.objects and state.obj(obj_id).zone is Zone.IN_PLAY:
            collect_object_triggers(game, state.obj(obj_id), "is_dealt_damage")


def life_triggers(game: Game, players: list[int]) -> None:
    """Collects the "whenever you gain life" abilities of the permanents each player who gained life in a
    batch controls (once per batch; a gain replaced by something else is no gain)."""
    for obj in game.state.permanents():
        for trigger in game.chars(obj).triggers:
            if trigger.when == "you_gain_life" and game.controller(obj) in players:
                _pending(game, obj, trigger)


def add_trigger(
    game: Game,
    obj: GameObject,
    trigger: Trigger,
    subject: int | None,
    cited: tuple[str, ...] = (),
    player: int | None = None,
) -> None:
    """Adds a trigger of obj whose effects act on subject ("destroy that creature") and player ("that
    player"), if any."""
    _pending(game, obj, trigger, subject, cited, player)
