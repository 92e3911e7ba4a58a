"""Bets nobody called, for sites that leave them in the winner's collect.

PokerStars prints ``Uncalled bet (X) returned to P`` and the pot without it. PartyPoker and
Winamax print no return: the unmatched part of a bet stays in the pot and comes back to
its owner inside what he wins (PartyPoker game 10399817763: a $12.80 pot and Player8's
unanswered $1 river bet, "Player8 wins $13.20 USD" after a $0.60 rake; Winamax hand
9250793-444-1478990340: "Total pot 258€ | Rake 2€" over 210€ called and a 50€ bet
folded to). The events say what happened: an ``UncalledReturn`` at the end of the street's
betting (the excess of the biggest contribution over the next one, the rule the validator
checks), and each ``Collect`` of its owner without it.

>>> from stud_hh.events import Bet, Collect, Fold
>>> events = [StreetStart(Street.THIRD), BringIn("Ann", 10), Bet("Bob", 25), Fold("Ann"),
...           Collect("Bob", 45)]
>>> uncalled_from_wins(events)  # Bob gets 15 back; the pot is 10 + 25 - 15
({'Bob': 15}, 20)
>>> events[3:]
[Fold(player='Ann', cards=()), UncalledReturn(player='Bob', amount=15), Collect(player='Bob', amount=30, pot='pot')]
"""

from __future__ import annotations

from msgspec.structs import replace

from stud_hh.events import (
    Ante,
    Bet,
    BringIn,
    Call,
    Check,
    Collect,
    Complete,
    Event,
    Fold,
    Raise,
    SeatResult,
    Street,
    StreetStart,
    UncalledReturn,
)


def _street_returns(events: list[Event]) -> tuple[list[tuple[int, UncalledReturn]], int]:
    """(index after the street's last action, the return) for each street with an excess,
    and the chips put in the pot (antes and bets, returns not taken off)."""
    out: list[tuple[int, UncalledReturn]] = []
    put: dict[str, int] = {}
    total = 0
    last = -1
    for i, event in enumerate(events + [_END]):
        kind = type(event)
        if kind is StreetStart:
            if put:
                total += sum(put.values())
                top_player = max(put, key=put.__getitem__)
                top = put.pop(top_player)
                second = max(put.values(), default=0)
                if top > second and last >= 0:
                    out.append((last + 1, UncalledReturn(top_player, top - second)))
            put, last = {}, -1
        elif kind is Ante:
            total += event.amount  # type: ignore[union-attr]
        elif kind is BringIn or kind is Bet or kind is Call:
            player = event.player  # type: ignore[union-attr]
            put[player] = put.get(player, 0) + event.amount  # type: ignore[union-attr]
            last = i
        elif kind is Raise or kind is Complete:
            put[event.player] = event.to  # type: ignore[union-attr]
            last = i
        elif kind is Check or kind is Fold:
            last = i
    return out, total


#: a street's end after the last event (``_street_returns`` closes the river on it)
_END = StreetStart(Street.SEVENTH)


def _take(events: list[Event], kind: type[Collect] | type[SeatResult], player: str,
          amount: int) -> None:
    """``amount`` out of ``player``'s events of ``kind`` (a side pot of exactly that amount
    first: PartyPoker prints the unmatched bet as a pot of its own), last one first."""
    spots = [i for i, e in enumerate(events) if type(e) is kind and e.player == player
             and _won(e) > 0]  # type: ignore[union-attr]
    exact = [i for i in spots if _won(events[i]) == amount
             and "side" in getattr(events[i], "pot", "")]
    if exact:
        del events[exact[-1]]
        return
    for i in reversed(spots):
        if amount <= 0:
            return
        event = events[i]
        taken = min(_won(event), amount)
        amount -= taken
        events[i] = (replace(event, amount=event.amount - taken) if type(event) is Collect
                     else replace(event, won=_won(event) - taken))  # type: ignore[union-attr]


def _won(event: Event) -> int:
    if type(event) is Collect:
        return event.amount
    if type(event) is SeatResult:
        return event.won or 0
    return 0


def uncalled_from_wins(events: list[Event]) -> tuple[dict[str, int], int]:
    """Put an ``UncalledReturn`` where each street's betting left a bet unmatched and take
    it out of its owner's collects and summary lines (in place): what each got back, and
    the pot (what was put in, less the returns)."""
    returns, total = _street_returns(events)
    returned: dict[str, int] = {}
    for at, ret in reversed(returns):
        events.insert(at, ret)
        returned[ret.player] = returned.get(ret.player, 0) + ret.amount
    for player, amount in returned.items():
        _take(events, Collect, player, amount)
        _take(events, SeatResult, player, amount)
    return returned, total - sum(returned.values())


__all__ = ["uncalled_from_wins"]
