"""``FactsBatch`` (columnar ``player_facts``) builds exactly the table of ``facts_rows``.

The workers no longer call the stats module's per-hand ``facts_rows``: they keep the
``PlayerFacts`` records of a chunk and build the columns at the end. These tests pin that
table to the rows of ``facts_rows`` converted with the fixed schema, on real PokerStars
hands and on simulated stud8 and razz hands (showdown halves, razz lows), and check the
slow paths: values that do not fit a byte, an empty chunk, an unknown layout.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest

from pipelines import facts_hook
from pipelines.batches import ARROW_SCHEMAS, BatchRows, rows_table
from pipelines.facts_batch import FactsBatch, FactsLayout, RowsFacts
from pipelines.stats import facts_table
from pipelines.stats.facts_table import COLUMNS, facts_rows
from stud_hh.dialects import hand_starts
from stud_hh.events import Hand, ParseError
from stud_hh.parse import parse_raw
from stud_hh.reader import read_hands
from stud_hh.simulate import simulate_hands


@pytest.fixture(scope="module")
def hands(stars_files: list[Path]) -> list[Hand]:
    out = []
    for path in stars_files:
        for raw in read_hands(path, boundary=hand_starts()):
            hand = parse_raw(raw)
            if not isinstance(hand, ParseError):
                out.append(hand)
    out.extend(simulate_hands(120, game="stud8", players=8, seed=3))
    out.extend(simulate_hands(120, game="razz", players=6, seed=4, tournament=True))
    return out


def _hands_table(hands: list[Hand]) -> pa.Table:
    rows = BatchRows()
    for local, hand in enumerate(hands):
        rows.add_hand(local, hand, [], "f.txt", local + 1)
    return rows.tables()["hands"]


def _reference(hands: list[Hand], schema: pa.Schema) -> pa.Table:
    rows = [row for local, hand in enumerate(hands) for row in facts_rows(hand, (local,))]
    return rows_table(rows, schema)


def _collector() -> FactsBatch:
    collector = facts_hook.collector()
    assert isinstance(collector, FactsBatch), "the stats layout is no longer the known one"
    return collector


def test_columns_are_the_rows_of_facts_rows(hands: list[Hand]) -> None:
    batch = _collector()
    for local, hand in enumerate(hands):
        batch.add(local, batch.of(hand))
    table = batch.table(_hands_table(hands))
    expected = _reference(hands, batch.layout.schema)
    assert table.schema == expected.schema
    assert table.column_names == ["local", *COLUMNS]
    assert table.num_rows == expected.num_rows > 5 * len(hands)
    for name in table.column_names:
        assert table.column(name).equals(expected.column(name)), name
    # the slow-path columns really hold values here, not only nulls
    for name in ("razz_low", "won_high", "scoop", "door_card", "start_category"):
        assert table.column(name).null_count < table.num_rows, name


def test_values_that_do_not_fit_a_byte_take_the_plain_conversion(hands: list[Hand]) -> None:
    batch = _collector()
    some = hands[:10]
    for local, hand in enumerate(some):
        facts = batch.of(hand)
        if local == 3:
            facts[0].calls_3rd = 300
            facts[0].vpip = None  # type: ignore[assignment]
            facts[0].streets[2].bets = 1000
        batch.add(local, facts)
    table = batch.table(_hands_table(some))
    row = sum(batch.counts[:3])
    assert table.column("calls_3rd")[row].as_py() == 300
    assert table.column("vpip")[row].as_py() is None
    assert table.column("bets_6")[row].as_py() == 1000
    expected = _reference(some, batch.layout.schema)
    for name in table.column_names:
        if name not in ("calls_3rd", "vpip", "bets_6"):
            assert table.column(name).equals(expected.column(name)), name


def test_an_empty_chunk_has_the_schema() -> None:
    batch = _collector()
    table = batch.table(_hands_table([]))
    assert table.num_rows == 0
    assert table.schema == batch.layout.schema


def test_an_unknown_layout_uses_the_stats_rows(hands: list[Hand]) -> None:
    layout = _collector().layout
    odd = layout.schema.append(pa.field("extra", pa.bool_()))
    assert FactsLayout.of(odd, ARROW_SCHEMAS["hands"]) is None
    unknown = pa.schema([pa.field("room", f.type) if f.name == "site" else f
                         for f in layout.schema])  # a hand column the hands table lacks
    assert FactsLayout.of(unknown, ARROW_SCHEMAS["hands"]) is None
    retyped = pa.schema([pa.field("small_bet", pa.int32()) if f.name == "small_bet" else f
                         for f in layout.schema])
    assert FactsLayout.of(retyped, ARROW_SCHEMAS["hands"]) is None
    hook = facts_hook.row_builder()
    assert hook is not None
    names, rows_of = hook
    rows = RowsFacts(names, rows_of, layout.schema)
    some = hands[:20]
    for local, hand in enumerate(some):
        rows.add(local, rows.of(hand))
    assert rows.table(_hands_table(some)).equals(_reference(some, layout.schema))


def test_rows_of_a_facts_record_keep_their_hand(hands: list[Hand]) -> None:
    batch = _collector()
    some = hands[:30]
    kept: list[Any] = []
    for local, hand in enumerate(some):
        if local % 3 == 1:
            continue  # a quarantined hand: no hands row, no facts
        batch.add(len(kept), batch.of(hand))
        kept.append(hand)
    table = batch.table(_hands_table(kept))
    ids = table.column("hand_id").to_pylist()
    locals_ = table.column("local").to_pylist()
    assert [kept[i].hand_id for i in locals_] == ids
    assert set(ids) == {h.hand_id for h in kept}


def test_the_fast_paths_are_taken() -> None:
    layout = _collector().layout
    assert layout.packed is not None and layout.street_bytes is not None
    packed = {at for _, at in layout.packed.fields}
    # flags, counts and money are packed; text and optional fields are not
    names = {layout.schema.field(at).name for at in packed}
    assert {"vpip", "seat", "calls_3rd", "stack", "net"} <= names
    assert not names & {"player", "door_card", "start_category", "won_high", "razz_low"}
    assert {layout.schema.field(at).name for _, at in layout.others} >= {
        "player", "door_card", "razz_low"}


def _mutated(
    hands: list[Hand], change: Callable[[list[Any]], None], monkeypatch: pytest.MonkeyPatch,
) -> tuple[pa.Table | None, Callable[[], pa.Table]]:
    """``change`` the facts of hand 5; the expected table (``facts_rows`` of the changed
    facts, converted with the schema: None when that conversion refuses them) and the
    ``FactsBatch`` table to compare."""
    batch = _collector()
    by_hand = {}
    for local, hand in enumerate(hands):
        facts = batch.of(hand)
        if local == 5:
            change(facts)
        by_hand[hand.hand_id] = facts
        batch.add(local, facts)
    monkeypatch.setattr(facts_table, "player_facts", lambda hand: by_hand[hand.hand_id])
    try:
        expected = _reference(hands, batch.layout.schema)
    except (pa.ArrowInvalid, OverflowError):
        expected = None
    return expected, lambda: batch.table(_hands_table(hands))


def _check(expected: pa.Table | None, build: Callable[[], pa.Table]) -> None:
    if expected is None:
        with pytest.raises((pa.ArrowInvalid, OverflowError)):
            build()
        return
    table = build()
    assert table.schema == expected.schema
    for name in table.column_names:
        assert table.column(name).equals(expected.column(name)), name


@pytest.mark.parametrize("value", [130, -1, True, None, 2**20])
def test_odd_street_values_take_the_plain_conversion(
    hands: list[Hand], value: Any, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Counts that MessagePack writes in more than one byte (or flags that are not
    bools) leave the binary fast path, and still store what ``facts_rows`` stores."""
    def change(facts: list[Any]) -> None:
        facts[0].streets[1].calls = value
        facts[-1].streets[3].saw = 1 if value is True else value

    _check(*_mutated(hands[:12], change, monkeypatch))


@pytest.mark.parametrize(("field", "value"), [
    ("calls_3rd", -3), ("seat", 300), ("vpip", 2), ("net", -10**12), ("stack", 2**40),
    ("invested", None), ("is_bring_in", None), ("rake", 2**70), ("seat", 2**20),
])
def test_odd_record_values_store_what_facts_rows_stores(
    hands: list[Hand], field: str, value: Any, monkeypatch: pytest.MonkeyPatch,
) -> None:
    _check(*_mutated(hands[:12], lambda facts: setattr(facts[1], field, value),
                     monkeypatch))


def test_unchanged_facts_compare_equal_through_the_patch(
    hands: list[Hand], monkeypatch: pytest.MonkeyPatch,
) -> None:
    expected, build = _mutated(hands[:12], lambda facts: None, monkeypatch)
    assert expected is not None and expected.num_rows > 12
    _check(expected, build)


def test_street_records_that_do_not_line_up_are_refused_by_the_fast_path(
    hands: list[Hand],
) -> None:
    layout = _collector().layout
    assert layout.street_bytes is not None
    facts = FactsBatch.of(hands[0])
    streets = [f.streets for f in facts]
    columns: list[Any] = [None] * len(layout.schema)
    start = len(layout.schema) - 40
    assert layout.street_bytes.fill(columns, layout.schema, start, streets)
    assert all(c is not None for c in columns[start:])
    odd = [streets[0][:3], streets[1] + streets[1][:1], *streets[2:]]  # same total
    assert not layout.street_bytes.fill([None] * len(layout.schema), layout.schema,
                                        start, odd)
