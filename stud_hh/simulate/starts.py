"""Starting-hand percentiles: how a three-card start ranks among all 22,100.

Why: profiles declare how often they play (VPIP) and raise on 3rd street. Turning a
start into its percentile makes "play the best 25 %" a single comparison, so a profile's
declared rates hold whatever the game, and the decision costs one list lookup per player.

The scores encode what stud players value: rolled-up trips, then pairs (a high pair
counts more, a buried pair a little more than a split one), three to a flush, three to a
straight, high cards; razz wants three distinct low cards (ace low); eight-or-better wants
low cards, aces and pairs that can scoop.

>>> from stud_hh.events import Game
>>> from stud_hh.cards import parse_cards
>>> table = start_table(Game.STUD)
>>> percentile(table, *parse_cards("Ac Ad Ah")) > 0.99
True
>>> percentile(table, *parse_cards("2c 7d Kh")) < 0.5
True
>>> razz = start_table(Game.RAZZ)
>>> percentile(razz, *parse_cards("Ac 2d 3h")) > percentile(razz, *parse_cards("Kc Qd Jh"))
True
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, permutations

from stud_hh.events import Game

__all__ = ["percentile", "start_score", "start_table"]


def _low(rank: int) -> int:
    return 1 if rank == 14 else rank


def _stud_score(hole1: int, hole2: int, door: int) -> float:
    cards = (hole1, hole2, door)
    ranks = sorted(((c >> 2) + 2 for c in cards), reverse=True)
    suits = {c & 3 for c in cards}
    r1, r2, r3 = ranks
    if r1 == r3:
        return 1000 + r1
    if r1 == r2 or r2 == r3:
        pair = r2
        kicker = r3 if r1 == r2 else r1
        buried = 1 if (hole1 >> 2) == (hole2 >> 2) else 0
        return 500 + 20 * pair + kicker + 3 * buried
    if len(suits) == 1:
        return 300 + 10 * r1 + r2
    if 2 <= r1 - r3 <= 4 or (r1 == 14 and r2 <= 3):
        return 200 + 5 * r1 + r2
    return 10 * r1 + r2


def _razz_score(hole1: int, hole2: int, door: int) -> float:
    lows = sorted((_low((c >> 2) + 2) for c in (hole1, hole2, door)), reverse=True)
    score = -(100 * lows[0] + 10 * lows[1] + lows[2])
    if len(set(lows)) < 3:
        score -= 2000
    return score


def _stud8_score(hole1: int, hole2: int, door: int) -> float:
    cards = (hole1, hole2, door)
    ranks = [(c >> 2) + 2 for c in cards]
    lows = sorted({_low(r) for r in ranks if _low(r) <= 8})
    aces = ranks.count(14)
    score = 0.0
    if len(lows) == 3:
        score += 600 - 20 * lows[-1]
    elif len(lows) == 2:
        score += 250 - 10 * lows[-1]
    high = _stud_score(hole1, hole2, door)
    if high >= 1000:
        score += 900
    elif high >= 500:
        score += 200 + 15 * (sorted(ranks)[1])
    if len({c & 3 for c in cards}) == 1:
        score += 60
    return score + 120 * aces


_SCORES = {Game.STUD: _stud_score, Game.RAZZ: _razz_score, Game.STUD8: _stud8_score}


def start_score(game: Game, hole1: int, hole2: int, door: int) -> float:
    """The raw score of a start (greater is better); only its order matters."""
    return _SCORES[game](hole1, hole2, door)


@cache
def start_table(game: Game) -> tuple[float, ...]:
    """Percentile (0..1, 1 = best) of every ordered start, indexed ``a*2704 + b*52 + c``.

    The door card is ``c``; hidden cards are ``a`` and ``b`` in either order.
    """
    score = _SCORES[game]
    keyed: list[tuple[float, tuple[int, int, int]]] = []
    for combo in combinations(range(52), 3):
        for door_index in range(3):
            door = combo[door_index]
            hole = [c for c in combo if c != door]
            keyed.append((score(hole[0], hole[1], door), (hole[0], hole[1], door)))
    keyed.sort(key=lambda item: item[0])
    table = [0.0] * (52 * 52 * 52)
    total = len(keyed)
    start = 0
    while start < total:  # ties share the mid-rank percentile
        end = start
        while end < total and keyed[end][0] == keyed[start][0]:
            end += 1
        value = (start + end) / 2 / total
        for _, (a, b, c) in keyed[start:end]:
            for x, y in permutations((a, b)):
                table[x * 2704 + y * 52 + c] = value
        start = end
    return tuple(table)


def percentile(table: tuple[float, ...], hole1: int, hole2: int, door: int) -> float:
    return table[hole1 * 2704 + hole2 * 52 + door]
