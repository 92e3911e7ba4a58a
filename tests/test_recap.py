"""Every event type has a meaning in each consumer that stores or counts hands, and an
unknown one is an error, never silently dropped.

``stud_hh.recap`` is where the table rows (``pipelines.rows``) and the stats facts
(``stud_hh.facts``) read events; ``reader_of`` gives each event type its reader and ends in
``assert_never`` (mypy checks it is exhaustive over ``Event``). Here a hand holding one
event of every type in ``EVENT_TYPES`` goes through the recap, the facts and the rows; a
new event type fails this test until it is given a sample below and a reader.
"""

from __future__ import annotations

import doctest
from datetime import UTC, datetime

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

import stud_hh.facts
import stud_hh.recap
from pipelines.rows import hand_rows
from stud_hh.cards import card
from stud_hh.events import (
    EVENT_TYPES,
    Ante,
    Bet,
    BettingCapped,
    BoardCard,
    BringIn,
    Call,
    Chat,
    Check,
    Collect,
    Complete,
    Deal,
    DoubleBetAllowed,
    Event,
    Fold,
    Game,
    Hand,
    Header,
    Muck,
    NoLowHand,
    NoShow,
    Raise,
    Seat,
    SeatResult,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    Summary,
    TableNote,
    UncalledReturn,
)
from stud_hh.facts import player_facts
from stud_hh.recap import READERS, first_upcard, last_upcard, recap

THIRD, FOURTH = Street.THIRD, Street.FOURTH
#: One event of every type, in an order a history could print them.
EVERY_EVENT: tuple[Event, ...] = (
    TableNote("joins", "Cat", "Cat joins the table at seat #3"),
    Ante("Ann", 1), Ante("Bob", 1),
    StreetStart(THIRD),
    Deal(THIRD, "Ann", (card("2c"), card("3c"), card("Kd")), (False, False, True)),
    Deal(THIRD, "Bob", (None, None, card("Qs")), (False, False, True)),
    BringIn("Ann", 2), Complete("Bob", 4), Raise("Ann", 4, 8), Call("Bob", 4),
    Chat("Bob", "nh"),
    StreetStart(FOURTH),
    Deal(FOURTH, "Ann", (card("Kh"),), (True,)),
    Deal(FOURTH, "Bob", (card("Qh"),), (True,)),
    DoubleBetAllowed(), Check("Ann"), Bet("Bob", 8), Raise("Ann", 8, 16), Call("Bob", 8),
    BettingCapped(), BoardCard(card("9d")),
    ShowdownStart(), Show("Ann", (card("2c"), card("3c"), card("Kd"), card("Kh"), card("9d"))),
    Muck("Bob", (card("Js"), card("Jd"))), NoShow("Bob"), NoLowHand(),
    UncalledReturn("Ann", 0), Collect("Ann", 49), Fold("Bob"),
    Summary(50, 1), SeatResult(1, "Ann", "showed", 49), SeatResult(2, "Bob", "mucked"),
)


def _hand(events: tuple[object, ...]) -> Hand:
    header = Header(site="PokerStars", hand_id="1", game=Game.STUD, small_bet=4, big_bet=8,
                    started_at=datetime(2024, 1, 1, tzinfo=UTC), table="T", ante=1,
                    bring_in=2)
    return Hand(header=header, seats=(Seat(1, "Ann", 100), Seat(2, "Bob", 100)),
                events=events)  # type: ignore[arg-type]


def test_the_sample_holds_every_event_type_and_each_has_a_reader() -> None:
    assert {type(e) for e in EVERY_EVENT} == set(EVENT_TYPES) == set(READERS)


def test_every_event_type_goes_through_the_recap_facts_and_rows() -> None:
    hand = _hand(EVERY_EVENT)
    seen = recap(hand)
    ann, bob = player_facts(hand, seen)
    rows = hand_rows(0, hand, seen, [], "f.txt", 1)
    decisions = [e for e in EVERY_EVENT if type(e) in (BringIn, Complete, Bet, Raise, Call,
                                                       Check, Fold)]
    assert [kind.name for _, _, kind, *_ in rows.actions] == [
        "bring_in", "complete", "raise", "call", "check", "bet", "raise", "call", "fold"]
    assert len(rows.actions) == len(decisions) == len(list(hand.player_actions()))
    assert seen.open_pair_printed and ann.open_pair_4th and seen.showdown
    assert (ann.collected, ann.rake, rows.players[0][12]) == (49, 1, 1)
    assert rows.players[1][5] == "Qs Qh Js Jd"  # Bob's cards: dealt, then mucked
    assert rows.hand[20:24] == (FOURTH, True, 50, 1)  # last street, showdown, pot, rake
    assert bob.folded_3rd is False and bob.streets[0].calls == 1


def test_an_unknown_event_type_is_an_error() -> None:
    class Flop(msgspec.Struct, frozen=True):  # a hold'em event stud_hh does not read
        cards: tuple[int, ...]

    with pytest.raises(TypeError, match=r"no reader for the event type .*Flop"):
        recap(_hand((*EVERY_EVENT[:3], Flop((1, 2, 3)))))


@pytest.mark.parametrize("module", [stud_hh.recap, stud_hh.facts], ids=lambda m: m.__name__)
def test_the_doctested_examples_hold(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.failed == 0 and result.attempted > 3


_CARD = st.one_of(st.none(), st.integers(0, 51))


@given(st.lists(_CARD, max_size=4), st.lists(st.booleans(), max_size=4))
def test_first_and_last_upcards_are_those_a_plain_loop_finds(
    cards: list[int | None], up: list[bool],
) -> None:
    deal = Deal(THIRD, "Ann", tuple(cards), tuple(up))
    pairs = list(zip(cards, up, strict=False))
    assert first_upcard(deal) == next((c for c, u in pairs if u and c is not None), None)
    assert last_upcard(deal) == next((c for c, u in reversed(pairs) if u), None)
