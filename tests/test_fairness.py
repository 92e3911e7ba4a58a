"""The deal audit's statistics (pure): exact probabilities, each test against a deal rigged
in the way it looks for, the power statements, Holm's correction."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest
from scipy import stats

from stud_hh.events import Game
from stud_hh.fairness import (
    START_PROBABILITIES,
    DealHand,
    audit_deal,
    holm,
    start_category,
)
from stud_hh.fairness.checks import detectable_excess
from stud_hh.fairness.exact import NEIGHBOUR_PROBABILITIES, SHARED_PROBABILITIES
from stud_hh.fairness.text import text_report


def test_start_probabilities_are_the_rule_books_and_sum_to_one():
    p = START_PROBABILITIES
    assert p["rolled-up trips"] == Fraction(52, 22100)  # 0.235 %, about one in 425
    assert p["pair"] == Fraction(3744, 22100)  # 16.94 %
    assert p["three to a flush"] == Fraction(1144, 22100)  # 5.18 %
    assert p["three to a straight"] == Fraction(720, 22100)  # 12 rank runs x 60 suitings
    assert sum(p.values()) == 1
    assert f"{float(p['rolled-up trips']):.3%}" == "0.235%"
    assert f"{float(p['pair']):.2%}" == "16.94%"
    assert f"{float(p['three to a flush']):.2%}" == "5.18%"
    assert sum(NEIGHBOUR_PROBABILITIES.values()) == 1
    assert sum(SHARED_PROBABILITIES.values()) == 1


def test_ace_plays_both_ends_of_a_three_card_straight():
    from stud_hh.cards import parse_cards as c

    assert start_category(c("Ac 2d 3h")) == "three to a straight"
    assert start_category(c("Qc Kd Ah")) == "three to a straight"
    assert start_category(c("Kc Ad 2h")) == "other"
    assert start_category(c("5h 6h 7h")) == "three to a flush"  # straight flush: a flush


def holm_reference(p, alpha):
    order = np.argsort(p)
    rejected = np.zeros(len(p), bool)
    for k, i in enumerate(order):
        if p[i] > alpha / (len(p) - k):
            break
        rejected[i] = True
    return rejected


@pytest.mark.parametrize("seed", range(5))
def test_holm_adjusted_values_reject_as_the_step_down_procedure(seed):
    rng = np.random.default_rng(seed)
    p = rng.uniform(0, 0.1, 8)
    adjusted = holm(list(p))
    assert all(a >= q for a, q in zip(adjusted, p, strict=True))
    assert list(np.array(adjusted) <= 0.05) == list(holm_reference(p, 0.05))


# --- synthetic deals: fair, and rigged the way each test looks for -------------------------


def deal(n: int, seed: int, rig: str | None = None) -> list[DealHand]:
    """``n`` hands of a random deck (2-8 players) at three tables, optionally rigged: the
    hero's unpaired starts dropped half the time, aces swapped to a door, the lowest door
    to seat 1, a deck only cut, a table's deck not shuffled after one hand in ten, a card
    recorded twice."""
    rng = random.Random(seed)
    out: list[DealHand] = []
    previous: dict[str, list[int]] = {}
    while len(out) < n:
        table = f"table {len(out) % 3}"
        deck = list(range(52))
        if rig != "unshuffled":
            rng.shuffle(deck)
        if rig == "repeat" and table in previous and rng.random() < 0.1:
            deck = previous[table] + [x for x in deck if x not in previous[table]]
        else:  # cut only: neighbouring cards stay together
            cut = rng.randrange(52)
            deck = deck[cut:] + deck[:cut]
        players = rng.randint(2, 8)
        hole = [deck[3 * i:3 * i + 3] for i in range(players)]
        if rig == "pairs" and len({x >> 2 for x in hole[0]}) == 3 and rng.random() < 0.5:
            continue  # the hero's paired starts kept twice as often as the others
        if rig == "aces" and rng.random() < 0.3:
            ace = rng.choice([x for x in range(48, 52)])
            if ace not in hole[1]:
                i = deck.index(ace)
                deck[i], deck[3 * 1 + 2] = deck[3 * 1 + 2], deck[i]
                hole = [deck[3 * k:3 * k + 3] for k in range(players)]
        if rig == "seat1" and rng.random() < 0.33:  # the lowest door card to seat 1
            low = min(range(players), key=lambda k: hole[k][2])
            hole[0], hole[low] = hole[low], hole[0]
        rest = [x for x in deck[3 * players:] if all(x not in h for h in hole)]
        ups = [[h[2]] for h in hole]
        k = 0
        for _street in range(3):
            for i in range(players):
                if rng.random() < 0.6:
                    ups[i].append(rest[k])
                    k += 1
        cards = tuple(x for h in hole for x in h) + tuple(x for u in ups for x in u[1:])
        if rig == "duplicate" and len(out) == n // 2:
            cards += (cards[0],)
        out.append(DealHand(Game.STUD, table, tuple(h[2] for h in hole),
                            tuple(tuple(u) for u in ups), cards, 0, tuple(hole[0])))
        previous[table] = hole[0]
    return out


def test_a_fair_deal_passes_every_test_and_says_what_it_could_detect():
    report = audit_deal(deal(4000, seed=1))
    assert not report.rejected
    assert report.conclusion.startswith("no evidence of an unfair deal in 4,000 hands")
    assert "could detect a" in report.conclusion and "excess of pairs" in report.conclusion
    assert {t.name for t in report.tests if t.tested} == {
        "starting_hands", "door_ranks", "door_suits", "bring_in_seat", "door_neighbours",
        "repeated_starts", "later_upcards", "duplicate_cards"}
    text = text_report(report)
    assert "starting_hands: the hero's starting hands [ok]" in text


@pytest.mark.parametrize(("rig", "failing"), [
    ("pairs", "starting_hands"),
    ("aces", "door_ranks"),
    ("seat1", "bring_in_seat"),
    ("unshuffled", "door_neighbours"),
    ("repeat", "repeated_starts"),
    ("duplicate", "duplicate_cards"),
])
def test_each_rig_is_caught_by_its_test(rig, failing):
    report = audit_deal(deal(3000, seed=2, rig=rig))
    assert report.rejected
    assert failing in {t.name for t in report.tests if t.rejected}
    assert failing in report.conclusion
    assert "[REJECTS A FAIR DEAL]" in text_report(report)


def test_too_few_hands_are_not_tested_nor_failed():
    report = audit_deal(deal(10, seed=3))
    starting = next(t for t in report.tests if t.name == "starting_hands")
    assert not starting.tested and not report.rejected
    assert "not tested" in starting.conclusion()


def test_the_stated_power_is_the_power():
    """Rig the pair rate by the stated detectable excess: the test must then reject about
    80 % of the time at the level the statement was made for."""
    p0 = np.array([float(v) for v in START_PROBABILITIES.values()])
    n, alpha = 3000, 0.05 / 8
    d = detectable_excess([(n, p0)], focus=1, df=4, alpha=alpha)
    assert d is not None and 0.05 < d < 0.5
    p1 = p0 * (1 - p0[1] * (1 + d)) / (1 - p0[1])
    p1[1] = p0[1] * (1 + d)
    rng = np.random.default_rng(4)
    counts = rng.multinomial(n, p1, size=2000)
    p = stats.chisquare(counts, n * p0, axis=1).pvalue
    assert abs(float((p <= alpha).mean()) - 0.8) < 0.04
    # and more hands detect less
    assert detectable_excess([(4 * n, p0)], 1, 4, alpha) < d


@pytest.mark.slow
def test_fair_deals_are_rejected_at_most_alpha_of_the_time():
    rejected = sum(audit_deal(deal(1500, seed=100 + s)).rejected for s in range(60))
    assert rejected <= 8  # 5 % of 60 is 3; P(more than 8 | 5 %) < 0.5 %
