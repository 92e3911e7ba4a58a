"""Full Tilt line tokens -> a ``Hand``: what each line kind of ``grammars/fulltilt.lark`` says.

How Full Tilt writes what PokerStars writes otherwise (the events are the same):

* ``NAME antes $0.50``, ``NAME brings in for $1``, ``NAME completes it to $3``,
  ``NAME raises to $6`` (the street total: ``by`` is what it adds to the bet it raises),
  ``, and is all in`` at the end of an all-in line;
* ``*** 7TH STREET ***`` for the river; ``NAME is low with [3c]`` names the bring-in (the
  engine knows it from the cards: no event);
* ``Uncalled bet of $3 returned to NAME``; ``NAME wins the pot ($72.50) with ...``
  (``the side pot``, ``the main pot``, ``the high pot``, ...: a ``Collect``);
* the summary's ``Seat N: NAME collected ($9.50), mucked`` and ``mucked [..] - a pair``;
  ``Seat N: NAME is sitting out`` repeats the seat line (no event).

Times are printed in the player's zone, with the Eastern time in brackets after it when
that zone is not ET (``17:10:10 CCT - 2010/12/07 [04:10:10 ET - 2010/12/07]``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import ClassVar

from stud_hh.cards import DECK, str_card
from stud_hh.dialects import clock
from stud_hh.dialects.line_parser import (
    FIELD_ERRORS,
    GrammarParser,
    LineError,
    SiteLines,
    read_lines,
    seats_as_dealt,
)
from stud_hh.dialects.money import MEMO_SIZE, cents, chips, currency_of
from stud_hh.dialects.stud_hand import StudHand, third_street_deal, up_card_deal
from stud_hh.dialects.wagers import StreetBets
from stud_hh.events import (
    Ante,
    Bet,
    BringIn,
    Call,
    Chat,
    Check,
    Collect,
    Complete,
    Deal,
    Event,
    Fold,
    Game,
    Hand,
    Header,
    Limit,
    Muck,
    NoLowHand,
    Raise,
    Seat,
    SeatResult,
    Show,
    ShowdownStart,
    Source,
    Street,
    Summary,
    TableNote,
    UncalledReturn,
)

SITE = "fulltilt"
Fields = dict[str, str | None]

_GAMES = {"stud hi": Game.STUD, "7 card stud": Game.STUD, "stud h/l": Game.STUD8,
          "stud hi/lo": Game.STUD8, "7 card stud hi/lo": Game.STUD8,
          "7 card stud h/l": Game.STUD8, "razz": Game.RAZZ}
_LIMITS = {"Limit": Limit.FIXED, "Pot Limit": Limit.POT, "No Limit": Limit.NO_LIMIT}
_STREETS = {"THIRD": Street.THIRD, "FOURTH": Street.FOURTH, "FIFTH": Street.FIFTH,
            "SIXTH": Street.SIXTH, "SEVENTH": Street.SEVENTH}
_FOLDED_ON = {"3rd St.": Street.THIRD, "4th St.": Street.FOURTH, "5th St.": Street.FIFTH,
              "6th St.": Street.SIXTH, "7th St.": Street.SEVENTH}
_CARD = {str_card(c): c for c in DECK}
_ALL_IN = ", and is all in"
_ACTION = re.compile(r"(?P<name>.+) (?P<verb>calls|checks|folds|bets|raises to|brings in for"
                     r"|completes it to)(?: (?P<amount>[^ ,]+))?(?P<all_in>, and is all in)?")
_WIN = re.compile(r"(?P<name>.+) (?:wins|ties for) the (?P<pot>[a-z #0-9]*pot(?: #?\d+)?) "
                  r"\((?P<amount>[^)]+)\)(?: with (?P<description>.+))?")
_TOTAL = re.compile(r"Total pot (?P<total>\S+)(?: Main pot (?P<main>\S+)\.)?"
                    r"(?P<sides>(?: Side pot(?: #\d+)? \S+\.)*) \| Rake (?P<rake>\S+)")
_SEAT_RESULT = re.compile(
    r"Seat (?P<seat>\d+): (?P<name>.+?) (?:"
    r"folded on (?P<street>\S+ St\.)"
    r"|(?P<showed>showed|mucked) \[(?P<cards>[^\]]+)\](?: and (?:won \((?P<won>[^)]+)\)|lost))?"
    r"(?: with (?P<description>.+)| - (?P<muck_description>.+))?"
    r"|collected \((?P<collected>[^)]+)\)(?:, mucked)?"
    r"|(?P<sat>is sitting out))")
_BUY_IN = re.compile(r"([$€£]?\d[\d,]*(?:\.\d+)?)(?: ?\+ ?([$€£]?\d[\d,]*(?:\.\d+)?))?")
#: pot names as PokerStars writes them (one vocabulary for every consumer)
_POTS = re.compile(r"(?:high |low )?(?P<which>main |side )?pot(?: #?(?P<number>\d+))?")
_NOTES = (
    (" is sitting out", "sitting_out"), (" stands up", "leaves"), (" sits down", "joins"),
    (" has returned", "returned"), (" has timed out", "timed_out"), (" adds ", "rebuy"),
    (" has reconnected", "connected"), (" has been disconnected", "disconnected"),
    (" seconds left to act", "clock"), (" has requested TIME", "clock"), (" is feeling ", "mood"),
)


def cards(text: str) -> tuple[int, ...]:
    """``Ac Kc 8c`` -> card ints."""
    try:
        return tuple([_CARD[card] for card in text.split(" ")])
    except KeyError as exc:
        raise ValueError(f"not a card: {exc.args[0]!r}") from None


def card_groups(line: str) -> tuple[str, list[tuple[int, ...]]]:
    """``NAME [a b] [c]`` -> (``NAME``, [(a, b), (c,)]), groups taken from the right (a
    name may hold brackets of its own)."""
    parts = line.split(" [")
    groups: list[tuple[int, ...]] = []
    while len(parts) > 1 and parts[-1].endswith("]"):
        try:
            groups.append(cards(parts[-1][:-1]))
        except ValueError:
            break
        parts.pop()
    groups.reverse()
    return " [".join(parts), groups


def pot_name(text: str) -> str:
    """Full Tilt's pot names as PokerStars' (``side pot #2`` -> ``side pot-2``; the high
    and low halves of a hi/lo pot are collected from the pot itself)."""
    match = _POTS.fullmatch(text)
    if match is None:
        return text
    which, number = match["which"] or "", match["number"]
    return f"{which}pot-{number}" if number else f"{which}pot"


def other_game(fields: Fields) -> str | None:
    """The game of a hand stud_hh does not read (five card stud, hold'em, pot-limit stud)."""
    if fields["other_game"] is not None:
        return fields["other_game"]
    if fields["limit"] != "Limit":
        return f"{fields['limit']} {fields['game']}"
    return None


class FullTiltHand:
    """One hand's line tokens -> its seats and events (``HandBuilder``)."""

    readers: ClassVar[dict[str, Callable[[FullTiltHand, str], None]]]  # set below

    def __init__(self, fields: Fields) -> None:
        self.fields = fields
        self.currency = currency_of(None, fields["small"])
        self.money: Callable[[str], int] = cents if self.currency else chips
        self.hand = StudHand()
        self.bets = StreetBets()
        self.seats: list[Seat] = []

    def read(self, kind: str, text: str) -> None:
        """One line token of kind ``kind`` (``readers`` is the parser's way in)."""
        _READERS[kind](self, text)

    # --- seats, antes, streets ----------------------------------------------------------------

    def seat_lines(self, text: str) -> None:
        self.seats = read_lines(self.seat, text)

    def seat(self, line: str) -> Seat:
        return _seat(line, self.money)

    def antes(self, text: str) -> None:
        self.hand.antes(_antes(text, self.money))

    def street(self, kind: str, text: str) -> None:
        _, newline, deals = text.partition("\n")
        street = _STREETS[kind]
        self.hand.start_street(street)
        self.bets.new_street()
        if street is Street.SEVENTH:
            self.hand.deal_river(None)
        if newline:
            try:
                self.deal_lines(deals)
            except LineError as exc:
                raise LineError(str(exc), 1 + exc.offset) from None

    def deal_lines(self, text: str) -> None:
        """``Dealt to NAME [cards]`` (3rd street: ``[Td Jd] [As]`` for the hero): a street's
        deals go to the hand together; the river's one by one, each in the place of the
        hidden card the banner gave its player."""
        hand = self.hand
        street = hand.street
        if street is Street.SEVENTH:
            read_lines(lambda line: hand.deal(*_dealt(line, street)), text)
        elif street is Street.THIRD:
            hand.deal_third(read_lines(lambda line: _deal_event(line, street), text))
        else:
            hand.deal_up(read_lines(lambda line: _deal_event(line, street), text))

    # --- betting --------------------------------------------------------------------------------

    def actions(self, text: str) -> None:
        """A run of betting lines (one loop: a hand has a few dozen). Each line is read
        once per session (``_action``); here only the street's totals move."""
        events: list[Event] = []
        append, money, bets = events.append, self.money, self.bets
        for offset, line in enumerate(text.split("\n")):
            try:
                event = _action(line, money)
            except FIELD_ERRORS as exc:
                raise LineError(str(exc) or type(exc).__name__, offset) from None
            if type(event) is Raise:  # "raises to X": what it adds depends on the bet before
                event = bets.raise_to(event.player, event.to, event.all_in)
            elif type(event) is not Check and type(event) is not Fold:
                bets.add(event)
            append(event)
        self.hand.actions(events)

    def uncalled(self, text: str) -> None:
        amount, _, name = text[len("Uncalled bet of ") :].partition(" returned to ")
        self.hand.add(UncalledReturn(name, self.money(amount)))

    # --- showdown and summary -----------------------------------------------------------------

    def show(self, text: str) -> None:
        at = text.index(" shows [")
        name, rest = text[:at], text[at + 8 :]
        shown, _, description = rest.partition("]")
        show = Show(name, cards(shown), description.strip() or None)
        self.hand.reveal(name, show.cards)
        self.hand.add(show)

    def muck(self, text: str) -> None:
        if text.endswith(" mucks"):
            self.hand.add(Muck(text[: -len(" mucks")]))
            return
        name, groups = card_groups(text)
        muck = Muck(name[: -len(" mucks")], groups[0] if groups else ())
        self.hand.reveal(muck.player, muck.cards)
        self.hand.add(muck)

    def win(self, text: str) -> None:
        match = _WIN.fullmatch(text)
        if match is None:
            raise ValueError(f"unreadable win line {text!r}")
        self.hand.add(Collect(match["name"], self.money(match["amount"]), pot_name(match["pot"])))

    def total_pot(self, text: str) -> None:
        match = _TOTAL.fullmatch(text)
        if match is None:
            raise ValueError("unreadable Total pot line")
        money = self.money
        sides = tuple(money(side.rsplit(" ", 1)[-1][:-1])
                      for side in match["sides"].split(" Side pot")[1:])
        main = match["main"]
        self.hand.add(Summary(money(match["total"]), money(match["rake"]),
                              money(main) if main else None, sides))

    def seat_results(self, text: str) -> None:
        results = [r for r in read_lines(self.seat_result, text) if r is not None]
        self.hand.seat_results(results)

    def seat_result(self, line: str) -> SeatResult | None:
        return _seat_result(line, self.money)


    # --- table noise --------------------------------------------------------------------------

    def note(self, text: str) -> None:
        self.hand.add(_note(text))

    def chat(self, text: str) -> None:
        name, _, message = text.partition(": ")
        self.hand.add(Chat(name, message))

    # --- the hand -------------------------------------------------------------------------------

    def build(self, source: Source) -> Hand:
        events = self.hand.finish()
        return Hand(header=self.header(), seats=seats_as_dealt(self.seats, events),
                    events=events, source=source)

    def header(self) -> Header:
        fields, money = self.fields, self.money
        if fields["date_et"]:
            started = clock.started_at(f"{fields['date_et']} {fields['time_et']}", "ET")
        else:
            started = clock.started_at(f"{fields['date']} {fields['time']}",
                                       fields["zone"] or "ET")
        tournament = fields["tournament_id"]
        return Header(
            site=SITE,
            hand_id=fields["hand_id"] or "",
            game=_GAMES[(fields["game"] or "").casefold()],
            small_bet=money(fields["small"] or ""),
            big_bet=money(fields["big"] or ""),
            started_at=started,
            table=fields["table"] or fields["tournament_table"] or "",
            limit=_LIMITS[fields["limit"] or "Limit"],
            ante=self.hand.ante,
            bring_in=self.hand.bring_in,
            currency=self.currency,
            play_money=self.currency is None and tournament is None,
            tournament_id=tournament,
            buy_in=_buy_in(fields["buy_in"]) if tournament else None,
            mixed=fields["mixed"],
        )


@lru_cache(maxsize=MEMO_SIZE)
def _seat_result(line: str, money: Callable[[str], int]) -> SeatResult | None:
    """A summary line ``Seat N: NAME ...`` (None: a seat sitting out, as the seat line says)."""
    match = _SEAT_RESULT.fullmatch(line)
    if match is None:
        raise ValueError(f"unreadable summary line {line!r}")
    seat, name = int(match["seat"]), match["name"]
    if match["sat"]:
        return None  # the seat line says it already
    if match["street"]:
        return SeatResult(seat, name, "folded", street=_FOLDED_ON[match["street"]])
    if match["collected"]:
        return SeatResult(seat, name, "collected", won=money(match["collected"]))
    won = match["won"]
    return SeatResult(seat, name, match["showed"], won=money(won) if won else None,
                      cards=cards(match["cards"]),
                      description=match["description"] or match["muck_description"])


@lru_cache(maxsize=MEMO_SIZE)
def _dealt(line: str, street: Street) -> tuple[str, tuple[int, ...]]:
    """``Dealt to NAME [cards]`` -> (NAME, the cards dealt now); a session repeats its lines."""
    name, groups = card_groups(line[len("Dealt to ") :])
    if not groups:
        raise ValueError("no cards in the Dealt line")
    if street is Street.THIRD and len(groups) > 1:
        return name, groups[-2] + groups[-1]
    return name, groups[-1]


@lru_cache(maxsize=MEMO_SIZE)
def _deal_event(line: str, street: Street) -> Deal:
    name, dealt = _dealt(line, street)
    if street is Street.THIRD:
        return third_street_deal(name, dealt)
    return up_card_deal(street, name, dealt)


@lru_cache(maxsize=MEMO_SIZE)
def _action(line: str, money: Callable[[str], int]) -> Event:
    """A betting line as its event (a raise as ``Raise(name, 0, to)``: the hand sizes it)."""
    match = _ACTION.fullmatch(line)
    if match is None:
        raise ValueError(f"unreadable action {line!r}")
    name, verb, amount = match["name"], match["verb"], match["amount"]
    all_in = match["all_in"] is not None
    if verb == "checks":
        return Check(name)
    if verb == "folds":
        return Fold(name)
    if verb == "raises to":
        return Raise(name, 0, money(amount), all_in)
    if verb == "calls":
        return Call(name, money(amount), all_in)
    if verb == "bets":
        return Bet(name, money(amount), all_in)
    if verb == "brings in for":
        return BringIn(name, money(amount), all_in)
    return Complete(name, money(amount), all_in)


def _buy_in(text: str | None) -> str | None:
    """``$2 + $0.10 Heads Up Sit & Go`` -> ``$2+$0.10`` (as PokerStars prints a buy-in)."""
    match = _BUY_IN.match(text or "")
    if match is None:
        return None
    return "+".join(part for part in match.groups() if part)


@lru_cache(maxsize=MEMO_SIZE)
def _seat(line: str, money: Callable[[str], int]) -> Seat:
    """``Seat 3: NAME ($294.50)``, maybe ``, is sitting out`` (a player sitting out keeps
    his stack: read once)."""
    sitting_out = line.endswith(", is sitting out")
    if sitting_out:
        line = line[: -len(", is sitting out")]
    colon = line.index(": ")
    paren = line.rindex(" (")
    return Seat(int(line[5:colon]), line[colon + 2 : paren], money(line[paren + 2 : -1]),
                sitting_out=sitting_out)


@lru_cache(maxsize=MEMO_SIZE)
def _antes(text: str, money: Callable[[str], int]) -> tuple[Ante, ...]:
    """A run of ante lines: a table posts the same antes hand after hand (read once)."""
    return tuple(read_lines(lambda line: _ante(line, money), text))


@lru_cache(maxsize=MEMO_SIZE)
def _note(text: str) -> TableNote:
    """A line of table noise (``X is sitting out``): a session repeats them."""
    for marker, kind in _NOTES:
        at = text.find(marker)
        if at >= 0:
            return TableNote(kind, text[:at] if at else "", text)
    raise ValueError(f"unreadable table note {text!r}")


@lru_cache(maxsize=MEMO_SIZE)
def _ante(line: str, money: Callable[[str], int]) -> Ante:
    """``NAME antes $0.50``, maybe ``, and is all in``."""
    all_in = line.endswith(_ALL_IN)
    if all_in:
        line = line[: -len(_ALL_IN)]
    name, _, amount = line.rpartition(" antes ")
    return Ante(name, money(amount), all_in)


def _street_reader(kind: str) -> Callable[[FullTiltHand, str], None]:
    return lambda builder, text: builder.street(kind, text)


def _fixed(event: Event) -> Callable[[FullTiltHand, str], None]:
    return lambda builder, text: builder.hand.add(event)


def _nothing(builder: FullTiltHand, text: str) -> None:
    """A line that only repeats what other lines say (``is low with``, the banners)."""


_READERS: dict[str, Callable[[FullTiltHand, str], None]] = {
    "HEADER": _nothing,
    "SEATS": FullTiltHand.seat_lines,
    "ANTES": FullTiltHand.antes,
    **{kind: _street_reader(kind) for kind in _STREETS},
    "DEALS": FullTiltHand.deal_lines,
    "BRING_IN_CARD": _nothing,
    "ACTIONS": FullTiltHand.actions,
    "UNCALLED": FullTiltHand.uncalled,
    "SHOW": FullTiltHand.show,
    "MUCK": FullTiltHand.muck,
    "WIN": FullTiltHand.win,
    "NO_LOW": _fixed(NoLowHand()),
    "SHOW_DOWN": _fixed(ShowdownStart()),
    "SUMMARY": _nothing,
    "TOTAL_POT": FullTiltHand.total_pot,
    "SEAT_RESULTS": FullTiltHand.seat_results,
    "TABLE_NOTE": FullTiltHand.note,
    "CLOCK": lambda builder, text: builder.hand.add(TableNote("clock", "", text)),
    "CHAT": FullTiltHand.chat,
}
FullTiltHand.readers = _READERS  # one look-up per line token


class FullTiltLines(SiteLines):
    """Rule names of ``fulltilt.lark`` (runs of lines and the rest, see ``SiteLines``)."""

    hand = SiteLines.flatten


@lru_cache(maxsize=2)
def parser(use_cython: bool | None = None) -> GrammarParser:
    """The Full Tilt parser (compiled once per process)."""
    return GrammarParser(SITE, FullTiltLines(), ("TABLE_NOTE", "CLOCK", "CHAT"),
                         FullTiltHand, other_game, use_cython, hand_rule="hand")


__all__ = ["SITE", "FullTiltHand", "cards", "other_game", "parser", "pot_name"]
