"""The trace renders every event kind in all four languages with the rules it applied."""

from __future__ import annotations

import pytest

from ruling.engine.state import Step, Zone
from ruling.engine.trace import LANGUAGES, PHRASES, STEP_NAMES, TEMPLATES, ZONE_NAMES, Event, render
from ruling.engine.trace_events import MORE_TEMPLATES
from ruling.errors import RulingError


def test_every_language_has_every_event() -> None:
    kinds = set(TEMPLATES["en"])
    for lang in LANGUAGES:
        assert set(TEMPLATES[lang]) == kinds, lang
    more = set(MORE_TEMPLATES["en"])
    for lang in LANGUAGES:
        assert set(MORE_TEMPLATES[lang]) == more, lang


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Craw Wurm deals 4 damage to bob  [ru:310.4]"),
        ("ru", "Craw Wurm наносит 4 повреждений: bob  [ru:310.4]"),
        ("sr", "Craw Wurm nanosi 4 štete: bob  [ru:310.4]"),
        ("ja", "Craw Wurmはbobに4点のダメージを与える  [ru:310.4]"),
    ],
)
def test_render(lang: str, expected: str) -> None:
    event = Event("damage", {"card": "Craw Wurm", "amount": 4, "other": "bob"}, ("ru:310.4",))
    assert render(event, lang) == expected


def test_missing_argument_shows_a_question_mark() -> None:
    assert render(Event("lose", {})) == "? loses the game"


def test_unknown_language() -> None:
    with pytest.raises(RulingError, match="unknown trace language"):
        render(Event("pass", {"player": "bob"}), "de")


def test_every_language_names_every_step() -> None:
    steps = {str(s) for s in Step} | {"no draw"}
    for lang in ("ru", "sr", "ja"):
        assert set(STEP_NAMES[lang]) == steps, lang
        assert len(set(STEP_NAMES[lang].values())) == len(steps), lang


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "turn 3, alice: declare attackers"),
        ("ru", "ход 3, alice: объявление атакующих"),
        ("sr", "potez 3, alice: korak najave bića koja napadaju"),
        ("ja", "第3ターン alice：攻撃クリーチャー指定ステップ"),
    ],
)
def test_step_names_are_translated(lang: str, expected: str) -> None:
    assert (
        render(Event("step", {"turn": 3, "player": "alice", "step": "declare attackers"}), lang) == expected
    )


@pytest.mark.parametrize(
    ("event", "lang", "expected"),
    [
        (
            Event("replace", {"card": "Void Gate", "other": "Homing Beast goes to removed instead"}),
            "ru",
            "Void Gate заменяет событие: Homing Beast вместо этого отправляется в зону "
            "«удаленные из игры карты»",
        ),
        (
            Event("replace", {"card": "Pariah", "other": "3 damage to Craw Wurm"}),
            "ja",
            "Pariahがイベントを置換する：Craw Wurmへの3点のダメージ",
        ),
        (
            Event("divide", {"card": "Arc Lightning", "other": "2 to Grizzly Bears, 1 to bob"}),
            "sr",
            "Arc Lightning deli štetu: 2 — Grizzly Bears, 1 — bob",
        ),
        (
            Event("targets", {"card": "the ability of Maze of Shadows", "other": "bob"}),
            "ja",
            "Maze of Shadowsの能力の対象：bob",
        ),
        (Event("play", {"player": "bob", "card": "Return to Dust"}), "ru", "bob играет Return to Dust"),
        (
            Event("divide", {"card": "Arc Lightning", "other": "2 to Grizzly Bears, 1 to bob"}),
            "en",
            "Arc Lightning divides its damage: 2 to Grizzly Bears, 1 to bob",
        ),
    ],
)
def test_phrases_the_engine_writes_into_arguments_are_translated(
    event: Event, lang: str, expected: str
) -> None:
    assert render(event, lang) == expected


def test_every_language_has_every_phrase_and_zone() -> None:
    for lang in ("ru", "sr", "ja"):
        assert set(PHRASES[lang]) == set(PHRASES["ru"]) and set(ZONE_NAMES[lang]) == {str(z) for z in Zone}


def test_multiplayer_templates_exist_in_every_language() -> None:
    from ruling.engine.trace_multiplayer import MULTIPLAYER_TEMPLATES

    kinds = set(MULTIPLAYER_TEMPLATES["en"])
    for lang in ("ru", "sr", "ja"):
        assert set(MULTIPLAYER_TEMPLATES[lang]) == kinds, lang
