"""Everleaf line tokens -> a ``Hand`` (``grammars/everleaf.lark``).

What Everleaf writes, and the events it becomes:

* ``posts bring-in $0.02.`` is the bring-in, ``completes to $0.05.`` the completion;
  ``: bets [$ 0.05 USD]`` on 3rd street with no bring-in posted is the bring-in player
  opening for the full bet (hands 295679620, 295679820, 295679998, 295680165: the
  lowest door card bets the completion, nobody brings in), a ``Bet``;
* ``raises [$ 0.20 USD]`` and ``calls [$ 0.10 USD]`` print the chips the line adds
  (game 295680332: "EricBlade: bets [€ 0.05 EURO]" over an open pair of fours,
  "MOURINHO_ raises [€ 0.15 EURO]" to 0.15, "EricBlade calls [€ 0.10 EURO]");
* ``Dealt to P [ 5d, Qs, 7s ].`` (the newer format): the hero's three cards, an
  opponent's door card alone, one card a street after, the hero's river card; the older
  format prints no card until the showdown, whose hands put the deals back
  (``shown_deals``);
* ``shows [ ... ]`` lists the seven cards with the three down cards in any order
  (game 295679620: dealt 5c 4d Ks ... river Js, shown "[ Js, 4d, Ks, Ac, 9d, Qh, 5c ]"):
  the upcards the deals printed stay in their places, the down cards fill the others;
* ``wins $ 0.08 USD from main pot`` is a ``Collect`` without the bet nobody called
  (game 285997460: antes 0.04, bring-in 0.02, a call of 0.02, "Player4: bets [$ 0.10
  USD]" folded to, "Player4 wins $ 0.08 USD"): that bet goes back at the end of its street;
  "with a straight ... [five cards]" after "does not show cards" reveals nothing of
  his own seven;
* no summary: the ``Summary``'s pot is what the lines put in, its rake what the winners
  did not take (game 295679620: 0.42 in, "wins € 0.40 EURO").

Amounts carry a currency (``$``/``USD``, ``€``/``EURO``); times no zone: they are read as
Central European time (Everleaf Gaming was a European network; nothing in the files says
more, see ``docs/sites/everleaf.md``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import ClassVar

from stud_hh.cards import DECK, str_card
from stud_hh.dialects import clock
from stud_hh.dialects.line_parser import GrammarParser, LineError, SiteLines, read_lines
from stud_hh.dialects.money import MEMO_SIZE, cents, chips
from stud_hh.dialects.site_hand import Fields, SiteHand
from stud_hh.events import (
    Ante,
    Collect,
    Game,
    Hand,
    Header,
    Limit,
    NoShow,
    Seat,
    Source,
    Street,
    Summary,
)

SITE = "everleaf"
_GAMES = {"7 Card Stud": Game.STUD, "7 Card Stud Hi/Lo": Game.STUD8, "Razz": Game.RAZZ}
_CARD = {str_card(c): c for c in DECK}
_STREETS = {"THIRD": Street.THIRD, "FOURTH": Street.FOURTH, "FIFTH": Street.FIFTH,
            "SIXTH": Street.SIXTH, "SEVENTH": Street.SEVENTH}
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP", "USD": "USD", "EURO": "EUR", "EUR": "EUR",
               "GBP": "GBP"}
_ACTION = re.compile(r"(?P<name>.+?)(?: posts (?P<bring_in>bring-in) (?P<bring>\S+)\."
                     r"| completes to (?P<complete>\S+)\."
                     r"|: (?P<bet>bets) \[(?P<bet_amount>[^\]]+)\]"
                     r"| (?P<verb>raises|calls) \[(?P<amount>[^\]]+)\]| (?P<quiet>checks|folds))")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \( +(?P<stack>.+) \)")


@lru_cache(maxsize=MEMO_SIZE)
def cards(text: str) -> tuple[int, ...]:
    """``[ 5d, Qs, 7s ]`` -> card ints."""
    try:
        return tuple([_CARD[card] for card in text.strip("[] ").split(", ")])
    except KeyError as exc:
        raise ValueError(f"not a card: {exc.args[0]!r}") from None


def other_game(fields: Fields) -> str | None:
    """Hold'em and Omaha hands are not read."""
    return fields["other_game"]


def _amount(text: str) -> str:
    """``€ 0.01 EURO`` -> ``0.01``."""
    return text.lstrip("$€£ ").partition(" ")[0]


@lru_cache(maxsize=MEMO_SIZE)
def _action(line: str) -> tuple[str, str, str]:
    """A betting line -> (player, what the amount is, the amount as printed)."""
    match = _ACTION.fullmatch(line)
    if match is None:
        raise ValueError(f"unreadable action {line!r}")
    name = match["name"]
    if match["quiet"]:
        return name, match["quiet"], ""
    if match["bring_in"]:
        return name, "bring_in", _amount(match["bring"])
    if match["complete"]:
        return name, "complete_to", _amount(match["complete"])
    if match["bet"]:
        return name, "bet", _amount(match["bet_amount"])
    return name, "raise_added" if match["verb"] == "raises" else "call", _amount(match["amount"])


class EverleafHand(SiteHand):
    """One hand's line tokens -> its seats and events (``HandBuilder``)."""

    readers: ClassVar[dict[str, Callable[[EverleafHand, str], None]]]

    def __init__(self, fields: Fields) -> None:
        small = fields["small"] or ""
        self.currency = _CURRENCIES.get(small[:1])
        super().__init__(fields, cents if self.currency else chips)

    def money_of(self, text: str) -> int:
        return self.money(_amount(text))

    def seat_lines(self, text: str) -> None:
        self.seats_read(read_lines(self.seat, text.partition("\n")[2]))

    def seat(self, line: str) -> Seat:
        match = _SEAT.fullmatch(line)
        if match is None:
            raise ValueError(f"unreadable seat {line!r}")
        if self.currency is None:
            code = match["stack"].rpartition(" ")[2]
            self.currency = _CURRENCIES.get(code)
        return Seat(int(match["seat"]), match["name"], self.money_of(match["stack"]))

    def antes(self, text: str) -> None:  # type: ignore[override]
        super().antes(read_lines(self.ante, text))

    def ante(self, line: str) -> Ante:
        name, _, amount = line.partition(": posts ante [")
        posted = self.money_of(amount[:-1])
        return Ante(name, posted, self.pay(name, posted))

    def deal_lines(self, text: str) -> None:
        for offset, line in enumerate(text.split("\n")):
            try:
                name, _, shown = line[len("Dealt to ") : -1].partition(" [")
                self.deal(name, cards(shown))
            except ValueError as exc:
                raise LineError(str(exc), offset) from None

    def actions(self, text: str) -> None:
        self.read_actions(text, _action)

    def shows(self, text: str) -> None:
        self.start_showdown()
        for line in text.split("\n"):
            name, _, rest = line.partition(" shows [")
            held, _, description = rest.partition("]")
            self.show(name, cards(held), description.strip() or None)

    def no_show(self, text: str) -> None:
        self.start_showdown()
        self.hand.add(NoShow(text.partition(" does not show cards")[0]))

    def wins(self, text: str) -> None:
        self.end_betting()
        for line in text.split("\n"):
            name, _, rest = line.partition(" wins ")
            amount, _, pot = rest.partition(" from ")
            pot = pot.partition(" with ")[0]
            self.hand.add(Collect(name, self.money_of(amount), pot.replace("side pot ",
                                                                           "side pot-")))

    def build(self, source: Source) -> Hand:
        self.end_betting()
        collected = sum(e.amount for e in self.hand.events if type(e) is Collect)
        total = self.put_in()
        self.hand.add(Summary(total, total - collected))
        events = self.events()
        return Hand(header=self.header(), seats=tuple(self.seats), events=tuple(events),
                    source=source)

    def header(self) -> Header:
        f = self.fields
        date = (f["date"] or "").replace(" - ", " ")
        return Header(
            site=SITE, hand_id=f["hand_id"] or "", game=_GAMES[f["game"] or "7 Card Stud"],
            small_bet=self.money_of(f["small"] or "0"), big_bet=self.money_of(f["big"] or "0"),
            started_at=clock.started_at(date, "CET"), table=f["table"] or "",
            limit=Limit.FIXED, ante=self.hand.ante, bring_in=self.hand.bring_in,
            currency=self.currency, play_money=self.currency is None)


def _street(name: str) -> Callable[[EverleafHand, str], None]:
    street = _STREETS[name]

    def reader(builder: EverleafHand, text: str) -> None:
        builder.start_street(street)
    return reader


def _nothing(builder: EverleafHand, text: str) -> None:
    """The header, read before the hand."""


_READERS: dict[str, Callable[[EverleafHand, str], None]] = {
    "HEADER": _nothing,
    "SEATS": EverleafHand.seat_lines,
    "ANTES": EverleafHand.antes,
    **{name: _street(name) for name in _STREETS},
    "DEALS": EverleafHand.deal_lines,
    "ACTIONS": EverleafHand.actions,
    "SHOWS": EverleafHand.shows,
    "NO_SHOW": EverleafHand.no_show,
    "WINS": EverleafHand.wins,
}
EverleafHand.readers = _READERS


class EverleafLines(SiteLines):
    """Rule names of ``everleaf.lark``."""

    outcome = SiteLines.run


@lru_cache(maxsize=2)
def parser(use_cython: bool | None = None) -> GrammarParser:
    """The Everleaf parser (compiled once per process)."""
    return GrammarParser(SITE, EverleafLines(), (), EverleafHand, other_game, use_cython)


__all__ = ["SITE", "EverleafHand", "cards", "other_game", "parser"]
