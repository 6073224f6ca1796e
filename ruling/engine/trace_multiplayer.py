"""Templates of the trace events of engine part 3's multiplayer variants (sr part F), turn control and
subgames (ja 506-507), in the four languages of the trace."""

from __future__ import annotations

MULTIPLAYER_TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "range": "as {player}'s turn begins, the ranges of influence are measured on the players left",
        "out_of_range": "{card} does nothing to {other}: outside its controller's range of influence",
        "out_of_range_prevent": (
            "{mana} does not prevent the damage from {card} to {other}: "
            "outside its controller's range of influence"
        ),
        "out_of_range_player": "{other} is out of {player}'s range of influence: the effect skips them",
        "out_of_range_redirect": (
            "the {amount} damage {card} would deal {other} does nothing: {other} is outside the range of "
            "influence of {card}'s controller"
        ),
        "no_trigger_range": "{card} does not trigger: {other} left play out of its controller's range",
        "points": "{player} has {amount} points",
        "marker": "{player} receives turn marker {amount}",
        "marker_waits": "turn marker {amount} waits: {player} may not receive it yet",
        "marker_removed": "{player} has left: turn marker {amount} is removed",
        "move": "{player} moves {card} to {other}",
        "defender_chosen": "{player}'s team has {card} deal its damage to {other}",
        "turn_control": "{player} will control {other}'s next turn",
        "turn_controlled": "{player} controls {other}'s turn: {player} makes {other}'s choices",
        "no_burn": "{player}'s turn is controlled by another player: no mana burn ({amount} mana empties)",
        "subgame": "a subgame begins ({card}): each player's library is their deck; the main game waits",
        "subgame_first": "{player} plays first in the subgame",
        "subgame_deck": "{player}'s deck holds fewer than seven cards: {player} loses as the subgame begins",
        "subgame_end": "the subgame ({card}) ends: {player} wins it; the main game goes on",
        "subgame_draw": "the subgame ({card}) ends in a draw; the main game goes on",
        "subgame_cards": (
            "{player}'s cards come back from the subgame: {amount} to the library, {kept} stay removed"
        ),
    },
    "ru": {
        "range": "в начале хода {player} дальность влияния отсчитывается по оставшимся игрокам",
        "out_of_range": "{card} не действует на {other}: вне дальности влияния его контролёра",
        "out_of_range_prevent": (
            "{mana} не предотвращает повреждения от {card} для {other}: вне дальности влияния его контролёра"
        ),
        "out_of_range_player": "{other} вне дальности влияния {player}: эффект на него не действует",
        "out_of_range_redirect": (
            "{amount} повреждений от {card} для {other} не наносятся: {other} вне дальности влияния "
            "контролёра {card}"
        ),
        "no_trigger_range": "{card} не срабатывает: {other} покинул игру вне дальности влияния",
        "points": "у {player} {amount} очков",
        "marker": "{player} получает жетон хода {amount}",
        "marker_waits": "жетон хода {amount} ждёт: {player} пока не может его получить",
        "marker_removed": "{player} вышел из игры: жетон хода {amount} убирается",
        "move": "{player} передвигает {card} к {other}",
        "defender_chosen": "команда {player} направляет повреждения {card} игроку {other}",
        "turn_control": "{player} будет контролировать следующий ход {other}",
        "turn_controlled": "{player} контролирует ход {other}: выборы {other} делает {player}",
        "no_burn": "ход {player} контролирует другой игрок: без ожога маной ({amount} маны пропадает)",
        "subgame": "начинается подыгра ({card}): библиотека каждого игрока — его колода; основная игра ждёт",
        "subgame_first": "{player} ходит первым в подыгре",
        "subgame_deck": "в колоде {player} меньше семи карт: {player} проигрывает в начале подыгры",
        "subgame_end": "подыгра ({card}) окончена: побеждает {player}; основная игра продолжается",
        "subgame_draw": "подыгра ({card}) окончена вничью; основная игра продолжается",
        "subgame_cards": (
            "карты {player} возвращаются из подыгры: {amount} в библиотеку, {kept} остаются удалёнными"
        ),
    },
    "sr": {
        "range": "dok počinje potez igrača {player}, domet uticaja meri se na preostalim igračima",
        "out_of_range": "{card} ne deluje na {other}: van dometa uticaja onoga ko ga kontroliše",
        "out_of_range_prevent": (
            "{mana} ne sprečava štetu od {card} za {other}: van dometa uticaja onoga ko ga kontroliše"
        ),
        "out_of_range_player": "{other} je van dometa uticaja igrača {player}: efekat na njega ne deluje",
        "out_of_range_redirect": (
            "{amount} štete od {card} za {other} ne radi ništa: {other} je van dometa uticaja onoga ko "
            "kontroliše {card}"
        ),
        "no_trigger_range": "{card} se ne izaziva: {other} je napustio igru van dometa uticaja",
        "points": "{player} ima {amount} poena",
        "marker": "{player} dobija oznaku poteza {amount}",
        "marker_waits": "oznaka poteza {amount} čeka: {player} je još ne može primiti",
        "marker_removed": "{player} je napustio igru: oznaka poteza {amount} se uklanja",
        "move": "{player} pomera {card} igraču {other}",
        "defender_chosen": "tim igrača {player} bira da {card} nanese štetu igraču {other}",
        "turn_control": "{player} će kontrolisati sledeći potez igrača {other}",
        "turn_controlled": "{player} kontroliše potez igrača {other}: {player} bira umesto {other}",
        "no_burn": "potez igrača {player} kontroliše drugi igrač: bez mana opekotine ({amount} mane nestaje)",
        "subgame": "počinje podigra ({card}): biblioteka svakog igrača je njegov špil; glavna igra čeka",
        "subgame_first": "{player} igra prvi u podigri",
        "subgame_deck": "špil igrača {player} ima manje od sedam karata: {player} gubi na početku podigre",
        "subgame_end": "podigra ({card}) je završena: pobeđuje {player}; glavna igra se nastavlja",
        "subgame_draw": "podigra ({card}) je završena nerešeno; glavna igra se nastavlja",
        "subgame_cards": (
            "karte igrača {player} vraćaju se iz podigre: {amount} u biblioteku, {kept} ostaje van igre"
        ),
    },
    "ja": {
        "range": "{player}のターンの開始時に、残っているプレイヤーで影響範囲を測る",
        "out_of_range": "{card}は{other}に何もしない：コントローラーの影響範囲外",
        "out_of_range_prevent": (
            "{mana}は{card}から{other}へのダメージを軽減しない：コントローラーの影響範囲外"
        ),
        "out_of_range_player": "{other}は{player}の影響範囲外：効果は{other}に何もしない",
        "out_of_range_redirect": (
            "{card}が{other}に与える{amount}点のダメージは何もしない：{other}は{card}のコントローラーの影響範囲外"
        ),
        "no_trigger_range": "{card}は誘発しない：{other}は影響範囲外で場を離れた",
        "points": "{player}の得点は{amount}点",
        "marker": "{player}はターン・マーカー{amount}を受け取る",
        "marker_waits": "ターン・マーカー{amount}は待つ：{player}はまだ受け取れない",
        "marker_removed": "{player}がゲームを去った：ターン・マーカー{amount}を取り除く",
        "move": "{player}は{card}を{other}に移す",
        "defender_chosen": "{player}のチームは{card}のダメージを{other}に与えさせる",
        "turn_control": "{player}は{other}の次のターンをコントロールする",
        "turn_controlled": "{player}が{other}のターンをコントロールする：{other}の選択は{player}が行う",
        "no_burn": (
            "{player}のターンは他のプレイヤーがコントロールしている：マナ・バーンなし（{amount}マナは消える）"
        ),
        "subgame": (
            "サブゲームが始まる（{card}）：各プレイヤーのライブラリーがデッキになる。メインゲームは保留される"
        ),
        "subgame_first": "{player}がサブゲームで先攻",
        "subgame_deck": "{player}のデッキは７枚未満：{player}はサブゲームの開始時に敗北する",
        "subgame_end": "サブゲーム（{card}）が終わる：{player}の勝利。メインゲームが再開される",
        "subgame_draw": "サブゲーム（{card}）は引き分けで終わる。メインゲームが再開される",
        "subgame_cards": "{player}のカードがサブゲームから戻る：ライブラリーに{amount}枚、ゲーム外に{kept}枚",
    },
}
