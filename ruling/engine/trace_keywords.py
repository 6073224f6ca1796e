"""Templates of the trace events of engine part 3 (keywords, poison, face-down objects), in the four
languages of the trace; ruling.engine.trace_events merges them into its table."""

from __future__ import annotations

KEYWORD_TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "keyword": "{card}: {other}",
        "poison": "{player} has {amount} poison counter(s)",
        "face_up": "{player} turns {card} face up, paying {mana}",
        "reveal": "the face-down {card} is revealed",
        "kind_counter": "{card} has {amount} {other} counter(s)",
        "sacrifice": "{player} sacrifices {card}",
        "storm": "{card}: storm copies it {amount} time(s)",
        "cycle": "{player} cycles {card}",
        "search": "{player} finds {card} in their library and puts it into their hand",
        "attach": "{card} becomes attached to {other}",
        "unattach": "{card} becomes unattached and stays in play",
    },
    "ru": {
        "keyword": "{card}: {other}",
        "poison": "у {player} жетонов яда: {amount}",
        "face_up": "{player} переворачивает {card} лицом вверх, заплатив {mana}",
        "reveal": "лежавшая лицом вниз карта {card} открывается",
        "kind_counter": "{card}: жетонов «{other}»: {amount}",
        "sacrifice": "{player} жертвует {card}",
        "storm": "{card}: шторм копирует его {amount} раз(а)",
        "cycle": "{player} сбрасывает {card} циклингом",
        "search": "{player} находит в библиотеке {card} и берёт в руку",
        "attach": "{card} прикрепляется к {other}",
        "unattach": "{card} открепляется и остаётся в игре",
    },
    "sr": {
        "keyword": "{card}: {other}",
        "poison": "{player} ima {amount} brojač(a) otrova",
        "face_up": "{player} okreće {card} licem nagore, plaćajući {mana}",
        "reveal": "karta licem nadole {card} se otkriva",
        "kind_counter": "{card} ima {amount} brojač(a) „{other}”",
        "sacrifice": "{player} žrtvuje {card}",
        "storm": "{card}: oluja ga kopira {amount} put(a)",
        "cycle": "{player} ciklira {card}",
        "search": "{player} nalazi {card} u svojoj biblioteci i stavlja je u ruku",
        "attach": "{card} se vezuje za {other}",
        "unattach": "{card} se skida i ostaje u igri",
    },
    "ja": {
        "keyword": "{card}：{other}",
        "poison": "{player}の毒カウンター：{amount}個",
        "face_up": "{player}は{mana}を支払い{card}を表向きにする",
        "reveal": "裏向きの{card}が公開される",
        "kind_counter": "{card}の{other}カウンター：{amount}個",
        "sacrifice": "{player}は{card}を生け贄に捧げる",
        "storm": "{card}：ストームにより{amount}回コピーされる",
        "cycle": "{player}は{card}をサイクリングする",
        "search": "{player}はライブラリーから{card}を探し、手札に加える",
        "attach": "{card}が{other}につく",
        "unattach": "{card}ははずれ、場に残る",
    },
}
