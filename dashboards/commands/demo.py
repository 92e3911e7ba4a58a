"""``stud-hh demo``: the newcomer's first command, end to end in under a minute.

Simulates a mixed session (stud, Stud Hi/Lo and Razz, PokerStars text), imports it into a
fresh DuckDB file, prints the stats table ``stud-hh stats`` would print, and writes the
report and the audit page. A small share of hands carries injected rule breaches so the
audit page has something to show. The simulation and the import each run in one process
per core; the simulated files depend on the seed only, not on the number of processes.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

DEFAULT_HANDS = 20_000
DEFAULT_FAULTS = 0.005


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hands", metavar="N", type=int, default=DEFAULT_HANDS,
                        help=f"hands to simulate (default {DEFAULT_HANDS:,})")
    parser.add_argument("--dir", metavar="DIR",
                        help="folder for the hands, database and report (default: a new "
                             "temporary folder, kept so the report can be opened)")
    parser.add_argument("--seed", type=int, default=2024, help="simulation seed")
    parser.add_argument("--faults", metavar="RATE", type=float, default=DEFAULT_FAULTS,
                        help=f"share of hands with an injected rule breach (default "
                             f"{DEFAULT_FAULTS})")
    parser.add_argument("--jobs", metavar="N", type=int, default=None,
                        help="processes for simulating and importing (default: one per core)")


def simulate(folder: Path, hands: int, seed: int, faults: float, jobs: int) -> int:
    """Write ``hands`` simulated hands under ``folder``; returns the number written.

    ``jobs`` processes play the simulator's blocks; the files are the same for any
    ``jobs`` (the simulator cuts the work by hand count, not by worker).
    """
    from stud_hh.simulate import simulate_to_result

    return simulate_to_result(folder, hands, game="mixed", seed=seed, faults=faults,
                              jobs=jobs).hands


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from dashboards.report import build_report
    from pipelines import import_paths
    from pipelines.stats import player_stats
    from pipelines.stats.command import summary_table

    out = Console(highlight=False)
    if not out.is_terminal:
        out = Console(highlight=False, width=160)
    if args.hands < 1:
        print("stud-hh demo: --hands must be at least 1", file=sys.stderr)
        return 2
    if not 0.0 <= args.faults <= 1.0:
        print("stud-hh demo: --faults must be between 0 and 1", file=sys.stderr)
        return 2
    folder = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="stud_hh_demo_"))
    folder.mkdir(parents=True, exist_ok=True)
    hands_dir, db = folder / "hands", folder / "demo.duckdb"
    if db.exists():
        print(f"stud-hh demo: {db} exists already; choose an empty --dir", file=sys.stderr)
        return 2
    jobs = args.jobs or os.cpu_count() or 1
    started = time.monotonic()

    written = simulate(hands_dir, args.hands, args.seed, args.faults, jobs)
    simulated = time.monotonic()
    out.print(f"simulated {written:,} hands of stud, Stud Hi/Lo and Razz into {hands_dir} "
              f"({simulated - started:.1f} s)", markup=False)  # paths are text, never markup

    result = import_paths([hands_dir], db=db, jobs=jobs)
    imported = time.monotonic()
    out.print(f"imported into {db}: {result.imported:,} hands, {result.duplicates:,} "
              f"duplicates, {result.quarantined:,} quarantined, {result.violations:,} "
              f"violations in {result.with_violations:,} hands ({imported - simulated:.1f} s)",
              markup=False)

    stats = player_stats(db, min_hands=1)
    out.print(summary_table(stats.head(12)))
    if stats.height > 12:
        out.print(f"... and {stats.height - 12:,} more players (stud-hh stats --db {db})",
                  markup=False)

    report = build_report(db, folder / "report.html")
    audit = build_report(db, folder / "audit.html", audit=True)
    finished = time.monotonic()
    out.print(f"report: {report}\naudit page: {audit}\n"
              f"done in {finished - started:.1f} s. Next: open the report in a browser, or "
              f"stud-hh report --db {db} --player NAME --out NAME.html", markup=False)
    return 0
