"""OnGame line tokens -> a ``Hand`` (``grammars/ongame.lark``).

What OnGame writes, and the events it becomes:

* ``Dealing to P: [-, -, Kh]``: every player's new cards, ``-`` one the history hides;
* ``small bring in $0.05`` is the bring-in; ``big bring in $1`` is its player opening for
  the full bet (game R5-292493407-77, $1/$2: "Hero big bring in $1", "Player0 raises $2
  to $2", "Hero calls $1"), a ``Bet``; ``bets $0.10`` over the bring-in is the completion
  (game R5-82086688-609);
* ``raises $1 to $1.37``: the first amount is the street total, the second what the
  player put in the whole hand, antes aside (game R5-78227816-62: bring-in 0.12, 0.25 on
  4th street, then "raises $1 to $1.37" over a $0.50 bet, and "mylonas77 calls $0.50");
* ``calls $0.05`` adds the chips it names;
* no showdown lines: the hands shown are on the summary's seat lines
  (``Seat 2: Hero ($3.47), net: +$1.47, [Jh, 9d, Ac, 7h, Js, 5c, 9h] (TWO_PAIR JACK,
  NINE)``), read as a showdown after the betting; ``Main pot: $2.35 won by Hero ($2.24)``
  is the pot before the rake and what its winner took, ``Rake taken: $0.11`` the rake.

Times carry their zone, as a label (``CET``) or an offset (``GMT+0100``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from functools import lru_cache
from typing import ClassVar

from stud_hh.cards import DECK, str_card
from stud_hh.dialects import clock
from stud_hh.dialects.line_parser import GrammarParser, LineError, SiteLines, read_lines
from stud_hh.dialects.money import MEMO_SIZE, cents, chips, currency_of
from stud_hh.dialects.site_hand import Fields, SiteHand
from stud_hh.events import (
    Ante,
    Collect,
    Game,
    Hand,
    Header,
    Limit,
    Seat,
    Source,
    Street,
    Summary,
)

SITE = "ongame"
_GAMES = {"SEVEN_CARD_STUD": Game.STUD, "SEVEN_CARD_STUD_HI_LO": Game.STUD8,
          "RAZZ": Game.RAZZ}
_CARD: dict[str, int | None] = {str_card(c): c for c in DECK} | {"-": None}
_MONTHS = {m: i for i, m in enumerate(
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"], start=1)}
_ACTION = re.compile(r"(?P<name>.+?) (?:(?P<size>small|big) bring in (?P<bring>\S+)"
                     r"|(?P<verb>bets|calls) (?P<amount>\S+)|raises (?P<to>\S+) to \S+"
                     r"|(?P<quiet>checks|folds))(?P<all_in> and is all-in)?")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]+)\)")
_RESULT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \([^()]+\), net: [+-]?\S+?"
                     r"(?:, \[(?P<cards>[^\]]+)\](?: \((?P<description>[^\n]*)\))?)?")
_WINNER = re.compile(r"(?P<name>.+?) \((?P<amount>[^()]+)\)(?:, |$)")


@lru_cache(maxsize=MEMO_SIZE)
def _deal_line(line: str) -> tuple[str, tuple[int | None, ...]]:
    """``Dealing to P: [cards]`` -> (P, the cards)."""
    name, _, shown = line[len("Dealing to ") : -1].rpartition(": [")
    return name, cards(shown)


@lru_cache(maxsize=MEMO_SIZE)
def cards(text: str) -> tuple[int | None, ...]:
    """``Jh, 9d, Ac`` -> card ints, ``None`` for each ``-``."""
    try:
        return tuple([_CARD[card] for card in text.split(", ")])
    except KeyError as exc:
        raise ValueError(f"not a card: {exc.args[0]!r}") from None


def other_game(fields: Fields) -> str | None:
    """Hold'em and Omaha hands, and pot- or no-limit stud, are not read."""
    if fields["other_game"]:
        return f"{fields['other_game']} {fields['limit']}"
    if fields["limit"] != "LIMIT":
        return f"{fields['game']} {fields['limit']}"
    return None


@lru_cache(maxsize=256)
def started_at(date: str, zone: str, year: str) -> datetime:
    """``Sep 13 22:31:30``, ``GMT+0100`` (or ``CET``), ``2010`` -> an aware datetime."""
    month, day, clock_time = date.split(" ")
    hours, minutes, seconds = map(int, clock_time.split(":"))
    at = (int(year), _MONTHS[month], int(day), hours, minutes, seconds)
    if zone[-5:-4] in "+-" and zone[-4:].isdigit():
        sign = -1 if zone[-5] == "-" else 1
        offset = timedelta(hours=int(zone[-4:-2]), minutes=int(zone[-2:]))
        return datetime(*at, tzinfo=timezone(sign * offset))
    return datetime(*at, tzinfo=clock.zone(zone))


@lru_cache(maxsize=MEMO_SIZE)
def _action(line: str) -> tuple[str, str, str]:
    """A betting line -> (player, what the amount is, the amount as printed); an all-in is
    what the stack says."""
    match = _ACTION.fullmatch(line)
    if match is None:
        raise ValueError(f"unreadable action {line!r}")
    name = match["name"]
    if match["quiet"]:
        return name, match["quiet"], ""
    if match["size"]:
        return name, "bring_in" if match["size"] == "small" else "bet", match["bring"]
    if match["to"]:
        return name, "raise_to", match["to"]
    return name, "bet" if match["verb"] == "bets" else "call", match["amount"]


class OnGameHand(SiteHand):
    """One hand's line tokens -> its seats and events (``HandBuilder``)."""

    readers: ClassVar[dict[str, Callable[[OnGameHand, str], None]]]

    def __init__(self, fields: Fields) -> None:
        self.currency = currency_of(None, fields["small"])
        super().__init__(fields, cents if self.currency else chips)
        self.collects: list[Collect] = []
        self.pots: list[int] = []  # each pot before the rake
        self.shared: list[int] = []  # each pot as its winners shared it, after the rake
        self.rake = 0

    def seat_lines(self, text: str) -> None:
        self.seats_read(read_lines(self.seat, text[text.index("\nSeat ") + 1 :]))

    def seat(self, line: str) -> Seat:
        match = _SEAT.fullmatch(line)
        if match is None:
            raise ValueError(f"unreadable seat {line!r}")
        return Seat(int(match["seat"]), match["name"], self.money(match["stack"]))

    def antes(self, text: str) -> None:  # type: ignore[override]
        super().antes(read_lines(self.ante, text))

    def ante(self, line: str) -> Ante:
        name, _, amount = line.rpartition(" posts ante ")
        posted = self.money(amount)
        return Ante(name, posted, self.pay(name, posted))

    def deal_lines(self, lines: list[str]) -> None:
        for offset, line in enumerate(lines):
            try:
                self.deal(*_deal_line(line))
            except ValueError as exc:
                raise LineError(str(exc), offset) from None

    def pot_lines(self, text: str) -> None:
        self.end_betting()
        for offset, line in enumerate(text.split("\n")):
            pot, _, rest = line.partition(": ")
            amount, _, winners = rest.partition(" won by ")
            self.pots.append(self.money(amount))
            found = _WINNER.findall(winners)
            if not found:
                raise LineError(f"unreadable pot line {line!r}", offset)
            name = "main pot" if pot == "Main pot" else pot.lower().replace("side pot ",
                                                                           "side pot-")
            collects = [Collect(who, self.money(won), name) for who, won in found]
            self.collects += collects
            self.shared.append(sum(c.amount for c in collects))

    def rake_line(self, text: str) -> None:
        self.rake = self.money(text[len("Rake taken: ") :])

    def seat_results(self, text: str) -> None:
        for offset, line in enumerate(text.split("\n")):
            match = _RESULT.fullmatch(line)
            if match is None:
                raise LineError(f"unreadable summary line {line!r}", offset)
            if match["cards"]:
                self.start_showdown()
                shown = cards(match["cards"])
                if None in shown:
                    raise LineError(f"a shown hand with a hidden card: {line!r}", offset)
                self.show(match["name"], shown, match["description"])  # type: ignore[arg-type]

    def build(self, source: Source) -> Hand:
        hand = self.hand
        total = sum(self.pots)
        returned = sum(self.returned.values())
        if returned and total == self.put_in() + returned:  # the pot kept the bet
            self.wins_include_returns = True  # type: ignore[misc]
            total -= returned
        hand.events += self.collects
        shared = self.shared
        main, side = (shared[0], tuple(shared[1:])) if len(shared) > 1 else (None, ())
        hand.add(Summary(total, self.rake, main, side))
        events = self.events()
        return Hand(header=self.header(), seats=tuple(self.seats), events=tuple(events),
                    source=source)

    def header(self) -> Header:
        f = self.fields
        return Header(
            site=SITE, hand_id=f["hand_id"] or "", game=_GAMES[f["game"] or "SEVEN_CARD_STUD"],
            small_bet=self.money(f["small"] or "0"), big_bet=self.money(f["big"] or "0"),
            started_at=started_at(f["date"] or "", f["zone"] or "UTC", f["year"] or ""),
            table=f["table"] or "", limit=Limit.FIXED, ante=self.hand.ante,
            bring_in=self.hand.bring_in, currency=self.currency,
            play_money=f["money"] == "Play money")


def _street(street: Street) -> Callable[[OnGameHand, str], None]:
    """A street's banner (two lines), then its runs of ``Dealing to`` lines (they end with
    the cards' bracket, a betting line never does) and of betting lines, each run read in
    one pass."""
    def reader(builder: OnGameHand, text: str) -> None:
        builder.read_street(street, text, 2, builder.deal_lines, _action)
    return reader


def _nothing(builder: OnGameHand, text: str) -> None:
    """The header (read before the hand), the summary's banner, the hand's last line."""


_READERS: dict[str, Callable[[OnGameHand, str], None]] = {
    "HEADER": _nothing,
    "SEATS": OnGameHand.seat_lines,
    "ANTES": OnGameHand.antes,
    "THIRD": _street(Street.THIRD),
    "FOURTH": _street(Street.FOURTH),
    "FIFTH": _street(Street.FIFTH),
    "SIXTH": _street(Street.SIXTH),
    "SEVENTH": _street(Street.SEVENTH),
    "SUMMARY": _nothing,
    "POTS": OnGameHand.pot_lines,
    "RAKE": OnGameHand.rake_line,
    "SEAT_RESULTS": OnGameHand.seat_results,
    "END": _nothing,
}
OnGameHand.readers = _READERS


@lru_cache(maxsize=2)
def parser(use_cython: bool | None = None) -> GrammarParser:
    """The OnGame parser (compiled once per process)."""
    return GrammarParser(SITE, SiteLines(), (), OnGameHand, other_game, use_cython)


__all__ = ["SITE", "OnGameHand", "cards", "other_game", "parser", "started_at"]
