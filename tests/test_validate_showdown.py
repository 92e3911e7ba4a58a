"""WRONG_WINNER against the showdown: Hi/Lo halves and their odd chip, and side pots."""

from __future__ import annotations

from stud_hh.events import Hand
from stud_hh.parse import parse_text
from stud_hh.rules import POKERSTARS
from stud_hh.validate import validate

# Ann takes the high half with Aces and Kings, Cy the low with 8-7-6-4-3; $0.51 after
# rake splits $0.26 / $0.25: the odd cent goes to the high half (rule book 8).
HI_LO = """\
PokerStars Game #4000000001:  7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD) - 2009/11/26 10:08:43 ET
Table 'Test IV' 8-max
Seat 1: Ann ($1 in chips)
Seat 5: Cy ($1 in chips)
Ann: posts the ante $0.01
Cy: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [Ah Ad 9s]
Dealt to Cy [6h]
Cy: brings in for $0.02
Ann: calls $0.02
*** 4th STREET ***
Dealt to Ann [Ah Ad 9s] [Kc]
Dealt to Cy [6h] [7d]
Ann: checks
Cy: checks
*** 5th STREET ***
Dealt to Ann [Ah Ad 9s Kc] [Ks]
Dealt to Cy [6h 7d] [8c]
Ann: bets $0.08
Cy: calls $0.08
*** 6th STREET ***
Dealt to Ann [Ah Ad 9s Kc Ks] [2h]
Dealt to Cy [6h 7d 8c] [Qs]
Ann: bets $0.08
Cy: calls $0.08
*** RIVER ***
Dealt to Ann [Ah Ad 9s Kc Ks 2h] [Jd]
Ann: bets $0.08
Cy: calls $0.08
*** SHOW DOWN ***
Ann: shows [Ah Ad 9s Kc Ks 2h Jd] (HI: two pair, Aces and Kings)
Cy: shows [3c 4c 6h 7d 8c Qs Td] (HI: high card Queen; LO: 8,7,6,4,3)
Ann collected $0.{ann} from pot
Cy collected $0.{cy} from pot
*** SUMMARY ***
Total pot $0.54 | Rake $0.03
Seat 1: Ann showed [Ah Ad 9s Kc Ks 2h Jd] and won ($0.{ann}) with HI: two pair, Aces and Kings
Seat 5: Cy showed [3c 4c 6h 7d 8c Qs Td] and won ($0.{cy}) with HI: high card Queen; LO: 8,7,6,4,3
"""

# Ann is all-in for $0.20 on 6th street with trip Kings: she wins the main pot ($0.60 less
# the $0.04 rake, taken from the main pot); Cy's Queens and Sixes beat Bob for the side pot.
SIDE_POT = """\
PokerStars Game #4000000002:  7 Card Stud Limit ($0.04/$0.08 USD) - 2009/11/26 10:08:43 ET
Table 'Test IV' 8-max
Seat 1: Ann ($0.20 in chips)
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
Bob: calls $0.08
Cy: calls $0.08
*** 6th STREET ***
Dealt to Ann [Ah Kd 9s 3d Ks] [4c]
Dealt to Bob [2c 7h 8d] [Jh]
Dealt to Cy [Qh Jc 5s] [Qd]
Cy: bets $0.08
Ann: calls $0.03 and is all-in
Bob: calls $0.08
*** RIVER ***
Dealt to Ann [Ah Kd 9s 3d Ks 4c] [Kc]
Cy: bets $0.08
Bob: calls $0.08
*** SHOW DOWN ***
Cy: shows [6c 6d Qh Jc 5s Qd 8s] (two pair, Queens and Sixes)
Ann: shows [Ah Kd 9s 3d Ks 4c Kc] (three of a kind, Kings)
Bob: mucks hand
{collects}*** SUMMARY ***
Total pot $0.86 Main pot $0.56. Side pot $0.26. | Rake $0.04
Seat 1: Ann showed [Ah Kd 9s 3d Ks 4c Kc] and won ($0.56) with three of a kind, Kings
Seat 3: Bob mucked [Tc Td 2c 7h 8d Jh 4d]
Seat 5: Cy showed [6c 6d Qh Jc 5s Qd 8s] and won ($0.26) with two pair, Queens and Sixes
"""
RIGHT = "Cy collected $0.26 from side pot\nAnn collected $0.56 from main pot\n"


def findings(text: str) -> set[tuple[str, int | None]]:
    (hand,) = list(parse_text(text))
    assert isinstance(hand, Hand), hand
    return {(v.code, v.action_index) for v in validate(hand, POKERSTARS)}


def test_hi_lo_split_with_odd_chip_to_the_high_half() -> None:
    assert findings(HI_LO.format(ann=26, cy=25)) == set()


def test_hi_lo_odd_chip_to_the_low_half_is_wrong() -> None:
    assert findings(HI_LO.format(ann=25, cy=26)) == {("WRONG_WINNER", None)}


def test_hi_lo_whole_pot_to_the_high_hand_is_wrong() -> None:
    text = HI_LO.format(ann=51, cy=0).replace("Cy collected $0.0 from pot\n", "")
    assert findings(text) == {("WRONG_WINNER", None)}


def test_side_pots_awarded_separately() -> None:
    assert findings(SIDE_POT.format(collects=RIGHT)) == set()


def test_side_pot_to_the_wrong_player() -> None:
    wrong = RIGHT.replace("Cy collected $0.26 from side pot", "Bob collected $0.26 from side pot")
    assert findings(SIDE_POT.format(collects=wrong)) == {("WRONG_WINNER", None)}


def test_all_in_player_cannot_win_the_side_pot() -> None:
    wrong = "Ann collected $0.82 from main pot\n"
    found = findings(SIDE_POT.format(collects=wrong))
    assert ("WRONG_WINNER", None) in found
    assert ("COLLECTED_MISMATCH", None) in found  # $0.82 from a main pot of $0.56
