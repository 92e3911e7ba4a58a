"""The stud state machine: antes, dealing, betting rounds, showdown and awards.

One ``StudState`` is one hand. It is deterministic, keeps no global state and raises
``IllegalAction`` with a stable code rather than guessing; ``force`` applies what a hand
history says happened anyway, so a replay can go on after a breach. Sizes come from a
pluggable ``BettingStructure``; every rule-book option from ``RuleSet``. See
docs/engine-api.md for the contract and the conventions (index 0 = dealer's left).

This module holds the state and the flow of a betting round; the other steps are mixins
in their own modules: ``_dealing_steps`` (antes, cards), ``_legality`` (legal actions,
the first rule an action breaks), ``_recovery`` (``force``), ``_showdown`` (awards) and
``_triples`` (the named ``verify_x``/``can_x``/``x``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import compress
from operator import not_

from stud_hh.events import Game, Street
from stud_hh.rules import (
    POKERSTARS,
    AllInAnteBringIn,
    CommunityActor,
    OpenPair,
    RaiseAfterShortAllIn,
    RuleSet,
    ShortBringIn,
    TieBreak,
)

from . import showing
from ._apply import FastApply
from ._consts import (
    _ANTES,
    _BETTING,
    _BRING_IN,
    _CALL,
    _CHECK,
    _COMPLETE,
    _DEALING,
    _FOLD,
    _FOURTH,
    _NEXT_STREET,
    _OVER,
    _RAISE,
    _SEVENTH,
    _SHOWDOWN,
    _SIXTH,
    _THIRD,
    _UP3,
)
from ._dealing_steps import DealingSteps
from ._legality import Legality
from ._recovery import Recovery
from ._showdown import ShowdownSteps
from ._triples import NamedTriples
from .dealing import DECK_SIZE
from .pots import build_pots
from .structure import BettingStructure, FixedLimit
from .types import (
    Action,
    ActionKind,
    DealDue,
    HandResult,
    IllegalAction,
    IllegalInfo,
    Pot,
    Stakes,
    UncalledBet,
)


class StudState(FastApply, Legality, Recovery, DealingSteps, ShowdownSteps, NamedTriples):
    """One hand of stud, stud8 or razz. Read the attributes; act through the methods.

    >>> from stud_hh.engine import Stakes
    >>> st = StudState(Game.STUD, Stakes(1, 2, 4, 8), (50, 50), players=("Ann", "Bob"))
    >>> st.post_antes(); st.phase.value
    'dealing'
    >>> from stud_hh.cards import parse_cards
    >>> st.deal("Ann", parse_cards("As Ks 2c")); st.deal("Bob", parse_cards("Qd Qh 9h"))
    >>> st.to_act, st.first_actor_reason
    (0, 'lowest door card 2c')
    >>> st.bring_in("Ann").amount, st.to_act
    (2, 1)
    """

    __slots__ = (
        "_acted_full",
        "_ante_due",
        "_bets",
        "_board",
        "_bring_in_due",
        "_bring_in_forced",
        "_burns",
        "_burnt",
        "_cap_active",
        "_clockwise",
        "_community_due",
        "_contrib",
        "_deal_pending",
        "_first_by_street",
        "_first_done",
        "_folded",
        "_full_level",
        "_hole",
        "_index",
        "_last_aggressor",
        "_live",
        "_mucked",
        "_pat",
        "_pending",
        "_plan",
        "_prev_bets",
        "_reason",
        "_seen",
        "_shown",
        "_stacks",
        "_stub",
        "_uncalled",
        "_units_memo",
        "_ups",
        "_upw",
        "bet_level",
        "big_bet_made",
        "bring_in_player",
        "capped",
        "completed",
        "game",
        "n",
        "open_pair",
        "phase",
        "players",
        "raises",
        "result",
        "rules",
        "stakes",
        "starting_stacks",
        "street",
        "structure",
        "to_act",
    )

    def __init__(
        self,
        game: Game | str,
        stakes: Stakes,
        stacks: Sequence[int],
        rules: RuleSet = POKERSTARS,
        players: Sequence[str] | None = None,
        structure: BettingStructure | None = None,
    ) -> None:
        n = len(stacks)
        if n < 2 or n > rules.max_players:  # two comparisons cost less than a chained one
            raise ValueError(f"{n} players: stud needs 2 to {rules.max_players}")
        if sorted(stacks)[0] <= 0:  # min(), see ``_begin_betting``
            raise ValueError("every player dealt in needs chips (stack > 0)")
        self.game = game if game.__class__ is Game else Game(game)
        self.stakes = stakes
        self.rules = rules
        self.structure: BettingStructure = structure or _fixed_limit(
            stakes.small_bet, stakes.big_bet
        )
        self.n = n
        self._clockwise = _clockwise_orders(n)
        if players is None:
            self.players, self._index = _default_players(n)
        else:
            self.players = names = tuple(players)
            self._index = index = dict(zip(names, range(n)))  # noqa: B905
            if len(names) != n or len(index) != n:
                raise ValueError("players must be n distinct names")
        self.starting_stacks: tuple[int, ...] = tuple(stacks)
        self._stacks = list(stacks)
        self._contrib = [0] * n
        self._bets = [0] * n
        self._prev_bets = self._bets
        self._folded = [False] * n
        self._mucked = [False] * n
        # Cards per player; which are face up follows from their position (``_UPFLAGS``).
        # ``_empty_lists`` in line (twice per hand): eight fresh lists, sliced
        self._hole: list[list[int | None]] = (
            [[], [], [], [], [], [], [], []][:n] if n <= 8 else _empty_lists(n)
        )
        self._ups: list[list[int]] = (  # known upcards
            [[], [], [], [], [], [], [], []][:n] if n <= 8 else _empty_lists(n)
        )
        self._upw = [0] * n  # the sum of their showing weights (``_first_showing``)
        self._pat: tuple[bool, ...] = _UP3
        self._board: list[int] = []
        self._seen: set[int] = set()
        self._stub = DECK_SIZE
        self._burns = 0
        self._plan = "deal"
        self._burnt = False
        self.street = _THIRD
        self.phase = _ANTES
        self._ante_due = [stakes.ante > 0] * n
        self._deal_pending: list[int] = []
        self._live: list[int] = list(range(n))  # who has not folded, in seat order
        self._community_due = False
        self._uncalled: list[UncalledBet] = []
        self._shown: dict[int, tuple[int, ...]] = {}
        self._first_by_street: dict[Street, int] = {}
        self.result: HandResult | None = None
        # betting round
        self.to_act: int | None = None
        self.bet_level = 0
        self._full_level = 0
        self.raises = 0
        self.completed = False
        self.big_bet_made = False
        self.open_pair = False
        self._units_memo: tuple[int, ...] | None = None  # see ``_units``
        self.capped = False
        self._cap_active = True
        self._pending = [False] * n
        self._acted_full = [-1] * n
        self.bring_in_player: int | None = None
        self._bring_in_due = False
        self._bring_in_forced = True
        self._reason: tuple[object, ...] = ()
        self._first_done = False
        self._last_aggressor: int | None = None
        if stakes.ante <= 0:
            self._start_street(_THIRD)

    # ------------------------------------------------------------------ reading
    def index(self, player: int | str) -> int:
        """The index of a player given by index or name (``KeyError`` if unknown)."""
        if player.__class__ is int:
            if 0 <= player < self.n:  # type: ignore[operator]
                return player  # type: ignore[return-value]
            raise KeyError(player)
        return self._index[player]  # type: ignore[index]

    @property
    def player_index(self) -> Mapping[str, int]:
        """Name -> index of every player (read it, never change it: the state's own)."""
        return self._index

    @property
    def stacks(self) -> tuple[int, ...]:
        return tuple(self._stacks)

    @property
    def contributions(self) -> tuple[int, ...]:
        return tuple(self._contrib)

    @property
    def street_bets(self) -> tuple[int, ...]:
        return tuple(self._bets)

    @property
    def folded(self) -> tuple[bool, ...]:
        return tuple(self._folded)

    @property
    def all_in(self) -> tuple[bool, ...]:
        stacks = self._stacks
        if min(stacks) > 0:
            return (False,) * self.n
        return tuple([not f and s == 0 for f, s in zip(self._folded, stacks)])  # noqa: B905

    @property
    def live(self) -> tuple[int, ...]:
        # in C (no generator frame): a simulation asks at every decision
        return tuple(compress(range(self.n), map(not_, self._folded)))

    @property
    def hole(self) -> tuple[tuple[int | None, ...], ...]:
        return tuple(tuple(h) for h in self._hole)

    def cards(self, player: int | str) -> tuple[int | None, ...]:
        return tuple(self._hole[self.index(player)])

    def upcards(self, player: int | str) -> tuple[int | None, ...]:
        p = self.index(player)
        return tuple(compress(self._hole[p], _UPFLAGS))

    @property
    def board(self) -> tuple[int, ...]:
        return tuple(self._board)

    @property
    def antes_due(self) -> tuple[int, ...]:
        if self.phase is not _ANTES:
            return ()
        return tuple(p for p in range(self.n) if self._ante_due[p])

    @property
    def deal_due(self) -> DealDue | None:
        if self.phase is not _DEALING:
            return None
        if self._community_due:
            return DealDue(self.street, (), (True,), community=True)
        return DealDue(self.street, tuple(self._deal_pending), self._pattern())

    @property
    def pots(self) -> tuple[Pot, ...]:
        live = [not f for f in self._folded]
        return build_pots(self._contrib, live, self.all_in)

    @property
    def total_pot(self) -> int:
        return sum(self._contrib)

    @property
    def uncalled(self) -> tuple[UncalledBet, ...]:
        return tuple(self._uncalled)

    @property
    def first_actors(self) -> dict[Street, int]:
        """The player who opened each street's betting (bring-in on 3rd street)."""
        return dict(self._first_by_street)

    @property
    def showdown_order(self) -> tuple[int, ...]:
        """Who shows first: the last bettor or raiser on 7th street, else the first actor."""
        if self.phase not in (_SHOWDOWN, _OVER):
            return ()
        live = self.live
        if len(live) < 2:
            return ()
        start = self._last_aggressor
        if start is None or self._folded[start]:
            start = self._first_by_street.get(_SEVENTH, -1)
            if start < 0 or self._folded[start]:
                start = self._showing_first(live)
        n = self.n
        folded = self._folded
        return tuple(q for i in range(n) if not folded[q := (start + i) % n])

    # ------------------------------------------------------------------ betting rounds
    def _active(self, p: int) -> bool:
        return not self._folded[p] and self._stacks[p] > 0

    def _clockwise_from(self, start: int) -> list[int]:
        return [(start + i) % self.n for i in range(self.n)]

    def _next_active(self, start: int) -> int | None:
        for q in self._clockwise_from(start):
            if self._active(q):
                return q
        return None

    def _upcards_known(self, p: int) -> list[int]:
        return self._ups[p]

    def _showing_first(self, candidates: Sequence[int]) -> int:
        board: tuple[int, ...] = ()
        if self._board:
            if self.rules.community_first_actor is _BEST_SHOWING:
                board = tuple(self._board)
            elif _SIXTH in self._first_by_street:
                six = self._first_by_street[_SIXTH]
                if not self._folded[six]:
                    return six
        return showing.first_actor(
            self._ups, candidates, self.game, self.rules.showing_tie_break, board
        )

    def _first_showing(self, live: list[int]) -> int:
        """``showing.first_actor`` without a board, from the weights summed as dealt.

        Each player's key is a table read on ``_upw`` (``evaluate.showing.showing_tables``),
        so a street's first actor costs no sum over the upcards; a board of more than four
        cards, an impossible card or a tie broken by suit go to ``showing.first_actor``.
        """
        low_offset, high_index, high, razz = showing._TABLES or showing._load_tables()
        ups = self._ups
        upw = self._upw
        lowball = self.game is _RAZZ
        table = razz if lowball else high
        best = -1
        best_key = 0
        for p in live:  # in seat order: on a tie by seat the first stays
            w = upw[p]
            if w <= 0:
                if w < 0:
                    break  # an impossible card
                continue  # no upcard known
            if len(ups[p]) > 4:
                break
            key = table[low_offset[(w >> 12) & 0x1FFFF] + high_index[w >> 29]]
            if lowball:
                key = -key
            if best < 0 or key > best_key:
                best, best_key = p, key
            elif key == best_key and self.rules.showing_tie_break is _SUIT:
                break
        else:
            return best if best >= 0 else live[0]
        return showing.first_actor(ups, live, self.game, self.rules.showing_tie_break)

    def _begin_betting(self) -> None:
        self.phase = _BETTING
        n = self.n
        folded = self._folded
        stacks = self._stacks
        live = self._live
        # ``sorted(x)[0]`` is ``min(x)``: min parses its keyword arguments on every call,
        # which costs more than sorting a table's few ints
        pending = list(map(not_, folded)) if sorted(stacks)[0] > 0 \
            else _can_act(folded, stacks)
        self.bet_level = self._full_level = self.raises = 0
        self.completed = self.big_bet_made = self.capped = self.open_pair = False
        self._last_aggressor = None
        self._first_done = False
        self._bring_in_forced = True
        self._acted_full = [-1] * n
        rules = self.rules
        street = self.street
        self._cap_active = rules.raise_cap is not None and not (
            rules.heads_up_uncapped and len(live) == 2
        )
        if street == _THIRD:
            holes = self._hole
            bp = showing.bring_in_seat(holes, live, self.game)
            self.bring_in_player = bp
            h = holes[bp]
            reason: tuple[object, ...] = ("door", h[2] if len(h) >= 3 else None)  # None: unknown
            first: int | None = bp
            if stacks[bp] == 0:
                first = self._next_active(bp)
                reason = ("ante", bp)
                self.bring_in_player = first
                self._bring_in_forced = rules.all_in_ante_bring_in is _NEXT_PLAYER
            self._bring_in_due = True
        else:
            self._bring_in_due = False
            if (
                street == _FOURTH
                and rules.open_pair_double_bet is not _OPEN_PAIR_OFF
                and self.game in rules.open_pair_games
            ):
                all_ups = self._ups
                for p in live:
                    ups = all_ups[p]
                    k = len(ups)
                    if k == 2:  # the usual two upcards on 4th street
                        if ups[0] >> 2 == ups[1] >> 2:
                            self.open_pair = True
                            break
                    elif k > 2 and len({c >> 2 for c in ups}) < k:
                        self.open_pair = True
                        break
            first = -1
            board = self._board
            if street == _SEVENTH and not board:
                first = self._first_by_street.get(_SIXTH, -1)  # same upcards as 6th
                if first >= 0 and (folded[first] or self._reason[0] != "board"):
                    first = -1
            if first < 0:
                first = self._showing_first(live) if board else self._first_showing(live)
            shown = (*self._ups[first], *board)
            if stacks[first] == 0:
                reason = ("board_all_in", first, shown)
                first = self._next_active(first)
            else:
                reason = ("board", first, shown)
        self._reason = reason
        self._units_memo = None  # street, open pair and big bet are this round's now
        if first is not None:
            self._first_by_street[street] = first
        if first is None or pending.count(True) < 2:
            self._bring_in_due = False
            self._end_round()
            return
        self._pending = pending
        self.to_act = first

    @property
    def first_actor_reason(self) -> str:
        """Why ``to_act`` opened this street, in a player's words (built on demand)."""
        r = self._reason
        if not r:
            return ""
        if r[0] == "door":
            return showing.describe_door(r[1], self.game)  # type: ignore[arg-type]
        if r[0] == "ante":
            return f"next to the left of {self.players[r[1]]}, all-in on the ante"  # type: ignore[index]
        text = showing.describe_showing(r[2], self.game)  # type: ignore[arg-type]
        if r[0] == "board_all_in":
            return f"next to the left of {self.players[r[1]]} ({text}), who is all-in"  # type: ignore[index]
        return text

    def _door(self, p: int) -> int | None:
        h = self._hole[p]
        return h[2] if len(h) >= 3 else None  # None also when the door card is unknown

    def verify(self, action: Action) -> IllegalAction | None:
        """The first rule ``action`` breaks, or None. Never raises, never changes state."""
        info = self._check(action.kind, action.player, action.amount)[0]
        return IllegalAction(info) if info else None

    def can(self, action: Action) -> bool:
        return self._check(action.kind, action.player, action.amount)[0] is None

    def _do(self, kind: ActionKind, player: int | str, amount: int | None) -> Action:
        info, kind, p, amt = self._check(kind, player, amount)
        if info is not None:
            raise IllegalAction(info)
        self._act(kind, p, amt)
        return Action(kind, p, amt)

    def _act(self, kind: ActionKind, p: int, amt: int, forced: bool = False) -> None:
        self._first_done = True
        if kind is _FOLD:
            self._folded[p] = True
            self._live.remove(p)
            self._pending[p] = False
            if self._folded.count(False) <= 1:
                self._end_round()
                return
        elif kind is _CHECK:
            self._pending[p] = False
            self._acted_full[p] = self._full_level
        elif kind is _CALL:
            self._move(p, amt)
            self._pending[p] = False
            self._acted_full[p] = self._full_level
        elif kind is _BRING_IN:
            self._bring_in(p, amt)
            return
        else:
            self._bring_in_due = False
            before = self.bet_level
            prev_full = self._full_level
            bets = self._bets
            chips = amt - bets[p]
            self._stacks[p] -= chips
            self._contrib[p] += chips
            bets[p] += chips
            to = bets[p]
            if kind is _COMPLETE:
                unit = self.structure.completion()
                full_target = unit
            else:
                units = self._units_memo or self._units()
                unit = units[0]
                full_target = (prev_full + unit) if before > 0 else unit
            is_full = forced or to >= full_target or (to - prev_full) * 100 >= (
                self.rules.short_all_in_reopen_pct * unit
            )
            if is_full:
                self._full_level = to
                if kind is _COMPLETE:
                    self.completed = True
                elif before > 0 and kind is _RAISE:
                    self.raises += 1
                if (
                    self.street == _FOURTH
                    and kind is not _COMPLETE
                    and to - (
                        before
                        if self.rules.raise_after_short_all_in is _OVER_ALL_IN
                        else prev_full
                    )
                    > self.stakes.small_bet
                    and self.stakes.big_bet != self.stakes.small_bet
                ):
                    self.big_bet_made = True
                    self._units_memo = None
            if to > self.bet_level:
                self.bet_level = to
            self._last_aggressor = p
            self._reopen_betting(p)  # everyone else with chips acts again
            if (
                self._cap_active
                and self.rules.raise_cap is not None
                and self.raises >= self.rules.raise_cap
            ):
                self.capped = True
            self._pass_turn(p)
            return
        self._advance(p)

    def _bring_in(self, p: int, amt: int) -> None:
        """Posts the bring-in: it sets the level the others must call (rule book 4.3)."""
        self._first_done = True
        self._stacks[p] -= amt
        self._contrib[p] += amt
        bets = self._bets
        bets[p] += amt
        self._bring_in_due = False
        full = self.stakes.bring_in if self.rules.short_bring_in is _FULL_BRING_IN else amt
        if bets[p] > full:
            full = bets[p]
        if full > self.bet_level:
            self.bet_level = full
        self._reopen_betting(p)
        self._pass_turn(p)

    def _reopen_betting(self, p: int) -> None:
        """A bring-in, completion, bet or raise by ``p``: everyone else with chips acts."""
        stacks = self._stacks
        pend = (
            list(map(not_, self._folded)) if sorted(stacks)[0] > 0  # min(), see above
            else _can_act(self._folded, stacks)
        )
        pend[p] = False
        self._pending = pend
        self._acted_full[p] = self._full_level

    def _advance(self, p: int) -> None:
        if self._stacks[p] == 0:
            self._pending[p] = False
        self._pass_turn(p)

    def _pass_turn(self, p: int) -> None:
        """The next player clockwise from ``p`` still to act, or the end of the round.

        A walk over the seats in clockwise order from ``p`` (``_CLOCKWISE``, ``p`` last):
        ``pend.index(True, p + 1)`` raised (and caught) ``ValueError`` at every wrap past
        the last seat, which cost more than the whole walk.
        """
        pend = self._pending
        for q in self._clockwise[p]:
            if pend[q]:
                self.to_act = q
                return
        self._end_round()

    def _end_round(self) -> None:
        self.to_act = None
        bets = self._bets
        ordered = sorted(bets)  # max() and the runner-up at once (see _begin_betting)
        top = ordered[-1]
        second = ordered[-2]
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


def _can_act(folded: list[bool], stacks: list[int]) -> list[bool]:
    """Per player: still in the hand with chips behind (who a bet gives a turn to).

    Callers first try ``list(map(not_, folded))``, exact when every stack is above zero
    (the usual table, and twice as fast). ``zip`` without ``strict=``: the lists have one
    entry per player, and the keyword makes each call several times slower.
    """
    return [not f and s > 0 for f, s in zip(folded, stacks)]  # noqa: B905


#: Face-up flags of a player's cards in the order dealt: every street deals its fixed
#: pattern (``_UP3``, then ``_UP`` three times, then ``_DOWN``), so a card's position says
#: whether it is up and no flag is stored per card.
_UPFLAGS = (False, False, True, True, True, True, False)

#: Rule options compared on every street, looked up once (enum attributes are slow).
_BEST_SHOWING = CommunityActor.BEST_SHOWING
_NEXT_PLAYER = AllInAnteBringIn.NEXT_PLAYER
_OPEN_PAIR_OFF = OpenPair.OFF
_FULL_BRING_IN = ShortBringIn.FULL
_OVER_ALL_IN = RaiseAfterShortAllIn.OVER_ALL_IN
_SUIT = TieBreak.SUIT
_RAZZ = Game.RAZZ


@lru_cache(maxsize=64)
def _fixed_limit(small_bet: int, big_bet: int) -> FixedLimit:
    return FixedLimit(small_bet, big_bet)


def _empty_lists(n: int) -> list[list[object]]:
    """``[[] for _ in range(n)]``: a display of eight fresh lists, sliced, costs half as much
    as the comprehension (a frame and a loop) for a table of up to eight."""
    if n <= 8:
        return [[], [], [], [], [], [], [], []][:n]
    return [[] for _ in range(n)]


@lru_cache(maxsize=16)
def _clockwise_orders(n: int) -> tuple[tuple[int, ...], ...]:
    """Per seat ``p``: the seats after it clockwise, ``p`` itself last (``_pass_turn``)."""
    return tuple(tuple((p + i) % n for i in range(1, n + 1)) for p in range(n))


@lru_cache(maxsize=16)
def _default_players(n: int) -> tuple[tuple[str, ...], dict[str, int]]:
    names = tuple(f"P{i}" for i in range(n))
    return names, {name: i for i, name in enumerate(names)}






def _v(info: IllegalInfo | None) -> IllegalAction | None:
    return IllegalAction(info) if info else None

