"""Setup notation for what the keywords of part 3 leave in a position.

Flags of an item: ``face down``, ``fade counters N``, ``age counters N``, ``echo due`` (it owes its echo at
its controller's next upkeep), ``madness window`` (removed by madness, playable until its owner passes),
``imprinted ALIAS`` (a card its imprint ability removed, ja 502.34a), ``paid kicker`` (a spell on the
stack: an optional cost paid for it; one flag per cost), ``phased out`` (a permanent in play that has
phased out, ja 502.15). Game lines: ``spells played this turn 2`` (for storm), ``bands: knight, bear``
(attacking bands, with a ``combat:`` line).
Stack and pending lines:

stack: alice echo of troll                    # also 'fading of', 'cumulative upkeep of', 'madness of'
stack: alice cycling of tusk                  # the card is in the graveyard; 'landcycling of' finds a land
stack: alice equip of axe targeting bear
stack: alice copy of grapeshot targeting bob  # a copy of a spell on the stack (storm)
stack: alice istocnik of spirit
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ruling.engine.cards import KIND_COUNTERS, CardDef, Effect, EffectKind
from ruling.engine.keywords import first_use
from ruling.engine.morph import FACE_DOWN
from ruling.engine.state import GameObject, Pending, SourceInfo, StackItem, Zone, set_counters
from ruling.numbers import read_whole

if TYPE_CHECKING:
    from ruling.scenario.notation import Reader, Writer

LEFT_PLAY = " (left play)"
"""A source gone from its zone, as ruling.scenario.notation writes it (that module imports this one)."""

_SELF = {
    "echo": EffectKind.ECHO,
    "fading": EffectKind.FADING,
    "cumulative upkeep": EffectKind.CUMULATIVE_UPKEEP,
    "madness": EffectKind.MADNESS,
}
_LINE = re.compile(
    r"^(?P<kind>echo|fading|cumulative upkeep|madness|cycling|landcycling|equip|copy|istocnik|provoke"
    r"|modular(?: (?P<n>[0-9]+))?)"
    r" of (?P<source>.+?)"
    r"(?: targeting (?P<target>.+))?$"
)
_SPELLS = re.compile(r"^spells played this turn (?P<n>[0-9]+)$")


def read_flag(reader: Reader, obj: GameObject, flag: str, line: int) -> bool:
    """Reads one keyword flag of an item; tells whether flag was one."""
    words = flag.split()
    if flag == "face down":
        obj.face_down = True
    elif flag == "phased out" and obj.zone is Zone.IN_PLAY:
        state = reader.state
        state.in_play.remove(obj.id)
        state.phased_out.append(obj.id)
        obj.zone = Zone.PHASED_OUT
    elif flag == "echo due":
        obj.echo_due = True
    elif flag == "madness window":
        obj.madness_window = True
    elif len(words) == 3 and words[0] in KIND_COUNTERS and words[1] == "counters":
        set_counters(obj, words[0], read_whole(words[2], f"the {words[0]} counters", (reader.path, line)))
    elif len(words) == 2 and words[0] == "paid":
        obj.paid = (*obj.paid, words[1])
    elif len(words) == 2 and words[0] == "imprinted":
        reader.later.append(lambda: setattr(obj, "imprinted", (*obj.imprinted, reader.obj(words[1], line))))
    else:
        return False
    return True


def flags(writer: Writer, obj: GameObject) -> list[str]:
    """Returns the keyword flags of an object, in the order read_flag reads them."""
    found = ["phased out"] if obj.zone is Zone.PHASED_OUT else []
    found += ["face down"] if obj.face_down else []
    found += [f"{kind} counters {n}" for kind, n in obj.kind_counters]
    found += ["echo due"] if obj.echo_due else []
    found += ["madness window"] if obj.madness_window else []
    found += [f"paid {extra}" for extra in obj.paid]
    return found + [f"imprinted {writer.alias(i)}" for i in obj.imprinted if i in writer.state.objects]


def read_game_line(reader: Reader, line: str, number: int) -> bool:
    """Reads 'spells played this turn N' or 'bands: A, B; C, D'; tells whether line was one."""
    state = reader.state
    if line.startswith("bands:"):
        groups = [[n.strip() for n in band.split(",") if n.strip()] for band in line[6:].split(";")]

        def read() -> None:
            if state.combat is None:
                raise reader.error(number, "expected a 'combat:' line for the attacking bands")
            state.combat.bands = [[reader.obj(name, number) for name in band] for band in groups]

        reader.later.append(read)
        return True
    if (match := _SPELLS.match(line)) is None:
        return False
    state.spells_this_turn, state.spells_turn = int(match["n"]), state.turn
    return True


def game_lines(writer: Writer) -> list[str]:
    """Returns the spells played this turn, when any, and the attacking bands (ja 502.10b); names the
    imprinted cards first, so that their zone lines give them the alias the flags use."""
    state = writer.state
    for obj_id in state.in_play + state.phased_out:
        for card_id in state.obj(obj_id).imprinted:
            if card_id in state.objects:
                writer.alias(card_id)
    played = state.spells_this_turn if state.spells_turn == state.turn else 0
    lines = [f"spells played this turn {played}"] if played else []
    if state.combat is not None and state.combat.bands:
        bands = "; ".join(", ".join(writer.ref(a) for a in band) for band in state.combat.bands)
        lines.append(f"bands: {bands}")
    return lines


def read_keyword_item(reader: Reader, player: int, text: str, line: int, pending: bool) -> bool:
    """Reads a stack or pending line of a keyword's ability or a spell copy; tells whether it was one."""
    match = _LINE.match(text)
    if match is None:
        return False
    kind = "modular" if match["kind"].startswith("modular") else match["kind"]
    state = reader.state
    copied: StackItem | None = None
    source, card = _source(reader, match["source"], line)
    aim = {"provoke": "opponents_creature", "modular": "artifact_creature"}.get(kind)
    rules = reader.profile.cite(kind.replace(" ", "_")) if kind != "copy" else ()
    label = f"{kind} of {card.name}"
    subject = None
    if kind in _SELF:
        effects: tuple[Effect, ...] = (Effect(_SELF[kind]),)
        subject = source
    elif kind == "cycling":
        effects = (Effect(EffectKind.DRAW, amount=1, who="you"),)
    elif kind == "landcycling":
        use = first_use(card.keywords, "landcycling")
        effects = (Effect(EffectKind.LANDCYCLING, subtype=use.word.capitalize() if use else ""),)
    elif kind == "istocnik":
        effects = (Effect(EffectKind.DRAW, amount=1, who="you"),)
    elif kind == "equip":
        effects = (Effect(EffectKind.EQUIP, target="creature"),)
    elif kind == "provoke":
        effects = (Effect(EffectKind.PROVOKE, target=aim, optional=True),)
    elif kind == "modular":
        amount = read_whole(match["n"] or "0", "the counters modular moves", (reader.path, line))
        effects = (Effect(EffectKind.MODULAR, amount=amount, target=aim, optional=True),)
    else:
        original = next((i for i in state.stack if i.kind == "spell" and i.source == source), None)
        effects = tuple(e for e in original.effects if isinstance(e, Effect)) if original else card.spell
        label = card.name
        copied = original
    if pending:
        state.pending.append(Pending(player, source, label, effects, aim, rules, subject))
        return True
    item = StackItem(
        state.tick(), "copy" if kind == "copy" else "ability", player, source, label, effects, rules=rules
    )
    item.subject = subject
    state.stack.append(item)
    if copied is not None:
        reader.later.append(lambda: _copy_choices(item, copied))
    if match["target"]:
        names = match["target"].split(", ") if kind == "copy" else [match["target"]]
        reader.later.append(lambda: setattr(item, "targets", tuple(reader.target(n, line) for n in names)))
    return True


def _copy_choices(copy: StackItem, spell: StackItem) -> None:
    """Gives a copy of a spell the choices made as the spell was played: X, target groups, division."""
    copy.x, copy.groups, copy.shares = spell.x, spell.groups, spell.shares


def _source(reader: Reader, text: str, line: int) -> tuple[int, CardDef]:
    """Returns the source of a keyword's ability: an alias, or 'NAME (left play)' for a card gone from the
    zone it was in (its ability still resolves)."""
    if text.endswith(LEFT_PLAY):
        card = reader.card(text[: -len(LEFT_PLAY)].strip(), line)
        gone = reader.gone()
        reader.state.last_known[gone] = SourceInfo(card.name, card.colors)
        return gone, card
    obj_id = reader.obj(text, line)
    return obj_id, reader.state.obj(obj_id).card


def keyword_item_text(writer: Writer, item: StackItem | Pending) -> str | None:
    """Returns the text of a keyword's ability or a spell copy after 'PLAYER ', or None for other items."""
    if isinstance(item, StackItem) and item.kind == "copy":
        kind = "copy"
    else:
        kind = item.label.split(" of ", 1)[0]
        if not _LINE.match(f"{kind} of x") or kind == "copy":
            return None
    effect = item.effects[0] if item.effects else None
    if kind == "modular" and isinstance(effect, Effect):
        kind = f"modular {effect.amount}"
    if item.source in writer.state.objects:
        text = f"{kind} of {writer.alias(item.source)}"
    else:
        text = f"{kind} of {item.label.split(' of ', 1)[-1]}{LEFT_PLAY}"
    targets = item.targets if isinstance(item, StackItem) else ()
    if targets:
        text += f" targeting {', '.join(writer.target(t) for t in targets)}"
    return text


def keyword_spell(item: StackItem, obj: GameObject) -> None:
    """Makes a spell read from a stack line what its keywords made it: face down, the face-down creature
    spell (ja 502.26b); entwined, every mode in order (ja 502.32b); not kicked, without its kicked text
    (ja 502.21b)."""
    if obj.face_down:
        item.label, item.effects = FACE_DOWN.name, ()
        return
    if "entwine" in obj.paid:
        item.effects = tuple(e for mode in obj.card.modes for e in mode.effects)
    kicked = "kicker" in obj.paid
    item.effects = tuple(e for e in item.effects if not (isinstance(e, Effect) and e.kicked and not kicked))
