"""The setup notation round-trips like FEN: text → state → text gives the same text, and state → text → state
gives a state with the same canonical form, for written positions, random games and every scenario's end."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ruling.engine.canonical import canonical
from ruling.engine.card_data import card_from_table, parse_cards, starter_library
from ruling.engine.cards import CardDef, Effect
from ruling.engine.control import controller_of
from ruling.engine.game import Game
from ruling.engine.lasting import LastingKind
from ruling.engine.layers import characteristics
from ruling.engine.profiles import PROFILES
from ruling.engine.random_play import LAYER_DECK, deck_cards, new_game, random_step
from ruling.errors import NotationError
from ruling.scenario.model import Scenario
from ruling.scenario.runner import run_scenario
from ruling.scenario.setup import Setup, parse_setup, render_setup
from tests.scenario.test_scenarios import CASES, SCENARIOS

SETUP = """players: alice, bob
turn 3, bob, declare blockers
priority alice, passes 1
random: seed 4, shuffles 2
alice life 7
alice pool GGR
alice lands played 1
alice hand: Giant Growth
alice library: Island, Forest
alice graveyard: Shock
bob life 20
bob drew from an empty library
bob removed: Lightning Bolt as bolt
alice in play: Craw Wurm as wurm (tapped, damage 2, counters 1), Forest, Forest
bob in play: Grizzly Bears as bear (sick), Grizzly Bears (token), Soldier as soldier (token 1/1 W)
effect: bear +3/+3 (Giant Growth)
bob in play: Holy Strength (attached to bear), Craw Wurm as stolen (owner alice)
copy: stolen becomes Tetsuo Umezawa
shield: prevent 3 to bear (Healing Salve)
shield: regenerate wurm (Death Ward)
alice in play: Suq'Ata Lancer as lancer (tapped)
shield: prevent 2 to alice (Healing Salve)
stack: combat damage: wurm 6 to bear, (left play) 2 to bob
stack: bob plays Rolling Thunder as thunder with X=3 dividing 2 to wurm, 1 to alice
stack: alice plays Counterspell as counter targeting thunder
stack: bob trigger of Messenger Zombie (left play)
stack: alice flanking of lancer: bear -1/-1
stack: bob activates Prodigal Sorcerer (left play) targeting alice
pending: alice trigger of Upkeep Healer (left play)
combat: wurm (blocked by bear, soldier), lancer (blocked)
first strike dealt: lancer
until end of turn: stolen goes back to alice"""

ROUND_TRIP_DECK = (
    ["Forest", "Mountain", "Plains", "Island"] * 4
    + ["Swamp"] * 6
    + ["Suq'Ata Lancer", "White Knight", "Ray of Command", "Raise the Alarm", "Holy Strength"] * 3
    + ["Grizzly Bears", "Healing Salve", "Death Ward", "Drudge Skeletons", "Giant Growth"] * 2
    + ["Prodigal Sorcerer", "Upkeep Healer", "Messenger Zombie", "Counterspell", "Arc Lightning"]
    + ["Growing Attacker", "Rolling Thunder", "Living Lands", "Seeds of Strength", "Dark Ritual"]
    + ["Lightning Bolt", "Blaze"]
)


MARKERS = (
    "\npriority ",
    " pool ",
    " lands played ",
    "\neffect: ",
    "\nshield: prevent ",
    "\nshield: regenerate ",
    "\nstack: combat damage: ",
    " plays ",
    " activates ",
    " trigger of ",
    " flanking of ",
    "\ncombat: ",
    "\nfirst strike dealt: ",
    "\nuntil end of turn: ",
    "owner ",
    "attached to ",
    "(token 1/1 W)",
    "(left play)",
    "damage ",
    "counters 1",
    "sick",
    "tapped",
    "\nwinner ",
    " lost",
    " targeting ",
    " dividing ",
    " with X=",
)


IDS = [f"{Path(s.path).relative_to(SCENARIOS.parent)}:{s.line}[{p}]" for s, p in CASES]


def _lines(text: str) -> tuple[tuple[int, str], ...]:
    return tuple(enumerate(text.splitlines(), 1))


@pytest.mark.parametrize("profile", ["ru-1999", "ja-2004"])
def test_written_position_round_trips(profile: str) -> None:
    setup = parse_setup(_lines(SETUP), "s.md", starter_library(), PROFILES[profile], 0)
    text = render_setup(setup.state, setup.aliases, PROFILES[profile].scale)
    assert "\n".join(text) == SETUP
    again = parse_setup(_lines("\n".join(text)), "s.md", starter_library(), PROFILES[profile], 0)
    assert canonical(again.state) == canonical(setup.state)


def test_written_position_holds_what_it_says() -> None:
    state = parse_setup(_lines(SETUP), "s.md", starter_library(), PROFILES["ru-1999"], 0).state
    stolen = next(o for o in state.objects.values() if o.owner != controller_of(state, o))
    copy = state.lasting[0]
    assert (stolen.card.name, stolen.owner, controller_of(state, stolen)) == ("Craw Wurm", 0, 1)
    assert (copy.target, copy.card.name if copy.card else None) == (stolen.id, "Tetsuo Umezawa")
    assert [(e.player, e.until_end_of_turn) for e in state.lasting if e.kind is LastingKind.CONTROL] == [
        (1, True)
    ]
    assert stolen.controller == 0
    assert (state.priority, state.passes, state.seed, state.shuffles) == (0, 1, 4, 2)
    assert [s.kind for s in state.shields] == ["prevent", "regenerate", "prevent"]
    assert [i.kind for i in state.stack] == ["damage", "spell", "spell", "ability", "ability", "ability"]
    assert state.stack[2].targets == (("spell", state.stack[1].id),)
    assert state.stack[1].shares == (2, 1) and state.stack[1].x == 3
    assert state.combat is not None and len(state.combat.blockers[state.combat.attackers[0]]) == 2
    assert state.players[1].drew_from_empty and state.pending[0].label == "Upkeep Healer"


def _positions(profile: str, seed: int, steps: int, deck: list[str] = ROUND_TRIP_DECK) -> list[Game]:
    """Returns copies of the game at every step of a random game (a new game when one ends)."""
    rng = random.Random(seed)
    game = new_game(PROFILES[profile], seed, deck)
    found: list[Game] = []
    for _ in range(steps):
        if game.state.over:
            seed += 1000
            game = new_game(PROFILES[profile], seed, deck)
        random_step(game, rng)
        found.append(Game(game.state.copy(), game.profile))
    return found


def _round_trip(game: Game, cards: dict[str, CardDef]) -> None:
    scale = game.profile.scale
    text = render_setup(game.state, {}, scale)
    again = parse_setup(_lines("\n".join(text)), "s.md", cards, game.profile, 0)
    assert canonical(again.state) == canonical(game.state), "\n".join(text)
    assert render_setup(again.state, again.aliases, scale) == text


@settings(max_examples=8, deadline=None, database=None, derandomize=True)
@given(profile=st.sampled_from(sorted(PROFILES)), seed=st.integers(min_value=0, max_value=2**31))
def test_random_positions_round_trip(profile: str, seed: int) -> None:
    cards = starter_library()
    for game in _positions(profile, seed, 120):
        _round_trip(game, cards)


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_random_positions_with_lost_abilities_changed_types_and_redirections_round_trip(profile: str) -> None:
    cards = deck_cards()
    games = _positions(profile, 10, 600, list(LAYER_DECK))
    for game in games:
        _round_trip(game, cards)
    lasting = {e.kind for g in games for e in g.state.lasting}
    assert {
        LastingKind.LOSE_ALL,
        LastingKind.SUBTYPE,
        LastingKind.ADD_SUBTYPE,
        LastingKind.ANIMATE,
    } <= lasting
    assert any(s.kind == "redirect" for g in games for s in g.state.shields)


def test_random_positions_cover_the_whole_notation() -> None:
    """The random positions checked hold every kind of line and flag of the notation, so each is tested
    (triggers waiting for the next priority never outlive an action: SETUP has them)."""
    cards = starter_library()
    seen: set[str] = set()
    for seed in range(8):
        for game in _positions(("ru-1999", "ja-2004")[seed % 2], seed, 800):
            text = "\n".join(render_setup(game.state, {}, game.profile.scale))
            found = {marker for marker in MARKERS if marker in text}
            if not found <= seen:
                _round_trip(game, cards)
                seen |= found
        if seen == set(MARKERS):
            break
    assert seen == set(MARKERS)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("effect: bear 3/3", "expected 'effect: OBJECT +P/+T (SOURCE)'"),
        ("stack: alice plays Nothing Card", "expected a known card name"),
        ("priority carol", "expected a player name"),
        ("combat: bear (blocked by ghost)", "expected an alias or the name of exactly one object"),
        ("stack: alice trigger 3 of bear", "expected Grizzly Bears to have trigger 3"),
        ("alice flies", "expected 'turn …'"),
        ("stack: alice plays 2 Shock targeting bear", "expected one spell per 'stack:' line"),
        ("stack: alice plays Healing Salve targeting bear", "expected 'choosing MODE' for the modal spell"),
        ("stack: combat damage: bear two to alice", "expected 'SOURCE N to RECIPIENT'"),
        ("stack: alice plays Shock", "expected 1 group(s) of targets for Shock"),
        (
            "stack: alice activates Mogg Fanatic (left play) targeting bob sacrificing bear",
            "expected no 'sacrificing', 'returning' or 'removing' on a 'stack:' line",
        ),
        ("copy: bear is Tetsuo Umezawa", "expected 'copy: OBJECT becomes CARD NAME'"),
        (
            "copy: bear becomes Craw Wurm, keeping the ability of Grizzly Bears",
            "expected a card with a gains_this_ability trigger, got 'Grizzly Bears'",
        ),
        ("alice in play: Craw Wurm (attached to bear)", "expected 'attached to' only on a local enchantment"),
        ("alice in play: Craw Wurm (made by bear)", "expected 'made by' only on a token, got 'Craw Wurm'"),
        ("until end of turn: prevent all combat damage (Fog) by carol", "expected a player name"),
        ("stack: alice rampage 2 of bear", "expected a keyword of ru-1999: it has no rampage"),
        ("blocking nothing: bear", "expected a 'combat:' line before 'blocking nothing:'"),
    ],
)
def test_malformed_lines_name_the_line(line: str, message: str) -> None:
    text = f"players: alice, bob\nalice in play: Grizzly Bears as bear\n{line}"
    with pytest.raises(NotationError, match=re.escape("s.md:3: " + message)):
        parse_setup(_lines(text), "s.md", starter_library(), PROFILES["ru-1999"], 0)


_HEAD = "players: alice, bob\nturn 3, bob, main1\nalice life 20\nbob life 20\n"


def _written_back(body: str, profile: str = "ru-1999", cards: dict[str, CardDef] | None = None) -> Setup:
    """Reads a position after _HEAD, checks that writing it gives the same text, and returns it."""
    setup = parse_setup(_lines(_HEAD + body), "s.md", cards or starter_library(), PROFILES[profile], 0)
    assert "\n".join(render_setup(setup.state, setup.aliases, 1)) == _HEAD + body
    return setup


def test_prevention_effects_round_trip_with_their_controllers() -> None:
    setup = _written_back(
        "until end of turn: prevent all combat damage (Fog)\n"
        "until end of turn: prevent all damage creatures would deal (Holy Day) by alice"
    )
    found = [(e.source, e.creatures, e.controller) for e in setup.state.prevent_all]
    assert found == [("Fog", False, 1), ("Holy Day", True, 0)]


def test_redirection_shields_round_trip() -> None:
    setup = _written_back(
        "alice in play: Grizzly Bears as bear, Craw Wurm as wurm\n"
        "shield: redirect 2 from wurm to bear (Martyr Squire)\n"
        "shield: redirect 1 from bob to wurm (Pariah's Shield)"
    )
    aliases = setup.aliases
    found = [(s.kind, s.recipient, s.amount, s.to) for s in setup.state.shields]
    assert found == [
        ("redirect", ("obj", aliases["wurm"]), 2, ("obj", aliases["bear"])),
        ("redirect", ("player", 1), 1, ("obj", aliases["wurm"])),
    ]


def test_creature_type_effects_round_trip() -> None:
    setup = _written_back(
        "alice in play: Grizzly Bears as bear\n"
        "effect: bear is the creature type Elf (Imagecrafter)\n"
        "effect: bear is also the creature type Goblin (Shapeshifter)\n"
        "effect: bear loses all abilities (Mind Wipe)"
    )
    assert [(e.kind, e.subtype) for e in setup.state.lasting] == [
        (LastingKind.SUBTYPE, "Elf"),
        (LastingKind.ADD_SUBTYPE, "Goblin"),
        (LastingKind.LOSE_ALL, ""),
    ]


@pytest.mark.parametrize(
    ("profile", "replaces", "types"),
    [("ru-1999", True, ("artifact", "creature")), ("ja-2004", False, ("artifact", "land", "creature"))],
)
def test_an_artifact_creature_keeps_or_loses_its_types_by_profile(
    profile: str, replaces: bool, types: tuple[str, ...]
) -> None:
    cards = starter_library()
    cards["Dryad Works"] = card_from_table(
        "Dryad Works", {"types": ["artifact", "land"], "subtypes": ["Forest"]}, ("c", 1)
    )
    setup = _written_back(
        "alice in play: Dryad Works as works\neffect: works becomes a 2/2 artifact creature (Dryad Works)",
        profile,
        cards,
    )
    (effect,) = setup.state.lasting
    assert (effect.card_type, effect.replaces_types) == ("artifact", replaces)
    chars = characteristics(setup.state, setup.state.obj(setup.aliases["works"]))
    assert (chars.types, chars.subtypes) == (types, () if replaces else ("Forest",))


def _library_with(name: str, table: dict[str, object]) -> dict[str, CardDef]:
    """Returns the starter library with one more card, read from its TOML table."""
    cards = starter_library()
    cards[name] = card_from_table(name, table, ("c", 1))
    return cards


def test_triggers_keep_that_player_through_the_notation() -> None:
    effect = {"effect": "discard", "who": "that_player"}
    cards = _library_with(
        "Specter",
        {
            "types": ["creature"],
            "pt": "2/2",
            "triggers": [{"when": "deals_damage_to_player", "effects": [effect]}],
        },
    )
    setup = _written_back(
        "alice in play: Specter as specter\n"
        "stack: alice trigger of specter, that player bob\n"
        "pending: alice trigger of specter, that player alice",
        cards=cards,
    )
    assert [i.player for i in setup.state.stack] == [1]
    assert [p.player for p in setup.state.pending] == [0]


def test_rampage_triggers_and_blockers_blocking_nothing_round_trip() -> None:
    setup = _written_back(
        "alice in play: Craw Giant as giant\n"
        "bob in play: Grizzly Bears as one, Grizzly Bears as two, Grizzly Bears as three\n"
        "stack: alice rampage 2 of giant\n"
        "pending: alice rampage 2 of giant\n"
        "combat: giant (blocked by one, two)\n"
        "blocking nothing: three",
        profile="ja-2004",
    )
    state, aliases = setup.state, setup.aliases
    for entry in (state.stack[0], state.pending[0]):
        effect = entry.effects[0]
        assert isinstance(effect, Effect)
        assert (entry.subject, effect.power, effect.count) == (aliases["giant"], 2, "blockers_beyond_first")
    assert state.combat is not None and state.combat.idle_blockers == [aliases["three"]]
    assert state.combat.blocking() == [aliases["one"], aliases["two"], aliases["three"]]


def test_triggers_keep_that_creature_through_the_notation() -> None:
    trigger = {"when": "blocked_by_creature", "watches": "enchanted", "effects": [{"effect": "destroy"}]}
    cards = _library_with(
        "Thorn Mantle", {"types": ["enchantment"], "enchant": "creature", "triggers": [trigger]}
    )
    setup = _written_back(
        "alice in play: Craw Wurm as wurm, Thorn Mantle as mantle (attached to wurm)\n"
        "bob in play: Llanowar Elves as elf\n"
        "stack: alice trigger of mantle, that creature elf, that player bob",
        cards=cards,
    )
    (item,) = setup.state.stack
    assert (item.subject, item.player) == (setup.aliases["elf"], 1)


def test_that_player_names_a_trigger_only() -> None:
    text = "players: alice, bob\nalice in play: Prodigal Sorcerer as tim\n"
    text += "stack: alice activates tim, that player bob"
    expected = "s.md:3: expected 'that player PLAYER' on a trigger only"
    with pytest.raises(NotationError, match=re.escape(expected)):
        parse_setup(_lines(text), "s.md", starter_library(), PROFILES["ru-1999"], 0)


def test_default_life_comes_from_the_profile() -> None:
    setup = parse_setup(_lines("players: a, b"), "s.md", starter_library(), PROFILES["sr-2007"], 0)
    assert [p.life for p in setup.state.players] == [200, 200]
    assert setup.state.priority == 0


def test_inline_token_card_is_built_from_the_flag() -> None:
    cards = dict(starter_library()) | parse_cards('["Spirit Forge"]\ntypes = ["enchantment"]\n', "c.toml", 1)
    text = "players: a, b\na in play: Spirit (token 0/0 B), Spirit Forge"
    state = parse_setup(_lines(text), "s.md", cards, PROFILES["ru-1999"], 0).state
    spirit = state.obj(state.in_play[0]).card
    assert (spirit.name, spirit.types, spirit.colors, spirit.toughness) == ("Spirit", ("creature",), "B", 0)


def test_a_token_counting_its_makers_counters_round_trips() -> None:
    cards = dict(starter_library()) | parse_cards('["Burst"]\ntypes = ["enchantment"]\n', "c.toml", 1)
    setup = _written_back(
        "alice in play: Burst as burst (fade counters 4), Saproling as saproling (token fade counters G, "
        "made by burst)",
        "ja-2004",
        cards,
    )
    state, aliases = setup.state, setup.aliases
    saproling = state.obj(aliases["saproling"])
    assert saproling.made_by == aliases["burst"]
    found = characteristics(state, saproling)
    assert (found.power, found.toughness) == (4, 4)


@pytest.mark.parametrize(("scenario", "profile"), CASES, ids=IDS)
def test_final_positions_of_the_scenarios_round_trip(scenario: Scenario, profile: str) -> None:
    result = run_scenario(scenario, profile)
    assert result.state is not None
    rules = PROFILES[profile]
    text = render_setup(result.state, result.aliases, rules.scale)
    again = parse_setup(_lines("\n".join(text)), scenario.path, scenario.cards, rules, 0)
    assert canonical(again.state) == canonical(result.state), "\n".join(text)
    assert render_setup(again.state, again.aliases, rules.scale) == text


DURATIONS_SETUP = "\n".join(
    [
        "players: alice, bob, carol",
        "turn 3, alice, main1",
        "alice life 20",
        "bob life 20",
        "carol life 20",
        "alice in play: Endoskeleton as endo (tapped), Grizzly Bears as bear, Satyr Keeper as keeper, "
        "Craw Wurm as wurm (owner bob, under carol), Voice of All as voice (chose R), "
        "Black Knight as knight (owner bob, under bob), Grizzly Bears as cub (owner bob, under bob)",
        "as long as endo is tapped: bear +0/+3 (Endoskeleton)",
        "as long as alice controls keeper: bear gains flying (Satyr Keeper)",
        "control: wurm to alice (Steal)",
        "as long as alice controls keeper: knight to alice (Satyr Keeper)",
        "text: knight R instead of W (Sleight of Mind)",
        "until end of turn: cub to alice (Threaten)",
    ]
)

KEEPER = '["Satyr Keeper"]\ntypes = ["creature"]\ncost = "2GG"\npt = "1/1"\n'


@pytest.mark.parametrize("profile", ["ru-1999", "ja-2004"])
def test_control_durations_text_and_choices_round_trip(profile: str) -> None:
    cards = {**starter_library(), **parse_cards(KEEPER, "inline")}
    setup = parse_setup(_lines(DURATIONS_SETUP), "s.md", cards, PROFILES[profile], 0)
    state = setup.state
    text = render_setup(state, setup.aliases, PROFILES[profile].scale)
    assert "\n".join(text) == DURATIONS_SETUP
    again = parse_setup(_lines("\n".join(text)), "s.md", cards, PROFILES[profile], 0)
    assert canonical(again.state) == canonical(state)
    wurm, knight, cub = (state.obj(setup.aliases[a]) for a in ("wurm", "knight", "cub"))
    assert (wurm.controller, controller_of(state, wurm)) == (2, 0)
    assert (knight.controller, controller_of(state, knight)) == (1, 0)
    assert (cub.controller, controller_of(state, cub)) == (1, 0)
    game = Game(state, PROFILES[profile])
    assert game.chars(state.obj(setup.aliases["bear"])).toughness == 5
    assert game.chars(state.obj(setup.aliases["bear"])).has("flying")
    assert game.chars(knight).protections() == "R"
    assert game.chars(state.obj(setup.aliases["voice"])).protections() == "R"


def test_under_needs_a_control_effect() -> None:
    text = "players: alice, bob\nturn 1, alice, main1\nalice in play: Grizzly Bears as bear (under bob)"
    with pytest.raises(NotationError, match="only on a permanent a control effect gives"):
        parse_setup(_lines(text), "s.md", starter_library(), PROFILES["ru-1999"], 0)


def test_a_condition_names_an_object_and_a_control_line_a_player() -> None:
    with pytest.raises(NotationError, match="as long as OBJECT is tapped"):
        parse_setup(
            _lines(
                "players: alice, bob\nturn 1, alice, main1\nalice in play: Grizzly Bears as bear\n"
                "as long as bear flies: bear +1/+1 (X)"
            ),
            "s.md",
            starter_library(),
            PROFILES["ru-1999"],
            0,
        )


LAYERED_DECK = (
    ["Forest", "Mountain", "Plains", "Island", "Swamp"] * 4
    + ["Control Magic", "Threaten", "Ray of Command", "Endoskeleton", "Sleight of Mind", "Magical Hack"] * 2
    + ["Voice of All", "Quirion Elves", "Grizzly Bears", "White Knight", "Black Knight", "Living Lands"] * 2
)


def test_random_positions_with_control_text_and_choices_round_trip() -> None:
    cards = starter_library()
    seen: set[str] = set()
    for seed in range(4):
        rng = random.Random(seed)
        game = new_game(PROFILES[("ja-2004", "sr-2007")[seed % 2]], seed, list(LAYERED_DECK))
        for step in range(400):
            if game.state.over:
                break
            random_step(game, rng)
            if step % 5 == 0:
                position = Game(game.state.copy(), game.profile)
                text = "\n".join(render_setup(position.state, {}, position.profile.scale))
                seen |= {
                    m for m in ("\ncontrol: ", "\nuntil end of turn: ", "\ntext: ", " chose ") if m in text
                }
                _round_trip(position, cards)
    assert {"\nuntil end of turn: ", " chose ", "\ntext: "} <= seen


DELAYED = """players: alice, bob
turn 3, alice, combat damage
alice life 200
bob life 200
alice in play: Grizzly Bears as bear
bob in play: Grizzly Bears as bear-2
delayed: at end of combat, bob: destroy bear (Many-Eyed Basilisk)
delayed: at end of turn, alice: remove from the game bear-2 (Temporal Lure)"""


def test_delayed_abilities_round_trip() -> None:
    profile = PROFILES["sr-2007"]
    setup = parse_setup(_lines(DELAYED), "s.md", starter_library(), profile, 0)
    state = setup.state
    assert [(d.at, d.controller, d.effect.kind, d.effect.zone, d.label) for d in state.delayed] == [
        ("end_of_combat", 1, "destroy", "", "Many-Eyed Basilisk"),
        ("end_of_turn", 0, "move", "removed", "Temporal Lure"),
    ]
    text = render_setup(state, setup.aliases, profile.scale)
    assert "\n".join(text) == DELAYED
    again = parse_setup(_lines("\n".join(text)), "s.md", starter_library(), profile, 0)
    assert canonical(again.state) == canonical(state)


WAITING = """players: alice, bob
turn 3, alice, main1
alice life 20
bob life 20
alice in play: Grizzly Bears as bear
bob in play: Grizzly Bears as bear-2 (tapped)
delayed: when bear leaves play, alice: gain 3 life (Parting Vow)
delayed: when bear-2 becomes untapped, alice: destroy (Frost Snare)
delayed: when bear becomes tapped, bob: draw 2 (Tripwire)"""


def test_delayed_abilities_waiting_for_an_event_round_trip() -> None:
    profile = PROFILES["ja-2004"]
    setup = parse_setup(_lines(WAITING), "s.md", starter_library(), profile, 0)
    state = setup.state
    assert [(d.at, d.controller, d.effect.kind, d.effect.amount, d.label) for d in state.delayed] == [
        ("leaves_play", 0, "gain_life", 3, "Parting Vow"),
        ("becomes_untapped", 0, "destroy", 0, "Frost Snare"),
        ("becomes_tapped", 1, "draw", 2, "Tripwire"),
    ]
    assert "\n".join(render_setup(state, setup.aliases, profile.scale)) == WAITING


def test_a_malformed_delayed_line_names_its_line() -> None:
    text = DELAYED.replace("at end of combat", "at dawn")
    with pytest.raises(NotationError, match=r"s\.md:7: expected 'delayed: at end of combat"):
        parse_setup(_lines(text), "s.md", starter_library(), PROFILES["ja-2004"], 0)
