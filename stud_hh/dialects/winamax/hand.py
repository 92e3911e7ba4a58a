"""Winamax line tokens -> a ``Hand`` (``grammars/winamax.lark``).

What Winamax writes, and the events it becomes:

* ``Dealt to Player0 [X X 8h]``: an ``X`` is a card the history hides (``None``); the hero's
  are all printed; ``[X X 8h 5c Js Ad] [X]`` on the river adds nothing to the hidden river
  card every player still in gets. The export (``*** THIRD ***`` banners) prints no card
  as it is dealt: a player's deals come from the hand he shows (``shown_deals``).
* ``brings in 10€`` / ``bring-in 0.02`` is the bring-in; ``raises X to Y`` puts the
  player's street total at Y plus his own bring-in, which Winamax leaves out of Y (and out
  of the bet faced, so that X = Y less the completion or bet faced). Over the bring-in
  alone it is the completion (``Complete``), else a ``Raise``. Hand 9250793-1578-
  1479092164: "Player0 brings in 10€", "Player1 raises 25€ to 25€" (the completion),
  "Player0 raises -6.10€ to 18.90€": Player0 puts in his last 18.90€, a 28.90€ total, a
  short all-in raise of 3.90€ over 25€, which "Player1 calls 3.90€" confirms.
* an action that empties the player's stack is all-in, printed so or not (the negative
  raise is not);
* no uncalled bet is returned and the winner collects it (``uncalled``); ``Total pot X |
  Rake Y``: X is what was collected, after the rake, so the pot is X + Y;
* ``collected 114€ from pot(HI)`` and ``(LO)``: the two halves of a split pot.

Money: euros in cents; play money (``(play money)``, amounts with cents) in hundredths of
a chip; tournament chips as they are. Times are UTC (the zone is printed).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import ClassVar, TypeVar

from stud_hh.cards import DECK, str_card
from stud_hh.dialects import clock
from stud_hh.dialects.line_parser import (
    FIELD_ERRORS,
    GrammarParser,
    LineError,
    SiteLines,
    read_lines,
)
from stud_hh.dialects.money import MEMO_SIZE, SYMBOLS, cents, chips
from stud_hh.dialects.shown_deals import put_shown_deals
from stud_hh.dialects.stud_hand import UP_THIRD, StudHand
from stud_hh.dialects.uncalled import street_return, take_from_wins
from stud_hh.dialects.wagers import StreetBets, as_all_in
from stud_hh.events import (
    Ante,
    Bet,
    BringIn,
    Call,
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
    Seat,
    SeatResult,
    Show,
    ShowdownStart,
    Source,
    Street,
    Summary,
)

SITE = "winamax"
_T = TypeVar("_T")
Fields = dict[str, str | None]

_GAMES = {"7-Card Stud": Game.STUD, "7stud": Game.STUD, "7-Card Stud Hi/Lo": Game.STUD8,
          "7stud8": Game.STUD8, "Razz": Game.RAZZ}
_STREETS = {"3rd": Street.THIRD, "THIRD": Street.THIRD, "4th": Street.FOURTH,
            "FOURTH": Street.FOURTH, "5th": Street.FIFTH, "FIFTH": Street.FIFTH,
            "6th": Street.SIXTH, "SIXTH": Street.SIXTH, "7th": Street.SEVENTH,
            "SEVENTH": Street.SEVENTH}
_CARD: dict[str, int | None] = {str_card(c): c for c in DECK} | {"X": None}
_ALL_IN = " and is all-in"
#: the betting verbs that put chips in (a call or bet of nothing moves a total all the same)
_WAGERS = frozenset({"calls", "bets", "brings in", "bring-in"})
_ACTION = re.compile(r"(?P<name>.+) (?:(?P<verb>folds|checks)|(?P<wager>calls|bets|brings in|"
                     r"bring-in) (?P<amount>\S+)|raises (?P<by>-?\S+) to (?P<to>\S+))")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^,()]+)(?:, [^)]* bounty)?\)")
_SEAT_RESULT = re.compile(
    r"Seat (?P<seat>\d+): (?P<name>.+?) (?:showed \[(?P<cards>[^\]]+)\] and (?:won (?P<won>\S+)"
    r"|lost)(?: with (?P<description>.+))?|won (?P<collected>\S+)(?: with .+)?"
    r"|folded on the (?P<street>\S+)(?: street)?.*|(?P<mucked>mucked).*)")
_TOURNAMENT_TABLE = re.compile(r"\((?P<id>\d+)\)#\d+$")


@lru_cache(maxsize=MEMO_SIZE)  # a session repeats its lines: the same players bet the same amounts
def _read_action(line: str, money: Callable[[str], int]) -> tuple[str, str, int, bool,
                                                                  Event | None]:
    """``Hero raises 25€ to 25€`` -> (``Hero``, ``raises``, 2500 (the "to"), all-in, None);
    a fold, a check, a call, a bet or a bring-in comes with its event (a raise's depends on
    the bring-in: ``WinamaxHand.raise_to``)."""
    all_in = line.endswith(_ALL_IN)
    match = _ACTION.fullmatch(line.removesuffix(_ALL_IN))
    if match is None:
        raise ValueError(f"unreadable action {line!r}")
    name, verb = match["name"], match["verb"]
    if verb == "folds":
        return name, verb, 0, False, Fold(name)
    if verb == "checks":
        return name, verb, 0, False, Check(name)
    if match["to"] is not None:
        return name, "raises", money(match["to"]), all_in, None
    wager, paid = match["wager"], money(match["amount"])
    event = (Call(name, paid, all_in) if wager == "calls" else Bet(name, paid, all_in)
             if wager == "bets" else BringIn(name, paid, all_in))
    return name, wager, paid, all_in, event


@lru_cache(maxsize=MEMO_SIZE)
def _read_deal(line: str) -> tuple[str, tuple[int | None, ...]]:
    """``Dealt to NAME [cards]`` or ``[cards so far] [new]`` -> (NAME, the new card(s))."""
    body = line[len("Dealt to ") : -1]
    name, _, new = body.rpartition(" [")
    if name.endswith("]"):  # [cards so far] [new]
        name = name.rpartition(" [")[0]
    return name, cards(new)


@lru_cache(maxsize=MEMO_SIZE)
def _third_street_deal(line: str) -> Deal:
    """``Dealt to NAME [Kd 3s X]``: his three cards (hidden ones ``None``)."""
    name, dealt = _read_deal(line)
    if len(dealt) != 3:
        raise ValueError(f"{len(dealt)} cards dealt on 3rd street")
    return Deal(Street.THIRD, name, dealt, UP_THIRD)


@lru_cache(maxsize=MEMO_SIZE)
def _up_card_deal(line: str, street: Street) -> Deal:
    """A 4th to 6th-street ``Dealt to NAME [cards so far] [new]``: the new upcard."""
    name, dealt = _read_deal(line)
    if len(dealt) != 1:
        raise ValueError(f"{len(dealt)} new cards on one street")
    return Deal(street, name, dealt, (True,))


@lru_cache(maxsize=1024)  # the same players sit with the same stacks hand after hand
def _read_seat(line: str, money: Callable[[str], int]) -> Seat:
    match = _SEAT.fullmatch(line)
    if match is None:
        raise ValueError(f"unreadable seat {line!r}")
    return Seat(int(match["seat"]), match["name"], money(match["stack"]))


def cards(text: str) -> tuple[int | None, ...]:
    """``Kd 3s X`` -> card ints, ``None`` for each ``X``."""
    try:
        return tuple([_CARD[card] for card in text.split(" ")])
    except KeyError as exc:
        raise ValueError(f"not a card: {exc.args[0]!r}") from None


#: the ``Dealt to`` lines that open a street (after its banner): they come first, and a
#: betting line never ends with a bracket
_DEAL_BLOCK = re.compile(r"(?:Dealt to [^\n]*\](?:\n|\Z))*")


def below(read: Callable[..., _T], *args: object, first: int = 1) -> _T:
    """``read(*args)`` on the lines below a token's first line (``first``: the offset of
    the first of them): a field error names its line of the token."""
    try:
        return read(*args)
    except LineError as exc:
        raise LineError(str(exc), exc.offset + first) from None
    except FIELD_ERRORS as exc:
        raise LineError(str(exc) or type(exc).__name__, first) from None


def known_cards(text: str) -> tuple[int, ...]:
    """Cards a player showed: every one printed."""
    shown = cards(text)
    if None in shown:
        raise ValueError(f"a shown hand with a hidden card: [{text}]")
    return shown  # type: ignore[return-value]


@lru_cache(maxsize=MEMO_SIZE)
def _cents(text: str) -> int:
    """``33.90€`` -> 3390 (Winamax puts the currency symbol after the amount)."""
    return cents(text.rstrip("€$£"))


@lru_cache(maxsize=MEMO_SIZE)
def _chips(text: str) -> int:
    return chips(text.rstrip("€$£"))


_AMOUNT_THEN_SYMBOL = re.compile(r"(\d[\d.,]*)([€$£])")


def _buy_in(printed: str | None) -> str | None:
    """``4.50€ + 0.50€`` -> ``€4.50+€0.50``: the buy-in as PokerStars writes one (symbol
    first, no spaces), so that the hand written as PokerStars text reads back."""
    if printed is None:
        return None
    return _AMOUNT_THEN_SYMBOL.sub(r"\2\1", printed).replace(" + ", "+")


def other_game(fields: Fields) -> str | None:
    """Hold'em, Omaha and draw hands, and pot- or no-limit stud, are not read."""
    if fields["other_game"]:
        return f"{fields['other_game']} {fields['limit']}"
    if fields["limit"] != "fixed limit":
        return f"{fields['game']} {fields['limit']}"
    return None


class WinamaxHand:
    """One hand's line tokens -> its seats and events (``HandBuilder``)."""

    #: line kind -> how a token of that kind is read (set below the readers)
    readers: ClassVar[dict[str, Callable[[WinamaxHand, str], None]]]

    def __init__(self, fields: Fields) -> None:
        self.fields = fields
        stakes = fields["stakes"] or ""
        self.currency = next((code for symbol, code in SYMBOLS.items() if symbol in stakes),
                             None)
        self.tournament = fields["tournament"] is not None
        self.play_money = self.currency is None and not self.tournament
        #: euros and play money (which has cents) in hundredths, tournament chips whole
        self.money: Callable[[str], int] = _chips if self.tournament else _cents
        #: read here, so that a stake that makes no sense names the header's line
        self.stakes = [self.money(part) for part in stakes.split("/")]
        self.hand = StudHand()
        self.bets = StreetBets()
        self.seats: list[Seat] = []
        self.stacks: dict[str, int] = {}
        self.in_hand: set[str] = set()  # posted an ante or acted
        self.brought_in: dict[str, int] = {}  # this street's bring-in, by player
        self.table = ""
        self.max_seats: int | None = None
        self.button: int | None = None
        self.betting = True  # until the showdown, the collects or the summary
        self.returned: dict[str, int] = {}  # bets nobody called, by player
        self.banners: list[int] = []  # where each street's StreetStart is in the events

    def end_betting(self) -> None:
        """The showdown, the collects or the summary: the last street's betting is over."""
        if self.betting:
            self._close_street()
            self.betting = False

    def _close_street(self) -> None:
        """A street's betting is over: a bet nobody called goes back (Winamax prints no
        return: ``uncalled``)."""
        put = self.bets.put
        back = street_return(put)[0] if put else None
        if back is not None:
            self.hand.add(back)
            self.returned[back.player] = self.returned.get(back.player, 0) + back.amount

    # --- the table, seats, antes ----------------------------------------------------------------

    def table_line(self, text: str) -> None:
        name_end = text.rindex("' ")
        self.table = text[len("Table: '") : name_end]
        after = text[name_end + 2 :]
        self.max_seats = int(after.partition("-max")[0])
        button = after.partition(" Seat #")[2].partition(" ")[0]
        self.button = int(button) if button and button != "0" else None

    def seat_lines(self, text: str) -> None:
        self.seats = read_lines(self.seat, text)
        self.stacks = {seat.player: seat.stack for seat in self.seats}

    def seat(self, line: str) -> Seat:
        return _read_seat(line, self.money)

    def antes(self, text: str) -> None:
        """``*** ANTE/BLINDS ***`` and the antes posted under it."""
        _, newline, lines = text.partition("\n")
        if newline:
            self.hand.antes(below(read_lines, self.ante, lines))

    def ante(self, line: str) -> Ante:
        name, _, amount = line.rpartition(" posts ante ")
        amount = amount.removesuffix(_ALL_IN)
        posted = self.money(amount)
        return Ante(name, posted, self._pay(name, posted) or line.endswith(_ALL_IN))

    def _pay(self, name: str, amount: int) -> bool:
        """``name`` puts ``amount`` in; whether it was all he had left."""
        self.in_hand.add(name)
        left = self.stacks.get(name)
        if left is None:
            return False
        self.stacks[name] = left - amount
        return left - amount == 0 and amount > 0

    # --- streets, cards, betting ----------------------------------------------------------------

    def street(self, text: str) -> None:
        """A street: its banner, the cards dealt on it and its betting."""
        banner, newline, lines = text.partition("\n")
        self.banner(banner)
        if not newline:
            return
        block = _DEAL_BLOCK.match(lines)  # (it may be empty)
        end = block.end() if block else 0
        if end:
            below(self.deal_lines, lines[: end - 1] if lines[end - 1] == "\n" else lines)
        if end < len(lines):
            below(self.actions, lines[end:], first=1 + lines.count("\n", 0, end))

    def banner(self, text: str) -> None:
        street = _STREETS[text[4:].split(" ")[0]]
        self._close_street()
        self.banners.append(len(self.hand.events))
        self.hand.start_street(street)
        self.bets.new_street()
        self.brought_in = {}
        if street is Street.SEVENTH:
            self.hand.deal_river(None)

    def deal_lines(self, text: str) -> None:
        """A street's ``Dealt to`` lines: dealt together (the river's one by one, each in
        the place of the hidden card the banner gave its player)."""
        hand = self.hand
        street = hand.street
        if street is Street.THIRD:
            hand.deal_third(read_lines(_third_street_deal, text))
        elif street is Street.SEVENTH:
            read_lines(self.deal, text)
        else:
            hand.deal_up(read_lines(lambda line: _up_card_deal(line, street), text))

    def deal(self, line: str) -> None:
        """A river ``Dealt to NAME [cards so far] [new]`` (``X`` where the card is hidden)."""
        name, dealt = _read_deal(line)
        if dealt != (None,):  # the hero's river card, in place of his hidden one
            self.hand.deal(name, dealt)  # type: ignore[arg-type]

    def actions(self, text: str) -> None:
        """A run of betting lines (one loop: a hand has a few dozen of them). Most lines are
        the same event in every hand (``_read_action``): they only move the street's totals
        and the stacks here."""
        events: list[Event] = []
        append, money, in_hand = events.append, self.money, self.in_hand
        bets = self.bets
        for offset, line in enumerate(text.split("\n")):
            try:
                name, verb, amount, all_in, event = _read_action(line, money)
                in_hand.add(name)
                if event is None:
                    event = self.raise_to(name, amount, all_in)
                elif amount or verb in _WAGERS:  # (a fold or a check changes nothing)
                    if verb == "calls":
                        bets.called(name, amount)
                    else:  # a bet or the bring-in: the street's total is his
                        bets.reached(name, amount)
                        if verb != "bets":
                            self.brought_in[name] = amount
                    event = self._paid(name, amount, all_in, event)
            except FIELD_ERRORS as exc:
                raise LineError(str(exc) or type(exc).__name__, offset) from None
            append(event)
        self.hand.actions(events)

    def raise_to(self, name: str, to: int, all_in: bool) -> Event:
        """``raises X to Y``: Y leaves out the player's own bring-in (see the module
        docstring); over the bring-in alone it is the completion."""
        bets = self.bets
        before = bets.put.get(name, 0)
        event: Event
        to += self.brought_in.get(name, 0)
        if bets.level and bets.level == max(self.brought_in.values(), default=-1):
            event = Complete(name, to, all_in)
            bets.add(event)
        else:
            event = bets.raise_to(name, to, all_in)
        return self._paid(name, to - before, all_in, event)

    def _paid(self, name: str, paid: int, all_in: bool, event: Event) -> Event:
        """``paid`` chips off ``name``'s stack; the wager all-in if they were his last."""
        left = self.stacks.get(name)
        if left is not None:
            left -= paid
            self.stacks[name] = left
            if left == 0 and paid > 0 and not all_in:
                return as_all_in(event)
        return event

    # --- showdown, collects, summary --------------------------------------------------------------

    def showdown(self, text: str) -> None:
        """``*** SHOW DOWN ***`` and the hands shown under it."""
        self.hand.add(ShowdownStart())
        _, newline, lines = text.partition("\n")
        if newline:
            below(self.shows, lines)

    def shows(self, text: str) -> None:
        for line in text.split("\n"):
            name, _, rest = line.partition(" shows [")
            shown, _, description = rest.partition("]")
            show = Show(name, known_cards(shown), description.strip()[1:-1] or None)
            self.hand.reveal(show.player, show.cards)
            self.hand.add(show)

    def collects(self, text: str) -> None:
        for line in text.split("\n"):
            name, _, rest = line.rpartition(" collected ")
            amount, _, pot = rest.partition(" from ")
            pot = pot.removesuffix("(HI)").removesuffix("(LO)")
            if pot.startswith("side pot "):
                pot = f"side pot-{pot[len('side pot ') :]}"
            self.hand.add(Collect(name, self.money(amount), pot))

    def total_pot(self, text: str) -> None:
        """``Total pot X | Rake Y``, then the board (the deck ran out) and the seats'
        results."""
        text, newline, lines = text.partition("\n")
        self.total(text)
        if lines.startswith("Board: ["):
            board, newline, lines = lines.partition("\n")
            below(self.board, board)
            if newline:
                below(self.seat_results, lines, first=2)
        elif newline:
            below(self.seat_results, lines)

    def total(self, text: str) -> None:
        total, _, rake = text[len("Total pot ") :].partition(" | ")
        paid = self.money(rake[len("Rake ") :]) if rake.startswith("Rake ") else 0
        # the printed total is what was collected: after the rake, with the uncalled bets
        self.hand.add(Summary(self.money(total) + paid - sum(self.returned.values()), paid))

    def board(self, text: str) -> None:
        self.hand.board(known_cards(text[len("Board: [") : -1]))

    def seat_results(self, text: str) -> None:
        self.hand.seat_results(read_lines(self.seat_result, text))

    def seat_result(self, line: str) -> SeatResult:
        match = _SEAT_RESULT.fullmatch(line)
        if match is None:
            raise ValueError(f"unreadable summary line {line!r}")
        seat, name = int(match["seat"]), match["name"]
        if match["cards"]:
            return SeatResult(seat, name, "showed",
                              won=self.money(match["won"]) if match["won"] else None,
                              cards=known_cards(match["cards"]),
                              description=match["description"])
        if match["collected"]:
            return SeatResult(seat, name, "collected", won=self.money(match["collected"]))
        if match["street"]:
            return SeatResult(seat, name, "folded", street=_STREETS.get(match["street"]))
        return SeatResult(seat, name, "mucked")

    # --- the hand -------------------------------------------------------------------------------

    def build(self, source: Source) -> Hand:
        hand = self.hand
        hand.finish()  # fills hidden cards from the shown hands
        events = hand.events
        if hand.revealed:
            put_shown_deals(events, hand.revealed, self.banners,
                            hand.third_slots.keys() | hand.folded)
        take_from_wins(events, self.returned)
        in_hand = self.in_hand
        seats = tuple([s if s.player in in_hand else Seat(s.seat, s.player, s.stack, True)
                       for s in self.seats])
        return Hand(header=self.header(), seats=seats, events=tuple(events), source=source)

    def header(self) -> Header:
        f = self.fields
        small, big = self.stakes[-2], self.stakes[-1]
        table_id = _TOURNAMENT_TABLE.search(self.table)
        tournament_id = None
        if self.tournament:
            tournament_id = table_id["id"] if table_id else f["tournament"]
        return Header(
            site=SITE, hand_id=f["hand_id"] or "", game=_GAMES[f["game"] or "7stud"],
            small_bet=small, big_bet=big,
            started_at=clock.started_at(f["date"] or "", f["zone"] or "UTC"),
            table=self.table, limit=Limit.FIXED, ante=self.hand.ante,
            bring_in=self.hand.bring_in, currency=self.currency, play_money=self.play_money,
            max_seats=self.max_seats, tournament_id=tournament_id, level=f["level"],
            buy_in=_buy_in(f["buy_in"]), button_seat=self.button)


def _nothing(builder: WinamaxHand, text: str) -> None:
    """The header (read before the hand) and banners that say nothing more."""


def _ending(read: Callable[[WinamaxHand, str], None]) -> Callable[[WinamaxHand, str], None]:
    """``read``, after closing the betting (the first line after it)."""
    def reader(builder: WinamaxHand, text: str) -> None:
        builder.end_betting()
        read(builder, text)
    return reader


_READERS: dict[str, Callable[[WinamaxHand, str], None]] = {
    "HEADER": _nothing,
    "TABLE": WinamaxHand.table_line,
    "SEATS": WinamaxHand.seat_lines,
    "ANTES": WinamaxHand.antes,
    "THIRD": WinamaxHand.street,
    "FOURTH": WinamaxHand.street,
    "FIFTH": WinamaxHand.street,
    "SIXTH": WinamaxHand.street,
    "SEVENTH": WinamaxHand.street,
    "DEALS": WinamaxHand.deal_lines,
    "ACTIONS": WinamaxHand.actions,
    "SHOW_DOWN": _ending(WinamaxHand.showdown),
    "COLLECTS": _ending(WinamaxHand.collects),
    "SUMMARY": _ending(_nothing),
    "TOTAL_POT": WinamaxHand.total_pot,
}

WinamaxHand.readers = _READERS  # one look-up per line token

class WinamaxLines(SiteLines):
    """Rule names of ``winamax.lark`` (runs of lines and the rest, see ``SiteLines``)."""

    hand = SiteLines.flatten


@lru_cache(maxsize=2)
def parser(use_cython: bool | None = None) -> GrammarParser:
    """The Winamax parser (compiled once per process)."""
    return GrammarParser(SITE, WinamaxLines(), (), WinamaxHand, other_game, use_cython,
                         hand_rule="hand")


__all__ = ["SITE", "WinamaxHand", "cards", "other_game", "parser"]
