"""What a PHH betting action says by itself, from the chips on the table.

PHH writes a decision by its kind alone: ``pb`` (bring-in), ``cbr X`` (complete, bet or
raise *to* X, the player's total on the street), ``cc`` (check or call), ``f`` (fold).
Which one it was and for how much follows from where the chips are: on 3rd street the first
``cbr`` completes, on later streets it bets, after that it raises; ``cc`` calls what is owed,
or checks when nothing is, or calls all-in for what the player has left.

``Chips`` follows the hand; ``implied`` says what an action means there. The writer
compares it with the event the site printed and adds a commentary where they differ
(``stud_hh.dialects.phh.notation``); the reader takes the commentary when there is one and
the implied event otherwise. Both then ``apply`` the event as printed, so they see the
same table at every action. Nothing here judges legality: that is the engine's job.

>>> chips = Chips(["Ann", "Bob"], [100, 6], bring_in=2)
>>> chips.apply(chips.implied("Ann", "pb"))
>>> chips.implied("Bob", "cbr", 4)
Complete(player='Bob', to=4, all_in=False)
>>> chips.implied("Bob", "cc")
Call(player='Bob', amount=2, all_in=False)
>>> chips.apply(chips.implied("Bob", "cbr", 6))
>>> chips.implied("Ann", "cc")
Call(player='Ann', amount=4, all_in=False)
"""

from __future__ import annotations

from collections.abc import Sequence

from stud_hh.events import (
    Ante,
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Event,
    Fold,
    Raise,
    Street,
    UncalledReturn,
)


class Chips:
    """Each player's chips behind and on this street, and how far the street's betting got."""

    __slots__ = ("behind", "bring_in", "opened", "street", "street_in", "top")

    def __init__(self, players: Sequence[str], stacks: Sequence[int], bring_in: int) -> None:
        self.behind = dict(zip(players, stacks, strict=True))
        self.bring_in = bring_in
        self.street = Street.THIRD
        self.street_in = dict.fromkeys(players, 0)
        self.top = 0  # the most anyone has in on this street
        self.opened = False  # completed (3rd street) or bet (later) on this street

    def new_street(self, street: Street) -> None:
        self.street = street
        self.street_in = dict.fromkeys(self.street_in, 0)
        self.top = 0
        self.opened = False

    def implied(self, player: str, action: str, to: int = 0) -> Event:
        """What ``action`` (``pb``, ``cbr``, ``cc`` or ``f``; ``to`` for ``cbr``) by
        ``player`` means here (``KeyError`` for a player not in the hand)."""
        behind = self.behind[player]
        mine = self.street_in[player]
        if action == "pb":
            amount = min(self.bring_in, behind)
            return BringIn(player, amount, amount == behind)
        if action == "cbr":
            all_in = to - mine >= behind
            if not self.opened:
                if self.street is Street.THIRD:
                    return Complete(player, to, all_in)
                return Bet(player, to - mine, all_in)
            return Raise(player, to - self.top, to, all_in)
        if action == "cc":
            owed = self.top - mine
            if owed <= 0:
                return Check(player)
            amount = min(owed, behind)
            return Call(player, amount, amount == behind)
        return Fold(player)

    def to(self, event: Complete | Bet | Raise) -> int:
        """The ``cbr`` amount of a completion, bet or raise: the street total it makes."""
        if isinstance(event, Bet):
            return self.street_in[event.player] + event.amount
        return event.to

    def apply(self, event: Event) -> None:
        """The event as printed moves the chips (events of players not here are ignored)."""
        match event:
            case Ante(player=player, amount=amount) if player in self.behind:
                self.behind[player] -= amount
            case BringIn(player=player, amount=amount) | Call(player=player, amount=amount) \
                    if player in self.behind:
                self._put(player, amount)
            case Bet(player=player, amount=amount) if player in self.behind:
                self._put(player, amount)
                self.opened = True
            case Complete(player=player, to=to) | Raise(player=player, to=to) \
                    if player in self.behind:
                self._put(player, to - self.street_in[player])
                self.opened = True
            case UncalledReturn(player=player, amount=amount) if player in self.behind:
                self.behind[player] += amount
                self.street_in[player] -= amount
            case _:
                pass

    def _put(self, player: str, amount: int) -> None:
        self.behind[player] -= amount
        mine = self.street_in[player] + amount
        self.street_in[player] = mine
        if mine > self.top:
            self.top = mine


__all__ = ["Chips"]
