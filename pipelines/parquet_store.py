"""The Parquet store: the import's tables as Parquet files that many workers write at once.

A store is a folder (or any fsspec URL) laid out as::

    hands/site=PokerStars/month=2026-01/r000003-t00000012.parquet
    hand_players/..., actions/..., violations/..., player_facts/..., hand_events/...
    quarantine/run=000003/r000003-t00000012.parquet
    _runs/r000003.begin.json      the run started (paths, rules, executor)
    _runs/r000003.t00000012.json  task 12 committed by the driver (files, counts, progress)
    _runs/r000003.json            the run finished: its files, counts, files rows
    _runs/r000003-dropped.parquet hand_keys this run's deduplication withdrew

Each task (one chunk of hands: ``pipelines.workers.process_chunk``, the same function the
local import runs) writes its own files, one per table and (site, month), under a name
made of the run and task numbers, written to a hidden temporary name then renamed: a
reader never sees half a file, and a task rerun after its worker died writes the same
names again. Each file carries all of its table's columns (the partition folders are
layout for pruning and deleting, not data), in the DuckDB table's order and types from
``pipelines.schema``: the store has no schema of its own.

No single writer assigns keys, so a hand's ``hand_key`` is made from where it was read:
``run << 40 | task << 16 | local``. Keys grow in input order, run after run, which makes
"the first copy read wins" (the local writer's rule) the same as "the smallest key wins".

What is visible is what the driver committed: a reader lists the finished runs' manifests
and reads exactly the files they name (``attach``). A task's files are committed when the
driver, taking results in submission order, writes its task record; a run becomes
visible when its manifest is written, after deduplication. A run killed mid-way leaves
task records that the next import adopts (it finalizes the dead run, status
``interrupted``, and resumes after the progress recorded), and files of tasks never
committed, which nothing reads. Deduplication is the driver's, once per run, over keys
only (see ``docs/scale.md``): the run's hands against the stored hands of the same
(site, month) partitions, keeping the smallest key; the rest are listed in the run's
``-dropped`` file, and the views leave them out (``reason`` ``duplicate``, or
``replaced`` for a file's unfinished last hand read again whole).
"""

from __future__ import annotations

import contextlib
import json
import os
import posixpath
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from pipelines.batches import Batch
from pipelines.schema import BY_NAME, FILES, IMPORTS, QUARANTINE, Column, Table

#: The tables whose rows belong to a hand, partitioned by the hand's site and month.
HAND_TABLES = ("hands", "hand_players", "actions", "violations", "player_facts",
               "hand_events")
#: Every table a task writes.
STORED = (*HAND_TABLES, "quarantine")
RUN_SHIFT, TASK_SHIFT = 40, 16
MAX_TASK, MAX_LOCAL = (1 << (RUN_SHIFT - TASK_SHIFT)) - 1, (1 << TASK_SHIFT) - 1
MAX_RUN = (1 << (63 - RUN_SHIFT)) - 1


def hand_key_base(run: int, task: int) -> int:
    """The first ``hand_key`` of a task; its hand ``local`` gets ``base + local``.

    >>> hand_key_base(1, 2) == (1 << 40) + (2 << 16)
    True
    """
    if not (0 < run <= MAX_RUN and 0 <= task <= MAX_TASK):
        raise ValueError(f"run {run} / task {task} out of the key's range")
    return (run << RUN_SHIFT) | (task << TASK_SHIFT)


def task_name(run: int, task: int) -> str:
    return f"r{run:06d}-t{task:08d}"


def stored_schema(table: Table) -> pa.Schema:
    """A stored file's schema: the DuckDB table's columns, in order, with their types."""
    return pa.schema([pa.field(c.name, c.type) for c in table.columns])


@dataclass(frozen=True, slots=True)
class TaskSpec:
    """Where a task writes: the store's URL, the run and the task's number in it."""

    url: str
    run: int
    task: int


@dataclass(slots=True)
class TaskOutput:
    """What a task hands back to the driver: a few counts and names, never rows."""

    task: int
    files: dict[str, list[str]] = field(default_factory=dict)  # table -> store paths
    hands: int = 0  # hands written (parsed, validated; before deduplication)
    quarantined: int = 0  # hands quarantined
    quarantined_starts: list[tuple[str | None, int | None]] = field(default_factory=list)
    other_games: dict[str, dict[str, int]] = field(default_factory=dict)  # file->game->n


class Store:
    """A Parquet store at ``url`` (a folder or an fsspec URL such as ``s3://bucket/x``)."""

    def __init__(self, url: str | os.PathLike[str]) -> None:
        import fsspec

        text = os.fspath(url)
        self.fs, root = fsspec.core.url_to_fs(text)
        self.local = "file" in _protocols(self.fs)
        self.root = os.path.abspath(root) if self.local else root.rstrip("/")
        self.url = self.root if self.local else text

    # --- paths -------------------------------------------------------------------
    def path(self, *parts: str) -> str:
        return posixpath.join(self.root, *parts)

    def readable(self, path: str) -> str:
        """``path`` as DuckDB reads it (a local path, or the URL of a registered fs)."""
        if self.local:
            return path
        protocol = _protocols(self.fs)[0]
        return f"{protocol}://{path}"

    # --- writing -----------------------------------------------------------------
    def put_bytes(self, path: str, data: bytes) -> None:
        """Write then rename: a reader sees the whole file or none of it."""
        folder, name = posixpath.split(path)
        self.fs.makedirs(folder, exist_ok=True)
        tmp = posixpath.join(folder, f".{name}.{os.getpid()}.tmp")
        with self.fs.open(tmp, "wb") as f:
            f.write(data)
        self.fs.mv(tmp, path)

    def put_table(self, path: str, table: pa.Table, compression: str = "zstd") -> None:
        sink = pa.BufferOutputStream()
        pq.write_table(table, sink, compression=compression)
        self.put_bytes(path, sink.getvalue().to_pybytes())

    def put_json(self, path: str, value: Any) -> None:
        self.put_bytes(path, json.dumps(value, default=_json_default).encode())

    def get_json(self, path: str) -> Any:
        with self.fs.open(path, "rb") as f:
            return json.loads(f.read())

    # --- runs --------------------------------------------------------------------
    def run_files(self) -> list[str]:
        runs = self.path("_runs")
        if not self.fs.exists(runs):
            return []
        return sorted(p for p in self.fs.ls(runs, detail=False)
                      if posixpath.basename(p).startswith("r"))

    def manifests(self) -> list[dict[str, Any]]:
        """The finished runs' manifests, oldest first."""
        names = [p for p in self.run_files() if _is_manifest(p)]
        return [self.get_json(p) for p in names]

    def begun_runs(self) -> list[int]:
        return sorted(int(posixpath.basename(p)[1:7]) for p in self.run_files()
                      if p.endswith(".begin.json"))

    def task_records(self, run: int) -> list[dict[str, Any]]:
        prefix = f"r{run:06d}.t"
        names = [p for p in self.run_files() if posixpath.basename(p).startswith(prefix)]
        return [self.get_json(p) for p in names]

    @contextlib.contextmanager
    def lock(self) -> Iterator[None]:
        """One import at a time per local store (flock, dropped when its holder dies). A
        remote store has no lock: run one import at a time against it."""
        if not self.local:
            yield
            return
        import fcntl

        os.makedirs(self.root, exist_ok=True)
        fd = os.open(self.path(".lock"), os.O_RDWR | os.O_CREAT, 0o644)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                from pipelines.db import DatabaseBusy

                raise DatabaseBusy(f"another import is writing to the store {self.root}"
                                   ) from None
            yield
        finally:
            os.close(fd)


def _protocols(fs: Any) -> tuple[str, ...]:
    protocol = fs.protocol
    return (protocol,) if isinstance(protocol, str) else tuple(protocol)


def _is_manifest(path: str) -> bool:
    name = posixpath.basename(path)
    return name.endswith(".json") and len(name) == len("r000000.json")


def _json_default(value: object) -> object:
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"cannot store {type(value).__name__} in a manifest")


# --- the task: run in a worker ----------------------------------------------------

def store_chunk(payload: tuple[TaskSpec, list[Any]]) -> TaskOutput:
    """A task of the Parquet import: ``process_chunk`` (parse, validate, facts, rows; the
    local import's own function), then its tables written to the store."""
    from pipelines.workers import process_chunk

    spec, raws = payload
    return write_batch(Store(spec.url), spec, process_chunk(raws))


def write_batch(store: Store, spec: TaskSpec, batch: Batch) -> TaskOutput:
    """A worker's ``Batch`` as this task's Parquet files, one per table and partition."""
    out = TaskOutput(spec.task, other_games={f: dict(g) for f, g in batch.other_games.items()})
    hands = batch.tables["hands"]
    if hands.num_rows > MAX_LOCAL + 1:
        raise ValueError(f"a task holds at most {MAX_LOCAL + 1} hands")
    base = hand_key_base(spec.run, spec.task)
    out.hands = hands.num_rows
    if hands.num_rows:
        month = pc.strftime(hands.column("started_at"), format="%Y-%m", locale="C")
        sites = [quote(s, safe="") for s in hands.column("site").to_pylist()]
        parts = pa.array([f"site={s}/month={m}"
                          for s, m in zip(sites, month.to_pylist(), strict=True)])
        for name in HAND_TABLES:
            rows = batch.tables[name]
            if not rows.num_rows:
                continue
            table = _stored_rows(BY_NAME[name], rows, base, spec.run)
            where = parts.take(rows.column("local"))
            for part in pc.unique(where).to_pylist():
                path = store.path(name, part, f"{task_name(spec.run, spec.task)}.parquet")
                store.put_table(path, table.filter(pc.equal(where, part)))
                out.files.setdefault(name, []).append(path)
    quarantine = batch.quarantine_table()
    out.quarantined = batch.quarantined_hands
    out.quarantined_starts = [(r["file"], r["hand_line"]) for r in batch.quarantine]
    if quarantine.num_rows:
        out.files["quarantine"] = [write_quarantine(store, spec, quarantine)]
    return out


def write_quarantine(store: Store, spec: TaskSpec, rows: pa.Table, suffix: str = "") -> str:
    path = store.path("quarantine", f"run={spec.run:06d}",
                      f"{task_name(spec.run, spec.task)}{suffix}.parquet")
    store.put_table(path, _stored_rows(QUARANTINE, rows, 0, spec.run))
    return path


def _stored_rows(table: Table, rows: pa.Table, base: int, run: int) -> pa.Table:
    """A batch's rows as the stored table: ``local`` becomes ``hand_key``, the writer's
    other columns (``import_id``; ``superseded_by`` null) are filled, and every column
    of ``pipelines.schema`` is there, in order (a facts column a batch lacks is null)."""
    n = rows.num_rows
    columns: list[pa.Array | pa.ChunkedArray] = []
    for column in table.columns:
        columns.append(_column(column, rows, base, run, n))
    return pa.Table.from_arrays(columns, schema=stored_schema(table))


def _column(column: Column, rows: pa.Table, base: int, run: int, n: int
            ) -> pa.Array | pa.ChunkedArray:
    if column.name == "hand_key":
        return pc.add(rows.column("local"), pa.scalar(base, pa.int64()))
    if column.name == "import_id":
        return pa.array([run] * n, column.type)
    if column.name in rows.column_names:
        return rows.column(column.name).cast(column.type)
    return pa.nulls(n, column.type)


# --- the files index and the run's manifest (the driver) ---------------------------

def file_states(store: Store) -> dict[str, Any]:
    """The ``files`` rows of every finished run, the latest per path, as ``FileState``."""
    from pipelines.files import FileState

    latest: dict[str, list[Any]] = {}
    for manifest in store.manifests():
        for row in manifest.get("file_rows", []):
            latest[row[0]] = row
    states = {}
    for path, row in latest.items():
        values = dict(zip([c.name for c in FILES.columns], row, strict=True))
        states[path] = FileState(
            values["path"], values["size"], _micros(values["mtime"]),
            values["content_hash"], values["hashed_bytes"], values["bytes_imported"],
            values["last_hand_line"], values["hands"], values["complete"],
            values["first_import"], values["tail_hash"])
    return states


def _micros(value: str) -> int:
    moment = datetime.fromisoformat(value)
    epoch = datetime(1970, 1, 1, tzinfo=UTC)
    delta = moment - epoch
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def files_table(store: Store) -> pa.Table:
    latest: dict[str, list[Any]] = {}
    for manifest in store.manifests():
        for row in manifest.get("file_rows", []):
            latest[row[0]] = row
    rows = [_typed_row(FILES, row) for row in latest.values()]
    return pa.Table.from_pylist(rows, schema=stored_schema(FILES))


def imports_table(manifests: Sequence[dict[str, Any]]) -> pa.Table:
    """The ``imports`` rows of the finished runs, from their manifests."""
    rows = []
    for m in manifests:
        row = {c.name: m.get(c.name) for c in IMPORTS.columns}
        for name in ("started_at", "finished_at"):
            moment = row[name]
            if isinstance(moment, str):
                row[name] = datetime.fromisoformat(moment)
        for name in ("files_unsupported", "other_games"):
            row[name] = list((row[name] or {}).items())
        rows.append(row)
    return pa.Table.from_pylist(rows, schema=stored_schema(IMPORTS))


def _typed_row(table: Table, row: Sequence[Any]) -> dict[str, Any]:
    values = dict(zip([c.name for c in table.columns], row, strict=True))
    for c in table.columns:
        if c.type == pa.timestamp("us", tz="UTC") and isinstance(values[c.name], str):
            values[c.name] = datetime.fromisoformat(values[c.name])
    return values
