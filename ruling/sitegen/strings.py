"""The words of the site's own interface, per language of the pages (the documents' text is never here)."""

from __future__ import annotations

UI_LANGUAGES = ("en", "ru", "ja", "sr")

_STRINGS: dict[str, dict[str, str]] = {
    "site": {"en": "Rules", "ru": "Правила", "ja": "ルール", "sr": "Pravila"},
    "search": {
        "en": "Search the rules",
        "ru": "Поиск по правилам",
        "ja": "ルールを検索",
        "sr": "Pretraga pravila",
    },
    "search_hint": {
        "en": "Rule number, words, English terms. Press / to search.",
        "ru": "Номер правила, слова, английские термины. Клавиша / — поиск.",
        "ja": "ルール番号、語句、英語の用語。/ キーで検索。",
        "sr": "Broj pravila, reči, engleski termini. Taster / za pretragu.",
    },
    "no_results": {
        "en": "No results",
        "ru": "Ничего не найдено",
        "ja": "見つかりません",
        "sr": "Nema rezultata",
    },
    "did_you_mean": {
        "en": "Did you mean",
        "ru": "Возможно, вы имели в виду",
        "ja": "もしかして",
        "sr": "Da li ste mislili",
    },
    "all_documents": {"en": "all", "ru": "все", "ja": "全部", "sr": "sve"},
    "contents": {"en": "Contents", "ru": "Содержание", "ja": "目次", "sr": "Sadržaj"},
    "glossary": {"en": "Glossary", "ru": "Глоссарий", "ja": "用語集", "sr": "Rečnik"},
    "term_index": {"en": "Term index", "ru": "Указатель терминов", "ja": "索引", "sr": "Indeks pojmova"},
    "cited_by": {"en": "Cited by", "ru": "Ссылаются", "ja": "参照元", "sr": "Pozivaju se"},
    "cites": {"en": "Cites", "ru": "Ссылки", "ja": "参照", "sr": "Poziva se na"},
    "counterparts": {
        "en": "Same rule in",
        "ru": "Это правило в",
        "ja": "対応するルール",
        "sr": "Isto pravilo u",
    },
    "scenarios": {"en": "Scenarios", "ru": "Сценарии", "ja": "シナリオ", "sr": "Scenariji"},
    "scenarios_citing": {
        "en": "Demonstrated by",
        "ru": "Показано в сценариях",
        "ja": "このルールを示すシナリオ",
        "sr": "Prikazano u scenarijima",
    },
    "coverage": {
        "en": "Scenario coverage",
        "ru": "Покрытие сценариями",
        "ja": "シナリオの網羅",
        "sr": "Pokrivenost scenarijima",
    },
    "compare": {"en": "Side by side", "ru": "Рядом", "ja": "対照表示", "sr": "Uporedo"},
    "example": {"en": "Example", "ru": "Пример", "ja": "例", "sr": "Primer"},
    "note": {"en": "Note", "ru": "Примечание", "ja": "注", "sr": "Napomena"},
    "source": {"en": "Source", "ru": "Источник", "ja": "出典", "sr": "Izvor"},
    "documents": {"en": "Documents", "ru": "Документы", "ja": "文書", "sr": "Dokumenti"},
    "languages": {"en": "Languages", "ru": "Языки", "ja": "言語", "sr": "Jezici"},
    "previous": {"en": "Previous", "ru": "Назад", "ja": "前へ", "sr": "Prethodno"},
    "next": {"en": "Next", "ru": "Далее", "ja": "次へ", "sr": "Sledeće"},
    "home": {"en": "Home", "ru": "Главная", "ja": "ホーム", "sr": "Početna"},
    "before": {"en": "Board before", "ru": "Позиция до", "ja": "開始時の盤面", "sr": "Tabla pre"},
    "after": {"en": "Board after", "ru": "Позиция после", "ja": "終了時の盤面", "sr": "Tabla posle"},
    "trace": {"en": "What happened", "ru": "Ход событий", "ja": "経過", "sr": "Tok događaja"},
    "life": {"en": "life", "ru": "жизни", "ja": "ライフ", "sr": "život"},
    "library": {"en": "Library", "ru": "Библиотека", "ja": "ライブラリー", "sr": "Biblioteka"},
    "hand": {"en": "Hand", "ru": "Рука", "ja": "手札", "sr": "Ruka"},
    "in_play": {"en": "In play", "ru": "В игре", "ja": "場", "sr": "U igri"},
    "graveyard": {"en": "Graveyard", "ru": "Кладбище", "ja": "墓地", "sr": "Groblje"},
    "removed": {
        "en": "Removed from the game",
        "ru": "Удалены из игры",
        "ja": "ゲームから取り除かれた",
        "sr": "Uklonjene iz igre",
    },
    "stack": {"en": "Stack", "ru": "Стек", "ja": "スタック", "sr": "Stek"},
    "turn": {"en": "Turn", "ru": "Ход", "ja": "ターン", "sr": "Potez"},
    "passed": {"en": "passes", "ru": "проходит", "ja": "成功", "sr": "prolazi"},
    "failed": {"en": "FAILS", "ru": "НЕ ПРОХОДИТ", "ja": "失敗", "sr": "NE PROLAZI"},
    "rules_cited": {"en": "Rules", "ru": "Правила", "ja": "ルール", "sr": "Pravila"},
    "machine_part": {"en": "Script", "ru": "Сценарий для движка", "ja": "スクリプト", "sr": "Skripta"},
    "covered": {"en": "covered", "ru": "покрыто", "ja": "網羅", "sr": "pokriveno"},
    "related_rules": {
        "en": "Rules on this",
        "ru": "Правила по теме",
        "ja": "関連ルール",
        "sr": "Pravila o tome",
    },
    "tapped": {"en": "tapped", "ru": "повёрнута", "ja": "タップ", "sr": "okrenuta"},
    "damage": {"en": "damage", "ru": "повреждения", "ja": "ダメージ", "sr": "šteta"},
    "empty": {"en": "empty", "ru": "пусто", "ja": "なし", "sr": "prazno"},
    "cards": {"en": "cards", "ru": "карт", "ja": "枚", "sr": "karata"},
    "unresolved": {
        "en": "no such rule",
        "ru": "нет такого правила",
        "ja": "該当ルールなし",
        "sr": "nema tog pravila",
    },
}

UI_LANGUAGE_NAMES = {"en": "English", "ru": "Русский", "ja": "日本語", "sr": "Srpski"}


def ui(language: str) -> dict[str, str]:
    """Returns every interface string in language (English where the language is not one of the site's)."""
    lang = language if language in UI_LANGUAGES else "en"
    return {key: values[lang] for key, values in _STRINGS.items()}
