"""Issue 17: one fault, one root finding; every consequence linked to its cause; recovery
that follows the text; the bring-in the structure designates; the LIVE preset.

The single-fault contract (every kind alone is the one root, everything else linked) and
the hypothesis property (no root on an action the fault did not touch) are in
``tests/test_faults.py``; here: pairs of independent faults, the issue's own examples
written as PokerStars text, live structures and the bring-in rules.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from stud_hh.events import Hand
from stud_hh.faults import inject
from stud_hh.parse import parse_file, parse_text
from stud_hh.rules import LIVE, POKERSTARS, PRESETS, RuleSet
from stud_hh.simulate import simulate_hands
from stud_hh.validate import StructureSheet, Violation, roots, validate
from tests.test_validate_handwritten import BASE, THIRD, edit, parse_one


def root_codes(found: list[Violation]) -> list[tuple[str, int | None]]:
    return [(v.code, v.action_index) for v in roots(found)]


def linked_to_roots(found: list[Violation]) -> bool:
    """Every consequence points at a root of the same hand."""
    return all(found[v.caused_by].caused_by is None for v in found
               if v.caused_by is not None)


# ---------------------------------------------------------------------------- the issue's cases


def test_a_completion_of_the_wrong_size_is_one_root() -> None:
    """Bet sizes of the calls after it, the uncalled cent and the pot total follow from it."""
    found = validate(parse_one(edit(("Ann: completes it to $0.04", "Ann: completes it to $0.05"))),
                     POKERSTARS)
    assert root_codes(found) == [("BET_SIZE", 2)]
    assert {v.code for v in found} >= {"BET_SIZE", "POT_TOTAL_MISMATCH"}
    assert all(v.caused_by == 0 for v in found[1:])


def test_a_check_facing_a_bet_is_one_root() -> None:
    found = validate(parse_one(edit(("Ann: bets $0.04\nBob: calls $0.04",
                                     "Ann: bets $0.04\nBob: checks"))), POKERSTARS)
    assert root_codes(found) == [("CHECK_FACING_BET", 7)]
    assert "OUT_OF_TURN" not in {v.code for v in found}


def test_a_second_bring_in_line_is_one_root() -> None:
    found = validate(parse_one(edit(("Cy: calls $0.02\nAnn: completes",
                                     "Cy: brings in for $0.02\nAnn: completes"))), POKERSTARS)
    assert root_codes(found) == [("BRING_IN_NOT_DUE", 1)], found
    assert linked_to_roots(found)


def test_a_stack_written_too_small_is_one_root() -> None:
    """Cy's stack printed as $0.10: he puts in more than that, and acts on; the replay
    takes it that he had the chips (the text says he put them in), so nothing he does
    later is an all-in player acting."""
    found = validate(parse_one(edit(("Seat 5: Cy ($1 in chips)", "Seat 5: Cy ($0.10 in chips)"))),
                     POKERSTARS)
    assert [v.code for v in roots(found)] == ["BET_EXCEEDS_STACK"]
    assert "ACTION_BY_ALL_IN_PLAYER" not in {v.code for v in found}


def test_after_an_action_after_folding_legal_bets_stay_legal() -> None:
    """Bob folds on 5th street and then 'bets' on it: his chips are dead money; Cy's 6th
    street bet is the opening bet it is (no false BET_FACING_BET)."""
    found = validate(parse_one(edit(("Bob: folds\nCy: calls $0.08",
                                     "Bob: folds\nCy: calls $0.08\nBob: bets $0.08"))),
                     POKERSTARS)
    assert root_codes(found) == [("ACTION_AFTER_FOLD", 12)]
    assert "dead money" in found[0].message
    assert {v.code for v in found} <= {"ACTION_AFTER_FOLD", "POT_TOTAL_MISMATCH",
                                       "UNCALLED_RETURN_MISMATCH"}
    assert linked_to_roots(found)


def test_an_action_after_the_round_closed_reopens_it_and_says_so() -> None:
    found = validate(parse_one(edit(("Cy: calls $0.04\n*** 5th",
                                     "Cy: calls $0.04\nBob: calls $0.04\n*** 5th"))),
                     POKERSTARS)
    assert root_codes(found) == [("ACTION_WHEN_NOT_BETTING", 9)], found
    assert "taken as more betting on 4th Street" in found[0].message
    assert "WRONG_FIRST_ACTOR" not in {v.code for v in found}


# ---------------------------------------------------------------------------- pairs of faults

ACTION_FAULTS = ("bet_size", "raise_size", "call_size", "check_facing_bet", "out_of_turn",
                 "wrong_first_actor", "big_bet_without_open_pair", "raise_before_completion",
                 "wrong_bring_in_player", "wrong_bring_in_amount", "bet_exceeds_stack")
RECORD_FAULTS = ("duplicate_card", "wrong_card_count", "pot_total_mismatch", "wrong_winner",
                 "collected_mismatch")


@pytest.fixture(scope="module")
def hands(stars_files: list[Path]) -> list[Hand]:
    real = [h for p in stars_files for h in parse_file(p) if isinstance(h, Hand)]
    sim = [h for g in ("stud", "stud8", "razz")
           for h in simulate_hands(12, game=g, players=6, seed=11)]
    return real + sim


def _two(hand: Hand, i: int, a: str, b: str) -> tuple[list[Violation], set[tuple[str, int]]] | None:
    first = inject(hand, a, random.Random(i))
    if first is None:
        return None
    second = inject(first.hand, b, random.Random(i + 1))
    if second is None:
        return None
    want = {(f.code, -1 if f.action_index is None else f.action_index) for f in (first, second)}
    return validate(second.hand, POKERSTARS), want


def _roots(found: list[Violation]) -> set[tuple[str, int]]:
    return {(v.code, -1 if v.action_index is None else v.action_index) for v in roots(found)}


@pytest.mark.parametrize(("a", "b"), [("duplicate_card", "collected_mismatch"),
                                      ("out_of_turn", "pot_total_mismatch"),
                                      ("big_bet_without_open_pair", "wrong_winner")])
def test_the_issues_pairs_are_two_roots(hands: list[Hand], a: str, b: str) -> None:
    tried = 0
    for i, hand in enumerate(hands):
        judged = _two(hand, i, a, b)
        if judged is None:
            continue
        found, want = judged
        tried += 1
        assert _roots(found) == want and len(roots(found)) == 2, (hand.hand_id, found)
        assert linked_to_roots(found)
    assert tried > 0


def _matrix(hands: list[Hand]) -> None:
    """Every action fault with every record or card fault, on the same hands: when both
    are reported (two faults can cancel: a bring-in a cent short and a collection a cent
    short add up again), they are the two roots and everything else follows from one."""
    tried = both = 0
    for a, b in itertools.product(ACTION_FAULTS, RECORD_FAULTS):
        for i, hand in enumerate(hands):
            judged = _two(hand, i, a, b)
            if judged is None:
                continue
            found, want = judged
            tried += 1
            reported = {(v.code, -1 if v.action_index is None else v.action_index)
                        for v in found}
            if want <= reported:
                both += 1
                assert _roots(found) == want and len(roots(found)) == 2, (a, b, found)
                assert linked_to_roots(found)
    assert tried > 100 and both > 0.95 * tried


def test_an_action_fault_and_a_record_fault_are_two_roots(hands: list[Hand]) -> None:
    _matrix(hands[::9])


@pytest.mark.slow
def test_an_action_fault_and_a_record_fault_are_two_roots_on_every_hand(
        hands: list[Hand]) -> None:
    _matrix(hands)


# ---------------------------------------------------------------------------- bring-in


def _live_hand(bring_in: str, third: str, ante: str = "50,000") -> str:
    """A live tournament hand at 200,000/400,000 with antes of ``ante`` (chips, no
    currency), three players."""
    return ("PokerStars Hand #2023000001: Tournament #2023, $10000+$500 USD 7 Card Stud Limit"
            " - Level XX (200000/400000) - 2023/06/01 12:00:00 ET\n") + f"""\
Table '2023 1' 8-max
Seat 1: Ann (9000000 in chips)
Seat 3: Bob (9000000 in chips)
Seat 5: Cy (9000000 in chips)
Ann: posts the ante {ante}
Bob: posts the ante {ante}
Cy: posts the ante {ante}
*** 3rd STREET ***
Dealt to Ann [Ah Kd 9s]
Dealt to Bob [2c]
Dealt to Cy [Qh]
Bob: brings in for {bring_in}
{third}"""


def _strip(n: str) -> int:
    return int(n.replace(",", ""))


def _finish(text: str, pot: int, winner: str = "Ann", uncalled: tuple[str, int] | None = None
            ) -> str:
    lines = [text.rstrip("\n")]
    if uncalled:
        lines.append(f"Uncalled bet ({uncalled[1]}) returned to {uncalled[0]}")
    lines += [f"{winner} collected {pot} from pot", "*** SUMMARY ***",
              f"Total pot {pot} | Rake 0"]
    return "\n".join(lines) + "\n"


EQUAL_TO_ANTE = {
    # called by both, then checked to the end? keep it short: everyone folds to a bet on 4th
    "called": _finish(_live_hand("50,000", "Cy: calls 50,000\nAnn: calls 50,000\n"
                                 "*** 4th STREET ***\nDealt to Ann [Ah Kd 9s] [Ac]\n"
                                 "Dealt to Bob [2c] [3d]\nDealt to Cy [Qh] [4s]\n"
                                 "Ann: bets 200,000\nBob: folds\nCy: folds\n"),
                      150_000 + 150_000, uncalled=("Ann", 200_000)),
    "completed": _finish(_live_hand("50,000", "Cy: completes it to 200,000\nAnn: folds\n"
                                    "Bob: folds\n"),
                         150_000 + 50_000 + 50_000 + 150_000, winner="Cy",
                         uncalled=("Cy", 150_000)),
    "folded to": _finish(_live_hand("50,000", "Cy: folds\nAnn: folds\n"),
                         150_000 + 50_000, winner="Bob", uncalled=("Bob", 50_000)),
}


def _fix_totals(text: str) -> str:
    """The pot the hand's own actions add up to (the helper above counts roughly)."""
    from stud_hh.validate.ledger import Ledger
    (hand,) = list(parse_text(text))
    assert isinstance(hand, Hand), hand
    total = Ledger(hand).total
    out = []
    for line in text.splitlines():
        if line.endswith(" from pot"):
            who = line.split(" collected ")[0]
            line = f"{who} collected {total} from pot"
        elif line.startswith("Total pot"):
            line = f"Total pot {total} | Rake 0"
        out.append(line)
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("case", sorted(EQUAL_TO_ANTE))
def test_a_bring_in_equal_to_the_ante_is_legal_where_the_rules_allow_it(case: str) -> None:
    """Live structures set the bring-in equal to the ante (rule book 4.3): clean under
    every preset that allows it (LIVE, and any rule set without ``bring_in_above_ante``),
    and under the others, whose seeds' structure it breaks, the one finding is that
    bring-in: never a call of it (the others call what was posted)."""
    (hand,) = list(parse_text(_fix_totals(EQUAL_TO_ANTE[case])))
    assert isinstance(hand, Hand)
    for rules in PRESETS.values():
        found = validate(hand, rules)
        if not rules.bring_in_above_ante:
            assert found == [], (rules.name, found)
        else:
            assert root_codes(found) == [("WRONG_BRING_IN_AMOUNT", 0)], (rules.name, found)
            assert [v.code for v in found] == ["WRONG_BRING_IN_AMOUNT"]
        assert validate(hand, rules.with_(bring_in_above_ante=False)) == []


def test_the_issues_minimal_case_calls_what_was_posted() -> None:
    """Antes 50, limits 200/400, ``A: brings in for 50``, ``B: calls 50``: no BET_SIZE on
    the call, under any preset; no made-up bring-in of 100."""
    text = _fix_totals(_finish(_live_hand("50", "Cy: calls 50\nAnn: calls 50\n", ante="50")
                               .replace("(200000/400000)", "(200/400)"), 0))
    (hand,) = list(parse_text(text))
    assert isinstance(hand, Hand)
    for rules in PRESETS.values():
        found = validate(hand, rules)
        assert "BET_SIZE" not in {v.code for v in found}, (rules.name, found)
        assert all("100" not in v.message for v in found)


def _antes(text: str, ante: str) -> str:
    for who in ("Ann", "Bob", "Cy"):
        text = text.replace(f"{who}: posts the ante $0.01", f"{who}: posts the ante {ante}")
    return text.replace("Total pot $0.91", "Total pot $0.94").replace(
        "Cy collected $0.87", "Cy collected $0.90").replace("won ($0.87)", "won ($0.90)")


def test_a_structure_sheet_designates_the_bring_in() -> None:
    """In a session whose hands bring in for the ante ($0.02 and $0.02), that is the
    structure: not a violation even under POKERSTARS, whose rule set alone would want more
    than the ante; the hand at the same stakes that brings in for $0.03 is the one
    flagged, and the others call what it posted."""
    session = [parse_one(_antes(BASE, "$0.02")) for _ in range(3)]
    alone = validate(session[0], POKERSTARS)
    assert root_codes(alone) == [("WRONG_BRING_IN_AMOUNT", 0)]
    odd = parse_one(_antes(edit((THIRD, "Bob: brings in for $0.03\nCy: calls $0.03\n"
                                        "Ann: completes it to $0.04\nBob: calls $0.01\n"
                                        "Cy: calls $0.01\n")), "$0.02"))
    sheet = StructureSheet([*session, odd])
    assert sheet.bring_in(odd) == (2, 3)
    assert sheet.bring_in(session[0]) == (2, 2)
    assert validate(session[0], POKERSTARS, sheet) == []
    found = validate(odd, POKERSTARS, sheet)
    assert root_codes(found) == [("WRONG_BRING_IN_AMOUNT", 0)], found
    assert "as posted in 3 other hands" in found[0].message
    assert [v.code for v in found] == ["WRONG_BRING_IN_AMOUNT"]  # Cy's call of it is fine


def test_no_bring_in_amount_is_made_up_for_a_short_all_in_bring_in() -> None:
    """A bring-in all-in for less than the bring-in: what the first caller pays is the full
    bring-in the text tells (ShortBringIn.FULL), never a guess."""
    text = edit(("Seat 3: Bob ($1 in chips)", "Seat 3: Bob ($0.02 in chips)"),
                (THIRD, "Bob: brings in for $0.01 and is all-in\nCy: calls $0.02\n"
                        "Ann: completes it to $0.04\nCy: calls $0.02\n"))
    found = validate(parse_one(text), POKERSTARS)
    assert all(v.action_index not in (0, 1, 2, 3) for v in found), found


# ---------------------------------------------------------------------------- LIVE


def _raises(n: int) -> str:
    """5th street, heads-up after 4th: a bet and ``n`` raises, then a call."""
    lines = ["Ann: bets 400,000"]
    level = 400_000
    for k in range(n):
        level += 400_000
        who = "Cy" if k % 2 == 0 else "Ann"
        lines.append(f"{who}: raises 400,000 to {level:,}")
    lines.append(f"{'Ann' if n % 2 else 'Cy'}: calls 400,000")
    return "\n".join(lines) + "\n"


def _live_raises(n: int) -> Hand:
    third = ("Cy: calls 50,000\nAnn: calls 50,000\n*** 4th STREET ***\n"
             "Dealt to Ann [Ah Kd 9s] [Ac]\nDealt to Bob [2c] [3d]\nDealt to Cy [Qh] [4s]\n"
             "Ann: bets 200,000\nBob: folds\nCy: calls 200,000\n*** 5th STREET ***\n"
             "Dealt to Ann [Ah Kd 9s Ac] [Ks]\nDealt to Cy [Qh 4s] [8d]\n" + _raises(n) +
             "*** 6th STREET ***\nDealt to Ann [Ah Kd 9s Ac Ks] [7c]\n"
             "Dealt to Cy [Qh 4s 8d] [2d]\nAnn: checks\nCy: checks\n*** RIVER ***\n"
             "Dealt to Ann [Ah Kd 9s Ac Ks 7c] [2h]\nAnn: checks\nCy: checks\n"
             "*** SHOW DOWN ***\nAnn: shows [Ah Kd 9s Ac Ks 7c 2h] (two pair, Aces and Kings)\n"
             "Cy: mucks hand\n")
    text = _fix_totals(_finish(_live_hand("50,000", third), 0))
    (hand,) = list(parse_text(text))
    assert isinstance(hand, Hand), hand
    return hand


def test_live_allows_a_bet_and_four_raises_heads_up_not_a_fifth() -> None:
    four, five = _live_raises(4), _live_raises(5)
    assert validate(four, LIVE) == []
    assert root_codes(validate(five, LIVE)) == [("RAISE_CAP_EXCEEDED", 11)]  # 6: the bet
    # PokerStars caps at three raises, heads-up too; Robert's Rules has no cap heads-up
    # (both with this structure's bring-in, equal to the ante)
    as_live = {"bring_in_above_ante": False}
    assert root_codes(validate(four, POKERSTARS.with_(**as_live))) == [
        ("RAISE_CAP_EXCEEDED", 10)]
    assert validate(five, PRESETS["ROBERTS"].with_(**as_live)) == []


def test_live_has_no_double_bet_on_fourth_street() -> None:
    """An open pair on 4th street (Ann's aces): a big bet is a breach under LIVE."""
    hand = _live_raises(1)
    big = parse_one(_fix_totals(_finish(_live_hand(
        "50,000", "Cy: calls 50,000\nAnn: calls 50,000\n*** 4th STREET ***\n"
        "Dealt to Ann [Ah Kd 9s] [9c]\nDealt to Bob [2c] [3d]\nDealt to Cy [Qh] [4s]\n"
        "Ann: bets 400,000\nBob: folds\nCy: folds\n"), 0, uncalled=("Ann", 400_000))))
    assert validate(hand, LIVE) == []
    assert root_codes(validate(big, LIVE)) == [("BIG_BET_WITHOUT_OPEN_PAIR", 3)]
    assert "BIG_BET_WITHOUT_OPEN_PAIR" not in {v.code for v in validate(big, POKERSTARS)}


def test_live_presets_differ_from_the_others_only_where_section_11_says() -> None:
    base = RuleSet()
    differs = {f for f in LIVE.__dataclass_fields__
               if getattr(LIVE, f) != getattr(base, f)}
    assert differs == {"name", "showing_tie_break", "tie_break_by_game", "open_pair_double_bet",
                       "open_pair_games", "raise_cap", "heads_up_uncapped",
                       "all_in_ante_bring_in", "bring_in_above_ante"}
