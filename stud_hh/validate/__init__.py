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
from stud_hh.validate.catalogue import CATALOGUE, Code, Severity, Violation, has_errors, roots
from stud_hh.validate.causes import link
from stud_hh.validate.consistency import check_record
from stud_hh.validate.findings import Findings
from stud_hh.validate.ledger import Ledger
from stud_hh.validate.replay import replayed
from stud_hh.validate.setup import StructureSheet

__all__ = [
    "CATALOGUE",
    "Code",
    "Severity",
    "StructureSheet",
    "Violation",
    "default_rules",
    "has_errors",
    "judge",
    "roots",
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


def validate(hand: Hand, rules: RuleSet | None = None,
             sheet: StructureSheet | None = None) -> list[Violation]:
    """Every violation in ``hand`` under ``rules`` (the site's preset by default).

    ``sheet``: the bring-in each stakes and level designates, from the other hands of the
    same file or chunk (``StructureSheet``); without it the bring-in posted is judged by
    the rule set alone.

    Each violation says whether it is a root or a consequence of one (``caused_by``: the
    index of its root in this list; ``stud_hh.validate.causes``). Betting breaches come in
    the order of the actions, then the hand-level findings.
    """
    rules = rules or default_rules(hand)
    judged = judge(hand, rules, sheet)
    if len(judged.out) < 2:
        return judged.out

    def again(repaired: Hand, probe: frozenset[int]) -> Findings:
        return judge(repaired, rules, sheet, probe)

    return link(hand, judged, again)


def judge(hand: Hand, rules: RuleSet, sheet: StructureSheet | None = None,
          probe: frozenset[int] = frozenset()) -> Findings:
    """The hand's violations, not yet linked, with what the replay saw (``Findings``).

    The ledger (the hand's money and cards) is counted once; the engine's replay and the
    record checks both read it. Engine findings that repeat a record finding at the same
    action are reported once.
    """
    ledger = Ledger(hand)
    findings = replayed(hand, rules, ledger, sheet, probe)
    found = findings.out
    record = check_record(hand, ledger)
    if record:
        seen = {(v.code, v.action_index, v.player) for v in found}
        found += [v for v in record if (v.code, v.action_index, v.player) not in seen]
    if len(found) > 1:
        found.sort(key=_order)
    return findings
