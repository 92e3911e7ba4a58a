"""Every stored table, defined once: its columns, their Arrow types, nullability and notes.

The workers build their batches with these tables' Arrow schemas (``Table.batch_schema``),
DuckDB's DDL is generated from them: ``schema.sql``, which ``pipelines.migrate`` creates a
new database from, is this module's output (``python -m pipelines.schema --write``;
``tests/test_schema.py`` fails when it is stale), and ``player_facts``, whose columns
follow ``stud_hh.facts.PlayerFacts``, is created from ``PLAYER_FACTS.ddl()``. A writer of
another store (Parquet files) takes the same Arrow schemas.

To add a column: add it here, run ``python -m pipelines.schema --write``, raise
``VERSION`` and add ``migrations/NNNN_*.sql`` for existing databases (``migrations/README.md``);
``player_facts`` needs no migration (``stud-hh rebuild`` recreates it).

Design notes (why, not what):

* Money is BIGINT in the smallest unit (cents for currency games, chips otherwise). The
  all-in EV's expected nets are the one exception: DOUBLE in the same unit, since an
  expectation has fractions of a unit that rounding would lose (they sum to minus the rake).
* hands are keyed by (site, hand_id), but there is deliberately no PRIMARY KEY or UNIQUE
  constraint: in DuckDB a composite key makes bulk inserts ~3x slower and the file ~4.5x
  larger (performance notes). Uniqueness is kept by the single writer, which anti-joins
  every batch against the stored keys inside the batch's transaction.
* hand_key is a surrogate BIGINT assigned by that writer so that the child tables join on
  one integer instead of repeating two strings per action. In a batch, rows refer to their
  hand by ``local``, its position in the batch, which the writer swaps for the key.
* Every hand's text is kept: a quarantined hand's in ``quarantine.raw_text`` (nothing is
  lost), an imported hand's in ``hand_events.text`` (since version 6), which ``stud-hh
  show``, the replayer and the export parse again: the original evidence, and smaller and
  cheaper to write than the parsed events were, and ``stud-hh rebuild`` reads it back
  too. Its source file and line name where it came from.
"""

from __future__ import annotations

import argparse
import sys
import types
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Union, get_args, get_origin

import msgspec
import pyarrow as pa

from stud_hh.facts import LATER_STREETS, PlayerFacts, StreetFacts

#: The schema version ``schema.sql`` declares (``pipelines.migrate``).
VERSION = 6

BIGINT, INTEGER, SMALLINT, DOUBLE = pa.int64(), pa.int32(), pa.int16(), pa.float64()
VARCHAR, BOOLEAN, BLOB = pa.string(), pa.bool_(), pa.binary()
TIMESTAMPTZ = pa.timestamp("us", tz="UTC")
VARCHAR_LIST = pa.list_(pa.string())
COUNTS, BIG_COUNTS = pa.map_(pa.string(), pa.int32()), pa.map_(pa.string(), pa.int64())
_SQL_TYPES = {
    BIGINT: "BIGINT", INTEGER: "INTEGER", SMALLINT: "SMALLINT", DOUBLE: "DOUBLE",
    VARCHAR: "VARCHAR",
    BOOLEAN: "BOOLEAN", TIMESTAMPTZ: "TIMESTAMPTZ", VARCHAR_LIST: "VARCHAR[]", BLOB: "BLOB",
    COUNTS: "MAP(VARCHAR, INTEGER)", BIG_COUNTS: "MAP(VARCHAR, BIGINT)",
}


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    type: pa.DataType
    not_null: bool = False
    note: str = ""  # a comment in the DDL
    above: str = ""  # comment lines above the column in the DDL
    default: str | None = None  # SQL
    primary_key: bool = False
    compression: str | None = None  # DuckDB's, for the column (``zstd``)
    by_writer: bool = False  # filled by the writer, not part of a worker's batch
    #: kept for the rows an older stud_hh wrote; a worker's batch no longer has it
    legacy: bool = False

    @property
    def sql_type(self) -> str:
        return _SQL_TYPES[self.type]

    def sql(self, name_width: int = 0) -> str:
        parts = [f"{self.name:<{name_width}}", self.sql_type]
        if self.primary_key:
            parts.append("PRIMARY KEY")
        elif self.not_null:
            parts.append("NOT NULL")
        if self.default is not None:
            parts.append(f"DEFAULT {self.default}")
        if self.compression is not None:
            parts.append(f"USING COMPRESSION {self.compression}")
        return " ".join(parts)


def _key(name: str, *, not_null: bool = True) -> Column:
    """A key the writer assigns: ``hand_key`` (a batch has ``local`` instead), ``import_id``."""
    return Column(name, BIGINT if name == "hand_key" else INTEGER, not_null, by_writer=True)


@dataclass(frozen=True)
class Table:
    name: str
    columns: tuple[Column, ...]
    note: str = ""  # comment lines above the DDL

    @cached_property
    def batch_schema(self) -> pa.Schema:
        """The Arrow schema of a worker's batch of this table: the columns the writer does
        not fill, after ``local`` (the hand's position in the batch) if the table's rows
        belong to a hand."""
        lead = [pa.field("local", pa.int64())] if self.column("hand_key") else []
        return pa.schema(lead + [pa.field(c.name, c.type) for c in self.columns
                                 if not (c.by_writer or c.legacy)])

    def column(self, name: str) -> Column | None:
        return next((c for c in self.columns if c.name == name), None)

    def ddl(self, if_not_exists: bool = False) -> str:
        names = max(len(c.name) for c in self.columns)
        width = max(len(c.sql(names)) for c in self.columns) + 1
        lines = []
        for i, c in enumerate(self.columns):
            lines += [f"    -- {text}" for text in c.above.splitlines()]
            line = c.sql(names) + ("," if i < len(self.columns) - 1 else "")
            lines.append(f"    {line:<{width}} -- {c.note}" if c.note else f"    {line}")
        notes = "".join(f"-- {line}\n" for line in self.note.splitlines())
        exists = "IF NOT EXISTS " if if_not_exists else ""
        return f"{notes}CREATE TABLE {exists}{self.name} (\n" + "\n".join(lines) + "\n);"


def _counter(name: str, note: str = "", sql_type: pa.DataType = BIGINT, above: str = "",
             ) -> Column:
    return Column(name, sql_type, not_null=True, default="0", note=note, above=above)


IMPORTS = Table("imports", (
    Column("import_id", INTEGER, primary_key=True),
    Column("started_at", TIMESTAMPTZ, not_null=True),
    Column("finished_at", TIMESTAMPTZ),
    Column("status", VARCHAR, not_null=True, note="running, done, failed, interrupted"),
    Column("paths", VARCHAR_LIST),
    Column("rules", VARCHAR),
    Column("jobs", INTEGER),
    _counter("files", "files read (new, grown or changed)", INTEGER),
    _counter("files_skipped", "unchanged since the last import", INTEGER),
    _counter("files_rejected", "no hand in them (quarantined whole)", INTEGER),
    _counter("hands_found", "= imported + duplicates + quarantined"),
    _counter("imported"),
    _counter("duplicates"),
    _counter("quarantined"),
    _counter("with_violations", "imported hands with at least one"),
    _counter("violations"),
    Column("version", VARCHAR, note="stud_hh version that ran it"),
    _counter("files_other", sql_type=INTEGER, above=(
        "what the run did not read (written when it ends): files that are not hand histories,"
        "\nfiles per site whose format is not read yet, hands of other games per game")),
    Column("files_unsupported", COUNTS),
    Column("other_games", BIG_COUNTS),
    _counter("replaced", above=(
        "stored hands of earlier runs replaced by their whole text: a file's last hand read"
        "\nwhile the client was still writing it "
        "(count(hands) = sum(imported) - sum(replaced))")),
))

FILES = Table("files", (
    Column("path", VARCHAR, not_null=True),
    Column("size", BIGINT, not_null=True),
    Column("mtime", TIMESTAMPTZ, not_null=True),
    Column("content_hash", VARCHAR, not_null=True),
    Column("hashed_bytes", BIGINT, not_null=True),
    Column("bytes_imported", BIGINT, not_null=True, note="= size once complete, 0 while partial"),
    Column("last_hand_line", BIGINT, not_null=True, note="start line of the last hand consumed"),
    Column("hands", BIGINT, not_null=True, note="hands found in it, over all imports"),
    Column("complete", BOOLEAN, not_null=True, note="false: killed mid-file or tail held back"),
    Column("first_import", INTEGER, not_null=True),
    Column("last_import", INTEGER, not_null=True),
    Column("tail_hash", VARCHAR, note="the hand at last_hand_line is open"),
), note="One row per file ever read. The content hash covers the first hashed_bytes bytes, "
        "so a\nfile that only grew (the poker client appends) is recognised and resumed "
        "after\nlast_hand_line; a file whose start changed is read again (the anti-join "
        "drops what is\nalready stored). A last hand with no blank line after it yet may "
        "still be being written:\ntail_hash keeps its text's hash, and the next run reads "
        "it again if it changed.")

HANDS = Table("hands", (
    _key("hand_key"),
    Column("site", VARCHAR, not_null=True),
    Column("hand_id", VARCHAR, not_null=True),
    Column("game", VARCHAR, not_null=True, note="stud, stud8, razz"),
    Column("betting", VARCHAR, not_null=True, note="fixed, spread, pot, no_limit"),
    Column("stakes", VARCHAR, not_null=True, note='"0.04/0.08", "50/100"'),
    Column("small_bet", BIGINT, not_null=True),
    Column("big_bet", BIGINT, not_null=True),
    Column("ante", BIGINT),
    Column("bring_in", BIGINT),
    Column("currency", VARCHAR),
    Column("play_money", BOOLEAN, not_null=True),
    Column("tournament_id", VARCHAR),
    Column("level", VARCHAR),
    Column("buy_in", VARCHAR),
    Column("mixed", VARCHAR),
    Column("table_name", VARCHAR, not_null=True),
    Column("max_seats", SMALLINT),
    Column("started_at", TIMESTAMPTZ, not_null=True),
    Column("players", SMALLINT, not_null=True, note="dealt in"),
    Column("last_street", SMALLINT, not_null=True, note="3..7"),
    Column("showdown", BOOLEAN, not_null=True),
    Column("total_pot", BIGINT),
    Column("rake", BIGINT),
    Column("errors", SMALLINT, not_null=True, note="root violations of severity error"),
    Column("warnings", SMALLINT, not_null=True, note="root violations of severity warning"),
    Column("source_file", VARCHAR),
    Column("source_line", BIGINT, not_null=True),
    _key("import_id"),
    Column("ev_street", SMALLINT, note="street of the last all-in (3..7)", above=(
        "all-in EV (stud_hh.equity.all_in_ev; docs/equity.md): set when money went in with a"
        "\nplayer all-in and every contender's cards are known, NULL otherwise (and for hands"
        "\nimported before version 5 until `stud-hh rebuild`)")),
    Column("ev_method", VARCHAR, note="exact, monte-carlo"),
))

HAND_PLAYERS = Table("hand_players", (
    _key("hand_key"),
    Column("seat", SMALLINT, not_null=True),
    Column("player", VARCHAR, not_null=True),
    Column("starting_stack", BIGINT, not_null=True),
    Column("dealt_in", BOOLEAN, not_null=True),
    Column("cards_known", VARCHAR, not_null=True,
           note='"3d Th As Qc", first seen first; "" if none'),
    Column("door_card", VARCHAR),
    Column("final_street", SMALLINT, note="street folded on, or the hand's last"),
    Column("folded", BOOLEAN, not_null=True),
    Column("contributed", BIGINT, not_null=True, note="antes + bets, before returns"),
    Column("collected", BIGINT, not_null=True),
    Column("net_won", BIGINT, not_null=True, note="collected + returned - contributed"),
    Column("rake_share", BIGINT, not_null=True,
           note="stud_hh.facts.rake_shares (docs/stats.md)"),
    Column("showed", BOOLEAN, not_null=True),
    Column("won_at_showdown", BOOLEAN, not_null=True),
    Column("ev_equity", DOUBLE, note="share of the pots paid out, expected at the last all-in",
           above=("all-in EV, NULL when the hand does not qualify (hands.ev_street) and for seats"
                  "\nnot dealt in. ev_net is an expectation, not an amount that changed hands:"
                  "\na DOUBLE in the smallest unit, its fractions of a unit kept, never rounded")),
    Column("ev_net", DOUBLE, note="expected net_won (the pots split by equity, less put in)"),
))

ACTIONS = Table("actions", (
    _key("hand_key"),
    Column("action_index", INTEGER, not_null=True,
           note="as Hand.player_actions() and violations"),
    Column("street", SMALLINT, not_null=True),
    Column("player", VARCHAR, not_null=True),
    Column("kind", VARCHAR, not_null=True,
           note="bring_in, complete, bet, raise, call, check, fold"),
    Column("amount", BIGINT, note="chips this action put in"),
    Column("raise_to", BIGINT, note="complete/raise: the street total"),
    Column("all_in", BOOLEAN, not_null=True),
))

VIOLATIONS = Table("violations", (
    _key("hand_key"),
    Column("code", VARCHAR, not_null=True),
    Column("severity", VARCHAR, not_null=True),
    Column("street", SMALLINT),
    Column("action_index", INTEGER),
    Column("player", VARCHAR),
    Column("rule", VARCHAR, not_null=True),
    Column("message", VARCHAR, not_null=True),
    Column("finding", SMALLINT, note="its place among the hand's findings (0..)"),
    Column("caused_by", SMALLINT, note="NULL: a root; else the root's finding"),
))

QUARANTINE = Table("quarantine", (
    _key("import_id"),
    Column("kind", VARCHAR, not_null=True, note="hand (counted in hands_found) or file"),
    Column("file", VARCHAR),
    Column("line", BIGINT, note="the offending line"),
    Column("hand_line", BIGINT, note="where the hand starts"),
    Column("hand_id", VARCHAR),
    Column("error", VARCHAR, not_null=True),
    Column("raw_text", VARCHAR, not_null=True),
    Column("superseded_by", INTEGER, by_writer=True, above=(
        "the import that read this hand again once the client had finished writing it (the"
        "\nrow then no longer counts as quarantined; NULL: it does)")),
))

HAND_EVENTS = Table("hand_events", (
    _key("hand_key"),
    Column("events", BLOB, compression="zstd", legacy=True,
           note="the Hand as msgspec MessagePack (imports before version 6)"),
    Column("text", VARCHAR, compression="zstd",
           note="the hand's text as the import read it (version 6 on)"),
), note="One row per stored hand, so a hand can be shown, replayed and exported after its\n"
        "file has moved: its own text, parsed again to read it (pipelines/hand_events.py);\n"
        "hands imported before version 6 have their Hand as MessagePack instead.")

#: Money columns of ``player_facts``, the rest of its ints being small counts.
_FACT_MONEY = frozenset({"stack", "invested", "collected", "net", "rake"})


def _fact_column(name: str, annotation: Any) -> Column:
    """A ``PlayerFacts`` field's column: bool, text, money (BIGINT) or a count (SMALLINT)."""
    if get_origin(annotation) in (Union, types.UnionType):  # ``X | None``
        annotation = next(a for a in get_args(annotation) if a is not type(None))
    if name == "door_card":
        return Column(name, VARCHAR)  # "Ah": readable in SQL
    if annotation is bool:
        return Column(name, BOOLEAN)
    if annotation is str:
        return Column(name, VARCHAR)
    if annotation is int:
        return Column(name, BIGINT if name in _FACT_MONEY else SMALLINT)
    raise TypeError(f"PlayerFacts.{name}: no column type for {annotation!r}")


#: The columns ``player_facts`` copies from ``hand_players`` (after the facts' own): the
#: all-in EV the stats' ``ev_bb_per_100`` and luck read.
FACTS_EV_COLUMNS = ("ev_net",)


def _player_facts() -> Table:
    """Hand columns for the filters and win rates, then every ``PlayerFacts`` field, the
    street facts as ``<name>_<street>`` (so a row is the record's fields in order), then
    the player's all-in EV."""
    hand = [
        Column("site", VARCHAR, not_null=True),
        Column("hand_id", VARCHAR, not_null=True),
        Column("game", VARCHAR, not_null=True),
        Column("stakes", VARCHAR, not_null=True),
        Column("currency", VARCHAR),
        Column("small_bet", BIGINT, not_null=True),
        Column("big_bet", BIGINT, not_null=True),
        Column("started_at", TIMESTAMPTZ, not_null=True),
    ]
    own = [_fact_column(f.name, f.type) for f in msgspec.structs.fields(PlayerFacts)
           if f.name != "streets"]
    streets = [_fact_column(f"{f.name}_{int(street)}", f.type)
               for street in LATER_STREETS for f in msgspec.structs.fields(StreetFacts)]
    ev = [Column(name, DOUBLE, note=f"hand_players.{name}: NULL without all-in EV")
          for name in FACTS_EV_COLUMNS]
    return Table("player_facts", (_key("hand_key", not_null=False), *hand, *own, *streets, *ev))


#: The ``player_facts`` table (created outside ``schema.sql``: it follows the stats
#: catalogue, and ``stud-hh rebuild`` recreates it). ``hand_key`` is null for facts stored
#: without a ``hands`` table.
PLAYER_FACTS = _player_facts()
#: The columns ``player_facts`` copies from ``hands``.
FACTS_HAND_COLUMNS = ("site", "hand_id", "game", "stakes", "currency", "small_bet", "big_bet",
                      "started_at")

#: The tables of ``schema.sql``, in creation order.
TABLES = (IMPORTS, FILES, HANDS, HAND_PLAYERS, ACTIONS, VIOLATIONS, QUARANTINE, HAND_EVENTS)
BY_NAME = {t.name: t for t in (*TABLES, PLAYER_FACTS)}

_HEADER = """\
-- stud_hh database schema.
-- schema-version: {version}
--
-- GENERATED from pipelines/schema.py by `python -m pipelines.schema --write`: edit that
-- module, not this file (its docstring has the design notes).
--
-- This file is always the CURRENT schema: a new database is created from it in one go.
-- A database made by an older stud_hh is brought up to date by migrations/NNNN_*.sql,
-- where NNNN is the version a migration produces (see pipelines/migrate.py).
"""


def schema_sql() -> str:
    """The text of ``schema.sql``."""
    return _HEADER.format(version=VERSION) + "".join(
        f"\n{table.ddl()}\n" for table in TABLES)


SCHEMA_FILE = Path(__file__).with_name("schema.sql")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="print (or --write) pipelines/schema.sql")
    parser.add_argument("--write", action="store_true", help=f"write {SCHEMA_FILE}")
    args = parser.parse_args(argv)
    if args.write:
        SCHEMA_FILE.write_text(schema_sql(), encoding="utf-8")
    else:
        sys.stdout.write(schema_sql())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
