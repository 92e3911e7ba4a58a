"""Rule-book options that change the verdict on the same history (rule book 4.6, 5, 8, 11).

Each history is legal under some presets and a breach under others; the test names both
sides, so an option the validator ignored would fail one of them.
"""

from __future__ import annotations

import pytest

from stud_hh.events import Hand
from stud_hh.parse import parse_text
from stud_hh.rules import PAGAT, POKERSTARS, ROBERTS, TDA, RuleSet
from stud_hh.validate import validate

HEAD = """\
PokerStars Game #2000000001:  7 Card Stud Limit ($0.04/$0.08 USD) - 2009/11/26 10:08:43 ET
Table 'Test II' 8-max
Seat 1: Ann ($1 in chips)
Seat 3: Bob ($1 in chips)
Seat 5: Cy ($1 in chips)
Ann: posts the ante $0.01
Bob: posts the ante $0.01
Cy: posts the ante $0.01
*** 3rd STREET ***
"""

# Bob pairs his door card on 4th street and bets the big bet (rule book 5, open pair).
OPEN_PAIR_BIG_BET = HEAD + """\
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
Dealt to Bob [2c] [2d]
Dealt to Cy [Qh] [Jc]
Bob: bets $0.08
Cy: calls $0.08
Ann: calls $0.08
*** 5th STREET ***
Dealt to Ann [Ah Kd 9s 3d] [Ks]
Dealt to Bob [2c 2d] [8d]
Dealt to Cy [Qh Jc] [5s]
Bob: checks
Cy: checks
Ann: bets $0.08
Bob: folds
Cy: calls $0.08
*** 6th STREET ***
Dealt to Ann [Ah Kd 9s 3d Ks] [4c]
Dealt to Cy [Qh Jc 5s] [Qd]
Cy: bets $0.08
Ann: calls $0.08
*** RIVER ***
Dealt to Ann [Ah Kd 9s 3d Ks 4c] [Th]
Cy: checks
Ann: checks
*** SHOW DOWN ***
Ann: shows [Ah Kd 9s 3d Ks 4c Th] (a pair of Kings)
Cy: shows [6c 6d Qh Jc 5s Qd 8s] (two pair, Queens and Sixes)
Cy collected $0.67 from pot
*** SUMMARY ***
Total pot $0.71 | Rake $0.04
Seat 1: Ann showed [Ah Kd 9s 3d Ks 4c Th] and lost with a pair of Kings
Seat 3: Bob folded on the 5th Street
Seat 5: Cy showed [6c 6d Qh Jc 5s Qd 8s] and won ($0.67) with two pair, Queens and Sixes
"""

# Heads-up from 4th street, a bet and four raises on 6th street (rule book 5, raise cap).
HEADS_UP_FOUR_RAISES = HEAD + """\
Dealt to Ann [Ah Kd 9s]
Dealt to Bob [2c]
Dealt to Cy [Qh]
Bob: brings in for $0.02
Cy: calls $0.02
Ann: completes it to $0.04
Bob: folds
Cy: calls $0.02
*** 4th STREET ***
Dealt to Ann [Ah Kd 9s] [3d]
Dealt to Cy [Qh] [Jc]
Cy: checks
Ann: checks
*** 5th STREET ***
Dealt to Ann [Ah Kd 9s 3d] [Ks]
Dealt to Cy [Qh Jc] [5s]
Ann: checks
Cy: checks
*** 6th STREET ***
Dealt to Ann [Ah Kd 9s 3d Ks] [4c]
Dealt to Cy [Qh Jc 5s] [Qd]
Cy: bets $0.08
Ann: raises $0.08 to $0.16
Cy: raises $0.08 to $0.24
Ann: raises $0.08 to $0.32
Cy: raises $0.08 to $0.40
Ann: calls $0.08
*** RIVER ***
Dealt to Ann [Ah Kd 9s 3d Ks 4c] [Th]
Cy: checks
Ann: checks
*** SHOW DOWN ***
Cy: shows [6c 6d Qh Jc 5s Qd 8s] (two pair, Queens and Sixes)
Ann: mucks hand
Cy collected $0.89 from pot
*** SUMMARY ***
Total pot $0.93 | Rake $0.04
Seat 1: Ann mucked [Ah Kd 9s 3d Ks 4c Th]
Seat 3: Bob folded on the 3rd Street
Seat 5: Cy showed [6c 6d Qh Jc 5s Qd 8s] and won ($0.89) with two pair, Queens and Sixes
"""

# 4th street: Ann shows 9h-3d, Cy 9s-3c, a tie. By seat Ann (seat 1) starts; by suit the
# 9 of spades (Cy) does. The history has Cy start (rule book 4.6, showing_tie_break).
FIRST_ACTOR_TIE = HEAD + """\
Dealt to Ann [Ah Kd 9h]
Dealt to Bob [2c]
Dealt to Cy [9s]
Bob: brings in for $0.02
Cy: calls $0.02
Ann: calls $0.02
*** 4th STREET ***
Dealt to Ann [Ah Kd 9h] [3d]
Dealt to Bob [2c] [7h]
Dealt to Cy [9s] [3c]
Cy: checks
Ann: checks
Bob: checks
*** 5th STREET ***
Dealt to Ann [Ah Kd 9h 3d] [Ks]
Dealt to Bob [2c 7h] [8d]
Dealt to Cy [9s 3c] [5s]
Ann: checks
Bob: checks
Cy: checks
*** 6th STREET ***
Dealt to Ann [Ah Kd 9h 3d Ks] [4c]
Dealt to Bob [2c 7h 8d] [Jh]
Dealt to Cy [9s 3c 5s] [9d]
Cy: checks
Ann: checks
Bob: checks
*** RIVER ***
Dealt to Ann [Ah Kd 9h 3d Ks 4c] [Th]
Cy: checks
Ann: checks
Bob: checks
*** SHOW DOWN ***
Cy: shows [6c 6d 9s 3c 5s 9d 8s] (two pair, Nines and Sixes)
Ann: mucks hand
Bob: mucks hand
Cy collected $0.08 from pot
*** SUMMARY ***
Total pot $0.09 | Rake $0.01
Seat 1: Ann mucked [Ah Kd 9h 3d Ks 4c Th]
Seat 3: Bob mucked [Tc Td 2c 7h 8d Jh 4d]
Seat 5: Cy showed [6c 6d 9s 3c 5s 9d 8s] and won ($0.08) with two pair, Nines and Sixes
"""

# Two nine-high straights split $0.21: the odd cent goes to the highest card by suit,
# among the best five cards (Ann's 9s beats Cy's 9h) or among all seven (Cy's As).
ODD_CHIP = """\
PokerStars Game #2000000002:  7 Card Stud Limit ($0.04/$0.08 USD) - 2009/11/26 10:09:43 ET
Table 'Test II' 8-max
Seat 1: Ann ($1 in chips)
Seat 5: Cy ($1 in chips)
Ann: posts the ante $0.01
Cy: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [2d 3c 9s]
Dealt to Cy [9h]
Cy: brings in for $0.02
Ann: calls $0.02
*** 4th STREET ***
Dealt to Ann [2d 3c 9s] [5c]
Dealt to Cy [9h] [5d]
Ann: checks
Cy: checks
*** 5th STREET ***
Dealt to Ann [2d 3c 9s 5c] [6d]
Dealt to Cy [9h 5d] [6h]
Ann: checks
Cy: checks
*** 6th STREET ***
Dealt to Ann [2d 3c 9s 5c 6d] [7h]
Dealt to Cy [9h 5d 6h] [7c]
Ann: checks
Cy: checks
*** RIVER ***
Dealt to Ann [2d 3c 9s 5c 6d 7h] [8c]
Ann: bets $0.08
Cy: calls $0.08
*** SHOW DOWN ***
Ann: shows [2d 3c 9s 5c 6d 7h 8c] (a straight, Five to Nine)
Cy: shows [As 2h 9h 5d 6h 7c 8d] (a straight, Five to Nine)
{collects}*** SUMMARY ***
Total pot $0.22 | Rake $0.01
Seat 1: Ann showed [2d 3c 9s 5c 6d 7h 8c] and won ($0.{ann}) with a straight, Five to Nine
Seat 5: Cy showed [As 2h 9h 5d 6h 7c 8d] and won ($0.{cy}) with a straight, Five to Nine
"""


def odd_chip_to(player: str) -> str:
    ann, cy = (11, 10) if player == "Ann" else (10, 11)
    collects = f"Ann collected $0.{ann} from pot\nCy collected $0.{cy} from pot\n"
    return ODD_CHIP.format(collects=collects, ann=ann, cy=cy)


def codes(text: str, rules: RuleSet) -> set[tuple[str, int | None]]:
    (hand,) = list(parse_text(text))
    assert isinstance(hand, Hand), hand
    return {(v.code, v.action_index) for v in validate(hand, rules)}


@pytest.mark.parametrize("rules", [POKERSTARS, ROBERTS, PAGAT], ids=lambda r: r.name)
def test_open_pair_allows_the_big_bet(rules: RuleSet) -> None:
    assert codes(OPEN_PAIR_BIG_BET, rules) == set()


def test_open_pair_big_bet_is_a_breach_without_the_option() -> None:
    # TDA RP-10F: bets are not doubled on 4th street.
    assert ("BIG_BET_WITHOUT_OPEN_PAIR", 5) in codes(OPEN_PAIR_BIG_BET, TDA)


def test_open_pair_option_is_limited_to_its_games() -> None:
    stud8 = OPEN_PAIR_BIG_BET.replace("7 Card Stud Limit", "7 Card Stud Hi/Lo Limit")
    stud8 = stud8.replace("(a pair of Kings)", "(HI: a pair of Kings)").replace(
        "(two pair, Queens and Sixes)", "(HI: two pair, Queens and Sixes)")
    assert ("BIG_BET_WITHOUT_OPEN_PAIR", 5) in codes(stud8, POKERSTARS)  # stud high only
    assert ("BIG_BET_WITHOUT_OPEN_PAIR", 5) not in codes(stud8, PAGAT)  # any game


@pytest.mark.parametrize("rules", [ROBERTS, PAGAT], ids=lambda r: r.name)
def test_heads_up_raises_are_uncapped(rules: RuleSet) -> None:
    assert codes(HEADS_UP_FOUR_RAISES, rules) == set()


@pytest.mark.parametrize("rules", [POKERSTARS, TDA], ids=lambda r: r.name)
def test_heads_up_raises_are_capped(rules: RuleSet) -> None:
    # Actions: 0-4 on 3rd, 5-6 on 4th, 7-8 on 5th; 9 bet, 10-13 raises on 6th.
    assert codes(HEADS_UP_FOUR_RAISES, rules) == {("RAISE_CAP_EXCEEDED", 13)}


@pytest.mark.parametrize("rules", [POKERSTARS, TDA, PAGAT], ids=lambda r: r.name)
def test_first_actor_tie_broken_by_suit(rules: RuleSet) -> None:
    assert codes(FIRST_ACTOR_TIE, rules) == set()


def test_first_actor_tie_broken_by_seat() -> None:
    # Robert's: the tied player closest to the dealer's left (Ann, seat 1) starts 4th.
    assert ("WRONG_FIRST_ACTOR", 3) in codes(FIRST_ACTOR_TIE, ROBERTS)


@pytest.mark.parametrize("rules", [POKERSTARS, TDA], ids=lambda r: r.name)
def test_odd_chip_by_best_five(rules: RuleSet) -> None:
    assert codes(odd_chip_to("Ann"), rules) == set()
    assert codes(odd_chip_to("Cy"), rules) == {("WRONG_WINNER", None)}


def test_odd_chip_by_all_cards() -> None:
    assert codes(odd_chip_to("Cy"), ROBERTS) == set()
    assert codes(odd_chip_to("Ann"), ROBERTS) == {("WRONG_WINNER", None)}
