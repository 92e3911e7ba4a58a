"""The table a hand is replayed at: who is dealt in, their stacks, the ante and the bring-in.

PokerStars prints neither ante nor bring-in, and its parser fills the header from what was
posted, so the posted amounts are not evidence of themselves: the ante is the one most
players posted (``ledger.ante_of``). The bring-in is what the game's structure designates
(rule book 4.3): a dialect that prints it (a header bring-in other than the one posted), or
the bring-in posted in the other hands at the same stakes and level (a ``StructureSheet``
of the file or chunk). When nothing designates it, the bring-in posted (not all-in) is what
the others call, and it must be larger than the ante (or at least the ante, by
``RuleSet.bring_in_above_ante``) and smaller than the small bet. No amount is ever made
up: the engine asks callers for what was actually posted, and a structure the text does
not state is not judged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from operator import itemgetter
from typing import NamedTuple

from stud_hh.engine import Stakes
from stud_hh.events import Ante, BringIn, Call, Fold, Hand, Header, PlayerAction
from stud_hh.rules import RuleSet
from stud_hh.validate.ledger import Ledger
from stud_hh.validate.money import money

#: Hands at the same stakes and level: site, game, limit, small and big bet, currency,
#: tournament and level.
StakesKey = tuple[str, str, str, int, int, str | None, str | None, str | None]


def stakes_key(header: Header) -> StakesKey:
    # the game and limit as their members (a ``StrEnum`` is its value's ``str``): an enum
    # member's ``.value`` is a property, and the key is made twice a hand at every import
    return (header.site, header.game, header.limit, header.small_bet,
            header.big_bet, header.currency, header.tournament_id, header.level)


_count = itemgetter(1)


class StructureSheet:
    """The bring-in each stakes and level designates, read from the hands themselves.

    A tournament's structure sheet lists each level's ante, bring-in and limits; a history
    prints none of them (PokerStars), so the sheet is rebuilt from what the hands posted:
    at each stakes and level, the bring-in posted in full (not all-in) by most hands. A
    hand is judged against the others, never against itself: ``bring_in(hand)`` leaves
    the hand's own bring-in out, and answers only when at least two other hands posted
    one and most of them agree.
    """

    __slots__ = ("_posted",)

    def __init__(self, hands: Iterable[Hand]) -> None:
        self._posted: dict[StakesKey, Counter[int]] = {}
        for hand in hands:
            posted = _posted_bring_in(hand)
            if posted is not None:
                key = stakes_key(hand.header)
                counts = self._posted.get(key)
                if counts is None:
                    counts = self._posted[key] = Counter()
                counts[posted] += 1

    def bring_in(self, hand: Hand) -> tuple[int, int] | None:
        """``(amount, hands)``: the bring-in most other hands at ``hand``'s stakes and
        level posted, and how many did; None when they do not say."""
        counts = self._posted.get(stakes_key(hand.header))
        if not counts:
            return None
        own = _posted_bring_in(hand)
        total = counts.total() - (own is not None)
        if total < 2:
            return None
        # the most common among the others (the first of equals, as ``most_common``),
        # counted without copying the counter for every hand of the chunk
        amount, n = max([(a, c - (a == own)) for a, c in counts.items()], key=_count)
        return (amount, n) if 2 * n > total else None


def _posted_bring_in(hand: Hand) -> int | None:
    for event in hand.events:
        if type(event) is BringIn:
            return None if event.all_in else event.amount
    return None


class Setup(NamedTuple):
    """What the engine is built with, and what the history got wrong about it (a named
    tuple: one is built per hand replayed, and a frozen dataclass costs ~1 us to build).

    ``players``: everyone dealt in, anteing or acting who has a seat with chips, in seat
    order; ``stacks``: theirs. ``bring_in_problem``: what the bring-in should have been,
    in the site's money, when the one posted is not it (``None`` when it is);
    ``designated``: the bring-in the structure designates, when anything says it.
    ``antes_as_due``: the antes are one from each player, at the table ante, so they are
    posted as the engine asks for them.
    """

    players: list[str]
    stacks: list[int]
    stakes: Stakes
    bring_in_problem: str | None
    antes_as_due: bool
    designated: int | None = None


def setup_for(hand: Hand, ledger: Ledger, rules: RuleSet | None = None,
              sheet: StructureSheet | None = None) -> Setup:
    """The hand's table, read from its ledger (``ValueError`` for impossible stakes)."""
    players = participants(hand, ledger)
    stakes, problem = stakes_for(hand, ledger, rules, sheet)
    return Setup(players, list(map(ledger.seat_stacks.__getitem__, players)), stakes, problem,
                 _antes_as_due(ledger.antes, players, stakes.ante),
                 designated_bring_in(hand, ledger, sheet) if problem is not None else None)


def participants(hand: Hand, ledger: Ledger) -> list[str]:
    """Players dealt in, in seat order: the engine's players."""
    took_part = ledger.took_part
    return [s.player for s in hand.seats if s.player in took_part and s.stack > 0]


def stakes_for(hand: Hand, ledger: Ledger, rules: RuleSet | None = None,
               sheet: StructureSheet | None = None) -> tuple[Stakes, str | None]:
    """The hand's stakes, and what its bring-in should have been when the posted one is
    not the structure's."""
    h = hand.header
    ante = ledger.table_ante or 0
    posted = ledger.bring_in
    designated = sheet.bring_in(hand) if sheet is not None else None
    above = rules.bring_in_above_ante if rules is not None else True
    if posted is not None and not posted.all_in:
        # the bring-in the others call: what was posted, right or wrong
        return _stakes_of(ante, posted.amount, h.small_bet, h.big_bet), \
            _bring_in_problem(h, ante, posted.amount, designated, above)
    # nothing posted in full: the structure's bring-in if anything says it, else what the
    # first caller of a short all-in bring-in paid (the text's own word on the full
    # bring-in), else the all-in amount, else none at all (no bring-in was posted)
    if h.bring_in is not None:
        bring_in = h.bring_in
    elif designated is not None:
        bring_in = designated[0]
    elif posted is not None:
        bring_in = _called_over(hand, posted) or posted.amount
    else:
        bring_in = 0
    return _stakes_of(ante, bring_in, h.small_bet, h.big_bet), None


def _called_over(hand: Hand, posted: BringIn) -> int | None:
    """The first call of a short all-in bring-in, when it pays more than the all-in and
    less than the small bet: the full bring-in, as the caller read the structure."""
    after = False
    for event in hand.events:
        if event is posted:
            after = True
        elif after and isinstance(event, PlayerAction):
            if type(event) is Call:
                amount = event.amount
                return amount if posted.amount < amount < hand.header.small_bet else None
            if type(event) is not Fold:
                return None
    return None


def designated_bring_in(hand: Hand, ledger: Ledger,
                        sheet: StructureSheet | None = None) -> int | None:
    """The bring-in the structure designates: printed by the dialect (a header bring-in
    other than the one posted), or posted in most other hands at these stakes."""
    h = hand.header
    posted = ledger.bring_in
    if h.bring_in is not None and (posted is None or h.bring_in != posted.amount):
        return h.bring_in
    designated = sheet.bring_in(hand) if sheet is not None else None
    return designated[0] if designated is not None else None


def _bring_in_problem(h: Header, ante: int, amount: int, designated: tuple[int, int] | None,
                      above_ante: bool) -> str | None:
    """What the bring-in should have been (``WRONG_BRING_IN_AMOUNT``'s ``expected``)."""
    if h.bring_in is not None and h.bring_in != amount:
        return money(h.bring_in, h)  # a dialect printed the structure
    if designated is not None:
        if designated[0] == amount:
            return None  # what the structure designates, whatever the rule set's bounds
        return (f"{money(designated[0], h)}, as posted in {designated[1]} other hands at "
                "these stakes")
    if (ante < amount if above_ante else ante <= amount) and amount < h.small_bet:
        return None
    more = "more than" if above_ante else "at least"
    return (f"{more} the ante ({money(ante, h)}) and less than the small bet "
            f"({money(h.small_bet, h)})")


@lru_cache(maxsize=1024)
def _stakes_of(ante: int, bring_in: int, small_bet: int, big_bet: int) -> Stakes:
    """``Stakes`` are immutable values and a session's hands share a few: built once each."""
    return Stakes(ante=ante, bring_in=bring_in, small_bet=small_bet, big_bet=big_bet)


def _antes_as_due(antes: list[Ante], players: list[str], ante: int) -> bool:
    """One ante each from every player, at the table ante (posted all at once)."""
    if len(antes) != len(players):
        return False
    dealt_in = set(players)
    # a loop: it reads the events' fields faster than all() over a generator, or than
    # ``attrgetter`` in ``map`` (which looks the field up by its name on every event)
    for a in antes:  # noqa: SIM110
        if a.amount != ante or a.player not in dealt_in:
            return False
    return True
