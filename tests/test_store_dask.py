"""The import on Dask and into a Parquet store gives the local import's tables (#22).

A few hundred simulated hands (some with injected breaches), a file repeated (duplicates)
and a broken hand (quarantine), imported once locally into DuckDB, then on a Dask
``LocalCluster`` of 2 worker processes: into DuckDB, and into a Parquet store read back
through the views. Tables are compared order-free, every column, with ``hand_key`` (the
surrogate key: the store's is made from run, task and position, the writer's counts up)
replaced by the hand's ``(site, hand_id)``.
"""

from __future__ import annotations

import math
import os
import shutil
import signal
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import pytest

from pipelines.importer import import_paths
from pipelines.parquet_store import STORED, Store
from pipelines.stats import player_stats
from pipelines.store_import import import_store
from pipelines.store_views import attach_file, open_store
from stud_hh.simulate import simulate_to

distributed = pytest.importorskip("distributed")

CHUNK = 60  # several tasks, so order, keys and deduplication across tasks are exercised


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("corpus")
    simulate_to(root / "stud", 160, game="stud", faults=0.1, seed=3)
    simulate_to(root / "razz", 60, game="razz", stakes="1/2", seed=4)
    first = sorted((root / "stud").iterdir())[0]
    (root / "again").mkdir()
    shutil.copy(first, root / "again" / "copy.txt")  # every hand a duplicate
    text = first.read_text(encoding="utf-8").split("\n\n\n")[0]
    broken = text.replace("PokerStars Hand #", "PokerStars Hand #9", 1)
    broken = broken.replace("*** 3rd STREET ***", "*** 3rd STREET *** garbage", 1)
    (root / "broken.txt").write_text(broken + "\n\n\n", encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=40) as running:
        yield running


@pytest.fixture(scope="module")
def local_db(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("local") / "local.duckdb"
    result = import_paths([corpus], db=db, jobs=2)
    assert result.balanced and result.duplicates and result.quarantined
    return db


def _rows(con: duckdb.DuckDBPyConnection, table: str, ignore: tuple[str, ...] = ()
          ) -> Counter[tuple[Any, ...]]:
    """The table's rows as a multiset, ``hand_key`` swapped for ``(site, hand_id)``."""
    columns = [r[0] for r in con.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = ? "
        "ORDER BY ordinal_position", [table]).fetchall() if r[0] not in ignore]
    if "hand_key" in columns:
        rest = ", ".join(f't."{c}"' for c in columns if c != "hand_key")
        sql = (f"SELECT h.site AS key_site, h.hand_id AS key_id, {rest} FROM {table} t "
               "JOIN hands h USING (hand_key)")
    else:
        sql = f"SELECT {', '.join(columns)} FROM {table}"
    return Counter(con.execute(sql).fetchall())


def assert_same_tables(a: duckdb.DuckDBPyConnection, b: duckdb.DuckDBPyConnection,
                       ignore: tuple[str, ...] = ()) -> None:
    for table in STORED:
        left, right = _rows(a, table, ignore), _rows(b, table, ignore)
        assert sum(left.values()) == sum(right.values()), table
        assert left == right, table


def assert_same_stats(a: duckdb.DuckDBPyConnection, b: duckdb.DuckDBPyConnection) -> None:
    """Every stat of every player; doubles equal but for the order DuckDB summed them in."""
    left, right = player_stats(a).sort("player"), player_stats(b).sort("player")
    assert left.columns == right.columns and left.height == right.height > 0
    for column in left.columns:
        for x, y in zip(left[column].to_list(), right[column].to_list(), strict=True):
            if isinstance(x, float) and isinstance(y, float):
                assert math.isclose(x, y, rel_tol=1e-12, abs_tol=1e-12), column
            else:
                assert x == y, column


def _local(db: Path) -> duckdb.DuckDBPyConnection:
    return duckdb.connect(str(db), read_only=True)


@pytest.mark.slow  # the same work as the Parquet test below; ~20 s more
def test_dask_into_duckdb_is_the_local_import(corpus: Path, local_db: Path, cluster: Any,
                                              tmp_path: Path) -> None:
    db = tmp_path / "dask.duckdb"
    result = import_paths([corpus], db=db, executor=f"dask={cluster.scheduler_address}",
                          chunk_hands=CHUNK)
    assert result.balanced and result.jobs == 2
    with _local(local_db) as a, _local(db) as b:
        assert_same_tables(a, b)
        assert_same_stats(a, b)


def test_dask_into_parquet_is_the_local_import(corpus: Path, local_db: Path, cluster: Any,
                                               tmp_path: Path) -> None:
    store = tmp_path / "store"
    result = import_store([corpus], store, executor=f"dask={cluster.scheduler_address}",
                          chunk_hands=CHUNK)
    with _local(local_db) as a:
        expected = a.execute("SELECT hands_found, imported, duplicates, quarantined, "
                             "with_violations, violations FROM imports").fetchall()[0]
        assert (result.hands_found, result.imported, result.duplicates, result.quarantined,
                result.with_violations, result.violations) == expected
        b = open_store(store)
        try:
            assert_same_tables(a, b)
            assert_same_stats(a, b)
            manifest = b.execute("SELECT hands_found, imported, duplicates, quarantined "
                                 "FROM imports").fetchall()[0]
            assert manifest[0] == sum(manifest[1:])
        finally:
            b.close()
    # no file half written, none of another name than the run's tasks
    names = [p.name for p in store.rglob("*.parquet")]
    assert names and all(n.startswith("r000001-") for n in names)
    assert not list(store.rglob("*.tmp"))

    # a rerun finds nothing new and changes nothing; a folder of copies adds only duplicates
    again = import_store([corpus], store, jobs=1)
    assert (again.hands_found, again.files, again.files_skipped) == (0, 0, again.files_skipped)
    copies = tmp_path / "copies"
    shutil.copytree(corpus / "razz", copies)
    more = import_store([copies], store, jobs=1)
    assert more.hands_found == more.duplicates == 60 and more.imported == 0
    with _local(local_db) as a:
        b = open_store(store)
        try:
            assert_same_tables(a, b)
            runs = b.execute("SELECT import_id, hands_found, imported + duplicates + "
                             "quarantined FROM imports ORDER BY 1").fetchall()
            assert [r[1] == r[2] for r in runs] == [True] * 3
        finally:
            b.close()
    # attached into a DuckDB file: the same tables, by the same queries
    attached = attach_file(tmp_path / "attached.duckdb", store)
    with _local(local_db) as a, _local(attached) as b:
        assert_same_tables(a, b)


def test_local_executor_into_parquet_url(corpus: Path, local_db: Path,
                                         tmp_path: Path) -> None:
    """The store's --out as an fsspec URL, written by the local pool's workers."""
    url = (tmp_path / "url-store").as_uri()
    result = import_store([corpus], url, jobs=2, chunk_hands=CHUNK)
    assert result.balanced and Store(url).local
    with _local(local_db) as a:
        b = open_store(url)
        try:
            assert_same_tables(a, b)
        finally:
            b.close()


@pytest.mark.slow  # a worker restarts (~10 s)
def test_a_killed_worker_loses_nothing(corpus: Path, local_db: Path, cluster: Any,
                                       tmp_path: Path) -> None:
    """SIGKILL one worker process while the tasks run: its tasks run again elsewhere
    (Dask), the files they had half written are never visible, the tables are the same."""
    client = distributed.Client(cluster)
    try:
        victim = next(iter(client.run(os.getpid).values()))
        killed = threading.Event()

        def kill(progress: Any) -> None:
            if not killed.is_set():
                os.kill(victim, signal.SIGKILL)
                killed.set()

        store = tmp_path / "store"
        from pipelines.store_import import import_store as run_import

        result = run_import([corpus], store, executor=f"dask={cluster.scheduler_address}",
                            chunk_hands=20, progress=kill)
        assert killed.is_set() and result.balanced
        with _local(local_db) as a:
            b = open_store(store)
            try:
                assert_same_tables(a, b)
            finally:
                b.close()
        client.wait_for_workers(2, timeout=60)  # the nanny restarted it for the next tests
    finally:
        client.close()


def test_a_crashed_run_is_adopted_not_redone(corpus: Path, local_db: Path,
                                             tmp_path: Path) -> None:
    """A driver killed after committing some tasks: the next import finalizes that run
    (``interrupted``) and resumes after it; nothing is stored twice or lost."""
    store = tmp_path / "store"
    import pipelines.store_import as driver

    real = driver.finalize
    calls = 0

    def crash_once(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == 1 and args[2] == "done":
            raise KeyboardInterrupt  # the driver dies before its manifest
        return real(*args, **kwargs)

    driver.finalize = crash_once  # type: ignore[assignment]
    try:
        with pytest.raises(KeyboardInterrupt):
            import_store([corpus / "razz"], store, jobs=1, chunk_hands=CHUNK)
        result = import_store([corpus], store, jobs=1, chunk_hands=CHUNK)
    finally:
        driver.finalize = real  # type: ignore[assignment]
    assert result.import_id == 2
    with _local(local_db) as a:
        b = open_store(store)
        try:
            assert_same_tables(a, b, ignore=("import_id",))  # two runs here, one there
            runs = b.execute("SELECT status, hands_found, imported + duplicates + quarantined "
                             "FROM imports ORDER BY import_id").fetchall()
        finally:
            b.close()
    assert [r[0] for r in runs] == ["interrupted", "done"]
    assert all(r[1] == r[2] for r in runs) and runs[0][1] == 60


def test_cli_store_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """import --out, stats/report --store, import --db F --store: the commands over a store
    answer what they answer over the database."""
    from stud_hh.cli import main

    hands = tmp_path / "hands"
    simulate_to(hands, 40, game="stud8", seed=9)
    store, db = tmp_path / "store", tmp_path / "local.duckdb"
    assert main(["import", str(hands), "--out", str(store), "--jobs", "1", "--quiet"]) == 0
    assert "40 found = 40 imported + 0 duplicates + 0 quarantined" in capsys.readouterr().out
    assert main(["import", str(hands), "--db", str(db), "--jobs", "1", "--quiet"]) == 0
    capsys.readouterr()
    columns = ["--columns", "hands,vpip,saw_4,net_won", "--limit", "0"]
    assert main(["stats", "--db", str(db), *columns]) == 0
    expected = capsys.readouterr().out
    assert main(["stats", "--store", str(store), *columns]) == 0
    assert capsys.readouterr().out == expected
    attached = tmp_path / "attached.duckdb"
    assert main(["import", "--db", str(attached), "--store", str(store)]) == 0
    capsys.readouterr()
    assert main(["stats", "--db", str(attached), *columns]) == 0
    assert capsys.readouterr().out == expected
    assert main(["import", "--db", str(db), "--store", str(store)]) == 1  # its own hands
    assert "holds imported hands" in capsys.readouterr().err
    assert main(["stats", "--store", str(tmp_path / "nothing")]) == 1
    assert main(["import", str(hands), "--executor", "spark"]) == 2


@pytest.mark.slow  # builds a report
def test_report_over_a_store(tmp_path: Path) -> None:
    from stud_hh.cli import main

    simulate_to(tmp_path / "hands", 30, game="razz", seed=5)
    store = tmp_path / "store"
    assert main(["import", str(tmp_path / "hands"), "--out", str(store), "--jobs", "1"]) == 0
    out = tmp_path / "audit.html"
    assert main(["report", "--store", str(store), "--audit", "--out", str(out)]) == 0
    assert out.stat().st_size > 10_000
