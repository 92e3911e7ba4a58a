"""Antes and dealing: the steps before each betting round (a mixin of ``StudState``).

Kept apart from the betting logic so each module has one job; the state lives on
``StudState`` (slots), these methods only read and write it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

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
from ._evaluators import WEIGHT
from .dealing import DECK_SIZE, Deck, plan_seventh
from .types import Code, IllegalAction, IllegalInfo

_T = TypeVar("_T")

#: The cards of the deck: one membership test checks that a card is a card.
_CARDS = frozenset(range(DECK_SIZE))

#: Card -> its showing weight (``evaluate.showing.WEIGHT``): each player's weights are
#: summed as the upcards are dealt (``StudState._upw``), so the first actor of a street is
#: a table read per player. A card outside the deck (a forced, impossible deal) makes the
#: sum negative for good (``_BAD_WEIGHT``): that player's board takes the general path.
_WEIGHT = tuple(WEIGHT)
#: The same as a dict: one subscript both checks that a card is in the deck and weighs it.
_WEIGHT_OF = dict(enumerate(_WEIGHT))
_BAD_WEIGHT = -(1 << 62)


def _weight(c: int) -> int:
    return _WEIGHT[c] if 0 <= c < DECK_SIZE else _BAD_WEIGHT


def _with_fast_path(slow: Callable[..., _T], done: _T) -> Callable[..., _T]:
    """A dealing method: the plainly legal deals in line, anything else through ``slow``.

    Covers the shapes replays and simulations send (one card from 4th street; 3rd street's
    three, all known or only the door card known) with the checks ``_check_deal`` makes;
    anything else (players by name, unknown hole cards beside known ones, wrong counts,
    duplicates) goes to ``slow``, which treats a legal deal the same way. ``deal`` and
    ``force_deal`` differ only there (one raises, the other records), so each is this one
    function with its own ``slow``: a replay deals ~20 times a hand, and a helper both
    called cost a Python call per deal.
    """

    def dealt(self: Any, player: int | str, cards: Sequence[int | None]) -> _T:
        pending = self._deal_pending  # empty unless cards are due (and a community card)
        p = player
        if p not in pending or p.__class__ is not int or self.phase is not _DEALING:
            return slow(self, player, cards)  # players by name too
        pat = self._pat
        if len(cards) == 1:  # 4th to 7th street
            if pat is _UP3:
                return slow(self, player, cards)
            c = cards[0]
            if c is not None:
                seen = self._seen
                if c in seen or c not in _CARDS:
                    return slow(self, player, cards)
                seen.add(c)
                if pat is _UP:
                    self._ups[p].append(c)
                    self._upw[p] += _WEIGHT[c]
            self._hole[p].append(c)
            self._stub -= 1
        elif pat is _UP3 and len(cards) == 3:  # 3rd street: down, down, up
            seen = self._seen
            a, b, c = cards
            if a is None and b is None:  # an opponent's start: the door card only
                if c is not None:
                    if c in seen or c not in _CARDS:
                        return slow(self, player, cards)
                    seen.add(c)
                    self._ups[p].append(c)
                    self._upw[p] += _WEIGHT[c]
            elif a is None or b is None or c is None:
                return slow(self, player, cards)  # one hole card known: rare
            else:
                if (
                    a not in _CARDS or b not in _CARDS or c not in _CARDS
                    or a in (b, c) or b == c
                    or a in seen or b in seen or c in seen
                ):
                    return slow(self, player, cards)
                seen.add(a)
                seen.add(b)
                seen.add(c)
                self._ups[p].append(c)
                self._upw[p] += _WEIGHT[c]
            self._hole[p].extend(cards)
            self._stub -= 3
        else:
            return slow(self, player, cards)
        pending.remove(p)
        if not pending:
            self._begin_betting()
        return done

    return dealt


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
        n = self.n
        if False not in due and min(stacks) > ante and not any(contrib):
            # the usual table: everyone owes the ante and covers it (the loop below, at once)
            self._stacks = [s - ante for s in stacks]
            self._contrib = [ante] * n
            self._ante_due = [False] * n
            self._start_street(_THIRD)
            return
        for p in range(n):
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
        n = self.n
        self.street = street
        self._units_memo = None
        self.phase = _DEALING
        self.to_act = None
        self._prev_bets = self._bets
        self._bets = [0] * n
        self._community_due = False
        live = self._live  # kept up to date by every fold
        if street == 3:
            self._pat = _UP3
            self._plan = "deal"
            self._deal_pending = live[:]  # emptied as the cards go out
            return
        self._pat = _DOWN if street == 7 else _UP
        stub = self._stub
        n_live = len(live)
        if stub >= n_live:  # the usual street: a burn when the stub has a card to spare
            self._plan = "deal"
            if stub > n_live:
                self._stub = stub - 1
                self._burns += 1
                self._burnt = True
            else:
                self._burnt = False
            self._deal_pending = live[:]
            return
        # out of cards (rule book 7): reshuffle the burns, or one community card
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
            self._deal_pending = live[:]

    def verify_deal(
        self, player: int | str, cards: Sequence[int | None]
    ) -> IllegalAction | None:
        info = self._check_deal(player, cards)
        return IllegalAction(info) if info else None

    def can_deal(self, player: int | str, cards: Sequence[int | None]) -> bool:
        return self._check_deal(player, cards) is None

    def _deal_checked(self, player: int | str, cards: Sequence[int | None]) -> None:
        info = self._check_deal(player, cards)
        if info:
            raise IllegalAction(info)
        self._give(self.index(player), cards)

    def _force_deal_checked(
        self, player: int | str, cards: Sequence[int | None]
    ) -> tuple[IllegalAction, ...]:
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

    deal = _with_fast_path(_deal_checked, None)
    deal.__name__ = "deal"
    deal.__doc__ = """Gives ``player`` this street's cards (``None`` for an unknown hidden card)."""
    force_deal = _with_fast_path(_force_deal_checked, ())
    force_deal.__name__ = "force_deal"
    force_deal.__doc__ = (
        """Deals what the history shows even if wrong: closes the antes, keeps duplicates."""
    )

    def _force_deals(self, deals: Sequence[tuple[str, Sequence[int | None]]]) -> None:
        """``force_deal(name, cards)`` for each ``(name, cards)`` in order, as one call.

        A replay meets a street's deals one after the other, in seat order: what
        ``force_deal`` checks per deal (dealing is due, the pattern, the state's lists) is
        read once per street here, and the players due are matched in order rather than
        searched. ``force_deal`` gives a card seen before like any other (it only reports
        it), so no card is looked up in the seen ones: each known card's showing weight is
        looked up instead (``_WEIGHT_OF``), which finds a card outside the deck too. A deal
        out of that order or shape (a player by index, a wrong count, an impossible card)
        goes to ``force_deal`` itself, so the state ends the same either way.
        """
        index = self._index  # a player by name: his index
        weight_of = _WEIGHT_OF
        k = 0
        end = len(deals)
        while k < end:
            pending = self._deal_pending
            due = len(pending)
            if self.phase is not _DEALING or not due:
                player, cards = deals[k]
                self.force_deal(index.get(player, player), cards)
                k += 1
                continue
            pat = self._pat
            seen = self._seen
            holes = self._hole
            ups = self._ups
            upw = self._upw
            j = 0  # deals taken, in the order the players are due
            if pat is _UP3:
                while k < end and j < due:
                    player, cards = deals[k]
                    try:  # a known player, three cards, known ones in the deck (subscripts
                        p = index[player]  # and an unpacking: no call, unlike ``len``)
                        a, b, c = cards
                        if c is not None:
                            w = weight_of[c]
                        if a is not None:
                            weight_of[a]
                        if b is not None:
                            weight_of[b]
                    except (KeyError, TypeError, ValueError):
                        break
                    if pending[j] != p:
                        break
                    if a is not None:
                        seen.add(a)
                    if b is not None:
                        seen.add(b)
                    if c is not None:
                        seen.add(c)
                        ups[p].append(c)
                        upw[p] += w
                    holes[p].extend(cards)
                    j += 1
                    k += 1
                self._stub -= 3 * j
            else:
                up = pat is _UP
                while k < end and j < due:
                    player, cards = deals[k]
                    try:  # a known player, one card, in the deck when known
                        p = index[player]
                        (c,) = cards
                        if c is not None:
                            w = weight_of[c]
                    except (KeyError, TypeError, ValueError):
                        break
                    if pending[j] != p:
                        break
                    if c is not None:
                        seen.add(c)
                        if up:
                            ups[p].append(c)
                            upw[p] += w
                    holes[p].append(c)
                    j += 1
                    k += 1
                self._stub -= j
            if j:
                del pending[:j]
                if j == due:
                    self._begin_betting()
                    continue
            if k < end:  # the deal the loop stopped at: the general path
                player, cards = deals[k]
                self.force_deal(index.get(player, player), cards)
                k += 1

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
        hole = self._hole[p]
        ups = self._ups[p]
        seen = self._seen
        for c, u in zip(cards, self._pat):  # noqa: B905 (cards may be short)
            hole.append(c)
            if c is not None:
                seen.add(c)
                if u:
                    ups.append(c)
                    self._upw[p] += _weight(c)
        self._stub -= len(cards)
        pending.remove(p)
        if not pending:
            self._begin_betting()

    def deal_unknown(self) -> None:
        """Deals every card due this street as unknown (``None``): hidden cards not shown."""
        if self.phase is _DEALING and not self._community_due:
            # ``_give`` of ``None`` cards for each player due, at once: unknown cards touch
            # neither the seen cards nor the upcards, only the players' cards and the stub
            pending = self._deal_pending
            if not pending:
                return
            k = len(self._pat)
            hole = self._hole
            if k == 1:
                for p in pending:
                    hole[p].append(None)
            else:
                nones = [None] * k
                for p in pending:
                    hole[p].extend(nones)
            self._stub -= k * len(pending)
            pending.clear()
            self._begin_betting()

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
        pending = self._deal_pending
        pat = self._pat
        k = len(pat)
        pos = deck._pos
        stub = deck.cards
        end = pos + k * len(pending)
        if not pending:
            return
        if end > len(stub):  # the deck runs dry mid-street: draw until it says so
            for p in list(pending):
                self._give(p, [deck.draw() for _ in range(k)])
            return
        # Every card at once, player by player as ``_give`` would (a simulation deals
        # every street this way): the same cards, without a call per card.
        deck._pos = end
        hole = self._hole
        ups = self._ups
        upw = self._upw
        seen = self._seen
        add = seen.add
        up = pat[-1]  # the last card of a street is the one that may be up
        for p in pending:
            if k == 1:
                c = stub[pos]
                hole[p].append(c)
            else:
                chunk = stub[pos : pos + k]
                hole[p].extend(chunk)
                c = chunk[-1]
                if None in chunk:  # only a hand-made deck holds unknown cards
                    for x in chunk:
                        if x is not None:
                            add(x)
                else:
                    seen.update(chunk)
            pos += k
            if c is not None:
                add(c)
                if up:
                    ups[p].append(c)
                    upw[p] += _WEIGHT[c] if 0 <= c < DECK_SIZE else _BAD_WEIGHT
        self._stub -= k * len(pending)
        pending.clear()
        self._begin_betting()

