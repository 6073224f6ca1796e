"""Profiles name a rule of their own document for every rule the engine applies; the ids exist."""

from __future__ import annotations

import importlib.util

import pytest

from ruling.corpus.load import PARSER_MODULES
from ruling.engine.profiles import PROFILES, RULE_KEYS, get_profile
from ruling.errors import RulingError
from ruling.ids import RuleId
from tests.conftest import REPO


def corpus_or_skip(doc: str):  # type: ignore[no-untyped-def]
    """Returns the parsed document, skipping while its parser module has not landed."""
    from ruling.corpus.load import load_corpus

    module = PARSER_MODULES[doc]
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"parser module {module} is not written yet")
    return load_corpus(REPO / "rules_corpus", codes=[doc])


@pytest.mark.parametrize("name", list(PROFILES))
def test_every_rule_key_is_named(name: str) -> None:
    profile = PROFILES[name]
    for key in RULE_KEYS:
        if name == "sr-2007" and key == "sba_legend":
            continue
        assert profile.cite(key), key
        assert all(rule.startswith(profile.doc + ":") for rule in profile.cite(key))


@pytest.mark.parametrize("name", list(PROFILES))
def test_profile_ids_are_well_formed(name: str) -> None:
    for rule in PROFILES[name].all_ids():
        assert str(RuleId.parse(rule)) == rule


@pytest.mark.parametrize("name", list(PROFILES))
def test_profile_ids_exist_in_the_corpus(name: str) -> None:
    profile = PROFILES[name]
    corpus = corpus_or_skip(profile.doc)
    missing = [r for r in profile.all_ids() if corpus.rule(RuleId.parse(r)) is None]
    assert missing == []


def test_era_differences_are_data() -> None:
    ru, ja, sr = (PROFILES[n] for n in ("ru-1999", "ja-2004", "sr-2007"))
    assert (ru.life, ja.life, sr.life) == (20, 20, 200)
    assert (ru.legend_rule, ja.legend_rule, sr.legend_rule) == ("first", "oldest", None)
    assert sr.any_card_as_land and not ru.any_card_as_land
    assert not ru.has_keyword("double_strike") and ja.has_keyword("double_strike")
    assert sr.has_keyword("vigilance") and not sr.has_keyword("flanking")


def test_unknown_profile_names_the_known_ones() -> None:
    with pytest.raises(RulingError, match="ru-1999"):
        get_profile("en-2010")
