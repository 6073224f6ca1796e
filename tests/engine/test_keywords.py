"""The keyword lists of the documents are the spec: every entry names a rule of its document, profiles
know exactly their document's keywords, a keyword outside a document's list is refused naming that list,
and every keyword of every list is shown by a scenario, with a refusal under the profiles that lack it."""

from __future__ import annotations

from pathlib import Path

import pytest

from ruling.corpus.load import Corpus
from ruling.engine.card_data import parse_cards
from ruling.engine.cards import keyword_rule_key
from ruling.engine.keywords import KEYWORD_LISTS, parse_keyword, refusal
from ruling.engine.profiles import PROFILES
from ruling.engine.vocabulary import refused
from ruling.errors import NotationError
from ruling.ids import RuleId
from ruling.scenario.format import parse_file
from ruling.scenario.model import Scenario
from tests.conftest import REPO

NOT_YET: set[str] = set()
"""Keywords of a list that no scenario shows yet (listed as left in the issue's note)."""
WRITTEN_AS_KEYWORDS = {
    "first_strike": "first_strike",
    "flying": "flying",
    "landwalk": "swampwalk",
    "protection": "protection from B",
}


def _scenarios() -> list[Scenario]:
    found: list[Scenario] = []
    for path in sorted(Path(REPO / "scenarios").rglob("*.md")):
        found += parse_file(path)
    return found


def _in_section(local: str, section: str) -> bool:
    """Tells whether a rule id lies in a section: 502.22a in 502.22; E3.26 in E3.20 (sr numbers its rules
    in tens: E3.21-E3.29 belong to E3.20)."""
    if section.startswith("E"):
        return (
            local.split(".")[0] == section.split(".")[0]
            and int(local.split(".")[1]) // 10 == int(section.split(".")[1]) // 10
        )
    return local == section or (local.startswith(section) and not local[len(section)].isdigit())


@pytest.mark.parametrize("doc", sorted(KEYWORD_LISTS))
def test_every_entry_names_rules_of_its_document(doc: str, corpus: Corpus) -> None:
    for entry in KEYWORD_LISTS[doc].entries:
        for local in (entry.section, *entry.cites):
            assert corpus.rule(RuleId.parse(f"{doc}:{local}")) is not None, f"{doc}:{local}"
            assert _in_section(local, entry.section), (entry.key, local)


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_a_profile_knows_exactly_its_documents_keywords(name: str) -> None:
    profile = PROFILES[name]
    listed = {e.key for e in KEYWORD_LISTS[profile.doc].entries}
    assert listed <= set(profile.keywords)
    others = {e.key for lst in KEYWORD_LISTS.values() for e in lst.entries} - listed
    assert not others & set(profile.keywords)


@pytest.mark.parametrize(
    ("text", "key", "cost", "number", "word"),
    [
        ("cycling 2", "cycling", "2", 0, ""),
        ("forestcycling 1G", "landcycling", "1G", 0, "forest"),
        ("fading 3", "fading", "", 3, ""),
        ("bands with other Wolves", "bands_with_other", "", 0, "Wolves"),
        ("affinity for artifacts", "affinity", "", 0, ""),
        ("istocnik G", "istocnik", "G", 0, ""),
        ("flash", "flash", "", 0, ""),
    ],
)
def test_keyword_forms(text: str, key: str, cost: str, number: int, word: str) -> None:
    use = parse_keyword(text)
    assert use is not None
    assert (use.key, use.cost, use.number, use.word) == (key, cost, number, word)


@pytest.mark.parametrize("text", ["cycling", "kicker", "fading 0", "flashback x", "bushido 1", "Flash"])
def test_malformed_keywords_are_none(text: str) -> None:
    assert parse_keyword(text) is None


def test_refusal_names_the_document_its_list_and_where_the_keyword_is() -> None:
    text = refusal("flashback 1U", "flashback", "ru-1999", "ru")
    assert text.startswith("'flashback 1U' is not a keyword of ru-1999 (ru 502 defines: first strike")
    assert text.endswith("; it is ja 502.22)")
    sr_only = refusal("flash", "flash", "ja-2004", "ja")
    assert "ja 502 defines:" in sr_only and sr_only.endswith("it is sr E3.150)")


_REFUSABLE = parse_cards(
    '["P"]\ntypes = ["instant"]\nspell = [{ effect = "poison", amount = 1, who = "opponent" }]\n'
    '["T"]\ntypes = ["instant"]\nspell = [{ effect = "draw", amount = 1, threshold = true }]\n'
    '["R"]\ntypes = ["enchantment"]\ntriggers = [{ when = "a_card_cycled", effects = [{ effect = '
    '"gain_life", amount = 1, who = "you" }] }]\n',
    "c.toml",
)


@pytest.mark.parametrize(
    ("card", "profile", "reason"),
    [
        ("P", "sr-2007", "poison counters are not a rule of sr-2007"),
        ("P", "ja-2004", None),
        ("T", "ru-1999", "'threshold' is not a keyword of ru-1999"),
        ("R", "sr-2007", "'cycling' is not a keyword of sr-2007"),
        ("R", "ja-2004", None),
    ],
)
def test_refused_names_poison_threshold_and_triggers_on_cycling(
    card: str, profile: str, reason: str | None
) -> None:
    found = refused(_REFUSABLE[card], PROFILES[profile])
    if reason is None:
        assert found is None
    else:
        assert reason in (found or "")


def _keys_of(scenario: Scenario) -> set[str]:
    """Returns the keywords of the cards a scenario's setup names."""
    setup = " ".join(text for _, text in scenario.setup.lines) if scenario.setup else ""
    keys: set[str] = set()
    for card in scenario.cards.values():
        if card.name not in setup:
            continue
        keys |= {k for k in map(keyword_rule_key, card.keywords) if k}
        effects = [*card.spell, *card.static, *(e for m in card.modes for e in m.effects)]
        keys |= {"threshold"} if any(e.threshold for e in effects) else set()
    return keys


def test_every_keyword_of_every_list_has_a_scenario_and_a_refusal() -> None:
    scenarios = _scenarios()
    cited = {rule for s in scenarios for rule in s.rules}
    refusals: dict[str, set[str]] = {}
    for scenario in scenarios:
        for profile in scenario.refused:
            refusals.setdefault(PROFILES[profile].doc, set()).update(_keys_of(scenario))
    defined = {doc: {e.key for e in lst.entries} for doc, lst in KEYWORD_LISTS.items()}
    for doc, listed in KEYWORD_LISTS.items():
        for entry in listed.entries:
            if entry.key in NOT_YET:
                continue
            shown = any(
                r.startswith(f"{doc}:") and _in_section(r.split(":")[1], entry.section) for r in cited
            )
            assert shown, f"no scenario cites {doc}:{entry.section} ({entry.key})"
            if entry.written:
                continue
            for other, keys in defined.items():
                if entry.key not in keys:
                    assert entry.key in refusals.get(other, set()), f"{entry.key}: no refusal under {other}"


@pytest.mark.parametrize(
    ("halves", "message"),
    [
        ('halves = [{ name = "A", cost = "R" }]', "expected halves = two tables, each with a name"),
        ('halves = [{ cost = "R" }, { name = "B" }]', "expected halves = two tables, each with a name"),
        ('halves = [{ name = "A", cost = "Q" }, { name = "B" }]', "expected a cost"),
    ],
)
def test_malformed_split_cards_name_the_problem(halves: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_cards(f'["A // B"]\ntypes = ["instant"]\n{halves}\n', "c.toml")


def test_a_split_card_has_both_colours_outside_the_stack() -> None:
    card = parse_cards(
        '["Fire // Ice"]\ntypes = ["instant"]\nhalves = [{ name = "Fire", cost = "1R" }, '
        '{ name = "Ice", cost = "1U" }]\n',
        "c.toml",
    )["Fire // Ice"]
    assert card.colors == "RU" and [h.colors for h in card.halves] == ["R", "U"]
