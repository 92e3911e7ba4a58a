"""``stud-hh show HAND_ID [--db FILE] [--site SITE] [--format text|json|phh]``.

One stored hand: as PokerStars text (the project's writer) followed by the validator's
findings on it, each with the offending line quoted as the site printed it; ``json``
prints the hand's events (``stud_hh.events.hand_from_json`` reads them back), ``phh`` the
hand in PokerKit's PHH format (``stud_hh.phh``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import Any

from pipelines.commands._common import add_db_option, add_wait_option


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("hand_id", metavar="HAND_ID", help="the site's hand number, e.g. 3353...")
    add_db_option(parser)
    parser.add_argument("--site", metavar="SITE",
                        help="the site, when several sites have a hand with this number")
    parser.add_argument("--format", choices=("text", "json", "phh"), default="text",
                        help="text: PokerStars text and findings (default); json: the "
                        "hand's events; phh: PokerKit's hand-history format")
    add_wait_option(parser, "giving up")


def findings_text(hand: Any, records: Iterable[dict[str, Any]]) -> str:
    """The findings block after the hand's text: one entry per stored violation."""
    from stud_hh.commands.audit import action_event, quote
    from stud_hh.events import Street

    records = list(records)
    if not records:
        return "*** FINDINGS: none (every action replayed legally) ***\n"
    roots = sum(1 for r in records if r.get("caused_by") is None)
    head = f"{len(records)}" if roots == len(records) else f"{roots} roots, {len(records)} in all"
    lines = [f"*** FINDINGS: {head} ***"]
    number = {r.get("finding"): k + 1 for k, r in enumerate(records)}
    for r in records:
        place = []
        if r.get("street") is not None:
            place.append(Street(int(r["street"])).label)
        if r.get("action_index") is not None:
            place.append(f"action {r['action_index']}")
        at = f" [{', '.join(place)}]" if place else ""
        lines.append(f"{str(r['severity']).upper():7} {r['code']}{at}  (rule book {r['rule']})")
        event = action_event(hand, r.get("action_index"))
        if event is not None:
            lines.append(f"  > {quote(event, hand)}")
        lines.append(f"  {r['message']}")
        if r.get("caused_by") is not None:
            root = number.get(r["caused_by"])
            lines.append(f"  consequence of finding {root}" if root else "  a consequence")
        extra = {k: v for k, v in r.items()
                 if k not in ("code", "severity", "street", "action_index", "player", "rule",
                              "message", "finding", "caused_by") and v is not None}
        lines.extend(f"  {k}: {v}" for k, v in extra.items())
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    from pipelines.db import DatabaseBusy, DatabaseUnavailable, connect, resolve_db
    from pipelines.hand_events import HandNotFound
    from pipelines.lookup import find_hand

    db = resolve_db(args.db)
    if not db.exists():
        print(f"stud-hh show: no database at {db}: import hand histories first",
              file=sys.stderr)
        return 1
    try:
        con = connect(db, read_only=True, wait=args.wait)
    except (DatabaseBusy, DatabaseUnavailable) as exc:
        print(f"stud-hh show: {exc}", file=sys.stderr)
        return 1
    try:
        stored = find_hand(con, args.hand_id, args.site)
    except HandNotFound as exc:
        print(f"stud-hh show: {exc}", file=sys.stderr)
        return 1
    finally:
        con.close()
    sys.stdout.write(render(stored.hand, stored.findings, args.format))
    return 0


def render(hand: Any, records: Iterable[dict[str, Any]], fmt: str) -> str:
    """The hand in ``fmt`` (text, json or phh)."""
    if fmt == "json":
        from stud_hh.events import to_json

        return to_json(hand).decode() + "\n"
    if fmt == "phh":
        from stud_hh.phh import write_phh

        return write_phh(hand)
    from stud_hh.dialects.pokerstars.writer import write_hand

    return write_hand(hand) + "\n" + findings_text(hand, records)
