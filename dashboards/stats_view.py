"""The stats catalogue on the page: the players table, one player's sheet, aggression.

Numbers come from ``pipelines.stats.player_stats`` (one row per player; each stat ``key``
has a value column and a sample column ``key_n``) and labels from its ``CATALOGUE``, so the
report shows exactly what ``stud-hh stats`` prints; nothing is recomputed here.
"""

from __future__ import annotations

from collections.abc import Callable

import polars as pl

from dashboards.html import Column, esc, integer, num, pct, render_table
from pipelines.stats.catalogue import BY_KEY, CATALOGUE, STREET_NAMES, Kind, Stat
from pipelines.stats.command import SUMMARY, money_text
from pipelines.stats.query import unit_columns

#: The players table: the same main stats as ``stud-hh stats`` shows for several players.
MAIN_STATS: tuple[str, ...] = tuple(SUMMARY)
HEADERS = {
    "hands": "hands", "vpip": "VPIP", "complete_3rd": "complete (unopened)",
    "steal_pos": "steal (position)", "saw_4": "saw 4th", "showdown": "went to showdown",
    "won_showdown": "won at showdown", "af": "aggression factor", "bb_per_100": "BB/100",
    "net_won": "net won",
}


def unit_words(unit: str) -> str:
    return {"chips": "tournament chips", "play": "play money"}.get(unit, unit)


def stat_columns(stats: pl.DataFrame, keys: tuple[str, ...] = MAIN_STATS
                 ) -> list[tuple[str, str, Stat]]:
    """``(frame column, header, stat)`` for ``keys``; a money stat gives one column per
    money unit in the frame (``net won (USD)``, ``net won (tournament chips)``)."""
    out = []
    for key in keys:
        stat = BY_KEY[key]
        header = HEADERS.get(key, stat.label)
        if stat.per_unit:
            out += [(f"{key}_{u}", f"{header} ({unit_words(u)})", stat)
                    for u in unit_columns(stats)]
        else:
            out.append((key, header, stat))
    return out


#: Sheet sections unfolded when the page opens; the rest are one click away.
OPEN_SECTIONS = {"general", "3rd street", "streets and showdown", "results", "aggression"}


def fmt_for(stat: Stat, column: str = "") -> Callable[[object], str]:
    """How a stat's value reads: percentages, ratios, win rates, totals, money."""
    if stat.per_unit:
        unit = column.removeprefix(f"{stat.key}_")
        return lambda v: money_text(int(v), unit)  # type: ignore[call-overload]
    if stat.kind is Kind.TOTAL:
        return integer
    if stat.unit == "%":
        return lambda v: pct(float(v) / 100)  # type: ignore[arg-type]
    return num(2)


def players_table(stats: pl.DataFrame) -> str:
    columns = [Column("player", "player")]
    for name, header, stat in stat_columns(stats):
        sample = None if stat.kind is Kind.TOTAL else f"{name}_n"
        columns.append(Column(name, header, fmt_for(stat, name), sample, numeric=True))
    table = render_table(stats, columns, table_id="players", sortable=True)
    return f'<div class="scroll">{table}</div>'


def stats_sheet(stats: pl.DataFrame, player: str) -> str:
    """The full catalogue for one player, one collapsible block per section."""
    rows = stats.filter(pl.col("player") == player)
    if rows.is_empty():
        return "<p class=\"note\">No stats.</p>"
    row = rows.row(0, named=True)
    blocks: list[str] = []
    sections: dict[str, list[Stat]] = {}
    for stat in CATALOGUE:
        sections.setdefault(stat.section, []).append(stat)
    for i, (section, members) in enumerate(sections.items()):
        lines = [
            {"stat": label, "value": row.get(name), "sample": row.get(f"{name}_n"),
             "fmt": fmt_for(s, name)}
            for s in members
            for name, label in (
                [(f"{s.key}_{u}", f"{s.label} ({unit_words(u)})") for u in unit_columns(stats)]
                if s.per_unit else [(s.key, s.label)])
            if (row.get(f"{name}_n") or 0) > 0
        ]
        if not lines:
            continue
        frame = pl.DataFrame({
            "stat": [x["stat"] for x in lines],
            "value": [None if x["value"] is None else x["fmt"](x["value"]) for x in lines],
            "sample": [x["sample"] for x in lines],
        })
        table = render_table(frame, [
            Column("stat", "stat"),
            Column("value", "value", sample="sample", numeric=True),
            Column("sample", "sample (hands or chances)", integer, numeric=True),
        ], table_id=f"sheet-{i}", css_class="sheet")
        opened = " open" if section in OPEN_SECTIONS else ""
        blocks.append(f"<details{opened}><summary>{esc(section)}</summary>{table}</details>")
    return "".join(blocks)


def aggression(stats: pl.DataFrame, players: tuple[str, ...]) -> pl.DataFrame:
    """``player``, ``street``, ``factor``, ``frequency``, ``decisions`` from af/afq 4th-7th."""
    rows = stats.filter(pl.col("player").is_in(list(players))) if players else stats
    parts = [
        rows.select(
            pl.col("player"),
            pl.lit(n, dtype=pl.Int64).alias("street"),
            pl.col(f"af_{n}").cast(pl.Float64).alias("factor"),
            (pl.col(f"afq_{n}").cast(pl.Float64) / 100).alias("frequency"),
            pl.col(f"afq_{n}_n").cast(pl.Int64).alias("decisions"),
        )
        for n in STREET_NAMES
    ]
    frame = pl.concat(parts).filter(pl.col("decisions") > 0)
    order = {p: i for i, p in enumerate(players)}
    return frame.with_columns(pl.col("player").replace_strict(order, default=len(order))
                              .alias("_o")).sort("_o", "street").drop("_o")
