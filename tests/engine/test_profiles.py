"""Profiles name a rule of their own document for every rule the engine applies; the ids exist."""

from __future__ import annotations

import pytest

from ruling.corpus.load import Corpus, load_corpus
from ruling.engine.profiles import OPTIONAL_KEYS, PROFILES, RULE_KEYS, get_profile
from ruling.errors import RulingError
from ruling.ids import RuleId
from tests.conftest import REPO


def parsed_document(doc: str) -> Corpus:
    """Returns the parsed document."""
    return load_corpus(REPO / "rules_corpus", codes=[doc])


@pytest.mark.parametrize("name", list(PROFILES))
def test_every_rule_key_is_named(name: str) -> None:
    profile = PROFILES[name]
    for key in RULE_KEYS:
        assert profile.cite(key), key
        assert all(rule.startswith(profile.doc + ":") for rule in profile.cite(key))


@pytest.mark.parametrize("name", list(PROFILES))
def test_every_key_a_profile_names_is_declared(name: str) -> None:
    assert set(PROFILES[name].rules) - set(RULE_KEYS) - set(OPTIONAL_KEYS) == set()


@pytest.mark.parametrize("name", list(PROFILES))
def test_optional_rules_follow_the_profile_facts(name: str) -> None:
    profile = PROFILES[name]
    assert ("sba_legend" in profile.rules) == (profile.legend_rule is not None)
    assert ("card_as_land" in profile.rules) == profile.any_card_as_land
    assert ("damage_chunk" in profile.rules) == (profile.damage_chunk > 1)
    assert ("sba_world" in profile.rules) == profile.world_rule
    assert ("aura_move" in profile.rules) != ("aura_move_unruled" in profile.rules)


@pytest.mark.parametrize("name", list(PROFILES))
def test_profile_ids_are_well_formed(name: str) -> None:
    for rule in PROFILES[name].all_ids():
        assert str(RuleId.parse(rule)) == rule


@pytest.mark.parametrize("name", list(PROFILES))
def test_profile_ids_exist_in_the_corpus(name: str) -> None:
    profile = PROFILES[name]
    corpus = parsed_document(profile.doc)
    missing = [r for r in profile.all_ids() if corpus.rule(RuleId.parse(r)) is None]
    assert missing == []


def test_era_differences_are_data() -> None:
    ru, ja, sr = (PROFILES[n] for n in ("ru-1999", "ja-2004", "sr-2007"))
    assert (ru.life, ja.life, sr.life) == (20, 20, 200)
    assert (ru.legend_rule, ja.legend_rule, sr.legend_rule) == ("first", "oldest", None)
    assert sr.any_card_as_land and not ru.any_card_as_land
    assert not ru.has_keyword("double_strike") and ja.has_keyword("double_strike")
    assert sr.has_keyword("vigilance") and not sr.has_keyword("flanking")
    assert (ru.trample_ignores_undamageable, ja.trample_ignores_undamageable) == (True, False)
    assert not sr.trample_ignores_undamageable


def test_unknown_profile_names_the_known_ones() -> None:
    with pytest.raises(RulingError, match="ru-1999"):
        get_profile("en-2010")
