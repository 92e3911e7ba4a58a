"""Each stored hand's own events, so one hand can be shown, replayed and exported later.

The other tables keep what stats and audits aggregate (hands, players, actions,
violations); they cannot give a hand back: deals, shows, the summary lines are not in
them. ``hand_events`` keeps the whole ``Hand`` as msgspec MessagePack, one row per stored
hand, written by the import in the same transaction as the hand.

Why stored rather than re-read from ``hands.source_file``: a file moves, is renamed or
deleted, and a re-parse by a newer parser may not be the hand the violations were counted
on (their ``action_index`` points into the imported hand). Why MessagePack and a
``zstd``-compressed column: measured on 20,000 simulated mixed hands, the events take
~3.1 KB a hand as MessagePack (4.5 KB as JSON); DuckDB stores them at ~1.3 KB a hand with
its default string compression and ~315 bytes with ``zstd``. (DuckDB ignores
``USING COMPRESSION zstd`` for a file in a storage format older than v1.2; the column then
takes the default compression.) Encoding costs ~20 µs a hand in the workers.

Hands imported before this table existed (schema version 1) have no row: ``load_hand``
then re-reads the source file at ``source_file:source_line``, if it is still there.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import duckdb
import msgspec
import pyarrow as pa

from pipelines.schema import HAND_EVENTS
from stud_hh.events import Hand

TABLE = "hand_events"
SCHEMA = HAND_EVENTS.batch_schema

_encoder = msgspec.msgpack.Encoder()
_decoder = msgspec.msgpack.Decoder(Hand)


class HandNotFound(LookupError):
    """No stored hand has that id, or its events can no longer be read."""


def encode(hand: Hand) -> bytes:
    return _encoder.encode(hand)


def decode(data: bytes) -> Hand:
    return _decoder.decode(data)


def events_table(hands: Sequence[Hand]) -> pa.Table:
    """The ``hand_events`` rows of a chunk: hand ``i`` of ``hands`` is ``local`` i.

    The hands are encoded one after the other into one buffer, which becomes the
    ``events`` column's data as it is (its offsets: where each hand's bytes end): no
    ``bytes`` object per hand for pyarrow to copy again (~20 % of the column's cost).
    """
    data = bytearray()
    ends = [0]
    for hand in hands:
        _encoder.encode_into(hand, data, -1)
        ends.append(len(data))
    offsets = pa.array(ends, pa.int32()).buffers()[1]
    events = pa.Array.from_buffers(pa.binary(), len(hands), [None, offsets, pa.py_buffer(data)])
    return pa.Table.from_arrays([pa.array(range(len(hands)), pa.int64()), events],
                                schema=SCHEMA)


def has_table(con: duckdb.DuckDBPyConnection) -> bool:
    rows = con.execute("SELECT count(*) FROM information_schema.tables WHERE table_name = ?",
                       [TABLE]).fetchall()
    return bool(rows[0][0])


def load_hand(con: duckdb.DuckDBPyConnection, hand_key: int) -> Hand:
    """The stored hand ``hand_key``: its events, else its source file re-read."""
    if has_table(con):
        rows = con.execute(f"SELECT events FROM {TABLE} WHERE hand_key = ?",
                           [hand_key]).fetchall()
        if rows:
            return decode(rows[0][0])
    found = con.execute("SELECT hand_id, source_file, source_line FROM hands "
                        "WHERE hand_key = ?", [hand_key]).fetchall()
    if not found:
        raise HandNotFound(f"no stored hand has key {hand_key}")
    hand_id, path, line = found[0]
    return _reread(hand_id, path, int(line))


def _reread(hand_id: str, path: str | None, line: int) -> Hand:
    """A hand imported before ``hand_events`` existed, from its file if it is still there."""
    from stud_hh.formats import read_file_hands
    from stud_hh.parse import parse_raw

    where = f"{path}:{line}"
    if path is None or not os.path.isfile(path):
        raise HandNotFound(
            f"hand {hand_id} was imported before stud_hh stored hands' events, and its "
            f"file {path} is gone: put the file back at that path to show it")
    for raw in read_file_hands(path):
        if raw.line == line:
            parsed = parse_raw(raw)
            if isinstance(parsed, Hand) and parsed.hand_id == hand_id:
                return parsed
            break
    raise HandNotFound(f"hand {hand_id} is no longer at {where} (the file changed)")
