"""Mana: costs, the pool, payment, and mana burn when a phase ends."""

from __future__ import annotations

from ruling.engine.cards import parse_cost
from ruling.engine.state import Player


def pool_total(player: Player) -> int:
    return sum(player.pool.values())


def add_mana(player: Player, mana: str) -> None:
    for symbol in mana:
        player.pool[symbol] = player.pool.get(symbol, 0) + 1


def can_pay(player: Player, cost: str) -> bool:
    generic, colored = parse_cost(cost)
    pool = dict(player.pool)
    for symbol in colored:
        if pool.get(symbol, 0) <= 0:
            return False
        pool[symbol] -= 1
    return sum(pool.values()) >= generic


def pay(player: Player, cost: str) -> None:
    """Removes cost from the pool: coloured symbols first, then generic from the largest piles."""
    generic, colored = parse_cost(cost)
    for symbol in colored:
        player.pool[symbol] -= 1
    while generic:
        symbol = max(player.pool, key=lambda s: player.pool[s])
        player.pool[symbol] -= 1
        generic -= 1
    player.pool = {s: n for s, n in player.pool.items() if n}


def empty_pool(player: Player) -> int:
    """Empties the pool and returns how much mana was lost."""
    lost = pool_total(player)
    player.pool = {}
    return lost


def pool_text(player: Player) -> str:
    return "".join(symbol * count for symbol, count in sorted(player.pool.items()))
