"""Python values -> Arrow columns, cheaply: the last step of every batch the workers build.

A chunk of 1,000 hands has ~40,000 rows and ~1.2 million values to convert, so the
conversion is done per column, with the cheapest C loop each type allows:

* flags and small counts (``bool``, ``int16``, ``int32``): one ``bytes`` object (CPython
  converts a tuple of small ints in C), read by NumPy and Arrow without a copy per value
  (flags: packed into bits by NumPy, ``bool_array``).
  A value that does not fit a byte (None, negative, over 255) falls back to Arrow. (The
  one difference: 0/1 in a flag column and a bool in an int column, which Arrow refuses,
  are stored as the 0/1 they are; the same for a bool in an ``int64`` column.)
* money and other ``int64`` columns: one ``struct.pack`` of the whole column, read by
  NumPy (Arrow's own conversion costs ~3x as much a value); a column with None, a float,
  text or an int out of range falls back to Arrow.
* text: joined into one ``str`` and encoded once, the offsets counted by NumPy, when
  every value is ASCII text (names, hand ids, cards); Arrow's conversion costs ~3x as much
  a value. None or other characters fall back to Arrow.
* everything else: ``pyarrow.array`` with the column's type.

Measured on a chunk's ``player_facts`` (7,300 rows, ~100 columns, mostly flags): a flag
column costs half of ``pyarrow.array``; whole tables ~10-25 % less than one struct array
built from the row tuples (the previous way).
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyarrow as pa

#: Column types whose values usually fit a byte (flags, seats, streets, counts, action
#: numbers; not money).
#: (Not int8: a byte over 127 would wrap around where Arrow refuses it.)
SMALL_TYPES = frozenset({pa.bool_(), pa.int16(), pa.int32()})


def column(values: Sequence[Any], arrow_type: pa.DataType) -> pa.Array:
    """``values`` as an Arrow array of ``arrow_type``: what ``pa.array`` makes of them
    (``bytes`` refuses floats, strings, None and ints outside 0..255: Arrow takes those)."""
    if arrow_type in SMALL_TYPES:
        try:
            raw = np.frombuffer(bytes(values), np.uint8)
        except (TypeError, ValueError):
            pass
        else:
            if arrow_type == _BOOL:
                return bool_array(raw)
            return pa.array(raw.astype(arrow_type.to_pandas_dtype()), arrow_type)
    elif arrow_type == _STRING and values:
        try:
            text = "".join(values)
        except TypeError:  # None or not text: Arrow's own conversion
            pass
        else:
            if text.isascii() and "\x00" not in text:  # a character is a byte
                return string_array(text, values)
    elif arrow_type == _INT64 and values:
        try:
            raw = struct.pack(f"<{len(values)}q", *values)
        except (struct.error, TypeError, OverflowError):
            pass
        else:
            return pa.array(np.frombuffer(raw, np.int64), _INT64)
    return pa.array(values, arrow_type)


_BOOL = pa.bool_()
_INT64 = pa.int64()
_STRING = pa.string()


def string_array(text: str, values: Sequence[str]) -> pa.Array:
    """An Arrow string array (no nulls) of ``values``, ASCII text without NUL characters
    whose concatenation is ``text``.

    No Python step per value: the values joined by NULs show where each ends (NumPy finds
    the NULs), and ``text`` encoded is the data buffer. (``np.fromiter`` or an ``array``
    of the lengths cost more a value than Arrow's own conversion.)
    """
    count = len(values)
    marked = np.frombuffer(("\x00".join(values) + "\x00").encode(), np.uint8)
    offsets = np.zeros(count + 1, np.int32)
    offsets[1:] = np.flatnonzero(marked == 0)
    offsets[1:] -= np.arange(count, dtype=np.int32)
    return pa.Array.from_buffers(
        _STRING, count, [None, pa.py_buffer(offsets), pa.py_buffer(text.encode())])


def bool_array(flags: np.ndarray) -> pa.Array:
    """An Arrow bool array (no nulls) from a NumPy array, true where it is not 0."""
    return bool_columns(flags.reshape(-1, 1))[0]


def bool_columns(flags: np.ndarray) -> list[pa.Array]:
    """Each column of a 2-D NumPy array as an Arrow bool array (no nulls), true where it
    is not 0.

    NumPy packs the bits of all the columns in one call (``packbits`` over a contiguous
    bool array, its fast path) and Arrow takes each column's bits as they are: converting
    a NumPy bool array with ``pa.array`` sets the bits one at a time, and a chunk has
    ~450 flags a hand (most of them ``player_facts`` columns).
    """
    rows = flags.shape[0]
    bits = np.packbits(np.ascontiguousarray(flags.T != 0), axis=1, bitorder="little")
    return [pa.Array.from_buffers(_BOOL, rows, [None, pa.py_buffer(column)])
            for column in bits]


def rows_to_table(rows: list[tuple[Any, ...]], schema: pa.Schema) -> pa.Table:
    """Row tuples (in ``schema`` order) -> one Arrow table: transposed in C by ``zip``,
    then converted column by column."""
    if not rows:
        return schema.empty_table()
    columns = zip(*rows, strict=True)
    return pa.Table.from_arrays(
        [column(values, f.type) for values, f in zip(columns, schema, strict=True)],
        schema=schema,
    )
