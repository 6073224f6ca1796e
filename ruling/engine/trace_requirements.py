"""Templates of the trace events of attack and block requirements and restrictions (ruling.engine.
requirements), in the four languages of the trace; merged into ruling.engine.trace_events."""

from __future__ import annotations

REQUIREMENT_TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "restriction_attack_alone": "{card} does not attack alone, as it can't",
        "restriction_block_alone": "{card} does not block alone, as it can't",
        "restriction_outnumbering": "{card} may attack: its controller controls more creatures",
        "restriction_two_blockers": "{card} is blocked by two or more creatures, as it must be",
        "restriction_limit": "{card}: no more than {amount} creature(s) may attack or block, and no more do",
        "requirement_attacks": "{card} attacks, as it must each turn if able",
        "requirement_blocks": "{card} blocks, as it must each turn if able",
        "requirement_lure": "{card} blocks {other}, as every creature able to block it must",
    },
    "ru": {
        "restriction_attack_alone": "{card} атакует не в одиночку: одно оно атаковать не может",
        "restriction_block_alone": "{card} блокирует не в одиночку: одно оно блокировать не может",
        "restriction_outnumbering": "{card} может атаковать: у его контролёра больше существ",
        "restriction_two_blockers": "{card} блокировано двумя или более существами, как и должно быть",
        "restriction_limit": "{card}: атаковать или блокировать могут не более {amount} существ(а)",
        "requirement_attacks": "{card} атакует: оно атакует каждый ход, если способно",
        "requirement_blocks": "{card} блокирует: оно блокирует каждый ход, если способно",
        "requirement_lure": "{card} блокирует {other}: его блокируют все существа, способные на это",
    },
    "sr": {
        "restriction_attack_alone": "{card} ne napada samo, jer ne može",
        "restriction_block_alone": "{card} ne blokira samo, jer ne može",
        "restriction_outnumbering": "{card} sme da napadne: njegov kontrolor kontroliše više bića",
        "restriction_two_blockers": "{card} blokiraju dva ili više bića, kao što mora",
        "restriction_limit": "{card}: ne više od {amount} bića sme da napada ili blokira",
        "requirement_attacks": "{card} napada, jer napada u svakom potezu ako je sposobno",
        "requirement_blocks": "{card} blokira, jer blokira u svakom potezu ako je sposobno",
        "requirement_lure": "{card} blokira {other}, jer ga blokira svako biće koje je sposobno",
    },
    "ja": {
        "restriction_attack_alone": "{card}は単独では攻撃しない（単独では攻撃できない）",
        "restriction_block_alone": "{card}は単独ではブロックしない（単独ではブロックできない）",
        "restriction_outnumbering": "{card}は攻撃できる（コントローラーのクリーチャーの方が多い）",
        "restriction_two_blockers": "{card}は２体以上のクリーチャーにブロックされている",
        "restriction_limit": "{card}：攻撃またはブロックできるのは{amount}体まで",
        "requirement_attacks": "{card}は攻撃に参加する（各ターン、可能なら攻撃する）",
        "requirement_blocks": "{card}はブロックに参加する（各ターン、可能ならブロックする）",
        "requirement_lure": "{card}は{other}をブロックする（ブロック可能なクリーチャーはすべてブロックする）",
    },
}
