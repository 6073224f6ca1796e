"""Creature types to choose: the rule of each document, and the data file kept equal to the glossaries."""

from __future__ import annotations

import json
import os
import re
from itertools import zip_longest
from pathlib import Path

import pytest

from ruling.corpus.load import Corpus
from ruling.engine.creature_types import TypeWords, judge_type, singular_forms, type_lists

DATA = Path(__file__).resolve().parents[2] / "ruling" / "engine" / "creature_types.toml"

_HEADER = """\
# The creature types a document lets an effect choose (ruling/engine/creature_types.py), taken from the
# documents' glossaries by tests/engine/test_creature_types.py, which keeps this file equal to them
# (RULING_UPDATE_EXPECTED=1 rewrites it).
# ja: the glossary entry クリーチャー・タイプ／Creature Type, every 「English／Japanese」 pair of its list
#     (the types up to Darksteel; its translator's note on "Brood", which no card has, is left out).
# sr: the glossary entry "Tip bića", the list after "Spisak svih tipova bića igre Izvori magije".
# ru: the glossary lists no creature types (ru 214.7a allows any creature); other_words are its one-word
#     headwords, Russian and English, less those it calls a creature type (Стена, Легенда).
"""


def _ja_types(corpus: Corpus) -> list[list[str]]:
    entry = next(e for e in corpus.documents["ja"].glossary if e.term == "クリーチャー・タイプ")
    listed = entry.text.split("訳注")[0]
    return [pair.split("／") for pair in re.findall(r"「([^」]+／[^」]+)」", listed)]


def _sr_types(corpus: Corpus) -> list[str]:
    entry = next(e for e in corpus.documents["sr"].glossary if e.term == "Tip bića")
    listed = entry.text.split("naveden je ispod:", 1)[1]
    return [name.strip(" .\n") for name in listed.split(",") if name.strip(" .\n")]


def _ru_other_words(corpus: Corpus) -> list[str]:
    glossary = corpus.documents["ru"].glossary
    creatures = set()
    for entry in glossary:
        said = re.match(r"\s*(\w+) - (?:специальный )?тип существа", entry.text)
        if said:
            creatures.add(said.group(1))
    words: set[str] = set()
    for entry in glossary:
        pairs = zip_longest(entry.term.split("/"), (entry.term_en or "").split("/"))
        words |= {w.strip() for n, e in pairs if n not in creatures for w in (n, e) if w and w.strip()}
    return sorted(w for w in words if " " not in w)


def _expected(corpus: Corpus) -> str:
    def strings(items: list[str]) -> str:
        return ", ".join(json.dumps(i, ensure_ascii=False) for i in items)

    ja = "\n".join(f"  [{strings(pair)}]," for pair in _ja_types(corpus))
    sr = "\n".join(f"  {json.dumps(name, ensure_ascii=False)}," for name in _sr_types(corpus))
    ru = "\n".join(f"  {json.dumps(word, ensure_ascii=False)}," for word in _ru_other_words(corpus))
    sections = f"[ru]\nother_words = [\n{ru}\n]\n\n[ja]\ntypes = [\n{ja}\n]\n\n[sr]\ntypes = [\n{sr}\n]\n"
    return f"{_HEADER}\n{sections}"


def test_the_data_file_is_what_the_glossaries_list(corpus: Corpus) -> None:
    wanted = _expected(corpus)
    if os.environ.get("RULING_UPDATE_EXPECTED") == "1":
        DATA.write_text(wanted, encoding="utf-8")
    assert DATA.read_text(encoding="utf-8") == wanted, "RULING_UPDATE_EXPECTED=1 rewrites creature_types.toml"


def test_the_lists_hold_the_documents_examples() -> None:
    ja, sr = type_lists("ja").listed, type_lists("sr").listed
    assert {"merfolk", "wizard", "マーフォーク", "ウィザード"} <= set(ja)
    assert ja["マーフォーク"] == "Merfolk"
    assert not {"artifact", "swamp", "truck", "opponent"} & set(ja)
    assert {"čovek", "vojnik"} <= set(sr)
    assert not {"artefakt", "protivnik", "šuma", "kamion"} & set(sr)
    assert {"оппонент", "opponent", "артефакт"} <= type_lists("ru").other_words
    assert not {"стена", "wall", "легенда", "legend"} & type_lists("ru").other_words


@pytest.mark.parametrize(
    ("word", "singular"),
    [("Ogres", "Ogre"), ("Ogress", "Ogre"), ("Ogresses", "Ogre"), ("Elves", "Elf"), ("Harpies", "Harpy")],
)
def test_singular_forms(word: str, singular: str) -> None:
    assert singular in singular_forms(word)
    assert singular_forms(singular) == []


NONE: frozenset[str] = frozenset()


@pytest.mark.parametrize(
    ("answer", "doc", "words", "chosen"),
    [
        ("Merfolk", "ja", TypeWords.LISTED, "Merfolk"),
        ("マーフォーク", "ja", TypeWords.LISTED, "Merfolk"),
        ("Merfolk Wizard", "ja", TypeWords.LISTED, None),
        ("Swamp", "ja", TypeWords.LISTED, None),
        ("Truck", "ja", TypeWords.LISTED, None),
        ("Vojnik", "sr", TypeWords.LISTED, "Vojnik"),
        ("Čovek Vojnik", "sr", TypeWords.LISTED, None),
        ("kamion", "sr", TypeWords.LISTED, None),
        ("Dragonfly", "ru", TypeWords.ANY_CREATURE, "Dragonfly"),
        ("Merfolk Wizard", "ru", TypeWords.ANY_CREATURE, None),
        ("Opponent", "ru", TypeWords.ANY_CREATURE, None),
        ("Оппонент", "ru", TypeWords.ANY_CREATURE, None),
        ("Swamps", "ru", TypeWords.ANY_CREATURE, None),
        ("Wall", "ru", TypeWords.ANY_CREATURE, "Wall"),
    ],
)
def test_judge_type(answer: str, doc: str, words: TypeWords, chosen: str | None) -> None:
    verdict = judge_type(answer, doc, words, NONE)
    assert verdict.chosen == chosen
    assert bool(verdict.reason) == (chosen is None)


def test_a_type_of_a_creature_in_the_game_exists_in_every_document() -> None:
    assert judge_type("Shapeshifter", "sr", TypeWords.LISTED, frozenset({"Shapeshifter"})).chosen == (
        "Shapeshifter"
    )


def test_plural_and_feminine_forms_name_the_type_only_in_1999() -> None:
    ogre = frozenset({"Ogre"})
    for form in ("Ogres", "Ogress", "Ogresses"):
        verdict = judge_type(form, "ru", TypeWords.ANY_CREATURE, ogre)
        assert (verdict.chosen, verdict.folded) == ("Ogre", True)
    refused = judge_type("Ogres", "ja", TypeWords.LISTED, ogre)
    assert refused.chosen is None
    assert "'Ogre'" in refused.reason
