"""The terminal stats table and money units, on a real database in three units.

* ``stud-hh stats`` at 80, 100 and 120 columns (rich's console width, from ``COLUMNS``):
  every line fits, no cell is cut (each value printed equals the value formatted from the
  stats frame), and at 100 the default columns are all there for a one-unit database.
* Names are text: ``Joe[/b]`` prints as typed.
* ``--columns``, ``--sort``, ``--limit`` and the "N more players" line.
* Money units never mixed: per-unit totals equal SQL sums over ``hand_players`` per
  currency; no column adds two units; the cash/tournament and unit filters select exactly
  the hands SQL says.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import duckdb
import polars as pl
import pytest
from browse_db import XSS, make_mixed_database

from pipelines.stats import player_stats
from pipelines.stats.command import SUMMARY, money_text
from pipelines.stats.query import unit_columns
from stud_hh.cli import main


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_mixed_database(tmp_path_factory.mktemp("units"))


@pytest.fixture(scope="module")
def usd_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One unit (USD) and a player named like rich markup."""
    from pipelines import import_paths
    from stud_hh.simulate import simulate_to

    folder = tmp_path_factory.mktemp("usd")
    raw = simulate_to(folder / "raw.txt", 300, game="mixed", seed=8, players=7)
    text = "".join(p.read_text(encoding="utf-8") for p in raw).replace("Hero", "Joe[/b]")
    (folder / "hands.txt").write_text(text, encoding="utf-8")
    path = folder / "usd.duckdb"
    import_paths([folder / "hands.txt"], db=path, jobs=1)
    return path


@pytest.fixture()
def stats_cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]):
    """``stud-hh stats`` with rich's console ``width`` wide ($COLUMNS, as a terminal's)."""
    def run(db: Path, width: int, *args: str) -> str:
        monkeypatch.setenv("COLUMNS", str(width))
        capsys.readouterr()
        assert main(["stats", "--db", str(db), *args]) == 0
        return capsys.readouterr().out

    return run


@pytest.mark.parametrize("width", [80, 100, 120])
def test_the_table_fits_and_cuts_no_cell(usd_db: Path, width: int, stats_cli) -> None:
    out = stats_cli(usd_db, width)
    lines = out.splitlines()
    assert all(len(line) <= width for line in lines), max(map(len, lines))
    assert "…" not in out and "..." not in out
    frame = player_stats(usd_db)
    head = frame.head(25)
    # every shown value is printed whole, on the player's row
    rows = [line for line in lines if line.split() and line.split()[0] in
            {p.split()[0] for p in head["player"].to_list()}]
    assert len(rows) >= 20
    for name, hands, vpip in head.select("player", "hands", "vpip").rows()[:10]:
        row = next(line for line in lines if line.startswith(name.split()[0]))
        assert f"{hands:,}" in row and f"{vpip:.0f}%" in row
    shown = lines[0] + lines[1]
    if width >= 100:  # the whole default set at 100 columns
        for header in SUMMARY.values():
            assert all(part in shown for part in header.split("\n")), header
    assert f"{frame.height - 25:,} more players" in out


def test_markup_in_names_prints_as_text(usd_db: Path, capsys: pytest.CaptureFixture[str],
                                       stats_cli) -> None:
    out = stats_cli(usd_db, 120)
    assert "Joe[/b]" in out
    assert main(["stats", "--db", str(usd_db), "--player", "Joe[/b]"]) == 0
    assert "Joe[/b]: " in capsys.readouterr().out


@pytest.mark.slow  # over ~5 s: run by CI's slow step
def test_columns_sort_and_limit(usd_db: Path, stats_cli) -> None:
    out = stats_cli(usd_db, 120, "--columns", "vpip,saw_4,net_won", "--sort", "vpip",
                    "--limit", "5")
    lines = out.splitlines()
    assert "net won" in out and "USD" in out and "BB/100" not in out
    frame = player_stats(usd_db).sort(["vpip", "player"], descending=[True, False],
                                      nulls_last=True)
    body = [line for line in lines if "%" in line][:5]
    assert [f"{v:.0f}%" for v in frame["vpip"].head(5)] == [line.split()[-3] for line in body]
    assert f"{frame.height - 5:,} more players" in out
    assert main(["stats", "--db", str(usd_db), "--columns", "vpipp"]) == 2


def test_csv_and_json_are_complete(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    frame = player_stats(db)
    assert main(["stats", "--db", str(db), "--format", "csv", "--limit", "1",
                 "--columns", "vpip"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert len(rows) == frame.height and set(rows[0]) == set(frame.columns)
    assert main(["stats", "--db", str(db), "--format", "json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == frame.height


def test_money_per_unit_equals_sql_sums(db: Path) -> None:
    frame = player_stats(db)
    assert unit_columns(frame) == ["EUR", "USD", "chips"]
    assert "net_won" not in frame.columns and "rake_paid" not in frame.columns
    con = duckdb.connect(str(db), read_only=True)
    sums = pl.DataFrame(con.execute("""
        SELECT hp.player, coalesce(h.currency, 'chips') AS unit, count(*) AS hands,
               sum(hp.net_won) AS net, sum(hp.rake_share) AS rake
        FROM hand_players hp JOIN hands h USING (hand_key) WHERE hp.dealt_in
        GROUP BY ALL""").fetchall(), schema=["player", "unit", "hands", "net", "rake"],
        orient="row")
    con.close()
    for player, unit, hands, net, rake in sums.rows():
        row = frame.filter(pl.col("player") == player).row(0, named=True)
        assert (row[f"net_won_{unit}"], row[f"rake_paid_{unit}"], row[f"net_won_{unit}_n"]) \
            == (net, rake, hands), (player, unit)
    for row in frame.iter_rows(named=True):  # a unit without hands has no amount at all
        for unit in unit_columns(frame):
            if not row[f"net_won_{unit}_n"]:
                assert row[f"net_won_{unit}"] is None


def test_the_table_shows_each_unit_apart(db: Path, stats_cli) -> None:
    out = stats_cli(db, 160, "--player", XSS)
    frame = player_stats(db, player=XSS).row(0, named=True)
    for unit, words in (("USD", "USD"), ("EUR", "EUR"), ("chips", "tournament chips")):
        assert f"net won ({words})" in out
        assert money_text(frame[f"net_won_{unit}"], unit) in out


def test_kind_and_unit_filters_select_the_hands_sql_says(db: Path) -> None:
    con = duckdb.connect(str(db), read_only=True)

    def hands(where: str) -> int:
        return con.execute(f"SELECT count(*) FROM hand_players hp JOIN hands h "
                           f"USING (hand_key) WHERE hp.dealt_in AND {where}").fetchall()[0][0]

    try:
        for kwargs, where in (
            ({"kind": "cash"}, "h.tournament_id IS NULL"),
            ({"kind": "tournament"}, "h.tournament_id IS NOT NULL"),
            ({"unit": "eur"}, "h.currency = 'EUR'"),
            ({"unit": "chips"}, "h.currency IS NULL"),
            ({"kind": "cash", "game": "stud"}, "h.tournament_id IS NULL AND h.game = 'stud'"),
        ):
            frame = player_stats(db, **kwargs)
            assert frame["hands"].sum() == hands(where), kwargs
            if "unit" in kwargs or kwargs.get("kind") == "tournament":
                assert len(unit_columns(frame)) == 1
    finally:
        con.close()


def test_starting_hands_are_per_game(db: Path) -> None:
    """A razz category divides by razz hands only and never appears for another game."""
    frame = player_stats(db, player=XSS).row(0, named=True)
    con = duckdb.connect(str(db), read_only=True)
    known, six = con.execute("""
        SELECT count(*) FILTER (start_category IS NOT NULL),
               count(*) FILTER (start_category = 'three_to_6')
        FROM player_facts WHERE player = ? AND game = 'razz'""", [XSS]).fetchall()[0]
    elsewhere = con.execute("""SELECT count(*) FROM player_facts WHERE game <> 'razz'
        AND start_category IN ('three_to_6', 'three_to_7', 'three_to_8', 'rough')"""
                            ).fetchall()[0][0]
    con.close()
    assert frame["start_razz_three_to_6_n"] == known > 0
    assert frame["start_razz_three_to_6"] == pytest.approx(100 * six / known)
    assert elsewhere == 0
    assert not any(k.startswith("start_three_to") for k in frame)
