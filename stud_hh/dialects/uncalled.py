"""Bets nobody called, for sites that leave them in the winner's collect.

PokerStars prints ``Uncalled bet (X) returned to P`` and the pot without it. PartyPoker and
Winamax print no return: the unmatched part of a bet stays in the pot and comes back to
its owner inside what he wins (PartyPoker game 10399817763: a $12.80 pot and Player8's
unanswered $1 river bet, "Player8 wins $13.20 USD" after a $0.60 rake; Winamax hand
9250793-444-1478990340: "Total pot 258€ | Rake 2€" over 210€ called and a 50€ bet
folded to). The events say what happened: an ``UncalledReturn`` at the end of the street's
betting (the excess of the biggest contribution over the next one, the rule the validator
checks: ``street_return``), and each ``Collect`` of its owner without it (``take_from_wins``).

>>> street_return({"Ann": 10, "Bob": 25})
(UncalledReturn(player='Bob', amount=15), 35)
>>> street_return({"Ann": 25, "Bob": 25})
(None, 50)
>>> events = [UncalledReturn("Bob", 15), Collect("Bob", 45)]
>>> take_from_wins(events, {"Bob": 15})
15
>>> events
[UncalledReturn(player='Bob', amount=15), Collect(player='Bob', amount=30, pot='pot')]
"""

from __future__ import annotations

from msgspec.structs import replace

from stud_hh.events import Collect, Event, SeatResult, UncalledReturn


def street_return(put: dict[str, int]) -> tuple[UncalledReturn | None, int]:
    """What goes back at the end of a street's betting (``put``: each player's street total):
    the excess of the biggest total over the next one, to its owner (None when matched);
    and the street's chips (returns not taken off)."""
    top_player = ""
    top = second = total = 0
    for player, amount in put.items():  # a few players: one pass, no sorting
        total += amount
        if amount > top:
            top_player, top, second = player, amount, top
        elif amount > second:
            second = amount
    return (UncalledReturn(top_player, top - second) if top > second else None), total


def _won(event: Event) -> int:
    if type(event) is Collect:
        return event.amount
    if type(event) is SeatResult:
        return event.won or 0
    return 0


def _take(events: list[Event], kind: type[Collect] | type[SeatResult], player: str,
          amount: int) -> int:
    """``amount`` out of ``player``'s events of ``kind`` (a side pot of exactly that amount
    first: PartyPoker prints the unmatched bet as a pot of its own), last one first; what
    could be taken."""
    spots = [i for i, e in enumerate(events) if type(e) is kind and e.player == player
             and _won(e) > 0]
    exact = [i for i in spots if _won(events[i]) == amount
             and "side" in getattr(events[i], "pot", "")]
    if exact:
        del events[exact[-1]]
        return amount
    left = amount
    for i in reversed(spots):
        if left <= 0:
            break
        event = events[i]
        taken = min(_won(event), left)
        left -= taken
        events[i] = (replace(event, amount=event.amount - taken) if type(event) is Collect
                     else replace(event, won=_won(event) - taken))
    return amount - left


def take_from_wins(events: list[Event], returned: dict[str, int]) -> int:
    """Take what each player got back out of his collects and summary lines (in place);
    what was taken out of the collects."""
    taken = 0
    for player, amount in returned.items():
        taken += _take(events, Collect, player, amount)
        _take(events, SeatResult, player, amount)
    return taken


__all__ = ["street_return", "take_from_wins"]
