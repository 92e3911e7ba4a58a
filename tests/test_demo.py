"""``stud-hh demo`` end to end on a small session: simulate, import, stats, report, audit."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from stud_hh.cli import main

HANDS = 300


@pytest.mark.slow  # over ~5 s: run by CI's slow step
def test_demo_simulates_imports_prints_stats_and_writes_both_pages(tmp_path: Path, capsys):
    folder = tmp_path / "demo"
    assert main(["demo", "--hands", str(HANDS), "--dir", str(folder), "--jobs", "1",
                 "--faults", "0.05"]) == 0
    out = capsys.readouterr().out
    assert f"simulated {HANDS:,} hands" in out
    assert "Hero" in out and "VPIP" in out  # the stats table
    report, audit = folder / "report.html", folder / "audit.html"
    assert f"report: {report}" in out and f"audit page: {audit}" in out
    assert 1_000_000 < report.stat().st_size < 10_000_000  # plotly.js is embedded
    assert "Winnings" in report.read_text(encoding="utf-8")
    assert "Flagged hands" in audit.read_text(encoding="utf-8")
    con = duckdb.connect(str(folder / "demo.duckdb"), read_only=True)
    try:
        imported, quarantined, found = con.execute(
            "SELECT sum(imported), sum(quarantined), sum(hands_found) FROM imports").fetchall()[0]
        games = {g for (g,) in con.execute("SELECT DISTINCT game FROM hands").fetchall()}
    finally:
        con.close()
    assert found == HANDS and imported + quarantined == HANDS
    assert games == {"stud", "stud8", "razz"}  # a mixed session


def test_demo_refuses_to_overwrite_a_database_and_bad_numbers(tmp_path: Path, capsys):
    folder = tmp_path / "used"
    folder.mkdir()
    (folder / "demo.duckdb").write_bytes(b"")
    assert main(["demo", "--hands", "10", "--dir", str(folder)]) == 2
    assert main(["demo", "--hands", "0", "--dir", str(tmp_path / "x")]) == 2
    assert main(["demo", "--faults", "2", "--dir", str(tmp_path / "y")]) == 2
    assert "choose an empty --dir" in capsys.readouterr().err


def test_demo_hands_do_not_depend_on_the_number_of_processes(tmp_path: Path, monkeypatch):
    from dashboards.commands.demo import simulate
    from stud_hh.simulate import api

    monkeypatch.setattr(api, "BLOCK_HANDS", 50)  # 150 hands: three blocks to share out

    def files(jobs: int) -> dict[str, bytes]:
        folder = tmp_path / f"jobs{jobs}"
        assert simulate(folder, 150, seed=3, faults=0.05, jobs=jobs) == 150
        return {p.name: p.read_bytes() for p in folder.iterdir()}

    one = files(1)
    assert len(one) >= 3 and one == files(2)
