"""Script lines: actions the engine validates and answers to the decisions it will ask.

alice plays Giant Growth targeting bear      alice plays Forest      alice plays Bear as land G
alice casts Giant Growth targeting bear      # today's word for playing a spell
alice taps Forest, Forest for mana           alice activates sorcerer targeting bob
alice activates ability 2 of gunner targeting bob   # its second ability that is not a mana ability
alice passes          resolve          to declare blockers          to upkeep
alice attacks with wurm, bear                bob blocks wurm with bear, elf
alice attacks with nothing                   bob blocks nothing
alice assigns wurm: 2 to bear, 4 to bob      alice discards Forest      alice targets bear
alice sacrifices bear                        # the permanent she sacrifices when an effect asks
alice stacks first: Upkeep Healer            alice mulligans      alice applies first: Healing Salve
bob prevents first: wurm                     # which simultaneous damage bob's shield prevents first
alice plays Blaze with X=3 targeting bob     (announcements: see ruling/scenario/announcement.py)
ACTION => refused ru:308.1, ja:308.2a        # refused under these documents, accepted under others
alice for bob attacks with bear              # alice makes the choices of bob, whose turn she controls
alice loops 5: alice activates flier then bob activates shears targeting flier   # a shortcut (ru 421.3)
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass

from ruling.engine.cards import valid_cost
from ruling.engine.control import control_effects
from ruling.engine.decisions import Answer, ScriptedDecider
from ruling.engine.game import Game
from ruling.engine.layers import BASIC_NAME_NOTE, COUNT_NOTE, RANGE_NOTE
from ruling.engine.loops import LoopPart, shortcut
from ruling.engine.start import mulligan
from ruling.engine.state import Step
from ruling.engine.team_turns import holds_priority
from ruling.engine.turn_control import check_script_player
from ruling.engine.variants import cite
from ruling.errors import NotationError
from ruling.numbers import read_whole
from ruling.scenario.announcement import parse_announcement
from ruling.scenario.notation import split_items
from ruling.scenario.refs import Names

STEPS = {str(s): s for s in Step}
NOTHING = "nothing"
"""'alice attacks with nothing', 'bob blocks nothing': a declaration of no creature, written out where the
engine's default would differ (requirements, ru 500.2, ja 500.4, sr E1.40)."""


def split_refusal(text: str) -> tuple[str, list[str] | None]:
    """Splits 'ACTION => refused IDS' into the action and the ids (None when no refusal is expected)."""
    action, sep, rest = text.partition("=>")
    if not sep:
        return text.strip(), None
    words = rest.replace(",", " ").split()
    if not words or words[0] != "refused":
        return text.strip(), None
    return action.strip(), words[1:]


@dataclass(frozen=True)
class _Line:
    """One 'PLAYER verb …' script line being performed."""

    game: Game
    decider: ScriptedDecider
    names: Names
    player: int
    verb: str
    rest: str
    line: int
    by: int | None = None
    """Who writes the line for player: the controller of their turn (ja 507.3)."""

    def give(self, kind: str, value: object, subject: int | None = None) -> None:
        self.decider.give(Answer(kind, self.player, value, self.line, subject, by=self.by))

    def after(self, prefix: str) -> str:
        """Returns the text after prefix, which the verb needs (``first:``, ``with``…)."""
        if not self.rest.startswith(prefix):
            raise _unknown_verb(self.names.path, self.line, self.verb)
        return self.rest[len(prefix) :]


def _unknown_verb(path: str, line: int, verb: str) -> NotationError:
    nearest = difflib.get_close_matches(verb.lower(), list(_VERBS), n=1, cutoff=0.75)
    guess = f"; did you mean {nearest[0]!r}?" if nearest and nearest[0] != verb else ""
    return NotationError(
        path,
        line,
        f"expected a verb: mulligans, passes, plays (casts), taps … for mana, activates, attacks with, "
        f"blocks, assigns, discards, sacrifices, targets, stacks first, applies first, prevents first, "
        f"chooses, copies, returns, moves, cycles, turns … face up, equips, finds, reveals, bands, "
        f"imprints, retargets, loops, wishes for, looks at; got {verb!r}{guess}",
    )


def run_line(game: Game, decider: ScriptedDecider, names: Names, text: str, line: int) -> None:
    """Performs one script line; raises IllegalActionError when the engine refuses it."""
    words = text.split()
    if text == "resolve":
        game.resolve_top()
        return
    if words[0] == "explain" and len(words) > 1:
        _explain(game, names.obj(text.split(None, 1)[1], line))
        return
    if words[0] == "to" and " ".join(words[1:]) in STEPS:
        game.advance_to(STEPS[" ".join(words[1:])])
        return
    if len(words) < 2 or not names.is_player(words[0]):
        raise NotationError(
            names.path, line, f"expected 'resolve', 'to STEP' or 'PLAYER verb …', got {text!r}"
        )
    writer = names.player(words[0], line)
    player, skip = writer, 1
    if len(words) > 3 and words[1] == "for" and names.is_player(words[2]):
        player, skip = names.player(words[2], line), 3
    check_script_player(game, writer, player)
    verb = words[skip]
    handler = _VERBS.get(verb)
    if handler is None:
        raise _unknown_verb(names.path, line, verb)
    rest = text.split(None, skip + 1)[skip + 1] if len(words) > skip + 1 else ""
    by = writer if writer != player else None
    if verb in _TAKING_PRIORITY:
        game.take_back_priority(player)
    handler(_Line(game, decider, names, player, verb, rest, line, by))


def _explain(game: Game, obj_id: int) -> None:
    """Writes to the trace the continuous effects applied to an object, in the order applied (layer,
    source, what it did, timestamp), citing the era's rule for their order, the rule that a static's count
    is made anew (ru 418.4a), sr F2.110 where ranges of influence limit that count, and the rule that makes
    a land basic by its name (ru 214.9d, ja 205.4b)."""
    obj = game.state.obj(obj_id)
    chars = game.chars(obj)
    control = [
        f"layer 2: {e.source}: controlled by {game.player_name(e.player)} (timestamp {e.timestamp})"
        for e in control_effects(game.state, obj)
    ]
    steps = (
        [*chars.applied[:1], *control, *chars.applied[1:]] if chars.copied_at else [*control, *chars.applied]
    )
    applied = "; ".join(steps) or "no effects: its printed values"
    rules = game.cite("effect_order")
    if any(step.endswith("(dependency)") for step in chars.applied):
        rules = tuple(dict.fromkeys(rules + game.cite("dependency")))
    if any(f"({COUNT_NOTE} " in step for step in chars.applied):
        rules = tuple(dict.fromkeys(rules + game.cite("static_count")))
    if any(RANGE_NOTE in step for step in chars.applied):
        rules = tuple(dict.fromkeys(rules + cite("range_information")))
    if any(step.startswith(BASIC_NAME_NOTE) for step in chars.applied):
        rules = tuple(dict.fromkeys(rules + game.cite("basic_by_name")))
    game.log("explain", rules, card=chars.name, other=applied)


def _mulligans(it: _Line) -> None:
    mulligan(it.game, it.player)


def _passes(it: _Line) -> None:
    if it.game.pass_handed_on(it.player):
        return
    if not holds_priority(it.game.state, it.player):
        raise it.game.refuse(f"{it.game.player_name(it.player)} does not have priority", "priority")
    it.game.pass_priority()


def _taps(it: _Line) -> None:
    if not it.rest.endswith("for mana"):
        raise _unknown_verb(it.names.path, it.line, it.verb)
    for item in split_items(it.rest[: -len("for mana")]):
        found = re.fullmatch(r"ability ([0-9]+) of (.+)", item.strip())
        index = int(found[1]) - 1 if found else 0
        it.game.activate(it.player, it.names.untapped(found[2] if found else item, it.player, it.line), index)


def _activates(it: _Line) -> None:
    """'activates sorcerer …' activates the first ability of the permanent that is not a mana ability (its
    first ability if all are); 'activates ability 2 of gunner …' its second ability that is not a mana
    ability (numbered as on a 'stack:' line)."""
    rest, number = it.rest, 0
    if rest.startswith("ability ") and " of " in rest:
        count, _, rest = rest[len("ability ") :].partition(" of ")
        number = read_whole(count, "the number of the ability", (it.names.path, it.line), low=1)
    what, proposal = parse_announcement(it.names, rest, it.line)
    obj_id = it.names.obj(what, it.line)
    abilities = it.game.chars(it.game.state.obj(obj_id)).abilities
    others = [i for i, a in enumerate(abilities) if not a.is_mana_ability]
    index = others[0] if others else 0
    if number:
        if number > len(others):
            raise NotationError(
                it.names.path, it.line, f"expected {what} to have ability {number}, got {len(others)}"
            )
        index = others[number - 1]
    it.game.activate(it.player, obj_id, index, proposal=proposal)


def _attacks(it: _Line) -> None:
    """'attacks with A, B' attacks the next opponent; 'attacks carol with A; bob with B' names whom each
    group attacks (sr F4.30)."""
    if it.rest.strip() == f"with {NOTHING}":
        it.give("attackers", ())
    elif it.rest.startswith("with "):
        chosen = tuple(it.names.obj(i, it.line) for i in split_items(it.after("with ")))
        it.give("attackers", chosen)
    else:
        defenders: dict[int, int] = {}
        for clause in it.rest.split(";"):
            who, sep, creatures = clause.strip().partition(" with ")
            if not sep or not it.names.is_player(who):
                raise NotationError(
                    it.names.path,
                    it.line,
                    "expected 'PLAYER attacks [DEFENDER] with A, B[; DEFENDER with C]'",
                )
            defender = it.names.player(who, it.line)
            for item in split_items(creatures):
                defenders[it.names.obj(item, it.line)] = defender
        it.give("attackers", defenders)
    it.game.advance_to(Step.DECLARE_ATTACKERS)


def _blocks_line(it: _Line) -> None:
    it.give("blockers", _blocks(it.names, it.rest, it.line))
    it.game.advance_to(Step.DECLARE_BLOCKERS)


def _assigns(it: _Line) -> None:
    who, sep, split = it.rest.partition(":")
    if not sep:
        raise NotationError(it.names.path, it.line, "expected 'PLAYER assigns CREATURE: N to X, M to Y'")
    shares = []
    for share in split_items(split):
        amount, _, recipient = share.partition(" to ")
        if not recipient:
            raise NotationError(it.names.path, it.line, f"expected 'N to RECIPIENT', got {share!r}")
        damage = read_whole(amount, "N in 'N to RECIPIENT'", (it.names.path, it.line))
        shares.append((it.names.target(recipient, it.line), damage))
    it.give("assign", shares, it.names.obj(who, it.line))


def _discards(it: _Line) -> None:
    it.give("discard", tuple(it.names.obj(i, it.line) for i in split_items(it.rest)))


def _sacrifices(it: _Line) -> None:
    it.give("sacrifice", tuple(it.names.obj(i, it.line) for i in split_items(it.rest)))


def _targets(it: _Line) -> None:
    it.give("target", it.names.target(it.rest, it.line))


def _stacks(it: _Line) -> None:
    it.give("order", it.after("first:").strip())


def _applies(it: _Line) -> None:
    it.give("replacement", it.after("first:").strip())


def _prevents(it: _Line) -> None:
    it.give("shield", it.names.obj(it.after("first:"), it.line))


def _chooses(it: _Line) -> None:
    """'alice chooses yes' answers a "you may" of an effect she controls; 'alice chooses W' (a colour
    letter, a creature type, an opponent's name) the choice a permanent asks for as it comes into play."""
    if not it.rest:
        raise NotationError(
            it.names.path, it.line, f"expected 'PLAYER chooses yes', '… no' or '… VALUE', got {it.rest!r}"
        )
    it.give("may" if it.rest in ("yes", "no") else "choose", it.rest)


def _returns(it: _Line) -> None:
    """'alice returns Shock' answers which card a draw replacement returns to her hand instead."""
    it.give("return", it.names.obj(it.rest, it.line))


def _copies(it: _Line) -> None:
    """'alice copies tetsuo' answers which permanent a card that comes into play as a copy copies."""
    it.give("copy", it.names.obj(it.rest, it.line))


def _moves(it: _Line) -> None:
    """'alice moves bear to carol' plays the creature moving ability of bear (sr F5.20); 'alice moves aura to
    bear' answers where an effect that moves a local enchantment moves it."""
    moved, sep, to = it.rest.rpartition(" to ")
    if sep and not it.names.is_player(to.strip()):
        it.give("attach", it.names.obj(to.strip(), it.line), it.names.obj(moved, it.line))
        return
    if not sep:
        raise NotationError(
            it.names.path,
            it.line,
            "expected 'PLAYER moves CREATURE to TEAMMATE' or 'PLAYER moves AURA to PERMANENT'",
        )
    it.game.take_back_priority(it.player)
    it.game.move_creature(it.player, it.names.obj(moved, it.line), it.names.player(to.strip(), it.line))


def _cycles(it: _Line) -> None:
    """'alice cycles Krosan Tusk': cycling or landcycling from the hand (ja 502.18)."""
    it.game.cycle(it.player, it.names.obj(it.rest, it.line))


def _turns(it: _Line) -> None:
    """'alice turns mask face up': pays the morph cost of a face-down permanent (ja 502.26d)."""
    if not it.rest.endswith(" face up"):
        raise NotationError(
            it.names.path, it.line, f"expected 'PLAYER turns PERMANENT face up', got {it.rest!r}"
        )
    it.game.turn_face_up(it.player, it.names.obj(it.rest[: -len(" face up")], it.line))


def _equips(it: _Line) -> None:
    """'alice equips bear with sword': the equip ability of sword targeting bear (ja 502.33a); 'alice equips
    bear with axe for 1' the one of cost 1, of several (ja 502.33c)."""
    creature, sep, equipment = it.rest.partition(" with ")
    if not sep:
        raise NotationError(
            it.names.path, it.line, "expected 'PLAYER equips CREATURE with EQUIPMENT [for COST]'"
        )
    equipment, paid, cost = equipment.partition(" for ")
    if paid and not valid_cost(cost):
        raise NotationError(it.names.path, it.line, f"expected a mana cost after 'for', got {cost!r}")
    obj = it.names.obj(equipment, it.line)
    it.game.equip(it.player, obj, it.names.obj(creature, it.line), cost if paid else None)


def _finds(it: _Line) -> None:
    """'alice finds Forest': the card a search of her library finds (landcycling); 'alice finds forest,
    spirit' or 'alice finds nothing' the cards a search for up to several finds."""
    if it.rest == "nothing":
        it.give("search", ())
        return
    found = tuple(it.names.obj(i, it.line) for i in split_items(it.rest))
    it.give("search", found[0] if len(found) == 1 else found)


def _looks(it: _Line) -> None:
    """'alice looks at bolt': she looks at a card or permanent if a rule lets her (ja 217.3c, 507.2)."""
    it.game.look(it.player, it.names.obj(it.after("at ").strip(), it.line))


def _wishes(it: _Line) -> None:
    """'alice wishes for bolt' or 'alice wishes for nothing': the card a wish brings from outside the game
    (a sideboard, or removed from the game)."""
    chosen = it.after("for ").strip()
    it.give("wish", () if chosen == "nothing" else it.names.obj(chosen, it.line))


def _retargets(it: _Line) -> None:
    """'alice retargets copy 2: bear' (before the spell is played): new targets for a storm copy, one per
    target of the spell (ja 502.30a); copies not named keep the spell's targets. 'alice retargets bolt: elf'
    (the spell on the stack): the new target an effect that changes its target chooses (ru 415.2)."""
    head, sep, rest = it.rest.partition(":")
    words = head.split()
    expected = "expected 'PLAYER retargets copy N: TARGET[, TARGET]' or 'PLAYER retargets SPELL: TARGET'"
    if not sep or not words or not rest.strip():
        raise NotationError(it.names.path, it.line, expected)
    if words[0] == "copy" and len(words) == 2:
        number = read_whole(words[1], "the copy's number", (it.names.path, it.line), low=1)
        it.give("copy_targets", [it.names.target(t, it.line) for t in split_items(rest)], number)
        return
    kind, spell = it.names.target(head, it.line)
    if kind != "spell":
        raise NotationError(it.names.path, it.line, f"expected a spell on the stack, got {head.strip()!r}")
    it.give("new_target", it.names.target(rest, it.line), spell)


def _imprints(it: _Line) -> None:
    """'alice imprints bear': the card of her hand an imprint ability removes (ja 502.34a)."""
    it.give("imprint", it.names.obj(it.rest, it.line))


def _bands(it: _Line) -> None:
    """'alice bands knight, bear; wolf, lion': the attacking bands of her next attack (ja 502.10b)."""
    bands = [[it.names.obj(i, it.line) for i in split_items(band)] for band in it.rest.split(";")]
    it.give("bands", bands)


def _reveals(it: _Line) -> None:
    """'alice reveals bear, bear-2' (or 'alice reveals nothing'): the cards of her hand she reveals for
    amplify (ja 502.27a)."""
    chosen = () if it.rest == "nothing" else tuple(it.names.obj(i, it.line) for i in split_items(it.rest))
    it.give("reveal", chosen)


def _loops(it: _Line) -> None:
    """'alice loops 5: ACTION then ACTION …' takes a loop of optional actions round as a shortcut: each
    ACTION is a 'PLAYER verb …' line, and what it puts on the stack resolves before the next one; the
    other player answers first with 'bob chooses 5' (agreeing) or a lower number (ru 421.3, ja 421.3,
    sr D22.30)."""
    count, sep, body = it.rest.partition(":")
    actions = [a.strip() for a in body.split(" then ")] if sep else []
    if not actions or not all(a and it.names.is_player(a.split()[0]) for a in actions):
        raise NotationError(
            it.names.path,
            it.line,
            f"expected 'PLAYER loops N: PLAYER verb … then PLAYER verb …', got {it.rest!r}",
        )
    laps = read_whole(count.strip(), "the number of times round", (it.names.path, it.line), low=1)

    def act(text: str) -> Callable[[], None]:
        def take() -> None:
            depth = len(it.game.state.stack)
            run_line(it.game, it.decider, it.names, text, it.line)
            while len(it.game.state.stack) > depth:
                it.game.resolve_top()

        return take

    parts = [LoopPart(it.names.player(a.split()[0], it.line), act(a)) for a in actions]
    shortcut(it.game, it.player, laps, parts)


def _plays(it: _Line) -> None:
    """'alice plays …' a land or a spell; 'alice casts …' a spell only: today's word (since 2009) for
    what ru 1999, ja 2004 and sr 2007 call playing a spell."""
    game, names, line = it.game, it.names, it.line
    what, as_land, color = it.rest.partition(" as land")
    any_card_as_land = bool(as_land) and not color[:1].strip()  # sr B12.71
    proposal = None
    if not any_card_as_land:
        what, proposal = parse_announcement(names, it.rest, line)
    obj_id = names.obj(what, line)
    if proposal is not None and "land" not in game.state.obj(obj_id).card.types:
        game.play_spell(it.player, obj_id, proposal=proposal)
        return
    if it.verb == "casts":
        raise NotationError(names.path, line, f"a land is played, not cast: write '… plays {what.strip()}'")
    game.play_land(it.player, obj_id, color.strip() if any_card_as_land else None)


_TAKING_PRIORITY = frozenset({"plays", "casts", "taps", "activates", "cycles", "turns", "equips"})
"""The verbs of actions a player takes with priority: written right after the same player's play that
passed priority on (sr D10.19), they mean the other players passed it back (Game.take_back_priority)."""

_VERBS: dict[str, Callable[[_Line], None]] = {
    "mulligans": _mulligans,
    "passes": _passes,
    "plays": _plays,
    "casts": _plays,
    "taps": _taps,
    "activates": _activates,
    "attacks": _attacks,
    "blocks": _blocks_line,
    "assigns": _assigns,
    "discards": _discards,
    "sacrifices": _sacrifices,
    "targets": _targets,
    "stacks": _stacks,
    "applies": _applies,
    "prevents": _prevents,
    "chooses": _chooses,
    "copies": _copies,
    "moves": _moves,
    "cycles": _cycles,
    "turns": _turns,
    "equips": _equips,
    "finds": _finds,
    "reveals": _reveals,
    "bands": _bands,
    "imprints": _imprints,
    "retargets": _retargets,
    "returns": _returns,
    "loops": _loops,
    "wishes": _wishes,
    "looks": _looks,
}


def _blocks(names: Names, rest: str, line: int) -> dict[int, list[int]]:
    blocks: dict[int, list[int]] = {}
    if rest.strip() == NOTHING:
        return blocks
    for clause in rest.split(";"):
        attacker, sep, blockers = clause.partition(" with ")
        if not sep:
            raise NotationError(
                names.path, line, "expected 'PLAYER blocks ATTACKER with BLOCKER[, BLOCKER][; …]'"
            )
        attacker_id = names.obj(attacker, line)
        for blocker in split_items(blockers):
            blocks.setdefault(names.obj(blocker, line), []).append(attacker_id)
    return blocks
