"""The audit page: violations by code, by site over time, and the flagged hands.

Each flagged row quotes the offending action in hand-history wording, the rule-book section,
what happened (the validator's message) and what the rule expects (the catalogue's summary),
with a button that replays the hand step by step, the finding marked at its action (the
first ``MAX_REPLAYS`` flagged hands are embedded in the page).
"""

from __future__ import annotations

import duckdb
import polars as pl

from dashboards import data, tables
from dashboards.fairness_section import fairness_section
from dashboards.figures import audit as audit_figs
from dashboards.html import FigureList, Section, note
from dashboards.quote import quote_action
from dashboards.replayer import hand_replays, replays_block
from stud_hh.validate.catalogue import CATALOGUE

#: Flagged hands whose replay is embedded in the page (a hand is ~5 KB of JSON).
MAX_REPLAYS = 100


def flagged_rows(flagged: pl.DataFrame) -> pl.DataFrame:
    """``data.flagged_hands`` rows with the quoted action, the expectation and the source."""
    return flagged.with_columns(
        pl.struct("actor", "kind", "amount", "raise_to", "all_in", "unit")
        .map_elements(lambda r: quote_action(r["actor"], r["kind"], r["amount"],
                                             r["raise_to"], r["all_in"], r["unit"]),
                      return_dtype=pl.String).alias("action"),
        pl.col("code").map_elements(lambda c: CATALOGUE[c].summary if c in CATALOGUE else "",
                                    return_dtype=pl.String).alias("expectation"),
        (pl.col("source_file").fill_null("?").str.replace(r"^.*[/\\]", "") + pl.lit(":")
         + pl.col("source_line").cast(pl.String)).alias("source"),
    )


def audit_page(con: duckdb.DuckDBPyConnection, scope: data.Scope | str | None
               ) -> tuple[str, str, list[Section]]:
    data.require_tables(con, "violations", "hands", "actions")
    game = scope.game if isinstance(scope, data.Scope) else scope
    figs = FigureList()
    by_code = data.violations_by_code(con, scope)
    flagged, total = data.flagged_hands(con, scope)
    hands, flagged_hands, _ = data.audit_counts(con, scope)
    subtitle = (f"{total:,} violations (roots) in {flagged_hands:,} of {hands:,} hands"
                + (f", {game} only" if game else ""))
    blocks: list[str] = []
    figs.add(blocks, by_code,
             audit_figs.violations_by_code_figure, "No violations: every hand replayed legally.")
    figs.add(blocks, data.violations_over_time(con, scope),
             audit_figs.violations_over_time_figure, "No violations over time.")
    sections = [Section("Violations", tuple(blocks), "violations")]
    table = flagged_rows(flagged)
    keys = table.get_column("hand_key").unique(maintain_order=True).head(MAX_REPLAYS).to_list()
    replays = hand_replays(con, keys)
    table = table.with_columns(pl.col("hand_key").cast(pl.String).alias("replay"))
    shown = [tables.flagged_table(table, set(replays)) if table.height
             else note("No flagged hands.")]
    if total > table.height:
        shown.append(note(f"The first {table.height:,} of {total:,} violations, oldest first."))
    if table.height:
        shown.append(note("Each row is a root finding; the findings that follow from it (call "
                          "sizes after a wrong bet, turn order after an extra action, pot "
                          "totals off by what an illegal action added) are folded into it and "
                          "marked in its replay."))
    if replays:
        shown.append(note(f"Replays are embedded for the first {len(replays):,} flagged hands "
                          "(stud-hh serve replays any hand)."))
        shown.append(replays_block(replays))
    sections.append(Section("Flagged hands", tuple(shown), "flagged-hands"))
    sections.append(fairness_section(con, game=game))
    return "stud_hh audit: rule violations", subtitle, sections
