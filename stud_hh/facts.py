"""Per-player, per-hand facts: everything the stats catalogue counts, decided once per hand.

Stats are plain sums over these facts (``pipelines/stats/catalogue.py``), so every stud
definition (what a steal is, who faced a continuation bet, what a bring-in "called") lives
here, in one walk over a hand's events, and nowhere else. The module is pure: it reads a
``Hand`` and returns records; it never touches a database.

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

from collections.abc import Sequence

import msgspec

from stud_hh.cards import low_rank, rank, suit
from stud_hh.events import (
    Ante,
    Bet,
    BettingCapped,
    BoardCard,
    BringIn,
    Call,
    Chat,
    Check,
    Collect,
    Complete,
    Deal,
    DoubleBetAllowed,
    Fold,
    Game,
    Hand,
    Muck,
    NoLowHand,
    NoShow,
    Raise,
    SeatResult,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    Summary,
    TableNote,
    UncalledReturn,
)

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


# Enum members as module constants: reading an enum attribute costs about ten bytecodes,
# and import would pay for several in every hand.
_THIRD, _FOURTH = Street.THIRD, Street.FOURTH
_STUD, _STUD8, _RAZZ = Game.STUD, Game.STUD8, Game.RAZZ


class StreetFacts(msgspec.Struct, gc=False, array_like=True):
    """Betting facts of one player on one of 4th..7th street.

    ``bet_opp``: had a decision with no bet in front; ``faced_bet``: had a decision facing a
    bet or raise; ``checkraise_opp``: checked, then faced a bet on the same street.
    (``array_like``: encoded as a list of its values, not a map with the field names; the
    import's Arrow step encodes all of a chunk's street records at once and reads the
    values out of the bytes, which then cost half as much: ``pipelines.facts_batch``.)
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

    Built once by ``player_facts`` and then only read; flattened to columns by
    ``pipelines.stats.facts_table`` (street facts become ``<name>_<street>``), and at
    import, in the same layout, by ``pipelines.facts_batch``.
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
    # 4th .. 7th street
    streets: tuple[StreetFacts, ...] = ()  # 4th, 5th, 6th, 7th
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
    if len(cards) == 3:  # the only case import meets: inline rank arithmetic, ~4x faster
        return _start_category3(game, cards[0], cards[1], cards[2], door)
    ranks = [rank(c) for c in cards]
    distinct = len(set(ranks))
    if game is Game.RAZZ:
        if distinct < 3:
            return "paired"
        top = max(low_rank(c) for c in cards)
        if top <= 6:
            return "three_to_6"
        return "three_to_7" if top == 7 else "three_to_8" if top == 8 else "rough"
    if distinct == 1:
        return "rolled_up"
    if distinct == 2:
        return "split_pair" if ranks.count(rank(door)) == 2 else "buried_pair"
    if game is Game.STUD8 and max(low_rank(c) for c in cards) <= 8:
        return "three_low"
    if len({suit(c) for c in cards}) == 1:
        return "three_flush"
    for run in (sorted(ranks), sorted(1 if r == 14 else r for r in ranks)):
        if run[2] - run[0] == 2:
            return "three_straight"
    return "other"


def _start_category3(game: Game, a: int, b: int, c: int, door: int) -> str:
    """``start_category`` of exactly three cards (ranks are ``(card >> 2) + 2``)."""
    ra, rb, rc = (a >> 2) + 2, (b >> 2) + 2, (c >> 2) + 2
    if game is _RAZZ:
        if ra in (rb, rc) or rb == rc:
            return "paired"
        top = max(1 if ra == 14 else ra, 1 if rb == 14 else rb, 1 if rc == 14 else rc)
        if top <= 6:
            return "three_to_6"
        return "three_to_7" if top == 7 else "three_to_8" if top == 8 else "rough"
    if ra == rb == rc:
        return "rolled_up"
    if ra in (rb, rc) or rb == rc:
        rd = (door >> 2) + 2
        return "split_pair" if (ra == rd) + (rb == rd) + (rc == rd) == 2 else "buried_pair"
    if game is _STUD8 and max(
        1 if ra == 14 else ra, 1 if rb == 14 else rb, 1 if rc == 14 else rc
    ) <= 8:
        return "three_low"
    if (a & 3) == (b & 3) == (c & 3):
        return "three_flush"
    low, high = min(ra, rb, rc), max(ra, rb, rc)
    if high - low == 2:
        return "three_straight"
    if high == 14:  # the ace plays low: A-2-3
        return "three_straight" if max(
            1 if ra == 14 else ra, 1 if rb == 14 else rb, 1 if rc == 14 else rc
        ) == 3 else "other"
    return "other"


def razz_low(cards: Sequence[int]) -> int | None:
    """Top card of the best ace-to-five low (ace = 1), or None without five distinct ranks.

    >>> from stud_hh.cards import parse_cards as p
    >>> razz_low(p("Ac 2d 3h 4s 7c Kd Kh")), razz_low(p("Ac Ad 3h 3s 7c 7d Kh"))
    (7, None)
    """
    distinct = sorted({low_rank(c) for c in cards})
    return distinct[4] if len(distinct) >= 5 else None


_DECISIONS = frozenset((BringIn, Complete, Bet, Raise, Call, Check, Fold))
_AGGRESSIVE = frozenset((Complete, Bet, Raise))
_VOLUNTARY = frozenset((Call, Complete, Bet, Raise))
#: Decisions whose ``amount`` is the chips they add (a completion or raise names the total).
_PAYS_AMOUNT = frozenset((BringIn, Bet, Call))
#: Events no fact depends on: the pre-pass drops them before testing the kinds it reads.
_UNREAD = frozenset((
    SeatResult, ShowdownStart, Muck, NoShow, TableNote, Chat, BettingCapped, BoardCard,
    NoLowHand,
))


def _last_up(cards: tuple[int | None, ...], up: tuple[bool, ...]) -> int | None:
    """The last card of a deal that is face up, None if it is unknown or none is up.

    (Import reads it for every 3rd- and 4th-street deal: an index walk, no list.)
    """
    for i in range(min(len(cards), len(up)) - 1, -1, -1):
        if up[i]:
            return cards[i]
    return None


def player_facts(hand: Hand) -> list[PlayerFacts]:
    """One record per dealt-in player, in seat order.

    Two walks over the events: a pre-pass that reads the cards, the bring-in, the money
    outside the betting (antes, returns, collections), the rake and the shown hands and
    keeps the betting events, then the betting walk over those. Import runs this for every
    hand (it is one of the import's largest Python costs), so state lives in local
    variables and the frequent event kinds are tested first.
    """
    header = hand.header
    game = header.game
    third_street = _THIRD
    fourth_street = _FOURTH

    # Pre-pass: who took part, door cards, full 3rd-street hands, the 4th-street upcard,
    # the bring-in, antes, returns and collections, the rake, the shown hands; and the
    # events the betting walk needs (decisions and street starts).
    involved: set[str] = set()
    third: dict[str, tuple[int | None, ...]] = {}
    door: dict[str, int] = {}
    fourth_up: dict[str, int] = {}
    invested: dict[str, int] = {}
    collected: dict[str, int] = {}
    open_pair_printed = False
    street = third_street
    bring_in: str | None = None
    rake: int | None = None
    shows: list[Show] = []
    walked: list[object] = []
    decisions = _DECISIONS
    unread = _UNREAD
    keep = walked.append
    involve = involved.add
    for event in hand.events:
        kind = type(event)
        if kind is Deal:
            dealt_on = event.street  # type: ignore[attr-defined]
            if dealt_on is not third_street and dealt_on is not fourth_street:
                involve(event.player)  # type: ignore[attr-defined]
                continue
            player = event.player  # type: ignore[attr-defined]
            involve(player)
            cards = event.cards  # type: ignore[attr-defined]
            shown = event.up  # type: ignore[attr-defined]
            # usually the last card dealt is the upcard: no search
            if shown and shown[-1] and len(shown) == len(cards):
                up = cards[-1]
            else:
                up = _last_up(cards, shown)
            if dealt_on is third_street:
                third[player] = cards
                if up is not None:
                    door[player] = up
            elif up is not None:
                fourth_up[player] = up
        elif kind in decisions:
            keep(event)
            involve(event.player)  # type: ignore[attr-defined]
            if bring_in is None and street is third_street:
                bring_in = event.player  # type: ignore[attr-defined]
        elif kind is Ante:
            player = event.player  # type: ignore[attr-defined]
            involve(player)
            invested[player] = invested.get(player, 0) + event.amount  # type: ignore[attr-defined]
        elif kind in unread:
            continue
        elif kind is StreetStart:
            keep(event)
            street = event.street  # type: ignore[attr-defined]
        elif kind is Collect:
            p = event.player  # type: ignore[attr-defined]
            collected[p] = collected.get(p, 0) + event.amount  # type: ignore[attr-defined]
        elif kind is Summary:
            if rake is None:
                rake = event.rake  # type: ignore[attr-defined]
        elif kind is Show:
            shows.append(event)  # type: ignore[arg-type]
        elif kind is UncalledReturn:
            player = event.player  # type: ignore[attr-defined]
            invested[player] = invested.get(player, 0) - event.amount  # type: ignore[attr-defined]
        elif kind is DoubleBetAllowed:
            open_pair_printed = True

    # Players who took part: antes, cards or actions; sitting-out seats excluded. A name
    # seated twice is listed twice, with the record of its last seat.
    seats = hand.seats
    if not involved:  # nothing dealt or done: the seated players not sitting out
        seat_of = {s.player: s for s in seats}
        seats = tuple(seat_of[s.player] for s in seats if not s.sitting_out and not s.out_of_hand)
        involved = {s.player for s in seats}
    facts: dict[str, PlayerFacts] = {}
    players: list[str] = []
    # how good each door card is for stealing: higher is better (razz: the lower card)
    door_value: dict[str, int] = {}
    razz = game is _RAZZ
    for s in seats:
        p = s.player
        if p not in involved:
            continue
        players.append(p)
        up = door.get(p)
        category = door_rank = None
        if up is not None:
            door_rank = (up >> 2) + 2  # rank(up), inline
            door_value[p] = -low_rank(up) if razz else door_rank
            cards = third[p]
            if len(cards) == 3 and None not in cards:
                c0, c1, c2 = cards
                category = _start_category3(game, c0, c1, c2, up)  # type: ignore[arg-type]
        facts[p] = PlayerFacts(
            player=p, seat=s.seat, stack=s.stack, door_card=up, door_rank=door_rank,
            start_category=category,
            streets=(StreetFacts(), StreetFacts(), StreetFacts(), StreetFacts()),
        )

    # The double bet on an open pair is a stud-high rule (Robert's Rules; PokerStars prints
    # it only there), unless the site says otherwise.
    open_pair = open_pair_printed
    if not open_pair and game is _STUD:
        for p, c in fourth_up.items():
            if p in door and door[p] >> 2 == c >> 2:  # same rank
                open_pair = True
                break

    # 3rd-street acting order from the bring-in, clockwise; the last three before it.
    order = players
    if bring_in in facts:
        facts[bring_in].is_bring_in = True  # type: ignore[index]
        i = order.index(bring_in)  # type: ignore[arg-type]
        order = order[i:] + order[:i]
    last_three = set(order[1:][-3:])

    live = dict(facts)  # the live players and their records
    committed_on: dict[str, int] = {}  # chips put in on the current street
    to = 0  # the street's highest commitment
    level = 0  # 3rd: bring-in 0, completion 1, raises above; later streets: bets and raises
    checked: set[str] = set()
    street = third_street
    later_at = -1  # index of the street in ``PlayerFacts.streets`` (4th = 0)
    on_fourth = False
    aggressor: str | None = None
    limpers = 0  # calls of the bring-in before any completion
    steal: tuple[str, bool, bool] | None = None  # (stealer, positional, by upcards)
    steal_answered = False  # someone called or raised after the steal completion
    cbet_live = False
    faced_cbet: set[str] = set()
    first_decision_4th: set[str] = set()
    reached_fourth = False  # someone with facts was live as 4th street was dealt
    small_bet = header.small_bet
    pays_amount = _PAYS_AMOUNT

    for event in walked:
        kind = type(event)
        if kind is StreetStart:
            street = event.street  # type: ignore[attr-defined]
            later_at = street - 4
            on_fourth = later_at == 0
            committed_on = {}
            to = 0
            level = 0
            checked = set()
            if later_at >= 0:
                for f in live.values():
                    f.streets[later_at].saw = True
                if on_fourth and live:
                    reached_fourth = True
                    if open_pair:
                        for f in live.values():
                            f.open_pair_4th = True
            continue

        p = event.player  # type: ignore[attr-defined]
        f = facts.get(p)
        committed = committed_on.get(p, 0)
        # chips this action adds, and the street total it leaves the player at
        if kind in pays_amount:
            added = event.amount  # type: ignore[attr-defined]
        elif kind is Complete or kind is Raise:
            added = max(event.to - committed, 0)  # type: ignore[attr-defined]
        else:
            added = 0
        if added:  # checks and folds change nothing here
            now = committed + added
            committed_on[p] = now
            invested[p] = invested.get(p, 0) + added
        if f is None:  # an action by someone not seated: count chips, record nothing
            if added and now > to:
                to = now
            continue

        if street is third_street:
            if kind is BringIn:
                f.complete_opp_3rd = True
            else:
                aggressive = kind in _AGGRESSIVE
                if kind in _VOLUNTARY:
                    f.vpip = True
                if kind is Call:
                    f.calls_3rd += 1
                elif aggressive:
                    f.raises_3rd += 1
                elif kind is Fold:
                    f.folded_3rd = True
                if level == 0:
                    f.complete_opp_3rd = True
                    if aggressive:
                        f.complete_3rd = True
                        if f.is_bring_in:
                            f.bi_complete = True
                    if not f.is_bring_in and limpers == 0:  # first in
                        pos_steal = p in last_three
                        # by upcards: nobody still to act (the rest of the order, then
                        # the bring-in) shows a better door
                        up_steal = p in door_value
                        if up_steal:
                            mine = door_value[p]
                            for q in order[order.index(p) + 1:] + order[:1]:
                                if door_value.get(q, -99) > mine and q in live and q != p:
                                    up_steal = False
                                    break
                        # set only when True: both start False and a later first-in
                        # decision (a broken history) can only find fewer players to act
                        if pos_steal or up_steal:
                            f.steal_opp_pos = pos_steal
                            f.steal_opp_up = up_steal
                            if aggressive:
                                f.steal_pos = pos_steal
                                f.steal_up = up_steal
                                steal = (p, pos_steal, up_steal)
                                steal_answered = False
                    if kind is Call:
                        limpers += 1
                elif level == 1:
                    f.faced_complete_3rd = True
                    if kind is Raise or kind is Bet:
                        f.reraise_3rd = True
                    elif kind is Fold:
                        f.fold_to_complete_3rd = True
                    if f.is_bring_in:
                        f.bi_faced_complete = True
                        f.bi_fold_to_complete = kind is Fold
                        f.bi_call_complete = kind is Call
                        f.bi_reraise = aggressive
                        if steal is not None and not steal_answered and steal[0] != p:
                            f.faced_steal_pos = steal[1]
                            f.faced_steal_up = steal[2]
                            f.fold_to_steal_pos = steal[1] and kind is Fold
                            f.fold_to_steal_up = steal[2] and kind is Fold
                            f.resteal_pos = steal[1] and aggressive
                            f.resteal_up = steal[2] and aggressive
                else:
                    f.faced_raise_3rd = True
                    if kind is Fold:
                        f.fold_to_raise_3rd = True
                if aggressive:
                    level += 1
                    aggressor = p
                if steal is not None and p != steal[0] and kind in _VOLUNTARY:
                    steal_answered = True
        else:
            s = f.streets[later_at]
            first = False
            if on_fourth:
                first = p not in first_decision_4th
                first_decision_4th.add(p)
            if level == 0 or committed >= to:  # not facing a bet
                s.bet_opp = True
                if first and p == aggressor:
                    f.cbet_opp_4th = True
                if on_fourth and open_pair and level == 0:
                    f.big_bet_opp_4th = True
                if kind is Bet or kind is Raise:
                    s.bets += 1
                    level += 1
                    if on_fourth:
                        if open_pair and added > small_bet:
                            f.big_bet_4th = True
                        if first and p == aggressor:
                            f.cbet_4th = True
                            cbet_live = True
                elif kind is Check:
                    checked.add(p)
                elif kind is Fold:
                    s.folds += 1
            else:
                s.faced_bet = True
                checked_before = p in checked
                if checked_before:
                    s.checkraise_opp = True
                if on_fourth and cbet_live and p not in faced_cbet:
                    faced_cbet.add(p)
                    f.faced_cbet_4th = True
                    f.fold_to_cbet_4th = kind is Fold
                if kind is Raise or kind is Bet:
                    s.raises += 1
                    level += 1
                    if checked_before:
                        s.checkraise = True
                    cbet_live = False
                elif kind is Call:
                    s.calls += 1
                elif kind is Fold:
                    s.folds += 1
                    s.fold_to_bet = True
        if added and now > to:
            to = now
        if kind is Fold:
            live.pop(p, None)

    # Results: money, steals that won on 3rd, showdown.
    for p, f in facts.items():
        spent = invested.get(p, 0)
        f.invested = spent
        f.net = -spent
    winners: list[PlayerFacts] = []
    for p, amount in collected.items():
        f = facts.get(p)
        if f is not None:
            f.collected = amount
            f.net = amount - f.invested
            if amount > 0:
                f.won = True
                winners.append(f)
    if bring_in in facts and not reached_fourth and live.keys() == {bring_in}:
        facts[bring_in].bi_walk = facts[bring_in].complete_3rd is False  # type: ignore[index]
    if steal is not None and not reached_fourth and live.keys() == {steal[0]}:
        f = facts[steal[0]]
        f.steal_pos_success = f.steal_pos
        f.steal_up_success = f.steal_up
    if aggressor is not None and aggressor in facts:
        facts[aggressor].aggressor_3rd = True
    if len(winners) > 1:  # a split pot: the rake split takes the winners in seat order
        winners = [f for f in facts.values() if f.collected > 0]
    _rake_shares(rake or 0, winners)
    if len(live) >= 2:
        _showdown(shows, game, facts, live)
    if len(facts) == len(players):  # no name seated twice: the records are in seat order
        return list(facts.values())
    return [facts[p] for p in players]


def _rake_shares(rake: int, winners: list[PlayerFacts]) -> None:
    """Split the rake over the winners (in seat order) in proportion to what they collected.

    Largest remainders get the odd units (seat order breaks ties) so shares sum to the rake.
    """
    if rake <= 0:
        return
    if len(winners) == 1:  # the usual pot: one winner, who pays all of it
        winners[0].rake = rake
        return
    total = sum(f.collected for f in winners)
    if total <= 0:
        return
    for f in winners:
        f.rake = rake * f.collected // total
    left = rake - sum(f.rake for f in winners)
    by_remainder = sorted(winners, key=lambda f: (-(rake * f.collected % total), f.seat))
    for f in by_remainder[:left]:
        f.rake += 1


def _showdown(
    shows: list[Show], game: Game, facts: dict[str, PlayerFacts],
    live: dict[str, PlayerFacts],
) -> None:
    """Showdown facts; hi/lo halves are judged with the project's evaluators."""
    shown: dict[str, tuple[int, ...]] = {}
    for event in shows:
        if event.player in live and len(event.cards) >= 5:
            shown[event.player] = event.cards
    for p, f in live.items():
        f.showdown = True
        if f.collected > 0:
            f.won_showdown = True
        if p in shown:
            f.cards_shown = True
            if game is _RAZZ:
                f.razz_low = razz_low(shown[p])
    if game is not _STUD8 or not shown:
        return
    try:
        from stud_hh.evaluate import high_value, low8_value
    except ImportError:  # evaluators not built in this checkout
        return
    highs = {p: high_value(c) for p, c in shown.items()}
    lows = {p: low8_value(c) for p, c in shown.items()}
    best_high = max(highs.values())
    qualifying = [v for v in lows.values() if v is not None]
    best_low = min(qualifying) if qualifying else None
    high_winners = [p for p, v in highs.items() if v == best_high]
    low_winners = [p for p, v in lows.items() if v is not None and v == best_low]
    for p in shown:
        if p not in facts:
            continue
        f = facts[p]
        f.won_high = p in high_winners
        f.won_low = p in low_winners
        f.low_made = lows[p] is not None
        f.scoop = high_winners == [p] and (best_low is None or low_winners == [p])
