"""The deal audit as text: the answer first, then each test with its cells."""

from __future__ import annotations

from stud_hh.fairness.model import DealTest, FairnessReport


def p_text(p: float | None) -> str:
    """A p-value as a person reads it: ``0.53``, ``0.0031``, ``< 1e-300``."""
    if p is None:
        return "-"
    if p == 0:
        return "< 1e-300"
    return f"{p:.2g}" if p < 0.01 else f"{p:.2f}"


def _test(t: DealTest) -> list[str]:
    verdict = "REJECTS A FAIR DEAL" if t.rejected else ("ok" if t.tested else "not tested")
    lines = [f"{t.name}: {t.title} [{verdict}]", f"  {t.observations}"]
    if t.categories:
        width = max(len(c.label) for c in t.categories)
        lines.append(f"  {'':<{width}}  {'observed':>10}  {'expected':>10}  {'seen':>7}  "
                     f"{'fair':>7}")
        total = max(sum(c.observed for c in t.categories), 1)
        for c in t.categories:
            lines.append(f"  {c.label:<{width}}  {c.observed:>10,}  {c.expected:>10,.1f}  "
                         f"{c.observed / total:>7.2%}  {c.share:>7.2%}")
    if t.statistic is not None:
        lines.append(f"  chi-square {t.statistic:.1f} on {t.df} df: p = {p_text(t.p_value)}, "
                     f"{p_text(t.p_adjusted)} after Holm's correction")
    elif t.tested:
        lines.append(f"  p = {p_text(t.p_value)}")
    lines.append(f"  {t.conclusion()}")
    if t.note and t.tested:
        lines.append(f"  note: {t.note}")
    return lines


def text_report(report: FairnessReport) -> str:
    who = f" of {report.player}" if report.player else ""
    head = [f"Deal fairness: {report.hands:,} hands{who}, alpha {report.alpha:g} "
            "(Holm-corrected over the tests run)", "", report.conclusion[:1].upper()
            + report.conclusion[1:] + ".", ""]
    body: list[str] = []
    for t in report.tests:
        body += [*_test(t), ""]
    return "\n".join(head + body)
