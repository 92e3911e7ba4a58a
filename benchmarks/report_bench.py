"""Time ``build_report`` at scale and check the page stays under 10 MB.

Simulating and importing a million hands would take far longer than the report, so the
benchmark imports a sample of simulated mixed hands (with injected rule breaches, so the
audit page has rows) through the real ``pipelines.import_paths``, then replicates the
``hands``, ``player_facts``, ``violations`` and ``actions`` rows inside DuckDB under fresh
hand ids, later start times and a pool of player names, until the database holds
``--hands`` hands. The hero keeps his name, so he is in every hand: his winnings line has
``--hands`` points and must be downsampled.

Printed per page (all players, the hero, the audit): seconds, hands/second, HTML size, and
the ratio to a reference measured in the same run: ``player_stats`` (the whole catalogue)
over the same database.

    python benchmarks/report_bench.py                  # 1,000,000 hands
    python benchmarks/report_bench.py --hands 100000   # quicker
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import duckdb

from dashboards.report import build_report
from pipelines import import_paths
from pipelines.stats import player_stats
from stud_hh.simulate import simulate_to

HERO = "Hero"


def _columns(con: duckdb.DuckDBPyConnection, table: str) -> list[str]:
    return [r[0] for r in con.execute(f"DESCRIBE {table}").fetchall()]


def replicate(db: Path, hands: int, players: int) -> int:
    """Grow the imported sample to ``hands`` hands; returns the hands stored."""
    con = duckdb.connect(str(db))
    try:
        sample, key_span, first, last = con.execute(
            "SELECT count(*), max(hand_key) + 1, min(started_at), max(started_at) FROM hands"
        ).fetchall()[0]
        copies = -(-hands // sample)
        shift = f"(c.range * INTERVAL {int((last - first).total_seconds()) + 3600} SECOND)"
        renames = {
            "hand_key": f"s.hand_key + c.range * {key_span}",
            "hand_id": "s.hand_id || '-' || c.range",
            "started_at": f"s.started_at + {shift}",
            "player": (f"CASE WHEN s.player = '{HERO}' THEN s.player ELSE "
                       f"'P' || ((hash(s.player) + c.range * 7919) % {players}) END"),
        }
        for table, where in (("hands", ""), ("player_facts", ""), ("violations", ""),
                             ("actions", "WHERE s.hand_key IN (SELECT hand_key FROM violations)")):
            cols = _columns(con, table)
            select = ", ".join(f"{renames.get(c, f's.{c}')} AS {c}" for c in cols)
            con.execute(f"CREATE TEMP TABLE seed AS SELECT * FROM {table} s {where}")
            con.execute(f"DELETE FROM {table} s {where}")
            con.execute(f"INSERT INTO {table} SELECT {select} FROM seed s, range({copies}) c")
            con.execute("DROP TABLE seed")
        con.execute("CHECKPOINT")
        return int(con.execute("SELECT count(*) FROM hands").fetchall()[0][0])
    finally:
        con.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--sample", type=int, default=2_000, help="simulated hands imported")
    parser.add_argument("--players", type=int, default=2_000, help="distinct player names")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        t0 = time.perf_counter()
        simulate_to(folder / "hands", args.sample, game="mixed", seed=7, faults=0.02)
        result = import_paths([folder / "hands"], db=folder / "bench.duckdb")
        stored = replicate(folder / "bench.duckdb", args.hands, args.players)
        print(f"built {stored:,} hands from {result.imported:,} imported "
              f"in {time.perf_counter() - t0:.1f} s")

        con = duckdb.connect(str(folder / "bench.duckdb"), read_only=True)
        started = time.perf_counter()
        stats = player_stats(con)
        reference = time.perf_counter() - started
        con.close()
        print(f"reference: player_stats, {stats.height:,} players: {reference:.2f} s")

        for name, kwargs in (("all players", {}), ("hero", {"player": HERO}),
                             ("audit", {"audit": True})):
            started = time.perf_counter()
            out = build_report(folder / "bench.duckdb", folder / "report.html", **kwargs)
            seconds = time.perf_counter() - started
            size = out.stat().st_size / 1e6
            print(f"report ({name}): {seconds:.2f} s = {stored / seconds:,.0f} hands/s, "
                  f"{seconds / reference:.1f}x the reference, {size:.1f} MB "
                  f"({'under' if size < 10 else 'OVER'} 10 MB)")


if __name__ == "__main__":
    main()
