"""``stud-hh show``, the stored events behind it, the PHH writer and the replayer's steps.

A real database (``browse_db``: stud in USD with injected breaches, razz in EUR, a Stud
Hi/Lo tournament in chips) imported by the real pipeline: every stored hand's events read
back equal the hand the parser made from its text, ``show`` prints each game, cash and
tournament, with and without findings, and the replayer marks each finding at its action.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import duckdb
import msgspec
import pytest
from browse_db import XSS, make_mixed_database

from pipelines.hand_events import HandNotFound, load_hand
from pipelines.lookup import find_hand
from stud_hh.cli import main
from stud_hh.dialects.pokerstars.writer import write_hand
from stud_hh.events import Collect, Hand, Summary, UncalledReturn, hand_from_json
from stud_hh.parse import parse_file
from stud_hh.phh import phh_fields, write_phh
from stud_hh.replayer import replay, replay_data
from stud_hh.validate import validate


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_mixed_database(tmp_path_factory.mktemp("show"))


@pytest.fixture(scope="module")
def con(db: Path):
    connection = duckdb.connect(str(db), read_only=True)
    yield connection
    connection.close()


def _pick(con: duckdb.DuckDBPyConnection, where: str) -> str:
    rows = con.execute(f"SELECT hand_id FROM hands h WHERE {where} ORDER BY hand_key LIMIT 1"
                       ).fetchall()
    assert rows, where
    return str(rows[0][0])


def test_stored_events_are_the_parsed_hands(db: Path, con: duckdb.DuckDBPyConnection) -> None:
    stored = {r[0]: (r[1], r[2]) for r in con.execute(
        "SELECT hand_id, hand_key, source_file FROM hands").fetchall()}
    files = {f for _, f in stored.values()}
    checked = 0
    for path in files:
        for parsed in parse_file(path):
            assert isinstance(parsed, Hand)
            key, _ = stored[parsed.hand_id]
            assert load_hand(con, key) == parsed
            checked += 1
    assert checked == len(stored) == con.execute(
        "SELECT count(*) FROM hand_events").fetchall()[0][0]


@pytest.mark.parametrize(("where", "marks"), [
    ("game = 'stud' AND currency = 'USD' AND errors + warnings > 0", ("$", "FINDINGS: ")),
    ("game = 'stud' AND currency = 'USD' AND errors + warnings = 0", ("$", "FINDINGS: none")),
    ("game = 'razz' AND currency = 'EUR'", ("€", "Razz", "FINDINGS: none")),
    ("game = 'stud8' AND tournament_id IS NOT NULL", ("Tournament #", "Hi/Lo", "FINDINGS")),
])
def test_show_prints_the_hand_and_its_findings(db: Path, con: duckdb.DuckDBPyConnection,
                                               capsys: pytest.CaptureFixture[str], where: str,
                                               marks: tuple[str, ...]) -> None:
    hand_id = _pick(con, where)
    assert main(["show", hand_id, "--db", str(db)]) == 0
    out = capsys.readouterr().out
    stored = find_hand(con, hand_id)
    assert out.startswith(write_hand(stored.hand))  # the writer's text, then the findings
    for mark in marks:
        assert mark in out
    for finding in stored.findings:
        assert finding["code"] in out and finding["message"] in out
    if stored.findings:
        assert "  > " in out or all(f["action_index"] is None for f in stored.findings)


def test_show_json_round_trips_and_phh_parses(db: Path, con: duckdb.DuckDBPyConnection,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    hand_id = _pick(con, "game = 'razz'")
    assert main(["show", hand_id, "--db", str(db), "--format", "json"]) == 0
    assert hand_from_json(capsys.readouterr().out) == find_hand(con, hand_id).hand
    assert main(["show", hand_id, "--db", str(db), "--format", "phh"]) == 0
    phh = tomllib.loads(capsys.readouterr().out)
    assert phh["variant"] == "FR" and phh["hand"] == hand_id and phh["currency"] == "EUR"


def test_show_says_what_is_wrong(db: Path, capsys: pytest.CaptureFixture[str],
                                 tmp_path: Path) -> None:
    assert main(["show", "1", "--db", str(db)]) == 1
    assert "no stored hand has id 1" in capsys.readouterr().err
    assert main(["show", "1", "--db", str(tmp_path / "none.duckdb")]) == 1
    assert "no database" in capsys.readouterr().err


def test_hands_without_stored_events_are_read_from_their_file(db: Path, tmp_path: Path
                                                              ) -> None:
    """A hand imported before hand_events existed: its source file, while it is there."""
    import shutil

    copy = tmp_path / "old.duckdb"
    shutil.copy(db, copy)
    con = duckdb.connect(str(copy))
    key, path = con.execute("SELECT hand_key, source_file FROM hands ORDER BY hand_key "
                            "LIMIT 1").fetchall()[0]
    expected = load_hand(con, key)
    con.execute("DELETE FROM hand_events WHERE hand_key = ?", [key])
    assert load_hand(con, key) == expected  # re-read from the file
    moved = tmp_path / "moved.txt"
    shutil.copy(path, moved)
    con.execute("UPDATE hands SET source_file = ? WHERE hand_key = ?", [str(moved), key])
    assert msgspec.structs.replace(load_hand(con, key), source=None) == \
        msgspec.structs.replace(expected, source=None)
    moved.unlink()
    with pytest.raises(HandNotFound, match="is gone"):
        load_hand(con, key)
    con.close()


def test_a_version_1_database_gains_the_events_table(tmp_path: Path) -> None:
    from pipelines.db import connect
    from pipelines.migrate import current_version, declared_version, migrate, schema_text

    v1 = (Path(__file__).parent / "schemas" / "schema_v1.sql").read_text(encoding="utf-8")
    con = duckdb.connect(str(tmp_path / "v1.duckdb"))
    migrate(con, schema=v1, folder=tmp_path / "no-migrations")
    assert current_version(con) == 1
    con.close()
    con = connect(tmp_path / "v1.duckdb")
    assert current_version(con) == declared_version(schema_text())
    assert con.execute("SELECT count(*) FROM hand_events").fetchall() == [(0,)]
    con.close()


def test_replayer_marks_each_finding_at_its_action(con: duckdb.DuckDBPyConnection) -> None:
    keys = [r[0] for r in con.execute(
        "SELECT DISTINCT hand_key FROM violations WHERE action_index IS NOT NULL").fetchall()]
    assert keys
    from pipelines.lookup import stored_hand

    for key in keys:
        stored = stored_hand(con, key)
        steps = replay(stored.hand, stored.findings).steps
        actions = {s.action_index: s for s in steps if s.action_index is not None}
        assert sorted(actions) == list(range(len(actions)))  # every decision is a step
        for finding in stored.findings:
            if finding["action_index"] is None:
                continue
            step = actions[finding["action_index"]]
            assert finding["message"] in [f["message"] for f in step.findings]
            event = next(e for _, i, e in stored.hand.player_actions()
                     if i == finding["action_index"])
            assert step.actor == event.player  # type: ignore[union-attr]


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
def test_replayer_keeps_the_chips(game: str) -> None:
    """Stacks and pot after every step: chips are never made or lost, the winners end with
    what the history says they collected, and the house keeps the rake."""
    from stud_hh.simulate import simulate_hands

    for hand in simulate_hands(40, game=game, players=7, seed=9):
        steps = replay(hand, validate(hand)).steps
        start = sum(s.stack for s in hand.seats if not (s.sitting_out or s.out_of_hand))
        rake = sum(e.rake for e in hand.events if isinstance(e, Summary))
        for step in steps[:-1]:
            assert sum(step.stacks) + step.pot == start
        last = steps[-1]
        assert last.pot == 0 and sum(last.stacks) == start - rake
        won = {e.player: 0 for e in hand.events if isinstance(e, Collect | UncalledReturn)}
        for e in hand.events:
            if isinstance(e, Collect | UncalledReturn):
                won[e.player] += e.amount
        assert set(won) <= {s.player for s in hand.seats}
        assert all(len(c) <= 7 for c in last.cards)


def test_replay_data_is_small_and_safe() -> None:
    from dashboards.replayer import script_json
    from stud_hh.simulate import simulate_hands

    hand = next(simulate_hands(1, game="stud", players=8, seed=2))
    data = replay_data(replay(hand))
    full = json.dumps(replay(hand).steps.__len__())
    assert full and len(json.dumps(data)) < 12_000
    text = script_json({"name": "</script><img src=x onerror=alert(1)>&"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"name": "</script><img src=x onerror=alert(1)>&"}


def test_phh_is_the_writers_fields_and_reads_back() -> None:
    """The PHH ``show`` prints is ``phh_fields`` as TOML (amounts in the currency's units,
    exact as decimals) and reads back as the same hand; PokerKit's replay of it is checked
    in ``tests/test_phh_pokerkit.py``."""
    from decimal import Decimal

    from stud_hh.dialects.phh import PHH
    from stud_hh.reader import RawHand
    from stud_hh.simulate import simulate_hands

    for game in ("stud", "stud8", "razz"):
        for hand in simulate_hands(20, game=game, players=6, seed=4):
            text = write_phh(hand)
            fields = tomllib.loads(text, parse_float=Decimal)
            assert fields == phh_fields(hand)
            again = PHH().parse_hand(RawHand(None, 1, text))
            not_kept = ("SeatResult", "TableNote", "Chat")  # docs/phh.md
            assert isinstance(again, Hand) and again.events == tuple(
                e for e in hand.events if type(e).__name__ not in not_kept)


def test_xss_hero_name_is_kept_as_data(con: duckdb.DuckDBPyConnection) -> None:
    key = con.execute("SELECT hand_key FROM hand_players WHERE player = ? LIMIT 1",
                      [XSS]).fetchall()[0][0]
    hand = load_hand(con, key)
    assert XSS in hand.players()
    assert XSS in write_phh(hand)  # a TOML string; tomllib reads it back
    assert XSS in tomllib.loads(write_phh(hand))["players"]
