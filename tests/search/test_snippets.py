"""Snippets: the window lands on the matches and marks them."""

from __future__ import annotations

from ruling.search.snippets import snippet


def test_snippet_centres_on_the_matches() -> None:
    body = "слово " * 60 + "пробивающий удар" + " слово" * 60
    fragments = snippet(body, "ru", {"пробива", "удар"}, width=80)
    assert fragments[0].text == "…" and fragments[-1].text == "…"
    assert [f.text for f in fragments if f.match] == ["пробивающий", "удар"]


def test_snippet_of_japanese_marks_bigram_matches() -> None:
    fragments = snippet("ゲームは引き分けとなる。", "ja", {"引キ", "キ分", "分ケ"})
    assert [f.text for f in fragments if f.match] == ["引き分け"]


def test_snippet_without_matches_starts_the_text() -> None:
    fragments = snippet("Короткий текст.", "ru", {"удар"})
    assert [(f.text, f.match) for f in fragments] == [("Короткий текст.", False)]
