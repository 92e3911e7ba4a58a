"""What the simulated players read during one hand, kept up to date as the hand is played.

Why: a decision needs every player's cards, upcards, starting-hand percentile and
strength estimates, and who folded. Asking the engine for them at each decision rebuilds
tuples (``upcards``, ``hole``, ``folded``) and re-reads the same cards hundreds of times per
hand; ``play_hand`` already sees every card dealt and every fold, so it records them here
once; a strength estimate sums the cards' rank and suit keys and reads its value with one
dict look-up (``strength.strength_keyed``). Estimates are cached per street: cards
change only between streets.
"""

from __future__ import annotations

from stud_hh.events import Game
from stud_hh.simulate.starts import start_table
from stud_hh.simulate.strength import (
    FLUSH_CLASS,
    MEMO_LIMIT,
    RANK_KEY,
    SUIT_KEY,
    board_memo,
    board_strength_keyed,
    high_strength_keyed,
    own_memo,
    strength_keyed,
)

__all__ = ["HandView"]

_STUD = Game.STUD


class HandView:
    """Cards, folds and per-street estimates of one hand's players (index = engine's).

    As it deals, ``play_hand`` sets ``cards`` (each player's cards so far) and appends
    the upcards to ``ups``; it sets ``folded`` and keeps ``bets`` (chips put in on this
    street, as the engine's ``street_bets``). Keys are summed only when a decision asks
    for an estimate.
    """

    __slots__ = (
        "_board_memo",
        "_boards",
        "_own",
        "_own_memo",
        "bets",
        "cards",
        "folded",
        "game",
        "n",
        "pcts",
        "ups",
    )

    def __init__(self, game: Game, n: int) -> None:
        self.game = game
        self.n = n
        self.cards: list[tuple[int, ...]] = [()] * n  # every card, as dealt
        self.ups: list[list[int]] = [[] for _ in range(n)]  # upcards, door card first
        self.folded = [False] * n
        self.bets = [0] * n  # this street's chips per player (reset as a street is dealt)
        self.pcts: list[float] = []  # starting-hand percentiles, once 3rd street is dealt
        self._own: list[float | None] = []
        self._boards: list[float] | None = None
        self._own_memo = own_memo(game)
        self._board_memo = board_memo(game)

    def street_dealt(self) -> None:
        """A street's cards are all out: forget the last street's estimates."""
        if not self.pcts:
            table = start_table(self.game)
            self.pcts = [
                table[h[0] * 2704 + h[1] * 52 + h[2]] if len(h) >= 3 else 0.0
                for h in self.cards
            ]
        self._own = [None] * self.n
        self._boards = None

    def strength(self, p: int) -> float:
        """``strength.strength`` of ``p``'s cards (the simulator knows every card)."""
        value = self._own[p]
        if value is None:
            cards = self.cards[p]
            rank_key = suit_key = 0
            for c in cards:
                rank_key += RANK_KEY[c]
                suit_key += SUIT_KEY[c]
            flush = FLUSH_CLASS[suit_key]
            memo = self._own_memo
            value = memo.get(rank_key + flush)
            if value is None:
                if self.game is _STUD:  # ``strength_keyed`` without its second look-up
                    value = high_strength_keyed(rank_key, flush >> 39, len(cards))
                    if len(memo) < MEMO_LIMIT:
                        memo[rank_key + flush] = value
                else:
                    value = strength_keyed(self.game, rank_key, suit_key, cards)
            self._own[p] = value
        return value

    def threat(self, p: int) -> float:
        """The best ``board_strength`` among the other players still in the hand."""
        boards = self._boards
        folded = self.folded
        if boards is None:
            memo = self._board_memo
            boards = self._boards = [0.0] * self.n  # folded players threaten nobody
            for q, ups in enumerate(self.ups):
                if folded[q]:
                    continue
                key = 0
                for c in ups:
                    key += RANK_KEY[c]
                value = memo.get(key)
                if value is None:
                    value = board_strength_keyed(self.game, key, ups)
                boards[q] = value
        threat = 0.0
        for q, b in enumerate(boards):
            if b > threat and q != p and not folded[q]:
                threat = b
        return threat
