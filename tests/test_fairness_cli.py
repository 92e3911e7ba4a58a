"""``stud-hh fairness`` on real DuckDB files: simulated hands pass, a rigged sample fails.

The rigged sample is the issue's: simulated hands filtered to keep the hero's paired
starts twice as often as the others, written as PokerStars text and imported like any
history. The command must exit 1 and name the starting-hands test.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pipelines import import_paths
from stud_hh.cli import main
from stud_hh.dialects.pokerstars.writer import HAND_SEPARATOR, write_hand
from stud_hh.events import Deal, Street
from stud_hh.simulate import simulate_hands

HERO = "Hero"


def hero_start(hand) -> tuple[int, ...]:
    for e in hand.events:
        if type(e) is Deal and e.player == HERO and e.street is Street.THIRD:
            return tuple(c for c in e.cards if c is not None)
    return ()


def database(folder: Path, hands, name: str) -> Path:
    text = HAND_SEPARATOR.join(write_hand(h, HERO) for h in hands) + HAND_SEPARATOR
    (folder / f"{name}.txt").write_text(text, encoding="utf-8")
    db = folder / f"{name}.duckdb"
    result = import_paths([folder / f"{name}.txt"], db=db, jobs=1)
    assert result.quarantined == 0
    return db


@pytest.fixture(scope="module")
def fair_db(tmp_path_factory) -> Path:
    hands = list(simulate_hands(900, game="mixed", players=6, seed=21))
    return database(tmp_path_factory.mktemp("fair"), hands, "fair")


@pytest.fixture(scope="module")
def rigged_db(tmp_path_factory) -> Path:
    rng = random.Random(5)
    kept = []
    for hand in simulate_hands(1300, game="mixed", players=6, seed=22):
        start = hero_start(hand)
        paired = len({c >> 2 for c in start}) < 3
        if paired or rng.random() < 0.5:  # paired starts kept twice as often
            kept.append(hand)
    return database(tmp_path_factory.mktemp("rigged"), kept, "rigged")


def fairness(capsys, *argv):
    code = main(["fairness", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_simulated_hands_pass(capsys, fair_db):
    code, out, _ = fairness(capsys, "--db", str(fair_db))
    assert code == 0
    assert "No evidence of an unfair deal in 900 hands" in out
    assert "could detect a" in out and "starting_hands: the hero's starting hands [ok]" in out


def test_json_gives_every_test_with_observed_expected_and_p(capsys, fair_db):
    code, out, _ = fairness(capsys, "--db", str(fair_db), "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["rejected"] is False and data["correction"] == "holm"
    names = [t["name"] for t in data["tests"]]
    assert names[0] == "starting_hands" and "bring_in_seat" in names
    start = data["tests"][0]
    assert start["n"] == 900 and start["p_value"] is not None
    assert {c["label"] for c in start["categories"]} >= {"pair", "three to a flush"}
    pair = next(c for c in start["categories"] if c["label"] == "pair")
    assert pair["expected"] == pytest.approx(900 * 3744 / 22100)


def test_the_rigged_sample_fails_naming_the_test(capsys, rigged_db):
    code, out, _ = fairness(capsys, "--db", str(rigged_db))
    assert code == 1
    assert "The deal fails" in out and "starting_hands" in out
    assert "starting_hands: the hero's starting hands [REJECTS A FAIR DEAL]" in out
    code, out, _ = fairness(capsys, "--db", str(rigged_db), "--format", "json")
    data = json.loads(out)
    assert code == 1 and data["rejected"]
    assert [t["name"] for t in data["tests"] if t["rejected"]] == ["starting_hands"]


def test_one_players_hands(capsys, rigged_db):
    code, out, _ = fairness(capsys, "--db", str(rigged_db), "--player", HERO)
    assert code == 1 and "of Hero" in out
    other = _some_villain(rigged_db)
    code, out, _ = fairness(capsys, "--db", str(rigged_db), "--player", other)
    # a villain's downcards are only seen at showdown: his starts are not tested
    assert "starting_hands: the hero's starting hands [not tested]" in out


def _some_villain(db: Path) -> str:
    import duckdb

    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute("SELECT player FROM hand_players WHERE player <> 'Hero' "
                           "GROUP BY player ORDER BY count(*) DESC LIMIT 1").fetchone()[0]
    finally:
        con.close()


def test_nothing_to_test_exits_2(capsys, fair_db, tmp_path):
    code, _, err = fairness(capsys, "--db", str(tmp_path / "none.duckdb"))
    assert code == 2 and "no database" in err
    code, _, err = fairness(capsys, "--db", str(fair_db), "--player", "nobody at all")
    assert code == 2 and "no hands of player 'nobody at all'" in err


@pytest.mark.slow
def test_a_large_simulated_sample_passes_with_the_power_it_states(capsys, tmp_path):
    from stud_hh.simulate import simulate_to

    simulate_to(tmp_path / "hh", 12_000, game="mixed", seed=31, jobs=2)
    import_paths([tmp_path / "hh"], db=tmp_path / "big.duckdb", jobs=2)
    code, out, _ = fairness(capsys, "--db", str(tmp_path / "big.duckdb"), "--format", "json")
    data = json.loads(out)
    assert code == 0 and not data["rejected"], data["conclusion"]
    assert all(t["p_value"] is not None for t in data["tests"])
    assert "excess of pairs" in data["conclusion"]
