"""Hand-written PokerStars histories, each broken in one way, and the verdict on each.

The issue's motivating case: fpdb stored 12 of 15 deliberately broken hands without a word
(a wrong bring-in player, a fixed-limit raise of $0.50 at $0.04/$0.08, seven raises in a
round, a bet after a fold, a bet larger than the stack, ``Total pot $9999``, ...). Every
one of them here must be reported with its code at the right action.

``BASE`` is a legal three-handed hand (checked first); each case edits a few of its lines.
Action indices count ``Hand.player_actions()``:
0 Bob brings in, 1 Cy calls, 2 Ann completes, 3 Bob calls, 4 Cy calls | 4th: 5 Cy checks,
6 Ann bets, 7 Bob calls, 8 Cy calls | 5th: 9 Ann bets, 10 Bob folds, 11 Cy calls |
6th: 12 Cy bets, 13 Ann raises, 14 Cy calls | river: 15 Cy checks, 16 Ann bets, 17 Cy calls.
"""

from __future__ import annotations

import msgspec
import pytest

from stud_hh.events import Bet, Hand, Street
from stud_hh.parse import parse_text
from stud_hh.rules import POKERSTARS
from stud_hh.validate import CATALOGUE, validate

BASE = """\
PokerStars Game #1000000001:  7 Card Stud Limit ($0.04/$0.08 USD) - 2009/11/26 10:08:43 ET
Table 'Test I' 8-max
Seat 1: Ann ($1 in chips)
Seat 3: Bob ($1 in chips)
Seat 5: Cy ($1 in chips)
Ann: posts the ante $0.01
Bob: posts the ante $0.01
Cy: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [Ah Kd 9s]
Dealt to Bob [2c]
Dealt to Cy [Qh]
Bob: brings in for $0.02
Cy: calls $0.02
Ann: completes it to $0.04
Bob: calls $0.02
Cy: calls $0.02
*** 4th STREET ***
Dealt to Ann [Ah Kd 9s] [3d]
Dealt to Bob [2c] [7h]
Dealt to Cy [Qh] [Jc]
Cy: checks
Ann: bets $0.04
Bob: calls $0.04
Cy: calls $0.04
*** 5th STREET ***
Dealt to Ann [Ah Kd 9s 3d] [Ks]
Dealt to Bob [2c 7h] [8d]
Dealt to Cy [Qh Jc] [5s]
Ann: bets $0.08
Bob: folds
Cy: calls $0.08
*** 6th STREET ***
Dealt to Ann [Ah Kd 9s 3d Ks] [4c]
Dealt to Cy [Qh Jc 5s] [Qd]
Cy: bets $0.08
Ann: raises $0.08 to $0.16
Cy: calls $0.08
*** RIVER ***
Dealt to Ann [Ah Kd 9s 3d Ks 4c] [Th]
Cy: checks
Ann: bets $0.08
Cy: calls $0.08
*** SHOW DOWN ***
Ann: shows [Ah Kd 9s 3d Ks 4c Th] (a pair of Kings)
Cy: shows [6c 6d Qh Jc 5s Qd 8s] (two pair, Queens and Sixes)
Cy collected $0.87 from pot
*** SUMMARY ***
Total pot $0.91 | Rake $0.04
Seat 1: Ann showed [Ah Kd 9s 3d Ks 4c Th] and lost with a pair of Kings
Seat 3: Bob folded on the 5th Street
Seat 5: Cy showed [6c 6d Qh Jc 5s Qd 8s] and won ($0.87) with two pair, Queens and Sixes
"""


def parse_one(text: str) -> Hand:
    (hand,) = list(parse_text(text))
    assert isinstance(hand, Hand), hand
    return hand


def edit(*changes: tuple[str, str]) -> str:
    text = BASE
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


THIRD = """Bob: brings in for $0.02
Cy: calls $0.02
Ann: completes it to $0.04
Bob: calls $0.02
Cy: calls $0.02
"""
SHOW = """Cy collected $0.87 from pot
*** SUMMARY ***
Total pot $0.91 | Rake $0.04
Seat 1: Ann showed [Ah Kd 9s 3d Ks 4c Th] and lost with a pair of Kings
Seat 3: Bob folded on the 5th Street
Seat 5: Cy showed [6c 6d Qh Jc 5s Qd 8s] and won ($0.87) with two pair, Queens and Sixes
"""

#: name -> (text, code, action_index, exact): ``exact`` means nothing else may be reported.
CASES: dict[str, tuple[str, str, int | None, bool]] = {
    # --- the fpdb six -------------------------------------------------------------------
    "wrong bring-in player": (edit((THIRD, """Cy: brings in for $0.02
Ann: completes it to $0.04
Bob: calls $0.04
Cy: calls $0.02
""")), "WRONG_BRING_IN_PLAYER", 0, True),
    "fixed-limit raise of $0.50": (edit(("Ann: raises $0.08 to $0.16\nCy: calls $0.08",
                                         "Ann: raises $0.50 to $0.58\nCy: calls $0.50")),
                                   "BET_SIZE", 13, False),
    "seven raises in a round": (edit((THIRD, """Bob: brings in for $0.02
Cy: calls $0.02
Ann: completes it to $0.04
Bob: raises $0.04 to $0.08
Cy: raises $0.04 to $0.12
Ann: raises $0.04 to $0.16
Bob: raises $0.04 to $0.20
Cy: raises $0.04 to $0.24
Ann: raises $0.04 to $0.28
Bob: raises $0.04 to $0.32
Cy: calls $0.08
Ann: calls $0.04
""")), "RAISE_CAP_EXCEEDED", 6, False),
    "bet after a fold": (edit(("Cy: checks\nAnn: bets $0.08\nCy: calls $0.08",
                               "Cy: checks\nAnn: bets $0.08\nCy: calls $0.08\n"
                               "Bob: bets $0.08")),
                         "ACTION_AFTER_FOLD", 18, False),
    "bet larger than the stack": (edit(("Ann: bets $0.08\nCy: calls $0.08\n*** SHOW",
                                        "Ann: bets $5\nCy: calls $0.08\n*** SHOW")),
                                  "BET_EXCEEDS_STACK", 16, False),
    "total pot $9999": (edit(("Total pot $0.91", "Total pot $9999")),
                        "POT_TOTAL_MISMATCH", None, True),
    # --- the rest of the catalogue --------------------------------------------------------
    "bring-in no more than the ante": (edit((THIRD, """Bob: brings in for $0.01
Cy: calls $0.01
Ann: completes it to $0.04
Bob: calls $0.03
Cy: calls $0.03
""")), "WRONG_BRING_IN_AMOUNT", 0, False),
    "check facing a bet": (edit(("Ann: bets $0.04\nBob: calls $0.04",
                                 "Ann: bets $0.04\nBob: checks")),
                           "CHECK_FACING_BET", 7, False),
    "wrong first actor on 4th street": (edit(("Cy: checks\nAnn: bets $0.04\nBob: calls $0.04"
                                              "\nCy: calls $0.04",
                                              "Ann: bets $0.04\nBob: calls $0.04\n"
                                              "Cy: calls $0.04")),
                                        "WRONG_FIRST_ACTOR", 5, True),
    "out of turn": (edit(("Ann: bets $0.08\nBob: folds\nCy: calls $0.08",
                          "Ann: bets $0.08\nCy: calls $0.08\nBob: folds")),
                    "OUT_OF_TURN", 10, True),
    "raise before the completion": (edit(("Ann: completes it to $0.04\nBob: calls $0.02\n"
                                          "Cy: calls $0.02",
                                          "Ann: raises $0.06 to $0.08\nBob: calls $0.06\n"
                                          "Cy: calls $0.06")),
                                    "RAISE_BEFORE_COMPLETION", 2, False),
    "big bet on 4th without an open pair": (edit(("Ann: bets $0.04\nBob: calls $0.04\n"
                                                  "Cy: calls $0.04",
                                                  "Ann: bets $0.08\nBob: calls $0.08\n"
                                                  "Cy: calls $0.08")),
                                            "BIG_BET_WITHOUT_OPEN_PAIR", 6, False),
    "a card seen twice": (edit(("Cy: shows [6c", "Cy: shows [Ah"),
                               ("Cy showed [6c", "Cy showed [Ah")),
                          "DUPLICATE_CARD", None, False),
    "eight cards shown": (edit(("Cy: shows [6c 6d Qh Jc 5s Qd 8s]",
                                "Cy: shows [6c 6d Qh Jc 5s Qd 8s 2h]")),
                          "WRONG_CARD_COUNT", None, False),
    "collected more than the pot": (edit(("Cy collected $0.87", "Cy collected $0.90"),
                                         ("won ($0.87)", "won ($0.90)")),
                                    "COLLECTED_MISMATCH", None, True),
    "pot to the loser": (edit(("Cy collected $0.87", "Ann collected $0.87")),
                         "WRONG_WINNER", None, True),
    "uncalled bet half returned": (edit(("Ann: bets $0.08\nCy: calls $0.08\n*** SHOW DOWN ***"
                                         "\nAnn: shows [Ah Kd 9s 3d Ks 4c Th] (a pair of Kings)"
                                         "\nCy: shows [6c 6d Qh Jc 5s Qd 8s] (two pair, Queens "
                                         "and Sixes)\n" + SHOW,
                                         """Ann: bets $0.08
Cy: folds
Uncalled bet ($0.04) returned to Ann
Ann collected $0.75 from pot
*** SUMMARY ***
Total pot $0.79 | Rake $0.04
Seat 1: Ann collected ($0.75)
Seat 3: Bob folded on the 5th Street
Seat 5: Cy folded on the River
""")), "UNCALLED_RETURN_MISMATCH", None, True),
    "missing ante": (edit(("Bob: posts the ante $0.01\n", "")), "ANTE_MISSING", None, False),
    "wrong ante": (edit(("Bob: posts the ante $0.01", "Bob: posts the ante $0.02")),
                   "ANTE_AMOUNT", None, False),
    "loser shows first after a river bet": (
        edit(("Ann: shows [Ah Kd 9s 3d Ks 4c Th] (a pair of Kings)\n"
              "Cy: shows [6c 6d Qh Jc 5s Qd 8s] (two pair, Queens and Sixes)",
              "Cy: shows [6c 6d Qh Jc 5s Qd 8s] (two pair, Queens and Sixes)\n"
              "Ann: shows [Ah Kd 9s 3d Ks 4c Th] (a pair of Kings)")),
        "SHOWDOWN_ORDER", None, True),
}


def test_base_hand_is_legal() -> None:
    assert validate(parse_one(BASE), POKERSTARS) == []


@pytest.mark.parametrize("name", sorted(CASES))
def test_broken_hand_is_caught(name: str) -> None:
    text, code, action_index, exact = CASES[name]
    found = validate(parse_one(text), POKERSTARS)
    got = {(v.code, v.action_index) for v in found}
    assert (code, action_index) in got, found
    if exact:
        assert got == {(code, action_index)}, found


def test_hand_stopping_mid_round_is_incomplete() -> None:
    """The PokerStars parser refuses a truncated text, so the cut is made in the events
    (as a broken exporter of another site would deliver it): 6th street stops after the
    bet, with Ann to act."""
    hand = parse_one(BASE)
    bet = next(i for i, e in enumerate(hand.events)
               if type(e) is Bet and e.player == "Cy" and e.amount == 8)
    cut = msgspec.structs.replace(hand, events=hand.events[: bet + 1])
    found = validate(cut, POKERSTARS)
    assert [(v.code, v.player, v.street) for v in found] == [
        ("INCOMPLETE_HAND", "Ann", Street.SIXTH)], found


def test_every_case_code_is_catalogued_with_its_severity() -> None:
    for _text, code, _index, _exact in CASES.values():
        entry = CATALOGUE[code]
        assert entry.severity == ("warning" if code == "SHOWDOWN_ORDER" else "error")
