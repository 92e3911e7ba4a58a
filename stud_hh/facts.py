"""Per-player, per-hand facts: everything the stats catalogue counts, decided once per hand.

Stats are plain sums over these facts (``pipelines/stats/catalogue.py``), so every stud
definition (what a steal is, who faced a continuation bet, what a bring-in "called") lives
here, and nowhere else. The module is pure: it reads a ``Hand`` and writes its facts as
rows of one list per column (``FactColumns``, what the import converts to Arrow), or
returns them as ``PlayerFacts`` records (``player_facts``); it never touches a database.

A hand is read in three steps: ``stud_hh.recap`` goes over the events once for what needs
no betting order (cards, the bring-in, antes, returns, collections, rake, shown hands) and
keeps the betting events; ``_rows`` gives each player a row, ``_Betting`` replays the
betting in order and decides the 3rd-street and later-street facts; ``_money``,
``_won_on_third`` and ``_showdown`` add the results.

Definitions worth knowing (``docs/stats.md`` has the full list):

* 3rd street has levels: the bring-in is level 0, the *completion* to the small bet is
  level 1 (not a raise), every raise after it adds one. A re-raise on 3rd is a raise over a
  completion (level 1 -> 2).
* *First in*: a player acts on 3rd street when nobody but the bring-in has put chips in
  (everybody before them folded).
* *Positional steal*: a first-in completion from one of the last three seats to act before
  the bring-in. *Steal by upcards*: a first-in completion when no live player still to act
  shows a better door card (higher rank; lower for razz, ace low).
* Streets are "seen" when the player is live (not folded) as the street is dealt.
* A showdown is a hand that ends with two or more live players.
* The rake is shared by ``rake_shares``, the one definition every table uses.

>>> from stud_hh.events import *
>>> from stud_hh.cards import parse_cards
>>> from datetime import datetime, UTC
>>> h = Hand(
...     header=Header(site="PokerStars", hand_id="1", game=Game.STUD, small_bet=4,
...                   big_bet=8, started_at=datetime(2024, 1, 1, tzinfo=UTC), table="T",
...                   ante=1, bring_in=2),
...     seats=(Seat(1, "Ann", 100), Seat(2, "Bob", 100)),
...     events=(Ante("Ann", 1), Ante("Bob", 1), StreetStart(Street.THIRD),
...             Deal(Street.THIRD, "Ann", (None, None, parse_cards("2c")[0]),
...                  (False, False, True)),
...             Deal(Street.THIRD, "Bob", (None, None, parse_cards("Kh")[0]),
...                  (False, False, True)),
...             BringIn("Ann", 2), Complete("Bob", 4), Fold("Ann"),
...             UncalledReturn("Bob", 2), Collect("Bob", 5), Summary(5, 0)))
>>> ann, bob = player_facts(h)
>>> bob.vpip, bob.steal_pos, bob.steal_up, bob.steal_up_success, bob.net
(True, True, True, True, 2)
>>> ann.is_bring_in, ann.vpip, ann.bi_fold_to_complete, ann.fold_to_steal_up, ann.net
(True, False, True, True, -3)
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, MutableSequence, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import msgspec

from stud_hh.cards import DECK, low_rank, rank, suit
from stud_hh.evaluate import high_value, low8_value
from stud_hh.events import Game, Hand, Header, Seat, Show, Street
from stud_hh.recap import Action, ActionKind, Recap, Round, recap

# Enum members read in the per-decision code, as module constants: reading an enum
# member's attribute costs ~15 times a global in CPython 3.11.
_THIRD, _FOURTH = Street.THIRD, Street.FOURTH
_STUD, _STUD8, _RAZZ = Game.STUD, Game.STUD8, Game.RAZZ
#: Each card's rank and low rank (the ace as one), looked up by the card: a hand asks for
#: some 25 of them (door cards, starting hands, the 4th-street pair), and a look-up costs
#: a fraction of a call to ``rank``.
_RANK = tuple(map(rank, DECK))
_LOW_RANK = tuple(map(low_rank, DECK))

#: Streets after the deal that have their own betting facts (4th street .. the river).
LATER_STREETS: tuple[Street, ...] = (Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)

#: Starting-hand categories, checked in this order (the first that fits wins).
STUD_CATEGORIES = (
    "rolled_up", "split_pair", "buried_pair", "three_flush", "three_straight", "other",
)
STUD8_CATEGORIES = (
    "rolled_up", "split_pair", "buried_pair", "three_low", "three_flush", "three_straight",
    "other",
)
RAZZ_CATEGORIES = ("three_to_6", "three_to_7", "three_to_8", "paired", "rough")
CATEGORIES: dict[Game, tuple[str, ...]] = {
    Game.STUD: STUD_CATEGORIES, Game.STUD8: STUD8_CATEGORIES, Game.RAZZ: RAZZ_CATEGORIES,
}

class StreetFacts(msgspec.Struct, gc=False):
    """Betting facts of one player on one of 4th..7th street.

    ``bet_opp``: had a decision with no bet in front; ``faced_bet``: had a decision facing a
    bet or raise; ``checkraise_opp``: checked, then faced a bet on the same street.
    """

    saw: bool = False
    bet_opp: bool = False
    bets: int = 0
    faced_bet: bool = False
    calls: int = 0
    raises: int = 0
    folds: int = 0
    fold_to_bet: bool = False
    checkraise_opp: bool = False
    checkraise: bool = False


class PlayerFacts(msgspec.Struct, kw_only=True, gc=False):
    """One dealt-in player's facts for one hand. Money in the hand's smallest unit.

    Built once by ``player_facts`` and then only read; stored as one ``player_facts`` row
    (``pipelines.schema``): the fields in order, then each street's facts as
    ``<name>_<street>`` columns (``streets`` is last so a row is the record's values in
    order).
    """

    player: str
    seat: int
    stack: int
    door_card: int | None = None
    door_rank: int | None = None
    start_category: str | None = None  # None when the hole cards are not known
    is_bring_in: bool = False
    # 3rd street
    vpip: bool = False
    complete_opp_3rd: bool = False
    complete_3rd: bool = False
    faced_complete_3rd: bool = False  # also the chance to re-raise
    reraise_3rd: bool = False
    fold_to_complete_3rd: bool = False
    faced_raise_3rd: bool = False
    fold_to_raise_3rd: bool = False
    calls_3rd: int = 0
    raises_3rd: int = 0  # completions and raises
    folded_3rd: bool = False
    aggressor_3rd: bool = False
    # steals (first-in completions) and the bring-in's answer to them
    steal_opp_pos: bool = False
    steal_pos: bool = False
    steal_pos_success: bool = False
    steal_opp_up: bool = False
    steal_up: bool = False
    steal_up_success: bool = False
    faced_steal_pos: bool = False
    fold_to_steal_pos: bool = False
    resteal_pos: bool = False
    faced_steal_up: bool = False
    fold_to_steal_up: bool = False
    resteal_up: bool = False
    # the bring-in player's outcomes
    bi_complete: bool = False
    bi_faced_complete: bool = False
    bi_fold_to_complete: bool = False
    bi_call_complete: bool = False
    bi_reraise: bool = False
    bi_walk: bool = False
    # 4th .. 7th street (each street's own facts: ``streets``, the last field)
    open_pair_4th: bool = False
    big_bet_opp_4th: bool = False
    big_bet_4th: bool = False
    cbet_opp_4th: bool = False
    cbet_4th: bool = False
    faced_cbet_4th: bool = False
    fold_to_cbet_4th: bool = False
    # result
    showdown: bool = False
    won_showdown: bool = False
    won: bool = False
    invested: int = 0
    collected: int = 0
    net: int = 0
    rake: int = 0
    cards_shown: bool = False
    won_high: bool | None = None  # stud8 showdowns with shown cards
    won_low: bool | None = None
    scoop: bool | None = None
    low_made: bool | None = None
    razz_low: int | None = None  # top card of the razz low at showdown (5..13), None: paired
    streets: tuple[StreetFacts, ...] = ()  # 4th, 5th, 6th, 7th


# --- starting hands, lows and the rake ------------------------------------------------------


def start_category(game: Game, cards: Sequence[int], door: int) -> str:
    """The starting-hand category of three known cards (``door`` is the upcard).

    >>> from stud_hh.cards import parse_cards as p
    >>> start_category(Game.STUD, p("9c 9d 9h"), p("9h")[0])
    'rolled_up'
    >>> start_category(Game.STUD, p("9c 4d 9h"), p("9h")[0])
    'split_pair'
    >>> start_category(Game.STUD, p("9c 9d 4h"), p("4h")[0])
    'buried_pair'
    >>> start_category(Game.STUD8, p("Ac 2d 7h"), p("7h")[0])
    'three_low'
    >>> start_category(Game.STUD, p("Qc Kd Ah"), p("Ah")[0])
    'three_straight'
    >>> start_category(Game.RAZZ, p("Ac 2d 7h"), p("7h")[0])
    'three_to_7'
    >>> start_category(Game.RAZZ, p("Ac Ad 7h"), p("7h")[0])
    'paired'
    """
    ranks = [_RANK[c] for c in cards]
    lows = [_LOW_RANK[c] for c in cards]  # the ace plays low too
    distinct = len(set(ranks))
    top_low = max(lows)
    if game is _RAZZ:
        if distinct < 3:
            return "paired"
        if top_low <= 6:
            return "three_to_6"
        return "three_to_7" if top_low == 7 else "three_to_8" if top_low == 8 else "rough"
    if distinct == 1:
        return "rolled_up"
    if distinct == 2:
        return "split_pair" if ranks.count(_RANK[door]) == 2 else "buried_pair"
    if game is _STUD8 and top_low <= 8:
        return "three_low"
    if len({suit(c) for c in cards}) == 1:
        return "three_flush"
    for run in (sorted(ranks), sorted(lows)):
        if run[-1] - run[0] == len(run) - 1:
            return "three_straight"
    return "other"


def razz_low(cards: Sequence[int]) -> int | None:
    """Top card of the best ace-to-five low (ace = 1), or None without five distinct ranks.

    >>> from stud_hh.cards import parse_cards as p
    >>> razz_low(p("Ac 2d 3h 4s 7c Kd Kh")), razz_low(p("Ac Ad 3h 3s 7c 7d Kh"))
    (7, None)
    """
    distinct = sorted({low_rank(c) for c in cards})
    return distinct[4] if len(distinct) >= 5 else None


def rake_shares(rake: int, collected: Mapping[str, int], seats: Sequence[Seat]) -> dict[str, int]:
    """Each winner's share of the rake: in proportion to what they collected, in whole units.

    Every player who collected pays ``rake * collected // total collected``; the units left
    over (fewer than the winners) go one each to the largest remainders, a tie to the
    player who collected more, then to the earlier of the hand's ``seats`` (as listed); a
    collector not seated comes after every seat. The shares sum to the rake.

    >>> seats = (Seat(1, "Ann", 100), Seat(2, "Bob", 100))
    >>> rake_shares(5, {"Ann": 3, "Bob": 7}, seats)  # 1.5 and 3.5: Bob, who won more
    {'Ann': 1, 'Bob': 4}
    >>> rake_shares(1, {"Bob": 1, "Ann": 1}, seats)  # a tie: the earlier seat
    {'Bob': 0, 'Ann': 1}
    """
    if rake <= 0:
        return {}
    winners = {p: amount for p, amount in collected.items() if amount > 0}
    if len(winners) < 2:  # the usual pot: one winner pays all of it
        return dict.fromkeys(winners, rake)
    total = sum(winners.values())
    shares = {p: rake * amount // total for p, amount in winners.items()}
    left = rake - sum(shares.values())
    if left:
        position = {s.player: i for i, s in reversed(list(enumerate(seats)))}
        by_remainder = sorted(winners, key=lambda p: (
            -(rake * winners[p] % total), -winners[p], position.get(p, len(seats))))
        for p in by_remainder[:left]:
            shares[p] += 1
    return shares


# --- the facts of many players, as columns -------------------------------------------------


def _defaults(record: type[msgspec.Struct], skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """Each field of ``record`` and the value a row starts with (a required field: None,
    until the row is filled)."""
    return {f.name: None if f.default is msgspec.NODEFAULT else f.default
            for f in msgspec.structs.fields(record) if f.name not in skip}


_OWN_DEFAULTS = _defaults(PlayerFacts, ("streets",))
_STREET_DEFAULTS = _defaults(StreetFacts)


def _typecode(default: Any) -> str | None:
    """The ``array`` type of a column whose rows start as ``default``: ``b`` (bytes) for a
    flag that starts False, ``q`` (int64) for a count or money that starts at 0; None (a
    list) for the rest: text, numbers that may be None."""
    if default is False:
        return "b"
    if type(default) is int:
        return "q"
    return None


class _Columns:
    """One column per field of a record type (see ``FactColumns``)."""

    def __init__(self, defaults: dict[str, Any]) -> None:
        for name, default in defaults.items():
            code = _typecode(default)
            setattr(self, name, [] if code is None else array(code))

    def fill(self, defaults: dict[str, Any], first: int, end: int) -> None:
        """Rows ``first`` to ``end`` back to the defaults; the columns grow to ``end``."""
        for name, default in defaults.items():
            column = getattr(self, name)
            if isinstance(column, array):
                column[first:] = array(column.typecode, bytes((end - first) * column.itemsize))
            else:
                column[first:] = [default] * (end - first)

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> MutableSequence[Any]: ...


class FactColumns:
    """The facts of many players (a chunk's), one column per ``player_facts`` column.

    Why columns, not a ``PlayerFacts`` record per player: a chunk's facts end as Arrow
    columns, and records cost five structs a player to build and a transposition
    (``astuple``, ``zip``) to take apart, ~25 µs a hand of ~100 µs. A player is a row
    number; the facts code writes ``c.vpip[row]``; rows start with the fields' defaults.
    ``PlayerFacts`` and ``StreetFacts`` stay the definition of the columns (their fields,
    types and defaults: ``pipelines.schema``) and the records ``player_facts`` returns.

    A flag, count or amount is an ``array.array`` (a new row is zeroed memory, and NumPy
    and pyarrow read the column as it is); text and numbers that may be None are lists.
    The columns grow by doubling, so a new row costs nothing per column; ``columns`` cuts
    them to ``size``.
    """

    __slots__ = ("capacity", "own", "size", "streets")

    def __init__(self, rows: int = 0) -> None:
        """``rows``: how many rows to make room for at once (a chunk's players; each
        doubling of the columns costs ~1 µs per 1,000 rows)."""
        self.size = 0
        self.capacity = 0
        self.own = _Columns(_OWN_DEFAULTS)
        self.streets = tuple(_Columns(_STREET_DEFAULTS) for _ in LATER_STREETS)
        if rows:
            self._fill(0, rows)

    def add_rows(self, n: int) -> int:
        """``n`` new rows of defaults; the first one's number."""
        first = self.size
        self.size += n
        if self.size > self.capacity:
            self._fill(self.capacity, max(self.size, 2 * self.capacity, 64))
        return first

    def _fill(self, first: int, end: int) -> None:
        self.own.fill(_OWN_DEFAULTS, first, end)
        for street in self.streets:
            street.fill(_STREET_DEFAULTS, first, end)
        self.capacity = end

    def drop_from(self, first: int) -> None:
        """Forget rows ``first`` and after (a hand that failed half way): back to defaults."""
        self._fill(first, self.capacity)
        self.size = first

    def copy_row(self, source: int, target: int) -> None:
        for columns in (self.own, *self.streets):
            for column in vars(columns).values():
                column[target] = column[source]

    def columns(self) -> tuple[dict[str, MutableSequence[Any]],
                               list[dict[str, MutableSequence[Any]]]]:
        """The own columns and each street's (4th first), cut to ``size`` rows."""
        for columns in (self.own, *self.streets):
            for column in vars(columns).values():
                del column[self.size:]
        self.capacity = self.size
        return vars(self.own), [vars(s) for s in self.streets]

    def records(self) -> list[PlayerFacts]:
        """Each row as a ``PlayerFacts`` record (the library view; the import keeps
        columns)."""
        own, streets = self.columns()
        own_values = {name: _values(column) for name, column in own.items()}
        street_values = [{name: _values(column) for name, column in s.items()}
                         for s in streets]
        return [PlayerFacts(**{name: column[i] for name, column in own_values.items()},
                            streets=tuple(StreetFacts(**{n: col[i] for n, col in s.items()})
                                          for s in street_values))
                for i in range(self.size)]


def _values(column: MutableSequence[Any]) -> list[Any]:
    """A column's values as Python objects (a flag as a bool)."""
    if isinstance(column, array) and column.typecode == "b":
        return [bool(v) for v in column]
    return list(column)


# --- the players and their door cards -----------------------------------------------------


def _rows(hand: Hand, seen: Recap, c: FactColumns) -> tuple[dict[str, int], list[str]]:
    """A fresh row for every player who took part (player -> row), and the players in seat
    order (their rows follow it).

    Taking part: antes, cards or actions. A hand with none of those lists the seated
    players not sitting out. A name seated twice is listed twice; its facts are written in
    the row of its last seat, copied to the earlier one at the end (``write_facts``).
    """
    seats = hand.seats
    involved = seen.involved
    if not involved:
        last_seat = {s.player: s for s in seats}
        seats = tuple(last_seat[s.player] for s in seats
                      if not s.sitting_out and not s.out_of_hand)
        involved = {s.player for s in seats}
    taking_part = [s for s in seats if s.player in involved]
    row = c.add_rows(len(taking_part))
    rows: dict[str, int] = {}
    game = hand.header.game
    doors, thirds, own = seen.door, seen.third, c.own
    for s in taking_part:
        player = s.player
        rows[player] = row
        own.player[row], own.seat[row], own.stack[row] = player, s.seat, s.stack
        door = doors.get(player)
        if door is not None:
            own.door_card[row], own.door_rank[row] = door, _RANK[door]
            known = thirds.get(player)  # all three 3rd-street cards, when known
            if known is not None:
                own.start_category[row] = start_category(game, known, door)
        row += 1
    return rows, [s.player for s in taking_part]


def _open_pair(game: Game, seen: Recap) -> bool:
    """Whether a 4th-street bet may be the big bet: the site says so, or, in stud high (a
    stud-high rule: Robert's Rules; PokerStars prints it only there), a door card is
    paired by the 4th-street upcard."""
    if seen.open_pair_printed:
        return True
    return game is _STUD and any(
        p in seen.door and _RANK[seen.door[p]] == _RANK[up] for p, up in seen.fourth_up.items())


# --- the betting, in order ------------------------------------------------------------------


@dataclass(slots=True)
class _Steal:
    """A first-in completion that may be a steal, in either sense or both."""

    player: str
    positional: bool
    by_upcards: bool
    answered: bool = False  # someone called or raised after it


class _Betting:
    """Replays the decisions round by round and records each player's facts."""

    __slots__ = ("acted_on_fourth", "aggressor", "cbet_live", "checked", "committed",
                 "door_value", "faced_cbet", "invested", "late", "level", "limpers", "live",
                 "open_pair", "order", "own", "reached_fourth", "rows", "small_bet", "steal",
                 "streets", "to")

    def __init__(self, header: Header, c: FactColumns, rows: dict[str, int],
                 players: list[str], seen: Recap) -> None:
        self.own, self.streets = c.own, c.streets
        self.rows = rows  # player -> row
        #: 3rd-street acting order, from the bring-in, clockwise
        self.order = players
        if seen.bring_in is not None and seen.bring_in in rows:
            c.own.is_bring_in[rows[seen.bring_in]] = True
            i = players.index(seen.bring_in)
            self.order = players[i:] + players[:i]
        self.late = self.order[1:][-3:]  # the last three seats to act before the bring-in
        razz = header.game is _RAZZ
        #: how good a door card is to steal against: higher is better (razz: lower cards)
        self.door_value = {p: -_LOW_RANK[door] if razz else _RANK[door]
                           for p, door in seen.door.items() if p in rows}
        self.open_pair = _open_pair(header.game, seen)
        self.small_bet = header.small_bet
        self.live = dict(rows)  # the players who have not folded, with their rows
        #: antes, less uncalled bets returned, plus what the decisions put in
        self.invested = dict(seen.antes)
        for p, amount in seen.returned.items():
            self.invested[p] = self.invested.get(p, 0) - amount
        self.committed: dict[str, int] = {}  # put in on this street
        self.to = 0  # the street's highest commitment
        self.level = 0  # 3rd: bring-in 0, completion 1, raises above; later: bets, raises
        self.checked: set[str] = set()
        self.aggressor: str | None = None  # the last to complete or raise on 3rd
        self.limpers = 0  # calls of the bring-in before any completion
        self.steal: _Steal | None = None
        self.reached_fourth = False  # someone with facts was live as 4th street was dealt
        self.cbet_live = False  # a continuation bet nobody has raised yet
        self.faced_cbet: set[str] = set()
        self.acted_on_fourth: set[str] = set()

    def replay(self, rounds: list[Round]) -> None:
        """Round by round (the first, before any street start, is a broken history's)."""
        for i, (street, decisions) in enumerate(rounds):
            if i:
                self.new_street(street)
            if not decisions:
                continue
            if street is _THIRD:
                self.third_street(decisions)
            else:
                self.later_street(street, decisions)

    def new_street(self, street: Street) -> None:
        self.committed = {}
        self.to = self.level = 0
        self.checked = set()
        if street < _FOURTH:
            return
        saw = self.streets[street - _FOURTH].saw
        for r in self.live.values():
            saw[r] = True
        if street is _FOURTH and self.live:
            self.reached_fourth = True
            open_pair = self.own.open_pair_4th
            for r in self.live.values():
                open_pair[r] = self.open_pair

    def put_in(self, p: str, amount: int | None, raise_to: int | None) -> int:
        """The chips a decision adds (a completion or raise names the street total, and
        never takes chips back here)."""
        before = self.committed.get(p, 0)
        if raise_to is not None:
            added = raise_to - before
            if added <= 0:
                return 0
        elif not amount:
            return 0
        else:
            added = amount
        self.committed[p] = before + added
        self.invested[p] = self.invested.get(p, 0) + added
        if before + added > self.to:
            self.to = before + added
        return added

    # 3rd street

    def third_street(self, decisions: list[Action]) -> None:
        """Completion chances, first-in steals, the bring-in's answers, levels."""
        c, rows = self.own, self.rows
        for _, p, kind, amount, raise_to, _ in decisions:
            if kind.moves_chips:
                self.put_in(p, amount, raise_to)
            r = rows.get(p)
            if r is not None and kind.bring_in:
                c.complete_opp_3rd[r] = True
            elif r is not None:  # (someone not seated: chips counted, nothing recorded)
                if kind.calls:
                    c.calls_3rd[r] += 1
                elif kind.aggressive:
                    c.raises_3rd[r] += 1
                elif kind.folds:
                    c.folded_3rd[r] = True
                if kind.voluntary:
                    c.vpip[r] = True
                if self.level == 0:
                    self.unopened(r, p, kind)
                elif self.level == 1:
                    self.facing_completion(r, p, kind)
                else:
                    c.faced_raise_3rd[r] = True
                    c.fold_to_raise_3rd[r] |= kind.folds
                if kind.aggressive:
                    self.level += 1
                    self.aggressor = p
                if kind.voluntary and self.steal is not None and p != self.steal.player:
                    self.steal.answered = True
            if kind.folds:
                self.live.pop(p, None)

    def unopened(self, r: int, p: str, kind: ActionKind) -> None:
        """A decision with only the bring-in in: the chance to complete, maybe to steal."""
        c = self.own
        c.complete_opp_3rd[r] = True
        if kind.aggressive:
            c.complete_3rd[r] = True
            c.bi_complete[r] |= c.is_bring_in[r]
        if not c.is_bring_in[r] and self.limpers == 0:  # first in
            positional = p in self.late
            by_upcards = self.no_better_door_to_act(p)
            # set only when True: a later first-in decision (a broken history) can only
            # find fewer players to act
            if positional or by_upcards:
                c.steal_opp_pos[r], c.steal_opp_up[r] = positional, by_upcards
                if kind.aggressive:
                    c.steal_pos[r], c.steal_up[r] = positional, by_upcards
                    self.steal = _Steal(p, positional, by_upcards)
        if kind.calls:
            self.limpers += 1

    def no_better_door_to_act(self, p: str) -> bool:
        """No live player still to act (the rest of the order, then the bring-in) shows a
        better door card than ``p``'s; False when ``p`` has no door card."""
        mine = self.door_value.get(p)
        if mine is None:
            return False
        for q in self.order[self.order.index(p) + 1:] + self.order[:1]:
            if self.door_value.get(q, mine) > mine and q in self.live and q != p:
                return False
        return True

    def facing_completion(self, r: int, p: str, kind: ActionKind) -> None:
        c = self.own
        c.faced_complete_3rd[r] = True
        if kind.bets:
            c.reraise_3rd[r] = True
        elif kind.folds:
            c.fold_to_complete_3rd[r] = True
        if not c.is_bring_in[r]:
            return
        c.bi_faced_complete[r] = True
        c.bi_fold_to_complete[r] = kind.folds
        c.bi_call_complete[r] = kind.calls
        c.bi_reraise[r] = kind.aggressive
        steal = self.steal
        if steal is not None and not steal.answered and steal.player != p:
            c.faced_steal_pos[r] = steal.positional
            c.faced_steal_up[r] = steal.by_upcards
            c.fold_to_steal_pos[r] = steal.positional and kind.folds
            c.fold_to_steal_up[r] = steal.by_upcards and kind.folds
            c.resteal_pos[r] = steal.positional and kind.aggressive
            c.resteal_up[r] = steal.by_upcards and kind.aggressive

    # 4th street to the river

    def later_street(self, street: Street, decisions: list[Action]) -> None:
        """Bets, raises, check-raises; on 4th the big bet and the continuation bet."""
        on_fourth = street is _FOURTH
        s, rows = self.streets[street - _FOURTH], self.rows
        for _, p, kind, amount, raise_to, _ in decisions:
            facing = self.level > 0 and self.committed.get(p, 0) < self.to
            added = self.put_in(p, amount, raise_to) if kind.moves_chips else 0
            r = rows.get(p)
            if r is not None:
                first = on_fourth and p not in self.acted_on_fourth
                if on_fourth:
                    self.acted_on_fourth.add(p)
                if facing:
                    self.facing_bet(r, s, p, kind, on_fourth)
                else:
                    self.unopposed(r, s, p, kind, on_fourth, first and p == self.aggressor,
                                   added)
                if kind.bets:
                    self.level += 1
            if kind.folds:
                self.live.pop(p, None)

    def unopposed(self, r: int, s: _Columns, p: str, kind: ActionKind,
                  on_fourth: bool, continuation: bool, added: int) -> None:
        """A decision with no bet in front; ``continuation``: the 3rd-street aggressor's
        first decision on 4th. ``s``: the street's columns."""
        c = self.own
        s.bet_opp[r] = True
        open_pair = on_fourth and self.open_pair
        if continuation:
            c.cbet_opp_4th[r] = True
        if open_pair and self.level == 0:
            c.big_bet_opp_4th[r] = True
        if kind.bets:
            s.bets[r] += 1
            if open_pair and added > self.small_bet:
                c.big_bet_4th[r] = True
            if continuation:
                c.cbet_4th[r] = self.cbet_live = True
        elif kind.checks:
            self.checked.add(p)
        elif kind.folds:
            s.folds[r] += 1

    def facing_bet(self, r: int, s: _Columns, p: str, kind: ActionKind, on_fourth: bool,
                   ) -> None:
        s.faced_bet[r] = True
        checked_before = p in self.checked
        if checked_before:
            s.checkraise_opp[r] = True
        if on_fourth and self.cbet_live and p not in self.faced_cbet:
            self.faced_cbet.add(p)
            self.own.faced_cbet_4th[r] = True
            self.own.fold_to_cbet_4th[r] = kind.folds
        if kind.bets:
            s.raises[r] += 1
            if checked_before:
                s.checkraise[r] = True
            self.cbet_live = False
        elif kind.calls:
            s.calls[r] += 1
        elif kind.folds:
            s.folds[r] += 1
            s.fold_to_bet[r] = True


# --- money, results and the showdown ------------------------------------------------


def _money(hand: Hand, c: _Columns, seen: Recap, betting: _Betting) -> None:
    """What each player put in, collected, netted and paid in rake."""
    invested, rows = betting.invested, betting.rows
    for p, r in rows.items():
        put = invested.get(p, 0)
        c.invested[r] = put
        c.net[r] = -put
    for p, amount in seen.collected.items():
        won = rows.get(p)
        if won is not None:
            c.collected[won] = amount
            c.net[won] = amount - c.invested[won]
            c.won[won] = amount > 0
    rake = seen.summary.rake if seen.summary is not None else 0
    for p, share in rake_shares(rake, seen.collected, hand.seats).items():
        if p in rows:
            c.rake[rows[p]] = share


def _won_on_third(c: _Columns, seen: Recap, betting: _Betting) -> None:
    """The bring-in's walk, a steal that won the pot on 3rd, the 3rd-street aggressor."""
    rows = betting.rows
    alone = set(betting.live) if not betting.reached_fourth and len(betting.live) == 1 else ()
    if seen.bring_in is not None and seen.bring_in in alone:
        bring_in = rows[seen.bring_in]
        c.bi_walk[bring_in] = not c.complete_3rd[bring_in]
    steal = betting.steal
    if steal is not None and steal.player in alone:
        stealer = rows[steal.player]
        c.steal_pos_success[stealer] = c.steal_pos[stealer]
        c.steal_up_success[stealer] = c.steal_up[stealer]
    if betting.aggressor is not None and betting.aggressor in rows:
        c.aggressor_3rd[rows[betting.aggressor]] = True


def _showdown(shows: list[Show], game: Game, c: _Columns, rows: dict[str, int],
              live: dict[str, int]) -> None:
    """Showdown facts; hi/lo halves are judged with the project's evaluators."""
    shown = {e.player: e.cards for e in shows if e.player in live and len(e.cards) >= 5}
    for p, r in live.items():
        c.showdown[r] = True
        c.won_showdown[r] = c.collected[r] > 0
        if p in shown:
            c.cards_shown[r] = True
            if game is _RAZZ:
                c.razz_low[r] = razz_low(shown[p])
    if game is _STUD8 and shown:
        _halves(shown, c, rows)


def _halves(shown: dict[str, tuple[int, ...]], c: _Columns, rows: dict[str, int]) -> None:
    """Stud8: who holds the best high, the best qualifying low, and who scoops."""
    highs = {p: high_value(cards) for p, cards in shown.items()}
    lows = {p: low8_value(cards) for p, cards in shown.items()}
    best_high = max(highs.values())
    qualifying = [v for v in lows.values() if v is not None]
    best_low = min(qualifying) if qualifying else None
    high_winners = [p for p, v in highs.items() if v == best_high]
    low_winners = [p for p, v in lows.items() if v is not None and v == best_low]
    for p in shown:
        r = rows.get(p)
        if r is None:
            continue
        c.won_high[r] = p in high_winners
        c.won_low[r] = p in low_winners
        c.low_made[r] = lows[p] is not None
        c.scoop[r] = high_winners == [p] and (best_low is None or low_winners == [p])


# --- the whole hand -------------------------------------------------------------------------


def write_facts(c: FactColumns, hand: Hand, seen: Recap) -> int:
    """The hand's facts as new rows of ``c``, one per dealt-in player in seat order
    (``seen`` is the hand's ``Recap``); returns how many. On an error the rows written
    so far stay: the caller drops them (``FactColumns.drop_from``)."""
    rows, players = _rows(hand, seen, c)
    betting = _Betting(hand.header, c, rows, players, seen)
    betting.replay(seen.rounds)
    _money(hand, c.own, seen, betting)
    _won_on_third(c.own, seen, betting)
    if len(betting.live) >= 2:
        _showdown(seen.shows, hand.header.game, c.own, rows, betting.live)
    if len(rows) < len(players):  # a name seated twice: every row of it says the same
        first = c.size - len(players)
        for i, p in enumerate(players):
            if rows[p] != first + i:
                c.copy_row(rows[p], first + i)
    return len(players)


def player_facts(hand: Hand, seen: Recap | None = None) -> list[PlayerFacts]:
    """One record per dealt-in player, in seat order; ``seen`` is the hand's ``Recap``
    when the caller has it already. (The import writes the same facts as columns:
    ``write_facts``.)"""
    c = FactColumns()
    write_facts(c, hand, seen if seen is not None else recap(hand))
    return c.records()


__all__ = [
    "CATEGORIES",
    "LATER_STREETS",
    "FactColumns",
    "PlayerFacts",
    "StreetFacts",
    "player_facts",
    "rake_shares",
    "razz_low",
    "start_category",
    "write_facts",
]
