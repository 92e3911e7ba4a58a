"""The shipped slot tables (``stud_hh/evaluate/slots.xz``) are the ones the builder makes.

The evaluators read the tables from the file (computing them cost every import ~0.3 s of
CPU in every worker); the builder stays as the oracle. After a change to ``_tables.py``
this test fails until ``python -m stud_hh.evaluate._tables`` writes the file again.
"""

from __future__ import annotations

from stud_hh.evaluate import _tables as T


def test_the_shipped_slots_are_the_computed_ones() -> None:
    T.build()
    computed = T.compute_slots()
    shipped = T.load_slots()
    assert [list(a) for a in shipped] == [list(a) for a in computed]
    assert [list(a) for a in (T.LOW_OFFSET, T.HIGH_INDEX, T.HIGH, T.LOW8, T.RAZZ)] == [
        list(a) for a in computed]
    assert len(T.HIGH) == 76_155  # every rank multiset of up to seven cards


def test_rank_tables_read_their_masks() -> None:
    T.build()
    assert T.DESC[0b1_0000_0000_0101] == (14, 4, 2, 0, 0)  # ace, four, deuce
    assert T.LOW_ASC[0b10_0000_0010] == (1, 9)  # ace low, nine
    assert T.STRAIGHT_TOP[0b1_0000_0000_1111] == 5  # the wheel
