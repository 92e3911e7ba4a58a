"""``stud-hh export --format phh --out DIR [--db FILE] [--player NAME] [--game G]
[--site S] [--since DATE] [--until DATE] [--collection]``: stored hands as PHH files.

PHH is the open hand-history format of PokerKit and of published hand datasets; the files
replay in PokerKit and read back into stud_hh (``stud-hh import DIR``) as the same hands
(``docs/phh.md`` lists what PHH does not keep). One ``.phh`` file per hand, or with
``--collection`` one ``.phhs`` file per game.

Exit status: 0; 1 when the database is missing or busy, or a filter is not understood.
"""

from __future__ import annotations

import argparse

from pipelines.commands._common import add_db_option, add_wait_option, console


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=("phh",), default="phh", dest="fmt",
                        help="phh: PokerKit's Poker Hand History (the only format so far)")
    parser.add_argument("--out", metavar="DIR", required=True,
                        help="folder to write the files to (made if missing)")
    add_db_option(parser)
    parser.add_argument("--player", metavar="NAME", help="only hands this player was dealt in")
    parser.add_argument("--game", metavar="G", help="stud, stud8 or razz")
    parser.add_argument("--site", metavar="SITE", help="only hands of this site")
    parser.add_argument("--since", metavar="DATE", help="first day (YYYY-MM-DD, UTC), inclusive")
    parser.add_argument("--until", metavar="DATE", help="last day (YYYY-MM-DD, UTC), inclusive")
    parser.add_argument("--collection", action="store_true",
                        help="one .phhs file per game instead of one .phh file per hand")
    add_wait_option(parser, "giving up")


def run(args: argparse.Namespace) -> int:
    from pipelines.db import DatabaseBusy, DatabaseUnavailable, connect_read_only, resolve_db
    from pipelines.export import Selection, export_phh
    from pipelines.stats.filters import StatsError

    err, out = console(stderr=True), console()
    db = resolve_db(args.db)
    selection = Selection(player=args.player, game=args.game, site=args.site,
                          since=args.since, until=args.until)
    try:
        selection.where()
    except (StatsError, ValueError) as exc:
        err.print(f"stud-hh export: {exc}")
        return 1
    try:
        con = connect_read_only(db, wait=args.wait)
    except (DatabaseBusy, DatabaseUnavailable, FileNotFoundError) as exc:
        err.print(f"stud-hh export: {exc}")
        return 1
    try:
        result = export_phh(con, args.out, selection, collection=args.collection)
    except OSError as exc:
        err.print(f"stud-hh export: cannot write to {args.out}: {exc}")
        return 1
    finally:
        con.close()
    files = len(result.files)
    out.print(f"{result.hands:,} hand{'s' * (result.hands != 1)} written as PHH to "
              f"{result.out} ({files:,} file{'s' * (files != 1)})")
    if result.not_exportable:
        skipped = len(result.not_exportable)
        out.print(f"{skipped:,} hand{'s' * (skipped != 1)} not written: "
                  f"{result.not_exportable[0]}" + (" ..." if skipped > 1 else ""))
    if not result.hands and not result.not_exportable:
        out.print("no stored hand matches the filters")
    return 0
