"""Time the full stats catalogue for every player over 1,000,000 simulated hands.

Simulating and importing a million hands takes far longer than the stats themselves (the
simulator plays a few hundred hands a second), so the benchmark simulates a sample of real
hands with ``stud_hh.simulate`` (all three games), computes their facts with the real
``facts_columns``, and then replicates those rows inside DuckDB under fresh hand ids and a
pool of player names until the table holds ``--hands`` hands. The facts keep the
distribution of simulated play; only the catalogue query is timed.

Printed: the catalogue time (median of ``--repeat`` runs), hands/second, and the ratio to
a reference query measured in the same run (one ``count(*) GROUP BY player`` scan).

    python benchmarks/stats_bench.py                 # 1,000,000 hands, target < 5 s
    python benchmarks/stats_bench.py --hands 100000  # quicker
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import tempfile
import time
from pathlib import Path

import duckdb

from pipelines.stats.facts_table import FACTS_DDL, TABLE, facts_columns, store_facts
from pipelines.stats.query import player_stats
from stud_hh.simulate import simulate_hands


def build(con: duckdb.DuckDBPyConnection, hands: int, sample: int, players: int) -> float:
    """Fill ``player_facts`` with ``hands`` hands; returns facts hands/second of the sample."""
    con.execute(FACTS_DDL)
    games = ("stud", "stud8", "razz")
    simulated = [h for i, g in enumerate(games)
                 for h in simulate_hands(sample // len(games), game=g, players=7, seed=i)]
    started = time.perf_counter()
    columns = facts_columns(simulated)
    facts_rate = len(simulated) / (time.perf_counter() - started)
    con.execute("CREATE TEMP TABLE seed_facts AS SELECT * FROM player_facts LIMIT 0")
    store_facts(con, columns)
    con.execute(f"INSERT INTO seed_facts SELECT * FROM {TABLE}")
    con.execute(f"DELETE FROM {TABLE}")
    copies = -(-hands // len(simulated))
    cols = [r[0] for r in con.execute("DESCRIBE seed_facts").fetchall()]
    select = ", ".join(
        "s.hand_id || '-' || c.range AS hand_id" if name == "hand_id"
        else f"'P' || ((hash(s.player) + c.range * 7919) % {players}) AS player"
        if name == "player"
        else f"s.{name}"
        for name in cols
    )
    con.execute(f"INSERT INTO {TABLE} SELECT {select} FROM seed_facts s, range({copies}) c")
    over = con.execute(f"SELECT count(DISTINCT hand_id) FROM {TABLE}").fetchall()[0][0]
    if over > hands:  # trim whole hands beyond the target
        con.execute(
            f"DELETE FROM {TABLE} WHERE hand_id IN (SELECT DISTINCT hand_id FROM {TABLE} "
            f"ORDER BY hand_id LIMIT {over - hands})"
        )
    con.execute("CHECKPOINT")
    return facts_rate


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)  # all of DuckDB's threads included
    return usage.ru_utime + usage.ru_stime


def timed(run: object, repeat: int) -> tuple[float, float]:
    """Median wall time and median CPU time (the CPU figure resists a busy machine)."""
    walls, cpus = [], []
    for _ in range(repeat):
        started, cpu = time.perf_counter(), _cpu()
        run()  # type: ignore[operator]
        walls.append(time.perf_counter() - started)
        cpus.append(_cpu() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--sample", type=int, default=1_500, help="simulated hands to replicate")
    parser.add_argument("--players", type=int, default=2_000, help="distinct player names")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--db", help="keep the built table in this file and reuse it next time")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(args.db) if args.db else Path(tmp) / "bench.duckdb"
        reuse = db.exists()
        con = duckdb.connect(str(db))
        t0 = time.perf_counter()
        if not reuse:
            facts_rate = build(con, args.hands, args.sample, args.players)
        hands, rows = con.execute(
            f"SELECT count(DISTINCT hand_id), count(*) FROM {TABLE}").fetchall()[0]
        if reuse:
            print(f"reusing {db}: {hands:,} hands, {rows:,} player rows")
        else:
            print(f"built {hands:,} hands, {rows:,} player rows in "
                  f"{time.perf_counter() - t0:.1f} s (facts from simulated hands: "
                  f"{facts_rate:,.0f} hands/s)")
        print(f"cores: {os.cpu_count()}, load average: {os.getloadavg()[0]:.1f}")

        def reference() -> None:
            con.execute(f"SELECT player, count(*) FROM {TABLE} GROUP BY player").fetchall()

        result = {}

        def catalogue() -> None:
            result["frame"] = player_stats(con)

        ref, ref_cpu = timed(reference, args.repeat)
        full, full_cpu = timed(catalogue, args.repeat)
        frame = result["frame"]
        stats = (frame.width - 1) // 2
        print(f"reference (count(*) GROUP BY player): {ref:.3f} s wall, {ref_cpu:.3f} s CPU")
        print(f"full catalogue: {stats} stats x {frame.height:,} players over {hands:,} hands: "
              f"{full:.3f} s wall ({hands / full:,.0f} hands/s), {full_cpu:.3f} s CPU; "
              f"{full / ref:.1f}x the reference")
        print(f"target < 5 s wall: {'met' if full < 5 else 'MISSED'}")
        con.close()


if __name__ == "__main__":
    main()
