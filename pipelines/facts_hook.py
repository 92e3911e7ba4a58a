"""THE hook point between the importer and the stats engineer's per-hand facts.

The stats module owns the ``player_facts`` companion table: its DDL and a pure
``facts_rows(hand) -> list[tuple]`` (or, older, ``facts_columns(hands) -> dict[str,
list]``) that flattens ``stud_hh.facts.player_facts``. The workers collect a chunk's facts
with ``collector()``: column-wise from the ``PlayerFacts`` records (``FactsBatch``) while
the module's columns keep the layout of ``facts_rows``, else through ``facts_rows`` itself;
the writer inserts them in the same transaction as the hands they describe, keyed by its
``hand_key``. This module is the only place that knows where that code lives, so a change
of name there is a change of one line here. When the stats module is absent the import
still works and simply stores no facts.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import Any

import polars as pl

from pipelines.batches import ARROW_SCHEMAS, arrow_schema, register_facts_schema
from pipelines.facts_batch import FactsBatch, FactsCollector, FactsLayout, RowsFacts
from stud_hh.events import Hand

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


Rows = list[tuple[Any, ...]]


@cache
def row_builder() -> tuple[tuple[str, ...], Callable[[Hand, tuple[Any, ...]], Rows]] | None:
    """``(column names, (hand, prefix) -> facts rows)``, or None without a stats module.

    ``RowsFacts`` calls it per hand (when ``FactsBatch`` does not know the layout), so a
    hand whose facts fail is quarantined alone. The rows' Arrow types (``local`` first)
    are registered with the batches once, here.
    """
    module = _module()
    if module is None:
        return None
    rows_of = getattr(module, "facts_rows", None)
    names: tuple[str, ...]
    if rows_of is None:  # only the column-list API: transpose it per hand
        columns_of = module.facts_columns
        names = tuple(columns_of([]))

        def rows_of(hand: Hand, prefix: tuple[Any, ...] = ()) -> Rows:
            columns = columns_of([hand])
            return [prefix + row for row in zip(*(columns[n] for n in names), strict=True)]
    else:
        names = tuple(module.COLUMNS)
    schema = facts_schema()
    if schema is not None and tuple(schema) == names:
        arrow = arrow_schema({"local": pl.Int64, **schema})
        if arrow is not None:
            register_facts_schema(arrow)
    return names, rows_of


def collector() -> FactsCollector | None:
    """A fresh collector of one chunk's facts, or None without a stats module.

    Columnar (``FactsBatch``, from ``PlayerFacts`` records) when the stats module's
    columns have the layout it builds; otherwise the module's own ``facts_rows``.
    """
    hook = row_builder()
    if hook is None:
        return None
    layout = _layout()
    if layout is not None:
        return FactsBatch(layout)
    names, rows_of = hook
    return RowsFacts(names, rows_of, _arrow_schema())


@cache
def _arrow_schema() -> Any:
    """The Arrow schema of a batch's ``player_facts`` (``local`` first), if typed."""
    hook = row_builder()
    schema = facts_schema()
    if hook is None or schema is None or tuple(schema) != hook[0]:
        return None
    return arrow_schema({"local": pl.Int64, **schema})


@cache
def _layout() -> FactsLayout | None:
    schema = _arrow_schema()
    return None if schema is None else FactsLayout.of(schema, ARROW_SCHEMAS["hands"])


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
