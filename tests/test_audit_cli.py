"""``stud-hh audit``: text report, jsonl records, exit codes, parse errors, --rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stud_hh.cli import main

LEGAL = """\
PokerStars Game #3000000001:  7 Card Stud Limit ($0.04/$0.08 USD) - 2009/11/26 10:08:43 ET
Table 'Test III' 8-max
Seat 1: Ann ($1 in chips)
Seat 5: Cy ($1 in chips)
Ann: posts the ante $0.01
Cy: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [Ah Kd 9s]
Dealt to Cy [Qh]
Ann: brings in for $0.02
Cy: completes it to $0.04
Ann: calls $0.02
*** 4th STREET ***
Dealt to Ann [Ah Kd 9s] [3d]
Dealt to Cy [Qh] [Jc]
Cy: checks
Ann: bets $0.04
Cy: calls $0.04
*** 5th STREET ***
Dealt to Ann [Ah Kd 9s 3d] [Ks]
Dealt to Cy [Qh Jc] [5s]
Ann: bets $0.08
Cy: raises $0.08 to $0.16
Ann: raises $0.08 to $0.24
Cy: raises $0.08 to $0.32
Ann: raises $0.08 to $0.40
Cy: calls $0.08
*** 6th STREET ***
Dealt to Ann [Ah Kd 9s 3d Ks] [4c]
Dealt to Cy [Qh Jc 5s] [Qd]
Cy: checks
Ann: checks
*** RIVER ***
Dealt to Ann [Ah Kd 9s 3d Ks 4c] [Th]
Cy: checks
Ann: checks
*** SHOW DOWN ***
Cy: shows [6c 6d Qh Jc 5s Qd 8s] (two pair, Queens and Sixes)
Ann: mucks hand
Cy collected $0.94 from pot
*** SUMMARY ***
Total pot $0.98 | Rake $0.04
Seat 1: Ann mucked [Ah Kd 9s 3d Ks 4c Th]
Seat 5: Cy showed [6c 6d Qh Jc 5s Qd 8s] and won ($0.94) with two pair, Queens and Sixes
"""
# Heads-up, 5th street has a bet and four raises: legal under Robert's Rules (no cap
# heads-up), a breach under PokerStars' own rules (the cap holds heads-up).
FOURTH_RAISE = 10  # actions: 0-2 on 3rd, 3-5 on 4th, 6 bet and 7-10 raises on 5th

BROKEN = LEGAL.replace("Ann: bets $0.04\nCy: calls $0.04", "Ann: bets $0.04\nCy: checks")


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(["audit", *argv])
    return code, capsys.readouterr().out


def test_legal_hand_exits_zero_under_its_rules(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "legal.txt", LEGAL)
    code, out = run(capsys, str(path), "--rules", "roberts")
    assert code == 0
    assert "1 hands audited, 0 with findings: 0 errors" in out


def test_rules_option_changes_the_verdict(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "legal.txt", LEGAL)
    code, out = run(capsys, str(path), "--rules", "pokerstars", "--format", "jsonl")
    assert code == 1
    records = [json.loads(line) for line in out.splitlines()]
    assert [(r["code"], r["action_index"], r["player"], r["street"]) for r in records] == [
        ("RAISE_CAP_EXCEEDED", FOURTH_RAISE, "Ann", 5)]
    # default = the site's preset (PokerStars for PokerStars hands)
    assert run(capsys, str(path))[0] == 1


def test_text_report_quotes_the_line_and_what_was_expected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "broken.txt", BROKEN)
    code, out = run(capsys, str(path), "--rules", "roberts")
    assert code == 1
    assert "Hand #3000000001" in out
    assert "CHECK_FACING_BET [4th Street, action 5]" in out
    assert "> Cy: checks" in out
    assert "expected fold, call $0.04, raise to $0.08" in out


def test_jsonl_has_the_record_fields(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "broken.txt", BROKEN)
    code, out = run(capsys, str(path), "--rules", "roberts", "--format", "jsonl")
    assert code == 1
    records = [json.loads(line) for line in out.splitlines()]
    assert records, out
    for r in records:
        assert set(r) == {"hand_id", "code", "severity", "street", "action_index", "player",
                          "rule", "message"}
        assert r["hand_id"] == "3000000001"
    first = records[0]
    assert (first["code"], first["severity"], first["street"], first["action_index"],
            first["player"], first["rule"]) == (
        "CHECK_FACING_BET", "error", 4, 5, "Cy", "4.7 betting round")


def test_parse_errors_are_reported_and_fail(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    junk = "PokerStars Game #99: this is not a hand\nat all\n"
    path = write(tmp_path, "mixed.txt", LEGAL + "\n\n" + junk)
    code, out = run(capsys, str(path), "--rules", "roberts", "--format", "jsonl")
    assert code == 1
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["code"] for r in records] == ["PARSE_ERROR"]
    assert records[0]["path"] == str(path) and records[0]["line"] > 1
    code, out = run(capsys, str(path), "--rules", "roberts")
    assert "PARSE ERROR" in out and "1 unreadable hands" in out


def test_warnings_alone_exit_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Cy shows first although Ann made the last bet on the river.
    text = LEGAL.replace("Cy: checks\nAnn: checks\n*** SHOW DOWN ***",
                         "Cy: checks\nAnn: bets $0.08\nCy: calls $0.08\n*** SHOW DOWN ***")
    text = text.replace("Ann: mucks hand", "Ann: shows [Ah Kd 9s 3d Ks 4c Th] (a pair of Kings)")
    text = text.replace("$0.94", "$1.10").replace("$0.98", "$1.14")
    path = write(tmp_path, "order.txt", text)
    code, out = run(capsys, str(path), "--rules", "roberts", "--format", "jsonl")
    assert [json.loads(line)["code"] for line in out.splitlines()] == ["SHOWDOWN_ORDER"]
    assert code == 0


def test_directories_are_searched(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a").mkdir()
    write(tmp_path / "a", "one.txt", LEGAL)
    write(tmp_path, "two.txt", BROKEN)
    write(tmp_path, "notes.hp", "not a hand history: not read from a directory\n")
    code, out = run(capsys, str(tmp_path), "--rules", "roberts")
    assert code == 1
    assert "2 hands audited, 1 with findings" in out


def test_real_stars_corpus_audits_clean(stars_dir: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, str(stars_dir))
    assert code == 0, out
    assert "0 errors" in out


def test_bad_rules_name_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["audit", "x.txt", "--rules", "house"])
    assert exc.value.code == 2
