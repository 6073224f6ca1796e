"""Mana: payment takes coloured symbols first, then generic; a phase end burns what is left."""

from __future__ import annotations

import pytest

from ruling.engine import mana
from ruling.engine.state import Player


@pytest.mark.parametrize(
    ("pool", "cost", "payable", "left"),
    [("GG", "1G", True, ""), ("GR", "GG", False, "GR"), ("RRG", "1R", True, "R"), ("", "", True, "")],
)
def test_pay(pool: str, cost: str, payable: bool, left: str) -> None:
    player = Player("a", 20)
    mana.add_mana(player, pool)
    assert mana.can_pay(player, cost) is payable
    if payable:
        mana.pay(player, cost)
    assert len(mana.pool_text(player)) == len(left)


def test_empty_pool_returns_the_amount_lost() -> None:
    player = Player("a", 20)
    mana.add_mana(player, "BBG")
    assert mana.empty_pool(player) == 3
    assert mana.pool_text(player) == ""
