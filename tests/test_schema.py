"""Each table is defined once (``pipelines.schema``): ``schema.sql`` is generated from it,
the batches the workers build have its Arrow types, and a database created from the file
has exactly its columns."""

from __future__ import annotations

from pathlib import Path

import duckdb
import msgspec
import pyarrow as pa
import pytest

from pipelines import schema
from pipelines.db import connect
from pipelines.migrate import current_version, declared_version, migrate, schema_text
from pipelines.workers import process_chunk, set_rules
from stud_hh.dialects import hand_starts
from stud_hh.facts import LATER_STREETS, PlayerFacts, StreetFacts
from stud_hh.reader import read_hands
from stud_hh.simulate import simulate_to


def test_schema_sql_is_generated_from_the_definitions() -> None:
    assert schema.SCHEMA_FILE.read_text(encoding="utf-8") == schema.schema_sql(), (
        "pipelines/schema.sql is stale: run `python -m pipelines.schema --write`")
    assert declared_version(schema_text()) == schema.VERSION


_SPELLED = {"TIMESTAMP WITH TIME ZONE": "TIMESTAMPTZ"}


def _columns(con: duckdb.DuckDBPyConnection, table: str) -> list[tuple[str, str, bool]]:
    rows = con.execute(
        "SELECT column_name, data_type, is_nullable FROM information_schema.columns "
        "WHERE table_name = ? ORDER BY ordinal_position", [table]).fetchall()
    return [(name, _SPELLED.get(kind, kind), nullable == "YES") for name, kind, nullable in rows]


@pytest.mark.parametrize("table", [*schema.TABLES, schema.PLAYER_FACTS], ids=lambda t: t.name)
def test_a_new_database_has_the_defined_columns(tmp_path: Path, table: schema.Table) -> None:
    con = connect(tmp_path / "s.duckdb")  # schema.sql through the migrations runner
    con.execute(schema.PLAYER_FACTS.ddl(if_not_exists=True))
    expected = [(c.name, c.sql_type, not (c.not_null or c.primary_key)) for c in table.columns]
    assert _columns(con, table.name) == expected


def test_player_facts_follows_the_records_fields() -> None:
    names = [c.name for c in schema.PLAYER_FACTS.columns]
    fields = [f.name for f in msgspec.structs.fields(PlayerFacts) if f.name != "streets"]
    streets = [f"{f.name}_{int(s)}" for s in LATER_STREETS
               for f in msgspec.structs.fields(StreetFacts)]
    assert names == ["hand_key", *schema.FACTS_HAND_COLUMNS, *fields, *streets,
                     *schema.FACTS_EV_COLUMNS]
    types = {c.name: c.type for c in schema.PLAYER_FACTS.columns}
    assert types["net"] == pa.int64() and types["calls_3rd"] == pa.int16()
    assert types["door_card"] == pa.string() and types["won_high"] == pa.bool_()


def test_a_workers_batch_has_the_batch_schemas(tmp_path: Path) -> None:
    (path,) = simulate_to(tmp_path / "s.txt", 12, game="stud8", players=5, seed=3,
                          faults=0.5, manifest=tmp_path / "faults.json")
    set_rules(None)
    batch = process_chunk(list(read_hands(path, boundary=hand_starts())))
    for name, table in batch.tables.items():
        assert table.schema == schema.BY_NAME[name].batch_schema, name
        assert table.num_rows > 0, name
    assert batch.quarantine_table().schema == schema.QUARANTINE.batch_schema


def test_an_empty_chunk_still_has_its_types() -> None:
    set_rules(None)
    batch = process_chunk([])
    assert {name: t.num_rows for name, t in batch.tables.items()} == dict.fromkeys(
        ("hands", "hand_players", "actions", "violations", "player_facts", "hand_events"), 0)
    for name, table in batch.tables.items():
        assert table.schema == schema.BY_NAME[name].batch_schema, name


def test_an_older_database_migrates_to_the_defined_columns(tmp_path: Path) -> None:
    """A version-1 database (``tests/schemas/schema_v1.sql``) keeps its rows and, migrated,
    has the columns a new database has: the migrations and the definitions agree."""
    version_1 = (Path(__file__).parent / "schemas" / "schema_v1.sql").read_text(encoding="utf-8")
    db = tmp_path / "old.duckdb"
    con = duckdb.connect(str(db))
    assert migrate(con, schema=version_1) == 1
    con.execute("INSERT INTO imports (import_id, started_at, status) VALUES (7, now(), 'done')")
    con.close()
    again = connect(db)
    assert current_version(again) == schema.VERSION
    assert again.execute("SELECT import_id FROM imports").fetchall() == [(7,)]
    fresh = connect(tmp_path / "new.duckdb")
    for table in schema.TABLES:
        assert _columns(again, table.name) == _columns(fresh, table.name), table.name
