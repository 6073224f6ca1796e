"""Prints, per document, the words of its rules that no lexicon entry of the concordance glosses, by the
number of rules they occur in: the candidates for rows of the reviewed vocabulary table
(rules_corpus/reviewed/concordance-vocabulary.tsv), chosen by frequency rather than by missed pairs.

ru and sr words are Snowball stems (``ruling.analyzers``) outside every native term that
``Lexicon.terms_in`` finds; ja words are runs of two or more kanji or katakana left once every lexicon
string is masked. Each document's line first gives the share of its word tokens (ru, sr) or kanji and
katakana characters (ja) glossed.

Frequent is not enough: on 2026-11-23, rows for 37 of the most frequent content words of these lists
(player, play, in play, text, affect, condition, require, apply, mean, number, called, combat, same, except,
happen, moment …, each form read in its document) lowered the tuning half's recall (ru-ja 114 -> 108 of 128
found) and left the mean reciprocal rank where it was (0.890 -> 0.889 ru-ja): the documents say these words
in different rules (ja leaves the player unsaid, ru 1999 and ja 2004 word the same rule differently), so
they add as much weight to rules that are not counterparts as to rules that are.

Learning the pairs from the texts did no better (2026-11-23, second session): the unglossed words of the rules
at the same place in aligned sections, paired across two documents by Dice over those pairs of rules (at
least 3 pairs, Dice from 0.5 to 0.8) with competitive linking, kanji and katakana runs only for ja and no
function words for ru and sr, gave 17 ru-ja, 24 ru-sr and 45 ja-sr pairs (непрерывный/継続 "continuous",
ограничивать/ograničava, информация/informacija …) and lowered the tuning half (ru-ja 116 -> 114 of 128
found, one more wrong ru-sr link), as did a single reviewed "name" row (ru имя, ja カード名, sr imena):
it moved ru 202.3 onto ja 202.2 and left ru 202.2 without a link.

Third session (2026-11-23), each read against the whole link diff: the era terms of the terminology bridge
(rules_corpus/reviewed/terminology.tsv) as glosses lowered the tuning half (ru-ja 116 -> 111 of 128; only
those filling a concept another document's lexicon glosses: 111, 112 without "player"); number words read
as numbers (ru два … сорок, sr dva … četrdeset, ja kanji before a counter) added 3 right links and 4 wrong
(two kinds, five colours and two cards counted alike); pairing the alternatives of a glossary entry in
order (ru Игра/Взятие карты is Play/Draw, so игра is no "draw") added 2 right and 2 wrong; single-kanji
glossary terms (場 in play, 色 colour, 絵 illustration, 島 …) standing alone raised the ranking of true
counterparts but added 6 right links and 6 wrong and removed 4 wrong and about 8 right or partly right.

Fourth session (2026-11-23), each read against the whole link diff. Kept: the forms the documents print
"printed" with (ru печатается, ja に記され), Serbian terms in the plural with -ov- (podtipovi), and 45 forms
of existing rows read in context. Dropped: Serbian terms filed under the stems of 18 case endings as well
(bićem, tima, napisane: 183 more term occurrences in the sr rules, 157 of them right by reading, the rest
"drugi" read as "second" where it means "other") changed 3 links, none for the better; dropping "drugi"
from the "second" row instead lost ru 418.5b = sr D19.53 and ru 418.5c = sr D19.54 (both right); and
forms read as right but whose links were wrong (ja 選んで, 積まれ; ru начало, написанный, условная
способность; sr izabere, dobijaju, ograničen, najavljeno, ponavljaju).

Fifth session, each read against the whole link diff. Kept: a ja term inside a longer one whose English
does not build on its own does not count there (指定 in 指定された, 盾 in 矛盾, 攻撃 in 先制攻撃), with ja
として指定された read as "declare": one wrong chain fewer (ru 409.1b = sr D10.22), two right links more (ru
308.2 = ja 308.2d, = sr C9.23). Dropped: hiding every shorter term (also where the English builds on it:
プレイ in プレイヤー, タイプ in サブタイプ) or doing so in ru and sr too removed right links (ru 217.6a = ja
217.6a, ru 310.4 = ja 310.4, ru 212.2d = ja 205.3d) and added about 6 wrong; an "optional" row (ja 選択ルール,
選択可能, 選択的; ru необязательн-; sr opcion-) removed the wrong ja 100.1 = sr A4.41 and its chain from ru
100.1 and added ja 100.1 = sr A1.11 and its chain (partly right) but also the wrong ru 214.7b = ja 212.3b;
a "timestamp" row (ja タイムスタンプ, sr vremenska oznaka) added ru 418.5c = sr D19.55 and D19.57 (both wrong:
ru 418.5c quotes "timestamp order" in English).

Sixth session (2026-11-24), each read against the whole link diff. Kept: the alternatives of a glossary
entry paired in order (tried in the third session) now only where they name different things, one word
family's (Life/Life Total, You/Your, Trigger/Triggered Ability) keeping all the keys: +3 right links and
-1 right (a chain a near tie blocked), -1 wrong and +1 wrong; an "in play" row (ru в игре, ja 場に, sr u
igri; +3 right, -2 right, -2 wrong); the sr verbs vuče, vući in the "draw" row (-1 wrong). Dropped again,
with the same outcome as before: "drugi korak" for "second", a "player" row, hiding プレイ in プレイヤー;
and newly: sr "samo jednom" for "once" (+1 right, +2 wrong), ru сыграть and sr odigrati for "play" (lost
ru 310.4 = ja 310.4 and ru 217.6b = ja 217.6c).

Seventh session (2026-11-24), each read against the whole link diff. Kept: Serbian verbal nouns read as
their verb where only the verb is a term (igranje, aktiviranje, uništenje, blokiranje: 127 occurrences
glossed; ``_serbian_verbal_nouns``): +2 right (ru 409.3 = ja 403.4, = sr D4.40, the tap-symbol rule moved),
-1 wrong and -1 right (ru 409.1b and ja 409.2 = sr D10.22), ru 409.1b = sr D10.20 moved to ru 409.1c; sr
počne in the "begin" row (no link changed; ru and ja 217.2a = sr B16.21 link by terms, not by place).
Dropped: other Serbian forms derived from one-word terms: participles of -iti verbs (najavljen, sprečen,
uništen; +3 wrong), k/g/h softened before -i (koraci, protivnici, biblioteci; +1 doubtful), present stems
(uništi; -1 right), the instrumental of verbal nouns (aktiviranjem; -2 right, +2 wrong), imperatives
(igraj; -1 right); sr odigrati as "play" (-1 right, a near tie); a term shared by two coordinated words
(ru базовые и небазовые земли, sr aktivne ili izazvane osobine; no link changed); no "Krug" rows (the
Free-for-All variant, also "circle"; no link changed); leaving example texts out (ru-ja 119 -> 116 of 128
found).

Eighth session (2026-11-24), not a vocabulary change: the engine's profiles (ruling.engine.profiles) cite, for
each rule the engine applies, its ids in every document, 345 cross-document pairs of rules in all; 255 of them
are linked already. Of the 33 others whose rule key names one id in each document, about a third say the same
thing by reading (ru 409.3 = ja 212.3d, ru 419.7a = sr D20.72); the rest are the rule that governs the same
question in another era, often with other content or the opposite ruling (ru 214.4 new types replace the old,
ja 212.1c they are kept; ru 418.5c dependency, ja 418.5a the layers; ru 406.1c, ja 406.6). As links they would
cost more precision than they bring recall (tuning half: ru-ja 0.992/0.938 -> 0.984/0.945, ru-sr unchanged),
so they are not used.

Run: .venv/bin/python benchmarks/concordance_unglossed.py [--top N]
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from pathlib import Path

from ruling.analyzers import RUSSIAN, SERBIAN
from ruling.corpus.concordance import DOCUMENTS, Aligner
from ruling.corpus.concordance_evidence import Lexicon, _ja_fold
from ruling.corpus.load import load_corpus
from ruling.corpus.model import Rule

ROOT = Path(__file__).resolve().parents[1]
_JA_WORD_RE = re.compile(r"[\u4e00-\u9fff々]{2,}|[\u30a0-\u30ffー]{2,}")
_JA_CHAR_RE = re.compile(r"[\u4e00-\u9fff々\u30a0-\u30ff]")


def _text(rule: Rule) -> str:
    return "\n".join([rule.text, *(e.text for e in rule.examples)])


def unglossed_stems(lexicon: Lexicon, rules: list[Rule]) -> tuple[float, Counter[str]]:
    """Returns the share of glossed word tokens (ru, sr) and each unglossed stem's number of rules."""
    analyzer = SERBIAN if lexicon.doc == "sr" else RUSSIAN
    counts: Counter[str] = Counter()
    glossed = total = 0
    for rule in rules:
        stems = analyzer.terms(_text(rule))
        covered = {k for start, length, _ in lexicon.terms_in(stems) for k in range(start, start + length)}
        glossed += len(covered)
        total += len(stems)
        counts.update({s for k, s in enumerate(stems) if k not in covered})
    return glossed / max(1, total), counts


def unglossed_ja(lexicon: Lexicon, rules: list[Rule]) -> tuple[float, Counter[str]]:
    """Returns the share of glossed kanji and katakana characters and each unglossed run's number of rules."""
    terms = sorted(lexicon.strings, key=len, reverse=True)
    counts: Counter[str] = Counter()
    glossed = total = 0
    for rule in rules:
        text = _ja_fold(_text(rule))
        masked = [False] * len(text)
        for term in terms:
            for found in re.finditer(re.escape(term), text):
                masked[found.start() : found.end()] = [True] * len(term)
        letters = [k for k, char in enumerate(text) if _JA_CHAR_RE.match(char)]
        glossed += sum(masked[k] for k in letters)
        total += len(letters)
        rest = "".join(" " if masked[k] else char for k, char in enumerate(text))
        counts.update(set(_JA_WORD_RE.findall(rest)))
    return glossed / max(1, total), counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=120, help="words listed per document")
    top = parser.parse_args().top
    corpus = load_corpus(ROOT / "rules_corpus")
    aligner = Aligner(corpus)
    for doc in DOCUMENTS:
        rules = corpus.documents[doc].rules
        find = unglossed_ja if doc == "ja" else unglossed_stems
        share, counts = find(aligner.lexicon(doc), rules)
        print(f"{doc}: {len(rules)} rules, {share:.1%} glossed; unglossed words by rules:")
        print("  " + "  ".join(f"{word} {n}" for word, n in counts.most_common(top)))


if __name__ == "__main__":
    main()
