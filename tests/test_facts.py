"""Per-hand facts of hand-written PokerStars hands, each value worked out by hand.

The hands and the story of each are in ``test_stats_hands.py``; money is in cents.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from test_stats_hands import (
    BI_COMPLETES,
    NO_LOW,
    RAZZ,
    RESTEAL,
    SCOOP,
    SHOWDOWN,
    SPLIT,
    STEAL,
    WALK,
    parse_one,
)

from stud_hh.cards import card
from stud_hh.events import (
    Ante,
    Bet,
    BringIn,
    Call,
    Check,
    Collect,
    Complete,
    Event,
    Fold,
    Game,
    Hand,
    Header,
    Raise,
    Seat,
    Street,
    StreetStart,
    Summary,
    UncalledReturn,
)
from stud_hh.facts import PlayerFacts, player_facts, razz_low, start_category


def facts_of(text: str) -> dict[str, PlayerFacts]:
    return {f.player: f for f in player_facts(parse_one(text))}


def test_positional_and_upcard_steal_that_succeeds() -> None:
    f = facts_of(STEAL)
    ann, bob, cat, dan, eve = (f[p] for p in ("Ann", "Bob", "Cat", "Dan", "Eve"))
    assert [x.seat for x in f.values()] == [1, 2, 3, 4, 5]
    assert ann.is_bring_in and not ann.vpip
    # Bob was first in but not in the last three seats, and Cat's king is still to act.
    assert not bob.steal_opp_pos and not bob.steal_opp_up
    assert cat.steal_opp_pos and cat.steal_pos and cat.steal_pos_success
    assert cat.steal_opp_up and cat.steal_up and cat.steal_up_success
    assert cat.complete_3rd and cat.vpip and cat.aggressor_3rd and cat.raises_3rd == 1
    # Dan and Eve sit in steal seats but were not first in any more.
    assert not dan.steal_opp_pos and not eve.steal_opp_up
    assert dan.faced_complete_3rd and dan.fold_to_complete_3rd and dan.folded_3rd
    assert ann.faced_steal_pos and ann.fold_to_steal_pos and not ann.resteal_pos
    assert ann.faced_steal_up and ann.fold_to_steal_up
    assert ann.bi_faced_complete and ann.bi_fold_to_complete and not ann.bi_walk
    assert dan.start_category == "buried_pair" and ann.start_category is None
    assert dan.door_card == card("5h") and dan.door_rank == 5
    assert (cat.invested, cat.collected, cat.net) == (3, 9, 6)
    assert (ann.net, bob.net, dan.net, eve.net) == (-3, -1, -1, -1)
    assert not any(x.streets[0].saw or x.showdown for x in f.values())


def test_resteal_big_bet_and_continuation_bet() -> None:
    f = facts_of(RESTEAL)
    bob, cat, fay = f["Bob"], f["Cat"], f["Fay"]
    assert cat.steal_opp_up and cat.steal_up and not cat.steal_opp_pos and not cat.steal_pos
    assert not cat.steal_up_success  # Bob re-stole
    assert bob.is_bring_in and bob.faced_steal_up and bob.resteal_up
    assert not bob.faced_steal_pos and not bob.fold_to_steal_up
    assert bob.bi_faced_complete and bob.bi_reraise and bob.reraise_3rd and bob.vpip
    assert bob.aggressor_3rd and not cat.aggressor_3rd
    assert cat.faced_raise_3rd and not cat.fold_to_raise_3rd and cat.calls_3rd == 1
    assert fay.faced_complete_3rd and fay.fold_to_complete_3rd
    assert not fay.steal_opp_pos  # in a steal seat, but Cat had completed already
    assert bob.open_pair_4th and bob.big_bet_opp_4th and bob.big_bet_4th
    assert bob.cbet_opp_4th and bob.cbet_4th and bob.streets[0].bets == 1
    assert cat.faced_cbet_4th and cat.fold_to_cbet_4th
    assert cat.streets[0].faced_bet and cat.streets[0].fold_to_bet
    assert bob.streets[0].saw and cat.streets[0].saw and not fay.streets[0].saw
    assert not bob.streets[1].saw
    assert (bob.net, cat.net, fay.net) == (13, -9, -1)


def test_showdown_check_raise_and_street_counts() -> None:
    f = facts_of(SHOWDOWN)
    ann, bob, cat = f["Ann"], f["Bob"], f["Cat"]
    # 3rd street
    assert bob.steal_opp_pos and bob.steal_opp_up and not bob.steal_pos and bob.vpip
    assert not cat.steal_opp_pos and not cat.steal_opp_up  # Bob limped first
    assert cat.complete_opp_3rd and cat.complete_3rd
    assert bob.faced_complete_3rd and bob.reraise_3rd and bob.aggressor_3rd
    assert ann.bi_faced_complete and ann.bi_call_complete and not ann.bi_fold_to_complete
    assert ann.faced_raise_3rd and ann.fold_to_raise_3rd and ann.vpip
    assert not ann.faced_steal_pos  # Bob had limped: no steal happened
    assert bob.start_category == "buried_pair"  # Qc Qd in the hole, Jd up
    # 4th: Cat checks, Bob c-bets, Cat check-raises, Bob calls
    b4, c4 = bob.streets[0], cat.streets[0]
    assert bob.cbet_opp_4th and bob.cbet_4th and cat.faced_cbet_4th
    assert not cat.fold_to_cbet_4th
    assert c4.bet_opp and c4.checkraise_opp and c4.checkraise and c4.raises == 1
    assert b4.bet_opp and b4.bets == 1 and b4.faced_bet and b4.calls == 1
    assert not b4.checkraise_opp and not bob.open_pair_4th and not bob.big_bet_opp_4th
    # 5th: Cat bets, Bob calls; 6th checked through; river: Bob checks and calls
    assert bob.streets[1].calls == 1 and cat.streets[1].bets == 1
    assert bob.streets[2].bet_opp and bob.streets[2].bets == 0
    assert not bob.streets[2].faced_bet
    b7 = bob.streets[3]
    assert b7.checkraise_opp and not b7.checkraise and b7.calls == 1
    assert cat.streets[3].bets == 1 and not cat.streets[3].faced_bet
    # result
    assert all(s.saw for s in bob.streets) and all(s.saw for s in cat.streets)
    assert bob.showdown and cat.showdown and not ann.showdown
    assert bob.won_showdown and not cat.won_showdown and bob.won
    assert bob.cards_shown and cat.cards_shown
    assert (bob.invested, bob.collected, bob.net, bob.rake) == (33, 68, 35, 3)
    assert (cat.net, ann.net, cat.rake) == (-33, -5, 0)
    assert bob.won_high is None and bob.razz_low is None  # stud high: no halves


def test_split_pot_high_and_low_halves() -> None:
    f = facts_of(SPLIT)
    ann, bob = f["Ann"], f["Bob"]
    assert ann.steal_pos and ann.steal_up and not ann.steal_pos_success
    assert bob.faced_steal_pos and bob.faced_steal_up and not bob.fold_to_steal_pos
    assert bob.bi_call_complete and not bob.resteal_up
    assert ann.won_high and not ann.won_low and not ann.scoop and ann.low_made is False
    assert bob.won_low and not bob.won_high and not bob.scoop and bob.low_made
    assert ann.won_showdown and bob.won_showdown
    assert (ann.net, bob.net) == (0, 0)


def test_scoop() -> None:
    f = facts_of(SCOOP)
    ann, bob = f["Ann"], f["Bob"]
    assert ann.scoop and ann.won_high and ann.won_low and ann.low_made
    assert not bob.scoop and not bob.won_high and not bob.won_low and not bob.low_made
    assert ann.vpip and not ann.complete_3rd and bob.is_bring_in and not bob.vpip
    assert ann.start_category == "three_low"  # Ac 3c 5d
    assert (ann.net, bob.net) == (3, -3)


def test_scoop_without_a_qualifying_low() -> None:
    f = facts_of(NO_LOW)
    ann, bob = f["Ann"], f["Bob"]
    assert ann.scoop and ann.won_high and not ann.won_low and ann.low_made is False
    assert not bob.scoop and not bob.won_high and not bob.won_low


def test_razz_steal_senses_lows_and_categories() -> None:
    f = facts_of(RAZZ)
    ann, bob, cat = f["Ann"], f["Bob"], f["Cat"]
    assert ann.is_bring_in and ann.door_rank == 13
    assert bob.steal_opp_pos and bob.steal_pos
    assert not bob.steal_opp_up and not bob.steal_up  # Cat's deuce is better
    assert not ann.faced_steal_pos  # Cat called in between
    assert ann.bi_faced_complete and ann.bi_fold_to_complete
    assert bob.start_category == "three_to_6"
    assert bob.razz_low == 8 and cat.razz_low == 6
    assert cat.won_showdown and not bob.won_showdown
    assert (ann.net, bob.net, cat.net) == (-3, -5, 8)


def test_bring_in_completes_and_walk() -> None:
    g = facts_of(BI_COMPLETES)
    assert g["Ann"].bi_complete and g["Ann"].complete_3rd and g["Ann"].vpip
    assert not g["Ann"].bi_walk and not g["Ann"].steal_pos and not g["Ann"].steal_up
    assert not g["Bob"].steal_opp_pos and g["Bob"].faced_complete_3rd
    assert g["Ann"].net == 2
    w = facts_of(WALK)
    assert w["Ann"].bi_walk and not w["Ann"].vpip and w["Ann"].net == 2
    assert w["Bob"].steal_opp_pos and not w["Bob"].steal_opp_up  # Cat's king behind
    assert w["Cat"].steal_opp_pos and w["Cat"].steal_opp_up and not w["Cat"].steal_up


@pytest.mark.parametrize(
    ("game", "cards", "expected"),
    [
        (Game.STUD, "9c 9d 9h", "rolled_up"),
        (Game.STUD, "9c 4d 9h", "split_pair"),
        (Game.STUD, "9c 9d 4h", "buried_pair"),
        (Game.STUD, "2c 7c Kc", "three_flush"),
        (Game.STUD, "Ac 2d 3h", "three_straight"),
        (Game.STUD, "Ac 2d 4h", "other"),
        (Game.STUD8, "Ac 2d 4h", "three_low"),
        (Game.STUD8, "Ac 2c 9c", "three_flush"),
        (Game.RAZZ, "Ac 2d 8h", "three_to_8"),
        (Game.RAZZ, "Ac 2d 6h", "three_to_6"),
        (Game.RAZZ, "Ac 2d 9h", "rough"),
        (Game.RAZZ, "Ac Ad 2h", "paired"),
    ],
)
def test_start_categories(game: Game, cards: str, expected: str) -> None:
    from stud_hh.cards import parse_cards

    held = parse_cards(cards)
    assert start_category(game, held, held[2]) == expected


def test_razz_low_top_card() -> None:
    from stud_hh.cards import parse_cards

    assert razz_low(parse_cards("Ac 2d 3h 4s 5c Kd Kh")) == 5
    assert razz_low(parse_cards("Kc Qd Jh Ts 9c 9d 9h")) == 13
    assert razz_low(parse_cards("Ac Ad 2h 2s 3c 3d 4h")) is None


@pytest.mark.parametrize(("game", "tournament"), [
    ("stud", False), ("stud8", False), ("razz", False), ("stud", True), ("razz", True),
])
def test_invariants_over_simulated_hands(game: str, tournament: bool) -> None:
    """Facts that imply others, and money that balances, over engine-played hands."""
    from stud_hh.events import Summary
    from stud_hh.simulate import simulate_hands

    for hand in simulate_hands(120, game=game, players=8, tournament=tournament, seed=5):
        facts = player_facts(hand)
        rake = next((e.rake for e in hand.events if isinstance(e, Summary)), 0)
        assert sum(f.net for f in facts) == -rake, hand.hand_id
        assert sum(f.rake for f in facts) == (rake if any(f.won for f in facts) else 0)
        assert sum(f.is_bring_in for f in facts) == 1
        live_at_end = [f for f in facts if f.showdown]
        assert len(live_at_end) != 1
        for f in facts:
            assert f.invested <= f.stack and f.won == (f.collected > 0)
            assert f.steal_pos <= f.steal_opp_pos and f.steal_up <= f.steal_opp_up
            assert f.steal_pos_success <= f.steal_pos and f.steal_up_success <= f.steal_up
            assert f.fold_to_steal_pos <= f.faced_steal_pos <= f.is_bring_in
            assert f.resteal_up <= f.faced_steal_up <= f.bi_faced_complete <= f.is_bring_in
            assert f.bi_walk + f.bi_complete + f.bi_faced_complete <= 1
            assert f.complete_3rd <= f.complete_opp_3rd and f.reraise_3rd <= f.faced_complete_3rd
            assert f.fold_to_raise_3rd <= f.faced_raise_3rd and f.vpip >= f.complete_3rd
            assert f.cbet_4th <= f.cbet_opp_4th <= f.aggressor_3rd
            assert f.fold_to_cbet_4th <= f.faced_cbet_4th
            assert f.big_bet_4th <= f.big_bet_opp_4th <= f.open_pair_4th
            assert f.won_showdown <= f.showdown <= f.streets[3].saw
            seen = [s.saw for s in f.streets]
            assert seen == sorted(seen, reverse=True)  # a later street implies the earlier
            for s in f.streets:
                assert s.bets <= s.bet_opp <= s.saw and s.fold_to_bet <= s.faced_bet <= s.saw
                assert s.checkraise <= s.checkraise_opp <= s.faced_bet
            if game != "stud8":
                assert f.won_high is None and f.scoop is None
            if game != "razz" or not f.cards_shown:
                assert f.razz_low is None


def _bare_hand(seats: tuple[Seat, ...], events: tuple[Event, ...]) -> Hand:
    header = Header(site="PokerStars", hand_id="1", game=Game.STUD, small_bet=4, big_bet=8,
                    started_at=datetime(2024, 1, 1, tzinfo=UTC), table="T")
    return Hand(header=header, seats=seats, events=events)


def test_a_hand_without_events_lists_the_seated_players_not_sitting_out() -> None:
    seats = (Seat(1, "Ann", 100), Seat(2, "Bob", 90, sitting_out=True), Seat(3, "Cat", 50))
    facts = player_facts(_bare_hand(seats, ()))
    assert [(f.player, f.seat, f.stack) for f in facts] == [("Ann", 1, 100), ("Cat", 3, 50)]
    assert all(f.net == 0 and not f.won and f.door_card is None for f in facts)


def test_rake_remainder_goes_by_seat_not_by_collection_order() -> None:
    # A 2-unit pot split 1/1 with 1 unit of rake: the shares tie and the lower seat pays
    # it, although Bob's collection is printed first.
    seats = (Seat(1, "Ann", 100), Seat(2, "Bob", 100))
    events = (Ante("Ann", 1), Ante("Bob", 1), Collect("Bob", 1), Collect("Ann", 1),
              Summary(2, 1))
    ann, bob = player_facts(_bare_hand(seats, events))
    assert (ann.rake, bob.rake) == (1, 0)
    assert (ann.collected, ann.invested, ann.net, ann.won) == (1, 1, 0, True)
    assert ann.showdown and ann.won_showdown and not ann.cards_shown


def test_actions_of_someone_not_seated_count_chips_but_get_no_record() -> None:
    # Zed is not seated: no record, but his raise to 12 is what Bob's bet of 4 then faces.
    seats = (Seat(1, "Ann", 100), Seat(2, "Bob", 100))
    events = (StreetStart(Street.THIRD), BringIn("Ann", 2), Call("Bob", 2),
              StreetStart(Street.FOURTH), Check("Ann"), Bet("Bob", 4), Raise("Zed", 8, 12),
              Fold("Ann"), Call("Bob", 8))
    ann, bob = player_facts(_bare_hand(seats, events))
    a4, b4 = ann.streets[0], bob.streets[0]
    assert a4.bet_opp and a4.faced_bet and a4.checkraise_opp and a4.fold_to_bet
    assert b4.bets == 1 and b4.faced_bet and b4.calls == 1
    assert (ann.invested, bob.invested) == (2, 14)


def test_a_name_seated_twice_gets_two_rows_of_its_last_seat() -> None:
    # A broken history seats Ann twice: both rows are the record of her last seat, with
    # all her facts (the rows are written once and copied).
    seats = (Seat(1, "Ann", 100), Seat(2, "Bob", 90), Seat(3, "Ann", 70))
    events = (Ante("Ann", 1), Ante("Bob", 1), StreetStart(Street.THIRD), BringIn("Bob", 2),
              Complete("Ann", 4), Fold("Bob"), UncalledReturn("Ann", 2), Collect("Ann", 5),
              Summary(5, 0))
    first, bob, last = player_facts(_bare_hand(seats, events))
    assert first == last and (last.player, last.seat, last.stack) == ("Ann", 3, 70)
    assert last.vpip and last.complete_3rd and last.net == 2 and last.won
    assert bob.is_bring_in and bob.bi_fold_to_complete and bob.seat == 2


def test_fact_columns_dropped_rows_start_again_from_the_defaults() -> None:
    from stud_hh.facts import FactColumns, write_facts
    from stud_hh.recap import recap

    seats = (Seat(1, "Ann", 100), Seat(2, "Bob", 90))
    events = (Ante("Ann", 1), Ante("Bob", 1), StreetStart(Street.THIRD), BringIn("Bob", 2),
              Complete("Ann", 4), Fold("Bob"), UncalledReturn("Ann", 2), Collect("Ann", 5),
              Summary(5, 0))
    hand = _bare_hand(seats, events)
    columns = FactColumns()
    assert write_facts(columns, hand, recap(hand)) == 2
    columns.drop_from(0)
    assert columns.size == 0
    write_facts(columns, _bare_hand(seats, ()), recap(_bare_hand(seats, ())))
    assert columns.records() == player_facts(_bare_hand(seats, ()))
    assert not any(f.vpip or f.won or f.is_bring_in for f in columns.records())
