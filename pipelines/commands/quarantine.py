"""``stud-hh quarantine [--db FILE] [--format text|jsonl] [--all]``: the hands not stored.

Every hand an import could not store is kept in the ``quarantine`` table with its text and
the reason. This lists them, oldest first: where (file:line), which hand, why, and the
hand's first line, so that a player can open the file at the right place or send the
text with a bug report. ``--format jsonl`` adds the whole text. Rows an import later
superseded (a file's last hand read while the client was still writing it, stored once
finished) are left out unless ``--all``.

Exit status: 0, or 1 when the database is missing or busy.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pipelines.commands._common import add_db_option, add_wait_option, console
from pipelines.db import DatabaseBusy, DatabaseUnavailable, resolve_db

if TYPE_CHECKING:
    import duckdb


def configure(parser: argparse.ArgumentParser) -> None:
    add_db_option(parser)
    parser.add_argument("--format", choices=("text", "jsonl"), default="text", dest="fmt",
                        help="text (default) or one JSON object a line, with the hand's text")
    parser.add_argument("--all", action="store_true",
                        help="also rows superseded by a later import (hands read again "
                        "once the client had finished writing them)")
    add_wait_option(parser, "giving up")


@dataclass(frozen=True, slots=True)
class Quarantined:
    import_id: int
    kind: str  # hand, or file (a file that could not be read at all)
    file: str | None
    line: int | None  # the offending line
    hand_line: int | None  # where the hand starts
    hand_id: str | None
    error: str
    text: str
    superseded_by: int | None

    @property
    def reason(self) -> str:
        """The error without the place it repeats (``file:line:col (hand N): ``)."""
        if self.file and self.error.startswith(self.file):
            return _PLACE.sub("", self.error[len(self.file):], count=1)
        return self.error

    @property
    def first_line(self) -> str:
        return self.text.lstrip("\ufeff \t\r\n").split("\n", 1)[0].rstrip()

    def record(self) -> dict[str, object]:
        return {"import_id": self.import_id, "kind": self.kind, "file": self.file,
                "line": self.line, "hand_line": self.hand_line, "hand_id": self.hand_id,
                "reason": self.reason, "first_line": self.first_line,
                "superseded_by": self.superseded_by, "text": self.text}


_PLACE = re.compile(r"^:\d+(?::\d+)?(?: \(hand [^)]*\))?: ")


def quarantined(con: duckdb.DuckDBPyConnection, everything: bool = False) -> list[Quarantined]:
    """The quarantine table's rows, oldest first (superseded ones only with ``everything``)."""
    where = "" if everything else "WHERE superseded_by IS NULL"
    rows = con.execute(
        "SELECT import_id, kind, file, line, hand_line, hand_id, error, raw_text, superseded_by "
        f"FROM quarantine {where} ORDER BY import_id, file, hand_line NULLS FIRST"
    ).fetchall()
    return [Quarantined(*row) for row in rows]


def run(args: argparse.Namespace) -> int:
    import msgspec

    from pipelines.db import connect_read_only

    err = console(stderr=True)
    db = resolve_db(args.db)
    try:
        con = connect_read_only(db, wait=args.wait)
    except (DatabaseBusy, DatabaseUnavailable, FileNotFoundError) as exc:
        err.print(f"stud-hh quarantine: {exc}")
        return 1
    try:
        rows = quarantined(con, args.all)
    finally:
        con.close()
    if args.fmt == "jsonl":
        encode = msgspec.json.Encoder().encode
        for row in rows:
            sys.stdout.buffer.write(encode(row.record()) + b"\n")
        return 0
    out = console()
    for row in rows:
        where = f"{row.file}:{row.line}" if row.line else f"{row.file}"
        hand = f"  hand {row.hand_id}" if row.hand_id else ""
        note = f"  (superseded by import {row.superseded_by})" if row.superseded_by else ""
        out.print(f"{where}{hand}{note}" if row.kind == "hand" else f"{where}  (whole file)")
        out.print(f"  reason: {row.reason}")
        if row.kind == "hand":
            out.print(f"  first line: {row.first_line}")
    current = [r for r in rows if r.superseded_by is None]
    hands = sum(r.kind == "hand" for r in current)
    files = len({r.file for r in current if r.kind == "hand"})
    summary = f"{_count(hands, 'quarantined hand')} in {_count(files, 'file')} ({db})"
    if len(current) > hands:
        summary += f"; {_count(len(current) - hands, 'unreadable file')}"
    if len(rows) > len(current):
        summary += f"; {_count(len(rows) - len(current), 'superseded row')} listed too"
    out.print(summary)
    return 0


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}{'s' * (n != 1)}"
