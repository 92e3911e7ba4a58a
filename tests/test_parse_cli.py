"""``stud-hh parse``: JSON lines that decode back to the same hands, summaries, exit codes."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from stud_hh.cli import main
from stud_hh.events import Hand, hand_from_json
from stud_hh.parse import parse_file

HANDS = Path(__file__).parent / "hands" / "pokerstars"


def test_jsonl_round_trips_every_hand(capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    assert main(["parse", str(HANDS)]) == 0
    lines = capsysbinary.readouterr().out.splitlines()
    expected = [h for p in sorted(HANDS.glob("*.txt")) for h in parse_file(p)]
    assert len(lines) == len(expected) >= 7
    for line, hand in zip(lines, expected, strict=True):
        assert isinstance(hand, Hand)
        assert hand_from_json(line) == hand


def test_errors_are_printed_and_exit_one(tmp_path: Path,
                                         capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    good = (HANDS / "cash-mixed-hilo.txt").read_text(encoding="utf-8")
    bad = good.replace("*** 4th STREET ***", "*** 5th STREET ***", 1)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.txt").write_text(bad, encoding="utf-8")
    (tmp_path / "ignored.hp").write_text("not a hand", encoding="utf-8")
    assert main(["parse", str(tmp_path)]) == 1
    rows = [json.loads(line) for line in capsysbinary.readouterr().out.splitlines()]
    assert len(rows) == 3
    error = rows[0]["parse_error"]
    assert error["hand_id"] == "200000000002" and error["line"] > 1
    assert error["path"].endswith("a.txt") and "*** 5th STREET ***" in error["text"]
    assert [r["header"]["hand_id"] for r in rows[1:]] == ["200000000003", "200000000006"]


def test_summary_counts_per_game_and_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "--format", "summary", str(HANDS)]) == 0
    out = capsys.readouterr().out.splitlines()
    hands = [h for p in sorted(HANDS.glob("*.txt")) for h in parse_file(p)]
    games = [h.header.game for h in hands if isinstance(h, Hand)]
    total = next(line for line in out if line.startswith("total")).split()
    assert total[1:] == [str(len(hands)), "0"] + [str(games.count(g)) for g in
                                                  ("stud", "stud8", "razz")]
    assert sum(1 for line in out if line.startswith(str(HANDS))) == len(list(HANDS.glob("*.txt")))


def test_usage_errors_exit_two(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "/no/such/path.txt"]) == 2
    assert "no such file" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["parse", "--format", "xml", str(HANDS)])
    assert exc.value.code == 2


@pytest.mark.skipif(shutil.which("stud-hh") is None, reason="console script not installed")
def test_console_script() -> None:
    done = subprocess.run(["stud-hh", "parse", "--format", "summary", str(HANDS)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "total" in done.stdout
    done = subprocess.run([sys.executable, "-m", "stud_hh.cli", "parse", "/no/such"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2
