"""Winning Poker Network line tokens -> a ``Hand`` (``grammars/winning.lark``).

Both of the network's formats map into the same events:

* today's: ``NAME raises $0.04 to $0.04`` names the street total (``by`` is what it adds
  to the bet it raises, as PokerStars prints it); ``NAME does not show`` is a ``NoShow``;
  the ``Main pot ...`` line after a banner repeats what the bets say (no event); the
  summary's ``Total pot`` is what the winners shared: the ``Summary`` adds the rake and the
  jackpot fee back (``total_pot`` is everything put in, ``rake`` every fee taken from it).
* the older one: ``Player NAME raises (4)`` is a raise to 4 on the street, ``calls (0.60)``
  the chips added; the summary's ``Pot: 8.15. Rake 0.11. JP fee 0.04`` is again net of fees,
  and ``Collects: 8.15`` per player is the ``Collect``. Its amounts carry no currency (the
  network's cash games are in US dollars) and its times no zone (read as Eastern time).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import ClassVar

from stud_hh.cards import DECK, str_card
from stud_hh.dialects import clock
from stud_hh.dialects.line_parser import (
    GrammarParser,
    LineError,
    SiteLines,
    read_lines,
    seats_as_dealt,
)
from stud_hh.dialects.money import MEMO_SIZE, cents, chips
from stud_hh.dialects.stud_hand import UP_THIRD, StudHand, third_street_deal, up_card_deal
from stud_hh.dialects.wagers import StreetBets
from stud_hh.events import (
    Ante,
    Bet,
    BringIn,
    Call,
    Chat,
    Check,
    Collect,
    Deal,
    Event,
    Fold,
    Game,
    Hand,
    Header,
    Limit,
    Muck,
    NoShow,
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

SITE = "winning"
Fields = dict[str, str | None]

_GAMES = {"7Stud": Game.STUD, "7Stud H/L": Game.STUD8, "Razz": Game.RAZZ,
          "Seven Cards Stud": Game.STUD, "Seven Cards Stud HiLow": Game.STUD8}
_LIMITS = {"Fixed Limit": Limit.FIXED, "Pot Limit": Limit.POT, "No Limit": Limit.NO_LIMIT}
_STREETS = {"3rd": Street.THIRD, "4th": Street.FOURTH, "5th": Street.FIFTH, "6th": Street.SIXTH,
            "7th": Street.SEVENTH}
#: the older format names each street after the one before it
_CLASSIC_STREETS = {"Third": Street.FOURTH, "Fourth": Street.FIFTH, "Fifth": Street.SIXTH,
                    "Sixth": Street.SEVENTH}
_CARD = {str_card(c): c for c in DECK} | {f"10{str_card(c)[1]}": c
                                        for c in DECK if str_card(c)[0] == "T"}
_ALL_IN = " and is all-in"
_ACTION = re.compile(r"(?P<name>.+) (?P<verb>calls|checks|folds|bets|raises|brings[- ]in(?: low)?)"
                     r"(?: (?P<amount>\S+)(?: to (?P<to>\S+))?)?(?P<all_in> and is all-in)?")
_CLASSIC_ACTION = re.compile(r"Player (?P<name>.+) (?P<verb>bring in|calls|bets|raises|allin|caps"
                             r"|cap|checks|folds)(?: \((?P<amount>[\d.,]+)\))?")
_FEE = re.compile(r"(?:Rake|JP Fee|JP fee) \$?(\d[\d,]*(?:\.\d+)?)")
_SEAT_RESULT = re.compile(
    r"Seat (?P<seat>\d+): (?P<name>.+?) (?:folded on the (?P<street>\S+) Street"
    r"(?P<didnt_bet> and did not bet)?"
    r"|did not show and won (?P<won_quietly>\S+)"
    r"|(?P<showed>showed|mucked) \[(?P<cards>[^\]]+)\](?: and (?:won (?P<won>\S+)|lost))?"
    r"(?: with (?P<description>.+))?)")
_CLASSIC_RESULT = re.compile(
    r"\*?Player (?P<name>.+?) (?:shows: (?P<description>.+?) \[(?P<cards>[^\]]+)\]"
    r"(?P<low> Low hand \([^)]*\))?|mucks \(does not show cards\)|does not show cards)"
    r" ?\.? ?Bets: (?P<bets>[\d.,]+)\. Collects: (?P<collects>[\d.,]+)\."
    r" (?:Wins|Loses): [\d.,]+\.?")
_NOTES = (
    (" joined the table", "joins"), (" left the table", "leaves"), (" sits out", "sitting_out"),
    (" sitting out", "sitting_out"), (" sits in", "returned"), (" has returned", "returned"),
    (" is disconnected", "disconnected"), (" is connected", "connected"),
    (" has timed out", "timed_out"), (" seats", "joins"),
)


def cards(text: str) -> tuple[int, ...]:
    """``Ac 10d 8c`` -> card ints (the older format writes tens as ``10``)."""
    try:
        return tuple([_CARD[card] for card in text.split(" ")])
    except KeyError as exc:
        raise ValueError(f"not a card: {exc.args[0]!r}") from None


def other_game(fields: Fields) -> str | None:
    """The game of a hand stud_hh does not read: hold'em, Omaha, pot- or no-limit stud."""
    if fields["classic_other"]:
        return fields["classic_other"]
    if fields["other_game"]:
        return f"{fields['other_game']} {fields['limit']}"
    if fields["limit"] is not None and fields["limit"] != "Fixed Limit":
        return f"{fields['game']} {fields['limit']}"
    return None


def _fees(text: str, money: Callable[[str], int]) -> int:
    return sum(money(amount) for amount in _FEE.findall(text))


class WinningHand:
    """One hand's line tokens -> its seats and events (``HandBuilder``), either format."""

    readers: ClassVar[dict[str, Callable[[WinningHand, str], None]]]  # set below

    def __init__(self, fields: Fields) -> None:
        self.fields = fields
        self.classic = fields["classic_id"] is not None
        small = fields["small"] or ""
        self.currency = "USD" if self.classic or small.startswith("$") else None
        self.money: Callable[[str], int] = cents if self.currency else chips
        self.hand = StudHand()
        self.bets = StreetBets()
        self.seats: list[Seat] = []
        self.third: dict[str, list[int | None]] = {}  # older format: 3rd-street cards so far
        self.dealing = False

    def read(self, kind: str, text: str) -> None:
        """One line token of kind ``kind`` (``readers`` is the parser's way in)."""
        _READERS[kind](self, text)

    # --- today's format -----------------------------------------------------------------------

    def seat_lines(self, text: str) -> None:
        self.seats = read_lines(self.seat, text)

    def seat(self, line: str) -> Seat:
        line = line.lstrip(" ")
        sitting_out = line.endswith(" is sitting out")
        if sitting_out:
            line = line[: -len(" is sitting out")]
        if line.endswith(")."):  # the older format
            line = line[:-1]
        colon = line.index(": ")
        paren = line.rindex(" (")
        return Seat(int(line[5:colon]), line[colon + 2 : paren],
                    self.money(line[paren + 2 : -1]), sitting_out=sitting_out)

    def antes(self, text: str) -> None:
        self.hand.antes(read_lines(self.ante, text))

    def ante(self, line: str) -> Ante:
        return _ante(line, self.money)

    def street(self, text: str) -> None:
        banner, *rest = text.split("\n")
        self._start(_STREETS[banner[4:7]])
        deals = [line for line in rest if line.startswith("Dealt to ")]
        if deals:
            self.deal_lines("\n".join(deals), first=len(rest) - len(deals) + 1)

    def _start(self, street: Street) -> None:
        self.hand.start_street(street)
        self.bets.new_street()
        if street is Street.SEVENTH:
            self.hand.deal_river(None)

    def deal_lines(self, text: str, first: int = 0) -> None:
        hand = self.hand
        for offset, line in enumerate(text.split("\n")):
            try:
                name, dealt = _dealt(line)
                if hand.street is Street.THIRD:
                    hand.deal_third([third_street_deal(name, dealt)])
                elif hand.street is Street.SEVENTH:
                    hand.deal(name, dealt)
                else:
                    hand.deal_up([up_card_deal(hand.street, name, dealt)])
            except ValueError as exc:
                raise LineError(str(exc), first + offset) from None

    def actions(self, text: str) -> None:
        self.hand.actions(read_lines(self.action, text))

    def action(self, line: str) -> Event:
        event = _action(line, self.money)
        if type(event) is Raise:  # "raises $X to $Y": sized by the bet it raises
            return self.bets.raise_to(event.player, event.to, event.all_in)
        self.bets.add(event)
        return event

    def uncalled(self, text: str) -> None:
        amount, _, name = text[len("Uncalled bet (") :].partition(") returned to ")
        self.hand.add(UncalledReturn(name, self.money(amount)))

    def show(self, text: str) -> None:
        at = text.index(" shows [")
        name, rest = text[:at], text[at + 8 :]
        shown, _, description = rest.partition("]")
        description = description.strip()
        show = Show(name, cards(shown), description[1:-1] if description else None)
        self.hand.reveal(name, show.cards)
        self.hand.add(show)

    def muck(self, text: str) -> None:
        if text.endswith(" mucks"):
            self.hand.add(Muck(text[: -len(" mucks")]))
            return
        name, _, shown = text.partition(" mucks [")
        muck = Muck(name, cards(shown[:-1]))
        self.hand.reveal(name, muck.cards)
        self.hand.add(muck)

    def no_show(self, text: str) -> None:
        self.hand.add(NoShow(text[: -len(" does not show")]))

    def collect(self, text: str) -> None:
        name, _, rest = text.rpartition(" collected ")
        amount, _, pot = rest.partition(" from ")
        self.hand.add(Collect(name, self.money(amount), _pot_name(pot)))

    def total_pot(self, text: str) -> None:
        """``Total pot $0.36 | Rake $0.01 | JP Fee $0.02``: the shared pot, then the fees."""
        shared, _, fees_text = text[len("Total pot ") :].partition(" | ")
        amount = shared.split(" ", 1)[0]
        fees = _fees(fees_text, self.money)
        self.hand.add(Summary(self.money(amount) + fees, fees))

    def seat_results(self, text: str) -> None:
        results = read_lines(self.seat_result, text)
        self.hand.seat_results(results)
        # a winner nobody called collects in the summary only ("did not show and won $0.36")
        collected = {e.player for e in self.hand.events if type(e) is Collect}
        for result in results:
            if result.won and result.player not in collected:
                self._before_summary(Collect(result.player, result.won))

    def seat_result(self, line: str) -> SeatResult:
        return _seat_result(line, self.money)

    # --- the older format ---------------------------------------------------------------------

    def classic_antes(self, text: str) -> None:
        self.hand.antes(_classic_antes(text, self.money))

    def classic_deals(self, text: str) -> None:
        """A run of ``Player NAME received card: [10d]`` / ``received a card.`` lines: on
        3rd street three cards each, gathered until the run ends; later one card each."""
        hand = self.hand
        if not self.dealing:
            self.dealing = True
            self._start(Street.THIRD)
        dealt = read_lines(_classic_dealt, text)
        street = hand.street
        if street is Street.THIRD:
            third = self.third
            for name, card in dealt:
                third.setdefault(name, []).append(card)
            self._third_street_deals()
        elif street is Street.SEVENTH:  # the hero's river card; the others' stay hidden
            for name, card in dealt:
                if card is not None:
                    hand.deal(name, (card,))
        else:
            for offset, (_, card) in enumerate(dealt):
                if card is None:
                    raise LineError(f"a hidden card on {street.label}", offset)
            hand.deal_up([up_card_deal(street, name, (card,)) for name, card in dealt])

    def _third_street_deals(self) -> None:
        deals = []
        for name, dealt in self.third.items():
            if len(dealt) != 3 or dealt[2] is None:
                raise ValueError(f"{name} was dealt {len(dealt)} cards on 3rd street")
            deals.append(Deal(Street.THIRD, name, tuple(dealt), UP_THIRD))
        self.hand.deal_third(deals)
        self.third = {}

    def classic_street(self, text: str) -> None:
        self._start(_CLASSIC_STREETS[text.split(" ")[1]])

    def classic_actions(self, text: str) -> None:
        self.hand.actions(read_lines(self.classic_action, text))

    def classic_action(self, line: str) -> Event:
        name, verb, amount, event = _classic_action(line, self.money)
        if event is not None:  # a check, fold, call, bet or bring-in: the line says it all
            if amount:
                self.bets.add(event)
            return event
        bets = self.bets
        if verb in ("raises", "caps", "cap"):
            return bets.raise_to(name, amount)
        # "allin": what he had left: a bet, a call or a raise
        if bets.level == 0:
            event = Bet(name, amount, True)
        elif amount <= bets.owed(name):
            event = Call(name, amount, True)
        else:
            return bets.raise_by_added(name, amount, True)
        bets.add(event)
        return event

    def classic_muck(self, text: str) -> None:
        self.hand.add(Muck(text[len("Player ") : -len(" mucks cards")]))

    def classic_summary(self, text: str) -> None:
        """``Pot: 8.15. Rake 0.11. JP fee 0.04``: the shared pot and the fees."""
        pot_line = text.split("\n")[1]
        shared, _, fees_text = pot_line[len("Pot: ") :].partition(" ")
        fees = _fees(fees_text.replace("Rake ", "Rake $").replace("fee ", "Fee $"), self.money)
        self.hand.add(Summary(self.money(shared.rstrip(".")) + fees, fees))

    def classic_results(self, text: str) -> None:
        for offset, line in enumerate(text.split("\n")):
            match = _CLASSIC_RESULT.fullmatch(line)
            if match is None:
                raise LineError(f"unreadable summary line {line!r}", offset)
            name = match["name"]
            if match["cards"]:
                shown = cards(match["cards"])
                description = match["description"] + (match["low"] or "")
                self.hand.reveal(name, shown)
                self._before_summary(Show(name, shown, description))
            collects = self.money(match["collects"])
            if collects:
                self._before_summary(Collect(name, collects))

    def _before_summary(self, event: Event) -> None:
        """The older format tells the showdown in its summary: the events go before it."""
        events = self.hand.events
        at = next(i for i in range(len(events) - 1, -1, -1) if type(events[i]) is Summary)
        events.insert(at, event)

    # --- noise and the hand -------------------------------------------------------------------

    def note(self, text: str) -> None:
        for marker, kind in _NOTES:
            at = text.find(marker)
            if at >= 0:
                self.hand.add(TableNote(kind, text[:at], text))
                return
        name, _, message = text.partition(": ")
        self.hand.add(Chat(name, message))

    def build(self, source: Source) -> Hand:
        if self.third:  # the older format's 3rd street, when nothing followed its cards
            self._third_street_deals()
        events = self.hand.finish()
        return Hand(header=self.header(), seats=seats_as_dealt(self.seats, events),
                    events=events, source=source)

    def header(self) -> Header:
        f, money = self.fields, self.money
        if self.classic:
            return Header(
                site=SITE, hand_id=f["classic_id"] or "", game=_GAMES[f["classic_game"] or ""],
                small_bet=money(f["classic_small"] or ""), big_bet=money(f["classic_big"] or ""),
                started_at=clock.started_at(f["classic_date"] or "", "ET"),
                table=(f["classic_table"] or "").strip(), ante=self.hand.ante,
                bring_in=self.hand.bring_in, currency=self.currency,
                max_seats=int(f["classic_max"]) if f["classic_max"] else None)
        return Header(
            site=SITE, hand_id=f["hand_id"] or "", game=_GAMES[f["game"] or ""],
            small_bet=money(f["small"] or ""), big_bet=money(f["big"] or ""),
            started_at=clock.started_at(f["date"] or "", f["zone"] or "UTC"),
            table=f["table"] or "", limit=_LIMITS[f["limit"] or "Fixed Limit"],
            ante=self.hand.ante, bring_in=self.hand.bring_in, currency=self.currency,
            play_money=self.currency is None and f["tournament_id"] is None,
            max_seats=int(f["max_seats"]) if f["max_seats"] else None,
            tournament_id=f["tournament_id"], level=f["level"])


@lru_cache(maxsize=MEMO_SIZE)
def _action(line: str, money: Callable[[str], int]) -> Event:
    """A betting line as its event (a raise as ``Raise(name, 0, to)``: the hand sizes it)."""
    match = _ACTION.fullmatch(line)
    if match is None:
        raise ValueError(f"unreadable action {line!r}")
    name, verb, all_in = match["name"], match["verb"], match["all_in"] is not None
    if verb == "checks":
        return Check(name)
    if verb == "folds":
        return Fold(name)
    amount = money(match["amount"])
    if verb == "raises":
        return Raise(name, 0, money(match["to"]), all_in)
    if verb == "calls":
        return Call(name, amount, all_in)
    if verb == "bets":
        return Bet(name, amount, all_in)
    return BringIn(name, amount, all_in)


@lru_cache(maxsize=MEMO_SIZE)
def _classic_action(
    line: str, money: Callable[[str], int]
) -> tuple[str, str, int, Event | None]:
    """An older-format betting line -> (player, verb, amount, and its event where the line
    alone says what it is: all but raises and all-ins, which depend on the street's bets).
    A session repeats these lines: they are read once."""
    match = _CLASSIC_ACTION.fullmatch(line)
    if match is None:
        raise ValueError(f"unreadable action {line!r}")
    name, verb = match["name"], match["verb"]
    if verb == "checks":
        return name, verb, 0, Check(name)
    if verb == "folds":
        return name, verb, 0, Fold(name)
    amount = money(match["amount"])
    if verb in ("raises", "caps", "cap", "allin"):
        return name, verb, amount, None
    event = (Call(name, amount) if verb == "calls" else Bet(name, amount) if verb == "bets"
             else BringIn(name, amount))
    return name, verb, amount, event


@lru_cache(maxsize=MEMO_SIZE)
def _classic_dealt(line: str) -> tuple[str, int | None]:
    """``Player NAME received card: [10s]`` -> (NAME, the card); ``... received a card.``
    -> (NAME, None)."""
    line = line[len("Player ") :]
    if line.endswith(" received a card."):
        return line[: -len(" received a card.")], None
    name, _, shown = line.partition(" received card: [")
    return name, cards(shown[:-1])[0]


@lru_cache(maxsize=MEMO_SIZE)
def _classic_antes(text: str, money: Callable[[str], int]) -> tuple[Ante, ...]:
    """A run of ``Player NAME ante (0.15)`` lines: a table posts the same antes hand after
    hand (read once)."""
    return tuple(read_lines(lambda line: _classic_ante(line, money), text))


def _classic_ante(line: str, money: Callable[[str], int]) -> Ante:
    name, _, amount = line[len("Player ") :].rpartition(" ante (")
    return Ante(name.removesuffix(" posts"), money(amount[:-1]))


@lru_cache(maxsize=MEMO_SIZE)
def _ante(line: str, money: Callable[[str], int]) -> Ante:
    """``NAME posts ante $0.02``, maybe ``and is all-in``."""
    all_in = line.endswith(_ALL_IN)
    if all_in:
        line = line[: -len(_ALL_IN)]
    name, _, amount = line.rpartition(" posts ante ")
    return Ante(name, money(amount), all_in)


@lru_cache(maxsize=MEMO_SIZE)
def _dealt(line: str) -> tuple[str, tuple[int, ...]]:
    """``Dealt to NAME [cards]`` or ``... [earlier cards] [new card]`` -> (NAME, new cards)."""
    name, _, last = line[len("Dealt to ") :].rpartition(" [")
    if " [" in name and name.rpartition(" [")[2].endswith("]"):
        name = name.rpartition(" [")[0]
    return name, cards(last[:-1])


@lru_cache(maxsize=MEMO_SIZE)
def _seat_result(line: str, money: Callable[[str], int]) -> SeatResult:
    """A summary line ``Seat N: NAME ...``."""
    match = _SEAT_RESULT.fullmatch(line)
    if match is None:
        raise ValueError(f"unreadable summary line {line!r}")
    seat, name = int(match["seat"]), match["name"]
    if match["street"]:
        return SeatResult(seat, name, "folded", street=_STREETS[match["street"]],
                          didnt_bet=match["didnt_bet"] is not None)
    if match["won_quietly"]:
        return SeatResult(seat, name, "collected", won=money(match["won_quietly"]))
    won = match["won"]
    return SeatResult(seat, name, match["showed"], won=money(won) if won else None,
                      cards=cards(match["cards"]), description=match["description"])


def _pot_name(text: str) -> str:
    """``main pot``, ``side pot(1)`` -> PokerStars' ``main pot``, ``side pot-1``."""
    text = text.strip().lower()
    if not text:
        return "pot"
    if text.startswith("side pot"):
        number = "".join(ch for ch in text if ch.isdigit())
        return f"side pot-{number}" if number else "side pot"
    return "main pot" if text.startswith("main") else "pot"


def _fixed(event: Event) -> Callable[[WinningHand, str], None]:
    return lambda builder, text: builder.hand.add(event)


def _nothing(builder: WinningHand, text: str) -> None:
    """A line that only repeats what others say (the header, the summary banner)."""


_READERS: dict[str, Callable[[WinningHand, str], None]] = {
    "HEADER": _nothing,
    "SEATS": WinningHand.seat_lines,
    "ANTES": WinningHand.antes,
    **dict.fromkeys(("THIRD", "FOURTH", "FIFTH", "SIXTH", "SEVENTH"), WinningHand.street),
    "DEALS": WinningHand.deal_lines,
    "ACTIONS": WinningHand.actions,
    "UNCALLED": WinningHand.uncalled,
    "SHOW": WinningHand.show,
    "MUCK": WinningHand.muck,
    "NO_SHOW": WinningHand.no_show,
    "COLLECT": WinningHand.collect,
    "SHOW_DOWN": _fixed(ShowdownStart()),
    "SUMMARY": _nothing,
    "TOTAL_POT": WinningHand.total_pot,
    "SEAT_RESULTS": WinningHand.seat_results,
    "CLASSIC_SEATS": WinningHand.seat_lines,
    "CLASSIC_ANTES": WinningHand.classic_antes,
    "CLASSIC_DEALS": WinningHand.classic_deals,
    "CLASSIC_STREET": WinningHand.classic_street,
    "CLASSIC_ACTIONS": WinningHand.classic_actions,
    "CLASSIC_MUCK": WinningHand.classic_muck,
    "CLASSIC_SUMMARY": WinningHand.classic_summary,
    "CLASSIC_RESULTS": WinningHand.classic_results,
    "ENDED": _nothing,
    "NOTE": WinningHand.note,
}
WinningHand.readers = _READERS  # one look-up per line token


class WinningLines(SiteLines):
    """Rule names of ``winning.lark`` (runs and flat rules)."""

    classic_lines = SiteLines.run
    hand = modern = classic = classic_streets = SiteLines.flatten


@lru_cache(maxsize=2)
def parser(use_cython: bool | None = None) -> GrammarParser:
    """The Winning Poker Network parser (compiled once per process)."""
    return GrammarParser(SITE, WinningLines(), ("NOTE",), WinningHand, other_game, use_cython,
                         hand_rule="hand")


__all__ = ["SITE", "WinningHand", "cards", "other_game", "parser"]
