"""Stud equity: properties, an independent brute force, the two exact paths, sampling error.

The brute force (``equity_reference``) deals every runout with the scalar evaluators and
the engine's pot awards; the heads-up counting path is also pinned, count for count, to
the listed runouts; Monte Carlo estimates must fall inside their stated intervals as often
as the intervals promise.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from equity_reference import brute_force
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stud_hh.cards import parse_cards as c
from stud_hh.equity import EquityError, Method, equity, spot
from stud_hh.equity.heads_up import heads_up_tally
from stud_hh.equity.runouts import exact_blocks
from stud_hh.equity.showdown import Tally, tally_block
from stud_hh.rules import OddChipCards, SplitOddChip

GAMES = ("stud", "stud8", "razz")


def listed(s, pot=None, odd=OddChipCards.BEST_FIVE) -> Tally:
    tally = Tally(len(s.hands))
    for block in exact_blocks(s):
        tally_block(tally, block, s.game, pot, odd)
    return tally


def assert_matches_brute(hands, game, dead=(), board=(), community=None, pot=None,
                         odd=OddChipCards.BEST_FIVE):
    r = equity(hands, game, dead, board=board, community=community, method="exact", pot=pot,
               odd_chip_cards=odd)
    b = brute_force(hands, game, dead, board, r.community, pot, odd)
    assert r.runouts == b.runouts
    for i, p in enumerate(r.players):
        assert p.win == pytest.approx(b.win[i] / b.runouts, abs=1e-12)
        assert p.tie == pytest.approx(b.tie[i] / b.runouts, abs=1e-12)
        assert p.scoop == pytest.approx(b.scoop[i] / b.runouts, abs=1e-12)
        assert p.equity == pytest.approx(b.equity(i), abs=1e-12)
        if pot is not None:
            assert r.chips[i] == pytest.approx(b.chips[i] / b.runouts, abs=1e-9)
    return r


# --- the issue's example and hand-checked spots ---------------------------------------------


def test_issue_example_is_exact_and_sums_to_one():
    r = equity([c("Ah Kh Qh Jh 2c 3d"), c("7c 7d 7s 8s 9d 4c")], "stud", c("Th 5h"))
    assert r.method is Method.EXACT and r.stderr == 0
    assert r.runouts == 38 * 37  # one card each from the 38 unseen
    assert sum(p.equity for p in r.players) == pytest.approx(1)
    assert r.as_json()["players"][0].keys() == {"win", "tie", "scoop", "equity"}


def test_all_seven_known_is_the_showdown():
    # a flush against trips: nothing to come
    r = equity([c("Ah Kh Qh Jh 2h 3d 4c"), c("7c 7d 7s 8s 9d 4d Kc")], "stud")
    assert r.runouts == 1 and r.players[0].scoop == 1 and r.players[1].equity == 0


def test_stud8_split_and_quartering():
    # the same low 6-4-3-2-A; A's Kings beat B's Nines: A takes the high, the low is split
    r = equity([c("Ac 2c 3d 4s 6h Kd Kh"), c("Ad 2d 3s 4h 6c 9c 9d")], "stud8")
    a, b = r.players
    assert a.equity == pytest.approx(0.75) and b.equity == pytest.approx(0.25)
    assert a.win == 1 and a.tie == 1 and a.scoop == 0 and b.win == 0 and b.tie == 1


def test_stud8_no_low_high_scoops():
    r = equity([c("Ac Ad Kh Kd Qs Js 9h"), c("2c 2d 7s 8s Ts Jc Qc")], "stud8")
    assert r.players[0].scoop == 1 and r.players[0].equity == 1


def test_razz_pairs_are_bad():
    r = equity([c("Ac 2c 3d 4s 4h Kd Kh"), c("6d 7d 8s 9h Tc Jc Qd")], "razz")
    assert r.players[1].equity == 1  # Q-J-T-9-8 beats any pair


def test_odd_chip_goes_to_the_high_half_and_the_highest_card():
    # stud8, 101 chips: high 51 to A alone, low 50 split 25/25 -> A 76, B 25
    r = equity([c("Ac 2c 3d 4s 6h Kd Kh"), c("Ad 2d 3s 4h 6c 9c 9d")], "stud8", pot=101)
    assert r.chips == (76.0, 25.0)
    # stud, a split pot of 101: the odd chip to the highest card by suit in the best five
    r = equity([c("As Kc Qc Jc 9c 3d 2d"), c("Ah Kd Qd Jd 9d 3c 2c")], "stud", pot=101)
    assert r.players[0].tie == 1 and r.chips == (51.0, 50.0)


def test_the_split_odd_chip_goes_to_the_half_the_rules_name():
    # stud8, 101 chips, A's kings full take the high, B's seven low the low: the rule
    # book's odd chip goes to the high (51 / 50), the Winning Poker Network's to the low
    hands = [c("Kc Kd Ks 9h 9c 2d 3h"), c("Ad 2s 4h 5c 7d Qs Jh")]
    low = equity(hands, "stud8", pot=101, split_odd_chip=SplitOddChip.LOW)
    high = equity(hands, "stud8", pot=101)
    assert high.chips == (51.0, 50.0) and low.chips == (50.0, 51.0)
    brute = brute_force(hands, "stud8", pot=101, odd_to_low=True)
    assert list(low.chips) == [x / brute.runouts for x in brute.chips]
    assert low.chips != high.chips


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from([(6, 6), (5, 6), (6, 7)]),
       st.sampled_from([101, 102, 103, 333]))
def test_split_odd_chip_to_the_low_counted_three_ways(seed, sizes, pot):
    """Heads-up counting, listed runouts and the engine's awards agree when the odd chip
    of a split goes to the low half."""
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    a, b = tuple(deck[:sizes[0]]), tuple(deck[sizes[0]:sum(sizes)])
    s = spot([a, b], "stud8", ())
    to_low = SplitOddChip.LOW
    slow = Tally(2)
    for block in exact_blocks(s):
        tally_block(slow, block, s.game, pot, OddChipCards.BEST_FIVE, to_low)
    brute = brute_force([a, b], "stud8", pot=pot, odd_to_low=True)
    assert slow.chips.tolist() == brute.chips
    if min(s.needs) > 0:
        fast = heads_up_tally(s, pot, OddChipCards.BEST_FIVE, to_low)
        assert fast.chips.tolist() == slow.chips.tolist()


# --- properties --------------------------------------------------------------------------------


@st.composite
def small_spots(draw, max_players=4):
    """2-4 players with 6 or 7 known cards (at most two drawing), some dead cards."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    n = draw(st.integers(2, max_players))
    game = draw(st.sampled_from(GAMES))
    deck = list(range(52))
    rng.shuffle(deck)
    drawing = draw(st.integers(1, min(2, n)))
    sizes = [6] * drawing + [7] * (n - drawing)
    rng.shuffle(sizes)
    hands = []
    for size in sizes:
        hands.append(tuple(deck[:size]))
        del deck[:size]
    dead = tuple(deck[:draw(st.integers(0, 8))])
    return hands, game, dead


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_spots())
def test_exact_matches_brute_force(spot_):
    hands, game, dead = spot_
    r = assert_matches_brute(hands, game, dead)
    assert sum(p.equity for p in r.players) == pytest.approx(1)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_spots(max_players=3), st.integers(1, 999))
def test_expected_chips_match_the_engine_awards(spot_, pot):
    hands, game, dead = spot_
    r = assert_matches_brute(hands, game, dead, pot=pot)
    assert sum(r.chips) == pytest.approx(pot)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("odd", list(OddChipCards))
def test_ties_with_odd_chips_match_the_engine(game, odd):
    # mirrored hands tie often: every tie rule and odd chip path is exercised
    hands = [c("Ah 2h 3d 5c 8d 9c"), c("As 2d 3s 5s 8c 9s")]
    assert_matches_brute(hands, game, pot=1001, odd=odd)
    assert_matches_brute(hands, game, pot=1002, odd=odd)


@st.composite
def mirrored(draw):
    """Two hands that are each other's image under swapping clubs with diamonds and hearts
    with spades, dead cards closed under the same swap: the spot is symmetric."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    size = draw(st.sampled_from([5, 6]))
    image = [(x & ~3) | ((x & 3) ^ 1) for x in range(52)]
    cards = list(range(52))
    rng.shuffle(cards)
    a: list[int] = []
    taken: set[int] = set()
    for x in cards:
        if len(a) < size and x not in taken:
            a.append(x)
            taken |= {x, image[x]}
    dead: list[int] = []
    pairs = draw(st.integers(0, 3))
    for x in cards:
        if x not in taken and len(dead) < 2 * pairs:
            dead += [x, image[x]]
            taken |= {x, image[x]}
    return a, [image[x] for x in a], dead, draw(st.sampled_from(GAMES))


@settings(max_examples=25, deadline=None)
@given(mirrored())
def test_symmetric_spots_split_evenly(m):
    a, b, dead, game = m
    r = equity([a, b], game, dead)
    assert r.players[0].equity == pytest.approx(r.players[1].equity, abs=1e-12)
    assert r.players[0].scoop == pytest.approx(r.players[1].scoop, abs=1e-12)


@pytest.mark.parametrize(("game", "hands", "needed"), [
    # 6th street: a four-flush against two pair and a pair; the deuce of hearts makes the
    # flush and pairs the flush draw's deuce, and does nothing for the others
    ("stud", [c("Ah Kh 9h 4h 2c 3d"), c("Qs Qd 7c 7d 3s 8c"), c("Js Jd Tc 8s 6d 5c")],
     c("2h")),
    # razz: a four is the first player's card (2, 4, 6, 8 improve him); the others hold fours
    ("razz", [c("Ac 3d 5s 7h Kc Kd"), c("2c 4d 6s 9h Qc Qd"), c("3c 4c 8d 8s 9d Tc")],
     c("4h")),
    # heads-up, stud8: a low draw against a made high; a dead six is one of his lows
    ("stud8", [c("Ac 2d 4s Kh Qh"), c("Ts Td Js Jd 9c")], c("6h")),
])
def test_a_dead_card_a_player_needs_lowers_only_his_equity(game, hands, needed):
    base = equity(hands, game, method="exact")
    hurt = equity(hands, game, needed, method="exact")
    assert hurt.players[0].equity < base.players[0].equity
    for before, after in zip(base.players[1:], hurt.players[1:], strict=True):
        assert after.equity >= before.equity


def test_hidden_downcards_average_over_what_they_can_be():
    # hero view: the opponent's two downcards unknown; equity is the average over them
    hero = c("Ah Ad 5c 6d 7h 8s 9c")
    up = c("Kc Ks 2d 3h")
    r = equity([hero, up], "stud", method="exact")
    b = brute_force([hero, up], "stud")
    assert r.players[0].equity == pytest.approx(b.equity(0), abs=1e-12)


def test_community_card_when_the_deck_runs_out():
    # eight players on 6th street hold 48 cards: the 7th street card is one community card
    rng = random.Random(3)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [tuple(deck[6 * i:6 * i + 6]) for i in range(8)]
    r = equity(hands, "stud8")
    assert r.community and r.method is Method.EXACT and r.runouts == 4
    assert_matches_brute(hands, "stud8", community=True)
    # a known community card is just a board card everyone plays
    shown = equity(hands, "stud8", board=(deck[48],))
    assert shown.runouts == 1


def test_out_of_cards_is_refused_without_a_community_card():
    hands = [tuple(range(6 * i, 6 * i + 6)) for i in range(8)]
    with pytest.raises(EquityError, match="deck"):
        equity(hands, "stud", community=False)


@pytest.mark.parametrize(("hands", "dead", "match"), [
    ([c("Ah Kh"), c("Ah Qs")], (), "twice"),
    ([c("Ah Kh")], (), "2 to 8 players"),
    ([c("Ah Kh 2c 3c 4c 5c 6c 7c"), c("Qs")], (), "holds 7"),
])
def test_impossible_spots_are_refused(hands, dead, match):
    with pytest.raises(EquityError, match=match):
        equity(hands, "stud", dead)


# --- the two exact paths agree count for count ---------------------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from(GAMES), st.sampled_from([(5, 5), (6, 6), (6, 4),
                                                                        (5, 6)]),
       st.integers(0, 6), st.sampled_from([None, 100, 101, 333]))
def test_heads_up_counts_equal_the_listed_runouts(seed, game, sizes, n_dead, pot):
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    a, b = tuple(deck[:sizes[0]]), tuple(deck[sizes[0]:sum(sizes)])
    dead = tuple(deck[sum(sizes):sum(sizes) + n_dead])
    s = spot([a, b], game, dead)
    fast, slow = heads_up_tally(s, pot), listed(s, pot)
    assert fast.runouts == slow.runouts == s.exact_runouts()
    assert fast.win.tolist() == slow.win.tolist()
    assert fast.tie.tolist() == slow.tie.tolist()
    assert fast.scoop.tolist() == slow.scoop.tolist()
    assert np.allclose(fast.share, slow.share, rtol=0, atol=1e-6)
    if pot is not None:
        assert fast.chips.tolist() == slow.chips.tolist()


# --- Monte Carlo --------------------------------------------------------------------------------


def test_monte_carlo_errors_fall_inside_their_stated_intervals():
    hands = [c("Ah Kh Qh 2c 3d"), c("7c 7d 7s 8s 9d")]
    exact = equity(hands, "stud8", method="exact")
    z = []
    for seed in range(60):
        r = equity(hands, "stud8", method="monte-carlo", seed=seed, samples=2000)
        assert r.method is Method.MONTE_CARLO and r.seed == seed and r.stderr > 0
        z.append((r.players[0].equity - exact.players[0].equity) / r.stderr)
    inside = sum(abs(x) <= 1.96 for x in z)
    assert inside >= 51  # 95 % promised; P(<= 50 of 60) < 1 % for a true 95 % interval
    assert abs(float(np.mean(z))) < 0.5 and 0.7 < float(np.std(z)) < 1.3


def test_monte_carlo_is_reproducible_by_seed_and_stops_at_its_target():
    hands = [c("Ah Kh Qh"), c("7c 7d 7s"), c("2c 3c 4c")]
    one = equity(hands, "razz", seed=11, stderr=0.01)
    two = equity(hands, "razz", seed=11, stderr=0.01)
    assert one == two and one.method is Method.MONTE_CARLO and one.stderr <= 0.01
    assert equity(hands, "razz", seed=12, stderr=0.01) != one


def test_auto_picks_exact_when_cheap_and_sampling_when_not():
    assert equity([c("Ah Kh Qh 2c 3d"), c("7c 7d 7s 8s 9d")]).method is Method.EXACT
    assert equity([c("Ah Kh Qh"), c("7c 7d 7s")], stderr=0.01).method is Method.MONTE_CARLO
    with pytest.raises(EquityError, match="monte-carlo"):
        equity([c("Ah Kh Qh"), c("7c 7d 7s"), c("2d 3d 4d")], method="exact")


# --- PokerKit ---------------------------------------------------------------------------------


def _pokerkit_equity(hands, game, dead, samples, seed):
    pk = pytest.importorskip("pokerkit")
    from stud_hh.cards import str_cards

    types = {"stud": (pk.StandardHighHand,),
             "stud8": (pk.StandardHighHand, pk.EightOrBetterLowHand),
             "razz": (pk.RegularLowHand,)}[game]
    out = {str_cards(dead)} if dead else set()
    gone = {x for text in out for x in pk.Card.parse(text.replace(" ", ""))}
    deck = [x for x in pk.Deck.STANDARD if x not in gone]
    ranges = [[list(pk.Card.parse(str_cards(h).replace(" ", "")))] for h in hands]
    random.seed(seed)
    return pk.calculate_equities(ranges, (), 7, 0, deck, types, sample_count=samples)


@pytest.mark.parametrize("game", GAMES)
def test_pokerkit_equity_agrees(game):
    """PokerKit's ``calculate_equities`` deals each player private cards up to
    ``hole_dealing_count``: with 7 and no board it is stud (sampled, and slow)."""
    hands = [c("Ah 2h Kd 3h 5c 8d"), c("As 4d 6d 7s Kc Qc")]
    dead = c("Th 9h")
    ours = equity(hands, game, dead, method="exact")
    theirs = _pokerkit_equity(hands, game, dead, samples=300, seed=5)
    for p, q in zip(ours.players, theirs, strict=True):
        sd = max((p.equity * (1 - p.equity) / 300) ** 0.5, 1e-3)
        assert abs(p.equity - q) <= 4.5 * sd


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_pokerkit_equity_agrees_on_5th_street(game):
    hands = [c("Ah 2h Kd 3h 5c"), c("As 4d 6d 7s Kc")]
    ours = equity(hands, game, method="exact")
    theirs = _pokerkit_equity(hands, game, (), samples=3000, seed=8)
    for p, q in zip(ours.players, theirs, strict=True):
        assert abs(p.equity - q) <= 4.5 * (p.equity * (1 - p.equity) / 3000) ** 0.5 + 1e-3


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_heads_up_5th_street_matches_brute_force(game):
    assert_matches_brute([c("Ah 2h Kd 3h 5c"), c("As 4d 6d 7s Kc")], game, pot=1001)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_three_way_6th_street_matches_brute_force(game):
    assert_matches_brute([c("Ah 2h Kd 3h 5c 9s"), c("As 4d 6d 7s Kc 9c"),
                          c("Qh Qd 2c 2d 8h 8s")], game, pot=100)
