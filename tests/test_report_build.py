"""``build_report`` and ``stud-hh report`` on a real database: simulated PokerStars text, the
real import pipeline, the real stats. The hero is renamed to a hostile name before import,
so every page also proves that names stay text."""

from __future__ import annotations

import re
from html import escape as html_escape
from pathlib import Path

import duckdb
import polars as pl
import pytest

from dashboards import data
from dashboards.report import MAX_TABLE_PLAYERS, ReportError, build_report
from stud_hh.cli import main

EVIL = "<script>alert(\"x\")</script>'q'"
HANDS = 400


def make_database(folder: Path, hands: int = HANDS, seed: int = 11, faults: float = 0.05,
                  hero: str = EVIL) -> Path:
    """Simulate a mixed session (with injected rule breaches), rename the hero, import."""
    from pipelines import import_paths
    from stud_hh.simulate import simulate_to

    raw = simulate_to(folder / "raw", hands, game="mixed", seed=seed, faults=faults)
    text_dir = folder / "hands"
    text_dir.mkdir()
    for path in raw:
        (text_dir / path.name).write_text(path.read_text(encoding="utf-8").replace("Hero", hero),
                                          encoding="utf-8")
    db = folder / "report.duckdb"
    result = import_paths([text_dir], db=db, jobs=1)
    assert result.imported > hands * 0.9
    return db


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_database(tmp_path_factory.mktemp("report-db"))


@pytest.fixture(scope="module")
def con(db: Path):
    connection = data.connect(db)
    yield connection
    connection.close()


def _hero_scope() -> data.Scope:
    return data.Scope(players=(EVIL,))


def test_winnings_frame_matches_the_hand_players_table(con):
    frame = data.winnings(con, _hero_scope())
    stored = con.execute("SELECT count(*), sum(net_won) FROM hand_players "
                         "WHERE player = ? AND dealt_in", [EVIL]).fetchall()[0]
    assert frame.height == stored[0]
    assert frame["net"].sum() == stored[1]
    assert set(frame["unit"].to_list()) == {100}  # simulated cash games in USD


def test_sessions_games_and_door_cards_cover_every_hand_of_the_player(con):
    scope = _hero_scope()
    hands = data.winnings(con, scope).height
    net = data.winnings(con, scope)["net"].sum()
    sessions = data.sessions(con, scope)
    assert sessions["hands"].sum() == hands and sessions["net"].sum() == net
    assert (sessions["end"] >= sessions["start"]).all()
    tables = con.execute("SELECT count(DISTINCT h.table_name) FROM hands h JOIN hand_players hp "
                         "USING (hand_key) WHERE hp.player = ?", [EVIL]).fetchall()[0][0]
    assert sessions.height >= tables
    by_game = data.game_stakes(con, scope)
    assert by_game["hands"].sum() == hands and by_game["net"].sum() == net
    assert set(by_game["game"]) == {"stud", "stud8", "razz"}
    doors = data.door_cards(con, scope)
    assert 0 < doors["hands"].sum() <= hands
    assert doors["door_rank"].is_between(2, 14).all()
    assert doors["other_rank"].is_between(2, 14).all()


def test_funnel_narrows_street_by_street(con):
    funnel = data.funnel(con, _hero_scope())
    counts = dict(funnel.select("stage", "hands").rows())
    streets = [counts[f"saw {s}"] for s in ("3rd", "4th", "5th", "6th", "7th")]
    assert streets == sorted(streets, reverse=True) and streets[0] > streets[-1] > 0
    assert counts["showdown"] <= counts["saw 7th"]
    assert counts["saw 3rd"] == data.winnings(con, _hero_scope()).height


def test_bring_in_outcomes_add_up_to_the_hands_brought_in(con):
    outcomes = data.bring_in_outcomes(con, _hero_scope())
    brought_in = con.execute("SELECT count(*) FROM player_facts WHERE player = ? AND "
                             "is_bring_in", [EVIL]).fetchall()[0][0]
    assert brought_in > 0
    assert outcomes["hands"].sum() == brought_in


def test_hilo_slices_partition_the_hilo_showdowns(con):
    shares = data.hilo_shares(con, _hero_scope())
    showdowns = con.execute("SELECT count(*) FROM player_facts WHERE player = ? AND "
                            "won_high IS NOT NULL", [EVIL]).fetchall()[0][0]
    assert showdowns > 0 and shares["hands"].sum() == showdowns
    assert (shares["hands"] >= 0).all()


def test_audit_frames_count_every_stored_root_and_fold_its_consequences(con):
    """The audit counts breaches: the root findings; each consequence is folded into the
    root it follows from (issue 17)."""
    stored, roots = con.execute("SELECT count(*), count(*) FILTER (caused_by IS NULL) "
                                "FROM violations").fetchall()[0]
    assert roots > 0 and stored > roots  # the simulator injected faults, with consequences
    assert data.violations_by_code(con, None)["count"].sum() == roots
    assert data.violations_over_time(con, None)["count"].sum() == roots
    flagged, total = data.flagged_hands(con, None, limit=10_000)
    assert total == roots == flagged.height
    assert flagged["consequences"].sum() == stored - roots
    assert data.audit_counts(con, None)[2] == roots


def _figure_ids(html: str) -> list[str]:
    return re.findall(r'<div id="(figure-\d+)" class="plotly-graph-div"', html)


def test_all_players_report_has_every_section_and_escapes_names(db, tmp_path):
    out = build_report(db, tmp_path / "all.html")
    html = out.read_text(encoding="utf-8")
    assert out.stat().st_size < 10_000_000
    for anchor in ("stats", "winnings", "streets", "results", "games"):
        assert f'<section id="{anchor}">' in html
    assert len(_figure_ids(html)) >= 9
    assert EVIL not in html  # neither in the table nor in the figures' JSON
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#x27;q&#x27;" in html
    table = html.split('<table id="players"')[1].split("</table>")[0]
    players = re.findall(r"<tr><td[^>]*>([^<]*)</td>", table)
    check = duckdb.connect(str(db), read_only=True)
    try:
        stored = check.execute("SELECT count(DISTINCT player) FROM player_facts").fetchall()
    finally:
        check.close()
    assert len(players) == min(stored[0][0], MAX_TABLE_PLAYERS)
    assert players[0] == html_escape(EVIL)  # busiest first


def test_one_player_report_has_the_stats_sheet_and_game_charts(db, tmp_path):
    html = build_report(db, tmp_path / "hero.html", player=EVIL).read_text(encoding="utf-8")
    assert "<details open><summary>general</summary>" in html
    assert "scoops, high halves" in html and "Razz: final low" in html
    assert len(_figure_ids(html)) >= 9


def test_game_filter_keeps_only_that_game(db, tmp_path):
    html = build_report(db, tmp_path / "razz.html", player=EVIL, game="razz").read_text(
        encoding="utf-8")
    assert "scoops, high halves" not in html and "Razz: final low" in html


def test_audit_page_quotes_the_offending_actions(db, tmp_path):
    html = build_report(db, tmp_path / "audit.html", audit=True).read_text(encoding="utf-8")
    assert len(_figure_ids(html)) == 2
    table = html.split('<table id="flagged"')[1]
    assert re.search(r"<td[^>]*>[^<]+: (checks|calls|bets|raises|folds|completes|brings)", table)
    from stud_hh.validate.catalogue import CATALOGUE

    codes = set(re.findall(r">([A-Z_]{6,})</td>", table))
    assert codes and codes <= set(CATALOGUE)
    for code in codes:  # the rule section and the rule's expectation travel with the code
        assert f">{html_escape(CATALOGUE[code].rule)}<" in table
        assert f">{html_escape(CATALOGUE[code].summary)}<" in table


def test_errors_name_the_problem(db, tmp_path):
    with pytest.raises(ReportError, match="no hands of player"):
        build_report(db, tmp_path / "x.html", player="nobody at all")
    with pytest.raises(ReportError, match="no database"):
        build_report(tmp_path / "missing.duckdb", tmp_path / "x.html")


@pytest.mark.slow  # over ~5 s: run by CI's slow step
def test_report_command_exit_codes(db, tmp_path, capsys):
    out = tmp_path / "cli.html"
    assert main(["report", "--db", str(db), "--out", str(out), "--game", "hilo"]) == 0
    assert out.exists() and "report written to" in capsys.readouterr().out
    assert main(["report", "--db", str(db), "--out", str(out), "--game", "holdem"]) == 2
    assert main(["report", "--db", str(tmp_path / "none.duckdb"), "--out", str(out)]) == 1
    assert main(["report", "--db", str(db), "--out", str(tmp_path / "a.html"), "--audit"]) == 0


def test_player_order_is_busiest_first_for_stable_colours(con):
    volume = data.players_by_volume(con, data.Scope())
    assert volume["player"][0] == EVIL
    assert volume["hands"].is_sorted(descending=True)
    assert isinstance(volume, pl.DataFrame)


def test_aggression_chart_and_stats_sheet_show_the_catalogue_values(con):
    from dashboards import stats_view
    from dashboards.html import SMALL_SAMPLE
    from pipelines.stats import player_stats

    stats = player_stats(con, player=EVIL)
    row = stats.row(0, named=True)
    aggression = stats_view.aggression(stats, (EVIL,))
    assert aggression.height > 0
    for street, factor, frequency, decisions in aggression.select(
            "street", "factor", "frequency", "decisions").rows():
        assert factor == row[f"af_{street}"]
        assert frequency == pytest.approx(row[f"afq_{street}"] / 100)
        assert decisions == row[f"afq_{street}_n"]
    sheet = stats_view.stats_sheet(stats, EVIL)
    assert f">{row['vpip']:.1f}%<" in sheet
    greyed = re.findall(r'class="num small-sample" title="sample: (\d+) \(small\)"', sheet)
    assert greyed and all(int(n) < SMALL_SAMPLE for n in greyed)
    shown = re.findall(r'title="sample: (\d+)"', sheet)
    assert shown and all(int(n) >= SMALL_SAMPLE for n in shown)


def test_a_database_locked_by_a_writer_gives_a_sentence_not_a_lock_error(db, tmp_path):
    import shutil
    import subprocess
    import sys

    db = Path(shutil.copy(db, tmp_path / "copy.duckdb"))  # the module's reader holds the original

    holder = subprocess.Popen(
        [sys.executable, "-c", "import duckdb, sys, time\n"
         f"con = duckdb.connect({str(db)!r}); print('locked', flush=True); time.sleep(60)"],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        with pytest.raises(ReportError, match="run the report when it has finished"):
            build_report(db, tmp_path / "locked.html")
    finally:
        holder.kill()
        holder.wait()
