"""Setup lines for what lasts on the board besides the objects: effects until end of turn, shields, copies,
and combat (control changes: ruling.scenario.setup_control).

effect: bear +3/+3 (Giant Growth)                  # until end of turn; game numbers
shield: prevent 3 to bear (Healing Salve)          # the next 3 damage this turn
shield: regenerate bear (Death Ward)
shield: redirect 3 from fanatic to bear (Fanatic)  # the next 3 damage to fanatic goes to bear instead
copy: shifter becomes Tetsuo Umezawa               # from now on its copiable values are that card's
copy: clone becomes Grizzly Bears, keeping the ability of Unstable Shapeshifter  # and that card's
                                                   # gains_this_ability trigger (ja 503.9)
combat: wurm (blocked by bear, elf), goblin (blocked), knight
combat: no attackers
first strike dealt: wurm, bear
blocking nothing: giant                            # blockers whose attackers left combat (ru 309.3)
"""

from __future__ import annotations

import re
from dataclasses import replace

from ruling.engine.cards import CardDef, Trigger
from ruling.engine.control import controller_of
from ruling.engine.lasting import Lasting, LastingKind
from ruling.engine.state import Combat, ContinuousEffect, GameState, Shield
from ruling.numbers import read_whole
from ruling.scenario.notation import Reader, Writer, split_items

_EFFECT = re.compile(r"^(?P<who>.+?) (?P<p>[+-][0-9]+)/(?P<t>[+-][0-9]+) \((?P<source>.*)\)$")
_PREVENT = re.compile(r"^prevent (?P<n>[0-9]+) to (?P<who>.+?) \((?P<source>.*)\)$")
_REDIRECT = re.compile(r"^redirect (?P<n>[0-9]+) from (?P<who>.+?) to (?P<to>.+?) \((?P<source>.*)\)$")
_REGENERATE = re.compile(r"^regenerate (?P<who>.+?) \((?P<source>.*)\)$")
_ATTACKER = re.compile(r"^(?P<who>.+?)(?: \((?P<status>blocked(?: by (?P<blockers>.*))?)\))?$")
BOARD_WORDS = ("effect", "shield", "copy", "combat", "first strike dealt", "blocking nothing")
_KEEPING = ", keeping the ability of "


def read_board_line(reader: Reader, key: str, rest: str, line: int) -> None:
    """Reads one of the lines of BOARD_WORDS (key is the word before the colon)."""
    state = reader.state
    if key == "effect":
        match = _EFFECT.match(rest)
        if match is None:
            raise reader.error(line, f"expected 'effect: OBJECT +P/+T (SOURCE)', got {rest!r}")
        power = read_whole(match["p"], "the power change", (reader.path, line), signed=True)
        toughness = read_whole(match["t"], "the toughness change", (reader.path, line), signed=True)
        effect = ContinuousEffect(0, power, toughness, state.tick(), match["source"])
        state.effects.append(effect)
        reader.later.append(lambda: setattr(effect, "target", reader.obj(match["who"], line)))
    elif key == "shield":
        prevent, redirect = _PREVENT.match(rest), _REDIRECT.match(rest)
        found = prevent or redirect or _REGENERATE.match(rest)
        if found is None:
            raise reader.error(
                line,
                "expected 'shield: prevent N to WHO (SOURCE)', "
                "'shield: redirect N from WHO to WHO (SOURCE)' "
                f"or 'shield: regenerate OBJECT (SOURCE)', got {rest!r}",
            )
        counted = prevent or redirect
        amount = read_whole(counted["n"], "the damage of the shield", (reader.path, line)) if counted else 0
        kind = "prevent" if prevent else "redirect" if redirect else "regenerate"
        shield = Shield(kind, ("player", 0), amount, found["source"], state.tick())
        state.shields.append(shield)
        reader.later.append(lambda: setattr(shield, "recipient", reader.target(found["who"], line)))
        if redirect:
            reader.later.append(lambda: setattr(shield, "to", reader.target(found["to"], line)))
    elif key == "copy":
        who, sep, name = rest.partition(" becomes ")
        if not sep:
            raise reader.error(line, f"expected 'copy: OBJECT becomes CARD NAME', got {rest!r}")
        obj_id = reader.obj(who, line)
        if obj_id not in state.in_play:
            raise reader.error(line, f"expected a permanent in play before 'becomes', got {who!r}")
        name, keeping, origin = name.partition(_KEEPING)
        card, source = reader.card(name.strip(), line), state.obj(obj_id).card.name
        if keeping:
            kept = _granted(reader.card(origin.strip(), line).triggers)
            if not kept:
                raise reader.error(
                    line, f"expected a card with a gains_this_ability trigger, got {origin.strip()!r}"
                )
            card = replace(card, triggers=(*card.triggers, *kept))
        state.lasting.append(
            Lasting(LastingKind.COPY, obj_id, state.tick(), source, card=card, until_end_of_turn=False)
        )
    elif key == "combat":
        state.combat = Combat()
        if rest != "no attackers":
            reader.later.append(lambda: _read_combat(reader, state.combat, rest, line))
    else:
        reader.later.append(lambda: _read_combat_list(reader, key, rest, line))


def _read_combat(reader: Reader, combat: Combat | None, text: str, line: int) -> None:
    assert combat is not None
    for item in split_items(text):
        match = _ATTACKER.match(item)
        assert match is not None
        attacker = reader.obj(match["who"], line)
        combat.attackers.append(attacker)
        if match["status"]:
            combat.blocked.add(attacker)
            combat.blockers[attacker] = [reader.obj(b, line) for b in split_items(match["blockers"] or "")]
    state = reader.state
    for obj_id in combat.involved():
        if obj_id in state.objects:
            combat.controllers[obj_id] = controller_of(state, state.obj(obj_id))


def _read_combat_list(reader: Reader, key: str, text: str, line: int) -> None:
    """Reads the creatures of a 'first strike dealt:' or 'blocking nothing:' line."""
    combat = reader.state.combat
    if combat is None:
        raise reader.error(line, f"expected a 'combat:' line before '{key}:'")
    found = [reader.obj(w, line) for w in split_items(text)]
    if key == "first strike dealt":
        combat.first_strikers_dealt.update(found)
        return
    combat.idle_blockers += [b for b in found if b not in combat.idle_blockers]
    state = reader.state
    for obj_id in found:
        if obj_id in state.objects:
            combat.controllers[obj_id] = controller_of(state, state.obj(obj_id))


def effect_lines(writer: Writer) -> list[tuple[int, str]]:
    """Returns the effect, shield and copy lines with the timestamps that place them among the permanents."""
    state = writer.state
    found: list[tuple[int, str]] = []
    for e in state.effects:
        if e.target in state.in_play:
            found.append(
                (e.timestamp, f"effect: {writer.alias(e.target)} {e.power:+d}/{e.toughness:+d} ({e.source})")
            )
    for s in state.shields:
        kind, ident = s.recipient
        if kind == "obj" and ident not in state.in_play:
            continue
        who = writer.target(s.recipient)
        if s.kind == "redirect" and s.to is not None:
            what = f"redirect {s.amount} from {who} to {writer.target(s.to)}"
        else:
            what = f"prevent {s.amount} to {who}" if s.kind == "prevent" else f"regenerate {who}"
        found.append((s.timestamp, f"shield: {what} ({s.source})"))
    for copy in state.lasting:
        if copy.kind is LastingKind.COPY and copy.target in state.in_play and copy.card is not None:
            text = f"copy: {writer.alias(copy.target)} becomes {copy.card.name}"
            origin = _origin(state, copy.card)
            found.append((copy.timestamp, f"{text}{_KEEPING}{origin}" if origin else text))
    return found


def _granted(triggers: tuple[Trigger, ...]) -> tuple[Trigger, ...]:
    """Returns the triggers a copy effect of theirs keeps in the copy (ja 503.9)."""
    return tuple(t for t in triggers if any(e.gains_this_ability for e in t.effects))


def _origin(state: GameState, card: CardDef) -> str | None:
    """Returns the name of the card whose kept ability a copy's values hold besides the copied card's own,
    or None when they hold none."""
    printed = [o.card for o in state.objects.values()]
    own = {t for c in printed if c.name == card.name for t in c.triggers}
    kept = [t for t in _granted(card.triggers) if t not in own]
    return next((c.name for c in printed if kept and kept[0] in c.triggers), None)


def combat_lines(writer: Writer) -> list[str]:
    """Returns the combat line (attackers in order, each with its blockers) and the first strikers."""
    combat = writer.state.combat
    if combat is None:
        return []
    items = []
    for attacker in combat.attackers:
        text = writer.ref(attacker)
        if attacker in combat.blocked:
            blockers = ", ".join(writer.ref(b) for b in combat.blockers.get(attacker, []))
            text += f" (blocked by {blockers})" if blockers else " (blocked)"
        items.append(text)
    lines = [f"combat: {', '.join(items) or 'no attackers'}"]
    involved = set(combat.involved())
    dealt = [i for i in combat.first_strikers_dealt if i in involved and i in writer.state.objects]
    if dealt:
        lines.append(f"first strike dealt: {', '.join(sorted(writer.ref(i) for i in dealt))}")
    idle = [b for b in combat.idle_blockers if b in writer.state.objects]
    if idle:
        lines.append(f"blocking nothing: {', '.join(writer.ref(b) for b in idle)}")
    return lines
