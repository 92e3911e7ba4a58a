"""Absolute Poker / Ultimate Bet line tokens -> a ``Hand`` (``grammars/absolute.lark``).

What Absolute writes, and the events it becomes:

* ``PLAYER1 - Pocket [H H Js 10d]`` on every street: each player's cards so far (``H`` a
  hidden card, ``10`` a ten); the cards past those already dealt are the street's, and a
  folded hero's line that repeats his three cards deals nothing;
* ``Bring-In $0.01`` is the bring-in; ``Bets``, ``Calls``, ``Raises`` and ``All-In`` print
  the chips the line adds (game 1300000000: "PLAYER3 - Bets $0.04", "PLAYER6 - Calls
  $0.04"); a bet over the bring-in alone is the completion;
* ``Shows [5s 8d 3s Qc 6c Qs 9s] (One pair, queens)``: the seven cards as dealt;
  ``PLAYER3 Collects $0.19 from main pot`` a ``Collect``; ``Total Pot($0.43) | Rake
  ($0.04)`` the pot before the rake. A split hi/lo pot is two collects (game
  1300000000: $0.39 after the rake, "PLAYER3 Collects $0.19" for the low half,
  "PLAYER6 Collects $0.20" for the high half, which takes the odd chip).

Times carry their zone in brackets: ``(ET)``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import ClassVar

from stud_hh.cards import DECK, str_card
from stud_hh.dialects import clock
from stud_hh.dialects.line_parser import GrammarParser, LineError, SiteLines, read_lines
from stud_hh.dialects.money import MEMO_SIZE, cents, chips, currency_of
from stud_hh.dialects.shown_cards import arrange_shown
from stud_hh.dialects.site_hand import Fields, SiteHand
from stud_hh.events import (
    Ante,
    Collect,
    Game,
    Hand,
    Header,
    Limit,
    Muck,
    Seat,
    Source,
    Street,
    Summary,
)

SITE = "absolute"
_GAMES = {"Seven Card Hi/Lo": Game.STUD8, "7 Card Stud": Game.STUD,
          "Seven Card Stud": Game.STUD, "Razz": Game.RAZZ}
_CARD: dict[str, int | None] = ({str_card(c): c for c in DECK} | {"H": None}
                                | {f"10{str_card(c)[1]}": c for c in DECK
                                   if str_card(c)[0] == "T"})
_ACTION = re.compile(r"(?P<name>.+?) - (?:(?P<verb>Bring-In|Bets|Calls|All-In|All-In\(Raise\))"
                     r" (?P<amount>\S+)|Raises (?P<added>\S+)(?: to (?P<to>\S+))?"
                     r"|(?P<quiet>Checks|Folds))")
_VERBS = {"Bring-In": "bring_in", "Bets": "bet", "Calls": "call", "All-In": "all_in",
          "All-In(Raise)": "raise_added"}


@lru_cache(maxsize=MEMO_SIZE)
def cards(text: str) -> tuple[int | None, ...]:
    """``H H Js 10d`` -> card ints, ``None`` for each ``H``."""
    try:
        return tuple([_CARD[card] for card in text.split(" ")])
    except KeyError as exc:
        raise ValueError(f"not a card: {exc.args[0]!r}") from None


@lru_cache(maxsize=MEMO_SIZE)
def _pocket(line: str) -> tuple[str, tuple[int | None, ...]]:
    """``PLAYER1 - Pocket [H H Js 10d]`` -> (``PLAYER1``, the cards)."""
    name, _, held = line[:-1].rpartition(" - Pocket [")
    return name, cards(held)


@lru_cache(maxsize=MEMO_SIZE)
def _cents(text: str) -> int:
    """``$0.04``, ``€ 1.50`` (a space after the euro sign) -> cents."""
    return cents(text.replace(" ", ""))


@lru_cache(maxsize=MEMO_SIZE)
def _chips(text: str) -> int:
    return chips(text.replace(" ", ""))


def known_cards(text: str) -> tuple[int, ...]:
    shown = cards(text)
    if None in shown:
        raise ValueError(f"a shown hand with a hidden card: [{text}]")
    return shown  # type: ignore[return-value]


def other_game(fields: Fields) -> str | None:
    """Hold'em and Omaha hands, and pot- or no-limit stud, are not read."""
    if fields["other_game"]:
        return f"{fields['other_game'].strip()} {fields['limit']}"
    if (fields["limit"] or "").upper() not in ("NORMAL", "LIMIT"):
        return f"{fields['game']} {fields['limit']}"
    return None


@lru_cache(maxsize=MEMO_SIZE)
def _action(line: str) -> tuple[str, str, str]:
    """A betting line -> (player, what the amount is, the amount as printed)."""
    match = _ACTION.fullmatch(line)
    if match is None:
        raise ValueError(f"unreadable action {line!r}")
    if match["quiet"]:
        return match["name"], match["quiet"], ""
    if match["to"]:
        return match["name"], "raise_to", match["to"]
    if match["added"]:
        return match["name"], "raise_added", match["added"]
    return match["name"], _VERBS[match["verb"]], match["amount"]


class AbsoluteHand(SiteHand):
    """One hand's line tokens -> its seats and events (``HandBuilder``)."""

    readers: ClassVar[dict[str, Callable[[AbsoluteHand, str], None]]]

    def __init__(self, fields: Fields) -> None:
        self.currency = currency_of(None, (fields["small"] or "").strip())
        super().__init__(fields, _cents if self.currency else _chips)
        self.table = ""

    def table_line(self, text: str) -> None:
        """``Table: TORONTO (Real Money)`` -> ``TORONTO``."""
        self.table = text[len("Table: ") :].partition(" (")[0]

    def seat_lines(self, text: str) -> None:
        self.seats_read(read_lines(self.seat, text))

    def seat(self, line: str) -> Seat:
        """``Seat 1 - PLAYER1 ($0.17 in chips)``: the grammar checked the line, so the name
        runs from the first `` - `` to the last `` (`` (an amount has no brackets)."""
        number, _, rest = line.partition(" - ")
        name, _, stack = rest.rpartition(" (")
        return Seat(int(number[len("Seat ") :]), name, self.money(stack[: -len(" in chips)")]))

    def antes(self, text: str) -> None:  # type: ignore[override]
        super().antes(read_lines(self.ante, text))

    def ante(self, line: str) -> Ante:
        name, _, amount = line.rpartition(" - Ante ")
        posted = self.money(amount)
        return Ante(name, posted, self.pay(name, posted))

    def pocket_lines(self, lines: list[str]) -> None:
        """Each player's cards so far: the ones past those dealt already are new."""
        street = self.hand.street
        third, river = street is Street.THIRD, street is Street.SEVENTH
        dealt_to, deal = self.dealt, self.deal
        for offset, line in enumerate(lines):
            try:
                name, seen = _pocket(line)
                known = dealt_to.get(name)
                if known is None:
                    if third:
                        deal(name, seen)
                    continue
                if third:
                    continue
                dealt = len(known)
                if river and dealt == 7 and known[6] is None:
                    dealt = 6  # the hidden river card the banner gave him
                for card in seen[dealt:]:  # none when he has nothing new
                    deal(name, (card,))
            except ValueError as exc:
                raise LineError(str(exc), offset) from None

    def showdown_banner(self, text: str) -> None:
        self.start_showdown()

    def shows(self, text: str) -> None:
        for line in text.split("\n"):
            name, _, rest = line.partition(" - ")
            verb, _, rest = rest.partition(" [")
            held, _, description = rest.partition("]")
            if verb == "Mucks":  # face up: the cards are known, as a shown hand's are
                mucked = arrange_shown(self.dealt.get(name, []), known_cards(held))
                self.hand.reveal(name, mucked)
                self.hand.add(Muck(name, mucked))
            else:
                self.show(name, known_cards(held), description.strip()[1:-1] or None)

    def collects(self, text: str) -> None:
        for line in text.split("\n"):
            name, _, rest = line.rpartition(" Collects ")
            amount, _, pot = rest.partition(" from ")
            self.hand.add(Collect(name, self.money(amount), pot.replace("side pot ",
                                                                          "side pot-")))

    def total_pot(self, text: str) -> None:
        self.end_betting()
        total, _, rake = text[len("Total Pot(") :].partition(")")
        rake = rake.partition("Rake (")[2].rstrip(")")
        self.hand.add(Summary(self.money(total), self.money(rake) if rake else 0))

    def build(self, source: Source) -> Hand:
        events = self.events()
        return Hand(header=self.header(), seats=tuple(self.seats), events=tuple(events),
                    source=source)

    def header(self) -> Header:
        f = self.fields
        return Header(
            site=SITE, hand_id=f["hand_id"] or "", game=_GAMES[f["game"] or "7 Card Stud"],
            small_bet=self.money(f["small"] or "0"), big_bet=self.money(f["big"] or "0"),
            started_at=clock.started_at((f["date"] or "").replace("-", "/"), f["zone"] or "ET"),
            table=self.table, limit=Limit.FIXED, ante=self.hand.ante, bring_in=self.hand.bring_in,
            currency=self.currency, play_money=self.currency is None)


def _street(street: Street) -> Callable[[AbsoluteHand, str], None]:
    """A street's banner, then its runs of ``Pocket`` lines (they end with the cards'
    bracket, a betting line never does) and of betting lines, each run read in one pass."""
    def reader(builder: AbsoluteHand, text: str) -> None:
        builder.read_street(street, text, 1, builder.pocket_lines, _action)
    return reader


def _nothing(builder: AbsoluteHand, text: str) -> None:
    """The header (read before the hand), the table line, banners, the seats' results."""


_READERS: dict[str, Callable[[AbsoluteHand, str], None]] = {
    "HEADER": _nothing,
    "TABLE": AbsoluteHand.table_line,
    "SEATS": AbsoluteHand.seat_lines,
    "ANTES": AbsoluteHand.antes,
    "THIRD": _street(Street.THIRD),
    "FOURTH": _street(Street.FOURTH),
    "FIFTH": _street(Street.FIFTH),
    "SIXTH": _street(Street.SIXTH),
    "SEVENTH": _street(Street.SEVENTH),
    "SHOW_DOWN": AbsoluteHand.showdown_banner,
    "SHOWS": AbsoluteHand.shows,
    "COLLECTS": AbsoluteHand.collects,
    "SUMMARY": _nothing,
    "TOTAL_POT": AbsoluteHand.total_pot,
    "SEAT_RESULTS": _nothing,
}
AbsoluteHand.readers = _READERS


class AbsoluteLines(SiteLines):
    """Rule names of ``absolute.lark``."""

    showdown = SiteLines.flatten


@lru_cache(maxsize=2)
def parser(use_cython: bool | None = None) -> GrammarParser:
    """The Absolute parser (compiled once per process)."""
    return GrammarParser(SITE, AbsoluteLines(), (), AbsoluteHand, other_game, use_cython)


__all__ = ["SITE", "AbsoluteHand", "cards", "other_game", "parser"]
