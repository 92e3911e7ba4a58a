"""``stud-hh equity``: the issue's arguments, its JSON shape, errors as exit 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from stud_hh.cli import main

EXAMPLE = ["--game", "stud", "Ah Kh | Qh Jh 2c 3d", "7c 7d | 7s 8s 9d 4c", "--dead", "Th 5h"]


def run(capsys, *argv):
    code = main(["equity", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_issue_example_json_has_exactly_the_issue_shape(capsys):
    code, out, _ = run(capsys, *EXAMPLE, "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["method", "players", "stderr"]
    assert data["method"] == "exact" and data["stderr"] == 0
    assert [list(p) for p in data["players"]] == [["win", "tie", "scoop", "equity"]] * 2
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(1)
    # argument order: the made trips are the favourite against the four-flush
    assert data["players"][1]["equity"] > data["players"][0]["equity"]


def test_text_names_the_street_method_and_each_player(capsys):
    code, out, _ = run(capsys, *EXAMPLE)
    assert code == 0
    assert "Seven Card Stud, 6th Street, 2 players, dead: Th 5h" in out
    assert "exact: every one of 1,406 runouts" in out
    assert "Ah Kh | Qh Jh 2c 3d" in out and "7c 7d | 7s 8s 9d 4c" in out


def test_monte_carlo_states_its_error_and_repeats_by_seed(capsys):
    argv = ["--game", "razz", "Ah 2h | 3h", "? ? | Kd", "7c 8c | 9c", "--seed", "4",
            "--samples", "3000", "--format", "json"]
    _, first, _ = run(capsys, *argv)
    _, second, _ = run(capsys, *argv)
    data = json.loads(first)
    assert first == second and data["method"] == "monte-carlo" and 0 < data["stderr"] < 0.02
    code, text, _ = run(capsys, *argv[:-2])
    assert code == 0 and "monte-carlo: 3,000 runouts (seed 4)" in text and "at 95 %" in text


def test_method_can_be_forced(capsys):
    code, out, _ = run(capsys, *EXAMPLE, "--method", "monte-carlo", "--samples", "500",
                       "--format", "json")
    assert code == 0 and json.loads(out)["method"] == "monte-carlo"


def test_community_card_on_the_board(capsys):
    # eight players on 6th street: 48 cards out, 4 unseen, one community 7th card
    players = [f"{r}c {r}d | {r}h {r}s {x} {y}" for r, x, y in zip(
        "23456789", ("Tc", "Jc", "Qc", "Kc", "Ac", "Td", "Jd", "Qd"),
        ("Th", "Jh", "Qh", "Kh", "Ah", "Ts", "Js", "Qs"), strict=True)]
    code, out, _ = run(capsys, "--game", "stud8", *players)
    assert code == 0 and "community 7th card" in out and "every one of 4 runouts" in out
    # two players on 6th street, a community card by the rules' choice (TDA, pagat)
    code, out, _ = run(capsys, "Ah Kh | Qh Jh 2c 3d", "7c 7d | 7s 8s 9d 4c", "--community")
    assert code == 0 and "community 7th card" in out and "every one of 40 runouts" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["Ah Kh | Qh", "Ah Qs | 2c"], "cards given twice: Ah"),
    (["Ah Kh Qh", "Jc Tc | 9c"], "write a player as 'DOWN | UP'"),
    (["Ah Kh | Qh Zz", "Jc Tc | 9c 8c"], "not a card"),
    (["Ah Kh | Qh 2c", "Jc Tc | 9c"], "different numbers of upcards"),
    (["Ah Kh Qh Jh | 2c", "Jc Tc | 9c"], "at most 3 downcards"),
    (["Ah Kh | 2c"], "2 to 8 players"),
])
def test_impossible_spots_exit_2_with_the_reason(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err


def test_the_console_script_runs_it():
    done = subprocess.run([sys.executable, "-m", "stud_hh.cli", "equity", *EXAMPLE,
                           "--format", "json"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["method"] == "exact"
