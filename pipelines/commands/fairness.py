"""``stud-hh fairness``: is the deal in the database consistent with a fair, shuffled deck?

Tests the hero's starting hands, door cards, the bring-in seat, deck order and later
upcards against exact probabilities, corrected together (``stud_hh.fairness``). Exit 1
when a test rejects a fair deal at the corrected level, 0 otherwise (as ``audit``), 2 when
there is nothing to test (no database, no hands of that player).
"""

from __future__ import annotations

import argparse
import json
import sys


def configure(parser: argparse.ArgumentParser) -> None:
    from pipelines.commands._common import add_db_option

    add_db_option(parser)
    parser.add_argument("--player", metavar="NAME",
                        help="only hands this player was dealt; his starting hands are "
                             "tested where his downcards are logged")
    parser.add_argument("--alpha", type=float, default=0.05,
                        help="level of the whole family of tests (default 0.05)")
    parser.add_argument("--format", choices=("text", "json"), default="text", dest="fmt")


def run(args: argparse.Namespace) -> int:
    import duckdb

    from pipelines.db import resolve_db
    from pipelines.fairness import deal_hands
    from stud_hh.fairness import audit_deal
    from stud_hh.fairness.text import text_report

    if not 0 < args.alpha < 1:
        print("stud-hh fairness: --alpha must be between 0 and 1", file=sys.stderr)
        return 2
    db = resolve_db(args.db)
    if not db.exists():
        print(f"stud-hh fairness: no database at {db}: import hands first (stud-hh import)",
              file=sys.stderr)
        return 2
    try:
        con = duckdb.connect(str(db), read_only=True)
    except duckdb.IOException as exc:
        print(f"stud-hh fairness: cannot open {db}: {exc}", file=sys.stderr)
        return 2
    try:
        hands = deal_hands(con, args.player)
    except duckdb.CatalogException as exc:
        print(f"stud-hh fairness: {db} has no imported hands ({exc})", file=sys.stderr)
        return 2
    finally:
        con.close()
    if not hands:
        who = f" of player {args.player!r}" if args.player else ""
        print(f"stud-hh fairness: no hands{who} in {db}", file=sys.stderr)
        return 2
    report = audit_deal(hands, args.alpha, args.player)
    if args.fmt == "json":
        json.dump(report.as_json(), sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(text_report(report))
    return 1 if report.rejected else 0
