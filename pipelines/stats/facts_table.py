"""The ``player_facts`` table: one row per (site, hand_id, player), built at import time.

Stats are plain aggregations over this table, so a catalogue change never re-parses the
history: only ``rebuild_facts`` recomputes it. The row carries the few hand-level columns
the filters and win rates need (game, stakes, bet sizes, start time) so that the whole
catalogue is one scan of one table, independent of how the import assigns hand keys.
Its columns are defined once, in ``pipelines.schema.PLAYER_FACTS``, and its rows are built
by the import's own code (``pipelines.batches``), so a rebuild stores what an import would.

There is deliberately no PRIMARY KEY (bulk inserts ~3x slower in DuckDB, performance notes);
``store_facts`` anti-joins each batch against the stored ``(site, hand_id)`` pairs instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import duckdb
import pyarrow as pa

from pipelines.batches import Chunk
from pipelines.rows import hand_rows
from pipelines.schema import PLAYER_FACTS, Column
from stud_hh.events import Hand
from stud_hh.recap import recap
from stud_hh.rules import RuleSet

#: The rule set a hand was imported under (None: its site's preset): the all-in EV's
#: odd-chip rule follows it.
RulesOf = Callable[[Hand], RuleSet | None]
#: Called with each rebuilt batch's tables (all of them, ``local`` numbered), in the
#: rebuild's transaction: ``pipelines.rebuild`` refreshes the hands' all-in EV with it.
OnBatch = Callable[[duckdb.DuckDBPyConnection, dict[str, pa.Table]], None]

TABLE = PLAYER_FACTS.name
_COLUMNS: tuple[Column, ...] = tuple(c for c in PLAYER_FACTS.columns if c.name != "hand_key")
#: Column name -> (DuckDB type, Arrow type), in table order (``hand_key`` aside).
COLUMNS: dict[str, tuple[str, pa.DataType]] = {
    c.name: (c.sql_type, c.type) for c in _COLUMNS
}
#: ``hand_key`` is the importer's surrogate key of ``hands``; filled by the importer (and by
#: ``rebuild_facts`` when a ``hands`` table exists), null for facts stored without one.
FACTS_DDL = PLAYER_FACTS.ddl(if_not_exists=True)


def facts_columns(hands: Iterable[Hand], rules_of: RulesOf | None = None) -> pa.Table:
    """The ``player_facts`` rows of ``hands`` (without ``hand_key``), as the import makes
    them."""
    return chunk_tables(hands, rules_of)["player_facts"].drop_columns(["local"])


def chunk_tables(hands: Iterable[Hand], rules_of: RulesOf | None = None
                 ) -> dict[str, pa.Table]:
    """Every table the import makes of ``hands`` (as one chunk, without violations)."""
    chunk = Chunk()
    for hand in hands:
        seen = recap(hand)
        rules = None if rules_of is None else rules_of(hand)
        chunk.add_facts(hand, seen)
        chunk.add(hand_rows(len(chunk), hand, seen, (), None, 0, rules), None)
    return chunk.tables()


def ensure_facts_table(con: duckdb.DuckDBPyConnection) -> None:
    con.execute(FACTS_DDL)


def store_facts(con: duckdb.DuckDBPyConnection, facts: pa.Table) -> int:
    """Insert a batch's facts, skipping hands already stored; returns rows inserted.

    Call it inside the import's batch transaction so facts and hands commit together.
    """
    ensure_facts_table(con)
    _facts_batch = facts  # read by name (below)
    before = con.execute(f"SELECT count(*) FROM {TABLE}").fetchall()[0][0]
    con.execute(
        f"INSERT INTO {TABLE} BY NAME SELECT b.* FROM _facts_batch b "
        f"ANTI JOIN (SELECT DISTINCT site, hand_id FROM {TABLE}) stored "
        "USING (site, hand_id)"
    )
    after = con.execute(f"SELECT count(*) FROM {TABLE}").fetchall()[0][0]
    return int(after) - int(before)


def rebuild_facts(
    con: duckdb.DuckDBPyConnection, hands: Iterable[Hand], batch_size: int = 2000, *,
    rules_of: RulesOf | None = None, on_batch: OnBatch | None = None,
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

        def flush() -> int:
            tables = chunk_tables(batch, rules_of)
            if on_batch is not None:
                on_batch(con, tables)
            return store_facts(con, tables["player_facts"].drop_columns(["local"]))

        for hand in hands:
            batch.append(hand)
            if len(batch) >= batch_size:
                written += flush()
                batch = []
        if batch:
            written += flush()
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
