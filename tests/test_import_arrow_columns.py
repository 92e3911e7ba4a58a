"""``arrow_columns.column`` converts exactly as ``pyarrow.array`` does, by a faster road.

Its byte path (``bytes`` -> NumPy) must give the same array as Arrow's own conversion for
every value it accepts, and hand everything else (None, negatives, values over 255) to
Arrow; ``rows_to_table`` must refuse rows of the wrong width.
"""

from __future__ import annotations

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.arrow_columns import SMALL_TYPES, column, rows_to_table

_INTS = st.lists(st.one_of(st.none(), st.integers(-40, 400)), max_size=40)


@settings(max_examples=150, deadline=None)
@given(values=_INTS, arrow_type=st.sampled_from([pa.int8(), pa.int16(), pa.int32()]))
def test_small_int_columns_match_arrow(values: list[int | None], arrow_type: pa.DataType) -> None:
    try:
        expected = pa.array(values, arrow_type)
    except (pa.ArrowInvalid, OverflowError):
        with pytest.raises((pa.ArrowInvalid, OverflowError)):
            column(tuple(values), arrow_type)
        return
    got = column(tuple(values), arrow_type)
    assert got.type == arrow_type
    assert got.equals(expected)


@settings(max_examples=60, deadline=None)
@given(values=st.lists(st.one_of(st.none(), st.booleans()), max_size=40))
def test_flag_columns_match_arrow(values: list[bool | None]) -> None:
    assert column(tuple(values), pa.bool_()).equals(pa.array(values, pa.bool_()))


def test_the_byte_path_is_taken_and_other_types_pass_through() -> None:
    assert pa.bool_() in SMALL_TYPES and pa.int64() not in SMALL_TYPES
    assert pa.int8() not in SMALL_TYPES  # 200 would wrap to -56 instead of failing
    flags = column((True, False, True), pa.bool_())
    assert flags.to_pylist() == [True, False, True] and flags.null_count == 0
    assert column((2**40, None), pa.int64()).to_pylist() == [2**40, None]
    assert column(("a", None), pa.string()).to_pylist() == ["a", None]
    for odd in ((1.5, 2), (255, 256), (3, None)):  # what Arrow makes of them, not bytes
        assert column(odd, pa.int16()).equals(pa.array(odd, pa.int16()))
    # the one difference: Arrow refuses a bool in an int column (and 0/1 in a flag
    # column); a bytes object takes both as the 0/1 they are
    assert column((True, 3), pa.int16()).to_pylist() == [1, 3]
    assert column((0, 1), pa.bool_()).to_pylist() == [False, True]


def test_rows_to_table_checks_the_width() -> None:
    schema = pa.schema([("a", pa.int64()), ("b", pa.bool_())])
    table = rows_to_table([(1, True), (2, False)], schema)
    assert table.schema == schema and table.to_pylist() == [
        {"a": 1, "b": True}, {"a": 2, "b": False}]
    assert rows_to_table([], schema).schema == schema
    for bad in ([(1, True), (2,)], [(1, True, 3)]):
        with pytest.raises(ValueError):
            rows_to_table(bad, schema)
