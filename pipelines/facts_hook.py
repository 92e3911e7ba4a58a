"""THE hook point between the importer and the stats engineer's per-hand facts.

The stats module owns the ``player_facts`` companion table: its DDL and a pure
``facts_columns(hands) -> dict[str, list]`` that flattens ``stud_hh.facts.player_facts``
for a list of hands. The importer calls it in the workers for every batch and inserts the
rows in the same transaction as the hands they describe, keyed by the writer's
``hand_key``. This module is the only place that knows where that code lives, so a
change of name there is a change of one line here. When the stats module is absent the
import still works and simply stores no facts.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from functools import cache
from types import ModuleType
from typing import Any

from stud_hh.events import Hand

Columns = dict[str, list[Any]]

#: Where the stats module keeps the companion table (first found wins).
_MODULES = ("pipelines.stats.facts_table",)
TABLE = "player_facts"


@cache
def _module() -> ModuleType | None:
    for name in _MODULES:
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is None or not name.startswith(exc.name):
                raise
    return None


def available() -> bool:
    return _module() is not None


def facts_ddl() -> str | None:
    """The ``CREATE TABLE`` for ``player_facts``, or None when there is no stats module."""
    module = _module()
    if module is None:
        return None
    ddl = getattr(module, "FACTS_DDL", None) or getattr(module, "DDL", None)
    if ddl is None and callable(getattr(module, "facts_ddl", None)):
        ddl = module.facts_ddl()
    return ddl


def facts_schema() -> dict[str, Any] | None:
    """Polars types of the facts columns (skips type inference in the writer), if given."""
    module = _module()
    return None if module is None else getattr(module, "SCHEMA", None)


def _facts_columns() -> Callable[[Sequence[Hand]], Columns] | None:
    module = _module()
    return None if module is None else module.facts_columns


class FactsBatch:
    """Facts rows of one chunk, each tagged with the position of its hand in the chunk."""

    def __init__(self) -> None:
        self._columns: Columns = {}
        self._position: list[int] = []
        self._local: dict[int, int] = {}

    def extend_rows(self, positions: list[int], columns: Columns) -> None:
        """Append rows; ``positions[i]`` is the chunk position of row i's hand."""
        for name, values in columns.items():
            self._columns.setdefault(name, [None] * len(self._position)).extend(values)
        self._position.extend(positions)

    def assign(self, position: int, local: int) -> None:
        """The hand at ``position`` is stored as batch-local hand ``local``."""
        self._local[position] = local

    def columns(self) -> Columns:
        """Rows of stored hands only, with their ``local`` hand number."""
        keep = [i for i, p in enumerate(self._position) if p in self._local]
        out = {name: [values[i] for i in keep] for name, values in self._columns.items()}
        out["local"] = [self._local[self._position[i]] for i in keep]
        return out


def facts_for(hands: Sequence[Hand]) -> tuple[FactsBatch, dict[int, Exception]]:
    """Facts for every hand; a hand whose facts fail is reported by position, not raised.

    One call for the whole chunk (hands repeated within it are left out: the writer
    keeps only the first), its rows matched back to hands by ``(site, hand_id)``; if that
    call fails, hand by hand so that only the culprit is quarantined.
    """
    batch = FactsBatch()
    failed: dict[int, Exception] = {}
    compute = _facts_columns()
    if compute is None or not hands:
        return batch, failed
    position_of: dict[tuple[str, str], int] = {}
    for position, hand in enumerate(hands):
        position_of.setdefault((hand.header.site, hand.header.hand_id), position)
    try:
        columns = compute([hands[p] for p in position_of.values()])
        sites, ids = columns["site"], columns["hand_id"]
        batch.extend_rows([position_of[key] for key in zip(sites, ids, strict=True)], columns)
        return batch, failed
    except Exception:
        batch = FactsBatch()
    for position, hand in enumerate(hands):
        try:
            columns = compute([hand])
            rows = len(next(iter(columns.values()), []))
            batch.extend_rows([position] * rows, columns)
        except Exception as exc:
            failed[position] = exc
    return batch, failed


def ensure_table(con: Any) -> bool:
    """Create ``player_facts`` from the stats module's DDL if missing; False if no module."""
    ddl = facts_ddl()
    if ddl is None:
        return False
    exists = con.execute(
        "SELECT count(*) FROM information_schema.tables WHERE table_name = ?", [TABLE]
    ).fetchone()
    if not exists or not exists[0]:
        con.execute(ddl)
    return True
