"""All-in EV of played hands: hand-written PokerStars hands and simulated tournaments.

The hand-written hands are read as a player would: which cards were seen at the last
all-in, which pots there were, who could win them. The expected figures are then the
equity of exactly those spots (``solve`` with the import's settings), so a wrong pot, a
missed dead card or a card taken from the future shows up as a different number.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from stud_hh.cards import parse_cards as c
from stud_hh.equity import all_in_ev, solve, spot
from stud_hh.equity.allin import EV_EXACT_LIMIT, EV_SAMPLES, EV_SEED, _pot_chips
from stud_hh.events import Deal, Hand, Show
from stud_hh.parse import parse_text
from stud_hh.simulate import simulate_hands

HANDS = Path(__file__).resolve().parent / "hands" / "pokerstars"


def hands_of(name: str) -> dict[str, Hand]:
    return {h.hand_id: h for h in parse_text((HANDS / name).read_text(encoding="utf-8"))}


def chips(hands, game, dead, pot):
    """What the import's settings give for one pot among ``hands``."""
    s = spot(hands, game, dead)
    return solve(s, seed=EV_SEED, samples=EV_SAMPLES, exact_limit=EV_EXACT_LIMIT,
                 pot=pot).chips


def by_player(ev):
    return {p.player: p for p in ev.players}


def test_three_way_hilo_with_side_pot_and_a_folded_hand_shown():
    hand = hands_of("tournament-hilo-all-in-antes.txt")["200000000007"]
    ev = all_in_ev(hand)
    assert ev is not None and ev.street == 3 and ev.method.value == "monte-carlo"
    p = by_player(ev)
    # short is all-in for the ante, mid calls all-in on 3rd street: main pot 12 (three
    # antes and quitter's), side pot 34 (mid and big); quitter folded [Ad 5s 7s] on 3rd
    short, mid, big = c("5c 8c 2c"), c("4s 7h 3h"), c("9s 9h Kd")
    quitter = c("Ad 5s 7s")
    main = chips([short, mid, big], "stud8", quitter, 12)
    side = chips([mid, big], "stud8", tuple(sorted(short + quitter)), 34)
    assert p["short"].ev_net == pytest.approx(main[0] - 3)
    assert p["mid"].ev_net == pytest.approx(main[1] + side[0] - 20)
    assert p["big"].ev_net == pytest.approx(main[2] + side[1] - 20)
    assert p["quitter"].ev_net == p["quitter"].net == -3 and p["quitter"].equity == 0
    assert sum(x.ev_net for x in ev.players) == pytest.approx(sum(x.net for x in ev.players))
    assert sum(x.equity for x in ev.players) == pytest.approx(1)
    # the folded hand is dead: without it the figures differ
    assert chips([short, mid, big], "stud8", (), 12) != main


def test_cash_hilo_all_in_on_6th_street_is_exact_and_raked():
    hand = hands_of("cash-mixed-hilo.txt")["200000000002"]
    ev = all_in_ev(hand)
    assert ev is not None and ev.street == 6 and ev.method.value == "exact" and ev.stderr == 0
    p = by_player(ev)
    al, bob, celik = c("Ks 9h Qs Qd 7c 7d"), c("As 2d 9c 3s 5d Jc"), c("6d 8s 2h 4h Kh 8h")
    main = chips([al, bob, celik], "stud8", (), 3030 - 100)  # $1 rake from the main pot
    side = chips([al, bob], "stud8", tuple(sorted(celik)), 400)
    assert p["Çelik"].ev_net == pytest.approx(main[2] - 1010)
    assert p["Al \"Ace\" Smith"].ev_net == pytest.approx(main[0] + side[0] - 1210)
    assert sum(x.ev_net for x in ev.players) == pytest.approx(-100)  # the rake
    assert [x.net for x in ev.players] == [-1210, 2120, -1010]


def test_heads_up_all_in_on_3rd_street_uses_the_heros_view_of_nothing_else():
    hand = hands_of("tournament-razz-side-pots.txt")["200000000004"]
    ev = all_in_ev(hand)
    assert ev is not None and ev.street == 3
    hero, third = by_player(ev)["Hero"], by_player(ev)["Third Guy"]
    expected = chips([c("Jh Jd Ts"), c("6s 7d 3c")], "stud", (), 60)
    assert hero.ev_net == pytest.approx(expected[0] - 30)
    assert hero.ev_net + third.ev_net == pytest.approx(0)


def test_a_player_folding_after_the_all_in_disqualifies_the_hand():
    # delta:6 is all-in on 4th street; the hero folds on 5th after seeing his card
    hand = hands_of("tournament-razz-side-pots.txt")["200000000001"]
    assert all_in_ev(hand) is None


def test_hands_without_an_all_in_or_a_contest_do_not_qualify():
    for name in ("community-card.txt", "cash-mixed-hilo.txt"):
        for hand_id, hand in hands_of(name).items():
            if hand_id != "200000000002":
                assert all_in_ev(hand) is None


def test_a_contender_whose_cards_are_unknown_disqualifies_the_hand():
    hand = hands_of("tournament-hilo-all-in-antes.txt")["200000000007"]
    events = []
    for e in hand.events:
        if type(e) is Show and e.player == "mid":
            continue
        if type(e) is Deal and e.player == "mid":
            e = msgspec.structs.replace(e, cards=tuple(
                card if up else None for card, up in zip(e.cards, e.up, strict=True)))
        if getattr(e, "player", None) == "mid" and getattr(e, "cards", None):
            e = msgspec.structs.replace(e, cards=()) if type(e) is not Deal else e
        events.append(e)
    assert all_in_ev(msgspec.structs.replace(hand, events=tuple(events))) is None


def test_a_history_with_impossible_cards_is_not_valued():
    hand = hands_of("tournament-hilo-all-in-antes.txt")["200000000007"]
    mid = c("4s 7h 3h")
    events = tuple(msgspec.structs.replace(e, cards=(*mid[:1], *e.cards[1:]))
                   if type(e) is Deal and e.player == "big" and len(e.cards) == 3 else e
                   for e in hand.events)
    assert all_in_ev(msgspec.structs.replace(hand, events=events)) is None  # 4s twice


def test_same_hand_same_figures_from_the_cache():
    hand = hands_of("tournament-hilo-all-in-antes.txt")["200000000007"]
    first = all_in_ev(hand)
    hits = _pot_chips.cache_info().hits
    assert all_in_ev(hand) == first
    assert _pot_chips.cache_info().hits > hits


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
def test_simulated_tournaments_keep_the_books(game):
    found = 0
    for hand in simulate_hands(300, game=game, players=6, stakes="50/100", tournament=True,
                               seed=11):
        ev = all_in_ev(hand)
        if ev is None:
            continue
        found += 1
        assert 3 <= ev.street <= 7
        assert sum(p.ev_net for p in ev.players) == pytest.approx(
            sum(p.net for p in ev.players), abs=1e-6)
        assert sum(p.equity for p in ev.players) == pytest.approx(1)
        assert all(-1e-9 <= p.equity <= 1 + 1e-9 for p in ev.players)
        if ev.street == 7:  # nothing left to come: the expectation is the result
            assert [p.ev_net for p in ev.players] == pytest.approx([p.net for p in ev.players])
    assert found >= 10


@pytest.mark.slow
def test_luck_averages_out_over_many_all_ins():
    """On a fair deal the last all-in player's luck (net minus expected net) has mean 0."""
    luck = []
    for game in ("stud", "stud8", "razz"):
        for hand in simulate_hands(3000, game=game, players=6, stakes="50/100",
                                   tournament=True, seed=5):
            ev = all_in_ev(hand)
            if ev is None:
                continue
            last = [e.player for e in hand.events if getattr(e, "all_in", False)][-1]
            p = by_player(ev)[last]
            luck.append(p.net - p.ev_net)
    n = len(luck)
    mean = sum(luck) / n
    sd = (sum((x - mean) ** 2 for x in luck) / (n - 1)) ** 0.5
    assert n > 300
    assert abs(mean) / (sd / n ** 0.5) < 4


def test_never_raises_on_real_or_broken_hands(stars_files):
    """At import every parsed hand may reach it: real histories and histories with
    injected rule breaches give a figure or ``None``, never an exception."""
    import random

    from stud_hh.faults import FAULT_KINDS, inject
    from stud_hh.parse import parse_file

    hands = [h for path in stars_files for h in parse_file(path) if isinstance(h, Hand)]
    assert hands
    rng = random.Random(4)
    broken = []
    for hand in simulate_hands(40, game="mixed", tournament=True, seed=4):
        for kind in FAULT_KINDS:
            injected = inject(hand, kind, rng)
            if injected is not None:
                broken.append(injected.hand)
    for hand in hands + broken:
        ev = all_in_ev(hand)
        if ev is not None:
            assert sum(p.equity for p in ev.players) == pytest.approx(1)
