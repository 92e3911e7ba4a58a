"""Record checks on edited events: pots, side pots, returns, stacks, cards; and no crash.

The hand-written texts cover what PokerStars can print; these edit the parsed events
directly for records other sites print (side pots, a board card dealt to a player) and
for arbitrary damage, which must never crash the validator.
"""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_validate_handwritten import BASE  # the legal three-handed hand, action indices

from stud_hh.cards import card
from stud_hh.events import (
    Ante,
    BoardCard,
    Collect,
    Deal,
    Event,
    Hand,
    Street,
    StreetStart,
    Summary,
    UncalledReturn,
)
from stud_hh.parse import parse_text
from stud_hh.rules import POKERSTARS
from stud_hh.validate import validate
from stud_hh.validate.consistency import check_record
from stud_hh.validate.ledger import Ledger


@pytest.fixture(scope="module")
def base() -> Hand:
    (hand,) = list(parse_text(BASE))
    assert isinstance(hand, Hand)
    assert check_record(hand) == []
    return hand


def with_events(hand: Hand, events: list[Event]) -> Hand:
    return msgspec.structs.replace(hand, events=tuple(events))


def replace_first(hand: Hand, kind: type, new: Event) -> Hand:
    events = list(hand.events)
    i = next(i for i, e in enumerate(events) if type(e) is kind)
    events[i] = new
    return with_events(hand, events)


def codes(hand: Hand) -> list[tuple[str, int | None, str | None]]:
    return [(v.code, v.action_index, v.player) for v in check_record(hand)]


def test_side_pots_must_add_up_and_be_collected(base: Hand) -> None:
    summary = next(e for e in base.events if type(e) is Summary)
    # 0.91 total, 0.04 rake: pots printed net of rake, 0.87 = 0.60 + 0.27
    good = replace_first(base, Summary, msgspec.structs.replace(
        summary, main_pot=60, side_pots=(27,)))
    events = [e for e in good.events if type(e) is not Collect]
    at = next(i for i, e in enumerate(events) if type(e) is Summary)
    events[at:at] = [Collect("Cy", 27, "side pot"), Collect("Cy", 60, "main pot")]
    assert codes(with_events(good, events)) == []
    wrong_split = [Collect("Cy", 30, "side pot"), Collect("Cy", 57, "main pot")]
    events2 = [e for e in events if type(e) is not Collect]
    events2[at:at] = wrong_split
    assert [c for c, _, _ in codes(with_events(good, events2))] == [
        "COLLECTED_MISMATCH", "COLLECTED_MISMATCH"]
    bad_sum = replace_first(good, Summary, msgspec.structs.replace(
        summary, main_pot=60, side_pots=(30,)))
    assert "COLLECTED_MISMATCH" in [c for c, _, _ in codes(bad_sum)]


def test_missing_uncalled_return(base: Hand) -> None:
    # Cut the river call: Ann's bet stands uncalled, nothing returned, the pot shrinks.
    events = list(base.events)
    river_call = max(i for i, e in enumerate(events) if type(e).__name__ == "Call")
    del events[river_call]
    found = codes(with_events(base, events))
    assert ("UNCALLED_RETURN_MISMATCH", None, "Ann") in found


def test_return_where_none_was_due(base: Hand) -> None:
    events = list(base.events)
    at = next(i for i, e in enumerate(events) if type(e).__name__ == "ShowdownStart")
    events.insert(at, UncalledReturn("Cy", 8))
    found = {c for c, _, _ in codes(with_events(base, events))}
    assert "UNCALLED_RETURN_MISMATCH" in found


def test_ante_beyond_the_stack(base: Hand) -> None:
    seats = tuple(msgspec.structs.replace(s, stack=50) if s.player == "Bob" else s
                  for s in base.seats)
    poor = msgspec.structs.replace(base, seats=seats)
    assert codes(poor) == []  # Bob put in 1 + 2 + 2 + 4 = 9 of 50
    broke = msgspec.structs.replace(base, seats=tuple(
        msgspec.structs.replace(s, stack=5) if s.player == "Bob" else s for s in base.seats))
    assert ("BET_EXCEEDS_STACK", 7, "Bob") in codes(broke)  # 1 + 2 + 2 + 4 > 5 on 4th


def test_short_all_in_ante_is_no_wrong_ante(base: Hand) -> None:
    short = replace_first(base, Ante, Ante("Ann", 0, all_in=True))
    assert "ANTE_AMOUNT" not in {c for c, _, _ in codes(short)}


def test_board_card_held_by_a_player(base: Hand) -> None:
    events = list(base.events)
    river = next(i for i, e in enumerate(events)
                 if type(e) is StreetStart and e.street is Street.SEVENTH)
    events.insert(river + 1, BoardCard(card("Ah")))  # Ann holds the Ah
    found = codes(with_events(base, events))
    assert ("DUPLICATE_CARD", None, "Ann") in found


def test_eight_cards_dealt(base: Hand) -> None:
    events = list(base.events)
    events.append(Deal(Street.SEVENTH, "Ann", (card("2h"),), (False,)))
    found = [c for c, _, p in codes(with_events(base, events)) if p == "Ann"]
    assert "WRONG_CARD_COUNT" in found


def test_ledger_counts_the_pot(base: Hand) -> None:
    ledger = Ledger(base)
    assert ledger.total == 91
    assert ledger.bring_in is not None and ledger.bring_in.player == "Bob"
    assert ledger.took_part == {"Ann", "Bob", "Cy"}
    assert [s for s, _, _ in ledger.streets] == [3, 4, 5, 6, 7]


_ops = st.lists(st.tuples(st.sampled_from(["drop", "dup", "swap", "cut"]),
                          st.integers(0, 10_000), st.integers(0, 10_000)),
                min_size=1, max_size=4)


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(ops=_ops)
def test_damaged_histories_never_crash(base: Hand, ops: list[tuple[str, int, int]]) -> None:
    """Whatever is dropped, repeated, swapped or cut, validate returns violations."""
    events = list(base.events)
    for op, a, b in ops:
        if not events:
            break
        i, j = a % len(events), b % len(events)
        if op == "drop":
            del events[i]
        elif op == "dup":
            events.insert(j, events[i])
        elif op == "swap":
            events[i], events[j] = events[j], events[i]
        else:
            events = events[:i]
    found = validate(with_events(base, events), POKERSTARS)
    assert all(v.hand_id == base.hand_id for v in found)


def test_size_verdicts_are_fixed_limit_only(base: Hand) -> None:
    """The engine prices fixed limit only; a pot-limit hand's sizes are not judged by it."""
    from stud_hh.events import Limit, Raise

    events = list(base.events)
    i = next(i for i, e in enumerate(events) if type(e) is Raise)
    events[i] = Raise("Ann", by=50, to=58)
    fixed = with_events(base, events)
    assert ("BET_SIZE", 13) in {(v.code, v.action_index) for v in validate(fixed, POKERSTARS)}
    pot = msgspec.structs.replace(fixed, header=msgspec.structs.replace(
        fixed.header, limit=Limit.POT))
    assert "BET_SIZE" not in {v.code for v in validate(pot, POKERSTARS)}
