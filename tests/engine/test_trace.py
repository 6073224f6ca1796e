"""The trace renders every event kind in all four languages with the rules it applied."""

from __future__ import annotations

import pytest

from ruling.engine.state import Step
from ruling.engine.trace import LANGUAGES, STEP_NAMES, TEMPLATES, Event, render
from ruling.errors import RulingError


def test_every_language_has_every_event() -> None:
    kinds = set(TEMPLATES["en"])
    for lang in LANGUAGES:
        assert set(TEMPLATES[lang]) == kinds, lang


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
