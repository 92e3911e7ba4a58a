"""``import_store``: hand-history files into a Parquet store, on any executor.

The driver does what the local importer's driver does, and shares its code: walk the
paths, skip files unchanged since the last run (the store's ``files`` rows), cut the new
hands into chunks (``pipelines.importer._chunks``) and settle each chunk's files
(``file_progress``). Only the storage differs: each chunk is a task that runs
``process_chunk`` and writes its own Parquet files (``pipelines.parquet_store``), and the
driver, taking the tasks' answers in submission order, commits a small task record per
chunk. At the end of the run it deduplicates (``deduplicate``) and writes the run's
manifest, which makes the run visible; ``found = imported + duplicates + quarantined``
holds in it, as in the local ``imports`` row.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Callable, Iterable
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb

from pipelines.batches import Batch, add_quarantine
from pipelines.executors import open_executor
from pipelines.files import unchanged, walk
from pipelines.importer import (
    ImportResult,
    Progress,
    _chunks,
    file_progress,
    stud_hh_version,
)
from pipelines.parquet_store import (
    Store,
    TaskOutput,
    TaskSpec,
    file_states,
    store_chunk,
    task_name,
    write_quarantine,
)
from pipelines.workers import CHUNK_HANDS
from stud_hh.rules import RuleSet

_COUNTS = ("files", "files_rejected", "hands_found", "quarantined")


def import_store(
    paths: Iterable[str | os.PathLike[str]],
    out: str | os.PathLike[str],
    jobs: int | None = None,
    rules: RuleSet | str | None = None,
    progress: Callable[[Progress], None] | None = None,
    *,
    executor: str = "local",
    chunk_hands: int = CHUNK_HANDS,
) -> ImportResult:
    """Import every hand-history file under ``paths`` into the Parquet store ``out`` (a
    folder or an fsspec URL), on ``executor`` (``local``, ``dask``, ``dask=tcp://...``).

    A run left unfinished by a crash is finalized first (its committed tasks kept, status
    ``interrupted``), and this run resumes after what it stored: a rerun never stores a
    hand twice, and what a dead run committed is not computed again.
    """
    started = time.monotonic()
    store = Store(out)
    paths = list(paths)
    files = walk(paths)
    rules_name = rules.upper() if isinstance(rules, str) else getattr(rules, "name", None)
    with closing(open_executor(executor, jobs, rules)) as pool, store.lock():
        for dead in _unfinished(store):
            finalize(store, dead, "interrupted")
        run = max([0, *store.begun_runs()]) + 1
        store.put_json(store.path("_runs", f"r{run:06d}.begin.json"), {
            "import_id": run, "started_at": datetime.now(UTC), "paths": [str(p) for p in paths],
            "rules": rules_name, "jobs": pool.jobs, "version": stud_hh_version(),
            "executor": executor,
        })
        result = ImportResult(db=Path(store.root), import_id=run, jobs=pool.jobs)
        result.store = store.url
        states = file_states(store)
        todo = []
        for path in files:
            if unchanged(path, states.get(str(path))):
                result.files_skipped += 1
            else:
                todo.append(path)
        chunks = _chunks(todo, states, 0.0, chunk_hands, result)
        items = (((n, chunk), (TaskSpec(store.url, run, n), chunk.raws))
                 for n, chunk in enumerate(chunks))
        for (n, chunk), output in pool.map_ordered(items, store_chunk):
            _commit(store, run, n, chunk, output, result)
            if progress is not None:
                progress(Progress(result.files + result.files_skipped, len(files),
                                  result.hands_found, 0, 0, result.quarantined,
                                  time.monotonic() - started))
        skipped = result.skipped
        manifest = finalize(store, run, "done", {
            "files_skipped": result.files_skipped, "files_other": skipped.other_files,
            "files_unsupported": dict(skipped.unsupported),
        })
    for name in ("imported", "duplicates", "with_violations", "violations", "replaced"):
        setattr(result, name, manifest[name])
    # the manifest's count is the run's (the tasks' counts, added as they were committed,
    # are the same hands: adding both reported every other-game hand twice)
    result.skipped.other_games = Counter(manifest["other_games"])
    result.seconds = time.monotonic() - started
    return result


def _unfinished(store: Store) -> list[int]:
    done = {m["import_id"] for m in store.manifests()}
    return [run for run in store.begun_runs() if run not in done]


def _commit(store: Store, run: int, n: int, chunk: Any, output: TaskOutput,
            result: ImportResult) -> None:
    """The driver's commit of task ``n``: its record, written once its files are."""
    rows, finished, rejected, errors = file_progress(
        chunk, set(output.quarantined_starts), result)
    if errors:  # files that could not be read: quarantined whole, as the local import does
        batch = Batch()
        for path, error in errors:
            add_quarantine(batch, error, kind="file", file=path)
        path = write_quarantine(store, TaskSpec(store.url, run, n), batch.quarantine_table(),
                                "-files")
        output.files.setdefault("quarantine", []).append(path)
    record = {
        "task": n, "tables": output.files, "hands": output.hands,
        "quarantined": output.quarantined, "files": finished, "files_rejected": rejected,
        "file_rows": rows, "revise": chunk.revise, "other_games": output.other_games,
    }
    store.put_json(store.path("_runs", f"{task_name(run, n).replace('-', '.')}.json"), record)
    result.files += finished
    result.files_rejected += rejected
    result.quarantined += output.quarantined
    result.hands_found += output.hands + output.quarantined
    result.skipped.add_other_games(output.other_games)


def finalize(store: Store, run: int, status: str, extra: dict[str, Any] | None = None
             ) -> dict[str, Any]:
    """Deduplicate run ``run``'s committed tasks and write its manifest (it is then
    visible). ``extra``: counts only the live driver knows (files skipped, not read)."""
    begin = store.get_json(store.path("_runs", f"r{run:06d}.begin.json"))
    records = store.task_records(run)
    tables: dict[str, list[str]] = {}
    latest_rows: dict[str, list[Any]] = {}
    other_games: dict[str, int] = {}
    revise: list[tuple[str, int]] = []
    totals = dict.fromkeys(_COUNTS, 0)
    for record in records:
        for name, paths in record["tables"].items():
            tables.setdefault(name, []).extend(paths)
        for row in record["file_rows"]:
            latest_rows[row[0]] = row
        for file, games in record["other_games"].items():
            if isinstance(games, int):  # a task record written before files were named
                games = {file: games}
            for game, count in games.items():
                other_games[game] = other_games.get(game, 0) + count
        revise += [tuple(pair) for pair in record["revise"]]
        totals["files"] += record["files"]
        totals["files_rejected"] += record["files_rejected"]
        totals["quarantined"] += record["quarantined"]
        totals["hands_found"] += record["hands"] + record["quarantined"]
    counts, dropped = deduplicate(store, run, tables.get("hands", []), revise)
    manifest: dict[str, Any] = {
        **begin, "status": status, "finished_at": datetime.now(UTC), **totals, **counts,
        "files_skipped": 0, "files_other": 0, "files_unsupported": {}, **(extra or {}),
        "other_games": other_games, "tables": tables, "dropped": dropped,
        "file_rows": list(latest_rows.values()), "tasks": len(records),
    }
    if manifest["hands_found"] != (manifest["imported"] + manifest["duplicates"]
                                   + manifest["quarantined"]):
        raise AssertionError(f"run {run} does not balance: {manifest}")
    store.put_json(store.path("_runs", f"r{run:06d}.json"), manifest)
    return manifest


def connect_store(store: Store) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB that reads the store's files (its fsspec filesystem registered
    when it is not the local disk)."""
    con = duckdb.connect()
    con.execute("SET enable_progress_bar = false")
    if not store.local:
        con.register_filesystem(store.fs)
    return con


def deduplicate(store: Store, run: int, new_files: list[str],
                revise: list[tuple[str, int]]) -> tuple[dict[str, int], str | None]:
    """The run's counts after deduplication, and its ``-dropped`` file (None: nothing).

    Over keys only: the run's ``(site, hand_id, hand_key)`` against the visible hands of
    the partitions it wrote to. The smallest key of a ``(site, hand_id)`` stays (the
    first read, as in the local import); a stored hand whose file's unfinished last hand
    this run read again whole (``revise``) is withdrawn first (``replaced``).
    """
    counts = {"imported": 0, "duplicates": 0, "with_violations": 0, "violations": 0,
              "replaced": 0}
    if not new_files:
        return counts, None
    from pipelines.store_views import dropped_files, visible_files

    con = connect_store(store)
    try:
        read = [store.readable(p) for p in new_files]
        con.execute("CREATE TEMP TABLE new AS SELECT hand_key, site, hand_id, errors, "
                    "warnings FROM read_parquet(?)", [read])
        gone = [store.readable(p) for p in dropped_files(store)]
        con.execute("CREATE TEMP TABLE gone AS SELECT hand_key FROM "
                    + ("read_parquet(?)" if gone else "(SELECT 0::BIGINT AS hand_key "
                       "WHERE false)"), [gone] if gone else [])
        visible = visible_files(store, "hands")
        con.execute("CREATE TEMP TABLE replaced (hand_key BIGINT)")
        if revise and visible:
            con.execute("CREATE TEMP TABLE rev (file VARCHAR, line BIGINT)")
            con.executemany("INSERT INTO rev VALUES (?, ?)", [list(r) for r in revise])
            con.execute(
                "INSERT INTO replaced SELECT e.hand_key FROM read_parquet(?) e "
                "SEMI JOIN rev ON e.source_file = rev.file AND e.source_line = rev.line "
                "ANTI JOIN gone USING (hand_key)", [[store.readable(p) for p in visible]])
        parts = {_partition(p) for p in new_files}
        earlier = [store.readable(p) for p in visible if _partition(p) in parts]
        source = ("SELECT hand_key, site, hand_id FROM read_parquet(?) SEMI JOIN new "
                  "USING (site, hand_id) ANTI JOIN gone USING (hand_key) ANTI JOIN replaced "
                  "USING (hand_key) UNION ALL " if earlier else "")
        con.execute(
            "CREATE TEMP TABLE dup AS WITH firsts AS (SELECT site, hand_id, "
            f"min(hand_key) AS first FROM ({source}SELECT hand_key, site, hand_id FROM new) "
            "GROUP BY site, hand_id) SELECT n.hand_key FROM new n JOIN firsts f "
            "USING (site, hand_id) WHERE n.hand_key <> f.first", [earlier] if earlier else [])
        row = con.execute(
            "SELECT count(*), count(*) FILTER (errors + warnings > 0), "
            "coalesce(sum(errors + warnings), 0) FROM new ANTI JOIN dup USING (hand_key)"
        ).fetchall()[0]
        counts["imported"], counts["with_violations"], counts["violations"] = map(int, row)
        counts["duplicates"] = _count(con, "dup")
        counts["replaced"] = _count(con, "replaced")
        if not counts["duplicates"] and not counts["replaced"]:
            return counts, None
        dropped = con.sql(
            "SELECT hand_key, 'duplicate' AS reason FROM dup UNION ALL "
            "SELECT hand_key, 'replaced' FROM replaced ORDER BY hand_key").to_arrow_table()
    finally:
        con.close()
    path = store.path("_runs", f"r{run:06d}-dropped.parquet")
    store.put_table(path, dropped)
    return counts, path


def _count(con: duckdb.DuckDBPyConnection, table: str) -> int:
    return int(con.execute(f"SELECT count(*) FROM {table}").fetchall()[0][0])


def _partition(path: str) -> str:
    """``site=X/month=Y`` of a hand table's file."""
    parts = path.split("/")
    return "/".join(parts[-3:-1])
