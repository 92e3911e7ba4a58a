"""The catalogue over a real DuckDB file: values known by hand, filters, the CLI, the docs.

The hands are the hand-written PokerStars hands of ``test_stats_hands.py`` (stories there);
every expected number below is counted from those stories, not read back from the code.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import duckdb
import polars as pl
import pytest
from test_stats_hands import all_hands

from pipelines.stats import facts_columns, player_stats, rebuild_facts, store_facts
from pipelines.stats.catalogue import CATALOGUE
from pipelines.stats.facts_table import COLUMNS, FACTS_DDL
from pipelines.stats.query import StatsError
from stud_hh.cli import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("stats") / "hands.duckdb"
    con = duckdb.connect(str(path))
    try:
        hands = all_hands()
        written = store_facts(con, facts_columns(hands))
        assert written == 8 + 8 + 6 + 2 + 2 + 1  # Ann, Bob, Cat, Dan, Eve, Fay rows
        assert store_facts(con, facts_columns(hands)) == 0  # stored hands are skipped
    finally:
        con.close()
    return path


def row(frame: pl.DataFrame, player: str) -> dict[str, object]:
    return frame.filter(pl.col("player") == player).row(0, named=True)


def test_rates_and_samples_known_by_hand(db: Path) -> None:
    stats = player_stats(db)
    assert stats["player"].to_list() == ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
    ann, bob, cat = row(stats, "Ann"), row(stats, "Bob"), row(stats, "Cat")
    assert (ann["hands"], bob["hands"], cat["hands"]) == (8, 8, 6)
    # Ann: voluntary in SHOWDOWN (called the completion), SPLIT, SCOOP, BI_COMPLETES
    assert (ann["vpip"], ann["vpip_n"]) == (50.0, 8)
    # Ann brought in 5 times: completed once, walked once; faced 3 completions
    assert (ann["bring_in"], ann["bi_complete"], ann["bi_complete_n"]) == (62.5, 20.0, 5)
    assert ann["bi_walk"] == 20.0
    assert ann["bi_fold_to_complete"] == pytest.approx(200 / 3)
    assert ann["bi_fold_to_complete_n"] == 3
    assert ann["bi_call_complete"] == pytest.approx(100 / 3)
    # Ann faced a steal alone only in STEAL (in RAZZ Cat called in between) and folded
    assert (ann["fold_to_steal_pos"], ann["fold_to_steal_pos_n"]) == (100.0, 1)
    # Cat: positional chances in STEAL (taken) and WALK (passed); by upcards STEAL,
    # RESTEAL (taken) and WALK (passed); one of the two upcard steals won
    assert (cat["steal_pos"], cat["steal_pos_n"]) == (50.0, 2)
    assert cat["steal_up"] == pytest.approx(200 / 3) and cat["steal_up_n"] == 3
    assert (cat["steal_up_success"], cat["steal_up_success_n"]) == (50.0, 2)
    # Bob faced steals by upcards in RESTEAL (re-stole) and SPLIT (called)
    assert (bob["resteal_up"], bob["resteal_up_n"]) == (50.0, 2)
    # Bob saw 4th in RESTEAL, SHOWDOWN, SPLIT, SCOOP, RAZZ; showdown in the last four;
    # won at showdown in SHOWDOWN and SPLIT (the low half)
    assert (bob["saw_4"], bob["saw_4_n"]) == (62.5, 8)
    assert (bob["showdown"], bob["showdown_n"]) == (80.0, 5)
    assert (bob["won_showdown"], bob["won_showdown_n"]) == (50.0, 4)
    # Bob was the 3rd-street aggressor in RESTEAL and SHOWDOWN (c-bet both) and RAZZ
    # (checked 4th)
    assert (bob["cbet_4th"], bob["cbet_4th_n"]) == (pytest.approx(200 / 3), 3)
    assert (cat["fold_to_cbet_4th"], cat["fold_to_cbet_4th_n"]) == (50.0, 2)
    assert (cat["checkraise_4"], cat["checkraise_4_n"]) == (100.0, 1)
    assert (bob["big_bet_4th"], bob["big_bet_4th_n"]) == (100.0, 1)
    # Bob's aggression 3rd-7th: raises on 3rd in RESTEAL and SHOWDOWN, the completion in
    # RAZZ, bets on 4th in RESTEAL and SHOWDOWN; calls: SHOWDOWN limp, SPLIT completion,
    # SHOWDOWN 4th, 5th and river
    assert (bob["af"], bob["af_n"]) == (1.0, 5)
    # money: -1 +13 +35 +0 -3 -5 -1 -1 cents at 4/8 cents
    assert (bob["net_won_USD"], bob["rake_paid_USD"], bob["net_won_USD_n"]) == (37, 3, 8)
    assert bob["bb_per_100"] == pytest.approx(100 * 37 / 8 / 8)
    assert bob["sb_per_100"] == pytest.approx(100 * 37 / 4 / 8)
    # stud8 halves: Ann won the high half (SPLIT) and scooped (SCOOP)
    assert (ann["scoop"], ann["scoop_n"], ann["won_high_only"], ann["low_made"]) == (
        50.0, 2, 50.0, 50.0)
    assert (bob["won_low_only"], bob["low_made"]) == (50.0, 50.0)
    # razz lows and starting hands
    assert (bob["razz_low_8"], bob["razz_low_8_n"], cat["razz_low_6"]) == (100.0, 1, 100.0)
    assert row(stats, "Dan")["start_stud_buried_pair"] == 100.0
    assert (cat["vpip_door_stud_K"], cat["vpip_door_stud_K_n"]) == pytest.approx((100 / 3, 3))


def test_every_rate_has_its_sample_beside_it(db: Path) -> None:
    stats = player_stats(db)
    for stat in CATALOGUE:
        if stat.per_unit:
            assert f"{stat.key}_USD" in stats.columns and f"{stat.key}_USD_n" in stats.columns
            continue
        assert stat.key in stats.columns and f"{stat.key}_n" in stats.columns
        empty = stats.filter(pl.col(f"{stat.key}_n") == 0)
        if stat.kind == "rate":
            assert empty[stat.key].null_count() == empty.height, stat.key


@pytest.mark.slow  # over ~5 s: run by CI's slow step
def test_filters(db: Path) -> None:
    assert player_stats(db, game="razz").filter(pl.col("player") == "Ann")["hands"][0] == 1
    assert player_stats(db, game="hilo")["player"].to_list() == ["Ann", "Bob"]
    assert player_stats(db, since="2009-11-27")["player"].to_list() == ["Ann", "Bob", "Cat"]
    assert row(player_stats(db, until="2009-11-26"), "Ann")["hands"] == 7
    assert player_stats(db, min_hands=3)["player"].to_list() == ["Ann", "Bob", "Cat"]
    assert player_stats(db, player="Dan").height == 1
    assert row(player_stats(db, stakes="$0.04/$0.08"), "Bob")["hands"] == 8
    assert player_stats(db, stakes="1/2").height == 0
    with pytest.raises(StatsError):
        player_stats(db, game="holdem")
    with pytest.raises(StatsError):
        player_stats(db, since="yesterday")


def test_open_connection_and_missing_table(tmp_path: Path) -> None:
    con = duckdb.connect(str(tmp_path / "empty.duckdb"))
    with pytest.raises(StatsError, match="rebuild"):
        player_stats(con)
    with pytest.raises(StatsError, match="no database"):
        player_stats(tmp_path / "absent.duckdb")


def test_rebuild_replaces_the_facts(tmp_path: Path) -> None:
    con = duckdb.connect(str(tmp_path / "r.duckdb"))
    con.execute(FACTS_DDL)
    con.execute("CREATE TABLE hands (hand_key BIGINT, site VARCHAR, hand_id VARCHAR)")
    con.execute("INSERT INTO hands VALUES (7, 'pokerstars', '101')")
    hands = all_hands()
    assert rebuild_facts(con, hands[:1]) == 5
    assert rebuild_facts(con, hands, batch_size=3) == 27  # whole table recomputed
    keys = con.execute(
        "SELECT DISTINCT hand_key FROM player_facts WHERE hand_id = '101'").fetchall()
    assert keys == [(7,)]
    assert con.execute("SELECT count(*) FROM player_facts").fetchall() == [(27,)]


def test_ddl_matches_the_columns() -> None:
    con = duckdb.connect()
    con.execute(FACTS_DDL)
    names = [r[0] for r in con.execute("DESCRIBE player_facts").fetchall()]
    assert names == ["hand_key", *COLUMNS]


@pytest.mark.slow  # over ~5 s: run by CI's slow step
def test_cli_formats(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(db), "--format", "json", "--min-hands", "6"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["player"] for r in rows] == ["Ann", "Bob", "Cat"]
    assert rows[1]["net_won_USD"] == 37 and rows[1]["showdown_n"] == 5
    assert main(["stats", "--db", str(db), "--format", "csv", "--player", "Cat"]) == 0
    table = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert len(table) == 1 and float(table[0]["steal_pos"]) == 50.0
    assert main(["stats", "--db", str(db), "--player", "Bob"]) == 0
    out = capsys.readouterr().out
    assert "Bob: 8 hands" in out and "continuation bet" in out and "80.0%" in out
    assert main(["stats", "--db", str(db), "--samples"]) == 0
    out = capsys.readouterr().out
    assert "Ann" in out and "Fay" in out and "50%/8" in out
    assert main(["stats", "--db", str(db), "--game", "poker"]) == 2
    assert main(["stats", "--db", str(db / "nope.duckdb")]) == 1
    assert main(["stats", "--db", str(db), "--player", "Nobody"]) == 0
    assert "no player" in capsys.readouterr().out


def test_docs_define_every_stat() -> None:
    text = (ROOT / "docs" / "stats.md").read_text(encoding="utf-8")
    def documented(key: str) -> bool:
        street = re.fullmatch(r"(.+)_[4-7]", key)  # bet_4 .. bet_7 are `bet_N`
        return f"`{key}`" in text or bool(street and f"`{street.group(1)}_N`" in text)

    missing = [s.key for s in CATALOGUE if not documented(s.key)]
    # categories, door ranks and razz lows are documented as families
    families = ("start_", "vpip_", "bb_per_100_", "razz_low_")
    missing = [k for k in missing if not k.startswith(families)]
    assert not missing, f"stats without a definition in docs/stats.md: {missing}"
    for family in ("start_<game>_<category>", "vpip_<game>_<category>",
                   "bb_per_100_<game>_<category>", "vpip_door_<game>_<rank>",
                   "bb_per_100_door_<game>_<rank>", "razz_low_<rank>", "net_won_<unit>",
                   "rake_paid_<unit>"):
        assert f"`{family}`" in text
    assert "BB/100" in text and "SB/100" in text and "upper limit" in text


def test_more_values_known_by_hand(db: Path) -> None:
    stats = player_stats(db)
    bob, cat, dan = row(stats, "Bob"), row(stats, "Cat"), row(stats, "Dan")
    # Bob saw 4th five times and collected in RESTEAL, SHOWDOWN and SPLIT
    assert (bob["won_saw_4th"], bob["won_saw_4th_n"]) == (60.0, 5)
    # Dan's only known start (buried sevens) lost the 1-cent ante at 8-cent big bets
    assert (dan["bb_per_100_stud_buried_pair"], dan["bb_per_100_stud_buried_pair_n"]) == (
        -12.5, 1)
    # Cat's king door cards: +6, -1, -1 cents over three hands
    assert cat["bb_per_100_door_stud_K"] == pytest.approx(100 * 4 / 8 / 3)
    assert (bob["razz_low_paired"], bob["razz_low_paired_n"]) == (0.0, 1)


def test_high_only_excludes_a_scoop_without_low(tmp_path: Path) -> None:
    from test_stats_hands import NO_LOW, SPLIT, parse_one

    con = duckdb.connect(str(tmp_path / "lo.duckdb"))
    store_facts(con, facts_columns([parse_one(NO_LOW), parse_one(SPLIT)]))
    ann = row(player_stats(con), "Ann")
    assert (ann["scoop"], ann["won_high_only"], ann["scoop_n"]) == (50.0, 50.0, 2)


def test_scopes_and_groups_change_no_value(tmp_path: Path) -> None:
    """The optimised query equals the naive one: every stat summed over every row."""
    from pipelines.stats.catalogue import Kind
    from stud_hh.simulate import simulate_hands

    con = duckdb.connect(str(tmp_path / "sim.duckdb"))
    hands = [h for i, g in enumerate(("stud", "stud8", "razz"))
             for h in simulate_hands(60, game=g, players=6, seed=40 + i)]
    store_facts(con, facts_columns(hands))
    fast = player_stats(con).sort("player")
    parts = []
    for s in CATALOGUE:
        if s.per_unit:  # every simulated hand is in USD: the unit's column is the total
            parts.append(f'SUM({s.numerator}) AS "{s.key}_USD"')
            continue
        where = f" FILTER (WHERE {s.group[0]} = {s.group[1]})" if s.group else ""
        num = f"SUM(CAST(({s.numerator}) AS DOUBLE)){where}"
        den = f"SUM(CAST(({s.denominator}) AS DOUBLE)){where}"
        if s.kind is Kind.TOTAL:
            parts.append(f'{num} AS "{s.key}"')
        else:
            parts.append(f'CASE WHEN {den} > 0 THEN {s.scale} * {num} / {den} END AS "{s.key}"')
            parts.append(f'COALESCE({den}, 0) AS "{s.key}_n"')
    naive = con.sql(
        f"SELECT player, {', '.join(parts)} FROM player_facts GROUP BY player ORDER BY player"
    ).pl()
    assert fast.height == naive.height > 5
    for column in naive.columns[1:]:
        a, b = fast[column].to_list(), naive[column].to_list()
        assert a == pytest.approx(b, nan_ok=True), column


@pytest.mark.parametrize(
    ("player", "key", "value", "n"),
    [
        # Ann completed in SPLIT and BI_COMPLETES; level-0 decisions in all hands but RESTEAL
        ("Ann", "aggr_3rd", 25.0, 8),
        ("Ann", "complete_3rd", 200 / 7, 7),
        # faced a completion in STEAL, RESTEAL, RAZZ (folded) and SHOWDOWN (called)
        ("Ann", "fold_to_complete_3rd", 75.0, 4),
        ("Ann", "fold_to_raise_3rd", 100.0, 1),
        ("Ann", "resteal_pos", 0.0, 1),
        ("Ann", "vpip_stud8_split_pair", 100.0, 1),  # SPLIT: Kd in the hole pairs the Kc door
        ("Ann", "vpip_stud8_three_low", 100.0, 1),  # SCOOP: Ac 3c 5d
        # Bob re-raised completions in RESTEAL and SHOWDOWN, called in SPLIT, folded in
        # BI_COMPLETES
        ("Bob", "reraise_3rd", 50.0, 4),
        ("Bob", "bi_reraise", 50.0, 2),
        ("Bob", "fold_to_steal_up", 0.0, 2),
        ("Bob", "saw_5", 50.0, 8),
        ("Bob", "saw_7", 50.0, 8),
        # 4th: bet in RESTEAL and SHOWDOWN; checked in SPLIT, SCOOP, RAZZ
        ("Bob", "bet_4", 40.0, 5),
        ("Bob", "afq_4", 200 / 3, 3),
        ("Bob", "af_5", 0.0, 1),
        ("Cat", "steal_pos_success", 100.0, 1),
        ("Cat", "fold_to_bet_4", 50.0, 2),
        ("Cat", "raise_4", 50.0, 2),
        ("Dan", "vpip_stud_buried_pair", 0.0, 1),
    ],
)
def test_stat_known_by_hand(db: Path, player: str, key: str, value: float, n: int) -> None:
    got = row(player_stats(db, player=player), player)
    assert (got[key], got[f"{key}_n"]) == (pytest.approx(value), n)
