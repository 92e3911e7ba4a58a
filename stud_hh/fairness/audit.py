"""``audit_deal``: every test of a fair deal, corrected together, and the plain answer.

Several tests on one sample would, on a fair deal, reject now and then by chance; Holm's
step-down correction keeps the chance that any of them rejects a fair deal at ``alpha``
(and is never weaker than Bonferroni's). The power statements are made at the strictest
level Holm's procedure uses, ``alpha`` over the number of tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from stud_hh.fairness.checks import all_tests
from stud_hh.fairness.model import DealHand, DealTest, FairnessReport

DEFAULT_ALPHA = 0.05


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm-adjusted p-values (reject where adjusted <= alpha), in the given order.

    >>> [round(p, 3) for p in holm([0.01, 0.04, 0.03])]
    [0.03, 0.06, 0.06]
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for k, i in enumerate(order):
        running = max(running, min(1.0, (m - k) * p_values[i]))
        adjusted[i] = running
    return adjusted


def audit_deal(hands: Sequence[DealHand], alpha: float = DEFAULT_ALPHA,
               player: str | None = None) -> FairnessReport:
    """Is this sample consistent with a fair, uniformly shuffled deck?"""
    first = list(all_tests(hands, alpha / 8))
    tested = [t for t in first if t.p_value is not None]
    level = alpha / max(len(tested), 1)
    if len(tested) != 8:  # the power statements at the level actually used
        first = list(all_tests(hands, level))
        tested = [t for t in first if t.p_value is not None]
    adjusted = iter(holm([t.p_value for t in tested if t.p_value is not None]))
    results: list[DealTest] = []
    for t in first:
        if t.p_value is None:
            results.append(t)
            continue
        p = next(adjusted)
        results.append(replace(t, p_adjusted=p, rejected=p <= alpha))
    return FairnessReport(len(hands), alpha, tuple(results), _conclusion(results, len(hands),
                                                                           alpha), player)


def _conclusion(tests: list[DealTest], hands: int, alpha: float) -> str:
    rejected = [t for t in tests if t.rejected]
    ran = sum(1 for t in tests if t.p_value is not None)
    if not ran:
        return f"not enough data to test the deal ({hands:,} hands)"
    if rejected:
        parts = [f"{t.name} (p = {t.p_value:.2g}, {t.p_adjusted:.2g} after Holm's correction "
                 f"for {ran} tests): {t.conclusion()}" for t in rejected]
        return f"the deal fails {len(rejected)} of {ran} tests in {hands:,} hands: " + \
            "; ".join(parts)
    power = next((t.detectable for t in tests if t.detectable and t.name == "starting_hands"),
                 None) or next((t.detectable for t in tests if t.detectable
                                and t.statistic is not None), "")
    could = f"; this sample could detect {power}" if power else ""
    return (f"no evidence of an unfair deal in {hands:,} hands ({ran} tests, Holm-corrected "
            f"at {alpha:.0%}){could}")
