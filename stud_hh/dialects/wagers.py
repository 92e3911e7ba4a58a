"""Betting lines as sites write them -> the events' amounts, whatever each site prints.

``Raise`` carries both ``by`` (over the bet it raises) and ``to`` (the street total), as
PokerStars prints them. Other sites print one of the two, or a total and the chips added
(``raises to $6``, ``Raises 40``, ``raises $0.10 to $0.10``): ``StreetBets`` follows the
street's bet level so that every dialect fills ``by`` the same way (``to`` less the level
raised), and a hand written back as PokerStars text reads the same.

>>> bets = StreetBets()
>>> bets.add(BringIn("Ann", 2)); bets.add(Complete("Bob", 8))
>>> bets.raise_to("Cy", 16)
Raise(player='Cy', by=8, to=16, all_in=False)
>>> bets.new_street(); bets.raise_to("Ann", 8)  # a raise of nothing is a bet of the total
Raise(player='Ann', by=8, to=8, all_in=False)
"""

from __future__ import annotations

from stud_hh.events import Bet, BringIn, Call, Complete, Event, Raise


class StreetBets:
    """The highest street total so far (the level a raise raises) and each player's."""

    __slots__ = ("level", "put")

    def __init__(self) -> None:
        self.level = 0
        self.put: dict[str, int] = {}

    def new_street(self) -> None:
        self.level = 0
        self.put = {}

    def add(self, event: Event) -> None:
        """A betting event in the order it happened."""
        match event:
            case Call(player=player, amount=amount):
                self.called(player, amount)
            case BringIn(player=player, amount=total) | Bet(player=player, amount=total):
                self.reached(player, total)
            case Raise(player=player, to=total) | Complete(player=player, to=total):
                self.reached(player, total)

    def called(self, player: str, amount: int) -> None:
        """``player`` added ``amount`` to his street total (a call)."""
        self.put[player] = self.put.get(player, 0) + amount

    def reached(self, player: str, total: int) -> None:
        """``player``'s street total is now ``total`` (a bring-in, bet, completion or raise:
        a reader that knows the line's kind says so without building the event first)."""
        self.put[player] = total
        if total > self.level:
            self.level = total

    def raise_to(self, player: str, to: int, all_in: bool = False) -> Raise:
        """``player`` raised the street total to ``to``."""
        event = Raise(player, to - self.level, to, all_in)
        self.add(event)
        return event

    def raise_by_added(self, player: str, added: int, all_in: bool = False) -> Raise:
        """``player`` put ``added`` more chips in, raising."""
        return self.raise_to(player, self.put.get(player, 0) + added, all_in)

    def call_to(self, player: str, to: int, all_in: bool = False) -> Call:
        """``player`` called, bringing his street total to ``to``."""
        event = Call(player, to - self.put.get(player, 0), all_in)
        self.add(event)
        return event

    def owed(self, player: str) -> int:
        """What ``player`` must add to call."""
        return self.level - self.put.get(player, 0)


def as_all_in(event: Event) -> Event:
    """``event`` with ``all_in`` set (the stack says so where the line does not)."""
    if type(event) is Raise:
        return Raise(event.player, event.by, event.to, True)
    if type(event) is Complete:
        return Complete(event.player, event.to, True)
    if type(event) is Bet:
        return Bet(event.player, event.amount, True)
    if type(event) is Call:
        return Call(event.player, event.amount, True)
    if type(event) is BringIn:
        return BringIn(event.player, event.amount, True)
    return event


__all__ = ["StreetBets", "as_all_in"]
