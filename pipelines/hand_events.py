"""Each stored hand's own text, so one hand can be shown, replayed and exported later.

The other tables keep what stats and audits aggregate (hands, players, actions,
violations); they cannot give a hand back: deals, shows, the summary lines are not in
them. ``hand_events`` keeps, one row per stored hand, written by the import in the same
transaction as the hand, the hand's text as the import read it (``RawHand.text``: a
site's text history, or an XML site's or PHH file's own fragment), and a reader gets the
``Hand`` back by parsing it again with ``parse_raw(RawHand(source_file, source_line,
text))``: the very call the import's worker made on the same text, so under the same
stud_hh it is the same hand.

Why stored rather than re-read from ``hands.source_file``: a file moves, is renamed or
deleted. Why the text rather than the parsed ``Hand`` (schema versions 2 to 5 stored it as
msgspec MessagePack, in the ``events`` column, which those hands keep): measured on a
20,000-hand import, encoding every hand as MessagePack (~3.5 KB a hand, mostly field
names) and pushing it through DuckDB's write-ahead log cost ~10 % of the whole import's CPU
and 2.5x the bytes written; the text (~1.9 KB a hand, already a ``str``: no encoding) costs
about half that, the database is smaller (17 MB against 21 MB for those 20,000 hands:
``zstd`` compresses hand histories well), and the original evidence is kept, as
PokerTracker and Hold'em Manager keep the hand history text. Reading a hand back costs a
parse (~150-200 µs a hand) instead of a decode: shown one at a time, or exported in
batches, that is cheap.

A newer stud_hh may read an old text differently (a parser fix). The violations stored
with a hand point into the hand the import made (``action_index``), so a hand read back
must still be that hand: a text that no longer parses to a hand with the stored id, or
whose betting decisions no longer number the stored ``actions`` rows, raises
``HandNotFound`` saying so, rather than showing another hand. (Hands stored as
MessagePack are the imported hand itself and are decoded as they are.)

Hands imported before this table existed (schema version 1) have no row: they are re-read
from the source file at ``source_file:source_line``, if it is still there, and checked the
same way.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import Any

import duckdb
import msgspec
import pyarrow as pa

from pipelines.schema import HAND_EVENTS
from stud_hh.events import Hand
from stud_hh.parse import parse_raw
from stud_hh.reader import RawHand
from stud_hh.recap import recap

TABLE = "hand_events"
SCHEMA = HAND_EVENTS.batch_schema
#: hands read back per query by ``load_hands``
BATCH = 500

_decoder = msgspec.msgpack.Decoder(Hand)


class HandNotFound(LookupError):
    """No stored hand has that id, or it can no longer be read as the hand imported."""


def decode(data: bytes) -> Hand:
    """A hand stored as MessagePack by stud_hh before schema version 6."""
    return _decoder.decode(data)


def texts_table(texts: Sequence[str | None]) -> pa.Table:
    """The ``hand_events`` rows of a chunk: the text of hand ``local`` i is ``texts[i]``
    (None: not known, and the hand is read from its file like one stored before
    ``hand_events`` existed).

    One conversion of the ``str`` objects the reader made (pyarrow copies their UTF-8
    bytes into one buffer): nothing is encoded per hand.
    """
    return pa.Table.from_arrays([pa.array(range(len(texts)), pa.int64()),
                                 pa.array(texts, pa.string())], schema=SCHEMA)


def _columns(con: duckdb.DuckDBPyConnection) -> set[str]:
    """The columns ``hand_events`` has here: none (version 1), ``events`` (2 to 5), or
    ``events`` and ``text``. A read-only connection does not migrate an older database,
    and a Parquet store's view has the current columns. (``duckdb_columns()`` answers in
    ~0.6 ms, ``information_schema`` in ~1.7: a noticeable part of one hand's read.)"""
    rows = con.execute("SELECT column_name FROM duckdb_columns() WHERE table_name = ? AND "
                       "database_name = current_database() AND schema_name = current_schema()",
                       [TABLE]).fetchall()
    return {str(row[0]) for row in rows}


def _stored_sql(columns: set[str]) -> str:
    """One query for a batch of hands (their keys: the parameter): each hand's id, file
    and line, its stored text or events (NULL: none), and its rows in ``actions``."""
    text = "e.text" if "text" in columns else "NULL::VARCHAR"
    events = "e.events" if "events" in columns else "NULL::BLOB"
    join = f"LEFT JOIN {TABLE} e ON e.hand_key = h.hand_key" if columns else ""
    return f"""
        WITH wanted AS (SELECT unnest(?::BIGINT[]) AS hand_key),
        decisions AS (SELECT hand_key, count(*) AS n FROM actions
                      WHERE hand_key IN (SELECT hand_key FROM wanted) GROUP BY hand_key)
        SELECT h.hand_key, h.hand_id, h.source_file, h.source_line, {text}, {events},
               coalesce(d.n, 0)
        FROM hands h SEMI JOIN wanted w ON w.hand_key = h.hand_key
        {join}
        LEFT JOIN decisions d ON d.hand_key = h.hand_key"""


def load_hand(con: duckdb.DuckDBPyConnection, hand_key: int) -> Hand:
    """The stored hand ``hand_key``: its text parsed again (or its events decoded, or
    its source file re-read); ``HandNotFound`` if there is none or it reads differently
    now."""
    for hand in load_hands(con, [hand_key]):
        return hand
    raise AssertionError("load_hands gives one hand per key")  # pragma: no cover


def load_hands(con: duckdb.DuckDBPyConnection, keys: Sequence[int]) -> Iterator[Hand]:
    """The stored hands of ``keys``, in that order, read ``BATCH`` at a time with one
    query each (``_stored_sql``). ``HandNotFound`` for a key no stored hand has, or a hand
    that can no longer be read as imported."""
    for hand in _read(con, keys):
        if isinstance(hand, HandNotFound):
            raise hand
        yield hand


def readable_hands(con: duckdb.DuckDBPyConnection, keys: Sequence[int]
                   ) -> Iterator[Hand | None]:
    """``load_hands``, going on past a hand that cannot be read back (None in its place):
    for a report that quotes what it can."""
    for hand in _read(con, keys):
        yield None if isinstance(hand, HandNotFound) else hand


def _read(con: duckdb.DuckDBPyConnection, keys: Sequence[int]
          ) -> Iterator[Hand | HandNotFound]:
    """Each key's stored hand, or why it cannot be read back, in the order of ``keys``."""
    sql = _stored_sql(_columns(con))
    for start in range(0, len(keys), BATCH):
        batch = [int(key) for key in keys[start:start + BATCH]]
        rows = {int(row[0]): row for row in con.execute(sql, [batch]).fetchall()}
        for key in batch:
            row = rows.get(key)
            if row is None:
                yield HandNotFound(f"no stored hand has key {key}")
                continue
            try:
                yield _stored_hand(*row[1:])
            except HandNotFound as exc:
                yield exc


def _stored_hand(hand_id: str, path: str | None, line: Any, text: str | None,
                 events: bytes | None, decisions: int) -> Hand:
    """One row of ``_stored_sql`` as its hand: the text parsed, else the events decoded,
    else the file re-read; a parsed hand must be the one imported (``_checked``)."""
    line = int(line)
    if text is not None:
        return _checked(parse_raw(RawHand(path, line, text)), hand_id, path, line, decisions,
                        "its stored text")
    if events is not None:
        return decode(events)  # the imported hand itself (schema versions 2 to 5)
    return _checked(_reread(hand_id, path, line), hand_id, path, line, decisions,
                    "its file")


def _checked(parsed: object, hand_id: str, path: str | None, line: int, decisions: int,
             source: str) -> Hand:
    """``parsed`` if it is the imported hand: a ``Hand`` with the stored id, making as many
    betting decisions as it has ``actions`` rows (counted as the import counted them: its
    recap's decisions, ``pipelines.rows``). Else a newer parser reads the text differently,
    and the stored findings (their ``action_index``) may not fit it: ``HandNotFound``."""
    if not isinstance(parsed, Hand):
        why = f"it no longer parses ({getattr(parsed, 'message', parsed)})"
    elif parsed.hand_id != hand_id:
        why = f"it now reads as hand {parsed.hand_id}"
    else:
        made = sum(1 for _ in recap(parsed).actions())
        if made == decisions:
            return parsed
        why = f"it now makes {made} betting decisions, not the {decisions} stored"
    raise HandNotFound(
        f"hand {hand_id} ({path}:{line}): this version of stud_hh reads {source} "
        f"differently from the version that imported it: {why}. Import its file again "
        "with `stud-hh import --replace FILE` to store it as this version reads it")


def _reread(hand_id: str, path: str | None, line: int) -> Hand:
    """A hand imported before ``hand_events`` existed, from its file if it is still there."""
    from stud_hh.formats import read_file_hands

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
