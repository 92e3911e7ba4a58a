"""Every event type is handled by every consumer of the engine and validator, never skipped.

A new event type (a new site's line) must be a decision in the bridge to the engine, the
ledger and the replay: each names every type, and a table that misses one is an error when
its module is imported (``stud_hh.validate.dispatch.every_event``).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from stud_hh.engine import Action, action_from_event
from stud_hh.engine.bridge import BettingEvent
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
    PlayerAction,
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
from stud_hh.validate import validate
from stud_hh.validate.dispatch import every_event
from stud_hh.validate.findings import did
from stud_hh.validate.ledger import _READERS, Ledger
from stud_hh.validate.replay import _STEPS

#: One event of every type (the test fails until a new type gets one).
SAMPLES: list[Event] = [
    StreetStart(Street.THIRD), Ante("Ann", 1), Deal(Street.THIRD, "Ann", (0, 1, 2),
                                                    (False, False, True)),
    BoardCard(51), BringIn("Ann", 2), Complete("Bob", 4), Bet("Ann", 4), Raise("Bob", 4, 8),
    Call("Ann", 4), Check("Bob"), Fold("Ann"), BettingCapped(), DoubleBetAllowed(),
    UncalledReturn("Bob", 4), ShowdownStart(), Show("Bob", (3, 4, 5, 6, 7, 8, 9)),
    Muck("Ann"), NoShow("Bob"), Collect("Bob", 10), NoLowHand(), Summary(10, 0),
    SeatResult(1, "Ann", "folded"), TableNote("joins", "Cy", "Cy joins the table"),
    Chat("Cy", "hi"),
]


def _hand(events: list[Event]) -> Hand:
    header = Header(site="PokerStars", hand_id="1", game=Game.STUD, small_bet=4, big_bet=8,
                    started_at=datetime(2020, 1, 1, tzinfo=UTC), table="T")
    return Hand(header=header, seats=(Seat(1, "Ann", 100), Seat(2, "Bob", 100)),
                events=tuple(events))


def test_the_samples_cover_every_event_type() -> None:
    assert {type(e) for e in SAMPLES} == set(EVENT_TYPES)


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: type(e).__name__)
def test_the_bridge_maps_betting_events_and_only_those(event: Event) -> None:
    action = action_from_event(event)
    assert (action is not None) == isinstance(event, PlayerAction)
    if action is not None:
        assert isinstance(action, Action) and action.player == event.player  # type: ignore[union-attr]


def test_the_ledger_and_the_replay_name_every_event_type() -> None:
    assert set(_READERS) == set(EVENT_TYPES)
    assert set(_STEPS) == set(EVENT_TYPES)


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: type(e).__name__)
def test_each_event_type_goes_through_the_ledger_and_the_validator(event: Event) -> None:
    hand = _hand([Ante("Ann", 1), Ante("Bob", 1), StreetStart(Street.THIRD),
                  Deal(Street.THIRD, "Ann", (10, 11, 12), (False, False, True)),
                  Deal(Street.THIRD, "Bob", (None, None, 20), (False, False, True)), event])
    Ledger(hand)
    assert all(v.hand_id == "1" for v in validate(hand))


def test_every_betting_event_is_worded_in_the_findings() -> None:
    hand = _hand([])
    for event in SAMPLES:
        if isinstance(event, PlayerAction):
            assert did(event, hand)  # type: ignore[arg-type]


def test_a_table_missing_an_event_type_is_refused_at_once() -> None:
    table = {t: None for t in EVENT_TYPES if t is not Chat}
    with pytest.raises(TypeError, match="Chat"):
        every_event("a consumer", table)


def test_betting_events_are_the_player_actions() -> None:
    betting = set(BettingEvent.__args__)  # type: ignore[attr-defined]
    assert betting == {t for t in EVENT_TYPES if issubclass(t, PlayerAction)}


def test_a_legal_hand_audits_clean_and_a_card_outside_the_deck_is_a_clear_error() -> None:
    events: list[Event] = [
        Ante("Ann", 1), Ante("Bob", 1),
        Deal(Street.THIRD, "Ann", (10, 11, 12), (False, False, True)),
        Deal(Street.THIRD, "Bob", (None, None, 20), (False, False, True)),
        BringIn("Ann", 2), Fold("Bob"), UncalledReturn("Ann", 2), Collect("Ann", 2),
        Summary(2, 0)]
    assert validate(_hand(events)) == []
    events[2] = Deal(Street.THIRD, "Ann", (10, 11, 60), (False, False, True))
    with pytest.raises(ValueError, match="60 is not a card"):
        validate(_hand(events))
