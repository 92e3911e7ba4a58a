"""The audit page: violations by code, by site over time, and the flagged hands.

Each flagged row quotes the offending action in hand-history wording, the rule-book section,
what happened (the validator's message) and what the rule expects (the catalogue's summary).
"""

from __future__ import annotations

import duckdb
import polars as pl

from dashboards import data, tables
from dashboards.fairness_section import fairness_section
from dashboards.figures import audit as audit_figs
from dashboards.html import FigureList, Section, note
from dashboards.quote import quote_action
from stud_hh.validate.catalogue import CATALOGUE


def audit_page(con: duckdb.DuckDBPyConnection, game: str | None
                ) -> tuple[str, str, list[Section]]:
    data.require_tables(con, "violations", "hands", "actions")
    figs = FigureList()
    only = [game] if game else []
    hands = data.scalar(con, "SELECT count(*) FROM hands" + (" WHERE game = ?" if game else ""),
                        only)
    by_code = data.violations_by_code(con, game)
    flagged, total = data.flagged_hands(con, game)
    flagged_hands = data.scalar(
        con, "SELECT count(DISTINCT v.hand_key) FROM violations v JOIN hands h USING (hand_key)"
        + (" WHERE h.game = ?" if game else ""), only)
    subtitle = (f"{total:,} violations in {flagged_hands:,} of {hands:,} hands"
                + (f", {game} only" if game else ""))
    blocks: list[str] = []
    figs.add(blocks, by_code,
             audit_figs.violations_by_code_figure, "No violations: every hand replayed legally.")
    figs.add(blocks, data.violations_over_time(con, game),
             audit_figs.violations_over_time_figure, "No violations over time.")
    sections = [Section("Violations", tuple(blocks), "violations")]
    table = flagged.with_columns(
        pl.struct("actor", "kind", "amount", "raise_to", "all_in", "unit")
        .map_elements(lambda r: quote_action(r["actor"], r["kind"], r["amount"],
                                             r["raise_to"], r["all_in"], r["unit"]),
                      return_dtype=pl.String).alias("action"),
        pl.col("code").map_elements(lambda c: CATALOGUE[c].summary if c in CATALOGUE else "",
                                    return_dtype=pl.String).alias("expectation"),
        (pl.col("source_file").fill_null("?").str.replace(r"^.*[/\\]", "") + pl.lit(":")
         + pl.col("source_line").cast(pl.String)).alias("source"),
    )
    shown = [tables.flagged_table(table) if table.height else note("No flagged hands.")]
    if total > table.height:
        shown.append(note(f"The first {table.height:,} of {total:,} violations, oldest first."))
    sections.append(Section("Flagged hands", tuple(shown), "flagged-hands"))
    sections.append(fairness_section(con, game=game))
    return "stud_hh audit: rule violations", subtitle, sections
