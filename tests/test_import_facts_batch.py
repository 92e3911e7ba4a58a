"""``FactsBatch`` (columnar ``player_facts``) builds exactly the table of ``facts_rows``.

The workers no longer call the stats module's per-hand ``facts_rows``: they keep the
``PlayerFacts`` records of a chunk and build the columns at the end. These tests pin that
table to the rows of ``facts_rows`` converted with the fixed schema, on real PokerStars
hands and on simulated stud8 and razz hands (showdown halves, razz lows), and check the
slow paths: values that do not fit a byte, an empty chunk, an unknown layout.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest

from pipelines import facts_hook
from pipelines.batches import ARROW_SCHEMAS, BatchRows, rows_table
from pipelines.facts_batch import FactsBatch, FactsLayout, RowsFacts
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
