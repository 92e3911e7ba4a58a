"""The ``player_facts`` table: one row per (site, hand_id, player), built at import time.

Stats are plain aggregations over this table, so a catalogue change never re-parses the
history: only ``rebuild_facts`` recomputes it. The row carries the few hand-level columns
the filters and win rates need (game, stakes, bet sizes, start time) so that the whole
catalogue is one scan of one table, independent of how the import assigns hand keys.

There is deliberately no PRIMARY KEY (bulk inserts ~3x slower in DuckDB, performance notes);
``store_facts`` anti-joins each batch against the stored ``(site, hand_id)`` pairs instead.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC
from typing import Any

import duckdb
import msgspec
import polars as pl
from msgspec.structs import astuple

from pipelines.batches import stakes_label  # the same label as the hands table
from stud_hh.cards import str_card
from stud_hh.events import Hand
from stud_hh.facts import LATER_STREETS, PlayerFacts, StreetFacts, player_facts

TABLE = "player_facts"

#: Hand-level columns copied onto every row (filters and win-rate units).
HAND_COLUMNS: dict[str, tuple[str, Any]] = {
    "site": ("VARCHAR NOT NULL", pl.Utf8),
    "hand_id": ("VARCHAR NOT NULL", pl.Utf8),
    "game": ("VARCHAR NOT NULL", pl.Utf8),
    "stakes": ("VARCHAR NOT NULL", pl.Utf8),
    "currency": ("VARCHAR", pl.Utf8),
    "small_bet": ("BIGINT NOT NULL", pl.Int64),
    "big_bet": ("BIGINT NOT NULL", pl.Int64),
    "started_at": ("TIMESTAMPTZ NOT NULL", pl.Datetime("us", "UTC")),
}
_MONEY = {"stack", "invested", "collected", "net", "rake"}


def _column_type(name: str, annotation: Any) -> tuple[str, Any]:
    text = str(annotation)
    if "bool" in text:
        return "BOOLEAN", pl.Boolean
    if "str" in text:
        return "VARCHAR", pl.Utf8
    if name in _MONEY:
        return "BIGINT", pl.Int64
    return "SMALLINT", pl.Int16


def _fact_columns() -> dict[str, tuple[str, Any]]:
    """Every ``PlayerFacts`` field as a column; street facts as ``<name>_<street>``."""
    columns: dict[str, tuple[str, Any]] = {}
    for field in msgspec.structs.fields(PlayerFacts):
        if field.name == "door_card":
            columns["door_card"] = ("VARCHAR", pl.Utf8)  # "Ah": readable in SQL
        elif field.name != "streets":
            columns[field.name] = _column_type(field.name, field.type)
    for street in LATER_STREETS:  # last, so that a row is the struct's fields in order
        for sub in msgspec.structs.fields(StreetFacts):
            columns[f"{sub.name}_{int(street)}"] = _column_type(sub.name, sub.type)
    return columns


#: Column name -> (DuckDB type, Polars type), in table order (what ``facts_columns`` fills).
COLUMNS: dict[str, tuple[str, Any]] = {**HAND_COLUMNS, **_fact_columns()}
SCHEMA: dict[str, Any] = {name: pl_type for name, (_, pl_type) in COLUMNS.items()}

#: ``hand_key`` is the importer's surrogate key of ``hands``; filled by the importer (and by
#: ``rebuild_facts`` when a ``hands`` table exists), null for facts stored without one.
FACTS_DDL = (
    f"CREATE TABLE IF NOT EXISTS {TABLE} (\n    hand_key BIGINT,\n    "
    + ",\n    ".join(f"{name} {sql}" for name, (sql, _) in COLUMNS.items())
    + "\n)"
)
_FIELDS = [f.name for f in msgspec.structs.fields(PlayerFacts)]
_STREETS_AT = _FIELDS.index("streets")
_DOOR_AT = _FIELDS.index("door_card")


def facts_rows(hand: Hand, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The ``player_facts`` rows of one hand, as tuples in ``COLUMNS`` order.

    The definition of the rows: the import workers build the same rows column-wise from a
    chunk's ``PlayerFacts`` (``pipelines/facts_batch.py``, pinned to this function by
    ``tests/test_import_facts_batch.py``) and call this per hand only for a layout that
    module does not know. A hand whose facts fail is quarantined alone.
    ``msgspec.structs.astuple`` and tuple slicing keep it to a few C calls per player.
    ``prefix`` starts every row (the importer's batch-local hand number).
    """
    h = hand.header
    started = h.started_at if h.started_at.tzinfo else h.started_at.replace(tzinfo=UTC)
    hand_values = (
        *prefix, h.site, h.hand_id, str(h.game), stakes_label(h.small_bet, h.big_bet, h.currency),
        h.currency, h.small_bet, h.big_bet, started,
    )
    rows = []
    for f in player_facts(hand):
        values = astuple(f)
        door = values[_DOOR_AT]
        s4, s5, s6, s7 = values[_STREETS_AT]
        rows.append(
            hand_values + values[:_DOOR_AT] + (None if door is None else str_card(door),)
            + values[_DOOR_AT + 1:_STREETS_AT] + values[_STREETS_AT + 1:]
            + astuple(s4) + astuple(s5) + astuple(s6) + astuple(s7)
        )
    return rows


def facts_columns(hands: Iterable[Hand]) -> dict[str, list[Any]]:
    """Column lists of ``player_facts`` rows for a batch of hands (cheap to pickle).

    Rows are built as tuples and transposed once, which is several times faster than
    appending to ~100 lists per player.
    """
    rows: list[tuple[Any, ...]] = []
    for hand in hands:
        rows.extend(facts_rows(hand))
    if not rows:
        return {name: [] for name in COLUMNS}
    columns = zip(*rows, strict=True)
    return {name: list(column) for name, column in zip(COLUMNS, columns, strict=True)}


def facts_frame(columns: dict[str, list[Any]]) -> pl.DataFrame:
    return pl.DataFrame(columns, schema=SCHEMA)


def ensure_facts_table(con: duckdb.DuckDBPyConnection) -> None:
    con.execute(FACTS_DDL)


def store_facts(con: duckdb.DuckDBPyConnection, columns: dict[str, list[Any]]) -> int:
    """Insert a batch's facts, skipping hands already stored; returns rows inserted.

    Call it inside the import's batch transaction so facts and hands commit together.
    """
    ensure_facts_table(con)
    frame = facts_frame(columns)
    con.register("_facts_batch", frame)
    try:
        before = con.execute(f"SELECT count(*) FROM {TABLE}").fetchall()[0][0]
        con.execute(
            f"INSERT INTO {TABLE} BY NAME SELECT b.* FROM _facts_batch b "
            f"ANTI JOIN (SELECT DISTINCT site, hand_id FROM {TABLE}) stored "
            "USING (site, hand_id)"
        )
        after = con.execute(f"SELECT count(*) FROM {TABLE}").fetchall()[0][0]
    finally:
        con.unregister("_facts_batch")
    return int(after) - int(before)


def rebuild_facts(
    con: duckdb.DuckDBPyConnection, hands: Iterable[Hand], batch_size: int = 2000
) -> int:
    """Drop and recompute ``player_facts`` from hands (``stud-hh rebuild``); rows written.

    The table is recreated from the current ``FACTS_DDL``, so new catalogue columns appear.
    Runs in one transaction: an interrupted rebuild leaves the old facts in place.
    """
    con.execute("BEGIN TRANSACTION")
    try:
        con.execute(f"DROP TABLE IF EXISTS {TABLE}")
        con.execute(FACTS_DDL)
        written = 0
        batch: list[Hand] = []
        for hand in hands:
            batch.append(hand)
            if len(batch) >= batch_size:
                written += store_facts(con, facts_columns(batch))
                batch = []
        if batch:
            written += store_facts(con, facts_columns(batch))
        if con.execute(
            "SELECT count(*) FROM information_schema.tables WHERE table_name = 'hands'"
        ).fetchall()[0][0]:
            con.execute(
                f"UPDATE {TABLE} f SET hand_key = h.hand_key FROM hands h "
                "WHERE h.site = f.site AND h.hand_id = f.hand_id"
            )
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    return written
