"""Recompute ``player_facts`` and the all-in EV from the hands already stored.

After a catalogue change, or an upgrade that added the all-in EV (schema version 5: hands
stored before have NULL ``ev_*`` columns until a rebuild).

Each hand is read back as ``stud-hh show`` reads it (``pipelines.hand_events``): its stored
text parsed again (schema version 6 on), or its stored events (versions 2 to 5), so a
rebuild works after the source files have moved or gone. A stored text that this version
reads as another hand is counted as no longer parsing. Hands imported before
``hand_events`` existed (version 1) have only their source file and line: those files are
re-read (only the stored lines are parsed), and hands whose file has gone are counted as
missing instead of silently losing their facts. The
stats module does the replacing (``rebuild_facts``: drop, recreate from the current DDL,
refill, in one transaction), so an interrupted rebuild leaves the old facts in place.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
import pyarrow as pa

from pipelines.db import connect, resolve_db, writer_lock
from pipelines.hand_events import readable_hands
from pipelines.workers import parse_raw
from stud_hh.events import Hand
from stud_hh.formats import read_file_hands
from stud_hh.rules import RuleSet, preset


@dataclass(slots=True)
class RebuildResult:
    db: Path
    hands: int = 0  # stored hands whose facts were recomputed
    rows: int = 0  # player_facts rows written
    missing: list[str] = field(default_factory=list)  # files no longer readable
    unparsed: int = 0  # stored hands the current parser no longer reads


def stored_hands(con: duckdb.DuckDBPyConnection, result: RebuildResult) -> Iterator[Hand]:
    """Every stored hand: those with a ``hand_events`` row from it, then the others from
    their source files."""
    yield from _kept_hands(con, result)
    yield from _file_hands(con, result)


def _kept_hands(con: duckdb.DuckDBPyConnection, result: RebuildResult) -> Iterator[Hand]:
    """The hands whose text or events are stored (read back a block at a time)."""
    keys = [int(key) for (key,) in con.execute(
        "SELECT hand_key FROM hands SEMI JOIN hand_events USING (hand_key) "
        "ORDER BY hand_key").fetchall()]
    for hand in readable_hands(con, keys):
        if hand is None:
            result.unparsed += 1
        else:
            result.hands += 1
            yield hand


def _file_hands(con: duckdb.DuckDBPyConnection, result: RebuildResult) -> Iterator[Hand]:
    """The hands stored before ``hand_events`` existed, re-parsed from their source files,
    file by file."""
    files = con.execute(
        "SELECT source_file, list(source_line) FROM hands h WHERE source_file IS NOT NULL "
        "AND NOT EXISTS (SELECT 1 FROM hand_events e WHERE e.hand_key = h.hand_key) "
        "GROUP BY source_file ORDER BY source_file"
    ).fetchall()
    for path, lines in files:
        wanted = set(lines)
        if not os.path.isfile(path):
            result.missing.append(path)
            continue
        try:
            for raw in read_file_hands(path):
                if raw.line not in wanted:
                    continue
                parsed = parse_raw(raw)
                if isinstance(parsed, Hand):
                    result.hands += 1
                    yield parsed
                else:
                    result.unparsed += 1
        except OSError:
            result.missing.append(path)


def import_rules(con: duckdb.DuckDBPyConnection) -> dict[tuple[str, str], RuleSet]:
    """The rule set each stored hand was imported under, where the import named one
    (``stud-hh import --rules``); the others follow their site's preset."""
    rows = con.execute(
        "SELECT h.site, h.hand_id, i.rules FROM hands h JOIN imports i USING (import_id) "
        "WHERE i.rules IS NOT NULL").fetchall()
    named: dict[str, RuleSet] = {}
    for _, _, name in rows:
        if name not in named:
            try:
                named[name] = preset(name)
            except KeyError:
                continue  # a rule set this version no longer knows: the site's preset
    return {(site, hand_id): named[name] for site, hand_id, name in rows if name in named}


def store_all_in_ev(con: duckdb.DuckDBPyConnection, tables: dict[str, pa.Table]) -> None:
    """Set the stored hands' ``ev_*`` columns to a rebuilt batch's (NULL where a hand no
    longer qualifies); only rows whose figures change are written."""
    _ev_hands = tables["hands"].select(["local", "site", "hand_id", "ev_street", "ev_method"])
    _ev_players = tables["hand_players"].select(["local", "seat", "ev_equity", "ev_net"])
    keyed = ("SELECT h.hand_key, b.* EXCLUDE (site, hand_id) FROM _ev_hands b "
             "JOIN hands h USING (site, hand_id)")
    con.execute(
        f"UPDATE hands SET ev_street = k.ev_street, ev_method = k.ev_method FROM ({keyed}) k "
        "WHERE hands.hand_key = k.hand_key AND (hands.ev_street IS DISTINCT FROM k.ev_street "
        "OR hands.ev_method IS DISTINCT FROM k.ev_method)")
    con.execute(
        "UPDATE hand_players SET ev_equity = k.ev_equity, ev_net = k.ev_net FROM ("
        f"SELECT h.hand_key, p.seat, p.ev_equity, p.ev_net FROM _ev_players p "
        f"JOIN ({keyed}) h USING (local)) k "
        "WHERE hand_players.hand_key = k.hand_key AND hand_players.seat = k.seat AND "
        "(hand_players.ev_equity IS DISTINCT FROM k.ev_equity "
        "OR hand_players.ev_net IS DISTINCT FROM k.ev_net)")


def rebuild(db: str | os.PathLike[str] | None = None, lock_timeout: float = 0.0) -> RebuildResult:
    """Drop and recompute ``player_facts`` and the all-in EV of every stored hand that can
    be read back."""
    from pipelines.stats.facts_table import rebuild_facts

    path = resolve_db(db)
    if not path.exists():
        raise FileNotFoundError(f"no database at {path}; run `stud-hh import` first")
    result = RebuildResult(db=path)
    with writer_lock(path, lock_timeout):
        con = connect(path)
        try:
            rules = import_rules(con)
            result.rows = rebuild_facts(
                con, stored_hands(con, result), on_batch=store_all_in_ev,
                rules_of=(lambda hand: rules.get((hand.header.site, hand.hand_id)))
                if rules else None)
        finally:
            con.close()
    return result
