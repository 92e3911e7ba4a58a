"""A chunk's ``player_facts`` rows as Arrow columns, built once per chunk, not per row.

The stats module defines the rows (``pipelines.stats.facts_table.facts_rows``: the hand's
filter columns, then every ``PlayerFacts`` field, street facts as ``<name>_<street>``).
Building a ~100-value tuple per player and converting the tuples to Arrow cost the
workers more than computing the facts. So the workers keep the chunk's ``PlayerFacts``
records and ``FactsBatch.table`` turns them into columns in a few C-level passes:

* ``msgspec.structs.astuple`` and ``zip`` turn the records (and their street records)
  into columns in C;
* ``pipelines.arrow_columns`` converts each column with the cheapest C loop its type
  allows (most are flags: one ``bytes`` object each);
* the hand's columns (site, hand id, game, stakes, ...) are taken from the chunk's
  ``hands`` table, whose rows are the hands in ``local`` order.

``FactsLayout.of`` accepts only the
column layout it knows how to build; otherwise the workers fall back to the module's own
``facts_rows`` (``RowsFacts``). ``tests/test_import_facts_batch.py`` pins both to
``facts_rows``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import chain
from typing import Any

import msgspec
import numpy as np
import pyarrow as pa
from msgspec.structs import astuple

from pipelines.arrow_columns import column
from pipelines.batches import rows_table
from stud_hh.cards import str_card
from stud_hh.events import Hand
from stud_hh.facts import LATER_STREETS, PlayerFacts, StreetFacts, player_facts

#: Fields stored as the card's text ("Ah") rather than its number (as ``facts_rows`` does).
CARD_FIELDS = frozenset({"door_card"})
_CARD_TEXT = pa.array([str_card(c) for c in range(52)], pa.string())


@dataclass(frozen=True, slots=True)
class FactsLayout:
    """Where each ``player_facts`` column comes from; built once per process."""

    schema: pa.Schema  # ``local``, then the stats module's columns, in table order
    hand_columns: tuple[str, ...]  # taken from the chunk's ``hands`` table
    streets_at: int  # position of ``PlayerFacts.streets`` among its fields
    width: int  # fields of a ``PlayerFacts``
    street_width: int  # fields of a ``StreetFacts``

    @classmethod
    def of(cls, schema: pa.Schema, hands: pa.Schema) -> FactsLayout | None:
        """The layout for facts columns ``schema`` (``local`` first), or None when they
        are not ``hand columns + PlayerFacts fields + street fields`` (the layout of
        ``facts_rows``); then the stats module's own rows are used."""
        names = [f.name for f in msgspec.structs.fields(PlayerFacts)]
        street_names = [f.name for f in msgspec.structs.fields(StreetFacts)]
        if "streets" not in names or schema.names[:1] != ["local"]:
            return None
        streets_at = names.index("streets")
        own = [n for n in names if n != "streets"] + [
            f"{n}_{int(street)}" for street in LATER_STREETS for n in street_names
        ]
        lead = len(schema) - len(own)
        if lead < 1 or schema.names[lead:] != own:
            return None
        hand_columns = tuple(schema.names[1:lead])
        if any(n not in hands.names or hands.field(n).type != schema.field(n).type
               for n in hand_columns):
            return None
        if any(schema.field(n).type != pa.string() for n in CARD_FIELDS):
            return None
        return cls(schema, hand_columns, streets_at, len(names), len(street_names))


class FactsBatch:
    """The ``PlayerFacts`` of one chunk's hands, turned into one Arrow table at the end."""

    __slots__ = ("counts", "layout", "locals", "records")

    def __init__(self, layout: FactsLayout) -> None:
        self.layout = layout
        self.records: list[PlayerFacts] = []
        self.locals: list[int] = []
        self.counts: list[int] = []

    @staticmethod
    def of(hand: Hand) -> list[PlayerFacts]:
        """One hand's facts (may raise: the worker then quarantines that hand alone)."""
        return player_facts(hand)

    def add(self, local: int, facts: list[PlayerFacts]) -> None:
        self.records.extend(facts)
        self.locals.append(local)
        self.counts.append(len(facts))

    def table(self, hands: pa.Table) -> pa.Table:
        """The chunk's ``player_facts`` rows; ``hands`` has the chunk's hands in ``local``
        order (row ``i`` is ``local == i``)."""
        layout = self.layout
        local = pa.array(np.repeat(np.asarray(self.locals, np.int64),
                                   np.asarray(self.counts, np.int64)))
        columns: list[Any] = [local]
        columns.extend(hands.column(name).take(local) for name in layout.hand_columns)
        records = self.records
        fields = list(zip(*map(astuple, records), strict=True)) if records else [
            () for _ in range(layout.width)]
        streets = list(chain.from_iterable(fields[layout.streets_at]))
        groups = len(LATER_STREETS)
        if len(streets) != groups * len(records):
            raise ValueError(f"every PlayerFacts must have {groups} street records")
        street_fields = list(zip(*map(astuple, streets), strict=True)) if streets else [
            () for _ in range(layout.street_width)]
        by_street = [values[s::groups] for s in range(groups) for values in street_fields]
        del fields[layout.streets_at]
        columns.extend(fields)
        columns.extend(by_street)
        return pa.Table.from_arrays(
            [_arrow(values, f.type, f.name in CARD_FIELDS)
             for values, f in zip(columns, layout.schema, strict=True)],
            schema=layout.schema,
        )


def _arrow(values: Any, arrow_type: pa.DataType, card: bool = False) -> Any:
    if isinstance(values, pa.Array | pa.ChunkedArray):
        return values
    if card:
        return _CARD_TEXT.take(pa.array(values, pa.int8()))
    return column(values, arrow_type)


class RowsFacts:
    """The stats module's own per-hand rows (``facts_rows``), for layouts ``FactsBatch``
    does not know; converted to Arrow once per chunk."""

    __slots__ = ("names", "rows", "rows_of", "schema")

    def __init__(
        self, names: tuple[str, ...], rows_of: Callable[..., list[tuple[Any, ...]]],
        schema: pa.Schema | None,
    ) -> None:
        self.names = names
        self.rows_of = rows_of
        self.schema = schema
        self.rows: list[tuple[Any, ...]] = []

    def of(self, hand: Hand) -> list[tuple[Any, ...]]:
        return self.rows_of(hand, ())

    def add(self, local: int, facts: list[tuple[Any, ...]]) -> None:
        self.rows.extend([(local, *row) for row in facts])

    def table(self, hands: pa.Table) -> pa.Table:
        return rows_table(self.rows, self.schema, ("local", *self.names))


#: What a worker collects a chunk's facts with.
FactsCollector = FactsBatch | RowsFacts
