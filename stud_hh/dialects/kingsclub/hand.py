"""KingsClub line tokens -> a ``Hand`` (``grammars/kingsclub.lark``).

What KingsClub writes, and the events it becomes:

* no banner for 3rd street, and the later ones one street early (``*** 3RD STREET ***``
  deals the fourth card: game 37581152 bets the big bet, 88, under it over an open pair
  of sevens, and the small bet is 44; game 39969428 bets 40 under it and 80 under
  ``*** 4TH STREET ***``);
* ``Dealt to P: [X X 2s]``: an ``X`` is a card the history hides;
* ``brings in for 33.16`` is the bring-in; ``bets 44`` over it the completion;
  ``raises to 77.16`` and ``calls 121.16`` name the street total (game 37581152:
  "Player2 bets 44", "Player3 raises to 77.16", "Player4 raises to 121.16", "Player2
  calls 121.16", and Player2's summary line says he lost 154.32: the 33.16 ante and
  121.16); ``, and is all in`` ends an all-in line;
* ``Player3 shows [...]``: a shown hand, at the end or, for an all-in player, as soon
  as the betting is over (game 3537921 shows five cards on 5th street, then deals the
  rest);
* ``Rake 5`` and ``Player3 wins pot (1,294.60)``: the winner's collect, after the rake
  and without the bet nobody called (game 3537921: "Player4 bets 1,000", "Player1 folds",
  "Player4 wins pot (4,100)", Player4 +2,850 in the summary: the 1,000 came back).

* an all-in player's hand shown before the last cards are dealt is read as shown with the
  upcards dealt since, just before the river (whose card KingsClub never shows: "Dealt
  to Player3: [X]"): six cards, all he held face up or shown, which is what the replay
  and the validator take from a hand shown before the river.

Amounts carry no currency symbol but cents, a rake is taken and the corpus's files are
named ``USD``: they are read as US dollars. Times carry no zone: read as UTC.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from functools import lru_cache
from typing import ClassVar

from stud_hh.cards import DECK, str_card
from stud_hh.dialects.line_parser import GrammarParser, LineError, SiteLines, read_lines
from stud_hh.dialects.money import MEMO_SIZE, cents
from stud_hh.dialects.site_hand import Fields, SiteHand
from stud_hh.events import (
    Ante,
    Collect,
    Game,
    Hand,
    Header,
    Limit,
    Seat,
    Show,
    Source,
    Street,
    Summary,
)

SITE = "kingsclub"
_GAMES = {"Seven Card Stud": Game.STUD, "Seven Card Stud Hi-Lo": Game.STUD8,
          "Razz": Game.RAZZ}
_CARD: dict[str, int | None] = {str_card(c): c for c in DECK} | {"X": None}
_ALL_IN = ", and is all in"
_ACTION = re.compile(r"(?P<name>.+?) (?:brings in for (?P<bring>\S+)|bets (?P<bet>\S+)"
                     r"|raises to (?P<to>\S+)|calls (?P<call>\S+)|(?P<quiet>checks|folds))")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]+)\)")


@lru_cache(maxsize=MEMO_SIZE)
def _deal_line(line: str) -> tuple[str, tuple[int | None, ...]]:
    """``Dealt to P: [cards]`` -> (P, the cards)."""
    name, _, shown = line[len("Dealt to ") : -1].rpartition(": [")
    return name, cards(shown)


@lru_cache(maxsize=MEMO_SIZE)
def cards(text: str) -> tuple[int | None, ...]:
    """``X X 2s`` -> card ints, ``None`` for each ``X``."""
    try:
        return tuple([_CARD[card] for card in text.split(" ")])
    except KeyError as exc:
        raise ValueError(f"not a card: {exc.args[0]!r}") from None


def other_game(fields: Fields) -> str | None:
    """2-7 razz and the other games of the club's mixes, and pot- or no-limit stud."""
    if fields["other_game"]:
        return f"{fields['other_game']} {fields['limit']}"
    if fields["limit"] != "Limit":
        return f"{fields['game']} {fields['limit']}"
    return None


@lru_cache(maxsize=MEMO_SIZE)
def _action(line: str) -> tuple[str, str, str]:
    """A betting line -> (player, what the amount is, the amount as printed); an all-in is
    what the stack says."""
    match = _ACTION.fullmatch(line.removesuffix(_ALL_IN))
    if match is None:
        raise ValueError(f"unreadable action {line!r}")
    name = match["name"]
    if match["quiet"]:
        return name, match["quiet"], ""
    if match["bring"]:
        return name, "bring_in", match["bring"]
    if match["bet"]:
        return name, "bet", match["bet"]
    if match["to"]:
        return name, "raise_to", match["to"]
    return name, "call_to", match["call"]


class KingsClubHand(SiteHand):
    """One hand's line tokens -> its seats and events (``HandBuilder``)."""

    readers: ClassVar[dict[str, Callable[[KingsClubHand, str], None]]]

    def __init__(self, fields: Fields) -> None:
        super().__init__(fields, cents)
        self.started = False
        self.shown: dict[str, tuple[int, ...]] = {}
        self.rake = 0

    def third_street(self) -> None:
        if not self.started:
            self.started = True
            self.start_street(Street.THIRD)

    def seat_lines(self, text: str) -> None:
        self.seats_read(read_lines(self.seat, text))

    def seat(self, line: str) -> Seat:
        match = _SEAT.fullmatch(line)
        if match is None:
            raise ValueError(f"unreadable seat {line!r}")
        return Seat(int(match["seat"]), match["name"], self.money(match["stack"]))

    def antes(self, text: str) -> None:  # type: ignore[override]
        super().antes(read_lines(self.ante, text))

    def ante(self, line: str) -> Ante:
        name, _, amount = line.removesuffix(_ALL_IN).rpartition(": posts ante ")
        posted = self.money(amount)
        return Ante(name, posted, self.pay(name, posted))

    def deal_lines(self, text: str) -> None:
        self.third_street()
        for offset, line in enumerate(text.split("\n")):
            try:
                self.deal(*_deal_line(line))
            except ValueError as exc:
                raise LineError(str(exc), offset) from None

    def actions(self, text: str) -> None:
        self.read_actions(text, _action)

    def shows(self, text: str) -> None:
        for offset, line in enumerate(text.split("\n")):
            name, _, held = line[:-1].rpartition(" shows [")
            shown = cards(held)
            if None in shown:
                raise LineError(f"a shown hand with a hidden card: {line!r}", offset)
            self.shown[name] = shown  # type: ignore[assignment]

    def start_street(self, street: Street) -> None:
        """An all-in hand shown before the river is read as shown with the upcards dealt
        since, right before the river's hidden cards (``show_now``)."""
        if street is Street.SEVENTH and self.shown:
            self.close_street()
            self.show_now()
        super().start_street(street)

    def show_now(self) -> None:
        for name, shown in self.shown.items():
            self.show(name, shown, None)
        self.shown = {}

    def summary(self, text: str) -> None:
        """The betting is over: the hands shown are the showdown."""
        self.end_betting()
        if self.shown or any(type(e) is Show for e in self.hand.events):
            self.start_showdown()
        self.show_now()

    def rake_line(self, text: str) -> None:
        self.rake = self.money(text[len("Rake ") :])

    def wins(self, text: str) -> None:
        for line in text.split("\n"):
            name, _, rest = line[:-1].rpartition(" wins ")
            pot, _, amount = rest.partition(" (")
            self.hand.add(Collect(name, self.money(amount),
                                  "pot" if pot == "pot" else pot.replace(" ", "-")))

    def build(self, source: Source) -> Hand:
        self.hand.add(Summary(self.put_in(), self.rake))
        events = self.events()
        return Hand(header=self.header(), seats=tuple(self.seats), events=tuple(events),
                    source=source)

    def header(self) -> Header:
        f = self.fields
        return Header(
            site=SITE, hand_id=f["hand_id"] or "", game=_GAMES[f["game"] or "Seven Card Stud"],
            small_bet=self.money(f["small"] or "0"), big_bet=self.money(f["big"] or "0"),
            started_at=datetime.fromisoformat(f["date"] or "").replace(tzinfo=UTC),
            table=f["table"] or "", limit=Limit.FIXED, ante=self.hand.ante,
            bring_in=self.hand.bring_in, currency="USD")


def _street(street: Street) -> Callable[[KingsClubHand, str], None]:
    def reader(builder: KingsClubHand, text: str) -> None:
        builder.third_street()
        builder.start_street(street)
    return reader


def _nothing(builder: KingsClubHand, text: str) -> None:
    """The header (read before the hand) and the seats' results."""


_READERS: dict[str, Callable[[KingsClubHand, str], None]] = {
    "HEADER": _nothing,
    "SEATS": KingsClubHand.seat_lines,
    "ANTES": KingsClubHand.antes,
    "FOURTH": _street(Street.FOURTH),
    "FIFTH": _street(Street.FIFTH),
    "SIXTH": _street(Street.SIXTH),
    "SEVENTH": _street(Street.SEVENTH),
    "DEALS": KingsClubHand.deal_lines,
    "ACTIONS": KingsClubHand.actions,
    "SHOWS": KingsClubHand.shows,
    "SUMMARY": KingsClubHand.summary,
    "SEAT_RESULTS": _nothing,
    "RAKE": KingsClubHand.rake_line,
    "WINS": KingsClubHand.wins,
}
KingsClubHand.readers = _READERS


@lru_cache(maxsize=2)
def parser(use_cython: bool | None = None) -> GrammarParser:
    """The KingsClub parser (compiled once per process)."""
    return GrammarParser(SITE, SiteLines(), (), KingsClubHand, other_game, use_cython)


__all__ = ["SITE", "KingsClubHand", "cards", "other_game", "parser"]
