"""Setup lines for the stack (bottom first) and for triggered abilities waiting to be put on it.

stack: alice plays Lightning Bolt as bolt targeting bear          # a spell: its card, mode, X, targets
stack: bob plays Rolling Thunder as rt with X=3 dividing 2 to bear, 1 to alice
stack: alice activates sorcerer targeting bob                     # its first non-mana ability
stack: alice trigger 2 of healer                                  # the card's second trigger
stack: alice trigger of specter, that player bob                  # one whose event named a player
stack: alice trigger of mantle, that creature elf                 # … or another creature
stack: alice trigger of Messenger Zombie (left play)               # its source has left play
stack: alice flanking of lancer: bear -1/-1                       # a keyword trigger aimed at one creature
stack: alice rampage 2 of giant                                   # its bonus counted as it resolves
stack: combat damage: wurm 3 to bear, bear 2 to wurm, goblin 2 to bob
pending: alice trigger of healer                                  # triggered, not yet on the stack
"""

from __future__ import annotations

import re
from dataclasses import replace

from ruling.engine.announce import targeted
from ruling.engine.cards import CardDef, Effect, EffectKind, rampage_effect
from ruling.engine.creature_moving import MOVE
from ruling.engine.split_cards import half_named
from ruling.engine.state import Pending, SourceInfo, StackItem, Zone
from ruling.engine.targets import COPY, Target
from ruling.numbers import read_whole
from ruling.scenario.announcement import AnnouncementText, split_announcement
from ruling.scenario.notation import LEFT_PLAY, Reader, Writer, split_items
from ruling.scenario.setup_keywords import keyword_item_text, keyword_spell, read_keyword_item
from ruling.scenario.setup_variant import read_move_line

_ORDINAL = re.compile(r"^(?P<kind>ability|trigger)(?: (?P<n>[0-9]+))? of (?P<source>.+)$")
_KEYWORD = re.compile(
    r"^(?P<label>flanking) of (?P<source>.+?): (?P<who>.+?) (?P<p>[+-][0-9]+)/(?P<t>[+-][0-9]+)$"
)
_RAMPAGE = re.compile(r"^(?P<label>rampage (?P<bonus>[0-9]+)) of (?P<source>.+)$")
_KEYWORD_LABEL = re.compile(r"^(?:flanking|rampage [0-9]+)$")
"""The label of a keyword trigger aimed at one creature, written with what it will do to it."""
_DAMAGE = re.compile(r"^(?P<source>.+?) (?P<n>[0-9]+) to (?P<who>.+)$")
_THAT_PLAYER = ", that player "
"""Ends a trigger whose event named a player, the one its effects call "that player"."""
_THAT_CREATURE = ", that creature "
"""Ends a trigger whose event named another creature, the one its effects call "that creature"."""


def read_stack_line(reader: Reader, rest: str, line: int, pending: bool) -> None:
    """Reads one 'stack:' line (pending False) or 'pending:' line (pending True)."""
    state = reader.state
    if rest.startswith("combat damage:") and not pending:
        item = StackItem(state.tick(), "damage", state.active, 0, "combat damage")
        state.stack.append(item)
        reader.later.append(lambda: _read_damage(reader, item, rest[len("combat damage:") :].strip(), line))
        return
    words = rest.split(None, 2)
    if len(words) < 3 or not reader.is_player(words[0]):
        raise reader.error(
            line,
            f"expected 'PLAYER plays …', 'PLAYER activates …', 'PLAYER trigger of …' or "
            f"'combat damage: …', got {rest!r}",
        )
    player = reader.player(words[0], line)
    text = " ".join(words[1:])
    for suffix, kind in ((_THAT_PLAYER, "PLAYER"), (_THAT_CREATURE, "OBJECT")):
        if suffix in text and not words[1].startswith("trigger"):
            raise reader.error(
                line, f"expected '{suffix.strip(', ')} {kind}' on a trigger only, got {rest!r}"
            )
    if words[1] == "moves" and not pending:
        read_move_line(reader, player, words[2], line)
    elif words[1] in ("plays", "casts") and not pending:  # casts: today's word for playing a spell
        _read_spell(reader, player, words[2], line)
    elif words[1] == "activates" and not pending:
        ordinal = words[2] if words[2].startswith("ability ") else "ability of " + words[2]
        _read_ability(reader, player, ordinal, line, pending)
    elif (keyword := _KEYWORD.match(text)) is not None:
        _read_keyword(reader, player, keyword, line, pending)
    elif (rampage := _RAMPAGE.match(text)) is not None:
        _read_rampage(reader, player, rampage, line, pending)
    elif read_keyword_item(reader, player, text, line, pending):
        return
    elif _ORDINAL.match(split_announcement(text, reader.path, line).what):
        text, _, named = text.partition(_THAT_PLAYER)
        text, _, creature = text.partition(_THAT_CREATURE)
        entry = _read_ability(reader, player, text, line, pending)
        if named:
            entry.player = reader.player(named.strip(), line)
        if creature:
            reader.later.append(lambda: setattr(entry, "subject", reader.obj(creature.strip(), line)))
    else:
        raise reader.error(line, f"expected a spell, an ability or a trigger, got {rest!r}")


def _announced(reader: Reader, text: str, line: int) -> AnnouncementText:
    """Splits the announcement of a stack item; its costs were paid before the position, so it names no
    permanent sacrificed."""
    words = split_announcement(text, reader.path, line)
    if words.pays_with_objects:
        raise reader.error(
            line,
            "expected no 'sacrificing', 'returning' or 'removing' on a 'stack:' line: its cost is already "
            "paid (list the objects where the cost put them, and a source that left as 'NAME (left play)')",
        )
    return words


def _read_spell(reader: Reader, player: int, text: str, line: int) -> None:
    state = reader.state
    words = _announced(reader, text, line)
    ids = reader.add_item(words.what, player, Zone.STACK, line, controller=player)
    if len(ids) != 1:
        raise reader.error(line, f"expected one spell per 'stack:' line, got {words.what!r}")
    obj_id = ids[0]
    card = state.obj(obj_id).card
    if card.halves:
        half = half_named(card, words.mode or "")
        if half is None:
            names = ", ".join(h.name for h in card.halves)
            raise reader.error(line, f"expected 'choosing HALF' ({names}) for the split card {card.name}")
        state.obj(obj_id).half = half.name
        card, words = half, replace(words, mode=None)
    effects = card.announced_effects
    entwined = "entwine" in state.obj(obj_id).paid
    if card.modes and words.mode is None and not entwined:
        raise reader.error(line, f"expected 'choosing MODE' for the modal spell {card.name}")
    if words.mode is not None:
        mode = next((m for m in card.modes if m.name == words.mode), None)
        if mode is None:
            raise reader.error(
                line, f"expected a mode of {card.name} ({', '.join(m.name for m in card.modes)})"
            )
        effects = mode.effects
    item = StackItem(state.tick(), "spell", player, obj_id, card.name, effects, x=words.x or 0)
    keyword_spell(item, state.obj(obj_id))
    state.stack.append(item)
    reader.later.append(lambda: _read_targets(reader, item, words, line))


def _source(reader: Reader, text: str, line: int) -> tuple[int, CardDef | None]:
    """Returns the id and card of an ability's source; 'NAME (left play)' names a card that has left."""
    if text.endswith(LEFT_PLAY.strip()):
        name = text[: -len(LEFT_PLAY.strip())].strip()
        if not name:
            return reader.gone(), None
        card, gone = reader.card(name, line), reader.gone()
        reader.state.last_known[gone] = SourceInfo(card.name, card.colors)
        return gone, card
    obj_id = reader.obj(text, line)
    return obj_id, reader.state.obj(obj_id).card


def _read_ability(reader: Reader, player: int, text: str, line: int, pending: bool) -> Pending | StackItem:
    """Reads an activated or triggered ability; returns its entry of the stack or of the pending triggers."""
    state = reader.state
    words = _announced(reader, text, line)
    match = _ORDINAL.match(words.what)
    assert match is not None
    source, card = _source(reader, match["source"], line)
    if card is None:
        raise reader.error(line, f"expected the card name of the source, got {match['source']!r}")
    index = (
        read_whole(match["n"] or "1", f"the number of the {match['kind']}", (reader.path, line), low=1) - 1
    )
    if match["kind"] == "ability":
        choices: list[tuple[Effect, ...]] = [a.effects for a in card.abilities if not a.is_mana_ability]
    else:
        choices = [t.effects for t in card.triggers]
    if index >= len(choices):
        raise reader.error(line, f"expected {card.name} to have {match['kind']} {index + 1}")
    effects = choices[index]
    if pending:
        kind = next((e.target for e in effects if e.target), None)
        entry = Pending(player, source, card.name, effects, kind)
        state.pending.append(entry)
        return entry
    rules = reader.profile.cite("apnap") if match["kind"] == "trigger" else ()
    item = StackItem(state.tick(), "ability", player, source, card.name, effects, x=words.x or 0, rules=rules)
    state.stack.append(item)
    reader.later.append(lambda: _read_targets(reader, item, words, line))
    return item


def _read_rampage(reader: Reader, player: int, match: re.Match[str], line: int, pending: bool) -> None:
    state = reader.state
    if not reader.profile.has_keyword("rampage"):
        raise reader.error(line, f"expected a keyword of {reader.profile.name}: it has no rampage")
    source, _ = _source(reader, match["source"], line)
    bonus = read_whole(match["bonus"], "the rampage bonus", (reader.path, line))
    effects = (rampage_effect(bonus),)
    rules = reader.profile.cite("rampage")
    if pending:
        state.pending.append(Pending(player, source, match["label"], effects, None, rules, source))
    else:
        item = StackItem(state.tick(), "ability", player, source, match["label"], effects, rules=rules)
        item.subject = source
        state.stack.append(item)


def _read_keyword(reader: Reader, player: int, match: re.Match[str], line: int, pending: bool) -> None:
    state = reader.state
    label = match["label"]
    source, _ = _source(reader, match["source"], line)
    scale = reader.profile.scale
    power = read_whole(match["p"], "the power change", (reader.path, line), signed=True)
    toughness = read_whole(match["t"], "the toughness change", (reader.path, line), signed=True)
    if power % scale or toughness % scale:
        raise reader.error(line, f"expected game numbers that are multiples of {scale}")
    effect = Effect(EffectKind.PUMP, power=power // scale, toughness=toughness // scale)
    rules = reader.profile.cite(label.split()[0])
    if pending:
        entry = Pending(player, source, label, (effect,), None, rules)
        state.pending.append(entry)
        reader.later.append(lambda: setattr(entry, "subject", reader.obj(match["who"], line)))
        return
    item = StackItem(state.tick(), "ability", player, source, label, (effect,), rules=rules)
    state.stack.append(item)
    reader.later.append(lambda: setattr(item, "subject", reader.obj(match["who"], line)))


def _read_targets(reader: Reader, item: StackItem, words: AnnouncementText, line: int) -> None:
    """Puts the announced targets on item, one group per targeted effect, the divided one with shares."""
    wanted = targeted(item.effects)
    given = list(words.groups)
    targets: list[Target] = []
    groups: list[int] = []
    shares: list[int] = []
    for index, effect in enumerate(wanted):
        if effect.divided and words.division:
            names = [name for name, _ in words.division]
            amounts = [amount for _, amount in words.division]
        elif given:
            names = list(given.pop(0))
            amounts = [0] * len(names)
        else:
            raise reader.error(line, f"expected {len(wanted)} group(s) of targets for {item.label}")
        targets += [reader.target(name, line) for name in names]
        groups += [index] * len(names)
        shares += amounts
    if given:
        raise reader.error(line, f"expected {len(wanted)} group(s) of targets for {item.label}")
    item.targets, item.groups, item.shares = tuple(targets), tuple(groups), tuple(shares)


def _read_damage(reader: Reader, item: StackItem, text: str, line: int) -> None:
    damage: list[tuple[int, str, int, int]] = []
    for share in split_items(text) if text != "none" else []:
        match = _DAMAGE.match(share)
        if match is None:
            raise reader.error(line, f"expected 'SOURCE N to RECIPIENT', got {share!r}")
        kind, ident = reader.target(match["who"], line)
        amount = read_whole(match["n"], "the combat damage", (reader.path, line))
        damage.append((reader.obj(match["source"], line), kind, ident, amount))
    item.damage = tuple(damage)


def stack_lines(writer: Writer) -> list[str]:
    """Returns the stack, bottom first, then the triggers waiting to be put on it; a spell another item
    targets or copies is named with its alias on its own line, so that the later line can name it."""
    state = writer.state
    sources = {item.id: item.source for item in state.stack}
    named = [item.source for item in state.stack if item.kind == COPY]
    named += [
        sources[i] for item in state.stack for kind, i in item.targets if kind == "spell" and i in sources
    ]
    for source in named:
        if source in state.objects:
            writer.alias(source)
    lines = [f"stack: {_item_text(writer, item)}" for item in state.stack]
    for entry in state.pending:
        player = state.players[entry.controller].name
        if (keyword := keyword_item_text(writer, entry)) is not None:
            text = keyword
        elif entry.subject is not None and _KEYWORD_LABEL.match(entry.label):
            text = _keyword_text(writer, entry.label, entry.source, entry.effects, entry.subject)
        else:
            text = _ordinal_text(writer, "trigger", entry.source, entry.label, entry.effects)
            text += _those(writer, entry.subject, entry.player)
        lines.append(f"pending: {player} {text}")
    return lines


def _item_text(writer: Writer, item: StackItem) -> str:
    state = writer.state
    if item.kind == "damage":
        shares = [
            f"{writer.ref(source)} {amount} to {writer.target((kind, ident))}"
            for source, kind, ident, amount in item.damage
        ]
        return f"combat damage: {', '.join(shares) or 'none'}"
    player = state.players[item.controller].name
    if item.kind == MOVE:
        return f"{player} moves {writer.ref(item.source)} to {writer.target(item.targets[0])}"
    if (keyword := keyword_item_text(writer, item)) is not None:
        return f"{player} {keyword}"
    if item.subject is not None and _KEYWORD_LABEL.match(item.label):
        return f"{player} {_keyword_text(writer, item.label, item.source, item.effects, item.subject)}"
    card = state.obj(item.source).card if item.source in state.objects else None
    if item.kind == "spell":
        assert card is not None
        mode = state.obj(item.source).half or next(
            (m.name for m in card.modes if m.effects == item.effects), None
        )
        text = f"plays {writer.item(state.obj(item.source))}" + (f" choosing {mode}" if mode else "")
        uses_x = "X" in card.cost
    elif item.rules:
        text = _ordinal_text(writer, "trigger", item.source, item.label, item.effects)
        uses_x = False
        those = _those(writer, item.subject, item.player)
        return f"{player} {text}{_announcement_text(writer, item, uses_x)}{those}"
    else:
        text = "activates " + _ordinal_text(writer, "ability", item.source, item.label, item.effects)
        text = text.replace("activates ability of ", "activates ", 1)
        uses_x = card is not None and any("X" in a.cost for a in card.abilities if a.effects == item.effects)
    return f"{player} {text}{_announcement_text(writer, item, uses_x)}"


def _those(writer: Writer, subject: int | None, player: int | None) -> str:
    """Returns ', that creature OBJECT' and ', that player NAME' for a trigger whose event named another
    creature or a player, else nothing."""
    text = "" if subject is None else f"{_THAT_CREATURE}{writer.ref(writer.state.current(subject))}"
    return text + ("" if player is None else f"{_THAT_PLAYER}{writer.state.players[player].name}")


def _announcement_text(writer: Writer, item: StackItem, uses_x: bool) -> str:
    """Returns ' with X=N', ' targeting …' and ' dividing …' as the item was announced."""
    text = (
        f" with X={item.x}"
        if item.x or uses_x or any(isinstance(e, Effect) and e.x for e in item.effects)
        else ""
    )
    wanted = targeted(item.effects)
    groups: list[str] = []
    division = ""
    shares = item.shares or (0,) * len(item.targets)
    for index, effect in enumerate(wanted):
        chosen = [
            (t, s) for t, g, s in zip(item.targets, item.target_groups(), shares, strict=True) if g == index
        ]
        if effect.divided:
            division = " dividing " + ", ".join(f"{s} to {writer.target(t)}" for t, s in chosen)
        else:
            groups.append(", ".join(writer.target(t) for t, _ in chosen))
    if groups:
        text += " targeting " + "; ".join(groups)
    return text + division


def _ordinal_text(writer: Writer, kind: str, source: int, label: str, effects: tuple[object, ...]) -> str:
    """Returns 'ability [N] of SOURCE' or 'trigger [N] of SOURCE' (its alias, or its name if it left)."""
    state = writer.state
    if source not in state.objects:
        return f"{kind} of {label}{LEFT_PLAY}"
    card = state.obj(source).card
    if kind == "ability":
        choices: list[tuple[Effect, ...]] = [a.effects for a in card.abilities if not a.is_mana_ability]
    else:
        choices = [t.effects for t in card.triggers]
    number = next((n for n, c in enumerate(choices, 1) if c == effects), 1)
    return f"{kind}{f' {number}' if number > 1 else ''} of {writer.alias(source)}"


def _keyword_text(writer: Writer, label: str, source: int, effects: tuple[object, ...], subject: int) -> str:
    state = writer.state
    effect = effects[0]
    assert isinstance(effect, Effect)
    if effect.count:
        return f"{label} of {writer.ref(source)}"
    power, toughness = effect.power * writer.scale, effect.toughness * writer.scale
    target = writer.ref(state.current(subject))
    return f"{label} of {writer.ref(source)}: {target} {power:+d}/{toughness:+d}"
