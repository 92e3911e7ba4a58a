"""Hand-written PokerStars hands whose stats are worked out by hand in the tests.

Each hand is plain PokerStars text (parsed by the real parser); the comments next to each
hand say what happened, so the expected facts in ``test_facts.py`` and the expected stats
in ``test_stats.py`` can be checked by reading. Stakes $0.04/$0.08, ante $0.01, bring-in
$0.02 (money in cents below).
"""

from __future__ import annotations

from stud_hh.events import Hand, ParseError
from stud_hh.parse import parse_text

GAMES = {"stud": "7 Card Stud Limit", "stud8": "7 Card Stud Hi/Lo Limit", "razz": "Razz Limit"}


def stars(hand_id: int, game: str, seats: dict[int, tuple[str, str]], body: str,
          when: str = "2009/11/26 10:08:43") -> str:
    """Header, seats and antes in PokerStars' words, then ``body`` (3rd street on)."""
    lines = [
        f"PokerStars Game #{hand_id}:  {GAMES[game]} ($0.04/$0.08 USD) - {when} ET",
        "Table 'Test I' 8-max",
    ]
    lines += [f"Seat {n}: {name} (${stack} in chips)" for n, (name, stack) in seats.items()]
    lines += [f"{name}: posts the ante $0.01" for name, _ in seats.values()]
    return "\n".join(lines) + "\n" + body.strip("\n") + "\n"


FIVE = {1: ("Ann", "1.00"), 2: ("Bob", "1.00"), 3: ("Cat", "1.00"), 4: ("Dan", "1.00"),
        5: ("Eve", "1.00")}

# A: Ann brings in; Bob folds; Cat completes first in from the last three seats with the
# highest door card (a steal in both senses) and everybody folds: the steal succeeds.
# Dan (Hero) holds a buried pair of sevens.
STEAL = stars(101, "stud", FIVE, """
*** 3rd STREET ***
Dealt to Ann [2c]
Dealt to Bob [9d]
Dealt to Cat [Kd]
Dealt to Dan [7c 7d 5h]
Dealt to Eve [Qs]
Ann: brings in for $0.02
Bob: folds
Cat: raises $0.02 to $0.04
Dan: folds
Eve: folds
Ann: folds
Uncalled bet ($0.02) returned to Cat
Cat collected $0.09 from pot
Cat: doesn't show hand
*** SUMMARY ***
Total pot $0.09 | Rake $0
Seat 1: Ann folded on the 3rd Street
Seat 2: Bob folded on the 3rd Street (didn't bet)
Seat 3: Cat collected ($0.09)
Seat 4: Dan folded on the 3rd Street (didn't bet)
Seat 5: Eve folded on the 3rd Street (didn't bet)
""")

SIX = {1: ("Ann", "1.00"), 2: ("Bob", "1.00"), 3: ("Cat", "1.00"), 4: ("Dan", "1.00"),
       5: ("Eve", "1.00"), 6: ("Fay", "1.00")}

# B: Bob brings in; Cat (first after him, Ah showing: nobody behind shows higher) completes:
# a steal by upcards but not positional. Everybody folds to Bob, who re-steals; Cat calls.
# 4th: Bob pairs his door card (open pair), bets the big bet (a continuation bet as the
# 3rd-street aggressor); Cat folds to it.
RESTEAL = stars(102, "stud", SIX, """
*** 3rd STREET ***
Dealt to Ann [9c]
Dealt to Bob [2d]
Dealt to Cat [Ah]
Dealt to Dan [7s]
Dealt to Eve [Tc]
Dealt to Fay [4h]
Bob: brings in for $0.02
Cat: completes it to $0.04
Dan: folds
Eve: folds
Fay: folds
Ann: folds
Bob: raises $0.04 to $0.08
Cat: calls $0.04
*** 4th STREET ***
Dealt to Bob [2d] [2h]
Dealt to Cat [Ah] [5c]
Pair on board - a double bet is allowed
Bob: bets $0.08
Cat: folds
Uncalled bet ($0.08) returned to Bob
Bob collected $0.22 from pot
Bob: doesn't show hand
*** SUMMARY ***
Total pot $0.22 | Rake $0
Seat 1: Ann folded on the 3rd Street (didn't bet)
Seat 2: Bob collected ($0.22)
Seat 3: Cat folded on the 4th Street
Seat 4: Dan folded on the 3rd Street (didn't bet)
Seat 5: Eve folded on the 3rd Street (didn't bet)
Seat 6: Fay folded on the 3rd Street (didn't bet)
""")

THREE = {1: ("Ann", "1.00"), 3: ("Bob", "1.00"), 5: ("Cat", "1.00")}

# C: Ann brings in, Bob limps (a steal chance declined), Cat completes, Ann calls, Bob
# re-raises, Cat calls, Ann folds to the raise. 4th: Cat checks, Bob c-bets, Cat
# check-raises, Bob calls. 5th: Cat bets, Bob calls. 6th: checked through. River: Bob
# checks, Cat bets, Bob calls (a check-raise chance he declined). Bob wins with two pair;
# rake $0.03.
SHOWDOWN = stars(103, "stud", THREE, """
*** 3rd STREET ***
Dealt to Ann [3c]
Dealt to Bob [Qc Qd Jd]
Dealt to Cat [8s]
Ann: brings in for $0.02
Bob: calls $0.02
Cat: raises $0.02 to $0.04
Ann: calls $0.02
Bob: raises $0.04 to $0.08
Cat: calls $0.04
Ann: folds
*** 4th STREET ***
Dealt to Bob [Qc Qd Jd] [6c]
Dealt to Cat [8s] [Kc]
Cat: checks
Bob: bets $0.04
Cat: raises $0.04 to $0.08
Bob: calls $0.04
*** 5th STREET ***
Dealt to Bob [Qc Qd Jd 6c] [9h]
Dealt to Cat [8s Kc] [3h]
Cat: bets $0.08
Bob: calls $0.08
*** 6th STREET ***
Dealt to Bob [Qc Qd Jd 6c 9h] [Jh]
Dealt to Cat [8s Kc 3h] [2s]
Bob: checks
Cat: checks
*** RIVER ***
Dealt to Bob [Qc Qd Jd 6c 9h Jh] [7c]
Bob: checks
Cat: bets $0.08
Bob: calls $0.08
*** SHOW DOWN ***
Cat: shows [Ac Ad 8s Kc 3h 2s 5d] (a pair of Aces)
Bob: shows [Qc Qd Jd 6c 9h Jh 7c] (two pair, Queens and Jacks)
Bob collected $0.68 from pot
*** SUMMARY ***
Total pot $0.71 | Rake $0.03
Seat 1: Ann folded on the 3rd Street
Seat 3: Bob showed [Qc Qd Jd 6c 9h Jh 7c] and won ($0.68) with two pair, Queens and Jacks
Seat 5: Cat showed [Ac Ad 8s Kc 3h 2s 5d] and lost with a pair of Aces
""")

TWO = {1: ("Ann", "1.00"), 2: ("Bob", "1.00")}

# D: stud8 heads-up. Bob brings in, Ann completes (a steal in both senses), Bob calls;
# checked to the end. Ann's kings win the high half, Bob's 6-4 low the low half.
SPLIT = stars(104, "stud8", TWO, """
*** 3rd STREET ***
Dealt to Ann [Kc]
Dealt to Bob [2h]
Bob: brings in for $0.02
Ann: completes it to $0.04
Bob: calls $0.02
*** 4th STREET ***
Dealt to Ann [Kc] [7c]
Dealt to Bob [2h] [4c]
Ann: checks
Bob: checks
*** 5th STREET ***
Dealt to Ann [Kc 7c] [8d]
Dealt to Bob [2h 4c] [6s]
Ann: checks
Bob: checks
*** 6th STREET ***
Dealt to Ann [Kc 7c 8d] [Jh]
Dealt to Bob [2h 4c 6s] [9d]
Ann: checks
Bob: checks
*** RIVER ***
Ann: checks
Bob: checks
*** SHOW DOWN ***
Ann: shows [Kd Qs Kc 7c 8d Jh 9s] (HI: a pair of Kings)
Bob: shows [Ah 3d 2h 4c 6s 9d Td] (HI: high card Ace; LO: 6,4,3,2,A)
Ann collected $0.05 from pot
Bob collected $0.05 from pot
*** SUMMARY ***
Total pot $0.10 | Rake $0
Seat 1: Ann showed [Kd Qs Kc 7c 8d Jh 9s] and won ($0.05) with HI: a pair of Kings
Seat 2: Bob showed [Ah 3d 2h 4c 6s 9d Td] and won ($0.05) with HI: high card Ace; LO: 6,4,3,2,A
""")

# E: stud8 heads-up. Bob brings in, Ann limps; checked down. Ann's wheel scoops.
_WHEEL = "HI: a straight, Ace to Five; LO: 5,4,3,2,A"
SCOOP = stars(105, "stud8", TWO, f"""
*** 3rd STREET ***
Dealt to Ann [5d]
Dealt to Bob [3s]
Bob: brings in for $0.02
Ann: calls $0.02
*** 4th STREET ***
Dealt to Ann [5d] [2d]
Dealt to Bob [3s] [Jc]
Bob: checks
Ann: checks
*** 5th STREET ***
Dealt to Ann [5d 2d] [4h]
Dealt to Bob [3s Jc] [Qh]
Bob: checks
Ann: checks
*** 6th STREET ***
Dealt to Ann [5d 2d 4h] [Kh]
Dealt to Bob [3s Jc Qh] [Js]
Bob: checks
Ann: checks
*** RIVER ***
Bob: checks
Ann: checks
*** SHOW DOWN ***
Bob: shows [9c 9d 3s Jc Qh Js 8h] (HI: two pair, Jacks and Nines)
Ann: shows [Ac 3c 5d 2d 4h Kh Qs] ({_WHEEL})
Ann collected $0.06 from pot
*** SUMMARY ***
Total pot $0.06 | Rake $0
Seat 1: Ann showed [Ac 3c 5d 2d 4h Kh Qs] and won ($0.06) with {_WHEEL}
Seat 2: Bob showed [9c 9d 3s Jc Qh Js 8h] and lost with HI: two pair, Jacks and Nines
""")

# E2: as SCOOP, but no low qualifies: Ann's kings full take the whole pot, a scoop
# that is not a "high half only" win.
NO_LOW = stars(109, "stud8", TWO, """
*** 3rd STREET ***
Dealt to Ann [5d]
Dealt to Bob [3s]
Bob: brings in for $0.02
Ann: calls $0.02
*** 4th STREET ***
Dealt to Ann [5d] [2d]
Dealt to Bob [3s] [Jc]
Bob: checks
Ann: checks
*** 5th STREET ***
Dealt to Ann [5d 2d] [4h]
Dealt to Bob [3s Jc] [Qh]
Bob: checks
Ann: checks
*** 6th STREET ***
Dealt to Ann [5d 2d 4h] [Kh]
Dealt to Bob [3s Jc Qh] [Js]
Bob: checks
Ann: checks
*** RIVER ***
Bob: checks
Ann: checks
*** SHOW DOWN ***
Bob: shows [9c 9d 3s Jc Qh Js 8h] (HI: two pair, Jacks and Nines)
Ann: shows [Kc Kd 5d 2d 4h Kh Qs] (HI: three of a kind, Kings)
Ann collected $0.06 from pot
No low hand qualified
*** SUMMARY ***
Total pot $0.06 | Rake $0
Seat 1: Ann showed [Kc Kd 5d 2d 4h Kh Qs] and won ($0.06) with HI: three of a kind, Kings
Seat 2: Bob showed [9c 9d 3s Jc Qh Js 8h] and lost with HI: two pair, Jacks and Nines
""", when="2009/11/28 09:05:00")

# F: razz. Ann (Kc, highest) brings in; Bob completes first in from a steal seat, but Cat
# behind him shows a better (lower) card: positional steal, not a steal by upcards. Cat
# calls, so Ann no longer faces the steal alone; she folds. Cat's 6-low beats Bob's 8-low.
RAZZ = stars(106, "razz", THREE, """
*** 3rd STREET ***
Dealt to Ann [Kc]
Dealt to Bob [3h 5c 4d]
Dealt to Cat [2s]
Ann: brings in for $0.02
Bob: completes it to $0.04
Cat: calls $0.04
Ann: folds
*** 4th STREET ***
Dealt to Bob [3h 5c 4d] [7s]
Dealt to Cat [2s] [2c]
Bob: checks
Cat: checks
*** 5th STREET ***
Dealt to Bob [3h 5c 4d 7s] [8h]
Dealt to Cat [2s 2c] [3c]
Bob: checks
Cat: checks
*** 6th STREET ***
Dealt to Bob [3h 5c 4d 7s 8h] [Kd]
Dealt to Cat [2s 2c 3c] [9h]
Bob: checks
Cat: checks
*** RIVER ***
Dealt to Bob [3h 5c 4d 7s 8h Kd] [Qs]
Bob: checks
Cat: checks
*** SHOW DOWN ***
Bob: shows [3h 5c 4d 7s 8h Kd Qs] (Lo: 8,7,5,4,3)
Cat: shows [As 6d 2s 2c 3c 9h 4s] (Lo: 6,4,3,2,A)
Cat collected $0.13 from pot
*** SUMMARY ***
Total pot $0.13 | Rake $0
Seat 1: Ann folded on the 3rd Street
Seat 3: Bob showed [3h 5c 4d 7s 8h Kd Qs] and lost with Lo: 8,7,5,4,3
Seat 5: Cat showed [As 6d 2s 2c 3c 9h 4s] and won ($0.13) with Lo: 6,4,3,2,A
""")

# G: Ann brings in by completing; both fold.
BI_COMPLETES = stars(107, "stud", THREE, """
*** 3rd STREET ***
Dealt to Ann [2c]
Dealt to Bob [Qd]
Dealt to Cat [Kh]
Ann: completes it to $0.04
Bob: folds
Cat: folds
Uncalled bet ($0.04) returned to Ann
Ann collected $0.03 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot $0.03 | Rake $0
Seat 1: Ann collected ($0.03)
Seat 3: Bob folded on the 3rd Street (didn't bet)
Seat 5: Cat folded on the 3rd Street (didn't bet)
""")

# H: Ann brings in; Bob (Qd; Cat's Kh behind him) and Cat pass their steal chances; Ann
# wins the antes with the bring-in alone (a walk).
WALK = stars(108, "stud", THREE, """
*** 3rd STREET ***
Dealt to Ann [2c]
Dealt to Bob [Qd]
Dealt to Cat [Kh]
Ann: brings in for $0.02
Bob: folds
Cat: folds
Uncalled bet ($0.02) returned to Ann
Ann collected $0.03 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot $0.03 | Rake $0
Seat 1: Ann collected ($0.03)
Seat 3: Bob folded on the 3rd Street (didn't bet)
Seat 5: Cat folded on the 3rd Street (didn't bet)
""", when="2009/11/28 09:00:00")

ALL_TEXTS = (STEAL, RESTEAL, SHOWDOWN, SPLIT, SCOOP, RAZZ, BI_COMPLETES, WALK)
#: Kept out of ``all_hands`` so the counts in ``test_stats.py`` stay as written there.
EXTRA_TEXTS = (NO_LOW,)


def parse_one(text: str) -> Hand:
    results = list(parse_text(text))
    assert len(results) == 1, results
    hand = results[0]
    assert not isinstance(hand, ParseError), str(hand)
    return hand


def all_hands() -> list[Hand]:
    return [parse_one(t) for t in ALL_TEXTS]


def test_every_hand_parses_and_its_money_balances() -> None:
    """The hands are valid input: they parse, and the nets sum to minus the rake."""
    from stud_hh.facts import player_facts

    for hand in [*all_hands(), *(parse_one(t) for t in EXTRA_TEXTS)]:
        facts = player_facts(hand)
        rake = sum(f.rake for f in facts)
        assert sum(f.net for f in facts) == -rake, hand.hand_id
