"""Audit a parsed hand: replay it through the rules engine and check its records.

``validate(hand, rules)`` returns every breach as a ``Violation`` (the record of
docs/architecture.md), ordered by where it happened: betting breaches by action, then the
hand-level record checks. The codes are in ``CATALOGUE`` and docs/violations.md.

A hand with violations is still a hand: callers import and flag it, never drop it.
"""

from __future__ import annotations

from stud_hh.events import Hand
from stud_hh.rules import POKERSTARS, RuleSet, preset
from stud_hh.validate.catalogue import CATALOGUE, Code, Severity, Violation, has_errors
from stud_hh.validate.consistency import check_record
from stud_hh.validate.replay import walk_antes

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
_SITE_PRESETS = {"pokerstars": "POKERSTARS"}


def default_rules(hand: Hand) -> RuleSet:
    """The dialect's preset: what its site's real hands follow (PokerStars otherwise)."""
    site = hand.header.site
    try:
        return _BY_SITE[site]  # a session's hands name one site: looked up once
    except KeyError:
        pass
    name = _SITE_PRESETS.get(site.lower())
    rules = preset(name) if name else POKERSTARS
    if len(_BY_SITE) < 64:
        _BY_SITE[site] = rules
    return rules


#: ``default_rules`` by the site as the header spells it.
_BY_SITE: dict[str, RuleSet] = {}


def _order(v: Violation) -> tuple[int, int]:
    return (0, v.action_index) if v.action_index is not None else (1, 0)


def validate(hand: Hand, rules: RuleSet | None = None) -> list[Violation]:
    """Every violation in ``hand`` under ``rules`` (the site's preset by default).

    Engine findings that repeat a record finding at the same action are reported once.
    """
    found, ledger, ante = walk_antes(hand, rules or default_rules(hand))
    record = check_record(hand, ledger, uniform_ante=ante)
    if record:
        seen = {(v.code, v.action_index, v.player) for v in found}
        found += [v for v in record if (v.code, v.action_index, v.player) not in seen]
    if len(found) > 1:
        found.sort(key=_order)
    return found
