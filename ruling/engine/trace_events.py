"""Templates of the trace events engine part 2 added (seats, events, layered effects), in the four
languages of the trace; ruling.engine.trace looks a kind up here when its own table lacks it."""

from __future__ import annotations

from ruling.engine.trace_costs import COST_TEMPLATES
from ruling.engine.trace_durations import DURATION_TEMPLATES
from ruling.engine.trace_keywords import KEYWORD_TEMPLATES
from ruling.engine.trace_library import LIBRARY_TEMPLATES
from ruling.engine.trace_requirements import REQUIREMENT_TEMPLATES

MORE_TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "stays_out": "{card} is no permanent: it can't come into play and stays in the {zone}",
        "count_blockers": "{card}: {amount} creatures block it beyond the first as it resolves",
        "priority_next": "{player} has played it: priority passes to the next player",
        "assign_none_blocked": "{card} assigns no combat damage: no creature blocks it any more",
        "assign_none_blocking": "{card} assigns no combat damage: it blocks no creature any more",
        "cost_reveal": "{player} reveals {card} from their hand to pay the cost",
        "cost_sacrifice": "{player} sacrifices {card} to pay the cost",
        "mana_none": "{card} adds no mana: no type of mana it could add is defined",
        "cost_remove": "{player} removes {card} in their graveyard from the game to pay the cost",
        "return_play": "{card} returns from the graveyard to play",
        "return_attached": "{card} returns from the graveyard to play attached to {other}",
        "return_hand": "{card} returns from the graveyard to its owner's hand",
        "return_gone": "{card} is no longer in the graveyard: it does not return",
        "leave_game": "{player} leaves the game with every card they own",
        "replace": "{card} replaces the event: {other}",
        "tapped_entry": "{card} comes into play tapped ({other})",
        "counters_cancel": "{card}: {amount} +1/+1 and -1/-1 counter pair(s) are removed",
        "minus_counters": "{card} gets {amount} -1/-1 counter(s)",
        "life_set": "{player}'s life becomes {amount}",
        "effect": "{card}: {other}",
        "may": "{player} chooses {other} for {card}",
        "no_trigger": "{card} does not trigger: {other}",
        "explain": "{card}: {other}",
        "no_counter": "{card} can't be countered",
        "count_hand": "{card}: X is {amount}, the cards in {player}'s hand as it resolves",
        "count_graveyard": "{card}: X is {amount}, the cards in {player}'s graveyard as it resolves",
        "count_controls": "{card}: X is {amount}, the creatures {player} controls as it resolves",
        "count_creatures": "{card}: X is {amount}, the creatures in play as it resolves",
        "count_power": "{card}: X is {amount}, the power of {other} as it resolves",
        "count_sacrificed": "{card}: X is {amount}, the power {other} had as it was sacrificed",
        "count_power_known": "{card}: X is {amount}, the last known power of {other}, which has left play",
        "retarget": "{card} now targets {other} instead of {old}",
        "retarget_kept": "{card} keeps its target {other}: no other target is legal for it",
    },
    "ru": {
        "stays_out": "{card} не перманент: карта не входит в игру и остаётся там, где была (зона «{zone}»)",
        "count_blockers": "{card}: сверх первого его блокируют существ: {amount} (при выполнении)",
        "priority_next": "{player} сыграл его: приоритет переходит к следующему игроку",
        "assign_none_blocked": "{card} не назначает боевых повреждений: его больше никто не блокирует",
        "assign_none_blocking": "{card} не назначает боевых повреждений: оно больше никого не блокирует",
        "cost_reveal": "{player} показывает {card} из руки, оплачивая стоимость",
        "cost_sacrifice": "{player} жертвует {card}, оплачивая стоимость",
        "mana_none": "{card} не дает маны: тип маны, которую она могла бы дать, не определен",
        "cost_remove": "{player} удаляет из игры {card} со своего кладбища, оплачивая стоимость",
        "return_play": "{card} возвращается с кладбища в игру",
        "return_attached": "{card} возвращается с кладбища в игру, прикрепленная к {other}",
        "return_hand": "{card} возвращается с кладбища в руку владельца",
        "return_gone": "{card} уже нет на кладбище: карта не возвращается",
        "leave_game": "{player} выходит из игры со всеми своими картами",
        "replace": "{card} заменяет событие: {other}",
        "tapped_entry": "{card} входит в игру повернутым ({other})",
        "counters_cancel": "{card}: снимается пар жетонов +1/+1 и -1/-1: {amount}",
        "minus_counters": "{card} получает {amount} жетон(ов) -1/-1",
        "life_set": "жизнь {player} становится равной {amount}",
        "effect": "{card}: {other}",
        "may": "{player} выбирает {other} для {card}",
        "no_trigger": "{card} не срабатывает: {other}",
        "explain": "{card}: {other}",
        "no_counter": "{card} не может быть отменено",
        "count_hand": "{card}: X равно {amount} — число карт в руке {player} при выполнении",
        "count_graveyard": "{card}: X равно {amount} — число карт на кладбище {player} при выполнении",
        "count_controls": "{card}: X равно {amount} — число существ под контролем {player} при выполнении",
        "count_creatures": "{card}: X равно {amount} — число существ в игре при выполнении",
        "count_power": "{card}: X равно {amount} — сила {other} при выполнении",
        "count_sacrificed": "{card}: X равно {amount} — сила {other} в момент жертвования",
        "count_power_known": "{card}: X равно {amount} — последняя известная сила {other}, покинувшего игру",
        "retarget": "{card}: новая цель — {other} вместо {old}",
        "retarget_kept": "{card} сохраняет цель {other}: другой доступной цели нет",
    },
    "sr": {
        "stays_out": "{card} nije permanent: ne ulazi u igru i ostaje u pređašnjoj zoni („{zone}”)",
        "count_blockers": "{card}: pored prvog ga blokira još {amount} bića pri razrešavanju",
        "priority_next": "{player} je odigrao: prednost prelazi sledećem igraču",
        "assign_none_blocked": "{card} ne raspoređuje borbenu štetu: više ga ne blokira nijedno biće",
        "assign_none_blocking": "{card} ne raspoređuje borbenu štetu: više ne blokira nijedno biće",
        "cost_reveal": "{player} otkriva {card} iz ruke da plati cenu",
        "cost_sacrifice": "{player} žrtvuje {card} da plati cenu",
        "mana_none": "{card} ne proizvodi manu: tip mane koju bi proizvela nije definisan",
        "cost_remove": "{player} uklanja iz igre {card} sa svog odlagališta da plati cenu",
        "return_play": "{card} se vraća sa odlagališta u igru",
        "return_attached": "{card} se vraća sa odlagališta u igru, vezan za {other}",
        "return_hand": "{card} se vraća sa odlagališta u ruku vlasnika",
        "return_gone": "{card} više nije na odlagalištu: ne vraća se",
        "leave_game": "{player} napušta igru sa svim kartama koje poseduje",
        "replace": "{card} zamenjuje događaj: {other}",
        "tapped_entry": "{card} ulazi u igru aktivirano ({other})",
        "counters_cancel": "{card}: uklanja se parova brojača +1/+1 i -1/-1: {amount}",
        "minus_counters": "{card} dobija {amount} brojač(a) -10/-10",
        "life_set": "život igrača {player} postaje {amount}",
        "effect": "{card}: {other}",
        "may": "{player} bira {other} za {card}",
        "no_trigger": "{card} se ne izaziva: {other}",
        "explain": "{card}: {other}",
        "no_counter": "{card} ne može biti sprečeno",
        "count_hand": "{card}: X je {amount}, broj karata u ruci igrača {player} pri razrešavanju",
        "count_graveyard": (
            "{card}: X je {amount}, broj karata na odlagalištu igrača {player} pri razrešavanju"
        ),
        "count_controls": "{card}: X je {amount}, broj bića koja kontroliše {player} pri razrešavanju",
        "count_creatures": "{card}: X je {amount}, broj bića u igri pri razrešavanju",
        "count_power": "{card}: X je {amount}, snaga bića {other} pri razrešavanju",
        "count_sacrificed": "{card}: X je {amount}, snaga bića {other} u trenutku žrtvovanja",
        "count_power_known": (
            "{card}: X je {amount}, poslednja poznata snaga bića {other}, koje je napustilo igru"
        ),
        "retarget": "{card} sada ima metu {other} umesto {old}",
        "retarget_kept": "{card} zadržava metu {other}: nijedna druga meta nije ispravna",
    },
    "ja": {
        "stays_out": "{card}はパーマネントでない：場に出ず、もとの領域（{zone}）に残る",
        "count_blockers": "{card}：解決時に２体め以降のブロック・クリーチャーは{amount}体",
        "priority_next": "{player}がプレイした：優先権は次のプレイヤーに移る",
        "assign_none_blocked": "{card}は戦闘ダメージを割り振らない：ブロック・クリーチャーがもういない",
        "assign_none_blocking": "{card}は戦闘ダメージを割り振らない：もう何もブロックしていない",
        "cost_reveal": "{player}はコストとして手札の{card}を公開する",
        "cost_sacrifice": "{player}はコストとして{card}を生け贄に捧げる",
        "mana_none": "{card}はマナを生み出さない：生み出すマナのタイプが定義できない",
        "cost_remove": "{player}はコストとして墓地の{card}をゲームから取り除く",
        "return_play": "{card}は墓地から場に戻る",
        "return_attached": "{card}は墓地から場に戻り、{other}につけられる",
        "return_hand": "{card}は墓地からオーナーの手札に戻る",
        "return_gone": "{card}はもう墓地にないので、戻らない",
        "leave_game": "{player}は自分がオーナーであるすべてのカードとともにゲームから除外される",
        "replace": "{card}がイベントを置換する：{other}",
        "tapped_entry": "{card}はタップ状態で場に出る（{other}）",
        "counters_cancel": "{card}：+1/+1カウンターと-1/-1カウンターが{amount}組取り除かれる",
        "minus_counters": "{card}に-1/-1カウンターが{amount}個置かれる",
        "life_set": "{player}のライフは{amount}になる",
        "effect": "{card}：{other}",
        "may": "{player}は{card}について{other}を選ぶ",
        "no_trigger": "{card}は誘発しない：{other}",
        "explain": "{card}：{other}",
        "no_counter": "{card}は打ち消されない",
        "count_hand": "{card}：Xは{amount}（解決時の{player}の手札の枚数）",
        "count_graveyard": "{card}：Xは{amount}（解決時の{player}の墓地のカードの枚数）",
        "count_controls": "{card}：Xは{amount}（解決時に{player}がコントロールするクリーチャーの数）",
        "count_creatures": "{card}：Xは{amount}（解決時に場に出ているクリーチャーの数）",
        "count_power": "{card}：Xは{amount}（解決時の{other}のパワー）",
        "count_sacrificed": "{card}：Xは{amount}（生け贄に捧げられたときの{other}のパワー）",
        "count_power_known": "{card}：Xは{amount}（場を離れた{other}の最後に知られているパワー）",
        "retarget": "{card}の対象が{old}から{other}に変更される",
        "retarget_kept": "{card}の対象は{other}のまま：他に適正な対象がない",
    },
}

for _lang, _templates in KEYWORD_TEMPLATES.items():
    MORE_TEMPLATES[_lang].update(_templates)

for _lang, _templates in DURATION_TEMPLATES.items():
    MORE_TEMPLATES[_lang].update(_templates)

for _lang, _templates in REQUIREMENT_TEMPLATES.items():
    MORE_TEMPLATES[_lang].update(_templates)

for _lang, _templates in COST_TEMPLATES.items():
    MORE_TEMPLATES[_lang].update(_templates)

for _lang, _templates in LIBRARY_TEMPLATES.items():
    MORE_TEMPLATES[_lang].update(_templates)
