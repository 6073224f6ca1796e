"""Templates of the trace events of the total cost (ruling.engine.total_cost), in the four languages of the
trace; merged into ruling.engine.trace_events."""

from __future__ import annotations

COST_TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "cost_change": "{card}: its total cost is {mana} ({other})",
        "cost_life": "{player} pays {amount} life",
        "cost_return": "{player} returns {card} to its owner's hand to pay the cost",
        "cost_remove_hand": "{player} removes {card} in their hand from the game to pay the cost",
        "cost_counters": "{player} removes {amount} {other} counter(s) from {card} to pay the cost",
    },
    "ru": {
        "cost_change": "{card}: полная стоимость {mana} ({other})",
        "cost_life": "{player} платит {amount} жизни",
        "cost_return": "{player} возвращает {card} в руку владельца, оплачивая стоимость",
        "cost_remove_hand": "{player} удаляет из игры {card} из своей руки, оплачивая стоимость",
        "cost_counters": "{player} снимает с {card} жетоны «{other}» ({amount}), оплачивая стоимость",
    },
    "sr": {
        "cost_change": "{card}: krajnja cena je {mana} ({other})",
        "cost_life": "{player} plaća {amount} života",
        "cost_return": "{player} vraća {card} u ruku vlasnika da plati cenu",
        "cost_remove_hand": "{player} uklanja {card} iz svoje ruke iz igre da plati cenu",
        "cost_counters": "{player} uklanja {amount} brojač(a) „{other}” sa {card} da plati cenu",
    },
    "ja": {
        "cost_change": "{card}：総コストは{mana}（{other}）",
        "cost_life": "{player}は{amount}点のライフを支払う",
        "cost_return": "{player}はコストとして{card}をオーナーの手札に戻す",
        "cost_remove_hand": "{player}はコストとして手札の{card}をゲームから取り除く",
        "cost_counters": "{player}はコストとして{card}の上から{other}カウンターを{amount}個取り除く",
    },
}
