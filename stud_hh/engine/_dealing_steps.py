"""Antes and dealing: the steps before each betting round (a mixin of ``StudState``).

Kept apart from the betting logic so each module has one job; the state lives on
``StudState`` (slots), these methods only read and write it.
"""

from __future__ import annotations

from collections.abc import Sequence

from stud_hh.cards import str_card
from stud_hh.events import Street

from ._consts import (
    _ANTES,
    _DEALING,
    _DOWN,
    _OVER,
    _THIRD,
    _UP,
    _UP3,
    R_ANTE,
    R_CARDS,
    R_DECK,
)
from .dealing import DECK_SIZE, Deck, plan_seventh
from .types import Code, IllegalAction, IllegalInfo


class DealingSteps:
    """``post_ante``/``post_antes``/``force_ante`` and ``deal``/``deal_from``/``force_deal``."""

    __slots__ = ()

    # ------------------------------------------------------------------ antes
    def verify_ante(self, player: int | str, amount: int | None = None) -> IllegalAction | None:
        info = self._check_ante(player, amount)
        return IllegalAction(info) if info else None

    def can_ante(self, player: int | str, amount: int | None = None) -> bool:
        return self._check_ante(player, amount) is None

    def post_ante(self, player: int | str, amount: int | None = None) -> int:
        """Posts the ante (a short stack posts everything and is all-in); returns it."""
        info = self._check_ante(player, amount)
        if info:
            raise IllegalAction(info)
        p = self.index(player)
        return self._pay_ante(p, min(self.stakes.ante, self._stacks[p]))

    def force_ante(self, player: int | str, amount: int) -> tuple[IllegalAction, ...]:
        """Posts what the history says, legal or not (recovery)."""
        info = self._check_ante(player, amount)
        try:
            p = self.index(player)
        except KeyError:
            return (IllegalAction(info),) if info else ()
        if self.phase is _ANTES:
            self._pay_ante(p, min(amount, self._stacks[p]))
        elif self.phase is not _OVER:
            self._move(p, min(amount, self._stacks[p]), street=False)
        return (IllegalAction(info),) if info else ()

    def post_antes(self) -> None:
        """Every player still due posts the ante (short stacks all-in)."""
        if self.phase is not _ANTES:
            return
        ante = self.stakes.ante
        stacks = self._stacks
        contrib = self._contrib
        due = self._ante_due
        for p in range(self.n):
            if due[p]:
                a = ante if ante < stacks[p] else stacks[p]
                stacks[p] -= a
                contrib[p] += a
                due[p] = False
        self._start_street(_THIRD)

    def _check_ante(self, player: int | str, amount: int | None) -> IllegalInfo | None:
        try:
            p = self.index(player)
        except KeyError:
            return IllegalInfo(Code.UNKNOWN_PLAYER, R_ANTE, f"{player} is not dealt in")
        name = self.players[p]
        if self.phase is not _ANTES or not self._ante_due[p]:
            return IllegalInfo(
                Code.ANTE_AMOUNT, R_ANTE, f"{name} posted an ante that was not due", p
            )
        due = min(self.stakes.ante, self._stacks[p])
        if amount is not None and amount != due:
            return IllegalInfo(
                Code.ANTE_AMOUNT, R_ANTE,
                f"{name} posted an ante of {amount} but the ante is {due}", p,
            )
        return None

    def _pay_ante(self, p: int, amount: int) -> int:
        self._move(p, amount, street=False)
        self._ante_due[p] = False
        if not any(self._ante_due):
            self._start_street(_THIRD)
        return amount

    def _move(self, p: int, amount: int, street: bool = True) -> None:
        self._stacks[p] -= amount
        self._contrib[p] += amount
        if street:
            self._bets[p] += amount

    # ------------------------------------------------------------------ dealing
    def _pattern(self) -> tuple[bool, ...]:
        return self._pat

    def _start_street(self, street: Street) -> None:
        self.street = street
        self._pat = _UP3 if street == 3 else _DOWN if street == 7 else _UP
        self.phase = _DEALING
        self.to_act = None
        self._prev_bets = self._bets
        self._bets = [0] * self.n
        folded = self._folded
        live = [p for p in range(self.n) if not folded[p]]
        self._community_due = False
        self._plan = "deal"
        if street > _THIRD:
            stub = self._stub
            n_live = len(live)
            if stub < n_live:  # out of cards (rule book 7); otherwise the plan is "deal"
                self._plan = plan_seventh(n_live, stub, self._burns, self.rules.out_of_cards)
                if self._plan == "reshuffle":
                    self._stub += self._burns
                    self._burns = 0
            if self._plan != "community" and self._stub > n_live:
                self._stub -= 1
                self._burns += 1
                self._burnt = True
            else:
                self._burnt = False
        if self._plan == "community":
            self._community_due = True
            self._deal_pending = []
        else:
            self._deal_pending = live

    def verify_deal(
        self, player: int | str, cards: Sequence[int | None]
    ) -> IllegalAction | None:
        info = self._check_deal(player, cards)
        return IllegalAction(info) if info else None

    def can_deal(self, player: int | str, cards: Sequence[int | None]) -> bool:
        return self._check_deal(player, cards) is None

    def deal(self, player: int | str, cards: Sequence[int | None]) -> None:
        """Gives ``player`` this street's cards (``None`` for an unknown hidden card)."""
        if self._fast_deal(player, cards):
            return
        info = self._check_deal(player, cards)
        if info:
            raise IllegalAction(info)
        self._give(self.index(player), cards)

    def _fast_deal(self, player: int | str, cards: Sequence[int | None]) -> bool:
        """Deals and returns True when the deal is plainly legal (the common case).

        Inlines ``_give`` for the two shapes a street has (one card; 3rd street's three),
        since replays spend much of their time here.
        """
        if self.phase is not _DEALING:
            return False
        pending = self._deal_pending  # empty while a community card is due
        p = player if player.__class__ is int else self._index.get(player, -1)  # type: ignore[arg-type]
        if p not in pending:
            return False
        pat = self._pat
        seen = self._seen
        k = len(cards)
        if k == 1:  # 4th to 7th street
            if len(pat) != 1:
                return False
            c = cards[0]
            if c is not None:
                if c in seen or not 0 <= c < DECK_SIZE:
                    return False
                seen.add(c)
            u = pat[0]
            self._hole[p].append(c)
            self._upflags[p].append(u)
            if u and c is not None:
                self._ups[p].append(c)
            self._stub -= 1
        elif k == 3 and pat is _UP3:  # 3rd street: down, down, up
            a, b, c = cards
            if a is None or b is None or c is None:
                known = [x for x in cards if x is not None]
            else:
                known = cards  # type: ignore[assignment]
            for x in known:
                if x in seen or not 0 <= x < DECK_SIZE:  # type: ignore[operator]
                    return False
            if len(known) > 1 and len(set(known)) != len(known):
                return False
            seen.update(known)  # type: ignore[arg-type]
            self._hole[p].extend((a, b, c))
            self._upflags[p].extend(_UP3)
            if c is not None:
                self._ups[p].append(c)
            self._stub -= 3
        else:
            if k != len(pat):
                return False
            known = [c for c in cards if c is not None]
            if len(set(known)) != len(known) or not seen.isdisjoint(known) or any(
                not 0 <= c < DECK_SIZE for c in known
            ):
                return False
            self._give(p, cards)  # type: ignore[arg-type]
            return True
        pending.remove(p)
        if not pending:
            self._begin_betting()
        return True

    def force_deal(
        self, player: int | str, cards: Sequence[int | None]
    ) -> tuple[IllegalAction, ...]:
        """Deals what the history shows even if wrong: closes the antes, keeps duplicates."""
        if self._fast_deal(player, cards):
            return ()
        info = self._check_deal(player, cards)
        try:
            p = self.index(player)
        except KeyError:
            return (IllegalAction(info),) if info else ()
        if self.phase is _ANTES:
            self._close_antes()
        if self.phase is _DEALING and not self._community_due and p in self._deal_pending:
            pattern = self._pattern()
            given = list(cards)[: len(pattern)]
            given += [None] * (len(pattern) - len(given))
            self._give(p, given)
        return (IllegalAction(info),) if info else ()

    def _close_antes(self) -> None:
        self._ante_due = [False] * self.n
        if self.phase is _ANTES:
            self._start_street(_THIRD)

    def _check_deal(self, player: int | str, cards: Sequence[int | None]) -> IllegalInfo | None:
        try:
            p = self.index(player)
        except KeyError:
            return IllegalInfo(Code.UNKNOWN_PLAYER, R_CARDS, f"{player} is not dealt in")
        name = self.players[p]
        if self.phase is _ANTES:
            missing = ", ".join(self.players[q] for q in self.antes_due)
            return IllegalInfo(
                Code.ANTE_MISSING, R_ANTE, f"cards were dealt before {missing} posted the ante",
                self.antes_due[0],
            )
        if self.phase is not _DEALING or self._community_due or p not in self._deal_pending:
            return IllegalInfo(
                Code.NOT_DEALING, R_CARDS, f"{name} was dealt cards when none were due", p
            )
        pattern = self._pattern()
        if len(cards) != len(pattern):
            return IllegalInfo(
                Code.WRONG_CARD_COUNT, R_CARDS,
                f"{name} was dealt {len(cards)} cards on {self.street.label}, "
                f"expected {len(pattern)}", p,
            )
        known = [c for c in cards if c is not None]
        for c in known:
            if not 0 <= c < DECK_SIZE:
                return IllegalInfo(Code.WRONG_CARD_COUNT, R_CARDS, f"{c} is not a card", p)
        if len(set(known)) != len(known) or any(c in self._seen for c in known):
            dup = next(c for i, c in enumerate(known) if c in self._seen or c in known[:i])
            return IllegalInfo(
                Code.DUPLICATE_CARD, R_CARDS,
                f"the {str_card(dup)} dealt to {name} was already seen in this hand", p,
            )
        return None

    def _give(self, p: int, cards: Sequence[int | None]) -> None:
        pending = self._deal_pending
        if len(cards) == 1:
            c = cards[0]
            u = self._pat[0]
            self._hole[p].append(c)
            self._upflags[p].append(u)
            if c is not None:
                self._seen.add(c)
                if u:
                    self._ups[p].append(c)
            self._stub -= 1
            pending.remove(p)
            if not pending:
                self._begin_betting()
            return
        hole = self._hole[p]
        up = self._upflags[p]
        ups = self._ups[p]
        seen = self._seen
        for c, u in zip(cards, self._pat, strict=False):
            hole.append(c)
            up.append(u)
            if c is not None:
                seen.add(c)
                if u:
                    ups.append(c)
        self._stub -= len(cards)
        self._deal_pending.remove(p)
        if not self._deal_pending:
            self._begin_betting()

    def deal_unknown(self) -> None:
        """Deals every card due this street as unknown (``None``): hidden cards not shown."""
        if self.phase is _DEALING and not self._community_due:
            k = len(self._pattern())
            for p in list(self._deal_pending):
                self._give(p, [None] * k)

    def verify_community(self, card: int) -> IllegalAction | None:
        info = self._check_community(card)
        return IllegalAction(info) if info else None

    def deal_community(self, card: int | None) -> None:
        """Turns up the community card that counts as every player's 7th (rule book 7)."""
        info = self._check_community(card)
        if info:
            raise IllegalAction(info)
        self._give_community(card)

    def _check_community(self, card: int | None) -> IllegalInfo | None:
        if self.phase is not _DEALING or not self._community_due:
            return IllegalInfo(Code.NOT_DEALING, R_DECK, "a community card was not due")
        if card is not None and card in self._seen:
            return IllegalInfo(
                Code.DUPLICATE_CARD, R_DECK,
                f"the community card {str_card(card)} was already seen in this hand",
            )
        return None

    def _give_community(self, card: int | None) -> None:
        if card is not None:
            self._board.append(card)
            self._seen.add(card)
        self._stub = max(0, self._stub - 1)
        self._community_due = False
        self._begin_betting()

    def deal_from(self, deck: Deck) -> None:
        """Deals everything due this street from ``deck`` (burn, reshuffle, community)."""
        if self.phase is not _DEALING:
            raise IllegalAction(IllegalInfo(Code.NOT_DEALING, R_CARDS, "no dealing is due"))
        if self.street > _THIRD:
            if self._plan == "reshuffle":
                deck.reshuffle_burns()
            if self._burnt:
                deck.burn()
        if self._community_due:
            if len(deck) == 0:
                deck.reshuffle_burns()
            self._give_community(deck.draw())
            return
        k = len(self._pattern())
        for p in list(self._deal_pending):
            self._give(p, [deck.draw() for _ in range(k)])

