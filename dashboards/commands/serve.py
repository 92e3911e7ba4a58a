"""``stud-hh serve [--db FILE] [--host H] [--port P]``: the local app over a database.

Bound to 127.0.0.1 unless ``--host`` says otherwise (the app has no login: anyone who can
reach the port can read the hands). ``--port 0`` takes a free port; the address is printed.
"""

from __future__ import annotations

import argparse
import sys

DEFAULT_PORT = 8050


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="FILE",
                        help="DuckDB database (default: $STUD_HH_DB or the user data folder)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this computer only)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"port (default {DEFAULT_PORT}; 0: any free port)")


def run(args: argparse.Namespace) -> int:
    from pipelines.db import resolve_db

    db = resolve_db(args.db)
    if not db.exists():
        print(f"stud-hh serve: no database at {db}: import hand histories first "
              "(stud-hh import PATH)", file=sys.stderr)
        return 1
    from dashboards.app import serve

    def ready(url: str) -> None:
        print(f"stud-hh serve: {db} on {url} (Ctrl-C stops)", flush=True)

    try:
        serve(db, args.host, args.port, ready=ready)
    except OSError as exc:
        print(f"stud-hh serve: cannot listen on {args.host}:{args.port}: {exc}",
              file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0
