"""Who brings in, who acts first from 4th street, and how to say why in a player's words.

Index 0 is the dealer's left (stud has no button; see docs/engine-api.md), so "closest to
the dealer's left" is the lowest index and clockwise is increasing index.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from stud_hh.cards import RANK_NAMES, RANK_PLURALS, low_rank, rank, str_card
from stud_hh.events import Game
from stud_hh.rules import TieBreak

from . import _evaluators as ev

_RAZZ = Game.RAZZ
_STUD8 = Game.STUD8
_SUIT = TieBreak.SUIT
#: Per game, door card -> bring-in key (greater brings in): ``ev.bring_in_key`` as a table.
_BRING_IN_KEYS = {g: tuple(ev.bring_in_key(c, g) for c in range(52)) for g in Game}


def bring_in_player(upcards: Sequence[int | None], candidates: Sequence[int], game: Game) -> int:
    """The candidate whose door card brings in (lowest; razz highest; suits break ties)."""
    keys = _BRING_IN_KEYS[game]  # a per-game table: one index per door card
    best = -1
    best_key = -1
    for p in candidates:
        c = upcards[p]
        if c is None:
            continue
        key = keys[c]
        if key > best_key:
            best, best_key = p, key
    return best if best >= 0 else candidates[0]


def bring_in_seat(holes: Sequence[Sequence[int | None]], candidates: Sequence[int],
                  game: Game) -> int:
    """``bring_in_player`` reading each door card (the third card) from the players' cards.

    The engine's form: it saves building the list of door cards on every 3rd street.
    """
    keys = _BRING_IN_KEYS[game]
    best = -1
    best_key = -1
    for p in candidates:
        hole = holes[p]
        if len(hole) < 3:
            continue  # no door card
        c = hole[2]
        if c is None:
            continue  # not known
        key = keys[c]
        if key > best_key:
            best, best_key = p, key
    return best if best >= 0 else candidates[0]


def showing_key(upcards: Sequence[int], game: Game) -> object:
    if game is _RAZZ:
        return ev.showing_low_key(upcards)
    return ev.showing_high_key(upcards)


def first_actor(
    upcards: Sequence[Sequence[int | None]],
    candidates: Sequence[int],
    game: Game,
    tie_break: TieBreak,
    board: Sequence[int] = (),
) -> int:
    """The candidate with the best showing hand; ties by seat (lowest index) or by suit.

    The engine answers the usual street (no community card, at most four upcards, ties by
    seat) from weights summed as the cards are dealt (``StudState``); this is the whole rule.
    """
    best = -1
    best_key = 0
    best_cards: list[int] = []
    best_tie: int | None = None  # the best's tie key, computed only when a tie needs it
    key_of = ev.showing_low_key if game is _RAZZ else ev.showing_high_key
    by_suit = tie_break is _SUIT
    for p in candidates:
        cards = [c for c in upcards[p] if c is not None]
        cards.extend(board)
        if not cards:
            continue
        key = key_of(cards)
        if best < 0 or key > best_key:
            best, best_key, best_cards, best_tie = p, key, cards, None
        elif key == best_key:
            if by_suit:
                if best_tie is None:
                    best_tie = ev.showing_suit_key(best_cards, game)
                tie = ev.showing_suit_key(cards, game)
            else:
                best_tie, tie = -best, -p
            if tie > best_tie:
                best, best_cards, best_tie = p, cards, tie
    return best if best >= 0 else candidates[0]


@lru_cache(maxsize=1)
def tables() -> tuple[Sequence[int], Sequence[int], Sequence[int], Sequence[int]]:
    """``evaluate.showing.showing_tables``, built on first use (like the evaluators)."""
    return ev.showing_tables()


def describe_showing(upcards: Sequence[int | None], game: Game) -> str:
    """'best board pair of Jacks', 'best board Ace-King high', 'lowest board 7-5-2'."""
    cards = [c for c in upcards if c is not None]
    if not cards:
        return "no upcards known"
    if game is _RAZZ:
        ranks = sorted({low_rank(c) for c in cards}, reverse=True)
        names = "-".join("A" if r == 1 else str_card((r - 2) * 4)[0] for r in ranks)
        return f"lowest board {names}"
    counts = Counter(rank(c) for c in cards)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    top_rank, top_n = groups[0]
    if top_n == 4:
        return f"best board four {RANK_PLURALS[top_rank]}"
    if top_n == 3:
        return f"best board three {RANK_PLURALS[top_rank]}"
    if top_n == 2 and len(groups) > 1 and groups[1][1] == 2:
        return (
            f"best board two pair, {RANK_PLURALS[top_rank]} and {RANK_PLURALS[groups[1][0]]}"
        )
    if top_n == 2:
        return f"best board pair of {RANK_PLURALS[top_rank]}"
    highs = "-".join(RANK_NAMES[r] for r, _ in groups[:2])
    return f"best board {highs} high"


def describe_door(card: int | None, game: Game) -> str:
    if card is None:
        return "door card unknown"
    which = "highest" if game is _RAZZ else "lowest"
    return f"{which} door card {str_card(card)}"
