"""Mixed-game files (HORSE, 8-Game): the stud hands are read, the others counted and skipped.

The files are written here in PokerStars' wording: HORSE hold'em and Omaha Hi/Lo hands and
8-Game 2-7 Triple Draw, No Limit Hold'em and Pot Limit Omaha hands between real stud, Stud
Hi/Lo and Razz hands of the corpus (their headers rewritten as the mixed game's). Import,
parse and audit agree on every count, and nothing of another game is quarantined.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from test_import_helpers import check_consistent, renumber, stars_hand_texts

from pipelines import import_paths
from stud_hh.cli import main

HOLDEM = "PokerStars Hand #{id}:  HORSE (Hold'em Limit, $0.04/$0.08 USD) - " + """\
2020/05/01 12:{m:02d}:00 ET
Table 'Alcor III' 8-max Seat #1 is the button
Seat 1: Anna Lyse ($2.40 in chips)
Seat 2: Bo Jangles ($1.75 in chips)
Seat 3: C.Ray ($3 in chips)
Bo Jangles: posts small blind $0.02
C.Ray: posts big blind $0.04
*** HOLE CARDS ***
Anna Lyse: raises $0.04 to $0.08
Bo Jangles: folds
C.Ray: calls $0.04
*** FLOP *** [7c 2d Jh]
C.Ray: checks
Anna Lyse: bets $0.04
C.Ray: folds
Uncalled bet ($0.04) returned to Anna Lyse
Anna Lyse collected $0.18 from pot
Anna Lyse: doesn't show hand
*** SUMMARY ***
Total pot $0.18 | Rake $0
Board [7c 2d Jh]
Seat 1: Anna Lyse (button) collected ($0.18)
Seat 2: Bo Jangles (small blind) folded before Flop
Seat 3: C.Ray (big blind) folded on the Flop
"""

OMAHA = "PokerStars Hand #{id}:  HORSE (Omaha Hi/Lo Limit, $0.04/$0.08 USD) - " + """\
2020/05/01 12:{m:02d}:00 ET
Table 'Alcor III' 8-max Seat #2 is the button
Seat 1: Anna Lyse ($2.50 in chips)
Seat 2: Bo Jangles ($1.73 in chips)
Seat 3: C.Ray ($2.92 in chips)
C.Ray: posts small blind $0.02
Anna Lyse: posts big blind $0.04
*** HOLE CARDS ***
Bo Jangles: calls $0.04
C.Ray: folds
Anna Lyse: checks
*** FLOP *** [Ac 4d 9s]
Anna Lyse: checks
Bo Jangles: checks
*** TURN *** [Ac 4d 9s] [Kh]
Anna Lyse: checks
Bo Jangles: checks
*** RIVER *** [Ac 4d 9s Kh] [2s]
Anna Lyse: checks
Bo Jangles: checks
*** SHOW DOWN ***
Anna Lyse: shows [3c 5h Qd Qs] (HI: a straight, Ace to Five; LO: 5,4,3,2,A)
Bo Jangles: mucks hand
Anna Lyse collected $0.05 from pot
Anna Lyse collected $0.05 from pot
*** SUMMARY ***
Total pot $0.10 | Rake $0
Board [Ac 4d 9s Kh 2s]
Seat 1: Anna Lyse (big blind) showed [3c 5h Qd Qs] and won ($0.10)
Seat 2: Bo Jangles (button) mucked
Seat 3: C.Ray (small blind) folded before Flop
"""

TRIPLE_DRAW = "PokerStars Hand #{id}:  8-Game (Triple Draw 2-7 Lowball Limit, $10/$20 USD)" + """\
 - 2021/02/02 20:{m:02d}:00 ET
Table 'Mira II' 6-max Seat #3 is the button
Seat 1: Dee Cline ($400 in chips)
Seat 3: Ed Mund ($380 in chips)
Dee Cline: posts small blind $5
Ed Mund: posts big blind $10
*** DEALING HANDS ***
Ed Mund: raises $10 to $20
Dee Cline: folds
Uncalled bet ($10) returned to Ed Mund
Ed Mund collected $20 from pot
Ed Mund: doesn't show hand
*** SUMMARY ***
Total pot $20 | Rake $0
Seat 1: Dee Cline (small blind) folded before the Draw
Seat 3: Ed Mund (button) (big blind) collected ($20)
"""

NL_HOLDEM = TRIPLE_DRAW.replace("Triple Draw 2-7 Lowball Limit", "Hold'em No Limit").replace(
    "*** DEALING HANDS ***", "*** HOLE CARDS ***")
PL_OMAHA = NL_HOLDEM.replace("Hold'em No Limit", "Omaha Pot Limit")

_STUD_HEADER = re.compile(
    r"PokerStars (?:Hand|Game) #(\d+):\s+(.*?) \((\$[\d.]+/\$[\d.]+)(?: USD)?\) - (.*)")


def as_mixed(text: str, mix: str, hand_id: int) -> str:
    """A corpus stud hand with the header PokerStars writes for it in a mixed game."""
    first, rest = renumber(text, hand_id).split("\n", 1)
    m = _STUD_HEADER.match(first)
    assert m, first
    return f"PokerStars Hand #{m[1]}:  {mix} ({m[2]}, {m[3]} USD) - {m[4]}\n{rest}"


@pytest.fixture(scope="module")
def mixed_folder(tmp_path_factory: pytest.TempPathFactory, stars_files: list[Path]) -> Path:
    studs = [t for t in stars_hand_texts(stars_files) if _STUD_HEADER.match(t)]
    games = {"7 Card Stud": None, "7 Card Stud Hi/Lo": None, "Razz": None}
    for text in studs:  # one hand of each stud game
        game = _STUD_HEADER.match(text)[2].removesuffix(" Limit")  # type: ignore[index]
        games[game] = games.get(game) or text
    assert all(games.values()), games
    stud_hands = list(games.values())
    folder = tmp_path_factory.mktemp("mixed")
    horse = []
    for n in range(4):  # H, O, R, S, E: hold'em, Omaha, then the stud games
        horse.append(HOLDEM.format(id=810_000 + 10 * n, m=n))
        horse.append(OMAHA.format(id=810_001 + 10 * n, m=n))
        horse.extend(as_mixed(t, "HORSE", 810_002 + 10 * n + i)
                     for i, t in enumerate(stud_hands))
    (folder / "HH20200501 Alcor III - $0.04-$0.08 - USD HORSE.txt").write_text(
        "\n\n".join(horse) + "\n\n", encoding="utf-8")
    eight = []
    for n in range(3):
        eight.append(TRIPLE_DRAW.format(id=820_000 + 10 * n, m=n))
        eight.append(NL_HOLDEM.format(id=820_001 + 10 * n, m=n))
        eight.append(PL_OMAHA.format(id=820_002 + 10 * n, m=n))
        eight.append(as_mixed(stud_hands[n], "8-Game", 820_003 + 10 * n))
    (folder / "HH20210202 Mira II - $10-$20 - USD 8-Game.txt").write_text(
        "\r\n\r\n".join(eight).replace("\n", "\r\n"), encoding="utf-8")
    return folder


#: hands of other games in the two files, by the header's wording
OTHER = Counter({"Hold'em Limit": 4, "Omaha Hi/Lo Limit": 4, "Triple Draw 2-7 Lowball Limit": 3,
                 "Hold'em No Limit": 3, "Omaha Pot Limit": 3})
STUD = 4 * 3 + 3


def test_import_stores_the_stud_hands_and_counts_the_others(
    mixed_folder: Path, tmp_path: Path
) -> None:
    db = tmp_path / "db.duckdb"
    result = import_paths([mixed_folder], db=db, jobs=1)
    assert (result.hands_found, result.imported, result.quarantined) == (STUD, STUD, 0)
    assert result.skipped.other_games == OTHER
    assert "other games skipped: 17 hands (Hold'em Limit 4, Omaha Hi/Lo Limit 4, " \
           "Hold'em No Limit 3, Omaha Pot Limit 3, Triple Draw 2-7 Lowball Limit 3)" \
           in result.skipped.lines()
    con = check_consistent(db)
    try:
        games = dict(con.execute("SELECT game, count(*) FROM hands GROUP BY 1").fetchall())
        mixed = {r[0] for r in con.execute("SELECT DISTINCT mixed FROM hands").fetchall()}
        recorded = con.execute("SELECT other_games FROM imports").fetchone()
    finally:
        con.close()
    assert games == {"stud": 5, "stud8": 5, "razz": 5}
    assert mixed == {"HORSE", "8-Game"}
    assert recorded == (dict(OTHER),)


def test_import_summary_says_what_was_skipped(
    mixed_folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["import", str(mixed_folder), "--db", str(tmp_path / "db.duckdb"),
                 "--quiet", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert f"hands: {STUD} found = {STUD} imported + 0 duplicates + 0 quarantined" in out
    assert "other games skipped: 17 hands (Hold'em Limit 4" in out


def test_parse_and_audit_count_the_same(
    mixed_folder: Path, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    assert main(["parse", str(mixed_folder)]) == 0
    captured = capsysbinary.readouterr()
    hands = [json.loads(line) for line in captured.out.splitlines()]
    assert len(hands) == STUD and all("parse_error" not in h for h in hands)
    assert b"other games skipped: 17 hands" in captured.err
    assert main(["parse", "--format", "summary", str(mixed_folder)]) == 0
    summary = capsysbinary.readouterr().out.decode()
    total = next(line for line in summary.splitlines() if line.startswith("total")).split()
    assert total[1:3] == [str(STUD), "0"]
    assert "other games skipped: 17 hands" in summary
    assert main(["audit", str(mixed_folder)]) == 0
    audit = capsysbinary.readouterr().out.decode()
    assert f"{STUD} hands audited" in audit and "other games skipped: 17 hands" in audit
