"""``stud-hh audit PATH...``: list every rule breach and inconsistent record, hand by hand.

The text report lists each hand's root findings, quoting the offending action line as the
site printed it and saying what was expected, with the consequences of each root folded
under it ("+6 consequences", ``--consequences`` prints them in full); it ends with the
count of each code among the roots and what was skipped. ``--format jsonl`` prints one
object per violation, consequences included with their ``caused_by`` (and one per
unreadable hand), for tools. A file's hands are judged together: the bring-in the other
hands at the same stakes posted is what each is held to (``StructureSheet``).

``--db FILE`` or ``--store STORE`` (no PATH) lists the findings the import stored instead,
in the same report: an archive of millions of hands is audited once, at import (on a Dask
cluster for the largest), and read back as often as wanted without the text files.
That mode lives in ``pipelines.commands.audit_stored`` (it needs DuckDB), reached lazily.
Files are recognised by their content, as ``import`` does (``stud_hh.formats``). Exit 0
when nothing of error severity was found, 1 otherwise, 2 for usage errors (argparse, a
path that does not exist).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

import msgspec

from stud_hh.events import Event, Hand, OtherGame, ParseError
from stud_hh.formats import Skipped, hand_history_files
from stud_hh.parse import parse_file
from stud_hh.rules import PRESETS, RuleSet, preset
from stud_hh.validate import StructureSheet, Violation, roots, validate

RULE_CHOICES = sorted(name.lower() for name in PRESETS)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH", type=Path,
                        help="hand history files, or directories searched recursively "
                             "(files are recognised by their content)")
    stored = parser.add_mutually_exclusive_group()
    stored.add_argument("--db", metavar="FILE", default=None,
                        help="instead of PATHs: the findings stored in this DuckDB database "
                             "by stud-hh import")
    stored.add_argument("--store", metavar="STORE", default=None,
                        help="instead of PATHs: the findings stored in this Parquet store "
                             "(stud-hh import --out STORE: a folder or an fsspec URL)")
    parser.add_argument("--rules", choices=RULE_CHOICES, default=None,
                        help="rule set to judge by (default: each site's own preset)")
    parser.add_argument("--format", choices=("text", "jsonl"), default="text",
                        dest="fmt", help="text report (default) or one JSON object a line")
    parser.add_argument("--consequences", action="store_true",
                        help="text report: print each root's consequences in full "
                             "(default: folded, '+N consequences')")


def iter_files(paths: list[Path], skipped: Skipped | None = None) -> Iterator[Path]:
    """The hand-history files under ``paths`` (``stud_hh.formats``); the others are
    counted in ``skipped``."""
    for path, _fmt in hand_history_files(paths, skipped if skipped is not None else Skipped()):
        yield path


def action_event(hand: Hand, action_index: int | None) -> Event | None:
    if action_index is None:
        return None
    for _street, index, event in hand.player_actions():
        if index == action_index:
            return event
    return None


def quote(event: Event, hand: Hand) -> str:
    """The line as the history printed it (the PokerStars writer), or a plain rendering."""
    try:
        from stud_hh.dialects.pokerstars.writer import format_event
    except ImportError:  # pragma: no cover - writer absent in a partial checkout
        return repr(event)
    try:
        return format_event(event, hand)
    except (TypeError, KeyError, ValueError):
        return repr(event)


def finding_record(v: Violation) -> dict[str, object]:
    return {
        "hand_id": v.hand_id,
        "code": v.code,
        "severity": v.severity,
        "street": int(v.street) if v.street is not None else None,
        "action_index": v.action_index,
        "player": v.player,
        "rule": v.rule,
        "message": v.message,
        "caused_by": v.caused_by,
    }


def parse_error_record(err: ParseError) -> dict[str, object]:
    return {
        "hand_id": err.hand_id,
        "code": "PARSE_ERROR",
        "severity": "error",
        "street": None,
        "action_index": None,
        "player": None,
        "rule": None,
        "message": str(err),
        "caused_by": None,
        "path": err.path,
        "line": err.line,
    }


class Tally:
    """What the run found. Breaches are counted by their roots (a consequence is not
    another breach); ``consequences`` says how many findings were folded under them."""

    def __init__(self) -> None:
        self.hands = 0
        self.flagged = 0
        self.errors = 0
        self.warnings = 0
        self.consequences = 0
        self.parse_errors = 0
        self.codes: Counter[str] = Counter()
        self.skipped = Skipped()

    def add_flagged(self, found: list[Violation]) -> None:
        """A hand's findings: its roots counted by severity and code, the rest folded."""
        root = roots(found)
        self.flagged += 1
        self.errors += sum(v.severity == "error" for v in root)
        self.warnings += sum(v.severity == "warning" for v in root)
        self.consequences += len(found) - len(root)
        self.codes.update(v.code for v in root)


def _write_finding(out: TextIO, hand: Hand | None, v: Violation, indent: str) -> None:
    place = []
    if v.street is not None:
        place.append(v.street.label)
    if v.action_index is not None:
        place.append(f"action {v.action_index}")
    at = f" [{', '.join(place)}]" if place else ""
    out.write(f"{indent}{v.severity.upper():7} {v.code}{at}  (rule book {v.rule})\n")
    event = action_event(hand, v.action_index) if hand is not None else None
    if event is not None and hand is not None:
        out.write(f"{indent}  > {quote(event, hand)}\n")
    out.write(f"{indent}  {v.message}\n")


def folded(consequences: list[Violation]) -> str:
    """``+6 consequences: 4 BET_SIZE, UNCALLED_RETURN_MISMATCH, POT_TOTAL_MISMATCH``."""
    codes = Counter(v.code for v in consequences)
    parts = [code if n == 1 else f"{n} {code}" for code, n in codes.items()]
    word = "consequence" if len(consequences) == 1 else "consequences"
    return f"+{len(consequences)} {word}: {', '.join(parts)}"


def hand_title(hand_id: str, path: str | None, line: int | None) -> str:
    where = f" ({path}:{line})" if path is not None else ""
    return f"Hand #{hand_id}{where}"


def write_hand(out: TextIO, title: str, hand: Hand | None, found: list[Violation],
               expand: bool) -> None:
    """One flagged hand of the text report: its roots, each with its consequences folded
    under it; the offending lines are quoted from ``hand`` (when its events are known)."""
    out.write(title + "\n")
    for k, v in enumerate(found):
        if v.caused_by is not None:
            continue
        _write_finding(out, hand, v, "  ")
        after = [c for c in found if c.caused_by == k]
        if after:
            out.write(f"    {folded(after)}\n")
            if expand:
                for c in after:
                    _write_finding(out, hand, c, "      ")
    out.write("\n")


def audit(paths: list[Path], rules: RuleSet | None, fmt: str, out: TextIO,
          expand: bool = False) -> Tally:
    tally = Tally()
    encoder = msgspec.json.Encoder()
    for path in iter_files(paths, tally.skipped):
        items = list(parse_file(path))
        sheet = StructureSheet(h for h in items if isinstance(h, Hand))
        for item in items:
            if isinstance(item, ParseError):
                tally.parse_errors += 1
                if fmt == "jsonl":
                    out.write(encoder.encode(parse_error_record(item)).decode() + "\n")
                else:
                    out.write(f"PARSE ERROR {item}\n\n")
                continue
            if isinstance(item, OtherGame):
                tally.skipped.add_other_game(item.game, item.path)
                continue
            tally.hands += 1
            found = validate(item, rules, sheet)
            if not found:
                continue
            tally.add_flagged(found)
            if fmt == "jsonl":
                for v in found:
                    out.write(encoder.encode(finding_record(v)).decode() + "\n")
            else:
                source = item.source
                title = hand_title(item.hand_id, source.path if source else None,
                                   source.line if source else None)
                write_hand(out, title, item, found, expand)
    return tally


def run(args: argparse.Namespace) -> int:
    if args.db is not None or args.store is not None:
        import importlib

        stored = importlib.import_module("pipelines.commands.audit_stored")
        return int(stored.run(args))
    if not args.paths:
        print("stud-hh audit: give hand-history PATHs, or --db FILE / --store STORE for the "
              "findings an import stored", file=sys.stderr)
        return 2
    missing = [str(p) for p in args.paths if not p.exists()]
    if missing:
        print(f"stud-hh audit: no such file or directory: {', '.join(missing)}",
              file=sys.stderr)
        return 2
    rules = preset(args.rules) if args.rules else None
    out = sys.stdout
    tally = audit(list(args.paths), rules, args.fmt, out, args.consequences)
    if args.fmt == "text":
        write_totals(out, tally)
    else:
        out.flush()
        for line in tally.skipped.lines():
            print(line, file=sys.stderr)
    return 1 if tally.errors or tally.parse_errors else 0


def write_totals(out: TextIO, tally: Tally) -> None:
    """The text report's end: totals and the count of each code (roots), what was
    skipped."""
    note = (f" ({tally.consequences} consequences folded under them)"
            if tally.consequences else "")
    out.write(f"{tally.hands} hands audited, {tally.flagged} with findings: "
              f"{tally.errors} errors, {tally.warnings} warnings, "
              f"{tally.parse_errors} unreadable hands{note}\n")
    if tally.codes or tally.parse_errors:
        out.write("by code (roots):\n")
        codes = tally.codes + Counter({"PARSE_ERROR": tally.parse_errors})
        width = max(len(code) for code in codes)
        for code, count in sorted(codes.items(), key=lambda kv: (-kv[1], kv[0])):
            out.write(f"  {code:<{width}}  {count}\n")
    for line in tally.skipped.lines():
        out.write(line + "\n")
