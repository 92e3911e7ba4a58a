"""A chunk's ``player_facts`` rows as Arrow columns, built once per chunk, not per row.

The stats module defines the rows (``pipelines.stats.facts_table.facts_rows``: the hand's
filter columns, then every ``PlayerFacts`` field, street facts as ``<name>_<street>``).
Building a ~100-value tuple per player and converting the tuples to Arrow cost the
workers more than computing the facts. So the workers keep the chunk's ``PlayerFacts``
records and ``FactsBatch.table`` turns them into columns in a few C-level passes over
~700 values a hand (the cost is per value, so the passes are what counts):

* ``msgspec.structs.astuple`` reads each record (and street record) once;
* one ``struct.Struct.pack`` per record turns its flags, counts and money (all but the
  text and optional fields) into one fixed-width binary row, which NumPy reads as
  columns without a copy per value; the street records' flags and counts become one
  ``bytes`` object for the whole chunk. A value that does not fit (None, a count over
  255 in a street, ...) sends its block to the per-column conversion below;
* the other fields (names, categories, optional flags) are gathered column by column
  (``map(itemgetter(i), ...)``) and converted by ``pipelines.arrow_columns``;
* the hand's columns (site, hand id, game, stakes, ...) are taken from the chunk's
  ``hands`` table, whose rows are the hands in ``local`` order.

``FactsLayout.of`` accepts only the
column layout it knows how to build; otherwise the workers fall back to the module's own
``facts_rows`` (``RowsFacts``). ``tests/test_import_facts_batch.py`` pins both to
``facts_rows``.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain, starmap
from operator import itemgetter
from typing import Any, get_args

import msgspec
import numpy as np
import pyarrow as pa
from msgspec.structs import astuple

from pipelines.arrow_columns import bool_columns, column
from pipelines.batches import rows_table
from stud_hh.cards import str_card
from stud_hh.events import Hand
from stud_hh.facts import LATER_STREETS, PlayerFacts, StreetFacts, player_facts

#: Fields stored as the card's text ("Ah") rather than its number (as ``facts_rows`` does).
CARD_FIELDS = frozenset({"door_card"})
_CARD_TEXT = pa.array([str_card(c) for c in range(52)], pa.string())

#: ``struct`` codes of the packed columns, by Arrow type: each takes the ints that
#: ``arrow_columns.column`` stores for that type (flags: 0..255, true when not 0, as its
#: byte path does; a bool in a count column as 0/1) and refuses None, text and ints out
#: of range, which then take the per-column conversion. ``?`` packs a field not kept.
_PACKED = {pa.bool_(): "B", pa.int16(): "h", pa.int32(): "i", pa.int64(): "q"}
_SKIP = "?"
_BOOL = pa.bool_()
#: NumPy types of the street records' flags and counts (``arrow_columns.SMALL_TYPES``).
_SMALL = {pa.bool_(): np.bool_, pa.int16(): np.int16, pa.int32(): np.int32}


@dataclass(frozen=True, slots=True)
class PackedRecord:
    """The fields of a record that one ``struct.Struct.pack`` call turns into a binary row.

    ``fields`` are (position in the record, column in the table) of the packed fields,
    ``rows`` the NumPy type of one packed row (a field per packed column),
    ``flag_offsets`` where the flags' bytes are in a row (the ``B`` fields, in ``fields``
    order).
    """

    packer: struct.Struct
    rows: np.dtype
    fields: tuple[tuple[int, int], ...]
    flag_offsets: tuple[int, ...] = ()

    @classmethod
    def of(cls, codes: Sequence[str], targets: Sequence[int | None]) -> PackedRecord:
        packer = struct.Struct("<" + "".join(codes))
        names, formats, offsets, fields, flags = [], [], [], [], []
        offset = 0
        for position, (code, at) in enumerate(zip(codes, targets, strict=True)):
            if code != _SKIP and at is not None:
                names.append(f"f{position}")
                formats.append("<" + {"B": "u1", "h": "i2", "i": "i4", "q": "i8"}[code])
                offsets.append(offset)
                fields.append((position, at))
                if code == "B":
                    flags.append(offset)
            offset += struct.calcsize("<" + code)
        rows = np.dtype({"names": names, "formats": formats, "offsets": offsets,
                         "itemsize": packer.size})
        return cls(packer, rows, tuple(fields), tuple(flags))


@dataclass(frozen=True, slots=True)
class StreetBytes:
    """The street columns straight from MessagePack: every record's street records,
    encoded in one ``msgspec`` call, are the same bytes but for the values while each
    value is one byte (a flag: 0xc2/0xc3; a count of 0..127: itself): arrays of the
    values (``StreetFacts`` is ``array_like``; a map with the field names works too, at
    twice the cost). So the values are columns of a NumPy view of the buffer; anything
    else changes the length or shows in a value byte, and the caller converts the records
    one by one (``_street_columns``).
    """

    encoder: msgspec.msgpack.Encoder
    groups: int  # street records of a record
    record: int  # bytes of one record's street records
    headers: list[int]  # offsets of the array's and the maps' headers in a record
    header_bytes: np.ndarray  # what they must be
    offsets: list[int]  # of each column's value in a record's bytes
    flags: np.ndarray  # whether each column is a flag (else a count)

    @classmethod
    def of(cls, groups: int, types: Sequence[pa.DataType]) -> StreetBytes | None:
        """For ``groups`` street records a row whose columns have Arrow ``types``."""
        encoder = msgspec.msgpack.Encoder()
        fields = msgspec.structs.fields(StreetFacts)
        if any((f.type is bool) != (t == pa.bool_())
               for f, t in zip(fields * groups, types, strict=True)):
            return None
        one = encoder.encode(StreetFacts())
        array_like = StreetFacts.__struct_config__.array_like
        # an array of the ``len(fields)`` values (``array_like``), else a map of (field
        # name, value) pairs; each value one byte
        expected = encoder.encode([f.default for f in fields] if array_like
                                  else {f.name: f.default for f in fields})
        if one != expected or len(fields) > 15:
            return None
        offsets = []
        at = 1  # after the array's or the map's header
        for f in fields:
            if not array_like:
                at += len(encoder.encode(f.name))
            offsets.append((at, f.type is bool))
            at += 1
        if at != len(one) or groups > 15:
            return None
        record = 1 + groups * len(one)  # an array of ``groups`` maps
        headers = [0] + [1 + g * len(one) for g in range(groups)]
        header_bytes = np.frombuffer(encoder.encode((StreetFacts(),) * groups), np.uint8)
        return cls(encoder, groups, record, headers, header_bytes[headers],
                   [1 + g * len(one) + offset for g in range(groups) for offset, _ in offsets],
                   np.array([flag for _ in range(groups) for _, flag in offsets]))

    def fill(
        self, columns: list[Any], schema: pa.Schema, start: int,
        streets: list[tuple[StreetFacts, ...]],
    ) -> bool:
        """Fill the street columns from ``start`` on; False if a value is not one byte."""
        count = len(streets)
        if set(map(len, streets)) != {self.groups}:
            return False
        try:
            raw = self.encoder.encode(streets)
        except (TypeError, ValueError, OverflowError):
            return False
        header = 1 if count < 16 else 3 if count < 1 << 16 else 5  # the array's header
        if len(raw) != header + count * self.record:
            return False  # a value of more than one byte
        table = np.frombuffer(raw, np.uint8, offset=header).reshape(count, self.record)
        if not np.array_equal(table[:, self.headers], np.broadcast_to(
                self.header_bytes, (count, len(self.headers)))):
            return False  # not ``groups`` maps of the StreetFacts fields
        picked = table[:, self.offsets]
        # flags must be 0xc2/0xc3 (False/True), counts 0..127
        if not np.all(np.where(self.flags, (picked | 1) == 0xC3, picked < 0x80)):
            return False
        flags = np.flatnonzero(self.flags)
        for j, array in zip(flags.tolist(), bool_columns(picked[:, flags] == 0xC3),
                            strict=True):
            columns[start + j] = array
        for j in np.flatnonzero(~self.flags).tolist():
            at = start + j
            columns[at] = pa.array(picked[:, j].astype(_SMALL[schema.field(at).type]),
                                   schema.field(at).type)
        return True


@dataclass(frozen=True, slots=True)
class FactsLayout:
    """Where each ``player_facts`` column comes from; built once per process."""

    schema: pa.Schema  # ``local``, then the stats module's columns, in table order
    hand_columns: tuple[str, ...]  # taken from the chunk's ``hands`` table
    streets_at: int  # position of ``PlayerFacts.streets`` among its fields
    width: int  # fields of a ``PlayerFacts``
    street_width: int  # fields of a ``StreetFacts``
    #: the ``PlayerFacts`` fields packed into binary rows (never None, typed int or bool)
    packed: PackedRecord | None = None
    #: the other ``PlayerFacts`` fields: (position in a record, column in the table)
    others: tuple[tuple[int, int], ...] = ()
    #: the street columns read from the records' binary encoding (None: one by one)
    street_bytes: StreetBytes | None = None

    @classmethod
    def of(cls, schema: pa.Schema, hands: pa.Schema) -> FactsLayout | None:
        """The layout for facts columns ``schema`` (``local`` first), or None when they
        are not ``hand columns + PlayerFacts fields + street fields`` (the layout of
        ``facts_rows``); then the stats module's own rows are used."""
        fields = msgspec.structs.fields(PlayerFacts)
        street_fields = msgspec.structs.fields(StreetFacts)
        names = [f.name for f in fields]
        street_names = [f.name for f in street_fields]
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
        codes: list[str] = []
        targets: list[int | None] = []
        others: list[tuple[int, int]] = []
        for position, f in enumerate(fields):
            at = None if position == streets_at else lead + position - (position > streets_at)
            code = _SKIP
            if at is not None:
                code = _PACKED.get(schema.field(at).type, _SKIP) if _plain(f) else _SKIP
                if code == _SKIP:
                    others.append((position, at))
            codes.append(code)
            targets.append(at)
        packed = PackedRecord.of(codes, targets) if len(others) < len(codes) - 1 else None
        start = len(schema) - len(street_names) * len(LATER_STREETS)
        types = [schema.field(at).type for at in range(start, len(schema))]
        street_bytes = StreetBytes.of(len(LATER_STREETS), types) if all(
            t in _SMALL and _plain(f)
            for t, f in zip(types, street_fields * len(LATER_STREETS), strict=True)) else None
        return cls(schema, hand_columns, streets_at, len(names), len(street_names),
                   packed, tuple(others), street_bytes)


def _plain(field: Any) -> bool:
    """A field that is always an int or a bool (never None, never text)."""
    return field.type in (bool, int) and type(None) not in get_args(field.type)


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
        schema = layout.schema
        records = self.records
        if not records:
            return schema.empty_table()
        local = pa.array(np.repeat(np.asarray(self.locals, np.int64),
                                   np.asarray(self.counts, np.int64)))
        columns: list[Any] = [None] * len(schema)
        columns[0] = local
        for at, name in enumerate(layout.hand_columns, start=1):
            columns[at] = hands.column(name).take(local)
        rows = list(map(astuple, records))
        if layout.packed is not None:
            _unpack(columns, schema, layout.packed, rows)
        for position, at in layout.others:
            _convert(columns, schema, at, list(map(itemgetter(position), rows)))
        groups = len(LATER_STREETS)
        streets = list(map(itemgetter(layout.streets_at), rows))
        start = len(schema) - layout.street_width * groups
        if layout.street_bytes is None or not layout.street_bytes.fill(
                columns, schema, start, streets):
            _street_columns(columns, schema, start, layout.street_width, groups, streets)
        return pa.Table.from_arrays(columns, schema=schema)


def _street_columns(
    columns: list[Any], schema: pa.Schema, start: int, street_width: int, groups: int,
    streets: list[tuple[StreetFacts, ...]],
) -> None:
    """The street columns from ``astuple`` of each street record, column by column."""
    values = list(chain.from_iterable(map(astuple, chain.from_iterable(streets))))
    width = street_width * groups
    if len(values) != width * len(streets):
        raise ValueError(f"every PlayerFacts must have {groups} street records")
    for j in range(width):
        _convert(columns, schema, start + j, values[j::width])


def _unpack(
    columns: list[Any], schema: pa.Schema, packed: PackedRecord, rows: list[tuple[Any, ...]],
) -> None:
    """Fill the packed fields' columns: one ``pack`` a record, NumPy views per column."""
    try:
        raw = b"".join(starmap(packed.packer.pack, rows))
    except struct.error:  # a value that does not fit its column: one by one
        for position, at in packed.fields:
            _convert(columns, schema, at, list(map(itemgetter(position), rows)))
        return
    table = np.frombuffer(raw, packed.rows)
    if packed.flag_offsets:  # all the flags' bits at once, from the bytes of the rows
        data = np.frombuffer(raw, np.uint8).reshape(len(rows), packed.packer.size)
        flags = bool_columns(data[:, packed.flag_offsets])
        for at, array in zip(
                [at for _, at in packed.fields if schema.field(at).type == _BOOL], flags,
                strict=True):
            columns[at] = array
    for position, at in packed.fields:
        arrow_type = schema.field(at).type
        if arrow_type != _BOOL:
            columns[at] = pa.array(np.ascontiguousarray(table[f"f{position}"]), arrow_type)


def _convert(columns: list[Any], schema: pa.Schema, at: int, values: Sequence[Any]) -> None:
    """Column ``at`` from its Python values (card numbers become their text)."""
    f = schema.field(at)
    columns[at] = _CARD_TEXT.take(pa.array(values, pa.int8())) if f.name in CARD_FIELDS \
        else column(values, f.type)


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
