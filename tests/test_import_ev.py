"""All-in EV at import: the stored columns, the hands that do not qualify, the migration
from version 4, ``stud-hh rebuild``, the stats' luck and the books over simulated hands.

The stored figures are checked against ``stud_hh.equity`` asked directly about the spot a
player reads off the hand (whose cards, which pots, which cards are dead), not against
``all_in_ev`` itself.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipelines import import_paths
from pipelines.db import connect
from pipelines.migrate import current_version, migrate
from pipelines.rebuild import rebuild
from pipelines.rows import hand_rows
from pipelines.schema import HAND_PLAYERS, HANDS, PLAYER_FACTS, VERSION
from pipelines.stats import player_stats
from stud_hh.cards import parse_cards as c
from stud_hh.equity import solve, spot
from stud_hh.equity.allin import EV_EXACT_LIMIT, EV_SAMPLES, EV_SEED
from stud_hh.events import Summary
from stud_hh.recap import recap
from stud_hh.simulate import simulate_hands

HANDS_DIR = Path(__file__).resolve().parent / "hands" / "pokerstars"
SCHEMAS = Path(__file__).resolve().parent / "schemas"
ALL_IN_FILES = ("cash-mixed-hilo.txt", "tournament-hilo-all-in-antes.txt",
                "tournament-razz-side-pots.txt")


def chips(hands, game, dead, pot):
    """Each contender's expected chips from one pot, asked of ``stud_hh.equity``."""
    return solve(spot(hands, game, dead), seed=EV_SEED, samples=EV_SAMPLES,
                 exact_limit=EV_EXACT_LIMIT, pot=pot).chips


def _hand_without_a_show() -> str:
    """Hand 4 of the razz file with the all-in player's cards never shown: he mucks."""
    text = (HANDS_DIR / "tournament-razz-side-pots.txt").read_text(encoding="utf-8")
    hand = next(h for h in text.split("\n\n\n") if "#200000000004:" in h)
    hand = hand.replace("#200000000004:", "#200000000094:")
    hand = hand.replace("Third Guy: shows [6s 7d 3c 9d 4d 5h 2c] (a straight, Three to Seven)",
                        "Third Guy: mucks hand")
    return hand.replace(
        "Seat 3: Third Guy showed [6s 7d 3c 9d 4d 5h 2c] and won (60) with a straight, "
        "Three to Seven", "Seat 3: Third Guy collected (60)")


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("ev")
    source = folder / "hands"
    source.mkdir()
    for name in ALL_IN_FILES:
        (source / name).write_text((HANDS_DIR / name).read_text(encoding="utf-8"),
                                   encoding="utf-8")
    (source / "no-show.txt").write_text(_hand_without_a_show() + "\n\n\n", encoding="utf-8")
    path = folder / "ev.duckdb"
    result = import_paths([source], db=path, jobs=1)
    assert result.quarantined == 0 and result.imported >= 7
    return path


def players(db: Path, hand_id: str) -> dict[str, tuple[int, float | None, float | None]]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        rows = con.execute(
            "SELECT p.player, p.net_won, p.ev_equity, p.ev_net FROM hand_players p "
            "JOIN hands h USING (hand_key) WHERE h.hand_id = ?", [hand_id]).fetchall()
    finally:
        con.close()
    return {name: (net, equity, ev) for name, net, equity, ev in rows}


def hand_ev(db: Path, hand_id: str) -> tuple[int | None, str | None]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute("SELECT ev_street, ev_method FROM hands WHERE hand_id = ?",
                           [hand_id]).fetchone()
    finally:
        con.close()


def test_a_raked_three_way_all_in_on_6th_street_stores_its_exact_expectation(db):
    # Al all-in on 6th street: main pot 3,030 less $1 rake among three, side pot 400 between
    # Al and Bob; nothing is dead (everyone still in showed)
    assert hand_ev(db, "200000000002") == (6, "exact")
    al, bob, celik = c("Ks 9h Qs Qd 7c 7d"), c("As 2d 9c 3s 5d Jc"), c("6d 8s 2h 4h Kh 8h")
    main = chips([al, bob, celik], "stud8", (), 3030 - 100)
    side = chips([al, bob], "stud8", tuple(sorted(celik)), 400)
    stored = players(db, "200000000002")
    paid = 3030 - 100 + 400
    assert stored["Al \"Ace\" Smith"][2] == pytest.approx(main[0] + side[0] - 1210)
    assert stored["Al \"Ace\" Smith"][1] == pytest.approx((main[0] + side[0]) / paid)
    assert stored["bob.the.builder"][2] == pytest.approx(main[1] + side[1] - 1210)
    assert stored["Çelik"][1] == pytest.approx(main[2] / paid)
    assert stored["Çelik"][2] == pytest.approx(main[2] - 1010)
    assert stored["zed"] == (0, None, None)  # not dealt in
    assert sum(v[2] for v in stored.values() if v[2] is not None) == pytest.approx(-100)


def test_an_ante_all_in_with_a_folded_hand_shown_is_sampled_with_the_dead_cards(db):
    assert hand_ev(db, "200000000007") == (3, "monte-carlo")
    short, mid, big, quitter = c("5c 8c 2c"), c("4s 7h 3h"), c("9s 9h Kd"), c("Ad 5s 7s")
    main = chips([short, mid, big], "stud8", quitter, 12)
    side = chips([mid, big], "stud8", tuple(sorted(short + quitter)), 34)
    stored = players(db, "200000000007")
    assert stored["short"][2] == pytest.approx(main[0] - 3)
    assert stored["mid"][2] == pytest.approx(main[1] + side[0] - 20)
    assert stored["big"][2] == pytest.approx(main[2] + side[1] - 20)
    assert stored["quitter"] == (-3, 0.0, -3.0)


def test_hands_that_do_not_qualify_store_nulls(db):
    # 200000000001: the hero folds on 5th after delta:6's all-in on 4th
    # 200000000094: the all-in player mucks, his cards never known
    # the rest: no all-in at all
    con = duckdb.connect(str(db), read_only=True)
    try:
        rows = con.execute(
            "SELECT h.hand_id, h.ev_street, h.ev_method, count(p.ev_equity), count(p.ev_net) "
            "FROM hands h JOIN hand_players p USING (hand_key) GROUP BY ALL").fetchall()
    finally:
        con.close()
    valued = {"200000000002", "200000000007", "200000000004"}
    assert {r[0] for r in rows} >= valued | {"200000000001", "200000000094"}
    for hand_id, street, method, equities, nets in rows:
        if hand_id in valued:
            assert street is not None and method is not None and equities == nets > 0
        else:
            assert (street, method, equities, nets) == (None, None, 0, 0), hand_id
    assert players(db, "200000000094")["Third Guy"][0] == 30  # the net is still stored


def test_the_facts_carry_the_players_ev_net(db):
    con = duckdb.connect(str(db), read_only=True)
    try:
        differ = con.execute(
            "SELECT count(*) FROM player_facts f JOIN hand_players p ON p.hand_key = f.hand_key "
            "AND p.player = f.player WHERE f.ev_net IS DISTINCT FROM p.ev_net").fetchone()[0]
        valued = con.execute("SELECT count(ev_net) FROM player_facts").fetchone()[0]
    finally:
        con.close()
    assert differ == 0 and valued == 4 + 3 + 2


def test_stats_luck_is_actual_minus_expected(db):
    con = duckdb.connect(str(db), read_only=True)
    try:
        by_hand = con.execute(
            "SELECT p.player, count(*), sum(p.net_won / h.big_bet), "
            "sum(coalesce(p.ev_net, p.net_won) / h.big_bet), "
            "sum((p.net_won - coalesce(p.ev_net, p.net_won)) / h.big_bet), count(p.ev_net) "
            "FROM hand_players p JOIN hands h USING (hand_key) WHERE p.dealt_in "
            "GROUP BY p.player").fetchall()
        stats = player_stats(con)
    finally:
        con.close()
    assert len(by_hand) == stats.height
    lucky = 0
    for player, hands, won, expected, luck, valued in by_hand:
        row = stats.filter(stats["player"] == player).row(0, named=True)
        assert row["hands"] == hands and row["ev_hands"] == valued
        assert row["luck_bb_per_100"] * hands / 100 == pytest.approx(luck, abs=1e-9)
        assert row["luck_bb_per_100"] * hands / 100 == pytest.approx(won - expected, abs=1e-9)
        assert row["ev_bb_per_100"] + row["luck_bb_per_100"] == pytest.approx(
            row["bb_per_100"])
        lucky += abs(luck) > 0.01
    assert lucky >= 5  # the all-in players' luck is not zero


def test_rebuild_refills_the_columns(db, tmp_path):
    copy = tmp_path / "copy.duckdb"
    copy.write_bytes(db.read_bytes())
    con = duckdb.connect(str(copy))
    before = con.execute("SELECT hand_key, seat, ev_equity, ev_net FROM hand_players "
                         "ORDER BY ALL").fetchall()
    hands_before = con.execute("SELECT hand_key, ev_street, ev_method FROM hands "
                               "ORDER BY ALL").fetchall()
    con.execute("UPDATE hands SET ev_street = NULL, ev_method = NULL")
    con.execute("UPDATE hand_players SET ev_equity = 0.5, ev_net = NULL")
    con.close()
    result = rebuild(copy)
    assert not result.missing and result.hands == len(hands_before)
    con = duckdb.connect(str(copy), read_only=True)
    try:
        assert con.execute("SELECT hand_key, seat, ev_equity, ev_net FROM hand_players "
                           "ORDER BY ALL").fetchall() == before
        assert con.execute("SELECT hand_key, ev_street, ev_method FROM hands "
                           "ORDER BY ALL").fetchall() == hands_before
        assert con.execute("SELECT count(ev_net) FROM player_facts").fetchone()[0] == 9
    finally:
        con.close()


def _version_4_facts_ddl() -> str:
    """``player_facts`` as version 4 made it: without the EV column."""
    from dataclasses import replace

    table = replace(PLAYER_FACTS, columns=tuple(
        col for col in PLAYER_FACTS.columns if col.name != "ev_net"))
    return table.ddl(if_not_exists=True)


def test_a_version_4_database_gains_the_columns(tmp_path):
    db = tmp_path / "v4.duckdb"
    con = duckdb.connect(str(db))
    assert migrate(con, schema=(SCHEMAS / "schema_v4.sql").read_text(encoding="utf-8")) == 4
    con.execute(_version_4_facts_ddl())
    con.execute("INSERT INTO hands (hand_key, site, hand_id, game, betting, stakes, small_bet, "
                "big_bet, play_money, table_name, started_at, players, last_street, showdown, "
                "errors, warnings, source_line, import_id) VALUES (0, 'PokerStars', '1', "
                "'stud', 'fixed', '1/2', 1, 2, false, 't', now(), 2, 7, true, 0, 0, 1, 1)")
    con.execute("INSERT INTO hand_players (hand_key, seat, player, starting_stack, dealt_in, "
                "cards_known, folded, contributed, collected, net_won, rake_share, showed, "
                "won_at_showdown) VALUES (0, 1, 'Ann', 100, true, '', false, 2, 4, 2, 0, true, "
                "true)")
    names = {r[0] for r in con.execute("DESCRIBE hand_players").fetchall()}
    assert "ev_net" not in names
    con.close()
    again = connect(db)
    try:
        assert current_version(again) == VERSION >= 5
        for table in (HANDS, HAND_PLAYERS, PLAYER_FACTS):
            have = {r[0]: r[1] for r in again.execute(f"DESCRIBE {table.name}").fetchall()}
            for col in table.columns:
                if col.name.startswith("ev_"):
                    assert have[col.name] == col.sql_type, (table.name, col.name)
        assert again.execute("SELECT ev_street, ev_method FROM hands").fetchall() == [
            (None, None)]
        assert again.execute("SELECT net_won, ev_equity, ev_net FROM hand_players"
                             ).fetchall() == [(2, None, None)]
    finally:
        again.close()


def _valued_rows(hands):
    """``(hand, rake, [(net_won, ev_equity, ev_net) per dealt-in seat])`` of the hands the
    import values, through the import's own row builder."""
    for hand in hands:
        rows = hand_rows(0, hand, recap(hand), (), None, 0)
        if rows.hand[-2] is None:
            continue
        summary = [e for e in hand.events if type(e) is Summary]
        rake = summary[-1].rake if summary else 0
        yield hand, rake, rows.hand[-1], [(r[11], r[-2], r[-1]) for r in rows.players if r[4]]


def _check_books(hands) -> int:
    """Each pot is shared out whole in every runout, exact or sampled, so the players'
    expected nets sum to minus the rake (its expectation is itself: the rake is taken from
    the final pots) exactly up to float rounding, whatever the method; equities sum to 1."""
    valued = 0
    for _, rake, method, seats in _valued_rows(hands):
        valued += 1
        assert method in ("exact", "monte-carlo")
        assert sum(ev for _, _, ev in seats) == pytest.approx(-rake, abs=1e-6)
        assert sum(net for net, _, _ in seats) == -rake
        assert sum(eq for _, eq, _ in seats) == pytest.approx(1)
    return valued


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), game=st.sampled_from(["stud", "stud8", "razz"]))
def test_expected_nets_sum_to_zero_in_tournaments(seed, game):
    _check_books(simulate_hands(60, game=game, players=7, stakes="50/100", tournament=True,
                                seed=seed))


def test_expected_nets_sum_to_minus_the_rake_in_cash_games():
    # all-ins are rare at a simulated cash table: this seed's 400 hands have two, raked
    hands = simulate_hands(400, game="mixed", players=7, seed=3)
    assert _check_books(hands) >= 2
