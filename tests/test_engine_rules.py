"""One test per rule of ../shared/spec/stud-rules.md, for every option value, named after
its section (test_section_4_3_..., test_section_5_open_pair_...)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from stud_hh.cards import card, parse_cards
from stud_hh.engine import (
    Action,
    ActionKind,
    Code,
    Deck,
    Half,
    IllegalAction,
    Phase,
    Stakes,
    StudState,
    UncalledBet,
)
from stud_hh.events import Game, Street
from stud_hh.rules import (
    PAGAT,
    POKERSTARS,
    ROBERTS,
    TDA,
    AllInAnteBringIn,
    CommunityActor,
    OddChipCards,
    OpenPair,
    OutOfCards,
    RaiseAfterShortAllIn,
    RuleSet,
    ShortBringIn,
    TieBreak,
)

K = ActionKind


# --- builders: a table with known 3rd-street cards, streets by text -----------------

STAKES = Stakes(1, 2, 4, 8)


def table(
    hands: Sequence[str],
    game: Game = Game.STUD,
    rules: RuleSet = POKERSTARS,
    stacks: Sequence[int] | None = None,
    stakes: Stakes = STAKES,
) -> StudState:
    """Antes posted and 3rd street dealt: ``hands[p]`` = "down down door"."""
    n = len(hands)
    st = StudState(game, stakes, stacks or [1000] * n, rules=rules,
                   players=[f"Player{i + 1}" for i in range(n)])
    st.post_antes()
    for p, h in enumerate(hands):
        st.deal(p, parse_cards(h))
    return st


def street(st: StudState, cards: Sequence[str | None]) -> None:
    """Deals one card to every live player (``cards[p]``; folded players' entries ignored)."""
    due = st.deal_due
    assert due is not None, st.phase
    for p in due.players:
        c = cards[p]
        st.deal(p, (None if c is None else card(c),))


def call_around(st: StudState) -> None:
    """Everyone left calls or checks until the round ends."""
    street_now = st.street
    while st.to_act is not None and st.street == street_now:
        p = st.to_act
        if st.can_check(p):
            st.check(p)
        else:
            st.call(p)



def code_of(rec: IllegalAction | None) -> Code | None:
    return rec.code if rec is not None else None


# --- 1. games and players ---------------------------------------------------------------


def test_section_1_players_two_to_max_players() -> None:
    with pytest.raises(ValueError):
        StudState(Game.STUD, Stakes(1, 2, 4, 8), [100])
    StudState(Game.STUD, Stakes(1, 2, 4, 8), [100] * 8, rules=ROBERTS)
    six_max = ROBERTS.with_(max_players=6)
    with pytest.raises(ValueError):
        StudState(Game.STUD, Stakes(1, 2, 4, 8), [100] * 7, rules=six_max)


# --- 4.1 ante -----------------------------------------------------------------------------


def test_section_4_1_every_player_posts_the_ante_short_stack_all_in() -> None:
    st = StudState(Game.STUD, Stakes(5, 10, 20, 40), [100, 3, 100])
    assert st.phase is Phase.ANTES and st.antes_due == (0, 1, 2)
    assert code_of(st.verify_ante(0, 4)) is Code.ANTE_AMOUNT
    assert st.post_ante(0) == 5
    assert st.verify_ante(1, 3) is None  # all-in for less than the ante is legal
    assert st.post_ante(1) == 3 and st.all_in[1]
    assert code_of(st.verify_deal(0, parse_cards("2c 3c 4c"))) is Code.ANTE_MISSING
    st.post_ante(2)
    assert st.phase is Phase.DEALING and st.total_pot == 13


def test_section_4_1_forced_deal_closes_the_missing_ante() -> None:
    st = StudState(Game.STUD, Stakes(5, 10, 20, 40), [100, 100])
    st.post_ante(0)
    recs = st.force_deal(0, parse_cards("2c 3c 4c"))
    assert [r.code for r in recs] == [Code.ANTE_MISSING]
    assert st.phase is Phase.DEALING and st.contributions == (5, 0)


# --- 4.2 dealing --------------------------------------------------------------------------


def test_section_4_2_dealing_counts_and_duplicates() -> None:
    st = StudState(Game.STUD, Stakes(1, 2, 4, 8), [100, 100, 100])
    st.post_antes()
    assert st.deal_due is not None and st.deal_due.up == (False, False, True)
    assert code_of(st.verify_deal(0, parse_cards("2c 3c"))) is Code.WRONG_CARD_COUNT
    st.deal(0, (None, None, card("Ah")))  # hidden cards unknown
    assert code_of(st.verify_deal(1, parse_cards("Ah 2d 3d"))) is Code.DUPLICATE_CARD
    assert code_of(st.verify_deal(1, parse_cards("5d 5d 3d"))) is Code.DUPLICATE_CARD
    assert code_of(st.verify_deal(0, parse_cards("5d 6d 3d"))) is Code.NOT_DEALING
    st.deal(1, parse_cards("5d 6d 3d"))
    st.deal(2, parse_cards("5h 6h 2h"))
    assert st.phase is Phase.BETTING
    assert st.upcards(0) == (card("Ah"),)


# --- 4.3 bring-in -------------------------------------------------------------------------


@pytest.mark.parametrize("game", [Game.STUD, Game.STUD8])
def test_section_4_3_lowest_upcard_brings_in_suit_breaks_ties(game: Game) -> None:
    st = table(["As Ks 2d", "Ad Kd 2c", "Qc Qh 3h"], game=game)
    assert st.to_act == 1 and st.bring_in_player == 1
    assert st.first_actor_reason == "lowest door card 2c"


def test_section_4_3_razz_highest_upcard_brings_in_ace_is_low() -> None:
    st = table(["2s 3s Kh", "2d 3d Ks", "4c 5c Ac"], game=Game.RAZZ)
    assert st.to_act == 1  # king of spades: highest card, highest suit; the ace is low


def test_section_4_3_bring_in_player_and_amount() -> None:
    st = table(["As Ks 2c", "Ad Kd 9d", "Qc Qh 5h"])
    rec = st.verify_bring_in(1)
    assert code_of(rec) is Code.WRONG_BRING_IN_PLAYER
    assert rec is not None and "Player1" in rec.message and rec.rule.startswith("4.3")
    assert code_of(st.verify_call(0)) is Code.BRING_IN_EXPECTED
    assert code_of(st.verify_bring_in(0, 3)) is Code.WRONG_BRING_IN_AMOUNT
    assert st.bring_in(0).amount == 2
    assert code_of(st.verify_bring_in(1)) is Code.BRING_IN_NOT_DUE


def test_section_4_3_bring_in_player_may_complete_instead() -> None:
    st = table(["As Ks 2c", "Ad Kd 9d", "Qc Qh 5h"])
    legal = {la.kind: la.amounts for la in st.legal_actions()}
    assert legal == {K.BRING_IN: (2,), K.COMPLETE: (4,)}
    # PokerStars prints this as "bets 4": the engine reads it as the completion
    assert st.bet(0, 4).kind is K.COMPLETE
    assert st.completed and st.raises == 0


def test_section_4_3_everyone_calls_the_bring_in_round_ends() -> None:
    st = table(["As Ks 2c", "Ad Kd 9d", "Qc Qh 5h"])
    st.bring_in(0)
    st.call(1)
    st.call(2)
    assert st.phase is Phase.DEALING and st.street is Street.FOURTH  # no option for the bring-in


# --- 4.4 completion is not a raise --------------------------------------------------------


def test_section_4_4_completion_is_not_a_raise_raises_only_after_it() -> None:
    st = table(["As Ks 2c", "Ad Kd 9d", "Qc Qh 5h", "Jc Jh 6h"])
    st.bring_in(0)
    assert code_of(st.verify_raise_to(1, 8)) is Code.RAISE_BEFORE_COMPLETION
    done = st.raise_to(1, 4)  # PokerStars: "raises 2 to 4" over the bring-in
    assert done.kind is K.COMPLETE and st.raises == 0
    st.raise_to(2, 8)
    st.raise_to(3, 12)
    st.raise_to(0, 16)
    assert st.raises == 3 and st.capped
    assert code_of(st.verify_raise_to(1, 20)) is Code.RAISE_CAP_EXCEEDED
    assert {la.kind for la in st.legal_actions()} == {K.FOLD, K.CALL}


def test_section_4_4_bring_in_player_completing_is_not_a_raise() -> None:
    st = table(["As Ks 2c", "Ad Kd 9d", "Qc Qh 5h"])
    st.bring_in(0)
    st.complete(1)
    st.call(2)
    st.raise_to(0, 8)  # the bring-in player re-raises: the first raise
    assert st.raises == 1


# --- 4.6 first actor from 4th street ------------------------------------------------------


def _to_fourth(
    hands: list[str], game: Game = Game.STUD, rules: RuleSet = POKERSTARS
) -> StudState:
    st = table(hands, game=game, rules=rules)
    st.bring_in(st.to_act)
    call_around(st)
    return st


def test_section_4_6_best_showing_hand_acts_first() -> None:
    st = _to_fourth(["As Ks 2c", "Ad Kd Jd", "Qc Qh 9h"])
    street(st, ["Kc", "Jh", "9d"])  # K-2, J-J, 9-9
    assert st.to_act == 1 and st.first_actor_reason == "best board pair of Jacks"
    rec = st.verify_check(2)
    assert code_of(rec) is Code.WRONG_FIRST_ACTOR
    assert rec is not None and rec.message == (
        "acted first on 4th Street out of turn: expected Player2 (best board pair of Jacks) "
        "but Player3 acted"
    )


def test_section_4_6_pairs_and_trips_count_straights_and_flushes_do_not() -> None:
    st = _to_fourth(["As Ks 3c", "Ad Kd 7c", "Qc Qh Ah"])
    street(st, ["3d", "8c", "Kh"])
    call_around(st)
    street(st, ["3h", "7d", "Qs"])  # 3-3-3 vs 7-8-7 vs A-K-Q (a straight draw)
    assert st.to_act == 0
    st2 = _to_fourth(["As Ks 9c", "Ad Kd 7c", "Qc Qh 4h"])
    street(st2, ["Tc", "7d", "5h"])
    call_around(st2)
    street(st2, ["Jc", "2s", "6h"])  # 9-T-J suited vs 7-7 vs 4-5-6
    assert st2.to_act == 1


def test_section_4_6_razz_lowest_board_acts_first() -> None:
    st = _to_fourth(["2s 3s 7c", "2d 3d 4c", "4s 5s Kh"], game=Game.RAZZ)
    street(st, ["8c", "Kd", "As"])  # 8-7 vs K-4 vs K-A
    assert st.to_act == 0 and st.first_actor_reason == "lowest board 8-7"


@pytest.mark.parametrize(
    ("tie", "first"), [(TieBreak.SEAT, 0), (TieBreak.SUIT, 1)]
)
def test_section_4_6_showing_tie_break(tie: TieBreak, first: int) -> None:
    rules = POKERSTARS.with_(showing_tie_break=tie)
    st = _to_fourth(["2s 3s Kc", "2h 3h Ks", "4c 5c 2d"], rules=rules)
    street(st, ["Ac", "Ad", "7c"])  # A-K vs A-K: the king of spades is the higher suit
    assert st.to_act == first


def test_section_4_6_seventh_street_actor_is_sixth_streets() -> None:
    st = _to_fourth(["2s 3s Kc", "2h 3h Qs", "4c 5c 8d"])
    for ups in (["Ac", "Ad", "7c"], ["9c", "9d", "6c"], ["Tc", "Td", "5d"]):
        street(st, ups)
        call_around(st)
    six = st.first_actors[Street.SIXTH]
    assert six == 0  # A-K-T-9 beats A-Q-T-9 and 8-7-6-5
    street(st, [None, None, None])
    assert st.to_act == six


def test_section_4_6_all_in_first_actor_passes_the_lead_clockwise() -> None:
    st = table(["As Ks 2c", "Ad Kd 9d", "Qc Qh 5h"], stacks=[1000, 7, 1000])
    st.bring_in(0)
    st.complete(1)  # 1 chip left
    call_around(st)
    street(st, ["3c", "9h", "6h"])
    st.bet(st.to_act)
    call_around(st)
    assert st.all_in[1]
    street(st, ["4c", "9s", "7d"])  # player 2 shows trips but is all-in
    assert st.to_act == 2 and "who is all-in" in st.first_actor_reason


# --- 4.7 betting rounds -------------------------------------------------------------------


def test_section_4_7_turn_order_and_basic_breaches() -> None:
    st = table(["As Ks 2c", "Ad Kd 9d", "Qc Qh 5h", "Jc Jh 6h"])
    st.bring_in(0)
    assert code_of(st.verify_call(2)) is Code.OUT_OF_TURN
    assert code_of(st.verify_check(1)) is Code.CHECK_FACING_BET
    assert code_of(st.verify_call(1, 5)) is Code.CALL_AMOUNT
    st.fold(1)
    assert code_of(st.verify_call(1)) is Code.ACTION_AFTER_FOLD
    assert st.verify_bet(2, 4) is None  # "bets 4" over the bring-in: the completion
    assert st.verify_raise_to(2, 4) is None  # "raises 2 to 4": the completion too
    st.complete(2)
    assert code_of(st.verify_bet(3, 8)) is Code.BET_FACING_BET


def test_section_4_7_uncalled_bet_returned_and_hand_ends() -> None:
    st = table(["As Ks 2c", "Ad Kd 9d", "Qc Qh 5h"])
    st.bring_in(0)
    st.complete(1)
    st.fold(2)
    st.fold(0)
    assert st.phase is Phase.SHOWDOWN and st.showdown_order == ()
    assert [(u.player, u.amount) for u in st.uncalled] == [(1, 2)]  # 4 less the called 2
    res = st.award(0)
    assert res.collected == (0, 7, 0) and res.stacks == (997, 1004, 999)


def test_section_4_7_check_raise_is_allowed() -> None:
    st = _to_fourth(["As Ks 2c", "Ad Kd Jd", "Qc Qh 9h"])
    street(st, ["Kc", "Jh", "3d"])
    first = st.to_act
    assert first == 1
    st.check(1)
    st.bet(2, 4)
    st.call(0)
    assert st.verify_raise_to(1, 8) is None


# --- 5. bet sizes -------------------------------------------------------------------------


def test_section_5_small_bet_3rd_4th_big_bet_5th_to_7th() -> None:
    st = _to_fourth(["As Ks 2c", "Ad Kd Jd", "Qc Qh 9h"])
    street(st, ["Kc", "Th", "3d"])
    assert st.to_act == 0  # K-2 is the best board
    assert code_of(st.verify_bet(0, 6)) is Code.BET_SIZE
    assert {la.kind: la.amounts for la in st.legal_actions()}[K.BET] == (4,)
    call_around(st)
    street(st, ["8c", "7h", "4d"])
    assert code_of(st.verify_bet(st.to_act, 4)) is Code.BET_SIZE
    st.bet(st.to_act, 8)
    assert st.bet_level == 8


@pytest.mark.parametrize(
    ("rules", "game", "double"),
    [
        (ROBERTS, Game.STUD, True),  # fourth_street_only, stud high only
        (ROBERTS, Game.STUD8, False),
        (PAGAT, Game.STUD8, True),  # any_street, any open pair
        (PAGAT.with_(open_pair_double_bet=OpenPair.FOURTH_STREET_ONLY), Game.STUD8, True),
        (TDA, Game.STUD, False),  # off
        (POKERSTARS, Game.STUD, True),
        (ROBERTS, Game.RAZZ, False),
    ],
)
def test_section_5_open_pair_on_fourth_street(
    rules: RuleSet, game: Game, double: bool
) -> None:
    hands = ["As Ks 9c", "Ad Kd Jd", "Qc Qh 5h"] if game is not Game.RAZZ else \
        ["2s 3s 9c", "2d 3d Jd", "4c 4h Qh"]
    st = _to_fourth(hands, game=game, rules=rules)
    street(st, ["9h", "2c", "3d"] if game is not Game.RAZZ else ["9h", "5c", "6d"])
    assert st.open_pair is double
    p = st.to_act
    assert p is not None
    legal = {la.kind: la.amounts for la in st.legal_actions()}
    assert legal[K.BET] == ((4, 8) if double else (4,))
    if not double:
        assert code_of(st.verify_bet(p, 8)) is Code.BIG_BET_WITHOUT_OPEN_PAIR


def test_section_5_open_pair_big_after_small_not_the_reverse() -> None:
    st = _to_fourth(["As Ks 9c", "Ad Kd Jd", "Qc Qh 5h"], rules=ROBERTS)
    street(st, ["9h", "2c", "3d"])
    st.bet(0, 4)
    assert st.verify_raise_to(1, 12) is None  # a big raise over the small bet
    st.raise_to(1, 12)
    assert st.big_bet_made
    assert code_of(st.verify_raise_to(2, 16)) is Code.SMALL_RAISE_AFTER_BIG_BET
    assert {la.kind: la.amounts for la in st.legal_actions()}[K.RAISE] == (20,)


@pytest.mark.parametrize(("cap", "allowed"), [(3, 3), (2, 2), (None, 6)])
def test_section_5_raise_cap(cap: int | None, allowed: int) -> None:
    rules = TDA.with_(raise_cap=cap)
    st = _to_fourth(["As Ks 2c", "Ad Kd Jd", "Qc Qh 9h"], rules=rules)
    street(st, ["Kc", "Jh", "3d"])
    st.bet(st.to_act, 4)
    made = 0
    while made < 6 and st.can_raise_to(st.to_act):
        st.raise_to(st.to_act)
        made += 1
    assert made == allowed


@pytest.mark.parametrize(("uncapped", "rules"), [(True, ROBERTS), (False, TDA),
                                                 (False, POKERSTARS)])
def test_section_5_heads_up_uncapped(uncapped: bool, rules: RuleSet) -> None:
    st = _to_fourth(["As Ks 2c", "Ad Kd Jd"], rules=rules)
    street(st, ["Kc", "Jh"])
    st.bet(st.to_act, 4)
    for _ in range(3):
        st.raise_to(st.to_act)
    assert st.can_raise_to(st.to_act) is uncapped


# --- 6. all-in ----------------------------------------------------------------------------


@pytest.mark.parametrize(("pct", "reopens"), [(50, True), (100, False)])
def test_section_6_short_all_in_reopening(pct: int, reopens: bool) -> None:
    """Bet 8, an all-in raise to 12 (half a bet): reopens only at a 50 % threshold."""
    rules = TDA.with_(short_all_in_reopen_pct=pct)
    st = table(["As Ks 2c", "Ad Kd Jd", "Qc Qh 9h"], rules=rules, stacks=[1000, 1000, 15])
    st.bring_in(0)
    call_around(st)
    street(st, ["3c", "4h", "5d"])
    call_around(st)
    street(st, ["3d", "7h", "6d"])  # 5th street: big bet 8; player 2 has 12 left
    assert st.to_act == 0
    st.bet(0, 8)
    st.call(1)
    st.raise_to(2, 12)
    assert st.all_in[2]
    assert st.can_raise_to(0) is reopens
    if not reopens:
        assert code_of(st.verify_raise_to(0, 20)) is Code.RAISE_NOT_REOPENED
        assert {la.kind for la in st.legal_actions()} == {K.FOLD, K.CALL}


@pytest.mark.parametrize(
    ("how", "to"),
    [(RaiseAfterShortAllIn.COMPLETE, 16), (RaiseAfterShortAllIn.OVER_ALL_IN, 19)],
)
def test_section_6_raise_over_a_short_all_in(how: RaiseAfterShortAllIn, to: int) -> None:
    """Bet 8, all-in raise to 11 (under half a bet): the next raise goes to 16 or 19."""
    rules = TDA.with_(raise_after_short_all_in=how)
    st = table(["As Ks 2c", "Ad Kd Jd", "Qc Qh 9h", "Jc Js Th"], rules=rules,
               stacks=[1000, 14, 1000, 1000])
    st.bring_in(0)
    call_around(st)
    street(st, ["3c", "4h", "5d", "6s"])
    call_around(st)
    street(st, ["3d", "7h", "8d", "7s"])
    assert st.to_act == 0
    st.bet(0, 8)
    st.raise_to(1, 11)
    assert st.all_in[1] and st.bet_level == 11 and st.raises == 0
    assert {la.kind: la.amounts for la in st.legal_actions()}[K.RAISE] == (to,)
    st.raise_to(2, to)
    st.fold(3)
    assert st.raises == 1 and st.to_act == 0 and st.can_raise_to(0)  # reopened by it


def test_section_6_side_pots_smallest_stack_first() -> None:
    st = table(["As Ks 2c", "Ad Kd Jd", "Qc Qh 9h", "Jc Js 8h"],
               stacks=[1000, 5, 11, 1000])
    st.bring_in(0)
    st.complete(1)  # all-in for 4 (1 ante + 4 = 5)
    st.raise_to(2, 8)
    st.raise_to(3, 12)  # player 2 is short: calls all-in for 2 more
    call_around(st)
    pots = st.pots
    assert st.contributions == (13, 5, 11, 13)
    assert [p.amount for p in pots] == [20, 18, 4]
    assert pots[0].eligible == (0, 1, 2, 3)
    assert pots[1].eligible == (0, 2, 3)
    assert pots[-1].eligible == (0, 3)
    assert sum(p.amount for p in pots) == st.total_pot


@pytest.mark.parametrize(
    ("rule", "forced"),
    [(AllInAnteBringIn.NEXT_PLAYER, True), (AllInAnteBringIn.NEXT_PLAYER_OPTION, False)],
)
def test_section_6_bring_in_player_all_in_on_the_ante(rule: AllInAnteBringIn,
                                                      forced: bool) -> None:
    rules = TDA.with_(all_in_ante_bring_in=rule)
    st = table(["As Ks 2c", "Ad Kd Jd", "Qc Qh 9h"], rules=rules, stacks=[1, 1000, 1000])
    assert st.all_in[0]
    assert st.to_act == 1 and st.bring_in_player == 1  # the next player left, any card
    assert "all-in on the ante" in st.first_actor_reason
    kinds = {la.kind for la in st.legal_actions()}
    assert (K.FOLD in kinds) is not forced
    assert {K.BRING_IN, K.COMPLETE} <= kinds


@pytest.mark.parametrize(("rule", "call"), [(ShortBringIn.FULL, 2), (ShortBringIn.MATCH, 1)])
def test_section_6_short_all_in_bring_in(rule: ShortBringIn, call: int) -> None:
    rules = TDA.with_(short_bring_in=rule)
    st = table(["As Ks 2c", "Ad Kd Jd", "Qc Qh 9h"], rules=rules, stacks=[2, 1000, 1000])
    assert st.bring_in(0).amount == 1 and st.all_in[0]
    assert {la.kind: la.amounts for la in st.legal_actions()}[K.CALL] == (call,)


def test_section_6_all_in_players_cannot_act_and_stacks_bound_bets() -> None:
    st = table(["As Ks 2c", "Ad Kd Jd", "Qc Qh 9h"], stacks=[1000, 3, 1000])
    st.bring_in(0)
    st.call(1)  # 2 of his 2 chips
    assert st.all_in[1]
    assert code_of(st.verify_call(1)) is Code.ACTION_BY_ALL_IN_PLAYER
    st2 = table(["As Ks 2c", "Ad Kd Jd", "Qc Qh 9h"], stacks=[1000, 3, 1000])
    st2.bring_in(0)
    assert code_of(st2.verify_complete(1, 4)) is Code.BET_EXCEEDS_STACK
    assert st2.verify_call(1) is None


def test_section_6_no_raise_when_every_opponent_is_all_in() -> None:
    st = table(["As Ks 2c", "Ad Kd Jd"], stacks=[1000, 4])
    st.bring_in(0)
    st.complete(1)  # all-in to 3
    assert code_of(st.verify_raise_to(0, 7)) is Code.NO_OPPONENT
    assert {la.kind for la in st.legal_actions()} == {K.FOLD, K.CALL}


# --- 7. running out of cards --------------------------------------------------------------


def _eight_to_the_river(rules: RuleSet) -> StudState:
    import random

    st = StudState(Game.STUD, Stakes(1, 2, 4, 8), [1000] * 8, rules=rules)
    deck = Deck.shuffled(random.Random(3))
    st.post_antes()
    while st.street < Street.SEVENTH or st.phase is Phase.BETTING:
        if st.phase is Phase.DEALING:
            st.deal_from(deck)
        elif st.legal_actions() and any(la.kind is K.BRING_IN for la in st.legal_actions()):
            st.bring_in(st.to_act)
        else:
            call_around(st)
    return st


@pytest.mark.parametrize("rule", list(OutOfCards))
def test_section_7_eight_players_get_a_community_card(rule: OutOfCards) -> None:
    st = _eight_to_the_river(ROBERTS.with_(out_of_cards=rule))
    due = st.deal_due
    assert due is not None and due.community and due.street is Street.SEVENTH
    assert code_of(st.verify_deal(0, (None,))) is Code.NOT_DEALING


def test_section_7_reshuffle_with_seven_live_players() -> None:
    from stud_hh.engine.dealing import plan_seventh

    # 8 dealt in, one folded on 3rd street: 45 cards + 3 burns out, 4 left for 7 players
    assert plan_seventh(7, 4, 3, OutOfCards.RESHUFFLE_THEN_COMMUNITY) == "reshuffle"
    assert plan_seventh(7, 4, 3, OutOfCards.COMMUNITY) == "community"
    import random

    for rule, community in ((OutOfCards.RESHUFFLE_THEN_COMMUNITY, False),
                            (OutOfCards.COMMUNITY, True)):
        st = StudState(Game.STUD, Stakes(1, 2, 4, 8), [1000] * 8,
                       rules=ROBERTS.with_(out_of_cards=rule))
        deck = Deck.shuffled(random.Random(5))
        st.post_antes()
        st.deal_from(deck)
        p = st.to_act
        st.bring_in(p)
        st.fold(st.to_act)
        call_around(st)
        while st.street < Street.SEVENTH:
            st.deal_from(deck)
            call_around(st)
        due = st.deal_due
        assert due is not None and due.community is community
        st.deal_from(deck)
        if community:
            assert len(st.board) == 1
        else:
            assert all(len(st.cards(q)) == 7 for q in st.live)
            seen = [c for q in st.live for c in st.cards(q)]
            assert len(set(seen)) == len(seen)


@pytest.mark.parametrize(
    ("who", "expect_sixth"),
    [(CommunityActor.SIXTH_STREET, True), (CommunityActor.BEST_SHOWING, False)],
)
def test_section_7_first_actor_with_a_community_card(who: CommunityActor,
                                                     expect_sixth: bool) -> None:
    st = _eight_to_the_river(TDA.with_(community_first_actor=who))
    six = st.first_actors[Street.SIXTH]
    # a community card pairing someone else's board changes the best showing hand
    ups = {q: st.upcards(q) for q in st.live}
    best = None
    for c in range(52):
        if c in st._seen:
            continue
        from stud_hh.engine import showing

        f = showing.first_actor([list(ups.get(q, ())) for q in range(8)], st.live, st.game,
                                st.rules.showing_tie_break, (c,))
        if f != six:
            best = (c, f)
            break
    assert best is not None
    st.deal_community(best[0])
    assert st.to_act == (six if expect_sixth else best[1])


# --- 8. showdown and the pot ---------------------------------------------------------------


def _river(
    hands: list[str],
    ups: list[list[str]],
    river: list[str | None],
    game: Game = Game.STUD,
    rules: RuleSet = POKERSTARS,
    stacks: list[int] | None = None,
) -> StudState:
    st = table(hands, game=game, rules=rules, stacks=stacks)
    st.bring_in(st.to_act)
    call_around(st)
    for row in ups:
        street(st, row)
        call_around(st)
    street(st, river)
    return st


def test_section_8_showdown_order_last_aggressor_then_clockwise() -> None:
    st = _river(["As Ks 2c", "Ad Kd Jd", "Qc Qh 9h"],
                [["3c", "4h", "5d"], ["6c", "7h", "8d"], ["9c", "Th", "Jc"]],
                ["2d", "2h", "2s"])
    first = st.to_act
    st.check(first)
    nxt = st.to_act
    st.bet(nxt, 8)
    call_around(st)
    assert st.showdown_order[0] == nxt
    assert list(st.showdown_order) == [(nxt + i) % 3 for i in range(3)]


def test_section_8_checked_through_first_actor_shows_first() -> None:
    st = _river(["As Ks 2c", "Ad Kd Jd", "Qc Qh 9h"],
                [["3c", "4h", "5d"], ["6c", "7h", "8d"], ["9c", "Th", "Jc"]],
                ["2d", "2h", "2s"])
    first = st.to_act
    call_around(st)
    assert st.showdown_order[0] == first


def test_section_8_odd_chip_goes_to_the_highest_card_by_suit() -> None:
    from stud_hh.engine.pots import award_pots
    from stud_hh.engine.types import Pot

    a = parse_cards("Ah Kc Qd Jc 9c 2c 3d")  # A-K-Q-J-9, ace of hearts
    b = parse_cards("As Kd Qc Jd 9d 2d 3c")  # the same five, ace of spades
    res = award_pots((Pot(7, (0, 1)),), 0, {0: a, 1: b}, Game.STUD,
                     OddChipCards.BEST_FIVE, (0, 1))
    assert {s.player: s.amount for s in res[0].shares} == {1: 4, 0: 3}


@pytest.mark.parametrize(("which", "odd_to"), [(OddChipCards.BEST_FIVE, 1),
                                               (OddChipCards.ALL_CARDS, 0)])
def test_section_8_odd_chip_cards_best_five_or_all_cards(which: OddChipCards,
                                                         odd_to: int) -> None:
    from stud_hh.engine.pots import award_pots
    from stud_hh.engine.types import Pot

    a = parse_cards("5c 6d 7h 8s 9c As 2c")  # nine-high straight; the ace of spades idle
    b = parse_cards("5d 6c 7d 8h 9s Kc 2d")  # the same straight, nine of spades
    res = award_pots((Pot(5, (0, 1)),), 0, {0: a, 1: b}, Game.STUD, which, (0, 1))
    assert {s.player: s.amount for s in res[0].shares}[odd_to] == 3


def test_section_8_hi_lo_split_odd_chip_to_high_and_no_low_scoops() -> None:
    from stud_hh.engine.pots import award_pots
    from stud_hh.engine.types import Pot

    hi = parse_cards("Kc Kd Ks 9h 9d Tc Jc")  # full house, no low
    lo = parse_cards("Ac 2d 3h 4s 7c Qd Jd")  # 7-4-3-2-A
    res = award_pots((Pot(9, (0, 1)),), 0, {0: hi, 1: lo}, Game.STUD8,
                     OddChipCards.BEST_FIVE, (0, 1))
    assert [(s.player, s.amount, s.half) for s in res[0].shares] == [
        (0, 5, Half.HIGH), (1, 4, Half.LOW)]
    nolow = parse_cards("Qc Qh 9s 9c Tc Jd Kd")
    res = award_pots((Pot(9, (0, 1)),), 0, {0: hi, 1: nolow}, Game.STUD8,
                     OddChipCards.BEST_FIVE, (0, 1))
    assert [(s.player, s.amount, s.half) for s in res[0].shares] == [(0, 9, Half.WHOLE)]


def test_section_8_razz_best_low_wins() -> None:
    from stud_hh.engine.pots import award_pots
    from stud_hh.engine.types import Pot

    a = parse_cards("Ac 2d 3h 4s 6c Qd Jd")  # 6-4-3-2-A
    b = parse_cards("Ad 2c 3c 4h 5c Kd Kh")  # 5-4-3-2-A: the wheel is the best razz low
    res = award_pots((Pot(10, (0, 1)),), 0, {0: a, 1: b}, Game.RAZZ,
                     OddChipCards.BEST_FIVE, (0, 1))
    assert [(s.player, s.amount) for s in res[0].shares] == [(1, 10)]


def test_section_8_rake_from_the_main_pot_first_and_sums_hold() -> None:
    st = table(["As Ks 2c", "Ad Kd Jd", "Qc Qh 9h"], stacks=[1000, 5, 1000])
    st.bring_in(0)
    st.complete(1)  # all-in
    call_around(st)
    for row in (["3c", "4h", "5d"], ["6c", "7h", "8d"], ["9c", "Th", "Jc"]):
        street(st, row)
        call_around(st)
    street(st, [None, None, None])
    call_around(st)
    st.show(0, parse_cards("As Ks 2c 3c 6c 9c 4d"))
    st.show(1, parse_cards("Ad Kd Jd 4h 7h Th 5h"))
    st.show(2, parse_cards("Qc Qh 9h 5d 8d Jc 7d"))
    res = st.award(rake=3)
    assert res.pots[0].rake == 3 and all(p.rake == 0 for p in res.pots[1:])
    assert sum(res.collected) + res.rake == res.total_pot
    assert sum(res.stacks) + 3 == 2005


def test_section_8_mucked_and_unknown_hands_never_win() -> None:
    st = _river(["As Ks 2c", "Ad Kd Jd"], [["3c", "4h"], ["6c", "7h"], ["9c", "Th"]],
                [None, None])
    call_around(st)
    st.show(0, parse_cards("As Ks 2c 3c 6c 9c 4d"))  # ace high
    res = st.award()
    assert res.collected[0] == res.total_pot  # player 1's cards stay unknown: he mucked


def test_section_8_too_many_cards_is_a_dead_hand_a_missing_seventh_plays() -> None:
    def river() -> StudState:
        st = _river(["As Ks 2c", "Ad Kd Jd"], [["3c", "4h"], ["6c", "7h"], ["9c", "Th"]],
                    [None, None])
        call_around(st)
        return st

    st = river()
    st.show(0, parse_cards("As Ks 2c 3c 6c 9c 4d 5d"))  # eight cards: dead
    st.show(1, parse_cards("Ad Kd Jd 4h 7h Th 2h"))  # a flush
    assert st.award().collected[1] == st.total_pot
    st = river()
    st.show(0, parse_cards("As Ks 2c 3c 6c 9c 4d"))  # A-K-9-6-4
    st.show(1, parse_cards("Ad Kd Jd 4h 7h Th"))  # the 7th card missing: A-K-J-T-7 of six
    assert st.award().collected[1] == st.total_pot


def test_section_4_5_one_burn_before_each_street_from_fourth() -> None:
    import random

    st = StudState(Game.STUD, Stakes(1, 2, 4, 8), [1000] * 3)
    deck = Deck.shuffled(random.Random(1))
    st.post_antes()
    st.deal_from(deck)
    assert deck.burns == [] and len(deck) == 52 - 9
    st.bring_in(st.to_act)
    call_around(st)
    st.deal_from(deck)
    assert len(deck.burns) == 1 and len(deck) == 52 - 9 - 1 - 3


def test_section_4_3_razz_suit_tie_highest_suit_brings_in() -> None:
    st = table(["2s 3s Kh", "2d 3d Kc", "4c 5c Ks"], game=Game.RAZZ)
    assert st.to_act == 2


# --- force (recovery after a breach) -------------------------------------------------------


def test_illegal_action_records_compare_hash_and_pickle() -> None:
    import pickle

    st = table(["As Ks 2c", "Ad Kd 9d", "Qc Qh 5h"])
    rec = st.verify_call(2)
    assert rec is not None and rec == st.verify_call(2) and len({rec, st.verify_call(2)}) == 1
    again = pickle.loads(pickle.dumps(rec))
    assert again == rec and again.code is rec.code and str(again) == rec.message
    with pytest.raises(IllegalAction) as info:
        st.call(2)
    assert info.value == rec


def test_force_applies_what_the_history_says() -> None:
    st = table(["As Ks 2c", "Ad Kd 9d", "Qc Qh 5h"])
    recs = st.force(Action(K.BRING_IN, 1, 2))  # wrong player brought in
    assert [r.code for r in recs] == [Code.WRONG_BRING_IN_PLAYER]
    assert st.street_bets == (0, 2, 0) and st.to_act == 2
    assert st.force(Action(K.CALL, 2, 2)) == ()
    recs = st.force(Action(K.CALL, 0, 2))
    assert recs == ()
    assert st.phase is Phase.DEALING


def test_force_seventh_street_without_river_cards() -> None:
    st = _river(["As Ks 2c", "Ad Kd Jd"], [["3c", "4h"], ["6c", "7h"], ["9c", "Th"]],
                [None, None])
    assert st.phase is Phase.BETTING
    st2 = table(["As Ks 2c", "Ad Kd Jd"])
    st2.bring_in(0)
    call_around(st2)
    for row in (["3c", "4h"], ["6c", "7h"], ["9c", "Th"]):
        street(st2, row)
        call_around(st2)
    assert st2.deal_due is not None and st2.street is Street.SEVENTH
    first = st2.first_actors[Street.SIXTH]
    assert st2.force(Action(K.CHECK, first), Street.SEVENTH) == ()  # river cards: unknown


def test_force_reopens_a_round_the_history_continues() -> None:
    st = table(["As Ks 2c", "Ad Kd 9d", "Qc Qh 5h"])
    st.bring_in(0)
    st.call(1)
    st.call(2)
    assert st.phase is Phase.DEALING and st.street is Street.FOURTH
    recs = st.force(Action(K.RAISE, 0, 4), Street.THIRD)  # the history: player 0 completes
    assert [r.code for r in recs] == [Code.NOT_BETTING]
    assert st.street is Street.THIRD and st.street_bets == (4, 2, 2)
    assert st.to_act == 1
    st.call(1)
    st.call(2)
    assert st.phase is Phase.DEALING and st.street is Street.FOURTH


def test_force_out_of_turn_then_skipped_player_still_acts() -> None:
    st = table(["As Ks 2c", "Ad Kd 9d", "Qc Qh 5h", "Jc Jh 6h"])
    st.bring_in(0)
    recs = st.force(Action(K.CALL, 2, 2))  # player 1 skipped
    assert [r.code for r in recs] == [Code.OUT_OF_TURN]
    assert recs[0].expected == 1 and st.to_act == 3
    st.call(3)
    assert st.to_act == 1  # the skipped player gets his turn
    st.call(1)
    assert st.phase is Phase.DEALING


def test_force_amount_above_stack_is_taken_as_put_in() -> None:
    """A call of 5 with 2 behind: the history says the chips went in, so he had them (the
    stack was written too small); the 3 over the bring-in come back uncalled."""
    st = table(["As Ks 2c", "Ad Kd 9d"], stacks=[1000, 3])
    st.bring_in(0)
    recs = st.force(Action(K.CALL, 1, 5))
    assert [r.code for r in recs] == [Code.BET_EXCEEDS_STACK]
    assert st.contributions[1] == 1 + 2 and st.uncalled[-1] == UncalledBet(1, 3, Street.THIRD)
    assert not st.all_in[1] and st.phase is Phase.DEALING


def test_force_by_a_folded_player_is_dead_money() -> None:
    """Chips a folded player puts in go into the pot and face nobody with a bet."""
    st = table(["As Ks 2c", "Ad Kd 9d", "Qc Qd 8h"], stacks=[100, 100, 100])
    st.bring_in(0)
    st.fold(1)
    recs = st.force(Action(K.RAISE, 1, 4))
    assert [r.code for r in recs] == [Code.ACTION_AFTER_FOLD]
    assert st.contributions[1] == 1 + 4 and st.bet_level == 2 and st.to_act == 2
    assert st.can_call(2, 2)


def test_force_after_the_round_closed_reopens_it_for_that_action_only() -> None:
    st = table(["As Ks 2c", "Ad Kd 9d"], stacks=[100, 100])
    st.bring_in(0)
    st.call(1)
    assert st.phase is Phase.DEALING and st.street == 4
    recs = st.force(Action(K.CALL, 1, 2), street=Street.THIRD)  # a second call of 3rd street
    assert [r.code for r in recs] == [Code.NOT_BETTING]
    assert st.phase is Phase.DEALING and st.street == 4  # closed again: nobody else owes
    # the second 2 went in and, matched by nobody, came back uncalled
    assert st.contributions[1] == 1 + 2 and st.uncalled[-1].amount == 2
    assert st.uncalled[-1].player == 1 and st.uncalled[-1].street == Street.THIRD


def test_cards_dealt_with_a_round_open_close_it() -> None:
    st = table(["As Ks 2c", "Ad Kd 9d", "Qc Qd 8h"], stacks=[100, 100, 100])
    st.bring_in(0)
    st.call(1)  # player 2 still to act
    recs = st.force_deal_street([(0, [12]), (1, [13]), (2, [14])])
    assert [r.code for r in recs] == [Code.ROUND_OPEN]
    assert recs[0].player == 2 and st.street == 4 and st.phase is Phase.BETTING


def test_action_from_event_reads_amounts_as_the_engine_does() -> None:
    from stud_hh.engine import action_from_event
    from stud_hh.events import Bet, BringIn, Call, Check, Complete, Fold, Raise, StreetStart

    st = table(["As Ks 2c", "Ad Kd 9d", "Qc Qh 5h"])
    events = [BringIn("Player1", 2), Raise("Player2", 2, 4), Call("Player3", 4),
              Call("Player1", 2)]
    for ev in events:
        a = action_from_event(ev, st)
        assert a is not None and isinstance(a.player, int)
        st.apply(a)
    assert st.completed and st.street is Street.FOURTH
    assert action_from_event(StreetStart(Street.FOURTH)) is None
    assert action_from_event(Check("Bob")) == Action(K.CHECK, "Bob", None)
    assert action_from_event(Fold("Bob")) == Action(K.FOLD, "Bob", None)
    assert action_from_event(Bet("Bob", 8)) == Action(K.BET, "Bob", 8)
    assert action_from_event(Complete("Bob", 4)) == Action(K.COMPLETE, "Bob", 4)


def test_a_card_outside_the_deck_is_a_clear_error_never_an_index_error() -> None:
    """A library caller forcing card 60 learns it is no card (it used to be an IndexError
    when the engine worked out who acts first)."""
    st = StudState(Game.STUD, Stakes(1, 2, 4, 8), (100, 100), players=("Ann", "Bob"))
    st.post_antes()
    assert st.verify_deal("Ann", (0, 1, 60)).code is Code.WRONG_CARD_COUNT  # type: ignore[union-attr]
    with pytest.raises(IllegalAction):
        st.deal("Ann", (0, 1, 60))
    with pytest.raises(ValueError, match="60 is not a card"):
        st.force_deal("Ann", (0, 1, 60))
    with pytest.raises(ValueError, match="60 is not a card"):
        st.force_deal_street([("Ann", (0, 1, 60)), ("Bob", (2, 3, 4))])
    assert st.deal_due is not None and st.deal_due.players == (0, 1)  # nothing was dealt
    st.deal_street([("Ann", (0, 1, 8)), ("Bob", (2, 3, 12))])
    st.bring_in("Ann")
    st.call("Bob")
    for bad in (-1, 52, 60):
        with pytest.raises(ValueError, match="is not a card"):
            st.force_deal("Ann", (bad,))
    with pytest.raises(ValueError, match="60 is not a card"):
        st.show("Ann", (0, 1, 8, 60))


def test_a_street_is_dealt_at_once_only_when_every_player_due_gets_his_cards() -> None:
    st = StudState(Game.STUD, Stakes(1, 2, 4, 8), (100, 100, 100), players=("A", "B", "C"))
    st.post_antes()
    missing = st.verify_deal_street([("A", (0, 1, 2)), ("B", (3, 4, 5))])
    assert missing is not None and missing.code is Code.WRONG_CARD_COUNT
    assert "C got no cards" in missing.message
    twice = st.verify_deal_street([("A", (0, 1, 2)), ("B", (3, 4, 2)), ("C", (6, 7, 9))])
    assert twice is not None and twice.code is Code.DUPLICATE_CARD
    assert not st.can_deal_street([("A", (0, 1, 2)), ("A", (3, 4, 5)), ("C", (6, 7, 9))])
    one_by_one = StudState(Game.STUD, Stakes(1, 2, 4, 8), (100, 100, 100),
                           players=("A", "B", "C"))
    one_by_one.post_antes()
    deals = [("C", (None, None, 9)), ("A", (0, 1, 2)), ("B", (3, 4, 5))]
    st.deal_street(deals)
    for name, cards in deals:
        one_by_one.deal(name, cards)
    assert (st.hole, st.to_act, st.phase) == (one_by_one.hole, one_by_one.to_act,
                                              one_by_one.phase)
