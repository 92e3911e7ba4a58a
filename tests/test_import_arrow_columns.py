"""``arrow_columns.column`` converts exactly as ``pyarrow.array`` does, by a faster road.

Its byte path (``bytes`` -> NumPy) must give the same array as Arrow's own conversion for
every value it accepts, and hand everything else (None, negatives, values over 255) to
Arrow; ``rows_to_table`` must refuse rows of the wrong width. ``BatchRows`` keeps flat
row values and counts ``local`` and ``action_index``: its tables are pinned here to a
plain flattening of the same hands.
"""

from __future__ import annotations

from typing import Any

import msgspec
import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.arrow_columns import SMALL_TYPES, bool_array, bool_columns, column, rows_to_table
from pipelines.batches import ARROW_SCHEMAS, BatchRows, hand_rows
from stud_hh.cards import str_card
from stud_hh.events import (
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Deal,
    Fold,
    Hand,
    Muck,
    Raise,
    SeatResult,
    Show,
    Street,
)
from stud_hh.simulate import simulate_hands

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


@settings(max_examples=60, deadline=None)
@given(rows=st.integers(0, 40), width=st.integers(1, 5), data=st.data())
def test_packed_flag_columns_are_arrows_own(rows: int, width: int, data: st.DataObject) -> None:
    """Bits packed by NumPy: the same arrays (values, no nulls) as ``pa.array`` of the
    flags, for any row count (a partial last byte) and any non-zero byte as true."""
    values = data.draw(st.lists(st.integers(0, 255), min_size=rows * width,
                                max_size=rows * width))
    matrix = np.array(values, np.uint8).reshape(rows, width)
    arrays = bool_columns(matrix)
    assert len(arrays) == width
    for j, array in enumerate(arrays):
        expected = pa.array(matrix[:, j] != 0, pa.bool_())
        assert array.type == pa.bool_() and array.null_count == 0
        assert array.equals(expected) and array.to_pylist() == expected.to_pylist()
    flat = np.array(values[:rows], np.uint8)
    assert bool_array(flat).equals(pa.array(flat != 0, pa.bool_()))


@settings(max_examples=80, deadline=None)
@given(values=st.lists(st.one_of(st.none(), st.integers(-(2**63), 2**63 - 1)), max_size=40),
       nulls=st.booleans())
def test_int64_columns_match_arrow(values: list[int | None], nulls: bool) -> None:
    """One ``struct.pack`` of the column, or Arrow's conversion when it holds None."""
    if not nulls:
        values = [0 if v is None else v for v in values]
    expected = pa.array(values, pa.int64())
    got = column(values, pa.int64())
    assert got.type == pa.int64() and got.equals(expected)
    assert got.to_pylist() == values


@settings(max_examples=120, deadline=None)
@given(values=st.lists(st.one_of(st.text(max_size=6), st.text("ab\x00 ", max_size=4),
                                 st.none()), max_size=30),
       ascii_only=st.booleans())
def test_text_columns_match_arrow(values: list[str | None], ascii_only: bool) -> None:
    """ASCII text takes one join and one encode; None, NUL or other characters go to
    Arrow: the same array either way."""
    if ascii_only:
        values = [v.encode("ascii", "replace").decode() if v else "" for v in values]
    expected = pa.array(values, pa.string())
    got = column(values, pa.string())
    assert got.type == pa.string() and got.equals(expected)
    assert got.to_pylist() == values and got.null_count == expected.null_count


def test_the_text_path_is_taken_for_ascii_names() -> None:
    names = ["Ann", "", "Bob Smith", "x" * 300, "Ann"]
    got = column(names, pa.string())
    assert got.to_pylist() == names
    offsets = np.frombuffer(got.buffers()[1], np.int32)[:len(names) + 1]
    assert offsets.tolist() == [0, 3, 3, 12, 312, 315]
    assert got.buffers()[2].to_pybytes()[:315] == "".join(names).encode()


@pytest.mark.parametrize("odd", [[1, 2**63], [1, "2"], [1, 2.5], [1.0, 2], [None, 3]])
def test_int64_values_struct_refuses_go_to_arrow(odd: list[Any]) -> None:
    """Out of range, text, floats, None: whatever Arrow makes of them (or raises)."""
    try:
        expected = pa.array(odd, pa.int64())
    except (pa.ArrowException, OverflowError) as exc:
        with pytest.raises(type(exc)):
            column(odd, pa.int64())
    else:
        assert column(odd, pa.int64()).equals(expected)


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


# --- BatchRows: flat row values, counted ``local`` and ``action_index`` -----------------


def _plain_actions(local: int, hand: Hand) -> list[tuple[Any, ...]]:
    """The ``actions`` rows as the schema defines them, written plainly (no speed)."""
    names = {BringIn: "bring_in", Complete: "complete", Bet: "bet", Raise: "raise",
             Call: "call", Fold: "fold", Check: "check"}
    rows = []
    put: dict[str, int] = {}  # on the current street
    current = None
    for street, index, event in hand.player_actions():
        if street != current:
            put, current = {}, street
        amount = raise_to = None
        if isinstance(event, Complete | Raise):
            raise_to = event.to
            amount = raise_to - put.get(event.player, 0)
            put[event.player] = raise_to
        elif isinstance(event, BringIn | Bet | Call):
            amount = event.amount
            put[event.player] = put.get(event.player, 0) + amount
        rows.append((local, index, int(street), event.player, names[type(event)], amount,
                     raise_to, bool(getattr(event, "all_in", False))))
    return rows


def _plain_cards(hand: Hand) -> dict[str, tuple[str, str | None]]:
    """Each player's known cards (first sight order, no repeats) and door card."""
    seen: dict[str, list[int]] = {}
    door: dict[str, int] = {}
    for event in hand.events:
        cards = getattr(event, "cards", ())
        if isinstance(event, Deal | Fold | Show | Muck | SeatResult):
            for c in cards:
                if c is not None and c not in seen.setdefault(event.player, []):
                    seen[event.player].append(c)
        if isinstance(event, Deal) and event.street == Street.THIRD \
                and event.player not in door:
            ups = [c for c, up in zip(event.cards, event.up, strict=False)
                   if up and c is not None]
            if ups:
                door[event.player] = ups[0]
    return {p: (" ".join(str_card(c) for c in cards),
                str_card(door[p]) if p in door else None) for p, cards in seen.items()}


@pytest.fixture(scope="module")
def sim_hands() -> list[Hand]:
    return [*simulate_hands(40, game="stud8", players=8, seed=11),
            *simulate_hands(40, game="razz", players=5, seed=12, tournament=True)]


def _batch(hands: list[Hand], locals_: list[int]) -> BatchRows:
    rows = BatchRows()
    for local, hand in zip(locals_, hands, strict=True):
        rows.add_hand(local, hand, [], "f.txt", 1)
    return rows


def test_actions_and_cards_match_a_plain_flattening(sim_hands: list[Hand]) -> None:
    locals_ = [3 * i + 7 for i in range(len(sim_hands))]  # any numbers, not positions
    tables = _batch(sim_hands, locals_).tables()
    expected = [row for local, hand in zip(locals_, sim_hands, strict=True)
                for row in _plain_actions(local, hand)]
    got = [tuple(r.values()) for r in tables["actions"].to_pylist()]
    assert got == expected and len(got) > 10 * len(sim_hands)
    players = tables["hand_players"].to_pylist()
    assert [p["local"] for p in players] == [
        local for local, hand in zip(locals_, sim_hands, strict=True) for _ in hand.seats]
    by_hand = {local: _plain_cards(hand)
               for local, hand in zip(locals_, sim_hands, strict=True)}
    for p in players:
        cards, door = by_hand[p["local"]].get(p["player"], ("", None))
        assert (p["cards_known"], p["door_card"]) == (cards, door)
    assert any(p["cards_known"].count(" ") >= 6 for p in players)  # a full 7-card hand


def test_odd_deals_find_the_first_face_up_card(sim_hands: list[Hand]) -> None:
    hand = sim_hands[0]
    events = list(hand.events)
    deals = [i for i, e in enumerate(events)
             if isinstance(e, Deal) and e.street == Street.THIRD]
    a = next(i for i in deals if None not in events[i].cards)  # the hero's: all known
    b, c = [i for i in deals if i != a][:2]
    first = events[a]
    events[a] = msgspec.structs.replace(first, up=(False, True, True))  # two up cards
    events[b] = msgspec.structs.replace(events[b], up=(False, False, False))  # none up
    events[c] = msgspec.structs.replace(events[c], cards=(None, None, None))  # hidden
    odd = msgspec.structs.replace(hand, events=tuple(events))
    players = _batch([odd], [0]).tables()["hand_players"].to_pylist()
    doors = {p["player"]: p["door_card"] for p in players}
    expected = _plain_cards(odd)
    assert doors[first.player] == str_card(first.cards[1]) == expected[first.player][1]
    assert doors[events[b].player] is None and doors[events[c].player] is None


def test_a_hand_that_fails_to_flatten_leaves_nothing_behind(sim_hands: list[Hand]) -> None:
    rows = _batch(sim_hands[:3], [0, 1, 2])
    before = rows.tables()
    hand = sim_hands[3]
    events = list(hand.events)
    last = max(i for i, e in enumerate(events) if isinstance(e, Bet | Call | Raise))
    events.insert(last, Raise(events[last].player, 1, None))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        rows.add_hand(3, msgspec.structs.replace(hand, events=tuple(events)), [], "f", 1)
    after = rows.tables()
    for name, table in before.items():
        assert after[name].equals(table), name
    rows.add_hand(3, sim_hands[3], [], "f.txt", 1)
    assert rows.tables()["actions"].equals(_batch(sim_hands[:4], [0, 1, 2, 3]).tables()[
        "actions"])


def test_hand_rows_are_the_batch_rows(sim_hands: list[Hand]) -> None:
    rows = _batch(sim_hands[:5], [0, 1, 2, 3, 4]).tables()
    players, actions = [], []
    for local, hand in enumerate(sim_hands[:5]):
        _, p, a, _ = hand_rows(local, hand, [], "f.txt", 1)
        players += p
        actions += a
    assert [tuple(r.values()) for r in rows["hand_players"].to_pylist()] == players
    assert [tuple(r.values()) for r in rows["actions"].to_pylist()] == actions


def test_an_empty_batch_has_the_schemas() -> None:
    tables = BatchRows().tables()
    for name in ("hands", "hand_players", "actions", "violations"):
        assert tables[name].num_rows == 0
        assert tables[name].schema == ARROW_SCHEMAS[name]
