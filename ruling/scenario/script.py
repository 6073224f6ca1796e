"""Script lines: actions the engine validates and answers to the decisions it will ask.

alice plays Giant Growth targeting bear      alice plays Forest      alice plays Bear as land G
alice taps Forest, Forest for mana           alice activates sorcerer targeting bob
alice passes          resolve          to declare blockers          to upkeep
alice attacks with wurm, bear                bob blocks wurm with bear, elf
alice assigns wurm: 2 to bear, 4 to bob      alice discards Forest      alice targets bear
alice stacks first: Upkeep Healer            alice mulligans      alice applies first: Healing Salve
bob prevents first: wurm                     # which simultaneous damage bob's shield prevents first
alice plays Blaze with X=3 targeting bob     (announcements: see ruling/scenario/announcement.py)
ACTION => refused ru:308.1, ja:308.2a        # refused under these documents, accepted under others
"""

from __future__ import annotations

from ruling.engine.decisions import Answer, ScriptedDecider
from ruling.engine.game import Game
from ruling.engine.start import mulligan
from ruling.engine.state import Step
from ruling.errors import NotationError
from ruling.scenario.announcement import parse_announcement
from ruling.scenario.notation import split_items
from ruling.scenario.refs import Names

STEPS = {str(s): s for s in Step}


def split_refusal(text: str) -> tuple[str, list[str] | None]:
    """Splits 'ACTION => refused IDS' into the action and the ids (None when no refusal is expected)."""
    action, sep, rest = text.partition("=>")
    if not sep:
        return text.strip(), None
    words = rest.replace(",", " ").split()
    if not words or words[0] != "refused":
        return text.strip(), None
    return action.strip(), words[1:]


def run_line(game: Game, decider: ScriptedDecider, names: Names, text: str, line: int) -> None:
    """Performs one script line; raises IllegalActionError when the engine refuses it."""
    path = names.path
    words = text.split()
    if text == "resolve":
        game.resolve_top()
        return
    if words[0] == "to" and " ".join(words[1:]) in STEPS:
        game.advance_to(STEPS[" ".join(words[1:])])
        return
    if len(words) < 2 or not names.is_player(words[0]):
        raise NotationError(path, line, f"expected 'resolve', 'to STEP' or 'PLAYER verb …', got {text!r}")
    player = names.player(words[0], line)
    verb = words[1]
    rest = text.split(None, 2)[2] if len(words) > 2 else ""
    if verb == "mulligans":
        mulligan(game, player)
    elif verb == "passes":
        if game.state.priority != player:
            raise game.refuse(f"{words[0]} does not have priority", "priority")
        game.pass_priority()
    elif verb == "plays":
        _plays(game, names, player, rest, line)
    elif verb == "taps" and rest.endswith("for mana"):
        for item in split_items(rest[: -len("for mana")]):
            game.activate(player, names.untapped(item, player, line), 0)
    elif verb == "activates":
        what, proposal = parse_announcement(names, rest, line)
        game.activate(player, names.obj(what, line), 0, proposal=proposal)
    elif verb == "attacks" and rest.startswith("with "):
        chosen = tuple(names.obj(i, line) for i in split_items(rest[5:]))
        decider.give(Answer("attackers", player, chosen, line))
        game.advance_to(Step.DECLARE_ATTACKERS)
    elif verb == "blocks":
        decider.give(Answer("blockers", player, _blocks(names, rest, line), line))
        game.advance_to(Step.DECLARE_BLOCKERS)
    elif verb == "assigns":
        who, sep, split = rest.partition(":")
        if not sep:
            raise NotationError(path, line, "expected 'PLAYER assigns CREATURE: N to X, M to Y'")
        shares = []
        for share in split_items(split):
            amount, _, recipient = share.partition(" to ")
            if not amount.strip().isdigit():
                raise NotationError(path, line, f"expected 'N to RECIPIENT', got {share!r}")
            shares.append((names.target(recipient, line), int(amount)))
        decider.give(Answer("assign", player, shares, line, names.obj(who, line)))
    elif verb == "discards":
        decider.give(Answer("discard", player, tuple(names.obj(i, line) for i in split_items(rest)), line))
    elif verb == "targets":
        decider.give(Answer("target", player, names.target(rest, line), line))
    elif verb == "stacks" and rest.startswith("first:"):
        decider.give(Answer("order", player, rest[6:].strip(), line))
    elif verb == "applies" and rest.startswith("first:"):
        decider.give(Answer("replacement", player, rest[6:].strip(), line))
    elif verb == "prevents" and rest.startswith("first:"):
        decider.give(Answer("shield", player, names.obj(rest[6:], line), line))
    else:
        raise NotationError(
            path,
            line,
            f"expected a verb: mulligans, passes, plays, taps … for mana, activates, attacks with, "
            f"blocks, assigns, discards, targets, stacks first, applies first, prevents first; got {verb!r}",
        )


def _plays(game: Game, names: Names, player: int, rest: str, line: int) -> None:
    what, _, color = rest.partition(" as land")
    if color:
        game.play_land(player, names.obj(what, line), color.strip())
        return
    what, proposal = parse_announcement(names, rest, line)
    obj_id = names.obj(what, line)
    if "land" in game.state.obj(obj_id).card.types:
        game.play_land(player, obj_id)
        return
    game.play_spell(player, obj_id, proposal=proposal)


def _blocks(names: Names, rest: str, line: int) -> dict[int, list[int]]:
    blocks: dict[int, list[int]] = {}
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
