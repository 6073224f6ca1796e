"""Question words, fillers and particles of each query language, removed from a query before it is analysed.

A judge asks «можно ли отменить способность», «da li mogu da sprečim osobinu», 「手札は何枚まで持てる？」 or
"what happens if both players lose": only the content words should rank. Stop words are removed from the
query only (the index keeps every word), by surface form, before stemming, so the content words keep their
morphology. A misspelt stop word (``сколко``, ``kolko``, ``можна``) that the corpus does not hold is
recognised within one edit. In Japanese, whole question phrases are removed (どうなる, できる,
について…), a one-character particle (は, が, を, に, の…) is removed where it stands between two
non-kana characters, and then a run of hiragana keeps only its first letter after a kanji (the inflection
the index pairs with the stem: 持てる → 持て, 取り除かれた → 取り 除か) and goes elsewhere (after katakana
or a number: プレイした → プレイ, 0になったら → 0); a query written only in kana is kept whole (a reading).

Prepositions, pronouns and particles that no term of the documents is named with are stop words too
(над, посреди, kroz, tokom, whether…): in a situation told at length they would weigh as much as the
game's words. Those some term is named with stay words (после and posle of the post-combat main phase,
umesto, svoj).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import cache

from ruling.analyzers import fold_serbian, fold_yo, serbian_latin


def _words(text: str) -> list[str]:
    return text.split()


RUSSIAN = frozenset(
    _words("""
    что чем чего чему как когда где кто кого кому кем куда откуда почему зачем сколько какой какая какое
    какие каким какую каков какова ли ль же бы можно нельзя может могу можем можешь могут мочь если то а
    и или но в во на с со к ко по за из от до для о об обо при у не ни это этот эта эти этого этой тот та
    те там тут здесь я мы ты вы он она оно они мой моя мое моё мои моего моей моему моим моих мою твой
    твоя твое его ее её их свой своя свое своё свои своего своей своих свою себя себе меня мне мной нас
    нам вас вам него нему ним них нее неё ней происходит произойдет произойдёт будет будут случится
    случается бывает делать сделать значит означает есть был была было были быть уже еще ещё тогда
    потом затем также тоже очень вообще правда ведь вот чтобы так такой такая такое либо нибудь
    над под через между без про среди посреди около вокруг сквозь вместо кроме ради вдоль внутри вне
    ну вдруг даже только уж опять будто хоть разве впрочем чуть сейчас теперь ж тем том этом эту этих
    этим тех ему ей им ими нём нем ею собой сам сама сами само чей чья чьё чье чьи
    """)
)
ENGLISH = frozenset(
    _words("""
    what what's whats when where who whom whose which why how many much does do did done doing is are was
    were be been being am can can't cannot could may might must shall should will would a an the of to in
    on at by for from with into onto about as if then than and or but not no it its it's this that these
    those there here i i'm me my mine we us our you your yours he him his she her they them their happens
    happen happened happening still now just so some any also really ever has have had having get gets got
    while through over under until once again each its myself yourself there's whether because since
    although within without upon
    """)
)
SERBIAN = frozenset(
    fold_serbian(word)
    for word in _words("""
    da li dali šta što ko koga kome koji koja koje kojeg kojem kojim kojoj kada kad gde kako koliko
    zašto je su sam si smo ste biti bio bila bilo bili će ću ćeš ćemo ako i a ili ali u na sa s za od do
    iz o po pri kod ne se mi ti on ona ono oni moj moja moje mog mom moji moju moga mome njegov njegova
    njen njena mogu može možeš možemo mogla mogao dešava desi dogodi događa onda pa ja nam me mu joj im
    to taj ta te ovo ovaj ova tog tome već još li bi treba nad pod pred kroz između bez nakon tokom
    preko oko zbog prema njegovo njeno njihov njihova njihove njihovo njim njoj njega nje njih sebe
    sebi mene meni tebe tebi vas vama nas nama ovde tamo sada tada jer dok čim nego
    """)
)
STOPWORDS = {"ru": RUSSIAN, "sr": SERBIAN}

JAPANESE_PHRASES = tuple(
    sorted(
        _words("""
        どうなりますか どうなるのか どうなるの どうなる どうする どうやって どうやる どう できますか
        できるの できる できない でしょうか ですか ますか ますの について とは なのに のに ので だれが 誰が
        いつ 何枚まで 何枚 何個 何回 どちらが どちら どれ どの なに 何が ？ ?
        """),
        key=len,
        reverse=True,
    )
)
JAPANESE_PARTICLES = "はがをにのでともかへや"
_KANA_RE = re.compile("[\u3040-\u309f]")
_WORD_RE = re.compile(r"\w+(?:['’]\w+)?")
_POSSESSIVE_RE = re.compile(r"(?<=[a-z])['’]s$", re.IGNORECASE)
"""The English possessive (``owner's``): the word is the owner, the ``s`` is no word of its own."""


def stop_key(word: str, language: str) -> str:
    """Returns word as the stop word lists of language hold it (lowercased; Serbian in folded Latin)."""
    word = unicodedata.normalize("NFKC", word).lower()
    if language == "sr":
        return fold_serbian(serbian_latin(word))
    return fold_yo(word)


def is_stopword(word: str, language: str) -> bool:
    """Tells whether word is a question word, filler or particle of language or of English."""
    if stop_key(word, "en") in ENGLISH:
        return True
    return stop_key(word, language) in STOPWORDS.get(language, frozenset())


def reads_as_english(text: str, language: str) -> bool:
    """Tells whether a query reads as English rather than language: two English function words at least,
    and more of them than of language's."""
    words = [m.group() for m in _WORD_RE.finditer(text)]
    english = sum(stop_key(w, "en") in ENGLISH for w in words)
    native = sum(stop_key(w, language) in STOPWORDS.get(language, frozenset()) for w in words)
    return english >= 2 and english > native


NEAR_MIN_LENGTH = 5


def near_stopword(word: str, language: str) -> str | None:
    """Returns the stop word of language (or English) that word (5+ letters) misspells, or None."""
    key = stop_key(word, language)
    if len(key) < NEAR_MIN_LENGTH:
        return None
    limit = 1
    for candidates in (STOPWORDS.get(language, frozenset()), ENGLISH):
        for stop in _by_length(candidates, len(key), limit):
            if _within(key, stop, limit):
                return stop
    return None


@cache
def _lengths(candidates: frozenset[str]) -> dict[int, tuple[str, ...]]:
    grouped: dict[int, list[str]] = {}
    for word in candidates:
        grouped.setdefault(len(word), []).append(word)
    return {length: tuple(sorted(words)) for length, words in grouped.items()}


def _by_length(candidates: frozenset[str], length: int, limit: int) -> list[str]:
    lengths = _lengths(candidates)
    return [w for n in range(length - limit, length + limit + 1) for w in lengths.get(n, ())]


def edit_distance(left: str, right: str, limit: int) -> int:
    """Returns the Levenshtein distance of two words (transpositions count as two), or limit + 1 once it
    is known to exceed limit."""
    previous = list(range(len(right) + 1))
    for i, a in enumerate(left, start=1):
        current = [i]
        for j, b in enumerate(right, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a != b)))
        if min(current) > limit:
            return limit + 1
        previous = current
    return min(previous[-1], limit + 1)


def _within(left: str, right: str, limit: int) -> bool:
    return edit_distance(left, right, limit) <= limit


def content_text(text: str, language: str, known: Callable[[str], bool] = lambda _word: True) -> str:
    """Returns text without its question words, fillers and particles (words left in order); a word
    known tells is in the corpus is never taken for a misspelt stop word."""
    if language == "ja":
        text = _japanese_content(text)
    kept = []
    for match in _WORD_RE.finditer(text):
        word = match.group()
        if is_stopword(word, language) or (not known(word) and near_stopword(word, language)):
            continue
        kept.append(_POSSESSIVE_RE.sub("", word))
    return " ".join(kept)


def _japanese_content(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    if not any(not _KANA_RE.match(c) and not c.isspace() and not c.isascii() for c in text):
        return text  # a query written only in kana is a reading, not a sentence
    for phrase in JAPANESE_PHRASES:
        text = text.replace(phrase, " ")
    chars = list(text)
    for position, char in enumerate(chars):
        if char in JAPANESE_PARTICLES:
            before = chars[position - 1] if position > 0 else " "
            after = chars[position + 1] if position + 1 < len(chars) else " "
            if _content_char(before) and (after == " " or _content_char(after)):
                chars[position] = " "
    text = "".join(chars)
    return _HIRAGANA_RUN_RE.sub(_okurigana, text)


_HIRAGANA_RUN_RE = re.compile("[\u3041-\u309f]+")


def _okurigana(match: re.Match[str]) -> str:
    """Returns what a run of hiragana inside a sentence keeps: after a kanji, its first letter (the
    inflection the index pairs with the stem: 引く → 引く, 引ける → 引け), unless the kanji counts a number
    (９枚ある); otherwise nothing (particles, auxiliaries: ある, して, される)."""
    start = match.start()
    before = match.string[start - 1] if start else " "
    counter = start >= 2 and match.string[start - 2].isdigit()
    return match.group()[0] + " " if _is_kanji(before) and not counter else " "


def _is_kanji(char: str) -> bool:
    return "\u3400" <= char <= "\u9fff" or char == "々"


def is_inflected(pair: str) -> bool:
    """Tells whether two characters of a Japanese query are a kanji and the hiragana inflecting it."""
    return len(pair) == 2 and _is_kanji(pair[0]) and _KANA_RE.match(pair[1]) is not None


def is_kana_letter(text: str) -> bool:
    """Tells whether an analysed text is one kana letter (the index writes hiragana in katakana)."""
    return len(text) == 1 and "\u30a1" <= text <= "\u30f6"


def _content_char(char: str) -> bool:
    return not char.isspace() and not _KANA_RE.match(char)
