"""``stud-hh audit --db FILE`` / ``--store STORE``: the findings an import stored.

A card room's archive is audited once, when it is imported (on a Dask cluster for the
largest: ``docs/scale.md``); re-reading every text file to list its findings again would
cost the whole audit again. This prints the stored findings in the report
``stud-hh audit PATH`` prints for the same files: each flagged hand with its roots, the
offending line quoted from the stored hand, its consequences folded; the quarantined
hands as ``PARSE ERROR`` lines; the totals by code. Hands come in file order.

The findings are those the import judged, by each site's preset or the import's
``--rules``: judging by other rules means replaying the hands, so ``--rules`` is refused
here (audit the files for that).
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Iterator
from typing import Any, TextIO

import duckdb
import msgspec

from pipelines.hand_events import BATCH, readable_hands
from pipelines.lookup import FINDING_COLUMNS
from stud_hh.commands.audit import Tally, finding_record, hand_title, write_hand, write_totals
from stud_hh.events import Street
from stud_hh.validate import Violation

#: One flagged hand's findings a row: the hand's place, then the violation's columns.
_FINDINGS_SQL = f"""
SELECT h.hand_key, h.site, h.hand_id, h.source_file, h.source_line,
       {', '.join('v.' + c for c in FINDING_COLUMNS)}
FROM violations v JOIN hands h USING (hand_key)
ORDER BY h.source_file NULLS LAST, h.source_line, h.site, h.hand_id,
         v.finding NULLS LAST, v.action_index NULLS FIRST, v.street NULLS FIRST, v.code
"""

_PARSE_ERRORS_SQL = """
SELECT file, line, hand_id, error FROM quarantine
WHERE kind = 'hand' AND superseded_by IS NULL
ORDER BY file NULLS LAST, hand_line, line
"""


#: rows fetched at a time from the findings and the quarantine
FETCH_ROWS = 10_000


def _rows(con: duckdb.DuckDBPyConnection, sql: str) -> Iterator[tuple[Any, ...]]:
    """``sql``'s rows fetched ``FETCH_ROWS`` at a time: flat memory over any archive.

    On a cursor of its own: the stored hand quoted between two fetches is read with
    another query, and a query on the same connection ends the pending result (the
    report stopped after the first ``FETCH_ROWS`` findings)."""
    cursor = con.cursor()
    try:
        cursor.execute(sql)
        while batch := cursor.fetchmany(FETCH_ROWS):
            yield from batch
    finally:
        cursor.close()


def _violation(hand_id: str, row: tuple[Any, ...]) -> Violation:
    record = dict(zip(FINDING_COLUMNS, row, strict=True))
    street = record["street"]
    return Violation(
        hand_id=hand_id, code=record["code"], severity=record["severity"],
        street=Street(int(street)) if street is not None else None,
        action_index=record["action_index"], player=record["player"], rule=record["rule"],
        message=record["message"], caused_by=record["caused_by"])


def audit_stored(con: duckdb.DuckDBPyConnection, fmt: str, out: TextIO,
                 expand: bool = False) -> Tally:
    """Write the stored findings of the database or store ``con`` reads; their tally."""
    tally = Tally()
    encoder = msgspec.json.Encoder()
    for error_row in _rows(con, _PARSE_ERRORS_SQL):
        file, line, hand_id, error = error_row
        tally.parse_errors += 1
        if fmt == "jsonl":
            out.write(encoder.encode({
                "hand_id": hand_id, "code": "PARSE_ERROR", "severity": "error",
                "street": None, "action_index": None, "player": None, "rule": None,
                "message": error, "caused_by": None, "path": file, "line": line,
            }).decode() + "\n")
        else:
            out.write(f"PARSE ERROR {error}\n\n")
    flagged = itertools.groupby(_rows(con, _FINDINGS_SQL), key=lambda r: r[:5])
    # a block of flagged hands at a time: their stored hands, to quote, in one query
    while block := [(place, [_violation(place[2], row[5:]) for row in rows])
                    for place, rows in itertools.islice(flagged, BATCH)]:
        for (_, site, _, _, _), found in block:
            tally.add_flagged(found)
            if fmt == "jsonl":
                for v in found:
                    out.write(encoder.encode({**finding_record(v), "site": site}).decode()
                              + "\n")
        if fmt != "jsonl":
            hands = readable_hands(con, [int(place[0]) for place, _ in block])
            for ((_, _, hand_id, path, line), found), hand in zip(block, hands, strict=True):
                write_hand(out, hand_title(hand_id, path, line), hand, found, expand)
    (tally.hands,) = con.execute("SELECT count(*) FROM hands").fetchone() or (0,)
    _skipped(con, tally)
    return tally


def _skipped(con: duckdb.DuckDBPyConnection, tally: Tally) -> None:
    """What the imports did not read (other games, files of sites not read yet), as the
    file audit reports it."""
    for other_files, unsupported, games in con.execute(
            "SELECT files_other, files_unsupported, other_games FROM imports").fetchall():
        tally.skipped.other_files += int(other_files or 0)
        tally.skipped.unsupported.update(unsupported or {})
        tally.skipped.other_games.update(games or {})


def run(args: argparse.Namespace) -> int:
    from pipelines.db import DatabaseBusy, DatabaseUnavailable, connect_read_only, resolve_db

    if args.paths:
        print("stud-hh audit: give either PATHs (audit the files) or --db/--store (list "
              "the findings an import stored), not both", file=sys.stderr)
        return 2
    if args.rules:
        print("stud-hh audit: --rules needs the hands replayed: the stored findings were "
              "judged by the import's rules; audit the files (stud-hh audit PATH --rules "
              f"{args.rules}) to judge them by others, or store them judged again "
              f"(stud-hh import --replace --rules {args.rules} PATH)", file=sys.stderr)
        return 2
    try:
        if args.store is not None:
            from pipelines.store_views import open_store

            con = open_store(args.store)
        else:
            con = connect_read_only(resolve_db(args.db))
    except (DatabaseBusy, DatabaseUnavailable, FileNotFoundError) as exc:
        print(f"stud-hh audit: {exc}", file=sys.stderr)
        return 1
    try:
        tally = audit_stored(con, args.fmt, sys.stdout, args.consequences)
    finally:
        con.close()
    if args.fmt == "text":
        write_totals(sys.stdout, tally)
    return 1 if tally.errors or tally.parse_errors else 0
