"""Templates of the trace events of effects on libraries and hands, of wishes and of converted mana costs
(ruling.engine.library_effects, ruling.engine.wishes, ruling.engine.converted_costs), in the four languages
of the trace; merged into ruling.engine.trace_events."""

from __future__ import annotations

LIBRARY_TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "mill": "{player} puts {card} from the top of their library into their graveyard",
        "count_milled": "{card}: X is {amount}, the converted mana cost of {other}",
        "cost_is": "{card}: converted mana cost {other}; it is {amount}",
        "cost_not": "{card}: converted mana cost {other}; it is not {amount}",
        "reveal_hand": "{player} reveals their hand: {other}",
        "search_play": "{player} finds {card} in their library and puts it into play",
        "search_land": "{player} finds {card} in their library and puts it into play as a land",
        "search_none": "{player} finds no {other} card in their library",
        "wish": "{player} reveals {card} from outside the game ({other}) and puts it into their hand",
        "wish_none": "{player} brings no {other} card from outside the game",
    },
    "ru": {
        "mill": "{player} кладет {card} с верха своей библиотеки на кладбище",
        "count_milled": "{card}: X равно {amount} — преобразованная мановая стоимость {other}",
        "cost_is": "{card}: преобразованная мановая стоимость {other}; она равна {amount}",
        "cost_not": "{card}: преобразованная мановая стоимость {other}; она не равна {amount}",
        "reveal_hand": "{player} показывает руку: {other}",
        "search_play": "{player} находит в библиотеке {card} и вводит в игру",
        "search_land": "{player} находит в библиотеке {card} и вводит в игру как землю",
        "search_none": "{player} не находит в библиотеке карты {other}",
        "wish": "{player} показывает {card} из-за пределов игры ({other}) и берёт в руку",
        "wish_none": "{player} не берёт из-за пределов игры карту {other}",
    },
    "sr": {
        "mill": "{player} stavlja {card} sa vrha svoje biblioteke na odlagalište",
        "count_milled": "{card}: X je {amount}, ukupna mana cena karte {other}",
        "cost_is": "{card}: ukupna mana cena {other}; jednaka je {amount}",
        "cost_not": "{card}: ukupna mana cena {other}; nije jednaka {amount}",
        "reveal_hand": "{player} otkriva ruku: {other}",
        "search_play": "{player} nalazi {card} u svojoj biblioteci i ubacuje je u igru",
        "search_land": "{player} nalazi {card} u svojoj biblioteci i ubacuje je u igru kao izvor",
        "search_none": "{player} ne nalazi kartu {other} u svojoj biblioteci",
        "wish": "{player} otkriva {card} izvan igre ({other}) i stavlja je u ruku",
        "wish_none": "{player} ne uzima kartu {other} izvan igre",
    },
    "ja": {
        "mill": "{player}はライブラリーの一番上の{card}を墓地に置く",
        "count_milled": "{card}：Xは{amount}（{other}の点数で見たマナ・コスト）",
        "cost_is": "{card}：点数で見たマナ・コストは{other}で、{amount}に等しい",
        "cost_not": "{card}：点数で見たマナ・コストは{other}で、{amount}に等しくない",
        "reveal_hand": "{player}は手札を公開する：{other}",
        "search_play": "{player}はライブラリーから{card}を探し、場に出す",
        "search_land": "{player}はライブラリーから{card}を探し、土地として場に出す",
        "search_none": "{player}はライブラリーに{other}のカードを見つけない",
        "wish": "{player}はゲームの外部（{other}）から{card}を公開し、手札に加える",
        "wish_none": "{player}はゲームの外部から{other}のカードを持ってこない",
    },
}
