"""Checks the rule ids a scenario cites against the parsed corpus: an id that names no rule fails it."""

from __future__ import annotations

from ruling.corpus.load import Corpus
from ruling.ids import RuleId
from ruling.scenario.model import Failure, Scenario


def citation_failures(scenario: Scenario, corpus: Corpus) -> list[Failure]:
    """Returns one failure per cited id that is not a rule of the corpus, naming the nearest ids."""
    failures: list[Failure] = []
    for text in scenario.rules:
        rule_id = RuleId.parse(text)
        if corpus.rule(rule_id) is not None:
            continue
        nearest = ", ".join(str(r) for r in corpus.nearest(rule_id))
        actual = f"no rule {rule_id}" + (f"; nearest: {nearest}" if nearest else "")
        failures.append(Failure(scenario.rules_line, f"{rule_id} is a rule of the corpus", actual))
    return failures
