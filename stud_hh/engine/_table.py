"""The state of one hand and what a caller may read of it (the base of ``StudState``).

The engine is one class built in layers, each in its own module and each using only the
layers below it: this table (the state and its reading), ``_round`` (the flow of a betting
round), ``_dealing_steps`` (antes and cards), ``_legality`` (what is legal, the first rule
an action breaks), ``_showdown`` (awards), ``_recovery`` (following a history after a
breach) and ``state`` (the public actions). A layer is a class deriving from the one below,
so every method sees the whole, typed state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import compress
from operator import not_

from stud_hh.events import Game, Street
from stud_hh.rules import POKERSTARS, RuleSet

from ._consts import _ANTES, _DEALING, _THIRD, _UP3
from .dealing import DECK_SIZE
from .pots import build_pots
from .structure import BettingStructure, FixedLimit
from .types import DealDue, HandResult, Phase, Pot, Stakes, UncalledBet

#: Face-up flags of a player's cards in the order dealt: every street deals its fixed
#: pattern (3rd street down, down, up; then up three times; then down), so a card's
#: position says whether it is up and no flag is stored per card.
UPFLAGS = (False, False, True, True, True, True, False)


class _Table:
    """The state of the hand (slots) and its public reading."""

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
        "_tie_break",
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
        "player_index",
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
        if not 2 <= n <= rules.max_players:
            raise ValueError(f"{n} players: stud needs 2 to {rules.max_players}")
        if min(stacks) <= 0:
            raise ValueError("every player dealt in needs chips (stack > 0)")
        self.game = game if game.__class__ is Game else Game(game)  # Game() costs ~1 us
        self.stakes = stakes
        self.rules = rules
        self._tie_break = rules.tie_break(self.game)  # first-actor ties in this game
        self.structure: BettingStructure = structure or _fixed_limit(
            stakes.small_bet, stakes.big_bet
        )
        self.n = n
        self._init_players(players)
        self._init_chips(stacks)
        self._init_cards()
        self._init_dealing()
        self._init_betting()

    def _init_players(self, players: Sequence[str] | None) -> None:
        """Names and indexes (seat order), and the clockwise orders read from each seat."""
        n = self.n
        self._clockwise = _clockwise_orders(n)
        names = tuple(players) if players is not None else _default_players(n)
        self._index: dict[str, int] = {name: i for i, name in enumerate(names)}
        if len(names) != n or len(self._index) != n:
            raise ValueError("players must be n distinct names")
        self.players: tuple[str, ...] = names
        #: name -> index of every player (read it, never change it: the state's own)
        self.player_index: Mapping[str, int] = self._index
        # who is in
        self._folded = [False] * n
        self._live: list[int] = list(range(n))  # who has not folded, in seat order

    def _init_chips(self, stacks: Sequence[int]) -> None:
        """Money: behind, put in this hand, put in on this street (and the street before)."""
        n = self.n
        self.starting_stacks: tuple[int, ...] = tuple(stacks)
        self._stacks = list(stacks)
        self._contrib = [0] * n
        self._bets = [0] * n
        self._prev_bets = self._bets
        self._uncalled: list[UncalledBet] = []

    def _init_cards(self) -> None:
        """Each player's cards in the order dealt (None: unknown), his known upcards and the
        sum of their showing weights (the first actor from 4th street, ``_round``)."""
        n = self.n
        self._hole: list[list[int | None]] = [[] for _ in range(n)]
        self._ups: list[list[int]] = [[] for _ in range(n)]
        self._upw = [0] * n
        self._board: list[int] = []
        self._seen: set[int] = set()
        self._shown: dict[int, tuple[int, ...]] = {}
        self._mucked = [False] * n

    def _init_dealing(self) -> None:
        """The pattern of the street, who is due, the deck's count (rule book 7)."""
        self._pat: tuple[bool, ...] = _UP3
        self._deal_pending: list[int] = []
        self._community_due = False
        self._stub = DECK_SIZE
        self._burns = 0
        self._plan = "deal"
        self._burnt = False
        self._ante_due = [self.stakes.ante > 0] * self.n

    def _init_betting(self) -> None:
        """The betting round before any: antes first, then 3rd street (``_round`` sets
        each round up as its street is dealt)."""
        n = self.n
        self.street = _THIRD
        self.phase = _ANTES
        self.result: HandResult | None = None
        self.to_act: int | None = None
        self.bet_level = 0
        self._full_level = 0
        self.raises = 0
        self.completed = False
        self.big_bet_made = False
        self.open_pair = False
        self._units_memo: tuple[int, ...] | None = None
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
        self._first_by_street: dict[Street, int] = {}

    # ------------------------------------------------------------------ players
    def index(self, player: int | str) -> int:
        """The index of a player given by index or name (``KeyError`` if unknown)."""
        p = self._index.get(player, -1) if isinstance(player, str) else self._seat(player)
        if p < 0:
            raise KeyError(player)
        return p

    def _seat(self, player: object) -> int:
        """``player`` if it is a seat index (an ``int``, not a bool), else -1."""
        if player.__class__ is int and 0 <= player < self.n:
            return player
        return -1

    # ------------------------------------------------------------------ money
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
    def pots(self) -> tuple[Pot, ...]:
        live = [not f for f in self._folded]
        return build_pots(self._contrib, live, self.all_in)

    @property
    def total_pot(self) -> int:
        return sum(self._contrib)

    @property
    def uncalled(self) -> tuple[UncalledBet, ...]:
        return tuple(self._uncalled)

    # ------------------------------------------------------------------ who is in
    @property
    def folded(self) -> tuple[bool, ...]:
        return tuple(self._folded)

    @property
    def all_in(self) -> tuple[bool, ...]:
        return tuple([not f and s == 0 for f, s in zip(self._folded, self._stacks)])  # noqa: B905

    @property
    def live(self) -> tuple[int, ...]:
        return tuple(compress(range(self.n), map(not_, self._folded)))

    # ------------------------------------------------------------------ cards
    @property
    def hole(self) -> tuple[tuple[int | None, ...], ...]:
        return tuple(tuple(h) for h in self._hole)

    def cards(self, player: int | str) -> tuple[int | None, ...]:
        return tuple(self._hole[self.index(player)])

    def upcards(self, player: int | str) -> tuple[int | None, ...]:
        return tuple(compress(self._hole[self.index(player)], UPFLAGS))

    @property
    def board(self) -> tuple[int, ...]:
        return tuple(self._board)

    # ------------------------------------------------------------------ what is due
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
        return DealDue(self.street, tuple(self._deal_pending), self._pat)

    @property
    def first_actors(self) -> dict[Street, int]:
        """The player who opened each street's betting (bring-in on 3rd street)."""
        return dict(self._first_by_street)


@lru_cache(maxsize=64)
def _fixed_limit(small_bet: int, big_bet: int) -> FixedLimit:
    return FixedLimit(small_bet, big_bet)


@lru_cache(maxsize=16)
def _clockwise_orders(n: int) -> tuple[tuple[int, ...], ...]:
    """Per seat ``p``: the seats after it clockwise, ``p`` itself last (who acts next)."""
    return tuple(tuple((p + i) % n for i in range(1, n + 1)) for p in range(n))


@lru_cache(maxsize=16)
def _default_players(n: int) -> tuple[str, ...]:
    return tuple(f"P{i}" for i in range(n))


__all__ = ["UPFLAGS", "Phase"]
