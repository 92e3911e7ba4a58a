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
                          "rule", "message", "caused_by"}
        assert r["hand_id"] == "3000000001"
    first = records[0]
    assert (first["code"], first["severity"], first["street"], first["action_index"],
            first["player"], first["rule"]) == (
        "CHECK_FACING_BET", "error", 4, 5, "Cy", "4.7 betting round")


# Ann completes to $0.05 (the completion is $0.04): the two calls of $0.02 that follow, the
# uncalled cent and the pot total all follow from it.
WIDE = LEGAL.replace("Cy: completes it to $0.04\nAnn: calls $0.02",
                     "Cy: completes it to $0.05\nAnn: calls $0.02")


def test_consequences_are_folded_under_their_root(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "wide.txt", WIDE)
    code, out = run(capsys, str(path), "--rules", "roberts", "--format", "jsonl")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and len(records) > 1
    assert records[0]["code"] == "BET_SIZE" and records[0]["caused_by"] is None
    assert {r["caused_by"] for r in records[1:]} == {0}
    code, out = run(capsys, str(path), "--rules", "roberts")
    assert f"+{len(records) - 1} consequence" in out
    assert out.count("ERROR   ") == 1  # the root alone, its consequences folded
    assert "1 errors" in out and f"({len(records) - 1} consequences folded" in out
    assert "by code (roots):\n  BET_SIZE  1\n" in out
    code, out = run(capsys, str(path), "--rules", "roberts", "--consequences")
    assert out.count("ERROR   ") == len(records)


def test_rules_live_is_selectable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A bet and four raises heads-up: the cap of LIVE (four raises, even heads-up)."""
    path = write(tmp_path, "legal.txt", LEGAL)
    code, out = run(capsys, str(path), "--rules", "live")
    assert code == 0, out
    code, out = run(capsys, str(path), "--rules", "pokerstars")
    assert code == 1 and "RAISE_CAP_EXCEEDED" in out


def test_a_files_hands_are_held_to_the_bring_in_the_others_posted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two hands bring in for $0.02 at $0.04/$0.08; the third's $0.03 is the one flagged,
    although alone it is a bring-in the rule set allows."""
    def hand(n: int, bring_in: str) -> str:
        return LEGAL.replace("3000000001", f"300000000{n}").replace(
            "Ann: brings in for $0.02", f"Ann: brings in for {bring_in}").replace(
            "Ann: calls $0.02", f"Ann: calls ${0.04 - float(bring_in[1:]):.2f}")
    path = write(tmp_path, "session.txt", "\n\n".join(
        [hand(1, "$0.02"), hand(2, "$0.02"), hand(3, "$0.03")]))
    code, out = run(capsys, str(path), "--rules", "roberts", "--format", "jsonl")
    records = [json.loads(line) for line in out.splitlines()]
    assert [(r["hand_id"], r["code"]) for r in records if r["caused_by"] is None] == [
        ("3000000003", "WRONG_BRING_IN_AMOUNT")]
    assert "as posted in 2 other hands" in records[0]["message"]
    alone = write(tmp_path, "alone.txt", hand(3, "$0.03"))
    code, out = run(capsys, str(alone), "--rules", "roberts")
    assert code == 0, out


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
