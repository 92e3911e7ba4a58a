"""The single writer drops exactly the duplicates and keeps each file's latest row.

``Writer._duplicates`` skips the database when a batch's hand ids all lie above every
stored one (``top_id``) and finds repeats within a batch in Python; these tests drive a
real DuckDB file through batches that repeat hands within themselves, repeat stored
hands below and above ``top_id``, and name one file twice.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import msgspec
import pytest

from pipelines.batches import Batch, Chunk
from pipelines.db import connect
from pipelines.rows import hand_rows
from pipelines.store import Writer
from stud_hh.events import Hand
from stud_hh.recap import recap
from stud_hh.simulate import simulate_hands


@pytest.fixture(scope="module")
def hands() -> list[Hand]:
    return list(simulate_hands(12, game="stud", players=4, seed=11))


def _renumbered(hand: Hand, hand_id: str) -> Hand:
    return msgspec.structs.replace(
        hand, header=msgspec.structs.replace(hand.header, hand_id=hand_id))


def _batch(hands: list[Hand]) -> Batch:
    chunk = Chunk()
    for local, hand in enumerate(hands):
        seen = recap(hand)
        chunk.add_facts(hand, seen)
        chunk.add(hand_rows(local, hand, seen, [], "f.txt", local + 1), None)
    return Batch(chunk.tables())


@pytest.fixture()
def writer(tmp_path: Path) -> Writer:
    con = connect(tmp_path / "w.duckdb")
    con.execute("INSERT INTO imports (import_id, started_at, status) VALUES (1, now(), 'running')")
    return Writer(con, 1)


def _stored(writer: Writer) -> list[tuple[int, str]]:
    return writer.con.execute("SELECT hand_key, hand_id FROM hands ORDER BY hand_key").fetchall()


def test_repeats_within_a_batch_and_of_stored_hands_are_dropped(
    writer: Writer, hands: list[Hand]
) -> None:
    ids = ["100", "105", "100", "110"]  # "100" twice in one batch
    first = writer.write(_batch([_renumbered(h, i) for h, i in zip(hands, ids, strict=False)]))
    assert (first.imported, first.duplicates) == (3, 1)
    assert writer.top_id == "110"
    assert _stored(writer) == [(1, "100"), (2, "105"), (3, "110")]
    # below top_id: one stored ("105"), one new ("107"), one repeated twice ("108")
    ids = ["105", "107", "108", "108"]
    second = writer.write(_batch([_renumbered(h, i) for h, i in zip(hands, ids, strict=False)]))
    assert (second.imported, second.duplicates) == (2, 2)
    assert [k for _, k in _stored(writer)] == ["100", "105", "110", "107", "108"]
    # above top_id: nothing stored can repeat, but the batch still can
    ids = ["120", "121", "121"]
    third = writer.write(_batch([_renumbered(h, i) for h, i in zip(hands, ids, strict=False)]))
    assert (third.imported, third.duplicates) == (2, 1)
    assert writer.top_id == "121"
    keys = _stored(writer)
    assert [k for k, _ in keys] == list(range(1, 8))  # hand keys stay dense
    facts = writer.con.execute(
        "SELECT count(DISTINCT hand_key), count(DISTINCT hand_id) FROM player_facts").fetchone()
    assert facts == (7, 7)


def test_a_new_writer_knows_the_stored_ids(writer: Writer, hands: list[Hand]) -> None:
    writer.write(_batch([_renumbered(hands[0], "50"), _renumbered(hands[1], "60")]))
    again = Writer(writer.con, 1)
    assert again.top_id == "60"
    counts = again.write(_batch([_renumbered(hands[2], "55"), _renumbered(hands[3], "60")]))
    assert (counts.imported, counts.duplicates) == (1, 1)


def test_files_rows_are_replaced_and_a_path_named_twice_keeps_its_last_row(
    writer: Writer, hands: list[Hand]
) -> None:
    when = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)

    def row(path: str, hands_in: int) -> list[object]:
        return [path, 10, when, "h", 10, 10, 3, hands_in, True, 1, 1, None]

    writer.write(_batch([_renumbered(hands[0], "1")]), [row("a", 1), row("b", 2)])
    writer.write(_batch([_renumbered(hands[1], "2")]), [row("b", 5), row("c", 1), row("b", 7)])
    stored = writer.con.execute(
        "SELECT path, hands, mtime FROM files ORDER BY path").fetchall()
    assert [(p, n) for p, n, _ in stored] == [("a", 1), ("b", 7), ("c", 1)]
    assert all(m == when for _, _, m in stored)
