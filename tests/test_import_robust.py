"""Import pipeline under abuse: bad files, SIGKILL mid-run, a second writer, old schemas."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest
from test_import_helpers import check_consistent, hands_text, stars_hand_texts, write_hands

from pipelines import DatabaseBusy, import_paths, read_table
from pipelines.db import default_db_path, writer_lock
from pipelines.migrate import SchemaError, current_version, migrate
from stud_hh.cli import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def texts(stars_files: list[Path]) -> list[str]:
    return stars_hand_texts(stars_files)


def test_bad_files_are_skipped_or_quarantined_with_file_and_line(
    tmp_path: Path, texts: list[str]
) -> None:
    bad = tmp_path / "bad"
    bad.mkdir()
    good = texts[1]
    rng = random.Random(7)
    (bad / "binary.dat").write_bytes(bytes(rng.randrange(256) for _ in range(5000)))
    (bad / "truncated.txt").write_text(
        hands_text([good], 2, 100) + good[: len(good) // 3], encoding="utf-8")
    (bad / "garbage.txt").write_text("hello\nworld\n\n\nnot poker at all\n", encoding="utf-8")
    # a cp1252 file (an old Windows client) with a non-ASCII name: read, not mangled
    (bad / "cp1252.txt").write_bytes(
        renamed(hands_text([good], 1, 200), "Zoë").encode("cp1252"))
    # UTF-16 with a BOM (Windows clients)
    (bad / "utf16.txt").write_bytes(hands_text([good], 1, 300).encode("utf-16"))
    # invalid UTF-8 in the middle of a hand: a replacement character, never a crash
    (bad / "broken-utf8.txt").write_bytes(
        hands_text([good], 1, 400).encode("utf-8").replace(b"Table", b"Ta\xff\xfeble", 1))
    (bad / "empty.txt").write_bytes(b"")
    (bad / "nul.txt").write_bytes(b"\x00" * 300 + b"\n\n" + b"\xff" * 100)
    db = tmp_path / "db.duckdb"
    result = import_paths([bad], db=db, jobs=2)
    assert result.balanced
    # binary, garbage, empty and NUL files are not hand histories: skipped, not quarantined
    assert result.files == 4
    assert result.skipped.other_files == 4
    con = check_consistent(db)
    try:
        stored = dict(con.execute(
            "SELECT source_file, count(*) FROM hands GROUP BY 1").fetchall())
        quarantined = con.execute(
            "SELECT file, hand_line, error, raw_text, line FROM quarantine WHERE kind = 'hand'"
        ).fetchall()
        players = {r[0] for r in con.execute("SELECT player FROM hand_players").fetchall()}
    finally:
        con.close()
    name = lambda f: str((bad / f).resolve())  # noqa: E731
    assert stored[name("truncated.txt")] == 2
    assert stored[name("cp1252.txt")] == stored[name("utf16.txt")] == 1
    assert "Zoë" in players
    by_file: dict[str, list[tuple[int, str, str]]] = {}
    for file, start, error, raw, line in quarantined:
        by_file.setdefault(file, []).append((start, error, raw))
        assert 1 <= start <= line and error and raw
        assert f"{file}:{line}" in error  # the reason names file and offending line
    for f in ("binary.dat", "garbage.txt", "nul.txt", "empty.txt"):
        assert name(f) not in by_file and name(f) not in stored, f
    # the cut-off hand at the end of truncated.txt is quarantined with its own line
    truncated_line = hands_text([good], 2, 100).count("\n") + 1
    assert [line for line, _, _ in by_file[name("truncated.txt")]] == [truncated_line]
    total = sum(stored.values()) + len(quarantined)
    assert total == result.hands_found


def renamed(text: str, name: str) -> str:
    first = text.split("Seat 1: ", 1)[1].split(" (", 1)[0]
    return text.replace(first, name)


_KILL_SCRIPT = """
import sys
from pipelines import import_paths

def progress(p):
    print("batch", p.hands_found, flush=True)

import_paths([sys.argv[1]], db=sys.argv[2], jobs=int(sys.argv[3]), chunk_hands=20,
             progress=progress)
print("finished", flush=True)
"""


@pytest.mark.slow  # over ~5 s: run by CI's slow step
@pytest.mark.parametrize("jobs", [1, 2])
def test_sigkill_mid_run_leaves_a_consistent_db_and_the_rerun_completes(
    tmp_path: Path, texts: list[str], jobs: int
) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    for i in range(4):
        write_hands(folder / f"s{i}.txt", texts, 300, 100_000 + 1_000 * i)
    db = tmp_path / "db.duckdb"
    proc = subprocess.Popen(
        [sys.executable, "-c", _KILL_SCRIPT, str(folder), str(db), str(jobs)],
        stdout=subprocess.PIPE, text=True, cwd=ROOT,
    )
    assert proc.stdout is not None
    batches = 0
    for line in proc.stdout:
        batches += line.startswith("batch")
        if batches >= 3:
            proc.send_signal(signal.SIGKILL)
            break
    proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGKILL, "import finished before it could be killed"
    con = check_consistent(db)
    try:
        partial = con.execute("SELECT count(*) FROM hands").fetchone()[0]
        status = con.execute("SELECT status FROM imports").fetchall()
    finally:
        con.close()
    assert 0 < partial < 1200
    assert status == [("running",)]
    rerun = import_paths([folder], db=db, jobs=1)
    assert rerun.balanced
    assert rerun.duplicates == 0  # resumed after what the killed run committed
    con = check_consistent(db)
    try:
        total = con.execute("SELECT count(*) FROM hands").fetchone()[0]
        statuses = con.execute("SELECT status FROM imports ORDER BY import_id").fetchall()
    finally:
        con.close()
    assert total == 1200
    assert statuses == [("interrupted",), ("done",)]
    assert import_paths([folder], db=db, jobs=1).hands_found == 0


def test_a_second_concurrent_import_is_refused_clearly(
    tmp_path: Path, texts: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_hands(tmp_path / "a.txt", texts, 10, 50_000)
    db = tmp_path / "db.duckdb"
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time; from pathlib import Path; from pipelines.db import writer_lock\n"
         "with writer_lock(Path(sys.argv[1])):\n print('locked', flush=True); time.sleep(60)",
         str(db)],
        stdout=subprocess.PIPE, text=True, cwd=ROOT,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        with pytest.raises(DatabaseBusy, match=f"another import is writing to .*{holder.pid}"):
            import_paths([path], db=db, jobs=1)
        assert main(["import", str(path), "--db", str(db), "--quiet"]) == 1
        assert "another import is writing" in capsys.readouterr().err
    finally:
        holder.kill()
        holder.wait()
    # the lock dies with its holder: the next import goes through
    assert import_paths([path], db=db, jobs=1).imported == 10


def test_a_second_import_can_wait_for_the_first(tmp_path: Path, texts: list[str]) -> None:
    path = write_hands(tmp_path / "a.txt", texts, 10, 60_000)
    db = (tmp_path / "db.duckdb").resolve()
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time; from pathlib import Path; from pipelines.db import writer_lock\n"
         "with writer_lock(Path(sys.argv[1])):\n print('locked', flush=True); time.sleep(1.5)",
         str(db)],
        stdout=subprocess.PIPE, text=True, cwd=ROOT,
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
    started = time.monotonic()
    result = import_paths([path], db=db, jobs=1, lock_timeout=30)
    assert time.monotonic() - started > 0.5
    assert result.imported == 10
    holder.wait()


def test_cli_import_prints_the_db_and_the_counts(
    tmp_path: Path, texts: list[str], capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = write_hands(tmp_path / "a.txt", texts, 6, 70_000)
    db = tmp_path / "env.duckdb"
    monkeypatch.setenv("STUD_HH_DB", str(db))
    assert default_db_path() == db
    assert main(["import", str(path), "--jobs", "1", "--rules", "tda"]) == 0
    out = capsys.readouterr().out
    assert f"database: {db.resolve()}" in out
    assert "6 found = 6 imported + 0 duplicates + 0 quarantined" in out
    assert read_table(db, "imports")["rules"].to_list() == ["TDA"]
    assert main(["import", str(tmp_path / "missing"), "--db", str(db)]) == 2


def test_default_db_is_in_the_user_data_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STUD_HH_DB", raising=False)
    path = default_db_path()
    assert path.name == "stud_hh.duckdb" and "stud_hh" in path.parent.parts[-1]


def test_rebuild_recomputes_facts_from_the_stored_hands(tmp_path: Path, texts: list[str]) -> None:
    """Facts come back from the stored texts, also once the source file is gone; a hand
    stored without its text (before ``hand_events``) needs its file, and says so."""
    pytest.importorskip("pipelines.stats.facts_table", reason="stats module not built")
    path = write_hands(tmp_path / "a.txt", texts, 8, 80_000)
    db = tmp_path / "db.duckdb"
    import_paths([path], db=db, jobs=1)
    before = read_table(db, "player_facts").sort("hand_key", "player")
    con = duckdb.connect(str(db))
    con.execute("DELETE FROM player_facts WHERE hand_id = '80000'")
    con.close()
    assert main(["rebuild", "--db", str(db)]) == 0
    assert read_table(db, "player_facts").sort("hand_key", "player").equals(before)
    path.unlink()
    assert main(["rebuild", "--db", str(db)]) == 0  # the texts are stored
    assert read_table(db, "player_facts").sort("hand_key", "player").equals(before)
    con = duckdb.connect(str(db))
    con.execute("DELETE FROM hand_events WHERE hand_key IN "
                "(SELECT hand_key FROM hands WHERE hand_id = '80001')")
    con.close()
    assert main(["rebuild", "--db", str(db)]) == 1  # that hand's source is gone: said
    after = read_table(db, "player_facts")
    assert set(after["hand_id"]) == set(before["hand_id"]) - {"80001"}


def test_rebuild_counts_a_text_read_differently_now(tmp_path: Path, texts: list[str],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A stored text this version reads as another hand keeps no facts, and is counted."""
    pytest.importorskip("pipelines.stats.facts_table", reason="stats module not built")
    path = write_hands(tmp_path / "a.txt", texts, 4, 81_000)
    db = tmp_path / "db.duckdb"
    import_paths([path], db=db, jobs=1)
    con = duckdb.connect(str(db))
    con.execute("UPDATE hand_events SET text = (SELECT text FROM hand_events e JOIN hands h "
                "USING (hand_key) WHERE h.hand_id = '81001') WHERE hand_key = "
                "(SELECT hand_key FROM hands WHERE hand_id = '81000')")
    con.close()
    assert main(["rebuild", "--db", str(db)]) == 1
    assert "1 stored hands no longer read back as imported" in capsys.readouterr().out
    assert "81000" not in set(read_table(db, "player_facts")["hand_id"])


# --- schema versions --------------------------------------------------------------------------

_V1 = "-- schema-version: 1\nCREATE TABLE t (a INTEGER);\n"
_V2 = "-- schema-version: 2\nCREATE TABLE t (a INTEGER, b VARCHAR DEFAULT 'x');\n"


def test_migrations_bring_an_old_database_up_to_date(tmp_path: Path) -> None:
    steps = tmp_path / "migrations"
    steps.mkdir()
    (steps / "0002_add_b.sql").write_text("ALTER TABLE t ADD COLUMN b VARCHAR DEFAULT 'x';")
    con = duckdb.connect(str(tmp_path / "db.duckdb"))
    assert migrate(con, _V1, steps) == 1
    con.execute("INSERT INTO t VALUES (1)")
    assert migrate(con, _V2, steps) == 2
    assert con.execute("SELECT a, b FROM t").fetchall() == [(1, "x")]
    assert current_version(con) == 2
    assert migrate(con, _V2, steps) == 2  # idempotent
    with pytest.raises(SchemaError, match="newer than this stud_hh"):
        migrate(con, _V1, steps)
    con.close()


def test_a_missing_or_failing_migration_changes_nothing(tmp_path: Path) -> None:
    steps = tmp_path / "migrations"
    steps.mkdir()
    con = duckdb.connect(str(tmp_path / "db.duckdb"))
    migrate(con, _V1, steps)
    with pytest.raises(SchemaError, match="from version 1 to 2"):
        migrate(con, _V2, steps)
    (steps / "0002_bad.sql").write_text("ALTER TABLE t ADD COLUMN b VARCHAR; SELECT nope;")
    with pytest.raises(duckdb.Error):
        migrate(con, _V2, steps)
    assert current_version(con) == 1
    assert [r[0] for r in con.execute("DESCRIBE t").fetchall()] == ["a"]
    con.close()


def test_the_real_schema_creates_every_table(tmp_path: Path) -> None:
    con = duckdb.connect(str(tmp_path / "db.duckdb"))
    migrate(con)
    tables = {r[0] for r in con.execute("SHOW TABLES").fetchall()}
    con.close()
    assert {"imports", "files", "hands", "hand_players", "actions", "violations",
            "quarantine", "schema_version"} <= tables


def test_writer_lock_is_exclusive_within_a_process_too(tmp_path: Path) -> None:
    db = tmp_path / "x.duckdb"
    with writer_lock(db), pytest.raises(DatabaseBusy), writer_lock(db, timeout=0.3):
        pass
    with writer_lock(db):
        assert os.path.exists(str(db) + ".lock")


def test_a_version_1_database_migrates_to_the_current_schema(
    tmp_path: Path, texts: list[str]
) -> None:
    """``tests/schemas/schema_v1.sql`` is the schema of the first release: its databases
    get every later column and table, in the current schema's order, and keep their rows."""
    old = tmp_path / "old.duckdb"
    con = duckdb.connect(str(old))
    v1 = (ROOT / "tests" / "schemas" / "schema_v1.sql").read_text(encoding="utf-8")
    assert migrate(con, v1, tmp_path / "no-migrations") == 1
    con.execute("INSERT INTO imports (import_id, started_at, status) VALUES (1, now(), 'done')")
    con.close()
    fresh = duckdb.connect(str(tmp_path / "fresh.duckdb"))
    migrate(fresh)
    columns = ("SELECT table_name, column_name, data_type, ordinal_position "
               "FROM information_schema.columns WHERE table_name <> 'player_facts' "
               "ORDER BY ALL")  # the facts table is the stats module's (facts_hook)
    expected = fresh.execute(columns).fetchall()
    fresh.close()
    path = write_hands(tmp_path / "a.txt", texts, 3, 90_000)
    result = import_paths([path], db=old, jobs=1)  # migrates on opening
    assert result.imported == 3
    con = check_consistent(old)
    try:
        assert con.execute(columns).fetchall() == expected
        assert con.execute("SELECT import_id, replaced FROM imports ORDER BY 1").fetchall() == [
            (1, 0), (2, 0)]
    finally:
        con.close()
