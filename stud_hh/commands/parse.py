"""``stud-hh parse PATH... [--format jsonl|summary]``: read hand histories, print what they say.

``jsonl`` writes one JSON object per line: a parsed hand exactly as ``stud_hh.events.to_json``
encodes it (``hand_from_json`` reads it back), or ``{"parse_error": {...}}`` for a hand that
could not be read, carrying file, line, hand id and the hand's text. ``summary`` counts hands
per game and per file and lists the errors. Files are recognised by their content
(``stud_hh.formats``): what is not a hand history, or is in a site's format not read yet,
and hands of other games in mixed-game files are skipped and counted (on stderr for
``jsonl``, at the end for ``summary``). ``--glob`` narrows the walk of directories.

Exit status: 0 when every hand parsed, 1 when any hand failed (the rest still printed),
2 on usage errors (a path that does not exist).
"""

from __future__ import annotations

import argparse
import fnmatch
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO, TextIO

import msgspec

from stud_hh.events import Hand, OtherGame, ParseError
from stud_hh.formats import Skipped, hand_history_files
from stud_hh.parse import parse_file


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", type=Path, metavar="PATH",
                        help="hand history files, or directories to walk")
    parser.add_argument("--format", choices=("jsonl", "summary"), default="jsonl",
                        help="one JSON object per hand/error (default), or counts")
    parser.add_argument("--glob", default=None, metavar="PATTERN",
                        help="only files whose name matches, when walking directories "
                        "(default: every file, recognised by its content)")


def iter_files(paths: Iterable[Path], skipped: Skipped,
               pattern: str | None = None) -> Iterator[Path]:
    """The hand-history files under ``paths`` (``stud_hh.formats``), the rest counted in
    ``skipped``; with ``pattern``, files found in directories must match it."""
    given = {p for p in paths if p.is_file()}
    for path, _fmt in hand_history_files(paths, skipped):
        if pattern is None or path in given or fnmatch.fnmatch(path.name, pattern):
            yield path


def run(args: argparse.Namespace) -> int:
    missing = [str(p) for p in args.paths if not p.exists()]
    if missing:
        print(f"stud-hh parse: no such file or directory: {', '.join(missing)}",
              file=sys.stderr)
        return 2
    skipped = Skipped()
    files = iter_files(args.paths, skipped, args.glob)
    if args.format == "jsonl":
        status = _jsonl(files, sys.stdout.buffer, skipped)
        sys.stdout.flush()
        for line in skipped.lines():
            print(line, file=sys.stderr)
        return status
    return _summary(files, sys.stdout, skipped)


def _jsonl(files: Iterable[Path], out: BinaryIO, skipped: Skipped) -> int:
    encoder = msgspec.json.Encoder()
    write = out.write
    failed = False
    for path in files:
        for result in parse_file(path):
            if isinstance(result, OtherGame):
                skipped.add_other_game(result.game, result.path)
            elif isinstance(result, ParseError):
                failed = True
                write(b'{"parse_error":' + encoder.encode(result) + b"}\n")
            else:
                write(encoder.encode(result) + b"\n")
    return 1 if failed else 0


def _summary(files: Iterable[Path], out: TextIO, skipped: Skipped) -> int:
    games: Counter[str] = Counter()
    errors: list[ParseError] = []
    rows: list[tuple[str, int, int, Counter[str]]] = []
    for path in files:
        per_game: Counter[str] = Counter()
        file_errors = 0
        for result in parse_file(path):
            if isinstance(result, Hand):
                per_game[result.header.game.value] += 1
            elif isinstance(result, ParseError):
                file_errors += 1
                errors.append(result)
            else:
                skipped.add_other_game(result.game, result.path)
        games.update(per_game)
        rows.append((str(path), per_game.total(), file_errors, per_game))
    names = ("stud", "stud8", "razz")
    width = max([len(r[0]) for r in rows] + [4])
    print(f"{'file':<{width}}  {'hands':>7}  {'errors':>6}  "
          + "  ".join(f"{g:>6}" for g in names), file=out)
    for name, hands, bad, per_game in rows:
        print(f"{name:<{width}}  {hands:>7}  {bad:>6}  "
              + "  ".join(f"{per_game[g]:>6}" for g in names), file=out)
    print(f"{'total':<{width}}  {games.total():>7}  {len(errors):>6}  "
          + "  ".join(f"{games[g]:>6}" for g in names), file=out)
    for line in skipped.lines():
        print(line, file=out)
    for error in errors[:50]:
        print(f"error: {error}", file=out)
    if len(errors) > 50:
        print(f"... and {len(errors) - 50} more errors", file=out)
    return 1 if errors else 0
