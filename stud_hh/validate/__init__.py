"""Audit a parsed hand: replay it through the rules engine and check its records.

``validate(hand, rules)`` returns every breach as a ``Violation`` (the record of
docs/architecture.md), ordered by where it happened: betting breaches by action, then the
hand-level record checks. The codes are in ``CATALOGUE`` and docs/violations.md.

A hand with violations is still a hand: callers import and flag it, never drop it.
"""

from __future__ import annotations

from functools import lru_cache

from stud_hh.events import Hand
from stud_hh.rules import POKERSTARS, RuleSet, preset
from stud_hh.validate.catalogue import CATALOGUE, Code, Severity, Violation, has_errors
from stud_hh.validate.consistency import check_record
from stud_hh.validate.ledger import Ledger
from stud_hh.validate.replay import replay

__all__ = [
    "CATALOGUE",
    "Code",
    "Severity",
    "Violation",
    "default_rules",
    "has_errors",
    "validate",
]

#: The preset each site's histories follow (rule book section 11).
_SITE_PRESETS = {"pokerstars": "POKERSTARS", "phh": "TDA"}  # phh: a PHH file naming no site


def default_rules(hand: Hand) -> RuleSet:
    """The dialect's preset: what its site's real hands follow (PokerStars otherwise)."""
    return _site_rules(hand.header.site)


@lru_cache(maxsize=64)
def _site_rules(site: str) -> RuleSet:
    name = _SITE_PRESETS.get(site.lower())
    if name is None:  # the preset the site's dialect names (``Dialect.rules``)
        from stud_hh.dialects import dialects

        name = next((d.rules for d in dialects() if d.name == site.lower()), None)
    return preset(name) if name else POKERSTARS


def _order(v: Violation) -> tuple[int, int]:
    return (0, v.action_index) if v.action_index is not None else (1, 0)


def validate(hand: Hand, rules: RuleSet | None = None) -> list[Violation]:
    """Every violation in ``hand`` under ``rules`` (the site's preset by default).

    The ledger (the hand's money and cards) is counted once; the engine's replay and the
    record checks both read it. Engine findings that repeat a record finding at the same
    action are reported once; betting breaches come in the order of the actions, then
    the hand-level findings.
    """
    ledger = Ledger(hand)
    found = replay(hand, rules or default_rules(hand), ledger)
    record = check_record(hand, ledger)
    if record:
        seen = {(v.code, v.action_index, v.player) for v in found}
        found += [v for v in record if (v.code, v.action_index, v.player) not in seen]
    found.sort(key=_order)
    return found
