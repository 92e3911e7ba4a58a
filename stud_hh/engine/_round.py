"""The flow of the hand: streets, who opens each betting round, and how a round runs.

A layer of ``StudState`` (see ``_table``): it starts each street (dealing due, burns, the
out-of-cards plan of rule book 7), opens its betting (bring-in on 3rd street, best showing
hand after, rule book 4.3 and 4.6), moves chips and the turn for an action already judged
legal (or forced), and closes the round (uncalled bet back, rule book 4.7).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import not_

from stud_hh.events import Game, Street
from stud_hh.rules import (
    AllInAnteBringIn,
    CommunityActor,
    OpenPair,
    RaiseAfterShortAllIn,
    ShortBringIn,
    TieBreak,
)

from . import showing
from ._consts import (
    _BETTING,
    _BRING_IN,
    _CALL,
    _CHECK,
    _COMPLETE,
    _DEALING,
    _DOWN,
    _FOLD,
    _FOURTH,
    _NEXT_STREET,
    _RAISE,
    _SEVENTH,
    _SHOWDOWN,
    _SIXTH,
    _THIRD,
    _UP,
    _UP3,
)
from ._table import _Table
from .dealing import plan_seventh
from .types import ActionKind, UncalledBet

#: Rule options compared on every street, looked up once (enum attributes are slow).
_BEST_SHOWING = CommunityActor.BEST_SHOWING
_NEXT_PLAYER = AllInAnteBringIn.NEXT_PLAYER
_OPEN_PAIR_OFF = OpenPair.OFF
_FULL_BRING_IN = ShortBringIn.FULL
_OVER_ALL_IN = RaiseAfterShortAllIn.OVER_ALL_IN
_SUIT = TieBreak.SUIT
_RAZZ = Game.RAZZ


class _Round(_Table):
    """Streets, first actors, and chips and turns moving through a betting round."""

    __slots__ = ()

    # ------------------------------------------------------------------ streets
    def _start_street(self, street: Street) -> None:
        """Cards of ``street`` are due: the live players', or one community card."""
        self.street = street
        self._units_memo = None
        self.phase = _DEALING
        self.to_act = None
        self._prev_bets = self._bets
        self._bets = [0] * self.n
        self._community_due = False
        live = self._live
        if street == _THIRD:
            self._pat = _UP3
            self._plan = "deal"
            self._deal_pending = live[:]
            return
        self._pat = _DOWN if street == _SEVENTH else _UP
        n_live = len(live)
        # the usual street, else out of cards (rule book 7): reshuffle the burns, or one
        # community card
        self._plan = "deal" if self._stub >= n_live else plan_seventh(
            n_live, self._stub, self._burns, self.rules.out_of_cards)
        if self._plan == "reshuffle":
            self._stub += self._burns
            self._burns = 0
        # a burn when the stub has a card to spare
        self._burnt = self._plan != "community" and self._stub > n_live
        if self._burnt:
            self._stub -= 1
            self._burns += 1
        self._community_due = self._plan == "community"
        self._deal_pending = [] if self._community_due else live[:]

    def _begin_betting(self) -> None:
        """Every card of the street is out: the round opens (or is skipped, all-in)."""
        self.phase = _BETTING
        pending = self._can_act()
        self.bet_level = self._full_level = self.raises = 0
        self.completed = self.big_bet_made = self.capped = self.open_pair = False
        self._last_aggressor = None
        self._first_done = False
        self._bring_in_forced = True
        self._acted_full = [-1] * self.n
        rules = self.rules
        self._cap_active = rules.raise_cap is not None and not (
            rules.heads_up_uncapped and len(self._live) == 2
        )
        first = self._bring_in_first() if self.street == _THIRD else self._showing_opener()
        self._units_memo = None  # street, open pair and big bet are this round's now
        if first is not None:
            self._first_by_street[self.street] = first
        if first is None or pending.count(True) < 2:
            self._bring_in_due = False
            self._end_round()
            return
        self._pending = pending
        self.to_act = first

    def _bring_in_first(self) -> int | None:
        """3rd street: the lowest door card brings in (razz: highest), rule book 4.3; one
        all-in on the ante passes it to the next player (rule book 6)."""
        holes = self._hole
        bp = showing.bring_in_seat(holes, self._live, self.game)
        self.bring_in_player = bp
        h = holes[bp]
        self._reason = ("door", h[2] if len(h) >= 3 else None)  # None: unknown
        first: int | None = bp
        if self._stacks[bp] == 0:
            first = self._next_active(bp)
            self._reason = ("ante", bp)
            self.bring_in_player = first
            self._bring_in_forced = self.rules.all_in_ante_bring_in is _NEXT_PLAYER
        self._bring_in_due = True
        return first

    def _showing_opener(self) -> int | None:
        """4th street on: the best showing hand opens (razz: the lowest), rule book 4.6."""
        self._bring_in_due = False
        self.open_pair = self.street == _FOURTH and self._double_bet_allowed()
        first = -1
        board = self._board
        if self.street == _SEVENTH and not board:
            first = self._first_by_street.get(_SIXTH, -1)  # same upcards as 6th
            if first >= 0 and (self._folded[first] or self._reason[0] != "board"):
                first = -1
        if first < 0:
            live = self._live
            first = self._showing_first(live) if board else self._first_showing(live)
        shown = (*self._ups[first], *board)
        if self._stacks[first] == 0:
            self._reason = ("board_all_in", first, shown)
            return self._next_active(first)
        self._reason = ("board", first, shown)
        return first

    def _double_bet_allowed(self) -> bool:
        """An open pair on 4th street allows the big bet (rule book 5, ``OpenPair``);
        asked on 4th street only."""
        rules = self.rules
        if (
            rules.open_pair_double_bet is _OPEN_PAIR_OFF
            or self.game not in rules.open_pair_games
        ):
            return False
        for p in self._live:
            ranks = [c >> 2 for c in self._ups[p]]
            if len(set(ranks)) < len(ranks):
                return True
        return False

    def _can_act(self) -> list[bool]:
        """Per player: still in the hand with chips behind (who a bet gives a turn to)."""
        if 0 not in self._stacks:  # nobody all-in (a stack never goes below 0; no ``min``,
            return list(map(not_, self._folded))  # a builtin taking keywords: a slow call)
        return [not f and s > 0 for f, s in zip(self._folded, self._stacks)]  # noqa: B905

    def _next_active(self, start: int) -> int | None:
        for q in (start, *self._clockwise[start][:-1]):
            if not self._folded[q] and self._stacks[q] > 0:
                return q
        return None

    @property
    def first_actor_reason(self) -> str:
        """Why ``to_act`` opened this street, in a player's words (built on demand)."""
        match self._reason:
            case ("door", card):
                return showing.describe_door(card, self.game)  # type: ignore[arg-type]
            case ("ante", int(seat)):
                return f"next to the left of {self.players[seat]}, all-in on the ante"
            case ("board_all_in", int(seat), tuple(shown)):
                text = showing.describe_showing(shown, self.game)
                return f"next to the left of {self.players[seat]} ({text}), who is all-in"
            case ("board", _, tuple(shown)):
                return showing.describe_showing(shown, self.game)
        return ""

    # ------------------------------------------------------------------ first actor
    def _showing_first(self, candidates: Sequence[int]) -> int:
        """The best showing hand with a community card on the board (rule book 7, 11)."""
        board: tuple[int, ...] = ()
        if self._board:
            if self.rules.community_first_actor is _BEST_SHOWING:
                board = tuple(self._board)
            elif _SIXTH in self._first_by_street:
                six = self._first_by_street[_SIXTH]
                if not self._folded[six]:
                    return six
        return showing.first_actor(
            self._ups, candidates, self.game, self._tie_break, board
        )

    def _first_showing(self, live: list[int]) -> int:
        """``showing.first_actor`` without a board, from the weights summed as dealt.

        Each player's key is a table read on ``_upw`` (``evaluate.showing.showing_tables``),
        so a street's first actor costs no sum over the upcards; a board of more than four
        cards or a tie broken by suit go to ``showing.first_actor``.
        """
        low_offset, high_index, high, razz = showing.tables()
        ups = self._ups
        upw = self._upw
        lowball = self.game is _RAZZ
        table = razz if lowball else high
        best = -1
        best_key = 0
        for p in live:  # in seat order: on a tie by seat the first stays
            w = upw[p]
            if w == 0:
                continue  # no upcard known
            if len(ups[p]) > 4:
                break
            key = table[low_offset[(w >> 12) & 0x1FFFF] + high_index[w >> 29]]
            if lowball:
                key = -key
            if best < 0 or key > best_key:
                best, best_key = p, key
            elif key == best_key and self._tie_break is _SUIT:
                break
        else:
            return best if best >= 0 else live[0]
        return showing.first_actor(ups, live, self.game, self._tie_break)

    # ------------------------------------------------------------------ actions
    def _units(self) -> tuple[int, ...]:
        """This round's bet sizes, asked of the structure once per round (and again when
        the big bet is made on 4th street)."""
        units = self._units_memo
        if units is None:
            units = self._units_memo = self.structure.units(
                self.street, self.open_pair, self.big_bet_made
            )
        return units

    def _move(self, p: int, amount: int, street: bool = True) -> None:
        self._stacks[p] -= amount
        self._contrib[p] += amount
        if street:
            self._bets[p] += amount

    def _act(self, kind: ActionKind, p: int, amt: int, forced: bool = False) -> None:
        """Applies an action already judged (``_legality``) or forced (``_recovery``).

        A check, call or fold (most of a hand's actions) moves the chips and passes the turn
        here, without a call per step: the engine does this for every action of every
        replayed hand.
        """
        self._first_done = True
        if kind is _CALL:
            self._stacks[p] -= amt
            self._contrib[p] += amt
            self._bets[p] += amt
            self._acted_full[p] = self._full_level
        elif kind is _CHECK:
            self._acted_full[p] = self._full_level
        elif kind is _FOLD:
            self._folded[p] = True
            live = self._live
            live.remove(p)
            if len(live) <= 1:
                self._pending[p] = False
                self._end_round()
                return
        elif kind is _BRING_IN:
            self._bring_in(p, amt)
            return
        else:
            self._raise_to(kind, p, amt, forced)
            return
        pending = self._pending
        pending[p] = False
        for q in self._clockwise[p]:  # the turn passes to the next still to act
            if pending[q]:
                self.to_act = q
                return
        self._end_round()

    def _raise_to(self, kind: ActionKind, p: int, to: int, forced: bool) -> None:
        """A completion, bet or raise to ``to``: a new level, everyone else acts again.

        It is a full bet or raise (it reopens the betting and counts toward the cap) when
        it reaches the next full level, or ``short_all_in_reopen_pct`` of a bet (rule
        book 6); a bet making the increase the big one on 4th street makes it big.
        """
        self._bring_in_due = False
        before = self.bet_level
        prev_full = self._full_level
        self._move(p, to - self._bets[p])
        if kind is _COMPLETE:
            unit = full_target = self.structure.completion()
        else:
            unit = self._units()[0]
            full_target = (prev_full + unit) if before > 0 else unit
        rules = self.rules
        if forced or to >= full_target or (to - prev_full) * 100 >= (
            rules.short_all_in_reopen_pct * unit
        ):
            self._full_level = to
            if kind is _COMPLETE:
                self.completed = True
            elif before > 0 and kind is _RAISE:
                self.raises += 1
            base = before if rules.raise_after_short_all_in is _OVER_ALL_IN else prev_full
            stakes = self.stakes
            if (
                self.street == _FOURTH
                and kind is not _COMPLETE
                and to - base > stakes.small_bet
                and stakes.big_bet != stakes.small_bet
            ):
                self.big_bet_made = True
                self._units_memo = None
        if to > self.bet_level:
            self.bet_level = to
        self._last_aggressor = p
        if self._cap_active and rules.raise_cap is not None and self.raises >= rules.raise_cap:
            self.capped = True
        self._reopen_betting(p)

    def _bring_in(self, p: int, amt: int) -> None:
        """Posts the bring-in: it sets the level the others must call (rule book 4.3)."""
        self._move(p, amt)
        self._bring_in_due = False
        full = self.stakes.bring_in if self.rules.short_bring_in is _FULL_BRING_IN else amt
        if self._bets[p] > full:  # (no ``max``: a builtin taking keywords is a slow call)
            full = self._bets[p]
        if full > self.bet_level:
            self.bet_level = full
        self._reopen_betting(p)

    def _reopen_betting(self, p: int) -> None:
        """A bring-in, completion, bet or raise by ``p``: everyone else with chips acts,
        from the next player clockwise (or the round ends: nobody else can act)."""
        pending = self._can_act()
        pending[p] = False
        self._pending = pending
        self._acted_full[p] = self._full_level
        for q in self._clockwise[p]:
            if pending[q]:
                self.to_act = q
                return
        self._end_round()

    def _end_round(self) -> None:
        """The round is over: the uncalled excess goes back; next street or showdown."""
        self.to_act = None
        bets = self._bets
        ordered = sorted(bets)
        top, second = ordered[-1], ordered[-2]
        if top > 0 and second < top:  # one leader: the excess is uncalled
            p = bets.index(top)
            back = top - second
            self._stacks[p] += back
            self._contrib[p] -= back
            bets[p] -= back
            self._uncalled.append(UncalledBet(p, back, self.street))
        if len(self._live) <= 1 or self.street == _SEVENTH:
            self.phase = _SHOWDOWN
            return
        self._start_street(_NEXT_STREET[self.street])
