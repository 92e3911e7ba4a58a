"""Antes and cards: the steps before each betting round (a layer of ``StudState``).

Each step is a ``verify_x`` / ``can_x`` / ``x`` triple (``x`` raises ``IllegalAction``),
and a ``force_x`` that does what a hand history says even when it breaks a rule and returns
what was wrong (recovery, for the validator's replay). A street's cards can be given player
by player (``deal``) or all at once (``deal_street``), which a replay of a history does.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain
from typing import cast

from stud_hh.cards import str_card

from ._consts import _ANTES, _BETTING, _DEALING, _OVER, _THIRD, R_ANTE, R_CARDS, R_DECK, R_ROUND
from ._evaluators import WEIGHT
from ._round import _Round
from .dealing import DECK_SIZE, Deck
from .types import Code, IllegalAction, IllegalInfo

#: Card -> its showing weight (``evaluate.showing.WEIGHT``): each player's weights are
#: summed as the upcards are dealt (``_upw``), so the first actor of a street is a table
#: read per player (``_round._first_showing``).
_WEIGHT: tuple[int, ...] = tuple(WEIGHT)
#: Every card (0-51): a street's cards are all cards when they are a subset of it.
_DECK = frozenset(range(DECK_SIZE))

#: One street's deals: ``(player, cards)`` in the order dealt, cards in the street's
#: pattern (``DealDue.up``), ``None`` for a card the history does not show.
Deals = Iterable[tuple[int | str, Sequence[int | None]]]


def _refusals(info: IllegalInfo | None) -> tuple[IllegalAction, ...]:
    return (IllegalAction(info),) if info else ()


class _Dealing(_Round):
    """Antes (``post_ante``, ``post_antes``, ``force_ante``) and cards (``deal``,
    ``deal_street``, ``deal_unknown``, ``deal_community``, ``deal_from``, ``force_deal``)."""

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
            return _refusals(info)
        if self.phase is _ANTES:
            self._pay_ante(p, min(amount, self._stacks[p]))
        elif self.phase is not _OVER:
            self._move(p, min(amount, self._stacks[p]), street=False)
        return _refusals(info)

    def post_antes(self) -> None:
        """Every player still due posts the ante (short stacks all-in)."""
        if self.phase is not _ANTES:
            return
        ante = self.stakes.ante
        stacks = self._stacks
        for p, due in enumerate(self._ante_due):
            if due:  # a short stack posts what he has (a comparison: ``min`` is a slow call)
                self._move(p, ante if ante < stacks[p] else stacks[p], street=False)
        self._ante_due = [False] * self.n
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

    def _close_antes(self) -> None:
        """Cards come before every ante is in: the antes still due stay unpaid."""
        self._ante_due = [False] * self.n
        if self.phase is _ANTES:
            self._start_street(_THIRD)

    # ------------------------------------------------------------------ one player's cards
    def verify_deal(
        self, player: int | str, cards: Sequence[int | None]
    ) -> IllegalAction | None:
        info = self._check_deal(player, cards, [], set())
        return IllegalAction(info) if info else None

    def can_deal(self, player: int | str, cards: Sequence[int | None]) -> bool:
        return self._check_deal(player, cards, [], set()) is None

    def deal(self, player: int | str, cards: Sequence[int | None]) -> None:
        """Gives ``player`` this street's cards (``None`` for an unknown hidden card)."""
        info = self._check_deal(player, cards, [], set())
        if info:
            raise IllegalAction(info)
        self._give([self.index(player)], [cards])

    def force_deal(
        self, player: int | str, cards: Sequence[int | None]
    ) -> tuple[IllegalAction, ...]:
        """Deals what the history shows even if wrong: closes the antes, keeps duplicates,
        pads or cuts the cards to the street's count. A number that is not a card (outside
        0-51) cannot be followed: ``ValueError``."""
        _in_deck(cards)
        info = self._check_deal(player, cards, [], set())
        try:
            p = self.index(player)
        except KeyError:
            return _refusals(info)
        if self.phase is _ANTES:
            self._close_antes()
        if self.phase is _DEALING and not self._community_due and p in self._deal_pending:
            k = len(self._pat)
            given = list(cards)[:k]
            self._give([p], [given + [None] * (k - len(given))])
        return _refusals(info)

    # ------------------------------------------------------------------ a whole street
    def verify_deal_street(self, deals: Deals) -> IllegalAction | None:
        """The first rule the street's deals break: every player due gets the street's
        cards once, no card twice in the hand (``verify_deal`` of each, in order)."""
        info = self._check_street(list(deals), [])
        return IllegalAction(info) if info else None

    def can_deal_street(self, deals: Deals) -> bool:
        return self._check_street(list(deals), []) is None

    def deal_street(self, deals: Deals) -> None:
        """Deals the whole street at once (``deal`` of each player due, in one call)."""
        pairs = list(deals)
        dealt: list[int] = []
        info = self._check_street(pairs, dealt)
        if info:
            raise IllegalAction(info)
        self._give(dealt, [cards for _, cards in pairs])

    def force_deal_street(self, deals: Deals) -> tuple[IllegalAction, ...]:
        """``deal_street`` when the deals are legal, else ``force_deal`` of each in order.

        Cards dealt while a betting round is still open mean the history moved on: the
        round is closed as it stands (``ROUND_OPEN`` names who was still to act) and the
        cards are the next street's. ``deals`` may be empty: the history moved to the
        next street without printing a card."""
        pairs = deals if type(deals) is list else list(deals)
        left_open: tuple[IllegalAction, ...] = ()
        if self.phase is _BETTING:
            left_open = (self._close_open_round(),)
        usual = self._street_fits(pairs)
        if usual is not None:  # the usual street: judged at once, its known cards kept
            self._give(*usual)
            return left_open
        dealt: list[int] = []
        if self._street_breach(pairs, dealt) is None:
            self._give(dealt, [cards for _, cards in pairs])
            return left_open
        return left_open + tuple(
            chain.from_iterable(self.force_deal(p, cards) for p, cards in pairs))

    def _close_open_round(self) -> IllegalAction:
        """The round ends with players still to act (the history went on without them)."""
        p = self.to_act
        name = self.players[p] if p is not None else "nobody"
        info = IllegalInfo(
            Code.ROUND_OPEN, R_ROUND,
            f"the betting on {self.street.label} was left open: {name} to act", p,
        )
        self._end_round()
        return IllegalAction(info)

    def deal_unknown(self) -> None:
        """Deals every card due this street as unknown (``None``): hidden cards not shown."""
        if self.phase is _DEALING and not self._community_due and self._deal_pending:
            unknown = [None] * len(self._pat)
            self._give(self._deal_pending[:], [unknown] * len(self._deal_pending))

    # ------------------------------------------------------------------ community card
    def verify_community(self, card: int | None) -> IllegalAction | None:
        info = self._check_community(card)
        return IllegalAction(info) if info else None

    def can_deal_community(self, card: int | None) -> bool:
        return self._check_community(card) is None

    def deal_community(self, card: int | None) -> None:
        """Turns up the community card that counts as every player's 7th (rule book 7)."""
        info = self._check_community(card)
        if info:
            raise IllegalAction(info)
        self._give_community(card)

    # ------------------------------------------------------------------ from a deck
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
        if self._deal_pending:
            k = len(self._pat)
            pending = self._deal_pending[:]
            self._give(pending, [deck.draw_many(k) for _ in pending])

    # ------------------------------------------------------------------ checks
    def _check_deal(
        self, player: int | str, cards: Sequence[int | None], dealt: list[int],
        street_cards: set[int],
    ) -> IllegalInfo | None:
        """The first rule one deal breaks (``_check_deals`` of one)."""
        return self._check_deals(((player, cards),), dealt, street_cards)

    def _check_deals(
        self, deals: Iterable[tuple[int | str, Sequence[int | None]]], dealt: list[int],
        street_cards: set[int],
    ) -> IllegalInfo | None:
        """The first rule one of ``deals`` breaks, each judged after those before it
        (``dealt`` and ``street_cards``: the players and cards given before it on this
        street; both grow). One loop for the street: a replay deals every street of every
        hand."""
        phase = self.phase
        index = self._index
        n = self.n
        k = len(self._pat)
        pending = self._deal_pending
        seen = self._seen
        dealing = phase is _DEALING and not self._community_due
        for player, cards in deals:
            if player.__class__ is str:
                p = index.get(player, -1)
            elif player.__class__ is int and 0 <= player < n:
                p = player
            else:
                p = -1
            if p < 0:
                return IllegalInfo(Code.UNKNOWN_PLAYER, R_CARDS, f"{player} is not dealt in")
            if phase is _ANTES:
                due = self.antes_due
                missing = ", ".join(self.players[q] for q in due)
                return IllegalInfo(
                    Code.ANTE_MISSING, R_ANTE,
                    f"cards were dealt before {missing} posted the ante", due[0],
                )
            if not dealing or p in dealt or p not in pending:
                return IllegalInfo(
                    Code.NOT_DEALING, R_CARDS,
                    f"{self.players[p]} was dealt cards when none were due", p,
                )
            if len(cards) != k:
                return IllegalInfo(
                    Code.WRONG_CARD_COUNT, R_CARDS,
                    f"{self.players[p]} was dealt {len(cards)} cards on {self.street.label}, "
                    f"expected {k}", p,
                )
            for c in cards:
                if c is not None and not 0 <= c < DECK_SIZE:
                    return IllegalInfo(Code.WRONG_CARD_COUNT, R_CARDS, f"{c} is not a card", p)
            for c in cards:
                if c is not None:
                    if c in seen or c in street_cards:
                        return IllegalInfo(
                            Code.DUPLICATE_CARD, R_CARDS,
                            f"the {str_card(c)} dealt to {self.players[p]} was already seen "
                            "in this hand", p,
                        )
                    street_cards.add(c)
            dealt.append(p)
        return None

    def _check_street(
        self, deals: list[tuple[int | str, Sequence[int | None]]], dealt: list[int]
    ) -> IllegalInfo | None:
        """The first rule the street's deals break; ``dealt`` gets the players, in order."""
        usual = self._street_fits(deals)
        if usual is not None:
            dealt += usual[0]
            return None
        return self._street_breach(deals, dealt)

    def _street_breach(
        self, deals: list[tuple[int | str, Sequence[int | None]]], dealt: list[int]
    ) -> IllegalInfo | None:
        """``_check_street`` for deals ``_street_fits`` did not take: card by card, the
        first rule broken (or None: legal after all, e.g. unknown cards)."""
        info = self._check_deals(deals, dealt, set())
        if info is not None:
            return info
        if not deals and self.phase is not _DEALING:
            return IllegalInfo(Code.NOT_DEALING, R_CARDS, "no dealing is due")
        if len(dealt) < len(self._deal_pending):
            missing = ", ".join(self.players[p] for p in self._deal_pending if p not in dealt)
            return IllegalInfo(
                Code.WRONG_CARD_COUNT, R_CARDS, f"{missing} got no cards on {self.street.label}"
            )
        return None

    def _street_fits(
        self, deals: list[tuple[int | str, Sequence[int | None]]]
    ) -> tuple[list[int], list[Sequence[int | None]], set[int]] | None:
        """The players, their cards and the known cards of the street's deals when they
        are the usual, legal ones, judged for the street at once: every player due, once
        each in dealing order, the street's count of cards, none seen before; None
        otherwise, and ``_check_deals`` goes card by card to name the first rule broken.
        A replay deals every street of every hand, so this is one loop, and what it
        collects is what ``_give`` takes."""
        pending = self._deal_pending
        if self.phase is not _DEALING or self._community_due or len(deals) != len(pending):
            return None
        index = self._index
        k = len(self._pat)
        given: list[Sequence[int | None]] = []
        cards_out: list[int | None] = []
        try:
            for (player, cards), p in zip(deals, pending):  # noqa: B905 (lengths checked)
                if index[player] != p or len(cards) != k:  # type: ignore[index]
                    return None
                given.append(cards)
                cards_out += cards
        except (KeyError, TypeError):  # a stranger, or a seat index: card by card
            return None
        known = set(cards_out)  # in C; an unknown card (``None``) is no card
        known.discard(None)
        if len(known) != len(cards_out) - cards_out.count(None) or not known <= _DECK \
                or not self._seen.isdisjoint(known):
            return None
        return pending[:], given, cast("set[int]", known)

    def _check_community(self, card: int | None) -> IllegalInfo | None:
        if self.phase is not _DEALING or not self._community_due:
            return IllegalInfo(Code.NOT_DEALING, R_DECK, "a community card was not due")
        if card is not None and card in self._seen:
            return IllegalInfo(
                Code.DUPLICATE_CARD, R_DECK,
                f"the community card {str_card(card)} was already seen in this hand",
            )
        return None

    # ------------------------------------------------------------------ giving cards
    def _give(self, players: list[int], cards: list[Sequence[int | None]],
              known: set[int] | None = None) -> None:
        """Each of ``players`` gets his cards of this street, in the street's pattern (the
        up card is the last): his hole cards, the cards seen, his upcards and their
        showing weight, the stub; once every player due has his, the betting opens.
        ``known``: the cards that are not ``None``, when the caller has them (a whole
        street that ``_street_fits`` judged)."""
        hole = self._hole
        if self._pat[-1]:  # the street's last card is face up
            ups = self._ups
            upw = self._upw
            weight = _WEIGHT
            for p, given in zip(players, cards):  # noqa: B905 (callers pair them one to one)
                hole[p] += given
                last = given[-1]
                if last is not None:
                    ups[p].append(last)
                    upw[p] += weight[last]
        else:
            for p, given in zip(players, cards):  # noqa: B905
                hole[p] += given
        seen = self._seen
        if known is None:
            seen.update(chain.from_iterable(cards))  # type: ignore[arg-type]
            seen.discard(None)  # an unknown card is no card seen
            self._stub -= sum(map(len, cards))
        else:  # every player got the street's count (``_street_fits``)
            seen.update(known)
            self._stub -= len(self._pat) * len(players)
        pending = self._deal_pending
        if len(players) == len(pending):  # the whole street (callers give each once)
            pending.clear()
        else:
            for p in players:
                pending.remove(p)
        if not pending:
            self._begin_betting()

    def _give_community(self, card: int | None) -> None:
        _in_deck((card,))
        if card is not None:
            self._board.append(card)
            self._seen.add(card)
        self._stub = max(0, self._stub - 1)
        self._community_due = False
        self._begin_betting()


def _in_deck(cards: Sequence[int | None]) -> None:
    """A number outside 0-51 is no card: no rule book says what follows, so nothing does."""
    for c in cards:
        if c is not None and not 0 <= c < DECK_SIZE:
            raise ValueError(f"{c} is not a card (cards are numbered 0 to {DECK_SIZE - 1})")
