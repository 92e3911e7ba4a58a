"""The report's "Is the deal fair?" section: the answer, the figure, the tests.

A section of its own (hooked into the player and audit pages with one line each), built
from ``pipelines.fairness`` (the sample) and ``stud_hh.fairness`` (the tests), so the
page shows exactly what ``stud-hh fairness`` prints.
"""

from __future__ import annotations

import duckdb
import polars as pl

from dashboards.figures.fairness import fairness_figure, fairness_frame
from dashboards.html import Column, Section, figure_div, note, render_table
from pipelines.fairness import deal_hands
from stud_hh.fairness import audit_deal
from stud_hh.fairness.text import p_text

TITLE = "Is the deal fair?"
ANCHOR = "fairness"
#: The section tests the latest hands only (about 0.3 ms a hand); the command tests all.
REPORT_HANDS = 100_000


def fairness_section(con: duckdb.DuckDBPyConnection, player: str | None = None,
                     game: str | None = None) -> Section:
    hands = deal_hands(con, player, game, latest=REPORT_HANDS)
    if not hands:
        return Section(TITLE, (note("No hands to test."),), ANCHOR)
    report = audit_deal(hands, player=player)
    tests = pl.DataFrame({
        "test": [t.title for t in report.tests],
        "observations": [t.n for t in report.tests],
        "p": [p_text(t.p_value) for t in report.tests],
        "adjusted": [p_text(t.p_adjusted) for t in report.tests],
        "verdict": [("rejects a fair deal" if t.rejected else "consistent")
                    if t.tested else "not tested" for t in report.tests],
        "could detect": [t.detectable for t in report.tests],
    })
    table = render_table(tests, [
        Column("test", "test"), Column("observations", "observations", "{:,}".format,
                                       numeric=True),
        Column("p", "p-value", numeric=True), Column("adjusted", "Holm-adjusted", numeric=True),
        Column("verdict", "verdict"), Column("could detect", "80 % power to detect"),
    ], table_id="fairness-tests")
    blocks = [note(report.conclusion[:1].upper() + report.conclusion[1:] + ".")]
    frame = fairness_frame(report)
    if not frame.is_empty():
        blocks.append(figure_div(fairness_figure(frame), "fairness-figure"))
    latest = (f"The latest {REPORT_HANDS:,} hands of the database; stud-hh fairness tests "
              "them all. " if len(hands) >= REPORT_HANDS else "")
    blocks += [table, note(f"{latest}Only cards whose showing does not depend on play: the "
                           "hero's starting hands, every door card, later upcards of players "
                           "still in (stud-hh fairness prints each test's cells).")]
    return Section(TITLE, tuple(blocks), ANCHOR)
