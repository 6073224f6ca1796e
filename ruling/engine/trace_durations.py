"""Templates of the trace events of durations, control, text and choices (ruling.engine.durations,
ruling.engine.choices), in the four languages of the trace; merged into ruling.engine.trace_events."""

from __future__ import annotations

DURATION_TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "effect_ends": "{card}: the effect of {other} ends (its duration is over)",
        "phased_effect_ends": "{card} phased out: the limited effect of {other} no longer applies to it",
        "phased_in_alone": "{card} phases in attached to a permanent that is no longer in play",
        "no_effect": "{card}: the effect does nothing, its duration ({other}) ended before it began",
        "choice": "{player} chooses {other} as {card} comes into play",
        "text": "{card}: its text has {other}",
    },
    "ru": {
        "effect_ends": "{card}: эффект {other} заканчивается (истекла его продолжительность)",
        "phased_effect_ends": "{card} уходит из фазы: временный эффект {other} к нему больше не применяется",
        "phased_in_alone": "{card} возвращается в фазу прикреплённым к перманенту, которого нет в игре",
        "no_effect": "{card}: эффект ничего не делает, его продолжительность ({other}) истекла до начала",
        "choice": "{player} выбирает {other}, когда {card} входит в игру",
        "text": "{card}: в тексте теперь {other}",
    },
    "sr": {
        "effect_ends": "{card}: efekat {other} se završava (isteklo je njegovo trajanje)",
        "phased_effect_ends": "{card} izlazi iz faze: privremeni efekat {other} više se ne primenjuje",
        "phased_in_alone": "{card} ulazi u fazu pripojen permanentu koji više nije u igri",
        "no_effect": "{card}: efekat ne radi ništa, njegovo trajanje ({other}) se završilo pre početka",
        "choice": "{player} bira {other} dok {card} ulazi u igru",
        "text": "{card}: u tekstu sada stoji {other}",
    },
    "ja": {
        "effect_ends": "{card}：{other}の効果が終了する（持続期間が終わった）",
        "phased_effect_ends": "{card}がフェイズ・アウトした：{other}の一時的な効果はもう適用されない",
        "phased_in_alone": "{card}はもう場にないパーマネントについた状態でフェイズ・インする",
        "no_effect": "{card}：持続期間（{other}）が効果の開始前に終わったので、効果は何もしない",
        "choice": "{card}が場に出るに際し、{player}は{other}を選ぶ",
        "text": "{card}：文章が{other}になる",
    },
}
