"""What of a card's vocabulary a profile's document has no rule for: keywords outside the document's list,
world enchantments, split cards, threshold and imprint texts, poison counters, phasing and wishes."""

from __future__ import annotations

from ruling.engine.cards import CYCLING_TRIGGERS, CardDef, keyword_rule_key
from ruling.engine.keywords import refusal
from ruling.engine.profiles import Profile
from ruling.engine.wishes import RULES as WISH_RULES


def refused(card: CardDef, profile: Profile) -> str | None:
    """Returns why a card can't be used under the profile (the first reason), or None when it can."""
    for keyword in (*card.keywords, *(k for half in card.halves for k in half.keywords)):
        key = keyword_rule_key(keyword)
        if key is not None and not profile.has_keyword(key):
            return refusal(keyword, key, profile.name, profile.doc)
    effects = [*card.spell, *card.static, *(e for m in card.modes for e in m.effects)]
    effects += [e for a in card.abilities for e in a.effects] + [e for t in card.triggers for e in t.effects]
    effects += [e for half in card.halves for e in half.spell]
    if any(e.threshold for e in effects) and not profile.has_keyword("threshold"):
        return refusal("threshold", "threshold", profile.name, profile.doc)
    if any(e.kind == "imprint" for e in effects) and not profile.has_keyword("imprint"):
        return refusal("imprint", "imprint", profile.name, profile.doc)
    if any(e.kind in ("phase_out", "phase_all") for e in effects) and not profile.has_keyword("phasing"):
        return refusal("phasing", "phasing", profile.name, profile.doc)
    if any(e.kind == "wish" for e in effects) and profile.doc not in WISH_RULES:
        having = ", ".join(f"{doc} {rules['outside'][0]}" for doc, rules in WISH_RULES.items())
        return f"cards outside the game (wishes) are not a rule of {profile.name} ({having})"
    if any(e.kind == "poison" for e in effects) and "sba_poison" not in profile.rules:
        return f"poison counters are not a rule of {profile.name} (only ja 420.5h has them)"
    if any(t.when in CYCLING_TRIGGERS for t in card.triggers) and not profile.has_keyword("cycling"):
        return refusal("cycling", "cycling", profile.name, profile.doc)
    if card.halves and "split_cards" not in profile.rules:
        return f"split cards are not a rule of {profile.name} (only ja 505 has them)"
    if "world" in card.supertypes and not profile.world_rule:
        return f"world enchantments are not a rule of {profile.name}"
    return None
