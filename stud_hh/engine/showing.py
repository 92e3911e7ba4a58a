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
_WEIGHT = ev.WEIGHT.__getitem__
#: Per game, door card -> bring-in key (greater brings in): ``ev.bring_in_key`` as a table.
_BRING_IN_KEYS = {g: tuple(ev.bring_in_key(c, g) for c in range(52)) for g in Game}
#: The same tables as dicts (``bring_in_seat``): a card outside the deck is a KeyError.
_BRING_IN_KEY_OF = {g: dict(enumerate(keys)) for g, keys in _BRING_IN_KEYS.items()}


def bring_in_player(upcards: Sequence[int | None], candidates: Sequence[int], game: Game) -> int:
    """The candidate whose door card brings in (lowest; razz highest; suits break ties)."""
    keys = _BRING_IN_KEYS[game]  # a per-game table: one index per door card
    best = -1
    best_key = -1
    for p in candidates:
        c = upcards[p]
        if c is None:
            continue
        # a card outside the deck comes only from a forced, impossible deal
        key = keys[c] if 0 <= c < 52 else ev.bring_in_key(c, game)
        if key > best_key:
            best, best_key = p, key
    return best if best >= 0 else candidates[0]


def bring_in_seat(holes: Sequence[Sequence[int | None]], candidates: Sequence[int],
                  game: Game) -> int:
    """``bring_in_player`` reading each door card (the third card) from the players' cards.

    The engine's form: it saves building the list of door cards on every 3rd street.
    """
    keys = _BRING_IN_KEY_OF[game]
    best = -1
    best_key = -1
    for p in candidates:
        # Subscripts rather than ``len`` and a chained range test (each costs more): a
        # player without a door card is an IndexError, an unknown one (None) or a card
        # outside the deck a KeyError.
        try:
            c = holes[p][2]
            key = keys[c]
        except IndexError:
            continue
        except KeyError:
            if c is None:
                continue
            key = ev.bring_in_key(c, game)  # a forced, impossible deal
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
    """The candidate with the best showing hand; ties by seat (lowest index) or by suit."""
    if not board:
        # The usual question (no community card) on at most four upcards each: one sum
        # and two table reads per player, no helper call (this runs on every street of
        # every hand replayed or simulated). Same keys as ``showing_high_key`` and
        # ``showing_low_key``; anything else goes to the general loop below.
        low_offset, high_index, high, razz = tables()
        lowball = game is _RAZZ
        table = razz if lowball else high
        by_suit = tie_break is _SUIT
        weight = _WEIGHT
        best = -1
        best_key = 0
        best_tie = -1  # the best's suit key, computed only when a tie needs it
        for p in candidates:
            cards = upcards[p]
            if len(cards) > 4 or None in cards:
                break  # not the usual shape: the general loop answers
            if not cards:
                continue
            w = sum(map(weight, cards))  # type: ignore[arg-type]
            key = table[low_offset[(w >> 12) & 0x1FFFF] + high_index[w >> 29]]
            if lowball:
                key = -key  # the lowest razz board acts first
            if best < 0 or key > best_key:
                best, best_key, best_tie = p, key, -1
            elif key == best_key:
                if not by_suit:
                    if p < best:  # the seat closest to the dealer's left
                        best = p
                    continue
                if best_tie < 0:
                    best_tie = ev.showing_suit_key(upcards[best], game)  # type: ignore[arg-type]
                tie = ev.showing_suit_key(cards, game)  # type: ignore[arg-type]
                if tie > best_tie:
                    best, best_tie = p, tie
        else:
            return best if best >= 0 else candidates[0]
    return _first_actor(upcards, candidates, game, tie_break, board)


@lru_cache(maxsize=1)
def tables() -> tuple[Sequence[int], Sequence[int], Sequence[int], Sequence[int]]:
    """``evaluate.showing.showing_tables``, built on first use (like the evaluators)."""
    return ev.showing_tables()


def _first_actor(
    upcards: Sequence[Sequence[int | None]],
    candidates: Sequence[int],
    game: Game,
    tie_break: TieBreak,
    board: Sequence[int],
) -> int:
    best = -1
    best_key: object = None
    best_cards: Sequence[int] = ()
    best_tie: int | None = None  # the best's tie key, computed only when a tie needs it
    key_of = ev.showing_low_key if game is _RAZZ else ev.showing_high_key
    by_suit = tie_break is TieBreak.SUIT
    for p in candidates:
        cards = upcards[p]
        if board or None in cards:
            cards = [c for c in cards if c is not None]
            cards.extend(board)
        if not cards:
            continue
        key = key_of(cards)  # type: ignore[arg-type]
        if best < 0 or key > best_key:  # type: ignore[operator]
            best, best_key, best_cards, best_tie = p, key, cards, None  # type: ignore[assignment]
        elif key == best_key:
            if by_suit:
                if best_tie is None:
                    best_tie = ev.showing_suit_key(best_cards, game)  # type: ignore[arg-type]
                tie = ev.showing_suit_key(cards, game)  # type: ignore[arg-type]
            else:
                best_tie, tie = -best, -p
            if tie > best_tie:
                best, best_cards, best_tie = p, cards, tie  # type: ignore[assignment]
    return best if best >= 0 else candidates[0]


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
